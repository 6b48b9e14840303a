"""What stands on a Trapper square, as a learner reads the fact: the engine writes "trapper
blue"; the page said "trapper blu" in Italian and "trapper blauw" in Dutch, where the glossary
(and the rulebooks) say "il Trapper blu" and "de blauwe trapper"."""
from __future__ import annotations

import pytest

from tutor.core import registry
from tutor.core.i18n import using
from widgets.games.trapper import TrapperDrawer

GAME = registry.get("trapper")


@pytest.mark.parametrize("lang, blue, green", [("en", "blue trapper", "green trapper"),
                                              ("nl", "blauwe trapper", "groene trapper"),
                                              ("it", "Trapper blu", "Trapper verde")])
def test_a_trapper_on_a_square_is_named_as_the_glossary_names_it(lang, blue, green):
    with using(lang):
        drawer = TrapperDrawer(GAME)
        assert drawer.fact_value("trapper blue", "square.e5") == blue
        assert drawer.fact_value("trapper green, herb 1", "square.e5").startswith(green + ", ")
