"""What the three adapters share: a game played choice by choice, its masks, observations and rewards.

`Table` holds one cardboard state and the choices made so far towards the current move (see
spec.py). It offers the legal choices now, takes one, and plays the move once its choices are
complete. Nothing here knows any game: the moves come from `legal_actions()`, the encoding from
the game's `encoding.py` or the fallback, the observations from `view(seat)`.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..engine import ConfigError, State, game_class, load_game
from ..engine.collector import settle
from .spec import DONE, EncodingError, MoveEncoding, explore

REWARDS = ("win", "margin", "score")
MASK_BYTES = 1 << 24   # the masks an encoding keeps (one per set of choices met), in bytes at most


DECISIONS_MOVES = 200_000   # the moves an encoding's kept decisions hold, at most
DECISIONS_TRIAL = 2_000     # decisions made before judging whether keeping them pays


def _keep_decision(encoding, key: tuple, legal: list, options: dict, mask) -> None:
    """Keep a decision (its legal list holds its moves alive, so their identities stay theirs).
    A game whose legal lists are new objects every time never meets one again: after a trial,
    when fewer than half the decisions were met before, the encoding stops keeping them."""
    seen = encoding.decisions
    stats = encoding.decision_stats   # [moves held, decisions made, decisions met again]
    stats[0] += len(legal)
    stats[1] += 1
    if stats[0] > DECISIONS_MOVES:
        seen.clear()
        stats[0] = len(legal)
    if stats[1] == DECISIONS_TRIAL and stats[2] < stats[1]:
        encoding.decisions = None   # mostly new: keeping them costs more than it saves
        seen.clear()
        return
    seen[key] = (list(legal), options, mask)   # a copy: a game may hand out a list it changes later


class IllegalChoice(ConfigError):
    """A choice that is not legal now (the game goes on: the state is unchanged)."""

_encodings: dict[type, MoveEncoding] = {}


def game_declaration(cls) -> dict:
    """The game's own `encoding.py` declaration (ENCODING), or an empty one."""
    found = cls.encoding() if hasattr(cls, "encoding") else None
    return found or {}


def perfect_information(cls) -> bool:
    """Whether a seat sees everything but the future chance (so OpenSpiel, whose chance is sampled
    here, may call the game perfect information). The game's encoding.py may say so
    ("information": "perfect" or "imperfect"); otherwise a game whose states keep the engine's own
    `determinize` (which only reseeds the future rolls: the engine's contract is that a game
    hiding hands or decks overrides it) hides nothing else."""
    declared = game_declaration(cls).get("information")
    if declared is not None:
        if declared not in ("perfect", "imperfect"):
            raise ConfigError(f"{cls.id}: encoding 'information' must be 'perfect' or 'imperfect', not {declared!r}")
        return declared == "perfect"
    players, options = cls.setups[0] if cls.setups else (cls.min_players, {})
    state = cls(players, 0, dict(options)).new_initial_state()
    return type(state).determinize is State.determinize


def move_encoding(game_id_or_cls) -> MoveEncoding:
    """The game's table of choices: declared in its encoding.py, else learned from play (cached)."""
    cls = game_class(game_id_or_cls) if isinstance(game_id_or_cls, str) else game_id_or_cls
    found = _encodings.get(cls)
    if found is None:
        declared = game_declaration(cls).get("moves")
        found = MoveEncoding(declared) if declared else explore(cls)
        _encodings[cls] = found
    return found


def rewards(state: State, kind: str) -> list[float]:
    """Each seat's reward for a finished game. "win": +1 for the winners and -1 for the others (a
    co-operative game: +1 for everyone on a win, -1 on a loss); "margin": the seat's score minus
    the best other seat's (alone at the table, or in a co-operative game: its score); "score": the
    seat's own score."""
    scores, winners = state.outcome()
    n = len(scores)
    if kind == "win":
        if state.game.cooperative:
            return [1.0 if winners else -1.0] * n
        return [1.0 if seat in winners else -1.0 for seat in range(n)]
    if kind == "score" or n == 1 or state.game.cooperative:
        return [float(s) for s in scores]
    if kind == "margin":
        out = []
        for seat in range(n):
            best = max(s for other, s in enumerate(scores) if other != seat)
            out.append(float(scores[seat] - best))
        return out
    raise ConfigError(f"reward must be one of {', '.join(REWARDS)}, not {kind!r}")


