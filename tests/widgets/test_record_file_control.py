"""The course page's "Read a record file" control speaks the page's language: the browser's
own file control (its "Choose file" / "No file chosen" in the browser's language) is hidden
inside a label that names it in the page's language, and it is described by the page's own
"no file chosen" (course.js puts the chosen file's name there)."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from tutor.core.i18n import using
from widgets.pages.course import record_html
from widgets.parts.texts import T


class Control(HTMLParser):
    """The label around the file input, its words, the input's attributes, the description."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, dict]] = []
        self.label_words: list[str] = []
        self.input: dict | None = None
        self.described: dict[str, str] = {}
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.stack.append((tag, attrs))
        if tag == "input" and attrs.get("type") == "file":
            inside = [a for t, a in self.stack if t == "label"]
            self.input = {**attrs, "in_label": bool(inside) and "tc-read-record" in
                          inside[-1].get("class", "")}
        if "id" in attrs:
            self._in = attrs["id"]
            self.described[self._in] = ""

    def handle_endtag(self, tag):
        while self.stack:
            found, attrs = self.stack.pop()
            if attrs.get("id") == self._in:
                self._in = None
            if found == tag:
                break

    def handle_data(self, data):
        if any(t == "label" and "tc-read-record" in a.get("class", "") for t, a in self.stack):
            self.label_words.append(data)
        if self._in is not None:
            self.described[self._in] += data


@pytest.mark.parametrize("lang", ["en", "nl", "it"])
def test_the_file_control_is_named_and_described_in_the_page_s_language(lang):
    with using(lang):
        page = record_html()
        named, nothing = T._("Read a record file"), T._("No file chosen")
    control = Control()
    control.feed(page)
    found = control.input
    assert found is not None and found["in_label"]  # the label names the input
    assert "tc-file-input" in found["class"].split()  # hidden by course.css, still focusable
    assert "hidden" not in found and found.get("tabindex") != "-1" and "disabled" not in found
    assert "".join(control.label_words).strip() == named
    assert control.described[found["aria-describedby"]].strip() == nothing
    if lang != "en":  # the translator's words, not the English ones
        with using("en"):
            assert named != T._("Read a record file") and nothing != T._("No file chosen")


def test_the_hidden_file_input_stays_reachable_in_the_page_s_styles():
    from pathlib import Path

    import widgets

    css = (Path(widgets.__file__).parent / "static" / "course.css").read_text()
    rule = css[css.index(".tc-file-input {"):].split("}", 1)[0]
    assert "opacity: 0" in rule and "display: none" not in rule and "visibility" not in rule
    assert ".tc-read-record:focus-within" in css  # the focus shows on the label
