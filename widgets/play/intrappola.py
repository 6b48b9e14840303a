"""InTrappola free play on the shared shell: you against the computer hunter.

The person sees the table through ``game.observation``: the other hand and the deck as the
engine hides them. A click on an empty place offers the traps that hunt it. A discard is
logged with its card only where the one person's observation shows it.

>>> play = InTrappolaPlay(seed=3)
>>> play.players()
('Anna', 'Ben')
>>> play.play_text("pass")  # with a full deck and traps to set, passing is refused
False
>>> play.refusal.rule_id
'intrappola.pass'
"""
from __future__ import annotations

import random

from tutor.intrappola import GAME, HIDDEN, Trap, read_card

from ..boards.intrappola import InTrappolaDrawer
from ..texts import T
from .kits import Kit
from .model import PACE, PERSON, FreePlay, names
from .page import Extras, PlayPage


class InTrappolaPlay(FreePlay):
    """A game of InTrappola being played (no widgets)."""

    def __init__(self, pictures: int = 1, seats=None, seed: int = 0):
        super().__init__(GAME, {"pictures": pictures, "players": names(2)}, seats, seed,
                         observe=True)

    def moves_for_click(self, state, target: str) -> list:
        """A click on an empty place: the legal traps with that place as (part of) the prey."""
        try:
            card = read_card(target, state.pictures)
        except ValueError:
            return []
        return [m for m in self.game.legal_moves(state) if isinstance(m, Trap) and card in m.prey]

    def describe(self, before, move, after) -> str:
        last, who = after.last, before.players[before.turn]
        words = self.game.move_display(before, move)
        if isinstance(move, Trap):
            result = (T.n_("caught, +{n} point", "caught, +{n} points", last.points)
                      if last.kind == "caught" else T._("missed"))
            words = T._("{move} - {result}", move=words, result=result)
        else:  # a discard or a pass, as the one person saw it (the engine hides the card)
            people = [seat for seat, kind in enumerate(self.seats) if kind == PERSON]
            seen = self.game.observation(after, people[0]).last if len(people) == 1 else None
            if seen is None or seen.hunter != people[0] or HIDDEN in seen.cards:
                words = {"discard": T._("put a card under the deck and drew"),
                         "pass": T._("passed")}.get(last.kind, words)
        return T._("{player}: {move}", player=who, move=words)


def play_app(pictures: int = 1, seed: int | None = None, pace: float = PACE) -> PlayPage:
    """A game against the computer, as one widget (wrong options raise BadOption)."""
    seed = random.randrange(10 ** 6) if seed is None else seed
    return PlayPage(InTrappolaPlay(pictures, seed=seed), InTrappolaDrawer(GAME), Extras(),
                    pace=pace)


#: the parts of intrappola's free play (a try-it step and "play on from here" use them too)
KIT = Kit(InTrappolaPlay, InTrappolaDrawer, Extras)
