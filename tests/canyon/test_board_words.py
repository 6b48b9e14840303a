"""The board's words and its text alternative, true of the position in every language."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from tutor.canyon import GAME
from tutor.core.i18n import using
from tutor.core.walkthrough import by_id, replay
from widgets.games.canyon import CanyonDrawer


def _state(wid: str, index: int):
    return replay(by_id(wid), GAME).frames[index].state


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_text_alternative_says_where_each_canoe_is_and_who_won(lang):
    """Before the launch a canoe stands on no field, the rock cave is no field, and when the
    game is over nobody is on turn: it said "Anne on off the river" ("Anne op niet op de
    rivier"), "Carl on cave" and "none is on turn" where Carl had won."""
    drawer = CanyonDrawer(GAME)
    with using(lang):
        launch = drawer.overview(_state("canyon/setup", 0))
        pushed = drawer.overview(_state("canyon/current-push", 5))
        over = drawer.overview(_state("canyon/the-end", 3))
        on_off = {"en": "Anne on off", "nl": "Anne op niet", "it": "Anne su fuori"}[lang]
        assert on_off not in launch and launch.count("Anne") == 1
        assert {"en": "Carl in the rock cave", "nl": "Carl in het rotshol",
                "it": "Carl nella grotta"}[lang] in pushed
        assert "none" not in over and {"en": "Winner: Carl", "nl": "Winnaar: Carl",
                                       "it": "Vincitore: Carl"}[lang] in over
        assert "Carl" in drawer.overview(_state("canyon/the-end", 0))  # on turn: a name


@pytest.mark.parametrize("lang, together, over", [
    ("en", "Anne and Carl", "the game is over: Anne and Carl won"),
    ("nl", "Anne en Carl", "het spel is voorbij: gewonnen door Anne en Carl"),
    ("it", "Anne e Carl", "la partita è finita: vittoria di Anne e Carl")])
def test_a_shared_win_is_refused_naming_the_winners_in_the_learners_language(lang, together, over):
    """Two canoes landed with as many points left and the same tempo share the win (a reading,
    canyon.end.tie); a move after the end was refused naming them in English in every language
    ("het spel is voorbij: Anne and Carl heeft gewonnen")."""
    from tutor.canyon.moves import Stay

    end = _state("canyon/the-end", 3)
    shared = end.but(tempo=(end.tempo[1], *end.tempo[1:]))  # Anne announced 6 too
    assert GAME.outcome(shared).winners == (0, 1)
    with using(lang):
        found = GAME.violation(shared, Stay(0))
        assert found.rule_id == "canyon.end"
        assert GAME.rules.reason(found.rule_id, **found.params) == over
        assert together in over


def _told(wid: str, index: int) -> str:
    frame = replay(by_id(wid), GAME).frames[index]
    return CanyonDrawer(GAME).describe(frame)


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_text_alternative_tells_a_new_round_and_the_rock_cave_as_they_are(lang):
    """The last canoe's move deals a new round: it said "Herman has won 0 tricks" of the
    players who had won 2 and 4 (the count set back for the new round) and nothing of the deal
    or its trump; a canoe over the waterfall "goes from d8 to cave"; a canoe placed "goes from
    off the river to e1"."""
    with using(lang):
        dealt = _told("canyon/current-push", 6)
        swept = _told("canyon/current-push", 5)
        placed = _told("canyon/setup", 3)
        last = _told("canyon/setup", 8)
    words = {"en": ("has won 0", "A new round is dealt.", "Trump: red 8.",
                    "Carl's canoe goes over the waterfall into the rock cave.",
                    "Herman puts the canoe on e1."),
             "nl": ("heeft 0", "Een nieuwe ronde wordt gedeeld.", "Troef: rood 8.",
                    "De kano van Carl gaat over de waterval naar het rotshol.",
                    "Herman zet de kano op e1."),
             "it": ("ha vinto 0", "Si distribuisce una nuova manche.", "Briscola: rosso 8.",
                    "La canoa di Carl cade dalla cascata e finisce nella grotta.",
                    "Herman mette la canoa su e1.")}[lang]
    nothing_won, new_round, trump, cave, put = words
    assert nothing_won not in dealt and new_round in dealt and trump in dealt
    assert cave in swept and put in placed
    assert new_round in last  # the first deal, after the last canoe is placed


def test_a_click_on_a_ringed_field_in_free_play_makes_the_move_the_ring_shows():
    """The board rings where the canoe on turn may end, a drift's field and a blocked canoe's
    own field too; a click there was taken as paddling there and refused ("the canoe drifts",
    "a field may not be entered twice"), so the person could not drift or stay by the board."""
    from tutor.canyon import Drift, Stay
    from widgets.games.canyon import CanyonPlay

    for wid, index, made in (("canyon/current-push", 3, Drift),
                             ("canyon/movement-pictures", 2, Stay)):
        state = _state(wid, index)
        seat = state.turn
        assert state.players[seat] == "Anne"
        play = CanyonPlay(state.players)
        seats = ["computer"] * state.seats
        seats[seat] = "person"
        play.start_at(state, seats)
        ringed, _ = CanyonDrawer(GAME)._end_fields(state)
        assert len(ringed) == 1
        play.click(state.board.field_name(ringed[0]))
        assert play.refusal is None
        assert play.match.moves and type(play.match.moves[0]) is made


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_legend_says_what_the_rings_show_during_the_launch(lang):
    """While the canoes are put on the river the rings show the free start docks (the Launch
    moves' docks); the legend said they show "where the canoe on turn may end" and spoke of
    drifts, of a canoe that has no field yet."""
    from widgets.parts.texts import T

    drawer = CanyonDrawer(GAME)
    launch, moving = _state("canyon/setup", 6), _state("canyon/current-push", 3)
    assert launch.phase == "launch" and moving.phase == "move"
    ringed, _ = drawer._end_fields(launch)
    free = [f for f in launch.board.starts if f not in launch.canoes]
    assert ringed == sorted(free) and len(free) < len(launch.board.starts)
    with using(lang):
        docks = T._("Rings: the free start docks, where the canoe on turn may be put.")
        ends = T._("Rings: where the canoe on turn may end; a dashed arrow: a canoe "
                   "pushed on by the current; a dashed ring: a pushed canoe.")
        assert lang == "en" or docks.startswith(("Ringen", "Anelli"))
        at_launch = drawer.legend(SimpleNamespace(state=launch))
        at_move = drawer.legend(SimpleNamespace(state=moving))
    assert docks in at_launch and ends not in at_launch
    assert ends in at_move and docks not in at_move


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_legend_names_the_docks_and_the_cave_with_the_games_own_words(lang):
    """The legend is read beside the rules and the lessons, which say the glossary's words: the
    Dutch legend called the start docks "startsteiger", the landing docks "aanlegsteiger" (the
    Dutch lessons' and refusals' word for a start dock: "d1 is een aanlegsteiger") and the rock
    cave "rotsgrot", a word the glossary avoids; the Italian said "pontile di arrivo"."""
    import tomllib
    from pathlib import Path

    import tutor.canyon

    glossary = tomllib.loads((Path(tutor.canyon.__file__).parent / "glossary.toml").read_text())
    terms = glossary["terms"]
    with using(lang):
        legend = CanyonDrawer(GAME).legend(SimpleNamespace(state=_state("canyon/setup", 6)))
    assert "S: " + terms["start-dock"][lang][0] in legend
    assert "⌂: " + terms["landing-dock"][lang][0] in legend.replace("&#x27;", "'")
    assert not any(word in legend for word in terms["rock-cave"].get("avoid", {}).get(lang, []))


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_the_coachs_hint_says_what_the_move_changes_in_the_learners_language(lang):
    """Free play's hint lists the facts the hinted move changes: it showed the engine's values
    as they are stored, "waar de kano van Herman is: off → e1", a hand of "blue 9, green 2"
    on a Dutch or Italian page, a tempo not yet laid as "None" and a canoe moved "False → True"."""
    from widgets.games.canyon import CanyonPlay
    from widgets.games.session import PlaySession

    for wid, index, raw in (("canyon/setup", 0, ("off ", "None")),
                            ("canyon/tempo", 6, ("green", "blue")),
                            ("canyon/movement-points", 0, ("False", "True"))):
        state = _state(wid, index)
        seats = ["computer"] * state.seats
        seats[state.turn] = "person"
        play = CanyonPlay(state.players)
        play.start_at(state, seats)
        session = PlaySession(play, CanyonDrawer(GAME), pace=0)
        with using(lang):
            assert play.hint() is not None
            said = session.hint_html()
        assert play.hinted.gains and all(word not in said for word in raw), said
        with using(lang):
            shown = {CanyonDrawer(GAME).fact_value(after, key)
                     for key, (_, _, after) in zip(play.hinted.keys, play.hinted.gains)}
        assert all(value in said for value in shown)
