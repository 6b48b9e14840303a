"""The site's Voici build compiles each page template once (sitebuild/voici.py): nbconvert
makes a Jinja environment per notebook, and each compiled the same templates again."""
from __future__ import annotations

import jinja2

from sitebuild.voici import Compiled


def environment(cache: Compiled, templates: dict[str, str]) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.DictLoader(templates), bytecode_cache=cache,
                              autoescape=True)


def test_a_template_is_compiled_once_for_every_environment_and_again_when_it_changes(monkeypatch):
    compiled: list[str] = []
    compile_source = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return compile_source(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    cache = Compiled()
    pages = {"page.html": "<p>{{ lesson }}</p>{% include 'part.html' %}", "part.html": "<b>part</b>"}
    first = environment(cache, pages).get_template("page.html").render(lesson="Trapper")
    again = environment(cache, dict(pages)).get_template("page.html").render(lesson="Canyon")
    assert first == "<p>Trapper</p><b>part</b>" and again == "<p>Canyon</p><b>part</b>"
    assert sorted(compiled) == ["page.html", "part.html"]  # the second environment compiled none
    changed = environment(cache, {**pages, "part.html": "<i>new</i>"})
    assert changed.get_template("page.html").render(lesson="x") == "<p>x</p><i>new</i>"
    assert sorted(compiled) == ["page.html", "part.html", "part.html"]  # only what changed


def test_voici_s_exporters_share_the_cache(monkeypatch):
    from nbconvert.exporters.templateexporter import TemplateExporter

    from sitebuild import voici

    monkeypatch.setattr(TemplateExporter, "_create_environment",
                        TemplateExporter._create_environment)  # put back after the test
    cache = Compiled()
    voici.share(cache)
    made = [TemplateExporter(template_name="classic")._create_environment() for _ in range(2)]
    assert made[0] is not made[1] and all(e.bytecode_cache is cache for e in made)
