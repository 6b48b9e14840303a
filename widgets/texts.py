"""The translator of every text the views show (domain ``widgets``).

Texts are written in English where they are used, ``T._("Step {index} of {last}", ...)``,
so that Babel extracts them into ``widgets/locale/<lang>/LC_MESSAGES/widgets.po``; plurals
go through ``T.n_`` and never by adding an "s".

>>> T._("Step {index} of {last}", index=2, last=5)
'Step 2 of 5'
>>> T.n_("{n} coin", "{n} coins", 1), T.n_("{n} coin", "{n} coins", 26)
('1 coin', '26 coins')
>>> text("step_too_small", raw=-2, index=0)  # the address messages widgets/params.py shows
'There is no step -2: steps start at 0 (the setup), so the walkthrough opens at step 0.'
"""
from __future__ import annotations

from pathlib import Path

from tutor.core.i18n import N_, translator

LOCALE = Path(__file__).resolve().parent / "locale"
T = translator("widgets", localedir=LOCALE)

#: Messages asked for by key (``widgets/params.py`` reads the step from the address).
_KEYED = {
    "step_not_number": N_("“step={raw}” in the address is not a step number, so the "
                          "walkthrough opens at step {index}."),
    "step_too_small": N_("There is no step {raw}: steps start at 0 (the setup), so the "
                         "walkthrough opens at step {index}."),
    "step_too_big": N_("There is no step {raw}: this walkthrough has steps 0 to {last}, so it "
                       "opens at step {index}."),
}


def text(key: str, **params: object) -> str:
    """A keyed message, translated and filled in."""
    return T._(_KEYED[key], **params)
