"""Helpers for the Aberration rule tests: build a state, set it up by hand, drive it by moves."""
from __future__ import annotations

from cardboard.games.aberration.game import AberrationGame


def new(players: int = 1, seed: int = 1, **options):
    """A fresh game (the game is not registered yet, so it is built directly)."""
    return AberrationGame(players, seed=seed, options=options).new_initial_state()


def sp(state, name: str) -> int:
    return state.cfg.index[name]


def edit(state, seat: int, **fields):
    """Set a hero's fields directly (a test's set-up), copying the Hero first."""
    state._edited = set()
    h = state._me(seat)
    for name, value in fields.items():
        setattr(h, name, value)
    state._legal = None
    return h


def moves(state, kind: str | None = None, **args):
    out = []
    for a in state.legal_actions():
        if kind is not None and a.kind != kind:
            continue
        if all(a.get(k) == v for k, v in args.items()):
            out.append(a)
    return out


def do(state, kind: str, **args):
    found = moves(state, kind, **args)
    assert found, f"no legal {kind} {args}; legal now: {[str(a) for a in state.legal_actions()]}"
    state.apply(found[0])
    return found[0]


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
