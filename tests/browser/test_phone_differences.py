"""A legal move that is not the book's, on a phone (390 × 844): the table of what differs
keeps its words whole. The page lets a long word break anywhere (``overflow-wrap: anywhere``),
and a table's columns then shrink below their words: the Italian head "La mossa del
regolamento" was drawn "regolamen" / "to", "il display di Anna" "displa" / "y".

Drawn without a server: the verdicts are the lesson's own (its page model, as the kernel
answers), the styles the page's (``widgets/static/page.css``), in the story column's width.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.test_judge import kernel_answers

from .test_learn_by_doing import page  # noqa: F401 (page: the fixture)

pytestmark = pytest.mark.browser

CSS = Path(__file__).resolve().parents[2] / "widgets" / "static" / "page.css"
#: the story column of a phone: the viewport less the page's margins
COLUMN = 358

#: every word of every cell of the tables: its pieces of line (a word broken over two lines
#: has two)
BROKEN_JS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('.tp-differences th, .tp-differences td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.tp-sr')) continue;
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  const tables = [...document.querySelectorAll('.tp-differences')];
  return { broken, tables: tables.length,
           wider: tables.filter((t) => t.getBoundingClientRect().width > %d).length };
}""" % COLUMN


def differing_verdicts(lang: str) -> list[str]:
    """The feedback of every listed move at the green turn's second step that the book's move
    is not, in ``lang``: the lesson's own verdicts."""
    tries = [m for i in range(12) for m in ({"type": "go", "index": 1}, {"type": "go", "index": 2},
                                             {"type": "try", "how": "move", "index": i})]
    answers = kernel_answers("trapper/green-turn", lang, tries)[2::3]
    return [a["feedback"] for a in answers if 'class="tp-differences"' in (a.get("feedback") or "")]


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_what_differs_keeps_its_words_whole_on_a_phone(page, lang):  # noqa: F811
    verdicts = differing_verdicts(lang)
    assert len(verdicts) >= 3, lang
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content(
        f"<!doctype html><html lang='{lang}'><head><style>{CSS.read_text(encoding='utf-8')}</style>"
        f"</head><body style='margin:0'><div class='tp-page tp-narrow' style='width:{COLUMN}px'>"
        f"<div class='tp-story'>{''.join(verdicts)}</div></div></body></html>")
    found = page.evaluate(BROKEN_JS)
    assert found["tables"] == len(verdicts)
    assert found["broken"] == [], f"{lang}: words broken over two lines: {found['broken']}"
    assert found["wider"] == 0, f"{lang}: a table wider than the phone's column"
