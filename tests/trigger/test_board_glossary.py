"""The words of Trigger's pages (its board, legend, free play: ``widgets/games/trigger.py``) in
Dutch and Italian use the game's own terms (``tutor/trigger/glossary.toml``), as its lessons
do: the board said "tegel" where the rulebook and the lessons say "plaatje", "rij" for a line,
"round" where the Italian lessons say "manche"."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.core.i18n_glossary import Glossary

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_trigger_s_page_words_use_the_game_s_glossary(lang):
    glossary = Glossary.from_file(ROOT / "tutor/trigger/glossary.toml")
    with open(ROOT / f"widgets/locale/{lang}/LC_MESSAGES/widgets.po", "rb") as file:
        catalog = read_po(file)
    checked, problems = 0, []
    for message in catalog:
        places = {path for path, _ in message.locations}
        if not message.id or places != {"widgets/games/trigger.py"}:
            continue  # only the words Trigger's pages alone show
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, translation in zip(ids, strings):
            checked += 1
            problems += [(english, translation, p.problem)
                         for p in glossary.check(lang, english, translation)]
    assert checked > 40
    assert not problems, problems
