"""Moves as integers: a fixed, finite action space for any game, built from its moves' JSON.

Every move of a game is a JSON object: a `kind` and named fields. The encoding gives each game a
fixed table of *choices*, numbered `range(N)`:

    0                      DONE: "this move is complete" (offered only when a legal move ends
                           where a longer one goes on: "these Allies, and no more")
    then, kind by kind:    the kind's head choices: the kind with every value of its head fields
                           (the product of their domains; a kind without head fields is one choice)
                           then each of its step fields' values (one choice per value)
                           then each of its list fields' element values

A move is the sequence of its choices: its head, then its step fields in order, then each
element of each list field in order. Most moves are one choice. A move with too many parts to
enumerate is offered as a short sequence of sub-choices, each masked to what can still make a
legal move now: its head (the kind and, say, the Lord), then each part (each Ally paid), then
DONE where the legal moves would allow stopping or going on. Choices forced by the earlier ones
are taken for the player (they are never offered alone), so a move takes as many decisions as it
has free parts.

A game describes its moves in its own `encoding.py` (`ENCODING = {"moves": {...}}`, found by
`Game.encoding()`): for each kind, its fields in order, each with its domain (every value it can
take), marked `step(...)` to be chosen on its own or `each(...)` for a list whose elements are
chosen one by one. A game without one gets a fallback learned from seeded random games of every
set-up (its values sorted), which suits small games whose every move shows up in a few games.

This module needs no numpy: a game's encoding.py imports `each` and `step` from here.
"""
from __future__ import annotations

import itertools
import json
from typing import Any, Iterable

DONE = 0
# Fallback: head fields are enumerated together while their product stays this small.
HEAD_LIMIT = 512


class EncodingError(ValueError):
    """A move that the game's encoding has no choice for (a kind, field or value it does not list)."""


def _key(value: Any) -> Any:
    """A hashable form of a JSON value (lists become tuples)."""
    if isinstance(value, list):
        return tuple(_key(v) for v in value)
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class Field:
    """One field of a kind of move: its domain and how it is chosen ("head", "step" or "each")."""

    __slots__ = ("domain", "mode")

    def __init__(self, domain: Iterable, mode: str = "head"):
        values = [_key(v) for v in domain]
        if len(set(values)) != len(values):
            raise ValueError(f"a field's domain lists a value twice: {values}")
        self.domain = values
        self.mode = mode

    def __repr__(self) -> str:
        return f"Field({self.mode}, {len(self.domain)} values)"


def head(domain: Iterable) -> Field:
    """A field chosen together with the kind (its values multiply the kind's head choices)."""
    return Field(domain, "head")


def step(domain: Iterable) -> Field:
    """A field chosen on its own, after the kind's head."""
    return Field(domain, "step")


def each(domain: Iterable) -> Field:
    """A list field whose elements are chosen one by one from `domain`, then DONE if need be."""
    return Field(domain, "each")


def _field(value: Any) -> Field:
    return value if isinstance(value, Field) else head(value)


