"""Canyon's long river drawn whole at a laptop (1280 × 800) and a projector (1024 × 768): every
word on it at least 12 px, as the phones' boards are (``test_phone_boards.py``). Its words were
drawn for the phone's stretches: whole, the river's 2964 units shown ~855 px wide at the laptop
and ~644 px at the projector, the cave's name (squeezed into its field) was 10 px at the laptop
and 7.5 px at the projector, the field names, the canoes' initials and a refusal's ✖ 9.6 px.

Measured as ``test_phone.py`` measures (font size × the picture's scale × a squeezed line's
squeeze): on the pages (a lesson's refused move and free play, in English, Dutch and Italian,
switched in place) and, at the width those pages give the board, every step of every lesson on
the long river and free-play positions, drawn without a server.
"""
from __future__ import annotations

import functools

import pytest

from .stepping import BOARD_SVG
from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)
from .test_phone import WORDS_JS, open_at, switch_language
from .test_phone_boards import LAPTOP, PROJECTOR

pytestmark = pytest.mark.browser

#: the board's width (px) the pages give the long river, whole: no narrower (checked on the
#: pages below), so the boards drawn at it are as the pages show them
BOARD_WIDTH = {LAPTOP: 850, PROJECTOR: 640}
#: the lessons on the long river (the others' small maps are drawn ~400 px for 564 units)
LONG = ("movement-points", "round-counter", "setup", "tempo", "the-end", "trick")


@pytest.mark.parametrize("size", [LAPTOP, PROJECTOR], ids=["laptop", "projector"])
def test_every_word_of_canyon_s_river_is_12_px_on_the_pages(page, voila, size):  # noqa: F811
    small, seen = [], []
    for notebook, query in (("canyon-movement-points.ipynb", "step=3"), ("canyon-play.ipynb", "")):
        open_at(page, voila, notebook, "&".join(q for q in ("lang=en", query) if q), size=size)
        for lang in ("en", "nl", "it"):
            if lang != "en":
                switch_language(page, lang, size)
            found = page.evaluate(WORDS_JS, BOARD_SVG)
            assert found["words"] and not found["folded"], (notebook, lang)
            if query:  # the refused move's ✖ is measured too
                assert any(w[1] == "✖" for w in found["words"]), (notebook, lang)
            assert found["width"] >= BOARD_WIDTH[size], (notebook, lang, found["width"])
            seen.append((notebook, lang, round(found["words"][0][0], 1)))
            small += [(notebook, lang, round(w[0], 1), w[1], w[2]) for w in found["words"]
                      if w[0] < 11.95]
        assert not page.script_errors, page.script_errors
    assert not small, f"words under 12 px at {size}: {small[:8]} (smallest: {seen})"


@functools.cache
def boards(lang: str) -> list[tuple[str, str]]:
    """(where, board) of every step of the long river's lessons, and of free play's positions
    (3 to 6 canoes, played by the computer a while), in ``lang`` (made once for both sizes)."""
    from tutor.canyon import GAME
    from tutor.core.i18n import using
    from tutor.core.walkthrough import Frame, by_id, replay
    from widgets.games import drawer_for
    from widgets.games.canyon import CanyonPlay
    from widgets.pages.lesson.steps import StepComposer

    found = []
    with using(lang):
        for lesson in LONG:
            walk = replay(by_id(f"canyon/{lesson}"))
            composer = StepComposer(walk, drawer_for("canyon")(walk.game))
            found += [(f"{lesson} step {i}", composer.view(i).board)
                      for i in range(len(walk.frames))]
        drawer = drawer_for("canyon")(GAME)
        for count in range(3, 7):
            play = CanyonPlay(count, seats=("computer",) * count, seed=count)
            for turn in range(40):
                if turn % 8 == 0:
                    found.append((f"free play, {count} canoes, turn {turn}",
                                  drawer.board(Frame(0, play.state, "", ()))))
                if play.over or not play.step():
                    break
    return found


@pytest.mark.parametrize("size", [LAPTOP, PROJECTOR], ids=["laptop", "projector"])
@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_every_word_of_every_long_river_step_is_12_px_drawn_whole(page, size, lang):  # noqa: F811
    drawn = boards(lang)
    css = open("widgets/static/page.css", encoding="utf-8").read()  # the folded-only words hidden
    page.set_content(f"<style>{css}</style>" + "".join(
        f'<div style="width:{BOARD_WIDTH[size]}px">'
        + board.replace("<svg ", f'<svg id="w{k}" style="width:100%;display:block" ', 1)
        + "</div>" for k, (_, board) in enumerate(drawn)))
    every = page.evaluate(f"(selectors) => selectors.map({WORDS_JS})",
                          [f"#w{k}" for k in range(len(drawn))])
    small = [(where, round(w[0], 2), w[1], w[2]) for (where, _), found in zip(drawn, every)
             for w in found["words"] if w[0] < 11.95]
    assert len(drawn) > 40 and all(found["words"] for found in every)
    assert any("✖" in w[1] for found in every for w in found["words"]), "no refusal measured"
    assert not small, f"words under 12 px at {size} in {lang}: {small[:8]}"


def test_a_card_of_the_hand_clicked_in_the_players_panel_is_the_learner_s_move(page, voila):  # noqa: F811
    """A try-it step of a card played to the trick (a phone, in Italian): the prompt offers a
    click on the card in the hand; a click on a card that does not follow the suit led is
    refused by its rule, a click on the one that does is the book's move."""
    from .test_phone import PHONE

    open_at(page, voila, "canyon-trick.ipynb", "lang=it&step=4", size=PHONE)
    live = ".tp-page:not(.tp-first) "
    cards = page.eval_on_selector_all(live + ".tp-panel [data-target]",
                                      "els => els.map(e => e.getAttribute('data-target'))")
    assert cards == ["card:blue:3", "card:red:5"], cards  # Marc's hand only
    page.click(live + '.tp-panel [data-target="card:red:5"]')
    page.wait_for_selector(live + '.tp-feedback [data-rule="canyon.trick.follow"]', timeout=30_000)
    page.click(live + '.tp-panel [data-target="card:blue:3"]')
    page.wait_for_selector(live + '.tp-feedback [data-verdict="book"]', timeout=30_000)
    assert not page.script_errors, page.script_errors


def test_a_presented_trick_shows_every_card_of_the_hands_under_the_river(page, voila):  # noqa: F811
    """A projector (1024 × 768) presenting Canyon's trick in Italian: the players' table under
    the river was 606 px in a 556 px column, so the hand of the player asked to play (Marc's
    blue 3 and red 5, the cards a click plays) ran past its edge, out of sight; the hands wrap in
    their column now, and every cell of the table is inside it, in each language."""
    from .test_phone_drills import PANEL_CUT_JS

    open_at(page, voila, "canyon-trick.ipynb", "lang=it&step=4&present=1", size=PROJECTOR)
    for lang in ("it", "nl", "en"):
        if lang != "it":
            switch_language(page, lang, PROJECTOR)
        assert page.locator(".tp-page:not(.tp-first) .tp-panel-box [data-target]").count() >= 2, lang
        cut = page.evaluate(PANEL_CUT_JS)
        assert not cut, f"{lang}: the players' table runs past its column: {cut}"
    assert not page.script_errors, page.script_errors
