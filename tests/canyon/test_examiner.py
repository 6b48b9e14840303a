"""The rulebook's statements, one case each, as an outside examiner writes them: a position
from the book's words, a move or a sequence, and what the book says must happen. The book:
/work/shared/seeds/002_fc202ff09fbaf512.txt (Dutch). Also: a hand-written position's movement
points, cards typed as the page shows them, and saved games that are no state of Canyon."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tutor.canyon import GAME, Play, suit_letters
from tutor.canyon.cards import DECK, Card
from tutor.core.errors import BadMoveText, BadState
from tutor.core.i18n import using

from .helpers import fact, play, position, refused

#: a small river: start docks on row 1, the current over rows 5-8 (to the waterfall c9-d9),
#: landing docks b9 and e9, the rock cave at a10
MAP = """map:
  #S.S.#
  #....#
  #....#
  #....#
  #vvvv#
  #vvvv#
  #vvvv#
  #>vv<#
  #DWWD#
  C#####
"""


def moving(seats: str, extra: str = "") -> object:
    return position(f"players: Anne Carl Marc\ndealer: Marc\nphase: move\n{extra}{seats}{MAP}")


# ---- Fase 3: "Voorbeeld van een slag: groen is troef"
def test_the_books_trick_carl_wins_and_leads():
    s = position("""players: Anne Carl Marc Herman
dealer: Herman
round: 7
phase: tricks
trump: green
seat Anne: tempo 1  hand blue 7, red 1
seat Carl: tempo 1  hand blue 8, red 2
seat Marc: tempo 0  hand blue 3, red 3
seat Herman: tempo 0  hand red 9, yellow 4
""")
    assert fact(s, "lead") == "Anne"  # the start player, left of the dealer, leads
    assert refused(play(s, "play blue 7", "play blue 8"), "Marc: play red 3") == "canyon.trick.follow"
    s = play(s, "play blue 7", "play blue 8", "play blue 3", "play red 9")
    assert fact(s, "last_trick.winner") == "Carl" and fact(s, "turn") == "Carl"


def test_the_highest_trump_wins_and_another_colour_never_does():
    s = position("""players: Anne Carl Marc
