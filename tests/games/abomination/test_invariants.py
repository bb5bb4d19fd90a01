"""Abomination's invariants (invariants.py), the fuzzer's per-game check: random games in every
set-up never break them (tests/engine/test_properties.py, every game), and a corrupted state is named with its numbers (so the check can
fail)."""
import random

import cardboard


def _midgame(moves=80):
    state = cardboard.load_game("abomination", players=3, seed=3).new_initial_state()
    rnd = random.Random(3)
    while len(state) < moves or not any(p.research or p.humanity_cards for p in state.players):
        state.apply(rnd.choice(state.legal_actions()))
    assert state._invariants() == []
    return state


def test_a_card_taken_from_a_hand_is_named():
    state = _midgame()
    seat, family = next((s, f) for s, p in enumerate(state.players)
                        for f in ("research", "humanity") if state.hand(s, f))
    state._set_hand(seat, family, state.hand(seat, family)[1:])
    total = len(getattr(state.cfg, family))
    assert any(p.startswith(f"{family} cards: {total - 1} counted") and p.endswith(f"{total} in the game")
               for p in state._invariants())


def test_negative_francs_and_a_dial_past_its_end_are_named():
    state = _midgame()
    p = state._me(1)
    p.francs = -1
    p.reputation = state.cfg.dial["reputation"].max + 1
    problems = state._invariants()
    assert "seat 1's francs are negative: -1" in problems, problems
    assert any(x.startswith("seat 1's reputation at") for x in problems), problems


def test_a_meeple_lost_and_the_supply_overdrawn_are_named():
    state = _midgame()
    p = state._me(0)
    p.free_asst += 1   # an assistant from nowhere
    p.empty = state.cfg.content.supply.leyden_jars + 1
    problems = state._invariants()
    assert any(x.startswith("seat 0's assistants:") and "owned" in x for x in problems), problems
    assert any(x.startswith("jars supply: -") for x in problems), problems
