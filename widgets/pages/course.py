"""The index page as a course: the games as sections in the order a learner should take them,
each with a line saying what it teaches, its walkthroughs in the rulebook's teaching order
(each with a small picture of its first position, drawn by the game's board drawer), the
free-play game last, and the contents at the top. Links look like links.

Notebooks are found by looking (``<game>-<stem>.ipynb`` for the walkthrough ``<game>/<stem>``,
``<game>-play.ipynb`` for free play): adding one never means editing this file. A walkthrough
file that cannot be read is still listed, by its id, rather than breaking the index.

>>> [game for game, _ in COURSE][:2]
['trapper', 'intrappola']
"""
from __future__ import annotations

import html
import re
import tomllib
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

import traitlets

from tutor.core import registry
from tutor.core.errors import MalformedInput
from tutor.core.i18n import N_, current, localize, walkthrough_text
from tutor.core.walkthrough import Frame, library, load

from widgets.games import drawer_for
from widgets.parts import mastery
from widgets.parts.messages import COURSE as COURSE_MESSAGES, Mastery
from widgets.parts.texts import T
from widgets.parts.view import View
from widgets.parts.words import words

#: The games in the order a learner should take them, and what each teaches.
COURSE = (
    ("trapper", N_("Take loot tiles with the four trappers, fill canoes and sell them: your "
                   "first tile game, turn by turn.")),
    ("intrappola", N_("Set traps around the empty places of a picture and guess the card your "
                      "opponent holds: a short card game of memory and chance.")),
    ("trigger", N_("Roll the dice, turn tiles face down, and set off bonus chain reactions "
                   "before your opponent does.")),
    ("canyon", N_("Bid your tricks exactly, then paddle your canoe down the river - mind the "
                  "current and the waterfall.")),
)


def notebooks_folder() -> Path:
    """The notebooks folder: beside the ``widgets`` package in the repository, else the
    folder the kernel runs in (Voila and JupyterLab start it in the notebook's folder)."""
    beside = Path(__file__).resolve().parents[2] / "notebooks"
    return beside if beside.is_dir() else Path.cwd()


def game_order() -> list[str]:
    """Every registered game: the course's games first, in its order, then any others."""
    known = [name for name, _ in COURSE if name in registry.names()]
    return known + [n for n in registry.names() if n not in known]


def walkthrough_links(folder: Path | None = None) -> list[tuple[str, str, str, str]]:
    """(game title, walkthrough title, summary, notebook file name) of every walkthrough app,
    by game in the course's order, then in each game's teaching order."""
    return [(title, name, summary, notebook)
            for _, title, name, summary, notebook, _ in _lessons(folder)]


def _lessons(folder: Path | None = None):
    folder = folder or notebooks_folder()
    found = []
    order = {name: i for i, name in enumerate(game_order())}
    for wid, path in library().items():
        notebook = f"{wid.replace('/', '-')}.ipynb"
        if not (folder / notebook).is_file():
            continue
        game_name = wid.split("/")[0]
        game = registry.get(game_name)
        try:
            walk = localize(_loaded(path))
            title, summary, place = walk.title, walk.summary, walk.order
        except MalformedInput:
            walk, title, summary, place = None, wid, "", 10_000
        found.append(((order.get(game_name, 99), place, wid),
                      (game_name, game.title, title, summary, notebook, walk)))
    return [item for _, item in sorted(found, key=lambda pair: pair[0])]


