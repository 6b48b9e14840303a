"""The translator of every text the views show (domain ``widgets``).

Texts are written in English where they are used, ``T._("Step {index} of {last}", ...)``,
so that Babel extracts them into ``widgets/locale/<lang>/LC_MESSAGES/widgets.po``; plurals
go through ``T.n_`` and never by adding an "s".

>>> T._("Step {index} of {last}", index=2, last=5)
'Step 2 of 5'
>>> T.n_("{n} coin", "{n} coins", 1), T.n_("{n} coin", "{n} coins", 26)
('1 coin', '26 coins')
"""
from __future__ import annotations

from pathlib import Path

from tutor.core.i18n import translator

LOCALE = Path(__file__).resolve().parents[1] / "locale"
T = translator("widgets", localedir=LOCALE)

