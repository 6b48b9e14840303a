"""The pages' language (issue 13): the request chooses it, the kernel speaks it, the menu
changes it in place; the interface's own words are Dutch and Italian, a missing text is
English (logged once). No browser: the page models are built and read in Python."""
from __future__ import annotations

import html
import logging
import re
from pathlib import Path

import pytest

from tutor.core import i18n
from tutor.core.i18n import LANGUAGES, SHIPPED, SOURCE, current, set_language, using
from tutor.core.walkthrough import by_id, library, replay
from widgets import app
from widgets.serving import params
from widgets.parts.words import session_texts as keepalive_texts
from widgets.serving.language import menu, switch, with_lang
from widgets.parts.words import page_texts
from widgets.parts.words import play_texts

#: English words of the interface (buttons, headings, labels, the step line): none of them
#: may show on a Dutch or Italian page. Game words (trapper, bonus, tempo, malus) are left
#: out: the rulebooks use them too; so are words Dutch or Italian share (server, computer).
UI_WORDS = (
    "Back", "Next", "Restart", "Last step", "Steps", "Step", "Present", "presenter", "lessons",
    "Rules in", "marks", "Players", "Loading", "Keys", "Board", "controls", "Language",
    "setup", "Undo", "New game", "Seed", "Save", "Load", "Download", "Saved game", "Moves so far",
    "Choose", "Seats", "Your move", "type a move", "Reload", "session", "incomplete",
    "Refused", "Move", "Our reading", "Rulebook", "Contents", "What you learn", "play a whole",
    "translated", "English",
)
_WORD = {w: re.compile(rf"\b{re.escape(w)}\b") for w in UI_WORDS}


def english_words(text: str) -> list[str]:
    """The UI's English words in ``text``; rule ids (``intrappola.setup``, stable identifiers the
    page shows in code type beside a rule's title) are not words of a language."""
    text = re.sub(r'<code class="tp-rule-id">[^<]*</code>', " ", text)
    plain = re.sub(r"<[^>]+>", " ", text)
    return [w for w, pattern in _WORD.items() if pattern.search(plain)]


@pytest.fixture(autouse=True)
def english_again(monkeypatch):
    """Each test starts and ends in English with no request read yet."""
    monkeypatch.setattr(params, "_received", None)
    for name in ("QUERY_STRING", "HTTP_ACCEPT_LANGUAGE", "VOILA_PREHEAT", "VOILA_KERNEL_ID"):
        monkeypatch.delenv(name, raising=False)
    yield
    set_language(SOURCE)


def ask(monkeypatch, query: str = "", accept: str = "") -> None:
    monkeypatch.setattr(params, "_received", None)
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", accept)


def test_the_english_word_list_finds_the_english_interface():
    """The check below could fail: in English every interface part shows words of the list."""
    with using("en"):
        assert english_words(" ".join(page_texts().values()))
        assert english_words(" ".join(play_texts().values()))


# ---- the interface's words in Dutch and Italian ---------------------------------------------
@pytest.mark.parametrize("lang", ["nl", "it"])
def test_the_interface_parts_show_no_english_word(lang):
    with using(lang):
        parts = {
            "lesson page": " | ".join(page_texts().values()),
            "free play": " | ".join(play_texts().values()),
            "keep-alive": " | ".join(keepalive_texts().values()),
            "menu": " | ".join(f"{i['label']} {i['note']}" for i in menu() if i["code"] == lang),
            "step messages": params.parse_step("-3", last=4).message
            + params.parse_step("x", last=4).message + params.parse_step("9", last=4).message,
        }
    found = {part: english_words(text) for part, text in parts.items()}
    assert not any(found.values()), f"English words on the {lang} interface: {found}"


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_every_interface_text_is_translated(lang):
    """No text of the page shell is the English one (but names and symbols)."""
    with using("en"):
        english = {**page_texts(), **play_texts(), **keepalive_texts()}
    with using(lang):
        local = {**page_texts(), **play_texts(), **keepalive_texts()}
    same = [key for key in english if english[key] == local[key]]
    assert not same, f"{lang}: untranslated {same}"


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_lesson_page_in_dutch_or_italian_has_its_interface_in_that_language(monkeypatch, lang):
    ask(monkeypatch, f"lang={lang}&step=1")
    page = app.walkthrough_app("trapper/green-turn").view
    assert page.lang == lang and current() == lang and page.notice == ""
    shown = page.initial["1"]
    assert shown["label"] == {"nl": "Stap 1 van 7", "it": "Passo 1 di 7"}[lang]
    rules_heads = re.findall(r'class="tp-(?:refused|source)"[^>]*>([^<]*)', shown["rules"]
                             + shown["move"] + shown["narration"])
    assert not english_words(" ".join([shown["label"], *rules_heads, *page.texts.values()]))