def next_link(wid: str, folder: Path | None = None) -> dict:
    """The lesson after ``wid`` in the course's order, as ``{"title", "href", "lesson",
    "source"}`` (its id and English title); empty after the last lesson; ``{"unlisted": True}``
    for a walkthrough the course does not list (one being written, an author's own: the lesson
    page then does not call it the last lesson of its game).

    Read from the files alone (each walkthrough's ``title`` and ``order``): a lesson's
    kernel does not import the other games for it.

    >>> following = next_link("trapper/setup")
    >>> following["href"].startswith("trapper-"), next_link("no/such")
    (True, {'unlisted': True})
    """
    folder = folder or notebooks_folder()
    game_name = wid.split("/")[0]
    names = [name for name, _ in COURSE]
    if game_name not in names:
        names.append(game_name)
    found = []
    for rank, name in enumerate(names):
        walks = registry.package_folder(name)
        for path in sorted(walks.glob("walkthroughs/*.toml")) if walks is not None else ():
            lesson, notebook = f"{name}/{path.stem}", f"{name}-{path.stem}.ipynb"
            if not (folder / notebook).is_file() and lesson != wid:
                continue
            data = _head(path)
            place = data.get("order") if isinstance(data.get("order"), int) else 1000
            found.append(((rank, place, lesson), notebook, str(data.get("title") or lesson)))
    found.sort()
    ids = [lesson for (_, _, lesson), _, _ in found]
    if wid not in ids:
        from widgets.pages.lesson.view import UNLISTED
        return UNLISTED.copy()
    if wid == ids[-1]:
        return {}
    (_, _, lesson), notebook, title = found[ids.index(wid) + 1]
    # its id and English title too: a page whose language changes says the title again
    return {"title": walkthrough_text(lesson, title), "href": quote(notebook), "lesson": lesson,
            "source": title}


