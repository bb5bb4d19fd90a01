"""Hideous Abomination's invariants (invariants.py), the fuzzer's per-game check: random games
in every set-up never break them (tests/engine/test_properties.py, every game), and a corrupted state is named with its numbers (so the check
can fail)."""
import random

import cardboard

GAME = "hideous-abomination"


def _midgame():
    state = cardboard.load_game(GAME, players=3, seed=2).new_initial_state()
    rnd = random.Random(2)
    while len(state) < 30:
        state.apply(rnd.choice(state.legal_actions()))
    assert state._invariants() == []
    return state


def test_a_tile_taken_from_a_hand_is_named():
    state = _midgame()
    seat = next(p for p, h in enumerate(state.hands) if h)
    state.hands = state.hands[:seat] + (state.hands[seat][1:],) + state.hands[seat + 1:]
    n = state.cfg.n_parts
    assert any(p.startswith(f"body parts: {n - 1} counted") and f"{n} in the game" in p for p in state._invariants())


def test_a_negative_bolt_supply_and_a_hand_over_the_limit_are_named():
    state = _midgame()
    state.supply = -1
    other = (state.player + 1) % state.cfg.players
    state.hands = tuple(h + tuple(state.deck[-4:]) if p == other else h for p, h in enumerate(state.hands))
    problems = state._invariants()
    assert any(p.startswith("bolts negative: supply -1") for p in problems), problems
    assert any(p.startswith(f"seat {other} holds") and "the limit is 3" in p for p in problems), problems
    assert any(p.startswith("body parts:") and "in two places" in p for p in problems), problems


def check_invariants(state):
    """No invariant broken (test_hidden.py checks every re-deal with it)."""
    problems = state._invariants()
    assert problems == [], problems


def test_tiles_meeting_with_contacts_that_do_not_match_are_named():
    from cardboard.games.hideous_abomination.slab import DIRS

    state = _midgame()
    seat, cell, bit = next((p, c, bit) for p, slab in enumerate(state.slabs) for c in slab
                           for dr, dc, bit, _ in DIRS if (c[0] + dr, c[1] + dc) in slab)
    t, turn, mask = state.slabs[seat][cell]
    state.slabs[seat][cell] = (t, turn, mask ^ bit)
    assert any(p.startswith(f"seat {seat}: the tiles at {cell}") and "do not match" in p
               for p in state._invariants())
