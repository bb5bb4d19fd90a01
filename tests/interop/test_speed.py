"""What keeps the adapters' step cheap (issue #26, "Speed"): the mask and the grouping of moves
are built once per decision, a new decision encodes only each move's first choice, the view's
features are built once per position, and PettingZoo's order-enforcing wrapper adds no
attribute look-ups through `__getattr__`; each still behaves as before."""
from __future__ import annotations

import numpy as np
import pytest

from cardboard.engine import Rng, game_class
from cardboard.interop import gymnasium as gz
from cardboard.interop import pettingzoo as cz
from cardboard.interop.core import Table, game_declaration, move_encoding
from cardboard.interop.observe import Observer


def random_masked_episode(env, rng: Rng) -> int:
    """A user's random loop over a PettingZoo env to the end: the mask of each step, a uniform
    pick among it; the number of choices made."""
    steps = 0
    for _agent in env.agent_iter():
        _, _, term, trunc, info = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        legal = info["action_mask"].nonzero()[0]
        env.step(int(legal[rng.below(len(legal))]))
        steps += 1
    return steps


def _turn_with_many_parts(game_id="abyss", seed=0):
    """A position whose legal moves include ones of several parts (Abyss: recruits and payments)."""
    cls = game_class(game_id)
    state = cls(2, seed).new_initial_state()
    rng = Rng(seed)
    encoding = move_encoding(cls)
    for _ in range(2000):
        legal = state.legal_actions()
        if sum(len(encoding.choices(a)) > 1 for a in legal) >= 3:
            return state
        state.apply(legal[rng.below(len(legal))])
    raise AssertionError("no position with moves of several parts")


def test_the_mask_is_built_once_per_decision_read_only_and_equal_to_the_choices():
    table = Table("abyss", state=_turn_with_many_parts())
    mask = table.mask()
    assert table.mask() is mask and not mask.flags.writeable
    assert mask.dtype == np.int8 and mask.shape == (table.encoding.size,)
    assert list(np.flatnonzero(mask)) == table.choices()
    with pytest.raises(ValueError):
        mask[0] = 1
    table.choose(table.choices()[-1])
    assert table.mask() is not mask and list(np.flatnonzero(table.mask())) == table.choices()


def test_a_new_decision_encodes_only_each_moves_first_choice(monkeypatch):
    state = _turn_with_many_parts()
    encoding = move_encoding("abyss")
    expected = sorted({encoding.choices(a)[0] for a in state.legal_actions()})
    calls = []
    original = type(encoding).choices
    monkeypatch.setattr(type(encoding), "choices", lambda self, a: calls.append(a) or original(self, a))
    table = Table("abyss", state=state.clone())
    assert table.choices() == expected
    assert calls == []  # the whole sequences wait until a head with several moves is chosen
    head = next(c for c in expected if len(table._group()[c]) > 1)
    table.choose(head)
    assert 0 < len(calls) <= len(state.legal_actions())


def test_a_re_dealt_state_under_a_half_chosen_move_keeps_the_choices_made():
    state = _turn_with_many_parts()
    table = Table("abyss", state=state)
    head = next(c for c in table.choices() if len(table._group()[c]) > 1)
    table.choose(head)
    assert table.pending
    seat = table.state.current_player
    before = table.choices()
    table.replace_state(state.determinize(seat, 5))
    assert table.choices() == before  # the seat's own options do not depend on what it cannot see
    assert all(seq[:len(table.pending)] == table.pending for _, seq in table._candidates())


@pytest.mark.parametrize("game_id", ["aban", "abyss"])
def test_the_view_block_is_built_once_per_position_and_each_call_returns_a_new_vector(game_id):
    cls = game_class(game_id)
    observer = Observer(cls, move_encoding(cls), game_declaration(cls))
    n = cls.setups[0][0] if cls.setups[0][0] > 1 else 2
    state = cls(n, 2).new_initial_state()
    views = []
    real = type(state).view
    state_type = type(state)
    try:
        state_type.view = lambda self, seat: views.append(seat) or real(self, seat)
        a = observer.observe_state(state, 0, ())
        b = observer.observe_state(state, 0, (3,))
        assert views == [0] and a is not b and b[observer.view_size + observer.seats + 3] == 1.0
        assert np.array_equal(a, observer.observe(real(state, 0), 0, ()))
        state.apply(state.legal_actions()[0])
        c = observer.observe_state(state, 0, ())
        assert views == [0, 0] and np.array_equal(c, observer.observe(real(state, 0), 0, ()))
    finally:
        state_type.view = real


def test_the_order_enforcing_wrapper_still_enforces_the_order():
    env = cz.env("abyss", players=2)
    with pytest.raises(Exception):
        env.step(0)
    env.reset(seed=1)
    agents = iter(env.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="step"):
        next(agents)
    _, _, _, _, info = env.last(observe=False)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert next(agents) == env.agent_selection