def _head(path: Path) -> dict:
    """A walkthrough file's top-level keys (its title and order), read without its steps: the
    text before its first table, else the whole file ({} when unreadable). A lesson's page
    asks for every walkthrough's when it opens (:func:`next_link`): the whole files took
    ~0.1 s of the kernel's time a page.

    >>> _head(registry.package_folder("trapper") / "walkthroughs" / "setup.toml")["order"]
    1
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    # top-level keys come before any table in TOML; a cut inside a string fails to parse
    for cut in [m.start() for m in _TABLE.finditer(text)] + [len(text)]:
        try:
            return tomllib.loads(text[:cut])
        except tomllib.TOMLDecodeError:
            continue
    return {}


_TABLE = re.compile(r"^\[", re.MULTILINE)
_PAGE = re.compile(r"([a-z0-9][a-z0-9_-]*)\.(?:ipynb|html)")


def page_target(page: str, folder: Path | None = None) -> tuple[str, str] | None:
    """What the course's page ``page`` shows, read from its name as the course names its
    notebooks: ``("course", "")`` for ``index.ipynb``, ``("play", game)``, ``("drills", game)``,
    ``("lesson", "<game>/<stem>")``; None for a page that is none of these or whose notebook is
    not in ``folder``. Voici serves ``NAME.ipynb`` as ``NAME.html``: both name the notebook.
    Nothing is imported to answer (a lesson's kernel does not load the other games for it).

    >>> page_target("trapper-green-turn.ipynb"), page_target("canyon-play.html")
    (('lesson', 'trapper/green-turn'), ('play', 'canyon'))
    >>> page_target("index.ipynb"), page_target("../secret.ipynb"), page_target("chess-play.ipynb")
    (('course', ''), None, None)
    """
    found = _PAGE.fullmatch(page)
    if found is None or not ((folder or notebooks_folder()) / f"{found[1]}.ipynb").is_file():
        return None
    stem = found[1]
    if stem == "index":
        return ("course", "")
    if stem in ("author", "yours"):  # widgets/pages/author: writing a lesson, the authors' own
        return (stem, "")
    game, _, rest = stem.partition("-")
    games = registry.package_folder(game.replace("-", "_"))
    if not rest or games is None:
        return None
    if rest in ("play", "drills"):
        return (rest, game)
    return ("lesson", f"{game}/{rest}") if (games / "walkthroughs" / f"{rest}.toml").is_file() else None


def play_links(folder: Path | None = None, kind: str = "play") -> list[tuple[str, str]]:
    """(game title, notebook file name) of every free-play app ``<game>-play.ipynb`` (of
    every ``<game>-<kind>.ipynb``)."""
    folder = folder or notebooks_folder()
    return [(registry.get(name).title, f"{name}-{kind}.ipynb") for name in game_order()
            if (folder / f"{name}-{kind}.ipynb").is_file()]


def drill_links(folder: Path | None = None) -> list[tuple[str, str]]:
    """(game title, notebook file name) of every practice-drills app ``<game>-drills.ipynb``."""
    return play_links(folder, "drills")


_HIT = re.compile(r'<rect [^>]*data-target="[^"]*"[^>]*/>')
_TITLE = re.compile(r"<title>.*?</title>", re.S)
_TEXT = re.compile(r"<text\b[^>]*>.*?</text>", re.S)


def _stamp(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _loaded(path: Path):
    """A walkthrough file read (:func:`tutor.core.walkthrough.load`), kept while the file is
    unchanged: the course page reads every lesson, in every language it is drawn in."""
    key = (path, _stamp(path))
    if key not in _LOADED:
        _LOADED[key] = load(path)
    return _LOADED[key]


_LOADED: dict = {}
_THUMBNAILS: dict = {}
_LABEL = re.compile(r' (?:aria-label|data-fold[a-z-]*)="[^"]*"')  # words, and a lesson board's folding


def prepare(folder: Path | None = None) -> None:
    """The course page's heavy work done ahead (every lesson read, every picture drawn, the
    games' modules imported): called before the page's request, which a preheated kernel
    waits for, it leaves ~0.1 s of the kernel's time to the reader."""
    course_html(folder)


def thumbnail(walk) -> str:
    """A small picture of a walkthrough's first position (decorative: the link says it all;
    its words are left out, so it is the same in every language and drawn once)."""
    if walk is None:
        return ""
    key = (walk.game, walk.id, walk.position, walk.seed, repr(walk.options), repr(walk.intro_view))
    if key not in _THUMBNAILS:
        _THUMBNAILS[key] = _thumbnail(walk)
    return _THUMBNAILS[key]


def _thumbnail(walk) -> str:
    game = registry.get(walk.game)
    try:
        state = (game.parse_position(walk.position, walk.options, walk.seed)
                 if walk.position is not None else game.initial_state(walk.options, walk.seed))
    except MalformedInput:
        return ""
    board = drawer_for(walk.game)(game).board(Frame(0, state, "", (), view=walk.intro_view))
    # hidden from screen readers, and no tooltips: no words, of any language
    board = _LABEL.sub("", _TEXT.sub("", _TITLE.sub("", _HIT.sub("", board))))
    return board.replace('role="img"', 'aria-hidden="true" focusable="false"', 1)


def language_bar(asked=None, title: str | None = None, intro: str | None = None,
                 keep: str = "") -> str:
    """The index's header: the language menu (links: the index keeps nothing a reload would
    lose; ``keep``: a query the links keep before ``lang=``, already quoted), the one-line
    notice of an unknown ``?lang=``, the title and what the course is (another page's
    ``title``, its ``intro`` or none: "")."""
    from widgets.serving.language import links

    items = "".join(
        f'<li><a href="{html.escape(keep_query(href, keep))}" hreflang="{code}" lang="{code}"'
        + (' aria-current="true"' if on else "") + f">{html.escape(label)}</a></li>"
        for code, label, href, on in links())
    notice = (f'<p class="tc-notice" role="status">{html.escape(asked.lang_message)}</p>'
              if asked is not None and asked.lang_message else "")
    if intro is None:
        intro = T._("Learn the rules of a board game step by step: pick a walkthrough, then step "
                    "through it with Next and Back (or the ← → keys).")
    said = f'<p class="tc-intro">{html.escape(intro)}</p>' if intro else ""
    return (f'<header class="tc-head"><nav class="tc-languages" aria-label="{html.escape(T._("Language"))}">'
            f"<ul>{items}</ul></nav>{notice}<h1>{html.escape(title or T._('Rules Tutor'))}</h1>"
            f"{said}</header>")


def keep_query(href: str, keep: str) -> str:
    """A language link ``?lang=xx`` that keeps ``keep`` too (``lesson=name``).

    >>> keep_query("?lang=nl", "lesson=my%20walk"), keep_query("?lang=nl", "")
    ('?lesson=my%20walk&lang=nl', '?lang=nl')
    """
    return f"?{keep}&{href[1:]}" if keep and href.startswith("?") else href


def course_html(folder: Path | None = None, asked=None) -> str:
    """The course page as HTML (its look: ``widgets/static/course.css``), in the current
    language; its links carry ``?lang=`` when the page's address named the language
    (``asked``, a :class:`widgets.serving.params.Request`)."""
    from widgets.serving.language import with_lang

    folder = folder or notebooks_folder()
    lessons = _lessons(folder)
    plays, practice = dict(play_links(folder)), dict(drill_links(folder))
    learn = dict(COURSE)
    sections, contents = [], []
    for game_name in game_order():
        mine = [lesson for lesson in lessons if lesson[0] == game_name]
        game = registry.get(game_name)
        play, drills = plays.get(game.title), practice.get(game.title)
        if not mine and not play and not drills:
            continue
        anchor = f"course-{game_name}"
        contents.append(f'<li><a href="#{anchor}">{html.escape(game.title)}</a> '
                        f'<span class="tc-count">({html.escape(T.n_("{n} lesson", "{n} lessons", len(mine)))})</span></li>')
        items = []
        for number, (_, _, title, summary, notebook, walk) in enumerate(mine, start=1):
            wid = f"{game_name}/{notebook[len(game_name) + 1:-len('.ipynb')]}"
            items.append(
                f'<li class="tc-item"><a class="tc-lesson" href="{html.escape(with_lang(quote(notebook), asked))}" '
                f'data-lesson="{html.escape(wid)}">'
                f'<span class="tc-thumb">{thumbnail(walk)}</span>'
                f'<span class="tc-text"><span class="tc-name">{number}. {html.escape(title)}</span>'
                + (f'<span class="tc-summary">{html.escape(summary)}</span>' if summary else "")
                + '<span class="tc-progress"></span></span></a></li>')
        what = learn.get(game_name, "")
        sections.append(
            f'<section class="tc-game" id="{anchor}" aria-labelledby="{anchor}-h">'
            f'<h2 id="{anchor}-h">{html.escape(game.title)}</h2>'
            + (f'<p class="tc-learn"><b>{html.escape(T._("What you learn:"))}</b> '
               f"{html.escape(T._(what))}</p>" if what else "")
            + (f'<ol class="tc-lessons">{"".join(items)}</ol>' if items else "")
            + (f'<p class="tc-drills"><a href="{html.escape(with_lang(quote(drills), asked))}">'
               f'{html.escape(T._("Practise: endless questions on {game} positions", game=game.title))}'
               "</a></p>" if drills else "")
            + (f'<p class="tc-play"><a href="{html.escape(with_lang(quote(play), asked))}">'
               f'{html.escape(T._("Then play a whole game of {game} against the computer", game=game.title))}'
               "</a></p>" if play else "")
            + rule_map_html(game_name, mine, asked)
            + "</section>")
    bar = language_bar(asked)
    if not sections:
        return (f"<div class=\"tutor-course\">{bar}<main class=\"tc-main\"><p>"
                f"{html.escape(T._('No walkthrough app is installed yet.'))}</p></main></div>")
    from widgets.pages.author.yours import your_lessons, yours_html
    from widgets.pages.lesson.teach import join_form

    # the authors' own lessons come after every game: the contents name them too, so an author
    # coming back reaches them from the top (by keys as well) without scrolling the course
    yours = your_lessons()
    contents.append(f'<li class="tc-contents-yours"><a href="#course-yours">'
                    f'{html.escape(T._("Your lessons"))}</a>'
                    + (f' <span class="tc-count">({html.escape(T.n_("{n} lesson", "{n} lessons", len(yours)))})'
                       "</span>" if yours else "") + "</li>")
    nav = (f'<nav class="tc-contents" aria-label="{html.escape(T._("Contents"))}">'
           f'<h2>{html.escape(T._("Contents"))}</h2><ol>{"".join(contents)}</ol></nav>')
    # every part inside a landmark (a header, the main part): a screen reader's list of
    # landmarks reaches all of it (axe's "region")
    return (f'<div class="tutor-course">{bar}<main class="tc-main">{join_form(current())}{nav}'
            f'{record_html()}{"".join(sections)}{yours_html(asked, found=yours)}</main></div>')


class CoursePage(View):
    """The course view: its HTML (``value``) drawn by ``widgets/static/course.js``, which adds
    the learner's progress kept in the browser (lessons finished, try-it and question scores)
    beside each lesson. Not an HTML output (outputs get ``target="_blank"`` on their links):
    relative links open in the same tab in Voila and in JupyterLab, and in Voila the app opens
    their view in place."""

    kind = traitlets.Unicode("course").tag(sync=True)
    MESSAGES = COURSE_MESSAGES
    value = traitlets.Unicode("").tag(sync=True)
    FRAMED = False  # the course page's HTML is its own (value)
    lang = traitlets.Unicode("").tag(sync=True)
    #: each rule's level and the count per game from evidence sent to the kernel
    #: (:func:`mastery_data`, the reference: the page works them out itself with ``levels``)
    mastery = traitlets.Dict().tag(sync=True)
    #: what the page needs to show the levels itself: the words of the levels, each game's
    #: rules and its count line (see :func:`levels_words`); no learner's data
    levels = traitlets.Dict().tag(sync=True)

    def act(self, message: object) -> None:
        if isinstance(message, Mastery):
            self.mastery = mastery_data(message.evidence, datetime.now(timezone.utc))


def course_page(folder: Path | None = None, asked=None) -> CoursePage:
    """The course view (see :class:`CoursePage`) in the current language; ``asked`` (a
    :class:`widgets.serving.params.Request`) gives its language menu's notice and the links'
    ``?lang=``."""
    page = CoursePage(value=course_html(folder, asked), texts=words("course"), lang=current(),
                      levels=levels_words())
    return page


def show_first_paint(page: CoursePage) -> bool:
    """In Voila, the course page's first paint (:func:`widgets.parts.firstpaint.course_preview_html`)
    as a plain HTML output before the app: the course ~0.1 s after the link was followed, its
    links working, instead of a spinner until Voila's scripts have drawn the app; whether one
    was shown. The notebook's first view only (a course opened in place has its page)."""
    from widgets.parts.env import where

    if where() != "voila":
        return False
    from IPython.display import HTML, display

    from widgets.parts.firstpaint import course_preview_html

    display(HTML(course_preview_html(page.value, page.texts, page.levels, page.lang)),
            metadata={"tutor-preview": True})
    return True


# ---- the rule map: every rule of each game, its level in this browser's record -------------------
def count_line(game_title: str, counted: dict[str, int]) -> str:
    """"Trapper: 14 of 31 rules known, 3 due"."""
    return T.n_("{game}: {known} of {n} rule known, {due} due",
                "{game}: {known} of {n} rules known, {due} due", counted["total"],
                game=game_title, known=counted["known"], due=counted["due"])


def levels_words() -> dict:
    """What the course page's script needs to show each rule's level from the record it keeps
    (``levels.js``), in the current language: the levels' words, each game's rule ids and its
    count line with ``{known}`` and ``{due}`` where the page puts its counts."""
    found = [registry.get(name) for name in game_order()]
    return {**mastery.level_words(), "rules": {game.name: list(game.rules) for game in found},
            "counts": {game.name: count_line(game.title, {"total": len(game.rules),
                                                          "known": "{known}", "due": "{due}"})
                       for game in found}}


def mastery_data(evidence: object, now: datetime, games: list[str] | None = None) -> dict:
    """Each rule's level and its words, and the count line per game, from the evidence as
    the browser keeps it (:func:`widgets.parts.mastery.read_record`), at ``now``."""
    names = games if games is not None else game_order()
    rules = {name: list(registry.get(name).rules) for name in names}
    found = mastery.states(mastery.read_record(evidence, [r for ids in rules.values() for r in ids]),
                           now)
    data: dict = {"rules": {}, "counts": {}}
    for name, ids in rules.items():
        for rule in ids:
            state = mastery.state_of(found, rule)
            data["rules"][rule] = {"level": state.level, "label": mastery.level_label(state, now),
                                   "due": state.as_json(now)["due"]}
        data["counts"][name] = count_line(registry.get(name).title, mastery.tally(ids, found))
    return data


def rule_map_html(game_name: str, lessons: list, asked=None) -> str:
    """A game's rule map: every rule of its ``rules.toml`` in the current language, each
    linking to the first lesson step that shows it (``?step=``), its level (``data-level``:
    not seen until the page's record says otherwise), the count line above."""
    from widgets.serving.language import with_lang

    game = registry.get(game_name)
    walks = [walk for *_, walk in lessons if walk is not None]
    notebooks = {walk.id: notebook for _, _, _, _, notebook, walk in lessons if walk is not None}
    steps = mastery.rule_steps(walks)
    items = []
    for rule_id, rule in game.rules.items():
        title = html.escape(rule.title)
        where = steps.get(rule_id)
        if where is not None:
            href = with_lang(f"{quote(notebooks[where[0]])}?step={where[1]}", asked)
            name = f'<a href="{html.escape(href)}">{title}</a>'
        else:
            name = f'<span class="tc-rule-name">{title}</span>'
        items.append(f'<li class="tc-rule" data-rule="{html.escape(rule_id)}" data-level="not-seen">'
                     f'{name} <span class="tc-level">{html.escape(T._(mastery.LEVEL_WORDS["not-seen"]))}</span></li>')
    count = count_line(game.title, mastery.tally(game.rules, {}))
    return (f'<details class="tc-rules" data-game="{html.escape(game_name)}"><summary>'
            f'<span class="tc-rules-title">{html.escape(T._("The rules, and what you know of each"))}</span> '
            f'<span class="tc-rule-count" data-game="{html.escape(game_name)}">{html.escape(count)}</span>'
            f'</summary><ol class="tc-rule-map">{"".join(items)}</ol></details>')


def record_html() -> str:
    """Where the learner's record is kept, and its controls (course.js makes them work):
    forget it, save it to a file, read a file back."""
    texts = words("course")
    return (f'<section class="tc-record" aria-labelledby="tc-record-h">'
            f'<h2 id="tc-record-h">{html.escape(texts["record_title"])}</h2>'
            f'<p>{html.escape(texts["record_where"])}</p><p class="tc-record-controls">'
            f'<button type="button" class="tc-forget">{html.escape(texts["forget"])}</button> '
            f'<a class="tc-save-record" href="#" download="rules-tutor-record.json">'
            f'{html.escape(texts["save_record"])}</a> '
            # the browser's own file control speaks the browser's language ("Choose file", "No
            # file chosen"): it is hidden under a label that looks like a button and speaks the
            # page's, and stays the one that is focused, named by the label and described by
            # the page's own "no file chosen" (then the file's name: course.js)
            f'<label class="tc-read-record"><input type="file" class="tc-file-input" '
            f'accept="application/json,.json" aria-describedby="tc-file-name">'
            f'<span class="tc-file-button">{html.escape(texts["read_record"])}</span></label> '
            f'<span class="tc-file-name" id="tc-file-name" data-chosen="false">'
            f'{html.escape(texts["no_file"])}</span></p>'
            f'<p class="tc-record-said" role="status"></p></section>')


# ---- "Your lessons" (yours.ipynb) without a lesson to show ---------------------------------------
def yours_page(query: str, asked=None, folder: Path | None = None) -> CoursePage:
    """The page ``yours.ipynb`` shows when its address names none of the lessons of the
    server's lessons folder (:mod:`widgets.pages.author.yours`), in the current language:
    what there is (no lessons of one's own yet; the lessons of the folder, to pick from; the
    lesson asked for is not there) and how to make one ("Write a lesson", and for whoever runs
    the server, the lessons folder). Drawn as the course page is (``course.js``); its
    ``data-yours`` says which case it is: ``none`` (no lessons folder), ``empty``, ``list``,
    ``missing`` (a ``?lesson=`` the folder lacks)."""
    from urllib.parse import parse_qs

    from widgets.pages.author.view import lessons_folder
    from widgets.pages.author.yours import your_lessons
    from widgets.serving.language import with_lang

    folder = folder if folder is not None else lessons_folder()
    asked_name = (parse_qs(query or "").get("lesson") or [""])[0][:80]
    found = your_lessons(folder) if folder is not None else []
    esc = html.escape
    items = []
    for name, walk in found:
        if isinstance(walk, str):  # a file that cannot be read: named, with its problem
            items.append(f'<li class="tc-item tc-yours-bad" data-yours="{esc(name)}">'
                         f"{esc(name)}: {esc(walk)}</li>")
            continue
        game = registry.get(walk.game).title if walk.game in registry.names() else walk.game
        href = with_lang(f"yours.ipynb?lesson={quote(name)}", asked)
        items.append(f'<li class="tc-item" data-yours="{esc(name)}"><a class="tc-lesson" '
                     f'href="{esc(href)}"><span class="tc-text"><span class="tc-name">'
                     f'{esc(walk.title)}</span><span class="tc-summary">{esc(game)}</span>'
                     "</span></a></li>")
    if asked_name:
        state = "missing"
        said = (T._("There is no lesson “{name}” in this server's lessons folder.", name=asked_name)
                if folder is not None else
                T._("This server keeps no lessons folder, so it has no lesson “{name}”.",
                    name=asked_name))
    elif folder is None:
        state, said = "none", T._("There are no lessons of your own on this server yet.")
    elif not found:
        state, said = "empty", T._("There are no lessons of your own in this server's lessons "
                                   "folder yet.")
    else:
        state, said = "list", ""
    pick = (f'<p class="tc-yours-pick">{esc(T._("Pick one of your lessons:"))}</p>'
            f'<ol class="tc-lessons">{"".join(items)}</ol>' if items else "")
    write = (f'<p class="tc-author"><a href="{esc(with_lang("author.ipynb", asked))}">'
             f'{esc(T._("Write a lesson by playing it"))}</a></p>')
    if folder is not None:
        how = T._("The lessons saved on that page are kept in this server's lessons folder and "
                  "listed here.")
    else:
        # TRANSLATORS: in a command to type, where the name of a folder goes
        command = f"python3 run.py app --lessons {T._('FOLDER')}"
        how = T._("On that page a lesson is saved as a file you download. For lessons kept on "
                  "the server and listed here, whoever runs the server starts it with a lessons "
                  "folder:")
        how = f'{esc(how)}</p><p class="tc-yours-command"><code>{esc(command)}</code>'
    how = f'<p class="tc-yours-how">{how if folder is None else esc(how)}</p>'
    home = (f'<p class="tc-home"><a class="tp-home" href="{esc(with_lang("index.ipynb", asked))}">'
            f'← {esc(T._("All lessons"))}</a></p>')
    # (the language links keep the lesson asked for)
    bar = language_bar(asked, T._("Your lessons"), "",
                       f"lesson={quote(asked_name)}" if asked_name else "")
    value = (f'<div class="tutor-course tc-yours-page" data-yours="{state}">{bar}'
             f'<main class="tc-main">{home}'
             + (f'<p class="tc-yours-said tutor-message" role="status">{esc(said)}</p>' if said else "")
             + f"{pick}{write}{how}</main></div>")
    return CoursePage(value=value, texts=words("course"), lang=current(), levels={})