dealer: Marc
round: 8
phase: tricks
trump: green
seat Anne: tempo 1  hand blue 2
seat Carl: tempo 1  hand green 1
seat Marc: tempo 0  hand red 10
""")
    s = play(s, "play blue 2", "play green 1", "play red 10")
    assert fact(s, "tricks.Carl") == 1 and fact(s, "phase") == "move"


# ---- Fase 4: the bonus table and the book's example
@pytest.mark.parametrize("tempo, won, points", [(2, 3, 3), (1, 1, 3), (0, 0, 1), (4, 2, 2), (6, 6, 9)])
def test_movement_points(tempo, won, points):
    cards = "4+2" if tempo == 6 else str(tempo)
    s = moving(f"seat Anne: canoe b2  tempo {tempo} with {cards}  tricks {won}\n"
               "seat Carl: canoe c2  tempo 0\nseat Marc: canoe d2  tempo 0\n"
               if tempo == 6 else
               f"seat Anne: canoe b2  tempo {tempo}  tricks {won}\n"
               "seat Carl: canoe c2  tempo 0\nseat Marc: canoe d2  tempo 0\n")
    assert fact(s, "points.Anne") == points


# ---- Fase 5: the round counter, the dealer, the skip rule
@pytest.mark.parametrize("counter, skip, after, cards", [(14, "no", 1, 8), (5, "yes", 10, 3),
                                                         (5, "no", 6, 3), (8, "no", 9, 2)])
def test_the_round_stone_moves_on_and_the_start_player_deals(counter, skip, after, cards):
    s = position(f"players: Anne Carl Marc\ndealer: Marc\nround: {counter}\nskip: {skip}\n"
                 "phase: move\nseat Anne: canoe b2  tempo 0\nseat Carl: canoe c2  tempo 0\n"
                 "seat Marc: canoe d2  tempo 0\n" + MAP)
    movers = []
    while fact(s, "phase") == "move":
        movers.append(fact(s, "turn"))
        s = GAME.apply(s, next(GAME.legal_moves(s)))
    assert movers == ["Anne", "Carl", "Marc"]  # the start player first, the dealer last
    assert (fact(s, "round"), fact(s, "cards"), fact(s, "dealer"), fact(s, "start_player")) == (
        after, cards, "Anne", "Carl")
    assert [len(h) for h in s.hands] == [cards] * 3


# ---- Stroming en waterval
def test_in_the_current_a_made_tempo_moves_only_the_bonus():
    s = moving("seat Anne: canoe b5  tempo 2  tricks 2\nseat Carl: canoe c2  tempo 0  tricks 1\n"
               "seat Marc: canoe d2  tempo 0  tricks 1\n")
    assert fact(s, "points.Anne") == 3


def test_in_the_current_a_missed_tempo_drifts():
    s = moving("seat Anne: canoe b6  tempo 2  tricks 1\nseat Carl: canoe c2  tempo 0  tricks 1\n"
               "seat Marc: canoe d2  tempo 0  tricks 1\n")
    assert refused(s, "paddle to b7") == "canyon.current.exact"
    assert fact(play(s, "drift"), "canoe.Anne") == "b7"


def test_from_still_water_into_the_current_moves_normally():
    s = moving("seat Anne: canoe b3  tempo 2  tricks 3\nseat Carl: canoe c2  tempo 0  tricks 1\n"
               "seat Marc: canoe d2  tempo 0  tricks 1\n")
    assert fact(s, "points.Anne") == 3 and "b6" in fact(s, "ends")


# ---- Einde van het spel en winnaar
@pytest.mark.parametrize("anne, carl, winner", [
    ("b7  tempo 2  tricks 2", "e8  tempo 3  tricks 3", "Carl"),   # more points left over
    ("b8  tempo 2  tricks 2", "e8  tempo 3  tricks 3", "Carl"),   # as many: the higher tempo
    ("b8  tempo 2  tricks 2", "e8  tempo 2  tricks 2", "Anne and Carl")])  # a reading: shared
def test_several_canoes_in_the_village_in_one_round(anne, carl, winner):
    s = moving(f"seat Anne: canoe {anne}\nseat Carl: canoe {carl}\n"
               "seat Marc: canoe d2  tempo 0  tricks 1\n")
    s = play(s, "Anne: paddle to b9", "Carl: paddle to e9")
    assert fact(s, "phase") == "move"  # the round is played out
    s = play(s, "Marc: paddle to d3")
    assert fact(s, "phase") == "over" and fact(s, "winner") == winner


# ---- a hand-written position: the points were fixed where the canoe began its move
SEATS = ("seat Carl: canoe b2  tempo 2  tricks 2\nseat Marc: canoe d1  tempo 0  tricks 1\n")


def test_a_canoe_that_moved_into_the_current_keeps_its_points():
    """Anne (tempo 1, 1 trick: 3 points) paddled from c3 into the current: she moved as on
    still water; the position said 2, the bonus of a canoe that began in the current."""
    s = moving("seat Anne: canoe c5  tempo 1  tricks 1\n" + SEATS, "moved: Anne\npath: c3-c4-c5\n")
    assert fact(s, "points.Anne") == 3
    s = moving("seat Anne: canoe c6  tempo 1  tricks 1\n" + SEATS, "moved: Anne\npath: c5-c6\n")
    assert fact(s, "points.Anne") == 2


def test_a_moved_canoe_whose_start_is_not_written_needs_its_points():
    with pytest.raises(BadState) as bad:
        moving("seat Anne: canoe c5  tempo 1  tricks 1\n" + SEATS, "moved: Anne\n")
    assert str(bad.value).startswith("line 5, column 12: write Anne's movement points")
    s = moving("seat Anne: canoe c5  tempo 1  tricks 1  points 3\n" + SEATS, "moved: Anne\n")
    assert fact(s, "points.Anne") == 3


def test_the_over_phase_counts_the_current_too():
    """Anne began in the current (c7) and landed on b8's dock... b9: 3 points, not 5."""
    text = ("players: Anne Carl Marc\ndealer: Marc\nphase: over\n{path}"
            "seat Anne: canoe b9  tempo 2  tricks 2  left 1\n" + SEATS + MAP)
    s = position(text.format(path="path: c7-b8-b9\n"))
    assert (fact(s, "points.Anne"), fact(s, "left_over.Anne")) == (3, 1)
    s = position(text.format(path="path: c7-b8-b9\n").replace("  left 1", ""))
    assert fact(s, "left_over.Anne") == 1  # the path used 2 of her 3 points
    with pytest.raises(BadState):
        position(text.format(path=""))  # from still water 5, from the current 3: say which
    with pytest.raises(BadState) as bad:  # more left over than the points
        position(text.format(path="path: c7-b8-b9\n").replace("left 1", "left 4"))
    assert "no more than that can be left over" in str(bad.value)


