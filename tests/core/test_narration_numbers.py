"""A narration's numbers are the engine's (issue 34.5): every number a narration gives for a fact
of its position - money, points, cards, tiles and numbers face up, the roll left, tricks and
tempos, the deck - is read where the narration says it in a form this test knows, and compared
with the engine's facts of the state before its step or after it (the setup's narration: the
starting position; a step's ``why``, the state its stronger move makes). A claim true of
neither fails; what the reader cannot tie to a fact is left
for review (:func:`unread`), never guessed at: step numbers, tile and card values used as names
("bear 4", "card 12"), compartments, dates, sums worked out in the text.

The forms read (``NUM``: digits or a number word; ``NAME``: a player of the lesson; a pronoun,
"she" or "he", is the player to move):

* every game: ``NAME has N points`` (Canyon), ``NAME has N, NAME2 M and NAME3 K`` (Trapper: money);
* Trapper: ``NAME/she holds N green cards, M blue ... and K beige card`` (and ``no blue card``):
  the hand's cards of each colour; ``N loot tile(s) is/are left``; ``NAME ... draws N cards``
  (the hand grows by N); ``doubled N``, ``the bank pays NAME N`` (the money grows by N);
  ``NAME holds (bonus) tile N``;
* Trigger: ``N (of her M / of the M / of her roll) are left`` (the roll left), ``N paid``
  (spent), ``pays N for`` (spent grows by N), ``a total of up to N`` (the roll), ``NAME has N
  number tiles left``, ``NAME shows N numbers (and M stars)`` (face up), ``a board of N tiles,
  all face up``, ``NAME loses the points of all his tiles still face up: N``;
* InTrappola: ``N card(s) (is/are) (left) in the deck``, ``the deck is empty``, ``N cards on the
  table``, ``N in each hand``, ``NAME holds/got N cards``, ``NAME holds 3 and 8`` (cards in the
  hand), ``NAME scores N point(s)`` (the score grows by N);
* Canyon: ``NAME announced N (tricks) and/but won (exactly/only) M`` (tempo, tricks), ``NAME
  won N trick(s) but had announced M``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pytest

from tutor.core.game import CHANCE
from tutor.core.walkthrough import by_id, library, replay

WORDS = {"no": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
         "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
NUM = r"(?:\d+|" + "|".join(w for w in WORDS if w != "no") + r")"
COLOURS = ("green", "blue", "beige", "purple")


#: words after which a number names a thing rather than counts it ("row 2", "card 6", "bear 4")
NAMING = {"row", "rows", "column", "columns", "col", "card", "cards", "place", "places", "corner",
          "field", "fields", "step", "steps", "round", "rounds", "tile", "tempo", "dock", "picture",
          "bear", "elk", "wolf", "mink", "lynx", "salmon", "mushroom", "herb", "canoe",
          "es", "link", "seed", "page", "line", "lines"}


def named(text: str, start: int) -> bool:
    """Whether the number at ``start`` follows a word that makes it a name."""
    before = re.findall(r"[\w-]+", text[max(0, start - 20):start])
    return bool(before) and before[-1].lower() in NAMING


def number(text: str) -> int:
    text = text.lower()
    return WORDS[text] if text in WORDS else int(text)


@dataclass(frozen=True)
class Claim:
    """A number a narration gives, the fact it is about, and what the engine says."""

    said: str  # the words read
    fact: str  # what it is compared with
    value: int  # the narration's number
    before: Any  # the engine's value before the step (None: not known there)
    after: Any

    @property
    def true(self) -> bool:
        return self.value in (self.before, self.after)


@dataclass(frozen=True)
class Scene:
    """What a claim is read against: the game, the states before and after, the facts."""

    game: Any
    before: Any
    after: Any

    def facts(self, when: str) -> dict:
        state = self.before if when == "before" else self.after
        return self.game.facts(state) if state is not None else {}

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.game.players(self.after))

    def mover(self) -> str | None:
        state = self.before if self.before is not None else self.after
        who = self.game.to_move(state)
        return self.players[who] if isinstance(who, int) and who != CHANCE else None


def _names(scene: Scene) -> str:
    return "(?:" + "|".join(re.escape(p) for p in scene.players) + ")"


def _who(scene: Scene, name: str | None) -> str | None:
    if name and name in scene.players:
        return name
    return scene.mover()


def _claim(scene: Scene, said: str, fact: str, value: int,
           read: Callable[[dict], Any]) -> Claim:
    def get(when: str) -> Any:
        facts = scene.facts(when)
        try:
            return read(facts) if facts else None
        except (KeyError, ValueError):
            return None
    return Claim(said, fact, value, get("before"), get("after"))


# ---- the forms read, per game ------------------------------------------------------------------
def _trapper(scene: Scene, text: str) -> Iterator[Claim]:
    names = _names(scene)
    for m in re.finditer(rf"\b(?P<who>{names}) has (?P<n>\d+)(?P<rest>(?:(?:,| and) {names} \d+)*)"
                         rf"(?=[,.;]| and\b|$)", text):
        for who, n in [(m["who"], m["n"])] + re.findall(rf"({names}) (\d+)", m["rest"] or ""):
            yield _claim(scene, m[0], f"money.{who}", int(n), lambda f, w=who: f[f"money.{w}"])
    colour = "|".join(COLOURS)
    item = rf"(?:{NUM}|no) (?:{colour})(?: cards?)?"
    for m in re.finditer(rf"\b(?P<who>{names}|[Ss]he|[Hh]e) holds (?:only )?(?P<list>{item}"
                         rf"(?:(?:,| and|, and) {item})*)", text):
        who = _who(scene, m["who"])
        if who is None:
            continue
        for n, c in re.findall(rf"({NUM}|no) ({colour})", m["list"]):
            yield _claim(scene, m[0], f"hand.{who} ({c})", number(n),
                         lambda f, w=who, c=c: _colour_count(f[f"hand.{w}"], c))
    for m in re.finditer(rf"\b(?P<n>{NUM}) loot tiles? (?:is|are) left", text):
        yield _claim(scene, m[0], "tiles.left", number(m["n"]), lambda f: f["tiles.left"])
    if moved(scene):
        for m in re.finditer(rf"\b(?:(?P<who>{names}) [^.;]*?)?\bdraws (?P<n>{NUM}) cards\b", text):
            who = _who(scene, m["who"])
            if who is not None:
                yield _grown(scene, m[0], f"cards.{who}", number(m["n"]))
    if moved(scene):
        for m in re.finditer(rf"\bdoubled(?:,? is|:? the bank pays (?P<who>{names})|) (?P<n>\d+)|"
                             rf"\bthe bank pays (?P<who2>{names}) (?P<n2>\d+)", text):
            who = _who(scene, m["who"] or m["who2"])
            if who is not None:
                yield _grown(scene, m[0], f"money.{who}", number(m["n"] or m["n2"]))
    for m in re.finditer(rf"\b(?P<who>{names}) (?:already )?holds (?:[\w-]+ )?tile (?P<n>\d+)",
                         text):
        who = m["who"]
        yield _claim(scene, m[0], f"bonus.{who}", int(m["n"]),
                     lambda f, w=who, n=int(m["n"]): n if n in _all_numbers(f[f"bonus.{w}"])
                     else f[f"bonus.{w}"])


def moved(scene: Scene) -> bool:
    """A step with a move that changed the state (a claim of what it changed can be read)."""
    return scene.before is not None and scene.before is not scene.after


def _grown(scene: Scene, said: str, fact: str, value: int) -> Claim:
    """A claim of what the step changed: the fact's growth over the step."""
    grown = scene.facts("after")[fact] - scene.facts("before")[fact]
    return Claim(said, f"{fact} gained", value, None, grown)


