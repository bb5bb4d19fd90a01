"""Helpers shared by the rule tests of games whose states hold per-seat objects (`state._me(seat)`):
set a seat's fields by hand, find legal moves by kind and arguments, play one."""
from __future__ import annotations


def edit(state, seat: int, **fields):
    """Set a seat's fields directly (a test's set-up), copying its object first."""
    state._edited = set()
    p = state._me(seat)
    for name, value in fields.items():
        setattr(p, name, value)
    state._legal = None
    return p


def moves(state, kind: str | None = None, **args):
    """The legal moves of that kind whose arguments include `args`."""
    out = []
    for a in state.legal_actions():
        if kind is not None and a.kind != kind:
            continue
        if all(a.get(k) == v for k, v in args.items()):
            out.append(a)
    return out


def do(state, kind: str, **args):
    """Apply the one legal move of that kind matching `args` (the first if several)."""
    found = moves(state, kind, **args)
    assert found, f"no legal {kind} {args}; legal now: {[str(a) for a in state.legal_actions()]}"
    state.apply(found[0])
    return found[0]
