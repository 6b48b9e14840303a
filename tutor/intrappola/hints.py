"""What an InTrappola walkthrough step may ask the board view to show (``view = {...}``)."""
from __future__ import annotations

from dataclasses import dataclass

from tutor.core.hints import Hints


@dataclass(frozen=True)
class IntrappolaHints(Hints):
    #: whose knowledge the overlay shows: a player's name (default: the learner's choice)
    overlay: str | None = None
    #: places ringed in the picture, by card name: "6", or "B11" with several pictures
    highlight: tuple[str, ...] = ()
