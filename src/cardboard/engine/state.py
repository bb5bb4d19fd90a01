"""The State protocol every game implements, with the shared machinery.

A game subclasses `State`, keeps its live data in slots holding ints, strings
and tuples (never mutated in place), and writes five hooks:

    _current_player()          seat deciding now, None when the game is over
    _legal_actions()           every legal Action now
    _do(action)                apply a known-legal action (chance via self.rng)
    _scores()                  a number per seat (provisional before the end); `scores()`
                               gives ints when all are whole, floats otherwise
    _view(seat)                JSON-safe dict of what `seat` may see (None = spectator)

and may override `_why_illegal(action)` (and `_why_illegal_json(doc)`) to name the
rule a move breaks: the engine has checked the move's shape first (for a kind legal now, the
fields and JSON types of that kind's legal moves), and for a kind not legal now the game's
reason is added to the legal kinds the engine names. Also `_dump()` for save files,
and `_sample_action(rng)` for a rollout's cheap random move, and `_invariants()` (what
is broken, for the fuzzer and tests). Because every slot holds
an immutable value, `clone()` is a shallow slot copy plus a copy of the one-int RNG.

Decisions by a player who is not "on turn" (a die pick, a purchase offer, a
secret lab choice made in seat order) are ordinary decisions: `current_player`
names whoever decides next. An automated opponent is resolved inside `_do`.
"""
from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from .action import Action, shape_problem
from .data import cons_to_list
from .errors import ConfigError, IllegalAction
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game


def _slot_copier(names: list[str]):
    """A function copying the named slots one by one, written out: clone() is the hottest
    call of every search, and straight-line attribute copies are about twice as fast as a
    getattr/setattr loop (the same trick dataclasses use)."""
    body = "".join(f"    new.{n} = old.{n}\n" for n in names) or "    pass\n"
    namespace: dict = {}
    exec(f"def copy_slots(old, new):\n{body}", namespace)
    return namespace["copy_slots"]


