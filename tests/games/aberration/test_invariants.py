"""Aberration's invariants (invariants.py), the fuzzer's per-game check: random games in every
set-up never break them (tests/engine/test_properties.py, every game), and a corrupted state is named with its numbers (so the check can
fail)."""
import random

import cardboard


def _midgame():
    state = cardboard.load_game("aberration", players=2, seed=1).new_initial_state()
    rnd = random.Random(1)
    while len(state) < 20:
        state.apply(rnd.choice(state.legal_actions()))
    assert state._invariants() == []
    return state


def test_an_item_taken_from_a_hand_is_named():
    state = _midgame()
    seat = next(p for p, h in enumerate(state.heroes) if h.items)
    state._me(seat).items = state.heroes[seat].items[1:]
    n = len(state.cfg.items)
    assert any(p.startswith(f"Items: {n - 1} counted") and p.endswith(f"{n} in the game") for p in state._invariants())


def test_negative_experience_and_a_lost_chip_are_named():
    state = _midgame()
    h = state._me(0)
    h.xp = -1
    colour = h.bag[0] if h.bag[0] != "H" else h.bag[-1]
    h.bag = tuple(c for c in h.bag if c != colour) + (colour,) * (h.bag.count(colour) - 1)
    problems = state._invariants()
    assert "seat 0's Experience is negative: -1" in problems, problems
    assert any(p.startswith(f"seat 0's {colour} chips:") for p in problems), problems


def test_fear_past_its_track_and_a_negative_supply_are_named():
    state = _midgame()
    state.fear = state.cfg.scenario.fear_track + 1
    state.x_supply = -1
    problems = state._invariants()
    assert any(p.startswith("Fear at") for p in problems), problems
    assert any(p.startswith("chip supply negative") and p.endswith("X -1") for p in problems), problems