@pytest.mark.parametrize("lang, plural", [("nl", "lessen"), ("it", "lezioni")])
def test_the_index_speaks_the_language_and_its_links_keep_it(monkeypatch, lang, plural):
    ask(monkeypatch, f"lang={lang}")
    index = app.walkthrough_index().view.value
    assert f"5 {plural}" in index or f"{plural})" in index
    assert 'href="trapper-green-turn.ipynb?lang=' + lang + '"' in index
    assert f'hreflang="{lang}" lang="{lang}" aria-current="true"' in index
    heads = re.findall(r"<h1>([^<]*)</h1>|<h2>([^<]*)</h2>|<b>([^<]*)</b>", index)
    assert not english_words(" ".join("".join(h) for h in heads))


def test_links_carry_the_language_only_when_the_address_named_it():
    asked = params.parse_request("lang=it")
    assert with_lang("a.ipynb", asked) == "a.ipynb?lang=it"
    assert with_lang("a.ipynb?x=1", asked) == "a.ipynb?x=1&lang=it"
    assert with_lang("a.ipynb", params.parse_request("", accept_language="it")) == "a.ipynb"


# ---- choosing: the address, the browser, a wrong ?lang= -------------------------------------
def test_the_browsers_language_is_the_default(monkeypatch):
    ask(monkeypatch, "step=2", accept="it-IT,it;q=0.9,en;q=0.5")
    page = app.walkthrough_app("trapper/green-turn").view
    assert (page.lang, page.index, page.texts["next"]) == ("it", 2, "Avanti")


@pytest.mark.parametrize("accept, lang, words", [
    ("", "en", "is not available"), ("nl", "nl", "is niet beschikbaar"),
])
def test_an_unknown_lang_gives_a_one_line_notice_not_an_error(monkeypatch, accept, lang, words):
    ask(monkeypatch, "lang=xx%3Cscript%3E&step=1", accept=accept)
    box = app.walkthrough_app("trapper/green-turn")
    page = box.view
    assert page.lang == lang and page.index == 1
    assert words in page.notice and "xxscript" in page.notice, page.notice
    assert "\n" not in page.notice and "<" not in page.notice and len(page.notice) < 200
    for free in (app.play_app("trapper").view,):
        assert free.lang == lang and free.notice == page.notice


