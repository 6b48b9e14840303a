"""What an InTrappola walkthrough step may ask the board view to show (``view = {...}``)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from tutor.core.hints import Hints

from .cards import read_card

_NAME = re.compile(r"([A-H]?)([0-9]{1,2})")  # ASCII digits: the board reads no other


@dataclass(frozen=True)
class InTrappolaHints(Hints):
    #: whose knowledge the overlay shows: a player's name (default: the learner's choice)
    overlay: str | None = None
    #: places ringed in the picture, by card name: "6", or "B11" with several pictures
    highlight: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in self.highlight:
            found = _NAME.fullmatch(name)
            if not found or not 1 <= int(found.group(2)) <= 16:
                raise ValueError(f"{name!r} is not a place: write a card's number (1-16), "
                                 "with its picture's letter when there are several (B11)")

    def unknown_places(self, state: Any) -> Iterator[tuple[str, str]]:
        """A highlighted place of a picture the game has not (B11 with one picture, C3 with
        two), a number without its picture's letter where there are several, or an overlay
        of somebody who does not play."""
        if self.overlay is not None and self.overlay not in state.players:
            yield "overlay", (f"{self.overlay!r} does not play here; the players are "
                              f"{', '.join(state.players)}")
        for name in self.highlight:
            try:
                read_card(name, state.pictures)
            except ValueError as exc:
                yield "highlight", str(exc)
