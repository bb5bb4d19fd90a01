"""Pig's invariants, for the fuzzer and tests (never in the hot path): `PigState._invariants`."""
from __future__ import annotations


def invariants(state) -> list[str]:
    """What is broken: scores and the turn total never negative, nobody past the target but a
    winner, the seat and the last roll in range [PG-1..6]."""
    c = state.game.content
    n = state.game.players
    out = []
    if len(state.banked) != n:
        out.append(f"banked scores: {len(state.banked)} listed, {n} players")
    for seat, b in enumerate(state.banked):
        if b < 0:
            out.append(f"seat {seat}'s banked score is negative: {b}")
    if state.turn_total < 0:
        out.append(f"turn total is negative: {state.turn_total}")
    if not 0 <= state.seat < n:
        out.append(f"seat to move {state.seat} is not a seat of {n}")
    if state.last_roll is not None and not 1 <= state.last_roll <= c.sides:
        out.append(f"last roll {state.last_roll} is not a face of a {c.sides}-sided die")
    reached = [seat for seat, b in enumerate(state.banked) if b >= c.target]
    if state.winner is None:
        if reached:
            out.append(f"seats {reached} reached the target {c.target} yet nobody has won")
        elif state.banked[state.seat] + state.turn_total >= c.target:
            out.append(f"seat {state.seat} holds {state.banked[state.seat]} + {state.turn_total} "
                       f">= the target {c.target} and plays on")
    elif reached != [state.winner]:
        out.append(f"winner {state.winner}, but seats {reached} reached the target {c.target}")
    elif state.turn_total:
        out.append(f"the game is won yet a turn total of {state.turn_total} is open")
    return out
