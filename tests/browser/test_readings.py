"""The reading one click away (issue 24): at 1024 × 768 (a projector), on every step of every
lesson whose rule has a reading of ours, the reading's disclosure ("Our reading") — or a link
to it under the narration — is on the screen with the narration, not below the fold.

One page of the course app: the lessons are opened in place (one kernel), each step picked from
the step list and measured inside the page, so the walk over every step stays quick.
"""
from __future__ import annotations

import pytest

from tests.conftest import forget

from .stepping import open_in_place

pytestmark = pytest.mark.browser

#: Every step of the lesson shown: picked from the step list, measured once fitted (the page
#: fits on an idle callback). For each rule card with a reading: whether its summary, or a
#: link to it, is in view (and the narration's top).
WALK_JS = """
async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const idle = () => new Promise((done) => (window.requestIdleCallback || setTimeout)(() => done(), {timeout: 300}));
  const list = document.querySelector('.tp-page:not(.tp-first) select.tp-step-list');
  const found = [];
  let readings = 0;
  for (let i = 0; i < list.options.length; i++) {
    if (list.value !== String(i)) { list.value = String(i); list.dispatchEvent(new Event('change')); }
    for (let t = 0; t < 400; t++) { // the step held, or sent by the kernel
      const root = document.querySelector('.tp-page:not(.tp-first)');
      if (!root.hasAttribute('aria-busy') && list.value === String(i)) break;
      await new Promise((done) => setTimeout(done, 25));
    }
    await frame(); await idle(); await frame(); await frame();
    const fold = window.innerHeight;
    const seen = (e) => { if (!e || e.closest('[hidden]')) return false;
      const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= fold; };
    const narration = document.querySelector('.tp-narration');
    for (const card of document.querySelectorAll('.tp-page:not(.tp-first) .tp-rules .tp-rule')) {
      const summary = card.querySelector('.tp-reading summary');
      if (!summary) continue;
      readings += 1;
      const id = card.querySelector('.tp-rule-id').textContent;
      const link = document.querySelector(`.tp-reading-link[data-rule="${id}"]`);
      if (!seen(summary) && !seen(link)) found.push({step: i, rule: id, summary: Math.round(summary.getBoundingClientRect().bottom)});
    }
    if (narration.getBoundingClientRect().top > fold - 40) found.push({step: i, narration: 'below the fold'});
  }
  return {found, readings, steps: list.options.length};
}
"""


def test_every_step_s_reading_is_in_view_with_the_narration_on_a_projector(warm_context, voila):
    from widgets.pages.course import walkthrough_links

    page = warm_context.new_page()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        missed, readings = [], 0
        for notebook in [link[3] for link in walkthrough_links()]:
            open_in_place(page, voila, notebook)  # as a link of the course opens it
            walked = page.evaluate(WALK_JS)
            readings += walked["readings"]
            missed += [(notebook, m) for m in walked["found"]]
        assert readings > 100, f"only {readings} readings met: the walk did not see the steps"
        assert not missed, f"{len(missed)} readings below the fold at 1024 x 768: {missed[:12]}"
        assert not errors, errors
    finally:
        forget(warm_context)