def _colour_count(hand: str, colour: str) -> int:
    found = re.search(rf"\b{colour} (\d+)", hand)
    if found is None:
        raise KeyError(colour)
    return int(found[1])


def _all_numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", str(text))]


def _side(scene: Scene, name: str) -> str | None:
    for key in scene.facts("after"):
        if key.startswith("up.") and name in key[3:].split("+"):
            return key[3:]
    return None


def _trigger(scene: Scene, text: str) -> Iterator[Claim]:
    names = _names(scene)
    for m in re.finditer(rf"\b(?P<n>{NUM})(?: points)?(?: of (?:her|his|their|your) "
                         rf"(?:roll|(?P<m>{NUM}))| of the (?P<m2>{NUM}))? (?:are|is) "
                         rf"(?:still )?left\b",
                         text):
        yield _claim(scene, m[0], "left", number(m["n"]), lambda f: f["left"])
        if m["m"] or m["m2"]:
            yield _claim(scene, m[0], "roll", number(m["m"] or m["m2"]), lambda f: f["roll"])
    for m in re.finditer(rf"\b(?P<n>{NUM}) paid\b", text):
        yield _claim(scene, m[0], "spent", number(m["n"]), lambda f: f["spent"])
    if moved(scene):
        for m in re.finditer(rf"\bpays (?P<n>{NUM}) for\b", text):
            yield _grown(scene, m[0], "spent", number(m["n"]))
    for m in re.finditer(rf"\ba total of up to (?P<n>{NUM})\b", text):
        yield _claim(scene, m[0], "roll", number(m["n"]), lambda f: f["roll"])
    for m in re.finditer(rf"\ba board of (?P<n>{NUM}) tiles, all face up", text):
        for key in scene.facts("after"):
            if key.startswith("up."):
                yield _claim(scene, m[0], key, number(m["n"]), lambda f, k=key: f[k])
    for m in re.finditer(rf"\b(?P<who>{names}) loses the points of all (?:his|her|its|their) "
                         rf"tiles still face up: (?P<n>\d+)", text):
        side = _side(scene, m["who"])
        if side is not None:
            yield _claim(scene, m[0], f"points.{side}", int(m["n"]),
                         lambda f, s=side: f[f"points.{s}"])
    for m in re.finditer(rf"\b(?P<who>{names}) (?:has|still has) (?P<n>{NUM}) number tiles? "
                         rf"left\b|\b(?P<who2>{names}) (?:still )?shows (?P<n2>{NUM}) numbers?"
                         rf"(?: and (?P<s>{NUM}|a) stars?)?", text):
        side = _side(scene, m["who"] or m["who2"])
        if side is None:
            continue
        yield _claim(scene, m[0], f"numbers face up of {side}", number(m["n"] or m["n2"]),
                     lambda f, s=side: f[f"up.{s}"] - f[f"stars.{s}"])
        if m["s"]:
            yield _claim(scene, m[0], f"stars.{side}", 1 if m["s"] == "a" else number(m["s"]),
                         lambda f, s=side: f[f"stars.{s}"])