def test_a_path_lies_on_the_map():
    with pytest.raises(BadState) as bad:
        moving("seat Anne: canoe c2  tempo 0\n" + SEATS, "path: cave\n")
    assert str(bad.value).endswith("not 'cave'")


# ---- a card typed as the page shows it: its value and its colour's letters
@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_every_card_typed_as_shown_is_that_card(lang):
    s = position("players: Anne Carl Marc\nphase: tricks\nround: 8\nseat Anne: tempo 0\n"
                 "seat Carl: tempo 0\nseat Marc: tempo 0\n")
    with using(lang):
        letters = suit_letters()
        assert len({v.lower() for v in letters.values()}) == 5  # none alike: no ambiguity
        for card in DECK:
            shown = f"{card.value}{letters[card.suit]}"
            for typed in (shown, shown.lower(), f"{card.value} {letters[card.suit]}"):
                assert GAME.parse_move(s, typed) == Play(0, card), typed
            assert GAME.parse_move(s, GAME.move_display(s, Play(0, card))) == Play(0, card)


def test_the_letters_are_the_pages():
    s = position("players: Anne Carl Marc\nphase: tricks\nround: 8\nseat Anne: tempo 0\n"
                 "seat Carl: tempo 0\nseat Marc: tempo 0\n")
    with using("it"):
        assert GAME.parse_move(s, "3G") == Play(0, Card("yellow", 3))  # giallo
        assert GAME.parse_move(s, "gioca 7Ve") == Play(0, Card("green", 7))
    with using("nl"):
        assert GAME.parse_move(s, "speel 7gr") == Play(0, Card("green", 7))
        assert GAME.parse_move(s, "7Ge") == Play(0, Card("yellow", 7))
        with pytest.raises(BadMoveText) as bad:
            GAME.parse_move(s, "7G")  # groen or geel: the page never shows a lone G
        assert "7Gr" in str(bad.value) and "7Ge" in str(bad.value)
    assert GAME.parse_move(s, "3G") == Play(0, Card("green", 3))


def test_a_player_name_with_a_colon_is_refused_in_a_position():
    """'players:: Anne Carl Marc' read ':' as a player, whose moves could not be typed."""
    with pytest.raises(BadState) as bad:
        position("players:: Anne Carl Marc\n")
    assert "without ':'" in str(bad.value)


# ---- a saved game that is no state of Canyon
def _saved(**changes):
    s = moving("seat Anne: canoe c2  tempo 0\n" + SEATS)
    data = GAME.to_json(s)
    data.update(changes)
    return data


@pytest.mark.parametrize("changes, problem", [
    ({"left_over": [1, -1, -1]}, "Anne has points left over but is not at a landing dock"),
    ({"tempo": [[], [2], [0]]}, "every player lays a tempo before the tricks are played"),
    ({"players": ["Anne", "blue 7", "Marc"]}, "player names must be different"),
    ({"phase": "over"}, "the game is over only when a canoe is at a landing dock")])
