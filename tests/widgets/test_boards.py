"""The board drawers, on every step of every shipped walkthrough: SVG that scales, a text
alternative made from the engine, clickable places, and what each game shows; the views
only read (game code comes from the package face)."""
from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest

from tutor.core.walkthrough import by_id, library, replay
from widgets.games import drawer_for
from widgets.parts.drawing import FactsDrawer
from widgets.pages.lesson.steps import StepComposer

ROOT = Path(__file__).resolve().parents[2]
WALKS = sorted(library())


def view_box(board: str) -> tuple[float, ...]:
    """The viewBox of a board string.

    >>> from widgets.parts.svg import document
    >>> view_box(document(300, 150, [], label="x"))
    (0.0, 0.0, 300.0, 150.0)
    """
    return tuple(float(v) for v in re.search(
        r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"', board).groups())


def font_sizes(board: str) -> list[float]:
    """Every ``font-size`` a board uses, in its own units."""
    return [float(v) for v in re.findall(r'font-size="([\d.]+)"', board)]


def pixels(board: str, shown_width: float, size: float) -> float:
    """How many screen pixels a label of ``size`` units is when the board is ``shown_width``
    pixels wide.

    >>> from widgets.parts.svg import document
    >>> pixels(document(800, 800, [], label="x"), 640, 20)
    16.0
    """
    return size * shown_width / view_box(board)[2]


@cache
def replayed(wid):
    return replay(by_id(wid))


@cache
def composed(wid):
    walk = replayed(wid)
    composer = StepComposer(walk, drawer_for(walk.game.name)(walk.game))
    return [composer.view(i) for i in range(len(walk.frames))]


def test_every_game_has_its_own_drawer():
    for game in ("trapper", "canyon", "intrappola", "trigger"):
        assert drawer_for(game) is not FactsDrawer
    assert drawer_for("no-such-game") is FactsDrawer


@pytest.mark.parametrize("wid", WALKS)
def test_every_step_is_an_svg_that_scales_with_a_text_alternative(wid):
    views = composed(wid)
    walk = replayed(wid)
    for view, frame in zip(views, walk.frames):
        board = view.board
        assert board.startswith("<svg") and 'viewBox="' in board
        head = board[:board.index(">")]
        assert not re.search(r'\s(width|height)="', head), "no pixel size: the page scales it"
        assert 'role="img"' in head and 'aria-label="' in head and "<title>" in board
        assert view.alt.endswith(".") and len(view.alt) > 20
        assert re.search(r"data-target=", board), "every board has clickable places"
        if frame.refusal is not None:
            reason = frame.refusal.reason.rstrip(".")
            # its own sentence, with a capital ("... beige beige. een kleurenwissel ..." was read)
            assert view.alt.startswith("Refused:") and reason[:1].upper() + reason[1:] in view.alt
        elif frame.move_text:
            assert view.alt.startswith(f"Move: {frame.move_text}.")
            assert len(view.alt) > len(f"Move: {frame.move_text}.") + 10, \
                f"step {frame.index}: the alternative says what changed, not only the move"


@pytest.mark.parametrize("wid", WALKS)
def test_labels_are_big_enough_where_the_board_is_shown_at_its_smallest_on_a_laptop(wid):
    # at 1280 × 800 the page gives a board about 680 px of height, and at most 846 px of
    # width (the browser tests measure it); its smallest label is then 12 px or more (a word
    # only a folded board shows, on a phone, is not drawn there: tests/browser/test_phone*.py)
    for view in composed(wid):
        shown_wide = re.sub(r'<text[^>]*class="[^"]*fold-only[^"]*"[^>]*>[^<]*</text>', "", view.board)
        sizes = font_sizes(shown_wide)
        _, _, width, height = view_box(view.board)
        shown = min(680 * width / height, 846)
        assert pixels(view.board, shown, min(sizes)) >= 12, (min(sizes), width)


@pytest.mark.parametrize("wid", WALKS)
def test_a_phone_shows_every_board_whole_or_folded_with_its_words_12_px(wid):
    # on a phone (390 px wide: the board ~360 px) a board drawn whole has every word 12 px or
    # more (Trapper's tiles' words were ~7 px, Canyon's long river's ~5); one with parts
    # (``data-fold``) shows one part as wide as the screen: the words it draws only there are
    # 12 px or more (the browser tests measure the rest: tests/browser/test_phone*.py)
    for view in composed(wid):
        found = re.search(r'data-fold="([^"]+)"', view.board)
        if not found:
            width = view_box(view.board)[2]
            assert min(font_sizes(view.board)) * 360 / width >= 12, (min(font_sizes(view.board)), width)
            continue
        widest = max(float(box.split(",")[2]) for box in found.group(1).split())
        folded = re.findall(r'<text[^>]*font-size="([\d.]+)"[^>]*class="[^"]*fold-only', view.board)
        assert all(float(size) * 360 / widest >= 12 for size in folded), (folded, widest)


def test_game_code_is_imported_only_from_the_package_faces():
    """Decision 4: ``tutor.<game>`` and ``tutor.core``, never a game's submodule."""
    bad = []
    for path in (ROOT / "widgets").rglob("*.py"):
        for line in path.read_text().splitlines():
            found = re.match(r"\s*(?:from|import)\s+tutor\.(\w+)\.(\w+)", line)
            if found and found.group(1) != "core":
                bad.append(f"{path.relative_to(ROOT)}: {line.strip()}")
    assert not bad, bad


def test_no_view_imports_matplotlib_numpy_or_ipyevents():
    for path in (ROOT / "widgets").rglob("*.py"):
        text = path.read_text()
        for name in ("matplotlib", "numpy", "ipyevents"):
            assert not re.search(rf"^\s*(from|import)\s+{name}\b", text, re.M), (path, name)


def test_nothing_is_fetched_from_the_web():
    for path in (ROOT / "widgets" / "static").iterdir():
        assert not re.search(r"https?://|//cdn|@import|url\(http", path.read_text()), path


# ---- the defects found when the page was tried (issue 10.4) -----------------------------------
def test_trigger_chain_links_are_numbered_alike_in_titles_badges_and_banner():
    walk = replayed("trigger/chain-reaction")
    views = composed("trigger/chain-reaction")
    linked = [(f, v) for f, v in zip(walk.frames, views) if isinstance(getattr(f.view, "link", None), int)]
    assert len(linked) == 4
    for frame, view in linked:
        k = frame.view.link
        assert re.search(rf"\b[Ll]ink {k}\b", frame.title), frame.title
        assert view.board.count('class="tg-badge"') == k
        banner = re.search(r'<text x="([\d.]+)"[^>]*class="tg-banner">([^<]*)</text>', view.board)
        assert banner and f"link {k} of 8" in banner.group(2)
        # over the board of the side on turn (Anna's, the left one), not the other board
        assert float(banner.group(1)) < 700
    first = next(f for f in walk.frames if f.move_text == "bonus e1")
    assert "link" not in first.title.lower()  # single bonuses are not numbered as links


def _attrs(markup: str, cls: str) -> list[dict[str, str]]:
    """The attributes of every element of class ``cls`` (the first class named)."""
    found = []
    for tag in re.findall(rf'<\w+[^>]*class="{cls}[" ][^>]*>', markup):
        found.append(dict(re.findall(r'([\w-]+)="([^"]*)"', tag)))
    return found


def test_trigger_legend_keys_every_band_and_ring_in_the_colour_the_board_draws():
    walk = replayed("trigger/chain-reaction")
    drawer = drawer_for("trigger")(walk.game)
    legend = drawer.legend(walk.frames[2])
    keyed = dict(re.findall(r'data-legend="([\w-]+)"><span class="tg-key[^"]*" style="--key:(#\w+)"',
                            legend))
    assert {"tg-bonus", "tg-chain", "tg-hint"} <= set(keyed)
    malus = replayed("trigger/malus")
    hinted = [v.board for f, v in zip(malus.frames, composed("trigger/malus"))
              if getattr(f.view, "lines", ())]
    assert hinted and all(a["stroke"] == keyed["tg-hint"]
                          for board in hinted for a in _attrs(board, "tg-hint"))
    assert any(_attrs(board, "tg-hint") for board in hinted)


def test_trigger_legend_says_the_tile_set_is_ours_in_the_page_language():
    """The legend's note on the tile set (a reconstruction) was English on every page."""
    from tutor.core.i18n import using

    walk = replayed("trigger/chain-reaction")
    drawer = drawer_for("trigger")(walk.game)
    said = {}
    for lang in ("en", "nl", "it"):
        with using(lang):
            notes = re.findall(r'<div data-note="tiles"><i>([^<]+)</i>', drawer.legend(walk.frames[0]))
        assert len(notes) == 1, lang
        said[lang] = html.unescape(notes[0])
    assert len(set(said.values())) == 3, said
    assert "12" in said["nl"] and "44" in said["nl"] and "12" in said["it"] and "44" in said["it"]


def test_trigger_the_roll_shown_is_what_the_engine_allows():
    walk, views = replayed("trigger/doubles"), composed("trigger/doubles")
    shown = 0
    for frame, view in zip(walk.frames, views):
        for roll in _attrs(view.board, "tg-roll"):
            a, b = map(int, roll["data-dice"].split())
            assert int(roll["data-allowance"]) == walk.game.facts(frame.state)["roll"]
            assert int(roll["data-allowance"]) == frame.state.setup.allowance((a, b))
            shown += 1
    assert shown


def test_canyon_a_push_into_the_cave_draws_its_path():
    walk = replayed("canyon/current-push")
    views = composed("canyon/current-push")
    index = next(i for i, f in enumerate(walk.frames) if f.move_text == "Anne: drift")
    board = views[index].board
    assert board.count('class="cy-push"') == 2  # Herman pushed on, Carl into the cave
    assert 'class="cy-path"' in board


def test_canyon_the_tempo_and_tricks_that_changed_are_marked():
    for wid in ("canyon/tempo", "canyon/trick"):
        walk, views = replayed(wid), composed(wid)
        marked = [i for i, v in enumerate(views) if "cy-changed" in v.panel]
        changed = [i for i, f in enumerate(walk.frames) if f.before is not None and f.refusal is None
                   and any(walk.game.facts(f.before)[k] != walk.game.facts(f.state)[k]
                           for k in walk.game.facts(f.state) if k.startswith(("tempo_cards.", "tricks.")))]
        assert changed and marked == changed


def test_canyon_canoes_get_labels_that_tell_them_apart():
    from widgets.games.canyon import canoe_labels
    assert canoe_labels(["You", "Computer 1", "Computer 2", "Computer 3"]) == ["1", "2", "3", "4"]
    assert canoe_labels(["Anna", "Ben", "Cleo"]) == ["A", "B", "C"]


def test_trapper_tactical_auction_is_drawn_step_by_step():
    walk = replayed("trapper/tactical-auction")
    views = composed("trapper/tactical-auction")
    for i in range(1, len(views)):
        if walk.frames[i].refusal is None:
            assert views[i].board != views[i - 1].board, f"step {i} looks like step {i - 1}"
        deciding = walk.game.facts(walk.frames[i].state)["to move"]
        marked = re.findall(r'data-player="([^"]*)" data-deciding="true"', views[i].panel)
        assert marked == ([] if deciding == "over" else [deciding]), i


def test_intrappola_es4_knowledge_switch_follows_the_step_and_the_learner():
    from tutor.intrappola import card_name, whereabouts
    walk = replayed("intrappola/es4-pair-missed")
    drawer = drawer_for("intrappola")(walk.game)
    composer = StepComposer(walk, drawer)
    hinted = composer.view(2)  # the step asks for Anna's knowledge: the engine's whereabouts
    known = whereabouts(walk.frames[2].state, 0)
    shown = {a["data-place"]: a["data-where"] for a in _attrs(hinted.board, "it-where")}
    assert hinted.switches[0].value == "Anna" and "theirs" in shown.values()
    assert shown == {card_name(c, walk.frames[2].state.pictures): w.where for c, w in known.items()}
    assert composer.view(1).switches[0].value == "" and not _attrs(composer.view(1).board, "it-where")
    drawer.setting["overlay"] = ""  # the learner switches it off on step 2: it goes off
    composer.forget()
    assert composer.view(2).switches[0].value == "" and not _attrs(composer.view(2).board, "it-where")
    drawer.setting["overlay"] = "Bruno"
    composer.forget()
    assert composer.view(1).switches[0].value == "Bruno"


def test_intrappola_es4_narration_agrees_with_the_panel():
    walk = replayed("intrappola/es4-pair-missed")
    frame = walk.frames[1]
    assert walk.game.facts(frame.state)["hand.Anna"] == "5 8 10"
    assert "is empty for the moment" not in frame.narration
    assert "holds 5, 8 and 10 again" in " ".join(frame.narration.split())


def test_plurals_and_no_glued_words_in_the_panels():
    for wid in WALKS:
        for view in composed(wid):
            text = re.sub(r"<[^>]+>", " ", view.panel + view.alt)
            assert not re.search(r"\b1 (points|coins|cards|tricks|tiles|moves)\b", text), (wid, text)
            assert not re.search(r"\)\d", text), (wid, text)


def test_the_numbering_hint_says_step_not_move():
    from widgets.parts.words import page_texts
    texts = " ".join(page_texts().values())
    assert "k-th step" in texts and "k-th move" not in texts


def _banner_lines(board: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r'class="tg-banner"[^>]*>([^<]*)</text>', board)]


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_trigger_banner_says_who_throws_the_dice_and_for_whom(lang):
    """Issue 23.4: 'Opening roll: lowest starts' read as 'the lowest turns tiles first'. The
    opening banner says the lowest throws first, for the opponent; once the opening roll is
    made, the engine's thrower and player are named, the thrower first, over the thrower's
    board."""
    from tutor.core.i18n import using
    from tutor.core.walkthrough import Frame
    from tutor.trigger import GAME

    drawer = drawer_for("trigger")(GAME)
    start = GAME.initial_state({}, seed=1)
    after = GAME.apply(start, GAME.parse_move(start, "open 5 2"))  # Ben rolled lowest
    with using(lang):
        opening = _banner_lines(drawer.board(Frame(0, start, "", ())))
        rolled = drawer.board(Frame(1, after, "", (), before=start))
        thrower = _banner_lines(rolled)
    english = {"en": "lowest", "nl": "laagste", "it": "basso"}[lang]  # the rule's own word
    assert len(opening) == 2 and english in opening[0], opening
    assert len(thrower) == 1 and thrower[0].index("Ben") < thrower[0].index("Anna"), thrower
    # over Ben's board (the right one): the thrower's
    x = float(re.search(r'<text x="([\d.]+)"[^>]*class="tg-banner"', rolled).group(1))
    assert x > 700


def test_trapper_s_tile_words_keep_off_a_water_bar_at_the_tile_s_side():
    """On a phone "kruid" and "nerts" touched the water bar on their tile's left or right
    side: the words were centred on the tile, bar or not. They are now centred in the room
    the bar leaves (a bar above or below moves nothing)."""
    import re

    from tutor.core.walkthrough import Frame
    from tutor.trapper import GAME
    from widgets.games.trapper import TrapperDrawer, U

    state = GAME.initial_state({"players": 2}, 3)
    board = TrapperDrawer(GAME).board(Frame(0, state, "", ()))
    shifts = {}
    for group in re.findall(r"<g[^>]*>.*?</g>", board, re.S):
        water = 'class="tt-water"' in group
        words = re.findall(r'<text x="([\d.]+)"[^>]*class="tt-fold-only"', group)
        tile = re.search(r'<rect x="([\d.]+)"', group)
        if not (water and words and tile):
            continue
        bar = re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="([\d.]+)"'
                        r'[^>]*class="tt-water"', group)
        left, width, height = (float(v) for v in bar.groups())
        centre = float(tile.group(1)) - 4 + U / 2
        side = "N/S" if width > height else "W" if left - float(tile.group(1)) < 1 else "E"
        shifts.setdefault(side, set()).add(round(float(words[0]) - centre, 1))
    assert shifts.get("N/S") == {0.0} and shifts.get("W") == {6.5} and shifts.get("E") == {-6.5}, shifts
