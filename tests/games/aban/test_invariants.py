"""Aban!'s invariants (invariants.py), the fuzzer's per-game check: random games in every set-up
never break them (tests/engine/test_properties.py, every game), and a corrupted state is named
with its numbers (so the check can fail)."""
import random

import cardboard
from cardboard.games.aban import garden as G


def _midgame(players=3, options=None, moves=12):
    state = cardboard.load_game("aban", players=players, seed=4, options=options or {}).new_initial_state()
    rnd = random.Random(4)
    while len(state) < moves:
        state.apply(rnd.choice(state.legal_actions()))
    assert state._invariants() == []
    return state


def test_a_token_gone_missing_is_named():
    state = _midgame()
    state.tokens = (state.tokens[0] - 1,) + state.tokens[1:]   # taken from the board, put nowhere
    assert any(p.startswith("Espino/Rocky tokens:") and "taken" in p for p in state._invariants())


def test_negative_fertilizer_and_shovels_are_named():
    state = _midgame()
    state.fert = (-1,) + state.fert[1:]
    state.shovels = (state.shovels[0], -1) + state.shovels[2:]
    problems = state._invariants()
    assert any("seat 0's fertilizer: -1" in p for p in problems), problems
    assert any("seat 1's shovels: -1 left" in p for p in problems), problems


def test_a_plant_drawn_behind_the_caches_back_is_named():
    state = _midgame()
    i = state.empty[0][0]
    state.gardens = (G.with_cell(state.gardens[0], i, 3),) + state.gardens[1:]   # `empty` not kept in step
    assert any("seat 0's empty squares" in p for p in state._invariants())


def test_a_die_lost_and_overfed_chayote_are_named():
    state = _midgame()
    state.dice = state.dice[1:]
    state.feeds = (99,) + state.feeds[1:]
    problems = state._invariants()
    assert any(p.startswith("dice:") for p in problems), problems
    assert any("chayote feeds: 99" in p for p in problems), problems


def test_a_full_garden_outside_the_last_round_is_named():
    state = _midgame()
    assert not state.last_round
    garden = state.gardens[1]
    for i in state.empty[1]:
        garden = G.with_cell(garden, i, 2)
    state.gardens = state.gardens[:1] + (garden,) + state.gardens[2:]
    state.refresh_squares()
    assert any(p.startswith("seats [1] have full gardens") for p in state._invariants())
