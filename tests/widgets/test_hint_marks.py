"""The coach's hint drawn on the board (issue 32.5): the places the hinted move is clicked on
are marked as a step's marks are (``data-mark``, the ``data-target`` of the place framed), in
all four games; the marks go with the hint (a move, undo), stay while the person chooses
towards a move, and never mark what the person cannot see."""
from __future__ import annotations

import re

import pytest

from tutor.canyon import Launch, Paddle
from tutor.core import registry
from tutor.intrappola import Trap, card_name
from tutor.trapper import Take, square_name
from tutor.trigger import Bonus, Flip, Malus, Star, board_of, cell_name

from widgets.games import kit_for
from widgets.games.intrappola import InTrappolaPlay
from widgets.games.session import PlaySession

MARK = re.compile(r'<rect [^>]*data-mark="([^"]*)"')
TARGET = re.compile(r'data-target="([^"]*)"')


def marks(session) -> list[str]:
    return MARK.findall(session.scene["board"])


def expected(name: str, state, move) -> set[str]:
    """The places a learner clicks for ``move``, from the move's own fields."""
    if name == "trapper":
        assert isinstance(move, Take)
        return {square_name(state.trappers[move.colour]), square_name(move.square)}
    if name == "intrappola":
        assert isinstance(move, Trap)
        return {card_name(c, state.pictures) for c in (*move.prey, *move.cards)}
    if name == "trigger":
        if isinstance(move, Flip):
            return {f"{state.label(state.side)}:{cell_name(c)}" for c in move.cells}
        assert isinstance(move, (Bonus, Star, Malus))
        return {f"{state.label(board_of(state, move))}:{cell_name(move.cell)}"}
    assert isinstance(move, (Launch, Paddle))
    return {state.board.field_name(move.dock if isinstance(move, Launch) else move.end)}


def started(name: str, seed: int):
    game = registry.get(name)
    kit = kit_for(game)
    play = kit.new_play()
    computer = next(iter(play.computers))
    play.new_game(None, ["person"] + [computer] * (len(play.seats) - 1), seed)
    play.advance()
    return play, PlaySession(play, kit.drawer(game), kit.extras(), pace=0)


@pytest.mark.parametrize("name", ["trapper", "intrappola", "trigger", "canyon"])
@pytest.mark.parametrize("seed", [0, 3])
def test_the_hinted_move_s_places_are_marked_on_the_board_and_go_with_the_hint(name, seed):
    play, session = started(name, seed)
    assert marks(session) == []  # no hint, no mark
    before = play.state
    hint = play.hint()
    assert hint is not None
    board = session.scene["board"]
    marked = marks(session)
    assert marked and set(marked) == expected(name, before, hint.move)
    assert set(marked) <= set(TARGET.findall(board))  # each one a place the board shows
    # the hinted move played: the hint and its marks go
    session.handle({"type": "typed", "text": play.game.move_text(before, hint.move)})
    assert play.hinted is None and len(play.match.moves) > 0
    assert marks(session) == []
    # undo: back to the decision; a hint again, then undo: the marks go
    session.handle({"type": "undo"})
    session.handle({"type": "hint"})
    assert marks(session)
    session.handle({"type": "undo"})
    assert marks(session) == []
    session.close()


def test_the_marks_stay_while_the_person_chooses_the_trapper_then_go_with_the_move():
    play, session = started("trapper", 0)
    before = play.state
    hint = play.hint()
    trapper = square_name(play.state.trappers[hint.move.colour])
    session.handle({"type": "click", "target": trapper})  # the trapper chosen, no move yet
    assert play.selected == hint.move.colour and play.state is before
    assert trapper in marks(session) and square_name(hint.move.square) in marks(session)
    session.close()


def test_a_flip_s_tile_stays_marked_while_it_is_chosen_then_goes_with_the_flip():
    play, session = started("trigger", 0)
    hint = play.hint()
    assert isinstance(hint.move, Flip)  # the engine turns tiles one at a time
    side = play.state.label(play.state.side)
    tile = f"{side}:{cell_name(hint.move.cells[0])}"
    before = play.state
    session.handle({"type": "click", "target": tile})  # chosen for the flip, not flipped yet
    assert play.selected == list(hint.move.cells) and play.state is before
    assert marks(session) == [tile]
    session.handle({"type": "action", "id": "flip"})
    assert play.hinted is None and marks(session) == []
    session.close()


class Peeking(InTrappolaPlay):
    """A click logic that would mark the places of the other hand's cards (hidden)."""

    def targets_of(self, state, move, names):
        other = 1 - state.turn
        hidden = {card_name(c, state.pictures) for c in state.hands[other]}
        return [n for n in names if n in hidden] + super().targets_of(state, move, names)