def _intrappola(scene: Scene, text: str) -> Iterator[Claim]:
    names = _names(scene)
    for m in re.finditer(rf"\b(?P<n>{NUM}) (?:cards? )?(?:is |are )?(?:lie |left )?(?:left )?"
                         rf"in the deck|\b(?P<n2>{NUM}) cards are the deck", text):
        yield _claim(scene, m[0], "deck", number(m["n"] or m["n2"]), lambda f: f["deck"])
    for m in re.finditer(r"\bthe deck is empty", text):
        yield _claim(scene, m[0], "deck", 0, lambda f: f["deck"])
    for m in re.finditer(rf"\b(?P<n>{NUM}) (?:cards? )?(?:lie |lies )?on the table", text):
        yield _claim(scene, m[0], "table.count", number(m["n"]), lambda f: f["table.count"])
    for m in re.finditer(rf"\b(?P<n>{NUM}) in each hand", text):
        for who in scene.players:
            yield _claim(scene, m[0], f"hand.{who}.count", number(m["n"]),
                         lambda f, w=who: f[f"hand.{w}.count"])
    for m in re.finditer(rf"\b(?P<who>{names}|[Hh]e|[Ss]he) (?:holds|got|has) (?P<n>{NUM}) cards\b",
                         text):
        who = _who(scene, m["who"])
        if who is not None:
            yield _claim(scene, m[0], f"hand.{who}.count", number(m["n"]),
                         lambda f, w=who: f[f"hand.{w}.count"])
    for m in re.finditer(rf"\b(?P<who>{names}) (?:holds|holding) (?:card )?(?P<list>\d+"
                         rf"(?:(?:,| and|, and) \d+)*)(?! (?:cards|points))", text):
        who = m["who"]
        for card in _all_numbers(m["list"]):
            yield _claim(scene, m[0], f"hand.{who} (card {card})", card,
                         lambda f, w=who, c=card: c if c in _all_numbers(f[f"hand.{w}"])
                         else f[f"hand.{w}"])
    if moved(scene):
        for m in re.finditer(rf"\b(?P<who>{names}) scores (?P<n>{NUM}) points?\b", text):
            yield _grown(scene, m[0], f"score.{m['who']}", number(m["n"]))


