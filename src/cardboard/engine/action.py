"""Actions: immutable, hashable moves with a JSON form and a human label."""
from __future__ import annotations

from typing import Any


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _hashable(value: Any) -> Any:
    """A hashable, type-strict form of a JSON value: true is not 1, 2.0 is not 2."""
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, (bool, float)):
        return (type(value).__name__, value)
    return value


class Action:
    """One move: a `kind` and named arguments (ints, strings, tuples of them).

    Identity is (kind, args); `ctx` is what a game needs to write the label
    (its content, say) and takes no part in equality. Games subclass this only
    to give `label()` words of their own.
    """

    __slots__ = ("kind", "args", "ctx", "_hash")

    def __init__(self, kind: str, args: tuple[tuple[str, Any], ...] = (), ctx: Any = None):
        self.kind = kind
        self.args = args
        self.ctx = ctx
        self._hash = None

    def __getitem__(self, name: str) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        return default

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self.kind, self.args))
        return self._hash

    def to_json(self) -> dict[str, Any]:
        doc = {"kind": self.kind}
        for key, value in self.args:
            doc[key] = _jsonable(value)
        return doc

    @staticmethod
    def key_of_json(doc: Any) -> tuple[str, tuple] | None:
        """The (kind, sorted args) identity of a JSON move, or None if it is not one."""
        if not isinstance(doc, dict) or not isinstance(doc.get("kind"), str):
            return None
        try:
            args = tuple(sorted((k, _hashable(v)) for k, v in doc.items() if k != "kind"))
            hash(args)
        except TypeError:
            return None
        return doc["kind"], args

    def json_key(self) -> tuple[str, tuple]:
        return self.kind, tuple(sorted((k, _hashable(v)) for k, v in self.args))

    def label(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(f"{k}={_jsonable(v)}" for k, v in self.args)

    def __str__(self) -> str:
        return self.label()

    def __repr__(self) -> str:
        return f"Action({self.to_json()!r})"


class ActionCache(dict):
    """Every distinct move of one game as a single Action object, made on first use:
    `cache[kind, args]`. Legal-move lists then hand out the same objects again and again,
    each hashed once, instead of building new ones on every call.

    Keep it on the Game, never inside the content its actions carry as `ctx`: content ->
    cache -> action -> content would be a reference cycle, which only the cyclic collector
    frees, and a search runs with that collector off.
    """

    __slots__ = ("make", "ctx")

    def __init__(self, make: type[Action] = Action, ctx: Any = None):
        super().__init__()
        self.make = make
        self.ctx = ctx

    def __missing__(self, key: tuple[str, tuple]) -> Action:
        action = self[key] = self.make(key[0], key[1], self.ctx)
        return action
