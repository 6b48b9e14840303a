"""A team reads as a team wherever a side's name fills a sentence: "Anna and Ben have 33
tiles face up", never "Anna+Ben has ..." (the board's text alternative, its banner, the free
play's panel and the facts' labels), in English, Dutch and Italian."""
from __future__ import annotations

import html
import re

import pytest

from tutor.core.frozen import evolve
from tutor.core.i18n import using
from tutor.core.walkthrough import Frame, by_id, replay
from tutor.trigger import GAME
from widgets.games.trigger import TriggerDrawer, TriggerExtras, TriggerPlay

LANGS = ["en", "nl", "it"]
AND = {"en": "Anna and Ben", "nl": "Anna en Ben", "it": "Anna e Ben"}
HAVE = {"en": "Anna and Ben have 33 tiles face up.", "nl": "Anna en Ben hebben 33 plaatjes open.",
        "it": "Anna e Ben hanno 33 tessere scoperte."}
#: the singular verbs a team was given ("Anna+Ben has", "Cleo+Dirk wins")
SINGULAR = {"en": r"\b(has|wins|loses)\b", "nl": r"\b(heeft|wint|verliest|liet)\b",
            "it": r"\b(ha|vince|perde)\b"}
TEAM_WINS = {"en": "win the round", "nl": "winnen de ronde", "it": "vincono la manche"}
TEAM_LOSES = {"en": " lose ", "nl": " verliezen ", "it": " perdono "}
ONE_DIE = {"en": "Each team rolls one die.", "nl": "Elk team gooit met één dobbelsteen.",
           "it": "Ogni squadra tira un dado."}


def _team_sentences(text: str, lang: str) -> list[str]:
    """The sentences (or clauses) of a text that name a team."""
    return [s for s in re.split(r"(?<=[.;:])\s+", text)
            if re.search(r"\w+\+\w+|\w+ (and|en|e) \w+", s)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_teams_lesson_says_a_team_with_its_plural_verb(lang):
    """The teams' lesson's text alternative said "Anna+Ben has 33 tiles face up" (nl "Anna+Ben
    heeft", it "Anna+Ben ha") and "Anna+Ben: 36 tiles face up"; its opening "Each player rolls
    one die", where each team rolls one (trigger.teams)."""
    drawer = TriggerDrawer(GAME)
    with using(lang):
        frames = replay(by_id("trigger/teams"), GAME).frames
        told = [drawer.describe(f) for f in frames]
    assert HAVE[lang] in told[5], told[5]
    assert f"{AND[lang]}: 36 " in told[0] and ONE_DIE[lang] in told[0], told[0]
    for text in told:
        assert "+" not in text, text
        for sentence in _team_sentences(text, lang):
            assert not re.search(SINGULAR[lang], sentence), sentence


def _round_over(mode: str, seed: int):
    play = TriggerPlay({"mode": mode}, seats=("greedy",) * len(
        TriggerPlay({"mode": mode}).players()), seed=seed)
    while play.state.phase.value != "round over":
        play.step()
    return play.state


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode, seed", [("2v2", 1), ("2v1", 1), ("2v1", 2)])
def test_a_team_wins_and_loses_the_round_as_a_team(lang, mode, seed):
    """The round's banner said "Cleo+Dirk wins the round; Anna+Ben loses 243 points", the
    text alternative "Phase: round over; Cleo+Dirk won the last round"."""
    state = _round_over(mode, seed)
    winner = state.label(state.results[-1][0])
    loser = state.label(1 - state.results[-1][0])
    drawer = TriggerDrawer(GAME)
    with using(lang):
        board = drawer.board(Frame(0, state, "", ()))
        told = drawer.overview(state)
    banner = " ".join(html.unescape(t) for t in
                      re.findall(r'class="tg-banner"[^>]*>([^<]*)</text>', board))
    assert f'data-losers="{loser}"' in board
    won, lost = banner.split("; ")
    assert (TEAM_WINS[lang] in won) == ("+" in winner), banner
    assert (TEAM_LOSES[lang] in f" {lost}") == ("+" in loser), banner
    for words in (banner, told):
        assert "+" not in words, words
        for sentence in _team_sentences(words, lang):
            assert not re.search(SINGULAR[lang], sentence), sentence
    if "+" in winner:
        assert {"en": "won the last round", "nl": "wonnen de laatste spelronde",
                "it": "hanno vinto l'ultima manche"}[lang] in told, told


@pytest.mark.parametrize("lang", LANGS)
def test_the_free_play_panel_names_a_team_that_left_a_bonus(lang):
    """The panel said "Anna+Ben left a bonus untaken on row 1: click ... on their board" (nl
    "Anna+Ben liet ... op zijn bord", it "Anna+Ben ha lasciato ... sul suo tabellone")."""
    frames = replay(by_id("trigger/teams"), GAME).frames
    cleo = frames[7].state  # Cleo to play on the yellow board; Anna+Ben's row 1 has tiles down
    assert GAME.facts(cleo)["turn"] == "Cleo"
    state = evolve(cleo, missed=(("row 1",), ()))
    play = TriggerPlay({"mode": "2v2"})
    play.start_at(state, ("search", "search", "person", "search"))
    assert play.open_maluses(play.state), "the engine lists a malus on row 1"
    with using(lang):
        panel = TriggerExtras().turn_text(play)
    said = {"en": "Anna and Ben left a bonus untaken on row 1",
            "nl": "Anna en Ben lieten een bonus liggen op lijn 1",
            "it": "Anna e Ben hanno lasciato un bonus non preso su riga 1"}[lang]
    assert said in panel and "+" not in panel, panel
    assert {"en": "their board", "nl": "hun bord", "it": "loro tabellone"}[lang] in panel


@pytest.mark.parametrize("lang", LANGS)
def test_a_fact_s_label_names_a_team_as_a_team(lang):
    """A question's or a difference's label said "points Anna+Ben has lost"."""
    with using(lang):
        labels = [GAME.fact_label(f"{kind}.Anna+Ben") for kind in
                  ("up", "points", "lost", "won", "missed", "board")]
        alone = GAME.fact_label("lost.Anna")
    for label in labels:
        assert AND[lang] in label and "+" not in label, label
        assert not re.search(SINGULAR[lang], label), label
    assert "Anna" in alone and "+" not in alone