def _canyon(scene: Scene, text: str) -> Iterator[Claim]:
    names = _names(scene)
    for m in re.finditer(rf"\b(?P<who>{names}) has (?P<n>{NUM}) points?(?P<rest>(?:(?:,| and) "
                         rf"{names} {NUM})*)", text):
        pairs = [(m["who"], m["n"])] + re.findall(rf"({names}) ({NUM})", m["rest"] or "")
        for who, n in pairs:
            yield _claim(scene, m[0], f"points.{who}", number(n), lambda f, w=who: f[f"points.{w}"])
    for m in re.finditer(rf"\b(?P<who>{names}) announced (?P<n>{NUM})(?: tricks?)? (?:and|but) "
                         rf"won (?:exactly |only )?(?P<w>{NUM}|nothing)", text):
        who = m["who"]
        yield _claim(scene, m[0], f"tempo.{who}", number(m["n"]), lambda f, w=who: f[f"tempo.{w}"])
        won = 0 if m["w"] == "nothing" else number(m["w"])
        yield _claim(scene, m[0], f"tricks.{who}", won, lambda f, w=who: f[f"tricks.{w}"])
    for m in re.finditer(rf"\b(?P<who>{names}) won (?P<w>{NUM}) tricks? but had announced "
                         rf"(?P<n>{NUM})", text):
        who = m["who"]
        yield _claim(scene, m[0], f"tricks.{who}", number(m["w"]),
                     lambda f, w=who: f[f"tricks.{w}"])
        yield _claim(scene, m[0], f"tempo.{who}", number(m["n"]), lambda f, w=who: f[f"tempo.{w}"])


READERS = {"trapper": _trapper, "trigger": _trigger, "intrappola": _intrappola,
           "canyon": _canyon}


# ---- reading a lesson --------------------------------------------------------------------------
def _texts(walk, replayed) -> Iterator[tuple[str, Scene, str]]:
    """Each narration (the setup's first), where it is, and its scene; a step's reason for a
    weaker move (``why``) speaks of the stronger move: its scene is the state that move makes."""
    game = replayed.game
    yield "setup", Scene(game, None, replayed.frames[0].state), walk.intro
    for step, frame in zip(walk.steps, replayed.frames[1:]):
        yield f"step {frame.index}", Scene(game, frame.before, frame.state), step.narration
        if frame.stronger is not None and frame.before is not None:
            better = game.apply(frame.before, game.parse_move(frame.before, frame.stronger))
            yield f"step {frame.index} (why)", Scene(game, frame.before, better), step.why


def claims(walk) -> list[tuple[str, Claim]]:
    replayed = replay(walk)
    reader = READERS.get(replayed.game.name)
    if reader is None:
        return []
    found = []
    for where, scene, text in _texts(walk, replayed):
        text = " ".join(text.split())
        found.extend((where, claim) for claim in reader(scene, text)
                     if not named(text, text.find(claim.said)))
    return found


def false_numbers(walk) -> list[str]:
    return [f"{walk.id} {where}: '{c.said}' gives {c.fact} = {c.value}, the engine "
            + (f"{c.before!r} before the step and {c.after!r} after it" if c.before is not None
               else f"{c.after!r}")
            for where, c in claims(walk) if not c.true]


def unread(walk) -> list[str]:
    """The numbers of the narrations no form above reads and that are not names (a compartment
    "c4", "card 12", "row 2"): left for a reader (``python tests/core/test_narration_numbers.py``
    lists them)."""
    replayed = replay(walk)
    reader = READERS.get(replayed.game.name)
    left = []
    for where, scene, text in _texts(walk, replayed):
        text = " ".join(text.split())
        read = {c.said for c in (reader(scene, text) if reader else ())}
        covered = [(m.start(), m.end()) for said in read
                   for m in re.finditer(re.escape(said), text)]
        for m in re.finditer(rf"\b{NUM}\b", text):
            if not any(a <= m.start() < b for a, b in covered) and not named(text, m.start()) \
                    and not re.match(r"[a-h]\d", text[m.start() - 1:m.end()]):
                left.append(f"{walk.id} {where}: {text[max(0, m.start() - 30):m.end() + 30]}")
    return left


WALKS = sorted(library())


@pytest.mark.parametrize("wid", WALKS)
def test_a_narration_s_numbers_are_the_engine_s(wid):
    assert false_numbers(by_id(wid)) == []