class MoveEncoding:
    """The table of choices of one game, and each move's sequence of choices."""

    def __init__(self, moves: dict[str, dict[str, Any]], source: str = "declared"):
        self.source = source
        self.kinds: dict[str, dict[str, Field]] = {
            kind: {name: _field(f) for name, f in fields.items()} for kind, fields in moves.items()}
        self.table: list[tuple] = [("done",)]  # index -> ("done",) | ("head", kind, values) | (mode, kind, field, value)
        self._head: dict[str, dict[tuple, int]] = {}
        self._part: dict[tuple[str, str], dict[Any, int]] = {}
        self._order: dict[str, tuple[list[str], list[str]]] = {}
        for kind, fields in self.kinds.items():
            heads = [n for n, f in fields.items() if f.mode == "head"]
            parts = [n for n, f in fields.items() if f.mode != "head"]
            self._order[kind] = (heads, parts)
            index = self._head[kind] = {}
            for values in itertools.product(*(fields[n].domain for n in heads)):
                index[values] = len(self.table)
                self.table.append(("head", kind, values))
            for name in parts:
                f = fields[name]
                index = self._part[kind, name] = {}
                for value in f.domain:
                    index[value] = len(self.table)
                    self.table.append((f.mode, kind, name, value))
        self.size = len(self.table)
        self._cache: dict = {}
        self.head_of: dict = {}   # Action -> its first choice (see head_choice)
        self.masks: dict = {}     # a decision's choices (a tuple) -> its mask (cardboard.interop.core)
        self.decisions: dict | None = {}   # the decisions kept by cardboard.interop.core.Table
        self.decision_stats = [0, 0, 0]    # the moves they hold, the decisions made, met again
        self._heads = {kind: (tuple(self._order[kind][0]), self._head[kind]) for kind in self.kinds}

    # ------------------------------------------------------------ moves -> choices
    def choices(self, action) -> tuple[int, ...]:
        """The sequence of choices that makes `action` (an engine Action), cached per move."""
        cache = self._cache
        found = cache.get(action)
        if found is None:
            found = self._encode_args(action.kind, action.args)
            if found is None:  # not encodable: the JSON path says why
                found = self.encode_json(action.to_json())
            if len(cache) > 200_000:  # moves with many parts (payments) are many: keep memory bounded
                cache.clear()
            cache[action] = found
        return found

    def head_choice(self, action) -> int:
        """The first choice of `action` alone (its kind and head fields): what the mask of a new
        decision needs of every legal move; the rest of a move is encoded only when its head is
        chosen. An action the encoding cannot place goes the full way, which names the problem.
        Cached per move in `head_of` (which the table reads directly)."""
        found = self.head_of.get(action)
        if found is None:
            found = self._head_choice(action)
            if len(self.head_of) > 200_000:
                self.head_of.clear()
            self.head_of[action] = found
        return found

    def _head_choice(self, action) -> int:
        plan = self._heads.get(action.kind)
        if plan is not None:
            names, index = plan
            if not names:
                return index[()]
            if len(names) == 1:
                name = names[0]
                value = None
                for key, v in action.args:
                    if key == name:
                        value = v
                        break
                found = index.get((value,))
            else:
                given = dict(action.args)
                found = index.get(tuple([given.get(n) for n in names]))
            if found is not None:
                return found
        return self.choices(action)[0]

    def _encode_args(self, kind: str, args: tuple) -> tuple[int, ...] | None:
        """`encode_json` straight from an Action's (name, value) pairs (values already hashable:
        tuples, not lists), with no JSON made; None when anything does not fit (the caller then
        takes the JSON path, which names the problem)."""
        fields = self.kinds.get(kind)
        if fields is None:
            return None
        given = dict(args)
        if len(given) != len(args) or any(name not in fields for name in given):
            return None
        heads, parts = self._order[kind]
        first = self._head[kind].get(tuple(given.get(n) for n in heads))
        if first is None:
            return None
        out = [first]
        for name in parts:
            if name not in given:
                continue
            index = self._part[kind, name]
            value = given[name]
            if fields[name].mode == "each":
                if not isinstance(value, (tuple, list)):
                    return None
                for item in value:
                    choice = index.get(item)
                    if choice is None:
                        return None
                    out.append(choice)
            else:
                choice = index.get(value)
                if choice is None:
                    return None
                out.append(choice)
        return tuple(out)

    def encode_json(self, doc: dict) -> tuple[int, ...]:
        kind = doc.get("kind")
        if kind not in self.kinds:
            raise EncodingError(f"no choice encodes moves of kind {kind!r} ({_show(doc)}): "
                                f"the game's encoding lists the kinds {sorted(self.kinds)}")
        fields = self.kinds[kind]
        extra = sorted(set(doc) - set(fields) - {"kind"})
        if extra:
            raise EncodingError(f"move {_show(doc)} has fields {extra} that the encoding of "
                                f"'{kind}' does not list ({sorted(fields)})")
        heads, parts = self._order[kind]
        values = tuple(_key(doc.get(n)) for n in heads)
        first = self._head[kind].get(values)
        if first is None:
            bad = [(n, v) for n, v in zip(heads, values) if v not in fields[n].domain]
            raise EncodingError(f"move {_show(doc)}: the value of {bad[0][0]!r} ({_plain(bad[0][1])!r}) "
                                f"is not in its domain" if bad else f"move {_show(doc)} cannot be encoded")
        out = [first]
        for name in parts:
            if name not in doc:
                continue
            index = self._part[kind, name]
            items = doc[name] if fields[name].mode == "each" else [doc[name]]
            if not isinstance(items, list):
                raise EncodingError(f"move {_show(doc)}: the field {name!r} should be a list")
            for item in items:
                choice = index.get(_key(item))
                if choice is None:
                    raise EncodingError(f"move {_show(doc)}: {item!r} in the field {name!r} is not in its domain")
                out.append(choice)
        return tuple(out)

    # ------------------------------------------------------------ choices -> words
    def describe(self, index: int) -> dict:
        """A choice as JSON: {"done": true}, a head {"kind": ..., fields...}, or a part
        {"kind": ..., "<field>": value} (for a list field: {"kind": ..., "<field>[]": element})."""
        entry = self.table[index]
        if entry[0] == "done":
            return {"done": True}
        if entry[0] == "head":
            _, kind, values = entry
            heads = self._order[kind][0]
            doc = {"kind": kind}
            doc.update({n: _plain(v) for n, v in zip(heads, values) if v is not None})
            return doc
        mode, kind, name, value = entry
        return {"kind": kind, (name + "[]" if mode == "each" else name): _plain(value)}

    def label(self, index: int) -> str:
        doc = self.describe(index)
        if "done" in doc:
            return "done"
        return " ".join([doc.pop("kind")] + [f"{k}={json.dumps(v)}" for k, v in doc.items()])

    def golden(self) -> list[dict]:
        """The whole table as JSON, index by index (what the golden-table tests pin)."""
        return [self.describe(i) for i in range(self.size)]

    def summary(self) -> dict:
        """How many choices each kind takes, and how its fields are chosen."""
        out = {}
        for kind, fields in self.kinds.items():
            heads, parts = self._order[kind]
            out[kind] = {"head": len(self._head[kind]),
                         "fields": {n: f"{f.mode} of {len(f.domain)}" for n, f in fields.items()}}
        return out


