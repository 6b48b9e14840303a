"""The engine's refusals of a move object, a saved state's JSON and a state that is no state of
the game are said in the page's language: the move guard (tutor/core/movecheck.py), the state
codec (tutor/core/codec.py) and ``Game.from_json``'s check were English on Dutch and Italian
pages. Each case is the whole text in English (today's wording, unchanged) and in Dutch and
Italian as the core catalog says it."""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, Literal, Mapping, TypeVar

import pytest

from examples.nim import GAME as NIM
from tutor.core import movecheck, registry
from tutor.core.codec import Codec, JsonForm
from tutor.core.errors import BadMove, BadOption, BadState, MalformedInput
from tutor.core.i18n import using

A, B = TypeVar("A"), TypeVar("B")


class Game(Generic[A, B]):
    """Named as the engine's base is: the move guard reads ``Game[State, Move]``."""


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    n: int


@dataclass(frozen=True)
class Step:  # a move with a field of every kind the guard checks
    whole: int = 0
    num: float = 0.0
    text: str = ""
    flag: bool = False
    nothing: None = None
    kind: Literal["a", "b"] = "a"
    many: tuple[int, ...] = ()
    pair: tuple[int, str] = (0, "")
    colour: Colour = Colour.RED
    inner: Inner = Inner(0)


class Toy(Game[int, Step]):
    name = "toy"


def _move(**fields: object) -> Step:
    return dataclasses.replace(Step(), **fields)  # type: ignore[arg-type]


# case: the move, then its problem in English, Dutch and Italian
MOVES: dict[str, tuple[object, str, str, str]] = {
    "class": ("step", "a str is not a move of toy (its moves: Step)",
              "een str is geen zet van toy (de zetten: Step)",
              "un str non è una mossa di toy (le sue mosse: Step)"),
    "whole": (_move(whole="1"), "Step: field 'whole' must be a whole number, not str",
              "Step: veld 'whole' moet een geheel getal zijn, niet str",
              "Step: il campo 'whole' deve essere un numero intero, non str"),
    "huge": (_move(whole=2**70), "Step: field 'whole' is a whole number out of range",
             "Step: veld 'whole' is een geheel getal buiten het bereik",
             "Step: il campo 'whole' è un numero intero fuori dall'intervallo"),
    "num": (_move(num="x"), "Step: field 'num' must be a number, not str",
            "Step: veld 'num' moet een getal zijn, niet str",
            "Step: il campo 'num' deve essere un numero, non str"),
    "text": (_move(text=1), "Step: field 'text' must be a text, not int",
             "Step: veld 'text' moet een tekst zijn, niet int",
             "Step: il campo 'text' deve essere un testo, non int"),
    "flag": (_move(flag=1), "Step: field 'flag' must be yes or no, not int",
             "Step: veld 'flag' moet ja of nee zijn, niet int",
             "Step: il campo 'flag' deve essere sì o no, non int"),
    "nothing": (_move(nothing=0), "Step: field 'nothing' must be empty (None), not int",
                "Step: veld 'nothing' moet leeg (None) zijn, niet int",
                "Step: il campo 'nothing' deve essere vuoto (None), non int"),
    "literal": (_move(kind="c"), "Step: field 'kind' must be one of ['a', 'b']",
                "Step: veld 'kind' moet een van ['a', 'b'] zijn",
                "Step: il campo 'kind' deve essere uno tra ['a', 'b']"),
    "tuple": (_move(many=[1]), "Step: field 'many' must be a tuple, not list",
              "Step: veld 'many' moet een tupel zijn, niet list",
              "Step: il campo 'many' deve essere una tupla, non list"),
    "item": (_move(many=(1, "x")), "Step: field 'many' item 2 must be a whole number, not str",
             "Step: veld 'many' onderdeel 2 moet een geheel getal zijn, niet str",
             "Step: il campo 'many' elemento 2 deve essere un numero intero, non str"),
    "pair": (_move(pair=(1,)), "Step: field 'pair' must be a tuple of 2, not tuple",
             "Step: veld 'pair' moet een tupel van 2 zijn, niet tuple",
             "Step: il campo 'pair' deve essere una tupla di 2, non tuple"),
    "enum": (_move(colour="red"), "Step: field 'colour' must be a Colour",
             "Step: veld 'colour' moet een Colour zijn",
             "Step: il campo 'colour' deve essere di tipo Colour"),
    "record": (_move(inner=3), "Step: field 'inner' must be a Inner, not int",
               "Step: veld 'inner' moet een Inner zijn, niet int",
               "Step: il campo 'inner' deve essere di tipo Inner, non int"),
    "inside": (_move(inner=Inner("x")),  # type: ignore[arg-type]
               "Step: field 'inner' (Inner) field 'n' must be a whole number, not str",
               "Step: veld 'inner' (Inner) veld 'n' moet een geheel getal zijn, niet str",
               "Step: il campo 'inner' (Inner) il campo 'n' deve essere un numero intero, non str"),
}