def test_a_decision_met_again_reuses_its_grouping_and_mask(monkeypatch):
    """Aban! hands out one Action object per move: two games at the same food choice share the
    decision (its grouping and its read-only mask), built once."""
    encoding = move_encoding("aban")
    monkeypatch.setattr(encoding, "decisions", {})   # as new (other tests' games may have judged it)
    monkeypatch.setattr(encoding, "decision_stats", [0, 0, 0])
    first, second = Table("aban", 1, 1), Table("aban", 1, 2)
    options = first._group()
    assert second._group() is options and second.mask() is first.mask()
    assert list(np.flatnonzero(first.mask())) == sorted(options)
    assert not first.mask().flags.writeable


def test_a_game_whose_moves_are_new_objects_stops_keeping_decisions(monkeypatch):
    """Legal lists of new Action objects are never met again: after a trial the encoding stops
    keeping their decisions, and the choices stay right."""
    from cardboard.engine import Action
    from cardboard.interop import core

    cls = game_class("abyss")
    state_type = type(cls(2, 0).new_initial_state())
    real = state_type.legal_actions
    monkeypatch.setattr(state_type, "legal_actions",
                        lambda self: [Action(a.kind, a.args, a.ctx) for a in real(self)])
    monkeypatch.setattr(core, "DECISIONS_TRIAL", 20)
    encoding = move_encoding("abyss")
    monkeypatch.setattr(encoding, "decisions", {})
    monkeypatch.setattr(encoding, "decision_stats", [0, 0, 0])
    rng = Rng(4)
    table = Table("abyss", 2, 4)
    for _ in range(60):
        legal = table.choices()
        if not table.pending:
            assert legal == sorted({encoding.head_choice(a) for a in table.state.legal_actions()})
        table.choose(legal[rng.below(len(legal))])
        if table.is_terminal():
            break
    assert encoding.decisions is None


def test_a_pettingzoo_step_checks_its_choice_once(monkeypatch):
    """A step takes the choice straight from the decision's grouping: no second legality check
    (`is_legal`) and no sorted list of choices (`choices`) on the way."""
    calls = []
    for name in ("is_legal", "choices"):
        real = getattr(Table, name)
        monkeypatch.setattr(Table, name, lambda self, *a, _real=real, _name=name: calls.append(_name) or _real(self, *a))
    env = cz.env("aban", players=2)
    env.reset(seed=3)
    steps = random_masked_episode(env, Rng(3))
    assert steps > 20 and calls == []
    assert all(env.unwrapped.terminations.values()) or not env.unwrapped.agents


def test_a_pettingzoo_step_of_a_whole_move_asks_the_engine_for_the_next_moves_once(monkeypatch):
    """A one-choice move: the step asks the seat to move and the legal moves of the next
    decision once each, through the engine's hooks (no `legal_actions()` copy and no second
    `current_player` on the way); the decision is then looked up or grouped from that list."""
    import cardboard

    if "pig" not in cardboard.list_games():
        pytest.skip("the plugin Pig is not installed")
    env = cz.env("pig", players=2)
    env.reset(seed=5)
    state_type = type(env.unwrapped.table.state)
    calls = {"legal_actions": 0, "_legal_actions": 0}
    for name in calls:
        real = getattr(state_type, name)
        monkeypatch.setattr(state_type, name, lambda self, _real=real, _name=name: calls.__setitem__(
            _name, calls[_name] + 1) or _real(self))
    steps = random_masked_episode(env, Rng(5))
    assert steps > 20
    assert calls["_legal_actions"] == steps - 1   # one per decision after a move; none at the end
    assert calls["legal_actions"] == 1            # the end: the empty decision


@pytest.mark.parametrize("make", [
    lambda: cz.env("abyss", players=2),
    lambda: gz.CardboardEnv("abyss", players=2),
], ids=["pettingzoo", "gymnasium"])
def test_a_reset_freezes_the_new_game_out_of_the_collectors_walks(make, monkeypatch):
    """Issue #27: with the collector on, a research loop set up game after game, and the heap it
    grew (new moves, the adapters' and games' caches) made the collector walk it in full again
    and again (Abyss: 28 full collections in 8 CPU seconds, a third of the steps' time). A reset
    now freezes what set-up made, as bulk play does (engine/collector.py)."""
    import gc

    from cardboard.engine import collector

    monkeypatch.setattr(collector, "_next_sweep", float("inf"))  # no sweep due: a freeze
    env = make()
    env.reset(seed=3)
    state = env.unwrapped.table.state
    try:
        assert not any(o is state for o in gc.get_objects())
    finally:
        gc.unfreeze()