def _show(doc: dict) -> str:
    text = json.dumps(doc)
    return text if len(text) < 200 else text[:197] + "..."


# ---------------------------------------------------------------- the fallback: learned from play
def explore(game_cls, games: int = 6, max_moves: int = 3000) -> MoveEncoding:
    """A game's encoding learned from seeded random games of each of its set-ups: every kind,
    field and value seen, sorted. A list of up to three scalars that always has the same length
    (a coordinate) is one value; any other list is chosen element by element. Head fields are
    enumerated together while their product stays under HEAD_LIMIT; the rest become steps."""
    from ..engine import Rng

    seen: dict[str, dict[str, set]] = {}
    counts: dict[tuple, int] = {}
    shapes: dict[tuple[str, str], set] = {}
    setups = list(game_cls.setups) or [(game_cls.min_players, {})]
    for n, options in setups:
        for seed in range(games):
            state = game_cls(n, seed, dict(options)).new_initial_state()
            rng = Rng(seed)
            for _ in range(max_moves):
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                for action in legal:
                    doc = action.to_json()
                    fields = seen.setdefault(doc.pop("kind"), {})
                    counts[action.kind,] = counts.get((action.kind,), 0) + 1
                    for name, value in doc.items():
                        counts[action.kind, name] = counts.get((action.kind, name), 0) + 1
                        fields.setdefault(name, set())
                        shape = shapes.setdefault((action.kind, name), set())
                        if isinstance(value, list):
                            shape.add(len(value) if all(not isinstance(v, (list, dict)) for v in value) else -1)
                            fields[name].add(("list", _key(value)))
                        else:
                            shape.add("scalar")
                            fields[name].add(("scalar", value))
                state.apply(legal[rng.below(len(legal))])
    moves: dict[str, dict[str, Field]] = {}
    for kind in sorted(seen):
        declared: dict[str, Field] = {}
        product = 1
        for name in sorted(seen[kind]):
            shape = shapes[kind, name]
            values = seen[kind][name]
            leaf = shape == {"scalar"} or (len(shape) == 1 and next(iter(shape)) in (1, 2, 3))
            if leaf:
                domain = sorted({v for _, v in values}, key=_sort_key)
                domain = domain + [None] if counts[kind, name] < counts[kind,] else domain
                mode = "head" if product * len(domain) <= HEAD_LIMIT else "step"
                if mode == "head":
                    product *= len(domain)
                declared[name] = Field(domain, mode)
            else:
                elements = sorted({e for _, v in values for e in v}, key=_sort_key)
                declared[name] = Field(elements, "each")
        moves[kind] = declared
    return MoveEncoding(moves, source="explored")


def _sort_key(value: Any) -> tuple:
    return (type(value).__name__, json.dumps(_plain(value), sort_keys=True))
