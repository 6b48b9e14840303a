"""Golden records: the text of seeded games and of every walkthrough replay, kept in files.

A golden is the proof that a change to a game's code changed nothing it did not mean to:
``python -m tutor goldens`` writes the records again in memory and compares them with the
files in ``tests/goldens/``; ``python -m tutor goldens --write [GAME...]`` stores new ones.

*Playthroughs* (as OpenSpiel's playthrough files): per game and per option set of
:meth:`~tutor.core.game.Game.example_options`, a seeded random game from the start to its
end (at most :data:`MAX_PLIES` plies). At every ply: who is to move, the phase, the facts
(all of them at ply 0, afterwards the ones that changed), what each player's observation
hides (the leaves of its JSON that differ from the state's, likewise as changes), the legal
moves as text in the engine's order, and the move played. The random moves are picked from the legal moves
sorted by text, so a change in the listing order shows in the ``legal`` lines but does not
send the rest of the game elsewhere.

*Walkthroughs*: every frame of every shipped walkthrough: its index, the move text, the rule
that refused it, the rule ids shown, and the facts (all at frame 0, then the changes).

Values are written as JSON, keys sorted; each file stays small and diffs line by line.
"""
from __future__ import annotations

import difflib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from . import registry
from . import walkthrough as wt
from .game import CHANCE, Game

#: the longest playthrough written (plies); games that go on longer are cut there
MAX_PLIES = 150
#: the seed of every playthrough
SEED = 1
#: where the goldens live in a checkout
FOLDER = Path(__file__).resolve().parents[2] / "tests" / "goldens"


@dataclass(frozen=True)
class Golden:
    """One golden file: its path below the goldens folder and its text."""

    path: str
    text: str


