"""Refusals name the right thing, in every game: the engine checks a refused move's shape
(its kind, its fields and their JSON types, judged by the legal moves of that kind now) before
any game names a rule, and only a well-shaped move reaches the game's explainer."""
from __future__ import annotations

import random

import pytest

import cardboard
from cardboard import Action, IllegalAction
from cardboard.engine import game_class
from cardboard.engine.action import json_type, shape_problem

SETUPS = [
    pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{i}")
    for game_id in cardboard.list_games()
    for i, (players, options) in enumerate(game_class(game_id).setups)
]


def states(game_id, players, options, count=4, seed=7):
    """A few states of random games (the start and points along the way), none terminal."""
    out = []
    for k in range(count):
        game = cardboard.load_game(game_id, players=players, seed=seed + k, options=options)
        state = game.new_initial_state()
        rnd = random.Random(seed + k)
        for _ in range(rnd.randrange(0, 40) if k else 0):
            if state.is_terminal():
                break
            state.apply(rnd.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return out


def refused(state, move, as_json=True) -> str:
    before = (state._dump(), len(state), state.legal_actions())
    with pytest.raises(IllegalAction) as info:
        state.apply_json(move) if as_json else state.apply(move)
    assert (state._dump(), len(state), state.legal_actions()) == before
    return str(info.value)


def with_args(action, fields: dict) -> Action:
    return Action(action.kind, tuple(fields.items()))


def mistyped(value, legal_values):
    """A value of a JSON type the field never has among `legal_values`."""
    types = {json_type(v) for v in legal_values}
    for candidate in ("zz", 123457, 1.5, None, True, ["zz"]):
        if json_type(candidate) not in types and not (isinstance(candidate, list) and any(
                isinstance(t, tuple) and ("string" in t[1] or not t[1]) for t in types)):
            return candidate
    raise AssertionError(f"no mistyped value for {value!r}")


@pytest.mark.parametrize("game_id,players,options", SETUPS)
def test_an_unknown_kind_names_the_kinds_legal_now(game_id, players, options):
    for state in states(game_id, players, options):
        kinds = sorted({a.kind for a in state.legal_actions()})
        for message in (refused(state, {"kind": "nonsense"}), refused(state, Action("nonsense"), as_json=False),
                        refused(state, {"kind": "nonsense", "die": 2, "at": [0, 0]})):
            assert "'nonsense'" in message and "legal kinds now: " + ", ".join(kinds) in message, message


@pytest.mark.parametrize("game_id,players,options", SETUPS)
def test_a_missing_extra_or_mistyped_field_is_named(game_id, players, options):
    checked = 0
    for state in states(game_id, players, options):
        legal = state.legal_actions()
        keys = {a.json_key() for a in legal}
        rnd = random.Random(len(legal))
        for action in rnd.sample(legal, min(4, len(legal))):
            same_kind = [a for a in legal if a.kind == action.kind]
            field_sets = {frozenset(k for k, _ in a.args) for a in same_kind}
            doc = action.to_json()
            fields = dict(action.args)
            # an extra field
            extra = {**doc, "zz_extra": 1}
            for message in (refused(state, extra), refused(state, with_args(action, {**fields, "zz_extra": 1}), False)):
                assert "'zz_extra' is not a field" in message, message
            for name in fields:
                # a missing field (unless the kind also takes a move without it)
                rest = {k: v for k, v in fields.items() if k != name}
                if frozenset(rest) not in field_sets:
                    for message in (refused(state, {"kind": action.kind, **{k: doc[k] for k in rest}}),
                                    refused(state, with_args(action, rest), False)):
                        assert f"'{name}' is missing" in message, message
                    checked += 1
                # a mistyped field
                names = frozenset(fields)
                values = [a[name] for a in same_kind if frozenset(k for k, _ in a.args) == names]
                bad = mistyped(fields[name], values)
                changed = {**doc, name: bad}
                if Action.key_of_json(changed) in keys:
                    continue
                for message in (refused(state, changed), refused(state, with_args(action, {**fields, name: bad}), False)):
                    assert f"the field '{name}' of a '{action.kind}' move must be" in message, message
                checked += 1
    assert checked or all(not a.args for s in states(game_id, players, options) for a in s.legal_actions())


@pytest.mark.parametrize("game_id,players,options", SETUPS)
def test_only_well_shaped_moves_reach_the_games_explainer(game_id, players, options, monkeypatch):
    state = states(game_id, players, options, count=1)[0]
    cls = type(state)

    def tripwire(self, move):
        raise AssertionError(f"the game was asked about a malformed move {move!r}")

    legal = state.legal_actions()
    action = next((a for a in legal if a.args), legal[0])
    doc = action.to_json()
    monkeypatch.setattr(cls, "_why_illegal", tripwire)
    monkeypatch.setattr(cls, "_why_illegal_json", tripwire)
    bad_moves = [({**doc, "zz_extra": 1}, True), (with_args(action, {**dict(action.args), "zz_extra": 1}), False)]
    if action.args:
        name = action.args[0][0]
        bad_moves += [({k: v for k, v in doc.items() if k != name}, True),
                      (with_args(action, dict(action.args[1:])), False)]
    for move, as_json in bad_moves:
        if as_json and Action.key_of_json(move) in {a.json_key() for a in legal}:
            continue
        message = refused(state, move, as_json)
        assert "zz_extra" in message or "missing" in message, message


@pytest.mark.parametrize("game_id,players,options", SETUPS)
def test_applying_a_legal_move_does_no_shape_work(game_id, players, options, monkeypatch):
    """The shape check is on the refusal path only: bots applying legal moves never pay for it."""
    import cardboard.engine.state as engine_state

    def tripwire(*args):
        raise AssertionError("shape check on the hot path")

    monkeypatch.setattr(engine_state, "shape_problem", tripwire)
    monkeypatch.setattr(engine_state.State, "_shape_message", tripwire)
    game = cardboard.load_game(game_id, players=players, seed=3, options=options)
    state = game.new_initial_state()
    rnd = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        move = rnd.choice(legal)
        if rnd.random() < 0.5:
            state.apply(move)
        else:
            state.apply_json(move.to_json())


def test_the_findings_of_issue_22():
    """The refusals the issue quotes now name the move's problem, not another rule."""
    _, s = _aban_turn()
    kinds = ", ".join(sorted({a.kind for a in s.legal_actions()}))
    assert refused(s, {"kind": "nonsense"}).endswith(f"no move of kind 'nonsense' is legal now; legal kinds now: {kinds}")
    message = refused(s, {"kind": "plant"})
    assert "the fields 'at', 'die' are missing" in message and "die showing" not in message
    message = refused(s, {"kind": "plant", "die": "2", "at": [0, 0]})
    assert "the field 'die' of a 'plant' move must be an integer, not a string ('2')" in message
    message = refused(s, {"kind": "plant", "die": 2, "at": ["a", 0]})
    assert "the field 'at' of a 'plant' move must be an array of integers" in message


def test_shape_problem_words():
    legal = [Action("play", (("card", 3), ("at", (0, 1)))), Action("play", (("card", 4), ("at", (1, 1)), ("bump", 1)))]
    assert shape_problem("play", {"card": 9, "at": [5, 5]}, legal) is None  # values are the game's business
    assert shape_problem("play", {"card": 9, "at": [5, 5], "bump": 0}, legal) is None
    assert shape_problem("play", {"card": 9}, legal) == (
        "the field 'at' is missing: a 'play' move now has the fields at, card (or at, bump, card)")
    assert shape_problem("play", {"card": 9, "at": [1, 1], "x": 1, "y": 2}, legal).startswith(
        "'x', 'y' are not fields of a 'play' move")
    assert shape_problem("play", {"card": True, "at": [1, 1]}, legal) == (
        "the field 'card' of a 'play' move must be an integer, not a boolean (True)")
    assert shape_problem("play", {"card": 1, "at": [[1]]}, legal).startswith(
        "the field 'at' of a 'play' move must be an array of integers, not an array of arrays")
    assert shape_problem("play", {"card": 1, "at": []}, legal) is None  # a length is the game's business
    # as near to one set of fields as to another: each is named (a reroll by an item or a power)
    either = [Action("reroll", (("dice", (1, 0)), ("item", 2))), Action("reroll", (("dice", (1, 0)), ("power", 1)))]
    assert shape_problem("reroll", {"dice": [1, 1]}, either) == (
        "the field 'item' is missing or the field 'power' is missing: "
        "a 'reroll' move now has the fields dice, item (or dice, power)")
    mixed = [Action("recruit", (("pay", ((3, "crab"), (1, "fish"))),))]
    assert shape_problem("recruit", {"pay": [[2, "jelly"]]}, mixed) is None
    assert "must be an array of arrays of integers or strings" in shape_problem("recruit", {"pay": [2]}, mixed)


def _aban_turn():
    game = cardboard.load_game("aban", players=2, seed=1)
    s = game.new_initial_state()
    s.apply_json({"kind": "food", "number": 1})
    s.apply_json({"kind": "food", "number": 2})
    return game, s
