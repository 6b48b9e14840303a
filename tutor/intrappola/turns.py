"""The end and the scores' module of before: they are in :mod:`tutor.intrappola.rules` now.
Kept only for ``widgets/intrappola.py`` until the lesson page's views (which import from the
package face) replace it; remove with that file."""
from .rules import end_reason, scores

__all__ = ["end_reason", "scores"]
