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


# ---------------------------------------------------------------- the shape of a move
# A refused move is first checked for its shape against the legal moves of its kind now: the
# fields it has and the JSON type of each. Only a well-shaped move is handed to the game to say
# which rule it breaks. None of this runs when a legal move is applied.

_SCALARS = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (type(None), "null"))


def json_type(value: Any):
    """The JSON type of a value: a name ("integer", "string", ...), or for a list
    ("array", frozenset of its elements' types)."""
    if isinstance(value, (list, tuple)):
        return "array", frozenset(json_type(v) for v in value)
    for cls, name in _SCALARS:
        if isinstance(value, cls):
            return name
    return "object" if isinstance(value, dict) else type(value).__name__


def _fits(value: Any, types: set) -> bool:
    """Whether `value` has one of `types` (as json_type gives them). A list fits when some
    legal value of the field is a list and each element fits the types of their elements
    (lengths are the game's business); elements of lists that are always empty are not checked."""
    if isinstance(value, (list, tuple)):
        arrays = [t for t in types if isinstance(t, tuple)]
        if not arrays:
            return False
        elements = set().union(*(t[1] for t in arrays))
        return not elements or all(_fits(v, elements) for v in value)
    return json_type(value) in types


def type_words(t) -> str:
    """A JSON type in words: 'an integer', 'an array of strings'."""
    if isinstance(t, tuple):
        inner = sorted({type_words(e).split(" ", 1)[1] for e in t[1]})
        if not inner:
            return "an array"
        return "an array of " + " or ".join(_plural(w) for w in inner)
    return ("an " if t[0] in "aeiou" else "a ") + t


def _plural(words: str) -> str:
    head, _, rest = words.partition(" ")
    return head + "s" + (" " + rest if rest else "")


def _fields_words(names) -> str:
    return ", ".join(sorted(names)) if names else "no fields"


def _field_problems(kind: str, wanted: frozenset, names: frozenset) -> str:
    """The fields missing from `names`, and those it has beyond `wanted`, in words."""
    missing = sorted(wanted - names)
    extra = sorted(names - wanted)
    parts = []
    if missing:
        parts.append(("the field " if len(missing) == 1 else "the fields ")
                     + ", ".join(f"'{m}'" for m in missing) + (" is" if len(missing) == 1 else " are") + " missing")
    if extra:
        parts.append(", ".join(f"'{e}'" for e in extra) + (" is not a field" if len(extra) == 1 else " are not fields")
                     + f" of a '{kind}' move now")
    return "; ".join(parts)


def shape_problem(kind: str, fields: dict, legal: list) -> str | None:
    """What is wrong with the shape of a move of `kind` with `fields` (name -> value), judged
    by the legal moves of that kind now (`legal`, not empty): a missing, extra or mistyped
    field, in words; None when the move is well shaped (its values are the game's business)."""
    by_names: dict[frozenset, list] = {}
    for action in legal:
        by_names.setdefault(frozenset(name for name, _ in action.args), []).append(action)
    names = frozenset(fields)
    same = by_names.get(names)
    if same is None:
        # the nearest sets of fields the kind takes now: fewest fields missing and extra (a tie
        # names each: a move without its 'power' is as near to {dice, item} as to {dice, power})
        best = min(len(s ^ names) for s in by_names)
        nearest = sorted((s for s in by_names if len(s ^ names) == best), key=sorted)
        wanted = nearest[0]
        others = sorted(_fields_words(s) for s in by_names if s != wanted)
        takes = f"a '{kind}' move now has the fields {_fields_words(wanted)}"
        if others:
            takes += " (or " + "; or ".join(others) + ")"
        return " or ".join(_field_problems(kind, s, names) for s in nearest) + f": {takes}"
    for name in sorted(names):
        types = {json_type(action[name]) for action in same}
        value = fields[name]
        if not _fits(value, types):
            expected = " or ".join(sorted(type_words(t) for t in types))
            return (f"the field '{name}' of a '{kind}' move must be {expected}, "
                    f"not {type_words(json_type(value))} ({value!r})")
    return None
