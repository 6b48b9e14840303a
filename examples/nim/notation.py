"""Move texts: ``take 3``, written and read."""
from __future__ import annotations

import re

from tutor.core.errors import BadMoveText

from .moves import Take


def text(move: Take) -> str:
    return f"take {move.count}"


def parse(words: str) -> Take:
    found = re.fullmatch(r"\s*take\s+(\d{1,6})\s*", words) if isinstance(words, str) else None
    if not found:
        raise BadMoveText(f"expected 'take N', got {words!r}")
    return Take(int(found.group(1)))