def test_the_reader_reads_claims_in_every_game_it_knows():
    """The forms are read at all: each game's lessons give the test claims to compare, and a
    good share of them (the reader is not silently reading nothing)."""
    read = {}
    for wid in WALKS:
        read[wid.split("/")[0]] = read.get(wid.split("/")[0], 0) + len(claims(by_id(wid)))
    assert all(read.get(game, 0) >= 5 for game in READERS), read


def test_a_false_number_fails_and_names_the_fact():
    """The check itself: a Trigger setup that says Ben shows five numbers where he shows four,
    and a roll said to leave 5 where 6 are left; the same text with the engine's numbers
    passes."""
    from tutor.core import walkthrough as wt

    text = '''game = "trigger"
title = "t"
[setup]
position = """
players: Anna Ben
turn: Anna
roll: 5 6
board Anna:
  (5)  (3)  (2)  (1)    *   11
  (8) (12)  (4)  (9)  (6)  (10)
  (7)    *  (11)  (3) (12)   (2)
 (10)  (6)   (1)  (8)  (5)   (9)
  (4)  (9)  (12)    *  (7)   (3)
  (2) (11)   (6) (10)  (4)   (8)
board Ben:
    9    *   12    7    *   (2)
 (11)  (6)   (3) (10)  (8)   (5)
 (*)   (1)   (9)  (2) (12)   (7)
 (5)  (10)   (4) (11)  (3)   (*)
 (12)  (2)   (8)  (6)  (9)   (1)
 (3)   (7)  (11)  (4) (10)   (6)
"""
narration = "Ben still shows five numbers and two stars."
[[steps]]
move = "flip f1"
narration = "The 11: 5 are left."
'''
    found = false_numbers(wt.parse(text, "bad.toml"))
    assert len(found) == 2, found
    assert "numbers face up of Ben = 5" in found[0] and "3" in found[0]
    assert "'5 are left' gives left = 5" in found[1] and "0 after it" in found[1]
    good = text.replace("five numbers", "three numbers").replace("5 are left", "0 are left")
    assert false_numbers(wt.parse(good, "good.toml")) == []


def translated_numbers(walk, langs=("nl", "it")) -> list[str]:
    """The texts of a lesson whose Dutch or Italian gives other numbers (in digits) than the
    English: a number fixed in English and left in a translation, or one lost in it."""
    from collections import Counter

    from tutor.core.i18n import translator, using, walkthrough_texts

    T = translator(walk.game)
    found = []
    for text in walkthrough_texts(walk):
        english = Counter(re.findall(r"\d+", text))
        for lang in langs:
            with using(lang):
                local = T.p_(walk.id, text)
            if local != text and Counter(re.findall(r"\d+", local)) != english:
                found.append(f"{walk.id} {lang}: {local!r} (English: {text!r})")
    return found


@pytest.mark.parametrize("wid", WALKS)
def test_a_translation_gives_the_english_numbers(wid):
    assert translated_numbers(by_id(wid)) == []


def test_a_translation_with_another_number_is_found(tmp_path, monkeypatch):
    """The check itself, on a catalog made here: a Dutch narration that kept an old number."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from examples.nim import GAME as NIM
    from tutor.core import i18n, registry
    from tutor.core import walkthrough as wt

    registry.register(NIM)
    walk = wt.parse('game = "nim"\ntitle = "t"\n[setup]\nposition = "heap: 6"\n'
                    'narration = "Six counters."\n[[steps]]\nmove = "take 2"\n'
                    'narration = "4 are left."\n', "n.toml", wid="nim/n")
    folder = tmp_path / "nl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = ('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
          'msgctxt "nim/n"\nmsgid "4 are left."\nmsgstr "Er zijn er nog 5."\n')
    (folder / "nim.po").write_text(po, encoding="utf-8")
    with open(folder / "nim.po", "rb") as source, open(folder / "nim.mo", "wb") as target:
        write_mo(target, read_po(source))
    original = i18n.translator
    monkeypatch.setattr(i18n, "translator",
                        lambda domain, localedir=None: original(domain, tmp_path))
    assert translated_numbers(walk, ("nl",)) == [
        "nim/n nl: 'Er zijn er nog 5.' (English: '4 are left.')"]


if __name__ == "__main__":  # the claims left for review
    for wid in WALKS:
        for line in unread(by_id(wid)):
            print(line)
