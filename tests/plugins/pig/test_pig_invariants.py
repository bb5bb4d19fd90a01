"""Pig's invariants (pig_game/invariants.py): a corrupted state is named (random games of every
game, Pig included, never break theirs: tests/engine/test_properties.py)."""
import cardboard


def test_a_corrupted_state_is_named():
    state = cardboard.load_game("pig", players=2, seed=1).new_initial_state()
    state.banked = (-1, 0)
    assert any("seat 0's banked score is negative: -1" in p for p in state._invariants())
    state.banked = (60, 0)
    assert any("reached the target 50" in p for p in state._invariants())
    state.banked = (0, 0)
    state.turn_total = -3
    assert any("turn total is negative: -3" in p for p in state._invariants())