@pytest.mark.parametrize("case", sorted(MOVES))
def test_the_move_guard_says_its_problem_in_the_page_language(case):
    move, english, dutch, italian = MOVES[case]
    assert movecheck.problem(Toy, move) == english
    for lang, said in (("nl", dutch), ("it", italian)):
        with using(lang):
            assert movecheck.problem(Toy, move) == said, lang
    assert movecheck.problem(Toy, move) == english  # the guard's checks are made once


def test_a_game_refuses_a_move_it_did_not_make_in_the_page_language():
    state = NIM.initial_state({"heap": 5})
    for lang, where, said in (("en", "move", "a str is not a move of nim (its moves: Take)"),
                              ("nl", "zet", "een str is geen zet van nim (de zetten: Take)"),
                              ("it", "mossa", "un str non è una mossa di nim (le sue mosse: Take)")):
        with using(lang):
            for call in (NIM.apply, NIM.violation, NIM.is_legal):
                with pytest.raises(BadMove) as err:
                    call(state, "take 2")
                assert (err.value.where, err.value.problem) == (where, said), (lang, call)


# ---- the state codec ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Checked:
    n: int = 0

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("below zero")


@dataclass(frozen=True)
class Saved:  # a state with a field of every kind the codec reads
    whole: int = 0
    flag: bool = False
    text: str = ""
    num: float = 0.0
    pick: Literal["a", "b"] = "a"
    colour: Colour = Colour.RED
    none: None = None
    maybe: int | None = None
    either: int | str = 0
    many: tuple[int, ...] = ()
    pair: tuple[int, int] = (0, 0)
    group: frozenset[int] = frozenset()
    names: Mapping[str, int] = field(default_factory=dict)
    pairs: Mapping[int, int] = field(default_factory=dict)
    inner: Inner | None = None
    checked: Checked = Checked()


FIELDS = ("whole, flag, text, num, pick, colour, none, maybe, either, many, pair, group, names, "
          "pairs, inner, checked")
BIG = "-9223372036854775808", "9223372036854775808"

