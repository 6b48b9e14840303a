"""An examiner's reading of Trigger's Dutch and Italian: where a translation said something else
than the English or left the rulebook's words, the catalog entry is read beside the replayed
fact it must agree with."""
from __future__ import annotations

from tutor.core import registry
from tutor.core.i18n import localize, using
from tutor.core.walkthrough import by_id, replay

GAME = registry.get("trigger")
#: the Dutch rulebook's words for the return round's layout (8. DE WINNAAR, seed 004 line 59:
#: "met de plaatjes geschikt op dezelfde manier")
SAME_LAYOUT = "op dezelfde manier geschikt"


def test_round_end_return_round_keeps_the_layout_in_the_book_s_words():
    """round-end, step 6: "A match has two rounds on the same layout" - every tile back in its
    own compartment (the replayed boards). The Dutch said "met dezelfde plaatjes" (with the same
    tiles), which the swap of boards does not make true of a layout; the rulebook (and the
    rule trigger.end.return in Dutch) says the tiles are arranged the same way."""
    frames = replay(by_id("trigger/round-end")).frames
    before, after = frames[0].state, frames[6].state
    assert after.round == 2
    # the players swapped boards, each tile face up again in its own compartment
    assert after.boards[0].values == before.boards[1].values
    assert after.boards[1].values == before.boards[0].values
    assert not any(after.boards[0].down) and not any(after.boards[1].down)
    with using("nl"):
        step = localize(by_id("trigger/round-end")).steps[5].narration
        rule = GAME.rules["trigger.end.return"].text  # the rule in the current language
    assert SAME_LAYOUT in rule, rule
    assert SAME_LAYOUT in step, step


#: the Dutch rulebook's words for the solo replay's layout (SPEL VOOR 1 SPELER, seed 004 line
#: 71: "zonder de plaatjes van plaats te veranderen op het speelbord")
TILES_NOT_MOVED = "zonder de plaatjes van plaats te veranderen"


def test_solo_summary_replays_the_layout_in_the_book_s_words():
    """solo, summary: "so the same layout can be played again with the same rolls" - the
    replay sets every tile up in its own compartment again (the replayed board). The Dutch said
    "zodat dezelfde plaatjes opnieuw gespeeld kunnen worden" (the same tiles), not the layout;
    the rulebook (and the rule trigger.solo.replay in Dutch) says the tiles are not moved."""
    frames = replay(by_id("trigger/solo")).frames
    start, again = frames[0].state, frames[7].state  # step 7: 'replay'
    assert again.round == 2
    assert again.boards[0] == start.boards[0]  # every tile in its place, face up or down as set
    with using("nl"):
        summary = localize(by_id("trigger/solo")).summary
        rule = GAME.rules["trigger.solo.replay"].text
    assert TILES_NOT_MOVED in rule, rule
    assert TILES_NOT_MOVED in summary, summary


def test_the_solo_replay_rule_s_title_keeps_the_layout_as_its_text_does():
    """The rule's title in Dutch said "zelfde plaatjes" (the same tiles), beside its own text
    and the English title ("same layout"): the tiles are the board's own either way; what the
    replay keeps is where each one lies."""
    frames = replay(by_id("trigger/solo")).frames
    assert frames[7].state.boards[0] == frames[0].state.boards[0]  # each tile where it lay
    with using("nl"):
        title = GAME.rules["trigger.solo.replay"].title
    assert "dezelfde plaats" in title, title
