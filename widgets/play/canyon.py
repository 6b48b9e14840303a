"""Canyon free play on the shared shell: 3-6 seats, the board seen through the person's eyes;
a click on the river starts a canoe there (setup) or paddles it there.

>>> play = CanyonPlay(3, seed=4)
>>> str(play.state.phase), play.seats, play.players()
('launch', ('person', 'computer', 'computer'), ('Anna', 'Ben', 'Cleo'))
>>> play.click("f2")  # not a start dock: refused with its rule, nothing changes
>>> play.refusal.rule_id.startswith("canyon.setup"), play.match.moves
(True, [])
"""
from __future__ import annotations

import random

from tutor.canyon import GAME, Launch, Paddle

from ..boards.canyon import CanyonDrawer
from ..texts import T
from .kits import Kit
from .model import PACE, FreePlay, names
from .page import Extras, PlayPage


class CanyonPlay(FreePlay):
    """A game of Canyon being played (no widgets)."""

    def __init__(self, players: int | list = 4, seats=None, seed: int = 0, **options):
        players = names(players) if isinstance(players, int) else list(players)
        super().__init__(GAME, {**options, "players": players}, seats, seed, observe=True)

    def moves_for_click(self, state, target: str) -> list:
        try:
            field = state.board.field(target)
        except ValueError:
            return []
        if state.phase == "launch":
            return [Launch(state.turn, field)]
        if state.phase == "move":
            return [Paddle(state.turn, field)]
        return []

    def describe(self, before, move, after) -> str:
        words = self.game.move_display(before, move)  # the text names the player already
        if before.phase == "tricks" and after.last_trick and len(before.table) == before.seats - 1:
            return T._("{move} - {player} takes the trick", move=words,
                       player=before.players[after.last_winner])
        return words


class CanyonExtras(Extras):
    player_counts = tuple(range(3, 7))


def play_app(players: int = 4, seats=None, seed: int | None = None, pace: float = PACE,
             **options) -> PlayPage:
    """Canyon free play as one widget: you (Anna) against computers by default."""
    seed = random.randrange(10 ** 6) if seed is None else seed
    play = CanyonPlay(players, seats, seed, **options)
    return PlayPage(play, CanyonDrawer(GAME), CanyonExtras(), pace=pace)


#: the parts of canyon's free play (a try-it step and "play on from here" use them too)
KIT = Kit(CanyonPlay, CanyonDrawer, CanyonExtras)