def _value(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _changes(headings: tuple[str, str], before: Mapping[str, object] | None,
             after: Mapping[str, object]) -> list[str]:
    """A heading and ``key = value`` lines: the first heading and every key when ``before``
    is None, else the second heading and what changed."""
    lines = [headings[before is not None]]
    lines += [f"  {key} = {_value(after[key])}" for key in sorted(after)
              if before is None or key not in before or before[key] != after[key]]
    return lines + [f"  {key} (gone)" for key in sorted(set(before or ()) - set(after))]


def flatten(data: object, prefix: str = "") -> dict[str, object]:
    """The leaves of a JSON value by path: ``{"a": [1, {"b": 2}]}`` -> ``a.0 = 1, a.1.b = 2``.

    >>> flatten({"a": [1, {"b": 2}], "c": []})
    {'a.0': 1, 'a.1.b': 2, 'c': []}
    """
    if isinstance(data, Mapping) and data:
        items: Iterable[tuple[object, object]] = data.items()
    elif isinstance(data, (list, tuple)) and data:
        items = enumerate(data)
    else:
        return {prefix[:-1]: list(data) if isinstance(data, tuple) else data}
    return {path: leaf for key, value in items
            for path, leaf in flatten(value, f"{prefix}{key}.").items()}


def _plain(data: object) -> object:
    """JSON data as JSON text would give it back (tuples as lists, other values as text)."""
    return json.loads(json.dumps(data, default=str))


def _hidden(truth: Mapping[str, object], seen: Mapping[str, object]) -> dict[str, object]:
    """What an observation shows otherwise than the state: its leaves that differ, and the
    state's leaves it leaves out (as ``"(absent)"``)."""
    found = {k: v for k, v in seen.items() if k not in truth or truth[k] != v}
    found.update({k: "(absent)" for k in truth if k not in seen})
    return found


def _pick(game: Game[Any, Any], state: Any, legal: list[Any], rnd: random.Random) -> Any:
    if game.to_move(state) == CHANCE:
        outcomes = sorted(game.chance_outcomes(state), key=lambda o: game.move_text(state, o[0]))
        moves, weights = zip(*outcomes)
        return rnd.choices(moves, weights)[0]
    return rnd.choice(sorted(legal, key=lambda m: game.move_text(state, m)))


def _who(game: Game[Any, Any], state: Any) -> str:
    mover = game.to_move(state)
    if mover is None:
        return "nobody (the game is over)"
    if mover == CHANCE:
        return "chance"
    return f"{game.players(state)[mover]} ({mover})"


def playthrough(game: Game[Any, Any], options: Mapping[str, object], seed: int = SEED,
                max_plies: int = MAX_PLIES) -> str:
    """The text record of one seeded random game (see the module docstring)."""
    rnd = random.Random(seed)
    state = game.initial_state(dict(options), seed)
    out = [f"# {game.name} playthrough: options {_value(dict(options))}, seed {seed}",
           f"# regenerate: python -m tutor goldens --write {game.name}"]
    facts_before: Mapping[str, object] | None = None
    seen_before: dict[int, dict[str, object]] = {}
    for ply in range(max_plies + 1):
        out += ["", f"== ply {ply} ==", f"to move: {_who(game, state)}",
                f"phase: {game.phase(state).value}"]
        facts = game.facts(state)
        out += _changes(("facts:", "facts changed:"), facts_before, facts)
        facts_before = facts
        truth: dict[str, object] | None = None
        for player, name in enumerate(game.players(state)):
            seen = game.observation(state, player)
            if seen == state:
                continue
            truth = truth if truth is not None else flatten(_plain(game.to_json(state)))
            hidden = _hidden(truth, flatten(_plain(game.to_json(seen))))
            before = seen_before.get(player)
            out += _changes((f"hidden from {name}:", f"hidden from {name}, changed:"), before,
                            hidden)
            seen_before[player] = hidden
        outcome = game.outcome(state)
        if outcome is not None:
            out.append(f"outcome: scores {_value(list(outcome.scores))}, "
                       f"winners {_value(list(outcome.winners))}")
            break
        legal = list(game.legal_moves(state))
        out.append(f"legal ({len(legal)}): " + " | ".join(game.move_text(state, m) for m in legal))
        if ply == max_plies:
            out.append(f"(cut after {max_plies} plies)")
            break
        move = _pick(game, state, legal, rnd)
        out.append(f"move: {game.move_text(state, move)}")
        state = game.apply(state, move)
    return "\n".join(out) + "\n"


def walkthrough_record(wid: str) -> str:
    """The text record of every frame of one shipped walkthrough."""
    replay = wt.replay(wt.by_id(wid))
    game = replay.game
    out = [f"# walkthrough {wid}: {replay.walkthrough.title}",
           f"# regenerate: python -m tutor goldens --write {game.name}"]
    before: Mapping[str, object] | None = None
    for frame in replay.frames:
        out += ["", f"== frame {frame.index} =="]
        if frame.move_text is not None:
            out.append(f"move: {frame.move_text}")
        if frame.refusal is not None:
            out.append(f"refused by: {frame.refusal.rule_id}")
        out.append("rules: " + " ".join(frame.rule_ids))
        out.append(f"to move: {_who(game, frame.state)}")
        facts = game.facts(frame.state)
        out += _changes(("facts:", "facts changed:"), before, facts)
        before = facts
        if frame.try_it is not None:
            out.append("try it, accepts: " + " | ".join(frame.accepted_texts))
        if frame.question is not None:
            out.append(f"question: {frame.question.fact} = {_value(frame.answer)} "
                       f"(decided by {frame.answer_rule})")
    return "\n".join(out) + "\n"


def _slug(wid: str) -> str:
    return wid.split("/", 1)[1]


def goldens(names: Iterable[str] | None = None,
            games: Mapping[str, Game[Any, Any]] | None = None) -> Iterator[Golden]:
    """Every golden of the games named (default: all registered), made afresh."""
    known = dict(games if games is not None else registry.games())
    chosen = list(names) if names else sorted(known)
    library = wt.library()
    for name in chosen:
        game = known[name] if name in known else registry.get(name)
        for number, options in enumerate(game.example_options(), start=1):
            yield Golden(f"{name}/play-{number}.txt", playthrough(game, options))
        for wid in sorted(w for w in library if w.split("/", 1)[0] == name):
            yield Golden(f"{name}/walk-{_slug(wid)}.txt", walkthrough_record(wid))


def stored(folder: Path, names: Iterable[str]) -> set[str]:
    """The golden files kept for the games named (paths below ``folder``)."""
    return {f"{name}/{p.name}" for name in names for p in (folder / name).glob("*.txt")}


def diff(golden: Golden, folder: Path = FOLDER, context: int = 2) -> str:
    """A unified diff from the stored file to the fresh text; "" when they are the same."""
    path = folder / golden.path
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if old == golden.text:
        return ""
    lines = difflib.unified_diff(old.splitlines(keepends=True),
                                 golden.text.splitlines(keepends=True),
                                 fromfile=f"stored {golden.path}", tofile="made now", n=context)
    return "".join(lines) or f"{golden.path}: missing\n"
