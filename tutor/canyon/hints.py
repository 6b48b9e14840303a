"""What a Canyon walkthrough step may ask the board view to show (``view = {...}``)."""
from __future__ import annotations

from dataclasses import dataclass

from tutor.core.hints import Hints


@dataclass(frozen=True)
class CanyonHints(Hints):
    #: fields ringed on the map, like "e12" (a name the map does not have is not drawn)
    mark: tuple[str, ...] = ()