# case: the JSON, then the refusal (where: problem) in English, Dutch and Italian
STATES: dict[str, tuple[object, str, str, str]] = {
    "whole": ({"whole": "x"}, "field 'whole': must be a whole number, not the text 'x'",
              "veld 'whole': moet een geheel getal zijn, niet de tekst 'x'",
              "campo 'whole': deve essere un numero intero, non il testo 'x'"),
    "huge": ({"whole": 10**30},
             "field 'whole': must be a whole number from {} to {}, not a number of about 31 "
             "digits".format(*BIG),
             "veld 'whole': moet een geheel getal van {} tot en met {} zijn, niet een getal van "
             "ongeveer 31 cijfers".format(*BIG),
             "campo 'whole': deve essere un numero intero da {} a {}, non un numero di circa 31 "
             "cifre".format(*BIG)),
    "flag": ({"flag": 1}, "field 'flag': must be true or false, not the number 1",
             "veld 'flag': moet true of false zijn, niet het getal 1",
             "campo 'flag': deve essere true o false, non il numero 1"),
    "long": ({"text": "x" * 10_001},
             "field 'text': must be a text of at most 10000 characters, not 10001",
             "veld 'text': moet een tekst van hoogstens 10000 tekens zijn, niet 10001",
             "campo 'text': deve essere un testo di al massimo 10000 caratteri, non 10001"),
    "num": ({"num": float("nan")}, "field 'num': must be a number, not the number nan",
            "veld 'num': moet een getal zijn, niet het getal nan",
            "campo 'num': deve essere un numero, non il numero nan"),
    "literal": ({"pick": "c"}, "field 'pick': must be one of \"a\", \"b\", not the text 'c'",
                "veld 'pick': moet een van \"a\", \"b\" zijn, niet de tekst 'c'",
                "campo 'pick': deve essere uno tra \"a\", \"b\", non il testo 'c'"),
    "enum": ({"colour": "pink"},
             "field 'colour': must be one of 'red', 'blue', not the text 'pink'",
             "veld 'colour': moet een van 'red', 'blue' zijn, niet de tekst 'pink'",
             "campo 'colour': deve essere uno tra 'red', 'blue', non il testo 'pink'"),
    "none": ({"none": 1}, "field 'none': must be null, not the number 1",
             "veld 'none': moet null zijn, niet het getal 1",
             "campo 'none': deve essere null, non il numero 1"),
    "maybe": ({"maybe": "x"}, "field 'maybe': must be a whole number or null, not the text 'x'",
              "veld 'maybe': moet een geheel getal of null zijn, niet de tekst 'x'",
              "campo 'maybe': deve essere un numero intero o null, non il testo 'x'"),
    "either": ({"either": []}, "field 'either': must be a whole number or a text, not a list",
               "veld 'either': moet een geheel getal of een tekst zijn, niet een lijst",
               "campo 'either': deve essere un numero intero o un testo, non una lista"),
    "list": ({"many": {}}, "field 'many': must be a list, not an object",
             "veld 'many': moet een lijst zijn, niet een object",
             "campo 'many': deve essere una lista, non un oggetto"),
    "item": ({"many": [1, {2}]}, "field 'many[1]': must be a whole number, not a set",
             "veld 'many[1]': moet een geheel getal zijn, niet een set",
             "campo 'many[1]': deve essere un numero intero, non un set"),
    "pair": ({"pair": [1]}, "field 'pair': must be a list of 2, not a list",
             "veld 'pair': moet een lijst van 2 zijn, niet een lijst",
             "campo 'pair': deve essere una lista di 2, non una lista"),
    "twice": ({"group": [1, 1]}, "field 'group[1]': is listed twice",
              "veld 'group[1]': staat er twee keer in", "campo 'group[1]': compare due volte"),
    "object": ({"names": []}, "field 'names': must be an object, not a list",
               "veld 'names': moet een object zijn, niet een lijst",
               "campo 'names': deve essere un oggetto, non una lista"),
    "keys": ({"names": {1: 2}}, "field 'names': an object's keys must be texts",
             "veld 'names': de sleutels van een object moeten teksten zijn",
             "campo 'names': le chiavi di un oggetto devono essere testi"),
    "pairs": ({"pairs": {}}, "field 'pairs': must be a list of [key, value] pairs, not an object",
              "veld 'pairs': moet een lijst van [key, value]-paren zijn, niet een object",
              "campo 'pairs': deve essere una lista di coppie [key, value], non un oggetto"),
    "pair shape": ({"pairs": [[1]]}, "field 'pairs[0]': must be a [key, value] pair, not a list",
                   "veld 'pairs[0]': moet een [key, value]-paar zijn, niet een lijst",
                   "campo 'pairs[0]': deve essere una coppia [key, value], non una lista"),
    "key twice": ({"pairs": [[1, 2], [1, 3]]}, "field 'pairs[1][0]': a key given twice",
                  "veld 'pairs[1][0]': een sleutel die twee keer gegeven is",
                  "campo 'pairs[1][0]': una chiave data due volte"),
    "nullable": ({"inner": 3}, "field 'inner': must be an object or null, not the number 3",
                 "veld 'inner': moet een object of null zijn, niet het getal 3",
                 "campo 'inner': deve essere un oggetto o null, non il numero 3"),
    "missing": ({"inner": {}}, "field 'inner.n': is missing", "veld 'inner.n': ontbreekt",
                "campo 'inner.n': manca"),
    "unknown": ({"chairs": 4}, f"field 'chairs': is not a field of Saved (its fields: {FIELDS})",
                f"veld 'chairs': is geen veld van Saved (de velden: {FIELDS})",
                f"campo 'chairs': non è un campo di Saved (i suoi campi: {FIELDS})"),
    "refused": ({"checked": {"n": -1}}, "field 'checked': is not a Checked: below zero",
                "veld 'checked': is geen Checked: below zero",
                "campo 'checked': non è di tipo Checked: below zero"),
    "too large": ({"many": [1] * 100_001},
                  "field 'many': too large: more than 100000 values in all",
                  "veld 'many': te groot: meer dan 100000 waarden in totaal",
                  "campo 'many': troppo grande: più di 100000 valori in tutto"),
    "root": ([], "must be an object with the fields of Saved, not a list",
             "moet een object met de velden van Saved zijn, niet een lijst",
             "deve essere un oggetto con i campi di Saved, non una lista"),
}


