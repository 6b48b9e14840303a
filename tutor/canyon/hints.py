"""What a Canyon walkthrough step may ask the board view to show (``view = {...}``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from tutor.core.hints import Hints


@dataclass(frozen=True)
class CanyonHints(Hints):
    #: fields ringed on the map, like "e12" (a field the step's map has, checked by the replay)
    mark: tuple[str, ...] = ()

    def unknown_places(self, state: Any) -> Iterator[tuple[str, str]]:
        """A marked field the map has not (the board's own reading of a field's name)."""
        for name in self.mark:
            try:
                state.board.field(name)
            except ValueError as exc:
                yield "mark", str(exc)