def test_a_preheated_kernel_makes_its_page_in_the_language_asked_later(monkeypatch):
    """Under --preheat the app is built before its page asks (in English); the request comes
    through wait_for_request, and the page is made again in its language."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    heard = []

    def arrives(timeout=None):
        heard.append(current())  # still English: the notebook ran ahead
        monkeypatch.setenv("QUERY_STRING", "lang=nl&step=3")
        return {"QUERY_STRING": "lang=nl&step=3"}

    monkeypatch.setattr(params, "wait_for_request", arrives)
    page = app.walkthrough_app("trapper/green-turn").view
    assert heard == ["en"]
    assert (page.lang, page.index, page.texts["back"]) == ("nl", 3, "Terug")
    assert page.initial["3"]["label"] == "Stap 3 van 7"


# ---- the menu: in place, the step and the position kept ---------------------------------------
def test_the_menu_lists_every_language_in_its_own_name():
    items = menu("it")
    assert [i["code"] for i in items] == list(LANGUAGES)
    assert [i["name"] for i in items] == ["English", "Nederlands", "Italiano"]
    assert [i["current"] for i in items] == [False, False, True]
    for item in items:
        assert (item["note"] == "") == (item["code"] in SHIPPED)
    assert switch("fr") is None and switch(["nl"]) is None and current() == SOURCE


def test_the_lesson_menu_changes_the_language_in_place_at_the_same_step(monkeypatch):
    ask(monkeypatch, "step=4")
    box = app.walkthrough_app("trapper/green-turn")
    page, alive = box.view, box.alive
    sent = []
    monkeypatch.setattr(page, "send", lambda content, buffers=None: sent.append(content))
    page.handle({"type": "lang", "lang": "nl"})
    assert (page.lang, page.index, page.lesson.index) == ("nl", 4, 4)
    assert page.texts["next"] == "Volgende" and page.initial["4"]["label"] == "Stap 4 van 7"
    assert sorted(int(i) for i in page.initial) == [3, 4, 5, 6]
    assert alive.texts["reload"] == "De pagina opnieuw laden"
    page.handle({"type": "lang", "lang": "klingon"})  # ignored: nothing changes
    assert page.lang == "nl" and page.texts["next"] == "Volgende"
    page.handle({"type": "go", "index": 5, "seq": "p:1"})  # the page moves on in Dutch
    steps = [m for m in sent if m["type"] == "steps"]
    assert page.lesson.index == 5 and steps and steps[-1]["steps"][0]["label"].startswith("Stap")


def test_the_free_play_menu_keeps_the_game_as_it_stands(monkeypatch):
    ask(monkeypatch, "lang=it")
    page = app.play_app("trapper", seats=["person", "person"]).view
    assert page.texts["undo"] == "↶ Annulla"
    page.handle({"type": "move", "index": 0})
    moves, save = len(page.play.match.moves), page.play.save()
    page.handle({"type": "lang", "lang": "nl"})
    assert page.lang == "nl" and page.texts["new"] == "Nieuw spel"
    assert page.title == "Trapper: speel een heel spel"
    assert len(page.play.match.moves) == moves == 1 and page.play.save() == save
    assert "aan zet" in page.scene["status"]
    # the moves so far are told again in the new language (the Italian line stayed once)
    play = page.play
    assert page.scene["log"] == play.log and len(play.log) == 1
    assert play.log == [play.describe(*step) for step in
                        zip(play.match.states, play.match.moves, play.match.states[1:])]
    with using("it"):
        italian = play.describe(play.match.states[0], play.match.moves[0], play.match.states[1])
    assert play.log[0] != italian
    page.handle({"type": "undo"})
    assert page.play.message == "Teruggenomen: groen: neem d6.", page.play.message


# ---- a missing text: English, logged once -----------------------------------------------------
def test_a_missing_text_falls_back_to_english_logged_once(caplog):
    i18n.reload()
    T = i18n.translator("widgets", localedir=app.T.localedir)
    caplog.set_level(logging.WARNING, logger="tutor.i18n")
    with using("nl"):
        first = T._("A text no catalog has yet: {n} of them", n=3)
        again = T._("A text no catalog has yet: {n} of them", n=4)
        known = T._("Next")
    assert (first, again, known) == ("A text no catalog has yet: 3 of them",
                                     "A text no catalog has yet: 4 of them", "Volgende")
    said = [r for r in caplog.records if "A text no catalog has yet" in r.getMessage()]
    assert len(said) == 1
    assert ("widgets", "nl", None, "A text no catalog has yet: {n} of them") in i18n.fallbacks()


def test_texts_written_inside_f_strings_reach_the_catalogs():
    """Babel's extractor missed ``f"{T._('Refused:')}"`` on Python 3.11: never translated."""
    from i18nbuild.catalogs import domains, extract

    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in extract(domains()["widgets"])}
    assert {"Refused:", "Move:", "Our reading", "Contents", "{n} lesson"} <= ids
    with using("it"):
        from widgets.parts.html import move_html
        assert "Mossa:" in move_html("green: take d3")


# ---- issue 13.5: every walkthrough's first and last step in every shipped language --------------
WALKS = sorted(library())


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("wid", WALKS)
def test_first_and_last_step_speak_the_shipped_language(wid, lang):
    """Step 1 and the last step in ``lang``: the rule titles in that language, and (for a
    language other than English) no English interface word anywhere the learner reads.
    Runs for each language in SHIPPED: nl and it join as soon as their catalogs are complete."""
    from widgets.games import drawer_for
    from widgets.pages.lesson.steps import StepComposer

    with using(lang):
        replayed = replay(i18n.localize(by_id(wid)))
        composer = StepComposer(replayed, drawer_for(replayed.game.name)(replayed.game))
        last = len(replayed.frames) - 1
        checked = 0
        for index in sorted({min(1, last), last}):
            shown = composer.view(index).data()
            frame = replayed.frames[index]
            for rule_id in frame.rule_ids:
                if rule_id in replayed.game.rules:
                    title = replayed.game.rules[rule_id].title
                    assert html.escape(title) in shown["rules"], (wid, index, rule_id)
                    if lang != SOURCE:
                        with using(SOURCE):
                            english = replayed.game.rules[rule_id].title
                        assert title != english, f"{wid}: rule {rule_id} untranslated in {lang}"
                    checked += 1
            if lang != SOURCE:
                read = " ".join(str(shown[k]) for k in ("label", "title", "move", "narration",
                                                       "rules", "panel", "legend", "said"))
                assert not english_words(read), (wid, index, english_words(read))
    assert checked, f"{wid}: step 1 and the last step name no rule"


