"""The HTML pieces the lesson page and free play share: ONE way to show each thing.

A move, a refused move (the refusal box), the narration, the rules of a step, a message.
Everything learner-facing goes through the ``widgets`` translator; what comes from data
(narrations, rule texts, move texts) is escaped, never trusted as markup.

>>> paragraphs("Bear 4 <blocked>.\\n\\nTake mushroom 5.")
'<p>Bear 4 &lt;blocked&gt;.</p><p>Take mushroom 5.</p>'
>>> move_html("green: take d3")
'<div class="tp-move">Move: <code>green: take d3</code></div>'
>>> message_html("Loaded.", kind="note")
'<div class="tp-message tp-note" role="status">Loaded.</div>'
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Collection, Iterable

from tutor.core.i18n import current
from widgets.parts.svg import esc
from widgets.parts.texts import T


def paragraphs(words: str) -> str:
    """Plain text as HTML paragraphs (a blank line starts a new one); nothing is markup."""
    parts = [p.strip() for p in words.split("\n\n") if p.strip()]
    return "".join(f"<p>{esc(' '.join(p.split()))}</p>" for p in parts)


def stronger_html(frame: Any) -> str:
    """A step that plays a weaker move on purpose: the stronger move and the lesson's reason,
    under the narration (``data-stronger``: the move's canonical text); nothing otherwise."""
    words = stronger_words(frame)
    if words is None:
        return ""
    label, shown, reason = words
    return (f'<p class="tp-stronger" data-stronger="{esc(frame.stronger)}">'
            f'{esc(label)} <code>{esc(shown)}</code> — {esc(reason)}</p>')


def stronger_words(frame: Any) -> tuple[str, str, str] | None:
    """What :func:`stronger_html` says, as plain texts: its label, the move, the reason."""
    move = getattr(frame, "stronger", None)
    if not move:
        return None
    shown = getattr(frame, "stronger_shown", None) or move
    return (T._("A stronger play was"), shown,
            T._("the lesson plays this one because: {why}", why=getattr(frame, "why", "")))


def move_html(move_text: str | None) -> str:
    """The move a step makes (nothing when it makes none)."""
    if not move_text:
        return ""
    return f'<div class="tp-move">{esc(T._("Move:"))} <code>{esc(move_text)}</code></div>'


def refusal_html(refusal: Any, rule: Any = None, move_text: str | None = None,
                 note: str = "") -> str:
    """A refused move, clearly marked: the move, the plain reason, the rule's title and id
    (and its short text when ``rule`` is given, as free play shows it); ``note`` under it."""
    words = move_text or getattr(refusal, "move_text", "") or ""
    move = f" <code>{esc(words)}</code>" if words else ""
    told = (f'<div class="tp-refusal-rule"><b>{esc(rule.title)}</b>: {esc(rule.text)}</div>'
            if rule is not None else "")
    return (f'<div class="tp-refusal" role="alert" data-rule="{esc(refusal.rule_id)}">'
            f'<div><b class="tp-refused">✖ '
            f'{esc(T._("Refused:"))}</b>{move}</div>'
            f'<div>{esc(refusal.reason)} <code class="tp-rule-id">[{esc(refusal.rule_id)}]</code>'
            f"</div>{told}"
            + (f'<div class="tp-refusal-note">{esc(note)}</div>' if note else "") + "</div>")


def rule_html(rule: Any, book: str = "") -> str:
    """One rule: its title (a heading), its short text; the reading we chose one click away
    (``<details>``), and where the printed rulebook has it (:attr:`tutor.core.rules.Rule.section`):
    in the edition in ``book``'s language, named where it is not the page's (:func:`book_label`)."""
    more = ""
    if rule.reading:
        more += (f'<details class="tp-reading"><summary>{esc(T._("Our reading"))}</summary>'
                 f"<p>{esc(rule.reading)}</p></details>")
    if rule.section:  # where the printed book has it (our citation of the seed's lines is not shown)
        more += (f'<div class="tp-source" data-section="{esc(rule.section)}" data-book="{esc(book)}">'
                 f'{esc(book_label(book))} {esc(rule.section)}</div>')
    return (f'<section class="tp-rule" aria-label="{esc(rule.title)}">'
            f'<h3 class="tp-rule-title">{esc(rule.title)} '
            f'<code class="tp-rule-id">{esc(rule.id)}</code></h3>'
            f'<p class="tp-rule-text">{esc(rule.text)}</p>{more}</section>')


def book_label(book: str) -> str:
    """What stands before a rule's section: the rulebook, named by its language where the
    learner reads another one (an Italian learner of Canyon is sent to the Dutch book)."""
    if book == "nl" and current() != "nl":
        return T._("In the Dutch rulebook:")
    if book == "it" and current() != "it":
        return T._("In the Italian rulebook:")
    return T._("In the rulebook:")


def rules_html(game: Any, rule_ids: Iterable[str]) -> str:
    """The rules of a step, the first one first (a refused step's refusing rule); each points
    into the printed rulebook in the page's language where the game has one, else its first."""
    found = [game.rules[r] for r in rule_ids if r in game.rules]
    if not found:
        return f'<p class="tp-note">{esc(T._("No rule is named for this step."))}</p>'
    books = game.rulebooks
    book = current() if current() in books else (books[0] if books else "")
    return "".join(rule_html(r, book) for r in found)


def message_html(words: str, kind: str = "note") -> str:
    """A plain message: ``note`` (information) or ``problem`` (something could not be done)."""
    if not words:
        return ""
    role = "alert" if kind == "problem" else "status"
    return f'<div class="tp-message tp-{kind}" role="{role}">{esc(words)}</div>'


# ---- learning by doing: what a try or an answer meant ------------------------------------------
#: a fact's value in the page's words, from the value and the fact's key (a board drawer's
#: ``fact_value``); plain :func:`fact_text` where no drawer is at hand
Worded = Callable[[Any, str], str]


def attempt_said(attempt: Any, value: Worded) -> str:
    """What a screen reader hears of a try: the attempt's message, the values of a legal but
    different move's facts in the page's words (``value``), not the engine's ("green 2, blue
    0", "yes"): the engine names the first :data:`~tutor.core.lesson.FACTS_NAMED` of them.

    >>> from tutor.core.lesson import Attempt, Difference, Verdict
    >>> d = Difference("over", "the game is over", True, False)
    >>> attempt_said(Attempt(Verdict.DIFFERENT, None, "", None, f"Legal: {d.text}.",
    ...                      differences=(d,)), lambda v, k: f"<{v}>")
    'Legal: the game is over: yours <True>, the book’s <False>.'
    """
    from tutor.core.lesson import FACTS_NAMED

    if attempt.verdict.value != "different" or not attempt.differences:
        return attempt.message
    named = attempt.differences[:FACTS_NAMED]
    worded = (replace(d, yours=value(d.yours, d.key), book=value(d.book, d.key)) for d in named)
    return attempt.message.replace("; ".join(d.text for d in named),
                                   "; ".join(d.text for d in worded))


def attempt_html(attempt: Any, game: Any, value: Worded | None = None,
                 cards: Collection[str] = ()) -> str:
    """What a try of a try-it step meant (a :class:`tutor.core.lesson.Attempt`): right, the
    book's move shown, refused (the rule's title; its text, and our reading one click away,
    unless the step's rule ``cards`` already show that rule), legal but different (the facts
    that differ, yours against the book's: their values in the page's words by ``value``), or
    text that could not be read. The box says it in ``data-verdict`` (the
    :class:`~tutor.core.lesson.Verdict`) and ``data-rule`` (the rule that refused the move)."""
    worded = value or (lambda found, key: fact_text(found))
    verdict = attempt.verdict.value
    data = f'data-verdict="{verdict}"' + (f' data-rule="{esc(attempt.rule_id)}"' if attempt.rule_id else "")
    if verdict in ("book", "accepted"):
        return (f'<div class="tp-verdict tp-right" role="status" {data}><b>✓ {esc(attempt.message)}</b>'
                f'<div>{esc(T._("Your move:"))} <code>{esc(attempt.move_text)}</code></div></div>')
    if verdict == "shown":
        return f'<div class="tp-verdict tp-shown" role="status" {data}>{esc(attempt.message)}</div>'
    if verdict == "illegal":
        rule = game.rules.get(attempt.rule_id) if attempt.rule_id else None
        # a rule the step's cards show is said there once (on a projector the box pushed the
        # move list out of sight saying it again); another one is said here
        on_card = attempt.rule_id in cards
        reading = (f'<details class="tp-verdict-reading"><summary>{esc(T._("Our reading"))}'
                   f"</summary><p>{esc(attempt.reading)}</p></details>"
                   if attempt.reading and not on_card else "")
        text = (f'<p class="tp-verdict-rule">{esc(rule.text)}</p>'
                if rule is not None and not on_card else "")
        return (f'<div class="tp-verdict tp-wrong tp-refusal" role="alert" {data}>'
                f'<div><b class="tp-refused">✖ {esc(T._("Refused:"))}</b> '
                f"<code>{esc(attempt.move_text)}</code></div>"
                f"<div>{esc(attempt.reason)}</div>"
                f'<div class="tp-verdict-title"><b>{esc(attempt.title)}</b> '
                f'<code class="tp-rule-id">[{esc(attempt.rule_id)}]</code></div>{text}{reading}'
                f'<div class="tp-refusal-note">{esc(T._("Nothing changed on the board: try again."))}'
                "</div></div>")
    if verdict == "different":
        rows = "".join(f"<tr><th scope=\"row\">{esc(d.label)}</th><td>{esc(worded(d.yours, d.key))}</td>"
                       f"<td>{esc(worded(d.book, d.key))}</td></tr>" for d in attempt.differences[:6])
        table = (f'<table class="tp-differences"><tr><th scope="col">'
                 f'<span class="tp-sr">{esc(T._("Fact"))}</span></th>'
                 f'<th scope="col">{esc(T._("Your move"))}</th>'
                 f'<th scope="col">{esc(T._("The book’s move"))}</th></tr>{rows}</table>'
                 if rows else "")
        headline = (T._("Legal, but not the move of the book. What differs:") if rows
                    else attempt.message)
        return (f'<div class="tp-verdict tp-wrong tp-different" role="alert" {data}>'
                f'<div><b>≠ {esc(headline)}</b></div>'
                f'<div>{esc(T._("You tried:"))} <code>{esc(attempt.move_text)}</code></div>'
                f"{table}</div>")
    return f'<div class="tp-verdict tp-wrong tp-problem" role="alert" {data}>{esc(attempt.message)}</div>'


def fact_text(value: Any) -> str:
    """A fact's value as the page shows it: a truth value as yes or no, in its language."""
    if isinstance(value, bool):
        return T._("yes") if value else T._("no")
    return "" if value is None else str(value)


def answer_html(answer: Any) -> str:
    """What an answer to a question meant (a :class:`tutor.core.lesson.Answer`): right, or
    the right answer and the rule that decides it; an answer that could not be read says
    what is expected. The box says it in ``data-verdict`` (``right``, ``wrong``, ``told``: the
    answer given without the learner's, ``unreadable``) and ``data-rule``."""
    if not answer.readable and answer.given:
        return (f'<div class="tp-verdict tp-wrong tp-problem" role="alert" data-verdict="unreadable">'
                f"{esc(answer.message)}</div>")
    kind = "tp-right" if answer.right else ("tp-shown" if not answer.given else "tp-wrong")
    verdict = "right" if answer.right else ("told" if not answer.given else "wrong")
    mark = "✓ " if answer.right else ("" if not answer.given else "✖ ")
    said = (f'<div>{esc(T._("Your answer:"))} <b>{esc(answer.given)}</b></div>'
            if answer.given and not answer.right else "")
    return (f'<div class="tp-verdict {kind}" role="status" data-verdict="{verdict}" '
            f'data-rule="{esc(answer.rule_id)}"><b>{mark}{esc(answer.message)}</b> '
            f'<code class="tp-rule-id">[{esc(answer.rule_id)}]</code>{said}</div>')