def test_what_the_person_cannot_see_is_not_marked():
    play = Peeking(seed=3)
    kit = kit_for(play.game)
    session = PlaySession(play, kit.drawer(play.game), kit.extras(), pace=0)
    play.advance()
    before = play.state
    hint = play.hint()
    other = {card_name(c, before.pictures) for c in before.hands[1 - before.turn]}
    wanted = expected("intrappola", before, hint.move)
    assert other - wanted  # the peeking click logic names hidden places the move does not use
    assert set(marks(session)) == wanted
    session.close()


def test_canyon_s_hint_in_the_tricks_marks_the_card_to_play_in_the_hand():
    """In Canyon's tricks the hinted move is a card of the hand: it is marked in the players'
    panel (``data-mark``, as the board's marks), the one card, and goes with the hint."""
    from tutor.canyon import GAME, Play
    from tutor.core.walkthrough import by_id, replay
    from widgets.games.canyon import card_target

    state = replay(by_id("canyon/trick")).frames[4].before
    kit = kit_for(GAME)
    play = kit.new_play()
    play.start_at(state, ["person"] * len(state.players))
    session = PlaySession(play, kit.drawer(GAME), kit.extras(), pace=0)
    card_mark = re.compile(r'<span class="cy-card"[^>]*data-mark="([^"]*)"')
    assert card_mark.findall(session.scene["panel"]) == []
    hint = play.hint()
    assert hint is not None and isinstance(hint.move, Play)
    assert card_mark.findall(session.scene["panel"]) == [card_target(hint.move.card)]
    assert marks(session) == []  # no field of the river
    session.handle({"type": "typed", "text": GAME.move_text(state, hint.move)})
    assert card_mark.findall(session.scene["panel"]) == []
    session.close()


def test_intrappola_s_discard_is_a_click_on_the_hand_s_card_and_the_hint_marks_it():
    """No trap can be laid: the hunter's cards are click targets of the players' panel (the
    other hand's are not), a click puts that card under the deck; the coach's hint marks the
    card it would discard (``data-mark``)."""
    from tutor.intrappola import GAME, Discard
    from tutor.core.walkthrough import by_id, replay
    from widgets.games.intrappola import discard_target

    state = replay(by_id("intrappola/turn-c-discard")).frames[3].before
    kit = kit_for(GAME)
    play = kit.new_play()
    play.start_at(state, ["person", "person"])
    session = PlaySession(play, kit.drawer(GAME), kit.extras(), pace=0)
    hunter = state.turn
    assert session.panel_places == [discard_target(c, state.pictures) for c in sorted(state.hands[hunter])]
    chip_mark = re.compile(r'<span class="it-card"[^>]*data-mark="([^"]*)"')
    hint = play.hint()
    assert hint is not None and isinstance(hint.move, Discard)
    assert chip_mark.findall(session.scene["panel"]) == [discard_target(hint.move.card, state.pictures)]
    other = next(c for c in state.hands[hunter] if c != hint.move.card)
    play.click(discard_target(other, state.pictures))
    assert play.match.moves == [Discard(other)]
    assert chip_mark.findall(session.scene["panel"]) == []
    session.close()


def test_intrappola_a_click_where_the_hunter_s_card_goes_lays_the_trap_or_offers_those():
    """Only a click on the prey laid a trap: a learner who clicked place 9, where the card
    of "play 9 prey 13" goes, was told there is no move there. A click on an empty place that
    is no trap's prey offers the traps that put a card of the hand on it."""
    from tutor.intrappola import GAME, Trap

    state = GAME.parse_position("table: 2 3 8 14 16\nhand Anna: 1 9 11\nhand Bruno: 5 6 13\n"
                                "deck: 4 7 10 12 15\nturn: Anna")
    kit = kit_for(GAME)
    play = kit.new_play()
    play.start_at(state, ["person", "person"])
    session = PlaySession(play, kit.drawer(GAME), kit.extras(), pace=0)
    assert {"9", "11", "13"} <= set(session.places)
    play.click("11")  # two traps put 11 down: the choice is offered, nothing is played
    assert not play.match.moves and sorted(GAME.move_text(state, m) for m in play.choices) == [
        "play 11 prey 12", "play 11 prey 15"]
    play.forget()
    play.click("9")
    assert play.match.moves == [Trap.make((8,), (12,))]
    session.close()



def test_following_the_marks_to_several_moves_keeps_the_hint_among_the_choices():
    """Trapper: the coach marks a trapper and a tile; clicked, the tile fits several moves (a
    card, or a pair of another colour) and the page asked to choose one - the hint and its
    marks gone, so the learner no longer read which of them the coach meant."""
    play, session = started("trapper", 0)
    before = play.state
    hint = play.hint()
    for place in marks(session):
        session.handle({"type": "click", "target": place})
    assert play.state is before and hint.move in play.choices  # several moves fit: a choice
    assert play.hinted is hint and marks(session)
    assert f'data-move="{hint.text}"' in session.scene["status"]
    session.handle({"type": "choice", "index": play.choices.index(hint.move)})
    assert play.hinted is None and play.match.moves[-1] == hint.move
    session.close()