def test_the_drills_menu_keeps_the_question_and_the_score(monkeypatch):
    ask(monkeypatch, "lang=nl")
    page = app.drills_app("trapper", seed=7).view
    assert page.lang == "nl" and page.texts["next"] == "Volgende"
    page.handle({"type": "choose", "index": 0})
    page.handle({"type": "next"})
    number, score = page.question["number"], page.run.score()
    same = (page.run.drill.kind, page.run.drill.answer, len(page.run.drill.options),
            page.run.drill.state)
    page.handle({"type": "lang", "lang": "it"})
    assert page.lang == "it" and page.question["label"] == f"Domanda {number}"
    assert page.run.number == number and page.run.score() == score
    # the same question (the same seed), made again in the new language
    assert (page.run.drill.kind, page.run.drill.answer, len(page.run.drill.options),
            page.run.drill.state) == same


def test_a_lesson_with_try_it_steps_switches_language_and_keeps_the_step(monkeypatch):
    ask(monkeypatch, "step=2")
    page = app.walkthrough_app("trapper/green-turn").view
    page.handle({"type": "lang", "lang": "it"})
    assert page.lang == "it" and page.lesson.index == page.index == 2 and not hasattr(page, "steps")
    assert page.learning.lesson is page.lesson


# ---- the games' own words: no English tile, colour or move word on a Dutch or Italian page -----
def _game_words(game: str, lang: str) -> tuple[str, ...]:
    """The English one-word texts of a game's catalog that ``lang`` says otherwise ("bear",
    "blue", "play", "drift"), less the words that are also words of ``lang`` (Dutch "elk" is
    "each"): read from the catalogs, so a new word of the game is checked as soon as it is
    translated."""
    from babel.messages.pofile import read_po

    base = Path(__file__).resolve().parents[2]
    english, theirs = set(), set()
    for path in (base / "tutor" / game / "locale" / lang / "LC_MESSAGES").glob("*.po"):
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            theirs.update(w.lower() for s in strings if s
                          for w in re.findall(r"\w+", re.sub(r"\{\w+\}", " ", s)))
            if (isinstance(message.id, str) and re.fullmatch(r"[a-z]{3,}", message.id)
                    and strings[0] and strings[0].lower() != message.id):
                english.add(message.id)
    return tuple(sorted(english - theirs))


def _plain(part: str) -> str:
    part = re.sub(r'<code class="tp-rule-id">[^<]*</code>', " ", part)
    part = re.sub(r'\s(?:id|class|data-[\w-]+|href|fill|stroke|style)="[^"]*"', " ", part)
    return html.unescape(re.sub(r"<[^>]+>", " ", part))


@pytest.mark.parametrize("lang", [lang for lang in SHIPPED if lang != SOURCE])
@pytest.mark.parametrize("game", ["trapper", "canyon", "intrappola", "trigger"])
def test_every_step_shows_the_games_words_in_the_language(game, lang):
    """Every step of every walkthrough of a game: the board, its text alternative, the panel,
    the legend and the move show no English word of the game (tile, colour, move word) that
    the catalogs translate. Once the tiles, the cards, the move texts and the refusals'
    parameters were English on Dutch and Italian pages."""
    from widgets.games import drawer_for
    from widgets.pages.lesson.steps import StepComposer

    words = _game_words(game, lang)
    assert len(words) >= 3, words  # the check checks something
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b")
    found = []
    with using(lang):
        for wid in (w for w in WALKS if w.startswith(game + "/")):
            replayed = replay(i18n.localize(by_id(wid)))
            composer = StepComposer(replayed, drawer_for(game)(replayed.game))
            for index in range(len(replayed.frames)):
                shown = composer.view(index).data()
                for key in ("board", "alt", "panel", "legend", "move", "title", "narration",
                            "rules"):
                    hit = pattern.search(_plain(str(shown[key])))
                    if hit:
                        found.append(f"{wid} step {index} {key}: {hit.group(0)!r} in "
                                     f"…{_plain(str(shown[key]))[max(0, hit.start() - 40):hit.end() + 40]}…")
    assert not found, "\n".join(found[:12])


@pytest.mark.parametrize("lang", SHIPPED)
def test_a_rules_source_line_does_not_say_rulebook_twice(lang):
    """The Italian rule cards read "Regolamento: Regolamento olandese …" (and the Dutch
    "Spelregels: Spelregels, …"): the label names the book, the section only where in it."""
    from tutor.core import registry
    from widgets.parts.html import rule_html

    with using(lang):
        for name, game in registry.games().items():
            for rule in game.rules.values():
                found = re.search(r'class="tp-source" data-section="([^"]*)" data-book="[a-z]*">'
                                  r'(.*?)</div>', rule_html(rule))
                section, line = html.unescape(found[1]), html.unescape(found[2])
                label = line.removesuffix(section).strip()
                assert line.endswith(section) and label.endswith(":"), f"{name} {rule.id}: {line}"
                assert section.split()[0].lower().strip(",:") != label.split()[-1].lower().strip(":"), \
                    f"{name} {rule.id} in {lang}: {line}"
