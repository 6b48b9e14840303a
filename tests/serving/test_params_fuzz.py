"""widgets/serving/params.py over any address: never an exception, always a step in range, a short
sentence for anything it cannot use (issue 14.6: thousands of digits gave an error page)."""
from __future__ import annotations

from urllib.parse import quote

from hypothesis import given, settings, strategies as st

from tutor.core.i18n import LANGUAGES
from widgets.serving.params import Request, parse_request, parse_step

digits = st.text("0123456789", min_size=1, max_size=6000)
junk = st.text(max_size=300)
values = st.one_of(digits, st.builds(lambda s, d: s + d, st.sampled_from(["-", "+", "-0", " "]), digits),
                   junk, st.binary(max_size=200).map(lambda b: quote(b)))
names = st.sampled_from(["step", "lang", "present", "restore", "x", "", "step[]", "%73tep"])
fields = st.lists(st.tuples(names, values), max_size=8)
queries = st.one_of(fields.map(lambda pairs: "&".join(f"{n}={v}" for n, v in pairs)), junk,
                    st.text(alphabet="=&;%?+ step0123456789", max_size=400))


@settings(max_examples=400, deadline=None)
@given(query=queries, last=st.integers(min_value=0, max_value=60),
       accept=st.one_of(junk, st.just("nl-NL,nl;q=0.9"), st.just("it;q=x, en;q=0.1")))
def test_any_address_gives_a_request_and_a_step_in_range(query, last, accept):
    request = parse_request(query, accept_language=accept)
    assert isinstance(request, Request)
    assert request.lang in LANGUAGES
    assert isinstance(request.present, bool)
    assert len(request.lang_message) < 300
    choice = request.step_choice(last)
    assert 0 <= choice.index <= last
    assert len(choice.message) < 300
    assert "\x00" not in choice.message


@settings(max_examples=300, deadline=None)
@given(raw=st.one_of(values, st.integers(), st.none()), last=st.integers(min_value=0, max_value=60))
def test_any_step_value_is_clamped_with_a_sentence(raw, last):
    choice = parse_step(raw, last)
    assert 0 <= choice.index <= last
    if choice.message:
        assert "step" in choice.message and str(choice.index) in choice.message


def test_thousands_of_digits_open_the_last_step_with_a_short_sentence():
    choice = parse_request("step=" + "4" * 5000).step_choice(last=7)
    assert choice.index == 7 and "0 to 7" in choice.message and len(choice.message) < 200
    choice = parse_request("step=-" + "4" * 5000).step_choice(last=7)
    assert choice.index == 0 and "start at 0" in choice.message
