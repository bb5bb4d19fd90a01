"""Helpers for the Aberration rule tests: build a state, set it up by hand, drive it by moves."""
from __future__ import annotations

from cardboard.games.aberration.game import AberrationGame

from ..moves import do, edit, moves  # noqa: F401  (re-exported for the tests)


def new(players: int = 1, seed: int = 1, **options):
    """A fresh game state (options as keyword arguments)."""
    return AberrationGame(players, seed=seed, options=options).new_initial_state()


def sp(state, name: str) -> int:
    return state.cfg.index[name]


def clear_map(state):
    """No shadows, monsters, villagers, Fire or traps on the map (the pool stays)."""
    state.shadows, state.monsters, state.traps = (), (), ()
    state.villagers = (0,) * len(state.cfg.names)
    state.fire, state.influence = frozenset(), frozenset()
    state._legal = None


def at_turn(state, seat: int, hand=(), **fields):
    """Make it seat's Action step with exactly `hand` (the Draw step already done)."""
    state.ask = ("turn", seat)
    state.todo = (("beast",), ("round",))
    state.phase, state.turn = "hero", seat
    edit(state, seat, hand=tuple(hand), **fields)
    state._legal = None
    return state


def run(state, *tasks, then=("turn", 0)):
    """Run tasks now (as the rules would), until a decision or the end; then seat 0's Action step."""
    state._edited = set()
    state.ask = None
    state.todo = tuple(tasks) + (then,)
    state._resume()
    state._legal = None
    return state