class Board:
    """A type with a JSON form of its own."""


def _no_board(data: object) -> Board:
    raise ValueError("no board")


def _nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


FORMS: dict[str, tuple[object, str, str, str]] = {  # a game's own JSON form (Canyon's board)
    "deep": (_nested(40), "nested deeper than 32 levels", "dieper genest dan 32 niveaus",
             "annidato oltre 32 livelli"),
    "not JSON": ([{1, 2}], "must be JSON, not a set", "moet JSON zijn, niet een set",
                 "deve essere JSON, non un set"),
    "reader": ("x", "cannot be read (ValueError: no board)",
               "niet te lezen (ValueError: no board)", "illeggibile (ValueError: no board)"),
}


def _said(codec: Codec, data: object) -> str:
    with pytest.raises(BadState) as err:
        codec.decode(data)
    return str(err.value)


@pytest.mark.parametrize("case", sorted(STATES) + sorted(FORMS))
def test_the_state_codec_says_its_problem_in_the_page_language(case):
    data, english, dutch, italian = STATES.get(case) or FORMS[case]
    codec = Codec(Saved) if case in STATES else Codec(Board, {Board: JsonForm(str, _no_board)})
    assert _said(codec, data) == english
    for lang, said in (("nl", dutch), ("it", italian)):
        with using(lang):
            assert _said(codec, data) == said, lang
    assert _said(codec, data) == english  # the codec's readers are made once, for every language


# ---- a game's own check of a saved state, and its options ----------------------------------------
def _bad_trigger() -> tuple[object, dict[str, object]]:
    trigger = registry.get("trigger")
    data = json.loads(json.dumps(trigger.to_json(trigger.initial_state({}, 1))))
    data["opening"] = [[7, 7]]  # no die shows 7
    return trigger, data


def test_a_state_that_is_no_state_of_the_game_is_refused_in_the_page_language():
    trigger, data = _bad_trigger()
    said: dict[str, MalformedInput] = {}
    for lang in ("en", "nl", "it"):
        with using(lang):
            with pytest.raises(BadState) as err:
                trigger.from_json(data)  # type: ignore[attr-defined]
        said[lang] = err.value
    problem = said["en"].problem.removeprefix("not a state of Trigger: ")
    assert problem != said["en"].problem and problem
    # the game's own sentence is in the page's language too (it was English inside a Dutch
    # or Italian refusal)
    for lang, prefix in (("nl", "geen stand van Trigger: "), ("it", "non è uno stato di Trigger: ")):
        said_there = said[lang].problem
        assert said_there.startswith(prefix), said_there
        assert said_there.removeprefix(prefix) not in ("", problem), said_there


def test_an_unknown_computer_player_is_refused_in_the_page_language():
    state = NIM.initial_state({"heap": 5})
    for lang, said in (("en", "no computer player 'wizard'; known: computer"),
                       ("nl", "geen computerspeler 'wizard'; bekend: computer"),
                       ("it", "nessun giocatore computer 'wizard'; noti: computer")):
        with using(lang), pytest.raises(BadOption) as err:
            NIM.best_move(state, "wizard")
        assert err.value.problem == said, lang


