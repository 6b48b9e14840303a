"""What a Trigger walkthrough step may ask the board view to show (``view = {...}``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from tutor.core.hints import Hints

from .board import LINE_BY_NAME, parse_cell


@dataclass(frozen=True)
class TriggerHints(Hints):
    #: compartments ringed, like "c3", on the board pointed at
    mark: tuple[str, ...] = ()
    #: lines shaded on that board: "row 3", "col c", "diag a1-f6", "diag a6-f1"
    lines: tuple[str, ...] = ()
    #: compartments shown as chosen (free play: the tiles picked for a flip)
    selected: tuple[str, ...] = ()
    #: show the last chain reaction only up to this link (0: before its first)
    link: int | None = None
    #: the side whose board the marks and lines are on (default: the side on turn)
    board: str | None = None

    def __post_init__(self) -> None:
        for name in (*self.mark, *self.selected):
            if parse_cell(name) is None:
                raise ValueError(f"{name!r} is not a compartment (a1 to f6)")
        for name in self.lines:
            if name not in LINE_BY_NAME:
                raise ValueError(f"{name!r} is not a line: 'row 3', 'col c', 'diag a1-f6' "
                                 "or 'diag a6-f1'")
        if self.link is not None and self.link < 0:
            raise ValueError(f"link counts from 0, not {self.link}")

    def unknown_places(self, state: Any) -> Iterator[tuple[str, str]]:
        """A board of a side that does not play here (the sides' names: the players, a team's
        joined by '+')."""
        labels = [state.label(b) for b in range(len(state.boards))]
        if self.board is not None and self.board not in labels:
            yield "board", (f"no side {self.board!r} plays here; the boards are "
                            f"{', '.join(labels)}")