def check_reward(kind: str) -> str:
    if kind not in REWARDS:
        raise ConfigError(f"reward must be one of {', '.join(REWARDS)}, not {kind!r}")
    return kind


class Table:
    """One game played as a sequence of integer choices.

    `choices()` lists the legal choices now (sorted), `choose(i)` takes one (playing the move
    when it is complete), `pending` is the choices made so far towards the current move.
    """

    __slots__ = ("game", "state", "encoding", "pending", "_moves", "_options", "_legal", "_mask")

    def __init__(self, game_id: str, players: int | None = None, seed: int | None = None,
                 options: dict | None = None, state: State | None = None):
        if state is not None:
            self.game = state.game
            self.state = state
        else:
            cls = game_class(game_id)
            if players is None:
                players = cls.setups[0][0] if cls.setups else cls.min_players
            self.game = load_game(game_id, players, seed, options)
            self.state = self.game.new_initial_state()
            settle()  # what set-up made leaves the collector's walks (engine/collector.py)
        self.encoding = move_encoding(type(self.game))
        self.pending: tuple[int, ...] = ()
        self._moves = None    # [(action, choices)] consistent with `pending`
        self._options = None  # choice -> [(action, choices)] among them
        self._legal = None    # sorted(_options): built once per decision, like the mask
        self._mask = None

    def clone(self) -> "Table":
        new = Table.__new__(Table)
        new.game = self.game
        new.state = self.state.clone()
        new.encoding = self.encoding
        new.pending = self.pending
        new._moves = self._moves
        new._options = self._options
        new._legal = self._legal
        new._mask = self._mask
        return new

    def __deepcopy__(self, memo) -> "Table":
        return self.clone()

    @property
    def current_player(self) -> int | None:
        return self.state.current_player

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def _candidates(self):
        if self._moves is None:
            choices = self.encoding.choices
            moves = [(a, choices(a)) for a in self.state.legal_actions()]
            if self.pending:  # a re-dealt state (replace_state) in the middle of a move
                k = len(self.pending)
                moves = [pair for pair in moves if pair[1][:k] == self.pending]
            self._moves = moves
        return self._moves

    def replace_state(self, state: State) -> None:
        """Put another state (a re-deal of this one) under the table, keeping the choices made."""
        self.state = state
        self._moves = self._options = self._legal = self._mask = None

    def _group(self) -> dict[int, list]:
        """The next choices, each with the moves it keeps open (DONE: the move that ends here).
        A new decision groups the legal moves (actions) by their first choice alone; once a move
        is under way, its candidates are (action, choices) pairs. At the end of the game there
        is none."""
        options = self._options
        if options is None:
            if not self.pending:
                self._decide()
                return self._options
            options = {}
            k = len(self.pending)
            for pair in self._candidates():
                seq = pair[1]
                options.setdefault(seq[k] if len(seq) > k else DONE, []).append(pair)
            self._options = options
        return options

    def _decide(self, legal: list | None = None) -> None:
        """A new decision: the legal moves grouped by their first choice (read from the
        encoding's cache of first choices), and its mask (shared by every decision with the same
        choices). `choose` makes the next one as soon as it plays a move. A game that hands out
        the same Action objects again (most keep one object per move) meets the same legal
        lists again: their decisions are kept, keyed by the moves' identities."""
        encoding = self.encoding
        if legal is None:
            legal = self.state.legal_actions()   # [] at the end of the game
        seen = encoding.decisions
        if seen is not None:
            key = tuple(map(id, legal))
            hit = seen.get(key)
            if hit is not None:
                self._options = hit[1]
                self._mask = hit[2]
                encoding.decision_stats[2] += 1
                return
        heads = encoding.head_of
        options: dict[int, list] = {}
        for action in legal:
            choice = heads.get(action)
            if choice is None:
                choice = encoding.head_choice(action)
            group = options.get(choice)
            if group is None:
                options[choice] = [action]
            else:
                group.append(action)
        self._options = options
        choices = tuple(options)
        mask = encoding.masks.get(choices)
        if mask is None:
            mask = self._new_mask(choices)
        self._mask = mask
        if seen is not None:
            _keep_decision(encoding, key, legal, options, mask)

    def _new_mask(self, key: tuple) -> np.ndarray:
        """The read-only mask of a set of choices, kept by the encoding for the next decisions
        with the same choices."""
        encoding = self.encoding
        size = encoding.size
        raw = bytearray(size)   # set byte by byte: cheaper than numpy for a few choices
        for choice in key:
            raw[choice] = 1
        mask = np.frombuffer(raw, np.int8)
        mask.flags.writeable = False
        masks = encoding.masks
        if len(masks) * size > MASK_BYTES:
            masks.clear()
        masks[key] = mask
        return mask

    def choices(self) -> list[int]:
        """The legal choices now, in increasing order (empty at the end of the game); built once
        per decision."""
        if self._legal is None:
            self._legal = sorted(self._group())
        return self._legal

    def is_legal(self, choice) -> bool:
        """Whether `choice` may be taken now (a dict look-up, no list built)."""
        return choice in self._group()

    def mask(self) -> np.ndarray:
        """The legal choices now as a read-only int8 vector over the table (1 = legal), shared by
        every decision with the same choices: copy it before writing to it."""
        mask = self._mask
        if mask is None:
            options = self._group()
            mask = self._mask
            if mask is None:
                key = tuple(options)
                mask = self.encoding.masks.get(key)
                if mask is None:
                    mask = self._new_mask(key)
                self._mask = mask
        return mask

    def choose(self, choice: int) -> bool:
        """Take one choice; True if it completed a move (which is then played, and the next
        decision made). A choice that is not legal raises IllegalChoice and changes nothing."""
        options = self._options
        if options is None:
            options = self._group()
        moves = options.get(choice)
        if moves is None:
            if self.state.is_terminal():
                raise ConfigError("the game is over: no choice can be made")
            raise IllegalChoice(f"choice {choice} ({self._describe(choice)}) is not legal now; "
                                f"legal choices: {self.choices()}")
        if not self.pending:  # a new decision: its groups hold actions; a single one is the move
            if len(moves) == 1:
                self.state.apply_trusted(moves[0])
                self._moves = self._legal = None
                self._decide()
                return True
            encode = self.encoding.choices
            moves = [(a, encode(a)) for a in moves]
        k = len(self.pending) + 1
        while True:
            if choice == DONE or len(moves) == 1:
                # DONE: the move that ends here; a single move left: its remaining choices are forced
                self._play(next(a for a, seq in moves if len(seq) == k - 1) if choice == DONE else moves[0][0])
                return True
            # several moves go on: group them by their next choice; a forced one is taken at once
            nxt: dict[int, list] = {}
            for pair in moves:
                seq = pair[1]
                nxt.setdefault(seq[k] if len(seq) > k else DONE, []).append(pair)
            self.pending += (choice,)
            if len(nxt) > 1:
                self._moves = moves
                self._options = nxt
                self._legal = self._mask = None
                return False
            (choice, moves), = nxt.items()
            k += 1

    def _play(self, action) -> None:
        self.state.apply_trusted(action)
        self.pending = ()
        self._moves = self._legal = None
        self._decide()

    def _describe(self, choice: Any) -> str:
        if isinstance(choice, int) and 0 <= choice < self.encoding.size:
            return self.encoding.label(choice)
        return "out of range"

    def apply_move(self, action) -> None:
        """Play a whole engine move at once (a seated cardboard agent's), between two moves."""
        if self.pending:
            raise ConfigError("a move is half chosen: finish it before playing another")
        self.state.apply(action)
        self._moves = self._options = self._legal = self._mask = None

    def rewards(self, kind: str) -> list[float]:
        return rewards(self.state, kind)


def squash(x: float) -> float:
    """A number's feature: itself near zero, its logarithm far from it (asinh)."""
    return math.asinh(x)


__all__ = ["Table", "IllegalChoice", "move_encoding", "perfect_information", "rewards", "EncodingError", "REWARDS", "squash"]
