"""The static site's "Write a lesson" page (issue 33) paints before Python starts, as free play
does: its board and title in each language, and the loading line that says how far Python's
start is (its controls all need Python). No site is built: the build's own paint is called."""
from __future__ import annotations

import re
from pathlib import Path

from tutor.core.i18n import using

from sitebuild import paint
from widgets.parts.words import words

AUTHOR = Path(__file__).resolve().parents[2] / "notebooks" / "author.ipynb"


def test_the_author_page_has_a_first_paint_in_every_language_and_waits_for_python():
    call = paint.notebook_call(AUTHOR)
    assert call is not None and call[0] in paint.WAITING
    shown = paint.first_paints(AUTHOR)
    assert sorted(shown) == sorted(paint.LANGUAGES)
    for lang, page in shown.items():
        with using(lang):
            title = words("author")["title"]
        assert re.search(r'<h1 class="tp-title"[^>]*>([^<]*)</h1>', page).group(1) == title, lang
        assert "<svg" in page and "data-python-loading=" in page, lang


def test_the_drills_first_paint_is_the_frame_the_drills_page_draws():
    """The drills page's first paint was a third copy of the frame's HTML (sitebuild/paint.py),
    without the message line, the board's column or the story: now the page's own frame."""
    from tests.widgets.test_preview import skeleton
    from widgets.app import drills_view
    from widgets.serving.params import parse_request

    for lang in ("nl", "it"):
        shown = paint.drills_paint("trapper", lang)
        with using(lang):
            page = drills_view("trapper", seed=0, asked=parse_request(f"lang={lang}"))
            assert skeleton(shown) == skeleton(page.frame)
            assert words("drills")["home"] in shown and f'lang="{lang}"' in shown
