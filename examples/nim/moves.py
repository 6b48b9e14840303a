"""Nim's one move."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Take:
    """Take ``count`` counters from the heap."""

    count: int