def test_saved_games_that_no_play_reaches_are_refused(changes, problem):
    with pytest.raises(BadState) as bad:
        GAME.from_json(_saved(**changes))
    assert problem in str(bad.value)


# ---- any typed text: a move, or a MalformedInput that says what it cannot read
TYPED = st.one_of(
    st.text(max_size=14),
    st.builds(lambda v, l, sep: f"{v}{sep}{l}", st.integers(-3, 120).map(str),
              st.sampled_from(["B", "G", "Gr", "Ge", "Ve", "Vi", "R", "Y", "P", "X", "gg", "blu",
                               "blauw", "٣", ""]), st.sampled_from(["", " ", "  "])),
    st.builds(lambda w, c: f"{w} {c}", st.sampled_from(["play", "speel", "gioca", "Anne: play",
                                                        "Zed: play", "tempo"]),
              st.text(alphabet="0123456789BGRYPVeirgl +", max_size=6)))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(["en", "nl", "it"]), TYPED)
def test_a_typed_move_is_a_move_or_says_what_it_cannot_read(lang, typed):
    s = position("players: Anne Carl Marc\nphase: tricks\nround: 8\nseat Anne: tempo 0\n"
                 "seat Carl: tempo 0\nseat Marc: tempo 0\n")
    with using(lang):
        try:
            move = GAME.parse_move(s, typed)
        except BadMoveText as bad:
            assert str(bad)
            return
    assert GAME.parse_move(s, GAME.move_text(s, move)) == move


@pytest.mark.parametrize("changes, problem", [
    ({"moved": [True, True, True]}, "every player has had the move phase"),
    ({"turn": 2}, "it is Anne's turn in the move phase, not Marc's"),
    ({"tricks": [1, 2, 1]}, "the cards in the hands and the tricks are not the round's"),
    ({"dealer": 0}, "the start player sits on the dealer's left")])
def test_a_saved_game_out_of_turn_or_out_of_cards_is_refused(changes, problem):
    """Before, a canoe that had moved could move again (every canoe moved, or the turn given
    to one that had), and tricks won without their cards played were taken as they stood."""
    with pytest.raises(BadState) as bad:
        GAME.from_json(_saved(**changes))
    assert problem in str(bad.value)


def test_a_trick_has_one_card_from_each_player_in_turn():
    """'last-trick: Anne purple 7, Anne purple 4, Marc purple 9' was read as a trick."""
    with pytest.raises(BadState) as bad:
        position("players: Anne Carl Marc\nphase: tricks\nround: 2\nlast-trick: Anne purple 7, "
                 "Anne purple 4, Marc purple 9\nseat Anne: tempo 1  tricks 1\n"
                 "seat Carl: tempo 0\nseat Marc: tempo 0\n")
    assert "a card from every player" in str(bad.value)
    with pytest.raises(BadState) as bad:
        GAME.from_json(_saved(left_over=[-1, 7, -1]))  # (Carl is not at a dock either)
    assert "no more than that can be left over" in str(bad.value)


def test_a_saved_launch_or_tempo_out_of_turn_is_refused():
    s = GAME.initial_state({"players": 3, "map": "short"}, seed=2)
    later = (s.start_player + 1) % 3
    data = GAME.to_json(s)
    data["canoes"] = [s.board.starts[0] if p == later else -2 for p in range(3)]
    with pytest.raises(BadState) as bad:
        GAME.from_json(data)
    assert "placed in turn from the start player" in str(bad.value)
    s = play(s, *(GAME.move_text(s, m) for m in [next(GAME.legal_moves(s))]))
    s = play(s, GAME.move_text(s, next(GAME.legal_moves(s))))
    s = play(s, GAME.move_text(s, next(GAME.legal_moves(s))))
    assert s.phase == "tempo"
    data = GAME.to_json(s)
    data["tempo"] = [[2] if p == later else [] for p in range(3)]
    with pytest.raises(BadState) as bad:
        GAME.from_json(data)
    assert "tempos are laid in turn from the start player" in str(bad.value)
