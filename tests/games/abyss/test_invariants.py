"""Abyss's invariants (invariants.py), the fuzzer's per-game check: random games never break
them, and a corrupted state is named with its numbers (so the check can fail)."""
import random

import cardboard


def _midgame():
    state = cardboard.load_game("abyss", players=3, seed=5).new_initial_state()
    rnd = random.Random(5)
    while len(state) < 60 or not any(state.hands):
        state.apply(rnd.choice(state.legal_actions()))
    assert state._invariants() == []
    return state


def test_an_ally_taken_from_a_hand_is_named():
    state = _midgame()
    seat = next(p for p, h in enumerate(state.hands) if h)
    state.hands = state.hands[:seat] + (state.hands[seat][1:],) + state.hands[seat + 1:]
    state.seen = tuple(tuple(c for c in seen if c in hand) for seen, hand in zip(state.seen, state.hands))
    n = state.cfg.n_cards
    assert f"Exploration cards (Allies and Monsters): {n - 1} counted, {n} in the game" in state._invariants()


def test_negative_pearls_and_a_lord_in_two_places_are_named():
    state = _midgame()
    state.pearls = (-1,) + state.pearls[1:]
    state.court = state.court + (state.lord_deck[-1],)
    problems = state._invariants()
    assert any(p.startswith("pearls negative") for p in problems), problems
    assert any(p.startswith("Lords: ") and "in two places" in p for p in problems), problems
    assert any(p.startswith("Lords: ") and "counted" in p for p in problems), problems


def test_a_key_made_from_nothing_and_the_threat_off_its_track_are_named():
    state = _midgame()
    state.keys = (state.keys[0] + 1,) + state.keys[1:]
    state.threat = len(state.cfg.threat) + 1
    problems = state._invariants()
    total = state.cfg.setup.keys
    assert any(p.startswith(f"keys: {total + 1} counted") for p in problems), problems
    assert any(p.startswith("Threat at") for p in problems), problems


def test_a_seventh_lord_without_the_end_triggered_is_named():
    state = _midgame()
    assert state.final is None
    need = state.cfg.setup.lords_to_end - len(state.lords_owned(0))
    moved, state.lord_deck = state.lord_deck[-need:], state.lord_deck[:-need]
    state.free = (state.free[0] + moved,) + state.free[1:]
    assert any(p.startswith("seat 0 owns 7 Lords") and "not triggered" in p for p in state._invariants())