class State:
    __slots__ = ("game", "rng", "_hist", "_legal", "_length")

    _copy_slots: tuple[str, ...] = ()

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in getattr(klass, "__slots__", ()):
                if name not in names and name not in ("rng", "__weakref__", "__dict__"):
                    names.append(name)
        cls._copy_slots = tuple(names)
        cls._copy_into = _slot_copier(names)
        own = cls.outcome  # a game's own outcome (or a mixin's) gives plain scores too
        if own is not State.outcome and not getattr(own, "_plain", False):
            cls.outcome = _plain_outcome(own)
        redeal = cls.__dict__.get("determinize")  # a game's own re-deal lists its own moves
        if redeal is not None and not getattr(redeal, "_fresh", False):
            cls.determinize = _fresh_moves(redeal)

    def __init__(self, game: "Game", rng: Rng):
        self.game = game
        self.rng = rng
        self._hist = None  # history as a cons list (previous, action): O(1) to share on clone
        self._legal = None
        self._length = 0

    # ---- the public API -------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._current_player()

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._legal_actions() if not self.is_terminal() else []
        return list(self._legal)

    def sample_action(self, rng: Rng) -> Action:
        """A random legal move, for the random rollouts of searches. Uniform here; a game may
        override `_sample_action` with a cheaper draw that need not be uniform (e.g. pick a die,
        then one of its uses) as long as every move it returns is legal."""
        if self._legal is None:
            move = self._sample_action(rng)
            if move is not None:
                return move
        legal = self.legal_actions() if self._legal is None else self._legal
        if not legal:
            raise IllegalAction("the game is over: no move can be made")
        return legal[rng.below(len(legal))]

    def _sample_action(self, rng: Rng) -> Action | None:
        """The game's cheap random move, or None to draw uniformly from the legal list."""
        return None

    def apply(self, action: Action) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions() if not self.is_terminal() else []
        # Bots hand back the very objects legal_actions() gave: an identity scan (in C) is
        # enough for them; anything else is compared by value.
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            action = self._match(action, legal)
        self._do(action)
        self._hist = (self._hist, action)
        self._length += 1
        self._legal = None

    def apply_trusted(self, action: Action) -> None:
        """`apply` without the legality check, for searches playing moves that this very state
        just gave them (`legal_actions()` or `sample_action()`): a rollout must not pay for
        listing every move only to check one. Anything else goes through `apply`."""
        self._do(action)
        self._hist = (self._hist, action)
        self._length += 1
        self._legal = None

    def _match(self, action: Any, legal: list[Action]) -> Action:
        """The legal action equal to `action` up to argument order, or IllegalAction."""
        if isinstance(action, Action):
            try:
                key = action.json_key()
            except (TypeError, ValueError):  # arguments that are not (name, value) pairs
                key = None
            for candidate in legal:
                if key is not None and candidate.json_key() == key:
                    return candidate
        raise IllegalAction(self._illegal_message(action, legal))

    def apply_json(self, doc: Any) -> Action:
        """Apply a move given in its JSON form; returns the matching Action."""
        key = Action.key_of_json(doc)
        if key is None:
            raise IllegalAction(
                f"malformed move {doc!r}: a move is a JSON object with a string 'kind' "
                "and plain values (numbers, strings, lists)"
            )
        legal = self.legal_actions()
        for action in legal:
            if action.json_key() == key:
                self.apply(action)
                return action
        raise IllegalAction(self._illegal_json_message(doc, key[0], legal))

    def clone(self) -> "State":
        cls = type(self)
        new = cls.__new__(cls)
        cls._copy_into(self, new)
        new.rng = self.rng.copy()
        return new

    def is_terminal(self) -> bool:
        return self._current_player() is None

    def scores(self) -> list[int | float]:
        """A score per seat: ints where every score is a whole number (5, not 5.0), else floats."""
        return plain_scores(self._scores())

    def winners(self) -> list[int]:
        """Seats with the best score (ties share the win). Games may refine the tie-break."""
        scores = self._scores()
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    def outcome(self) -> tuple[list[int | float], list[int]]:
        """`scores()` and `winners()` together: a search asks for both at the end of every
        playout, and a game whose tie-break re-counts the scores overrides this to count once
        (its scores come out as `scores()` gives them: ints where whole)."""
        return self.scores(), self.winners()

    def view(self, seat: int | None = None) -> dict:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.game.players):
            raise ConfigError(f"no seat {seat!r} in a {self.game.players}-player game")
        return self._view(seat)

    @property
    def history(self) -> list[Action]:
        return cons_to_list(self._hist)

    def __len__(self) -> int:
        return self._length

    def determinize(self, seat: int, seed: int) -> "State":
        """A copy in which what `seat` cannot know is re-dealt at random.

        The base game only hides its future chance, so the RNG is reseeded; games
        with hidden hands or decks override this to re-deal them consistently.
        """
        new = self.clone()
        new.rng = Rng(seed)
        return new

    def to_json(self) -> dict:
        """A save document: the game's set-up and its log, plus a snapshot to check against."""
        g = self.game
        return {
            "format": "cardboard-save/1",
            "game": g.id,
            "players": g.players,
            "seed": g.seed,
            "options": g.options_json(),
            "history": [a.to_json() for a in self.history],
            "snapshot": self._dump(),
        }

    # ---- hooks ------------------------------------------------------------
    def _current_player(self) -> int | None:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _do(self, action: Action) -> None:
        raise NotImplementedError

    def _scores(self) -> tuple[float, ...]:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def _dump(self) -> dict:
        """Everything that defines the state, JSON-safe (hidden parts included)."""
        return self._view(None)

    def _why_illegal(self, action: Action) -> str | None:
        """Name the rule `action` breaks now, if the game can say more than the default."""
        return None

    def _invariants(self) -> list[str]:
        """What is broken in this state, one line per broken invariant naming it and its numbers
        (e.g. "Allies: 70 counted, 71 in the game"); [] when sound. Components conserved, no
        negative resources, tracks within their bounds: each game checks its own, from its
        content. Never in the hot path: only the fuzzer (benchmarks/fuzz.py) and tests call it."""
        return []

    # ---- messages -----------------------------------------------------------
    # A refusal checks the move's shape first, the same way for every game: a kind not legal
    # now names the kinds that are; a missing, extra or mistyped field is named as such (the
    # fields and their JSON types come from the legal moves of that kind now). Only a
    # well-shaped move is handed to the game (`_why_illegal`, `_why_illegal_json`) to name the
    # rule it breaks. None of this runs when a legal move is applied.
    def _illegal_message(self, action: Any, legal: list[Action] | None = None) -> str:
        if self.is_terminal():
            return "the game is over: no move can be made"
        if not isinstance(action, Action):
            return f"{action!r} is not a move (expected an Action from legal_actions())"
        who = self.current_player
        fields = _fields_of(action.args)
        try:
            label = str(action)
        except Exception:  # args that are not (name, value) pairs cannot be labelled
            fields = None
        if fields is None:
            return (f"malformed move {action.kind!r} {action.args!r} for seat {who}: its arguments must be "
                    "(name, value) pairs with distinct names")
        base = f"illegal move '{label}' for seat {who}"
        if legal is None:
            legal = self.legal_actions()
        shape = self._shape_message(action.kind, fields, legal, lambda: self._why_illegal(action))
        if shape is not None:
            return f"{base}: {shape}"
        reason = self._game_reason(lambda: self._why_illegal(action))
        return f"{base}: {reason}" if reason else f"{base}: it is not among the legal moves now"

    def _illegal_json_message(self, doc: dict, kind: str, legal: list[Action]) -> str:
        if self.is_terminal():
            return "the game is over: no move can be made"
        fields = {name: value for name, value in doc.items() if name != "kind"}
        explain = lambda: self._why_illegal_json(doc)  # noqa: E731
        shape = self._shape_message(kind, fields, legal, explain)
        if shape is not None:
            return f"illegal move {doc!r} for seat {self.current_player}: {shape}"
        reason = self._game_reason(explain)
        who = f"seat {self.current_player}"
        if reason:
            return f"illegal move {doc!r} for {who}: {reason}"
        return f"illegal move {doc!r} for {who}: its arguments match no legal move now"

    def _shape_message(self, kind: Any, fields: dict, legal: list[Action], explain) -> str | None:
        """What is wrong with the move's shape, or None if it is well shaped. For a kind not
        legal now, the game may add why (a power already used this turn, say)."""
        of_kind = [a for a in legal if a.kind == kind]
        if of_kind:
            return shape_problem(kind, fields, of_kind)
        kinds = ", ".join(sorted({a.kind for a in legal}))
        message = f"no move of kind {kind!r} is legal now; legal kinds now: {kinds}"
        reason = self._game_reason(explain)
        return f"{message} ({reason})" if reason else message

    @staticmethod
    def _game_reason(explain) -> str | None:
        try:
            return explain()
        except Exception:  # the game's explainer tripped on this move: the default words
            return None

    def _why_illegal_json(self, doc: dict) -> str | None:
        return None


