"""The computer hunter's name of before: it is :mod:`tutor.intrappola.computer` now. Kept
only for ``widgets/intrappola.py`` until the lesson page's views (which import from the
package face) replace it; remove with that file."""
from .computer import catch_chance, choose, joint_chance, risk, value

__all__ = ["catch_chance", "choose", "joint_chance", "risk", "value"]