def plain_scores(scores) -> list:
    """Scores as a list: ints when every one is a whole number (5.0 -> 5), else as given (a game
    with fractional scores keeps its floats)."""
    out = list(scores)
    for v in out:
        if type(v) is not int and not (type(v) is float and v.is_integer()):
            return out
    return [int(v) for v in out]


def _fresh_moves(own):
    """A game's own `determinize`, made to forget the moves listed for the real state: a clone
    keeps that list, and a re-deal that changed a hand must list its own (a game's re-deals once
    offered a card the re-dealt hand did not hold)."""
    def determinize(self, seat, seed):
        new = own(self, seat, seed)
        new._legal = None
        return new
    determinize._fresh = True
    determinize.__doc__ = own.__doc__
    determinize.__wrapped__ = own
    return determinize


def _plain_outcome(own):
    """A game's own `outcome`, its scores made plain as `scores()` makes them."""
    def outcome(self):
        scores, winners = own(self)
        return plain_scores(scores), winners
    outcome._plain = True
    outcome.__doc__ = own.__doc__
    outcome.__wrapped__ = own
    return outcome


def _fields_of(args: Any) -> dict | None:
    """An Action's arguments as a dict, or None unless they are (name, value) pairs with
    distinct string names."""
    fields: dict = {}
    try:
        for name, value in args:
            if not isinstance(name, str) or name in fields or name == "kind":
                return None
            fields[name] = value
    except (TypeError, ValueError):
        return None
    return fields
