"""Game-agnostic property tests of the engine contract, run on every registered game.

Every property plays many random games (a game seed and a move-choice seed drawn by
hypothesis) under each set-up the game declares (`Game.setups`): a new game, built in or a
plugin, is tested here with no change to this file. A game with a rules index must cite one
of its rule ids, as `[ID]`, when it refuses a well-shaped move whose kind is legal now (a move
of the wrong shape is answered by the engine, naming the field).
"""
from __future__ import annotations

import copy
import json
import math
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardboard
from cardboard import Action, ConfigError, IllegalAction
from cardboard.rules_index import parse_index

# Each game's set-ups (players, options) come from its own class (`Game.setups`); every
# property plays each of them.
CONFIGS: dict[str, list[tuple[int, dict]]] = {
    game_id: list(cardboard.engine.game_class(game_id).setups) for game_id in cardboard.list_games()
}


def _rule_ids(game_id: str) -> set[str]:
    path = cardboard.engine.game_class(game_id).rules_index()
    return {r.id for r in parse_index(path.read_text(encoding="utf-8"))} if path.is_file() else set()


RULE_IDS: dict[str, set[str]] = {game_id: _rule_ids(game_id) for game_id in cardboard.list_games()}
BRACKETS = re.compile(r"\[([^\[\]]+)\]")


def cites_rule(message: str, ids: set[str]) -> bool:
    """The message names, in brackets, at least one id of the game's rules index ("[AB-T-3]", "[X-1, X-2]")."""
    return any(word in ids for cited in BRACKETS.findall(message) for word in re.split(r"[\s,;]+", cited))


MAX_ACTIONS = 2000  # every game must end within this many actions

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
MOVE_SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FRACTIONS = st.floats(min_value=0.0, max_value=1.0)


def _case_id(game_id: str, players: int, options: dict) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return f"{game_id}-{players}p-{opts}"


CASES = [
    pytest.param(game_id, players, options, id=_case_id(game_id, players, options))
    for game_id in cardboard.list_games()
    for players, options in CONFIGS.get(game_id, [])
]


def fast(n: int):
    return settings(max_examples=n, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow])


# Games whose random playouts are long (hundreds of moves, rich views) run one example in THIN[game];
# the others return at once. Every property still sees dozens of their games a run, and the suite
# stays within its time on 2 cores. Seed 0, where Hypothesis shrinks to, always runs.
THIN: dict[str, int] = {"abomination": 6, "aberration": 3}


def thinned(game_id: str, seed: int) -> bool:
    k = THIN.get(game_id, 1)
    return k > 1 and seed % k != 0


# ------------------------------------------------------------------ helpers
def new_state(game_id, players, options, seed):
    game = cardboard.load_game(game_id, players=players, seed=seed, options=copy.deepcopy(options))
    return game, game.new_initial_state()


def play_to_end(state, rnd: random.Random, limit: int = MAX_ACTIONS) -> int:
    steps = 0
    while not state.is_terminal():
        assert steps < limit, f"game did not end within {limit} actions"
        state.apply(rnd.choice(state.legal_actions()))
        steps += 1
    return steps


def play_fraction(state, rnd: random.Random, fraction: float) -> None:
    """Play a random game on a clone to learn its length, then play `state` that far
    (with its own random moves): gives a state at a random point of a game, terminal included."""
    probe = state.clone()
    length = play_to_end(probe, random.Random(rnd.random()))
    target = round(fraction * length)
    while len(state) < target and not state.is_terminal():
        state.apply(rnd.choice(state.legal_actions()))


def snapshot(state):
    return state._dump(), list(state.history), len(state)


def keys_named(doc, name: str) -> bool:
    if isinstance(doc, dict):
        return any(k == name or keys_named(v, name) for k, v in doc.items())
    if isinstance(doc, (list, tuple)):
        return any(keys_named(v, name) for v in doc)
    return False


def assert_rejected(state, move, *, as_json: bool) -> str:
    """Applying `move` raises IllegalAction with a message and leaves `state` exactly unchanged."""
    before = snapshot(state)
    legal_before = state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        if as_json:
            state.apply_json(move)
        else:
            state.apply(move)
    message = str(info.value)
    assert message.strip(), f"empty message rejecting {move!r}"
    assert snapshot(state) == before, f"rejecting {move!r} changed the state"
    assert state.legal_actions() == legal_before
    return message


JSON_LEAVES = (st.none() | st.booleans() | st.integers(-10**6, 10**6)
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8))
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


# ------------------------------------------------------------------ the table itself
def test_every_registered_game_has_setups():
    games = cardboard.list_games()
    assert games, "no games registered"
    for game_id in games:
        cls = cardboard.engine.game_class(game_id)
        assert CONFIGS.get(game_id), f"give {cls.__name__} its set-ups (Game.setups)"
        counts = {players for players, _ in CONFIGS[game_id]}
        assert counts == set(range(cls.min_players, cls.max_players + 1)) or len(counts) >= 3, \
            f"{game_id}: set-ups should cover the player counts"


# ------------------------------------------------------------------ termination and the end
@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(40)
@given(seed=SEEDS, move_seed=MOVE_SEEDS)
def test_games_end_with_a_result(game_id, players, options, seed, move_seed):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    steps = 0
    while not state.is_terminal():
        assert steps < MAX_ACTIONS, f"game did not end within {MAX_ACTIONS} actions"
        who = state.current_player
        assert isinstance(who, int) and not isinstance(who, bool) and 0 <= who < players
        provisional = state.scores()
        assert len(provisional) == players
        state.apply(rnd.choice(state.legal_actions()))
        steps += 1
        assert len(state) == steps
    assert steps > 0
    assert state.current_player is None
    assert state.legal_actions() == []
    scores = state.scores()
    assert len(scores) == players
    assert all(isinstance(s, (int, float)) and math.isfinite(s) for s in scores)
    winners = state.winners()
    if game.cooperative:   # one team result: everybody wins, or nobody does
        assert winners in ([], list(range(players))), winners
        assert len(set(scores)) == 1, "a cooperative game gives every seat the team's score"
    else:
        assert winners, "a finished game has at least one winner"
    assert len(set(winners)) == len(winners)
    assert set(winners) <= set(range(players))
    assert state.outcome() == (scores, winners), "the search's one-count result must be the game's own"
    assert len(state.history) == steps


# ------------------------------------------------------------------ the legal moves while running
@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(12)
@given(seed=SEEDS, move_seed=MOVE_SEEDS)
def test_legal_moves_are_sound(game_id, players, options, seed, move_seed):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    before = state._dump()
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a running game has legal moves"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        json_keys = [a.json_key() for a in legal]
        assert len(set(json_keys)) == len(json_keys), "two legal actions share a JSON form"
        assert state.legal_actions() == legal, "legal_actions() is not stable"
        history = state.history
        for action in legal:
            assert isinstance(action, Action)
            assert isinstance(str(action), str) and str(action)
            doc = action.to_json()
            assert doc["kind"] == action.kind
            again = json.loads(json.dumps(doc))
            assert Action.key_of_json(again) == action.json_key()
            child = state.clone()
            child.apply(action)
            assert len(child) == len(state) + 1
        assert state._dump() == before, "applying moves to clones changed the original"

        # apply(action) and apply_json(its JSON) agree: on a random legal move, and on
        # the move the game goes on with
        extra, move = rnd.choice(legal), rnd.choice(legal)
        by_action, by_json = state.clone(), state.clone()
        by_action.apply(extra)
        assert by_json.apply_json(json.loads(json.dumps(extra.to_json()))) == extra
        assert by_json._dump() == by_action._dump()
        assert by_action.history == by_json.history == history + [extra]
        assert by_json.legal_actions() == by_action.legal_actions()

        by_json = state.clone()
        assert by_json.apply_json(json.loads(json.dumps(move.to_json()))) == move
        state.apply(move)
        before = state._dump()
        assert by_json._dump() == before
        assert by_json.history == state.history == history + [move]


@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(20)
@given(seed=SEEDS, move_seed=MOVE_SEEDS)
def test_sampled_moves_are_legal_and_trusted_apply_matches_apply(game_id, players, options, seed, move_seed):
    """A rollout's `sample_action` is always a legal move (a game's cheap draw included), it
    leaves the state as it was, and `apply_trusted` of it does exactly what `apply` does."""
    from cardboard.engine import Rng
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rng = Rng(move_seed)
    while not state.is_terminal():
        before = state._dump()
        move = state.sample_action(rng)
        assert state._dump() == before, "sample_action changed the state"
        legal = state.legal_actions()
        assert move in legal, f"sampled move {move} is not legal"
        checked = state.clone()
        checked.apply(move)
        state.apply_trusted(move)
        assert state._dump() == checked._dump() and state.history == checked.history


# ------------------------------------------------------------------ illegal moves
def _perturbed_docs(doc: dict):
    """Near-miss copies of a legal move: one argument changed, dropped or of the wrong type."""
    for key, value in doc.items():
        if key == "kind":
            continue
        yield {k: v for k, v in doc.items() if k != key}
        replacements = ["x", -1, 99, [99, 99], [-9, -9], [0, 0], 1, 2, 3, 6, None, {"a": 1}, [[1]]]
        if isinstance(value, int) and not isinstance(value, bool):
            replacements += [value + 1, value - 1, value + 7, str(value)]
        for new in replacements:
            changed = dict(doc)
            changed[key] = new
            yield changed


def _json_type(value):
    if isinstance(value, (list, tuple)):
        return "array", frozenset(_json_type(v) for v in value)
    return type(value).__name__


def _fits(value, types) -> bool:
    if isinstance(value, (list, tuple)):
        arrays = [t for t in types if isinstance(t, tuple)]
        inner = set().union(*(t[1] for t in arrays))
        return bool(arrays) and (not inner or all(_fits(v, inner) for v in value))
    return _json_type(value) in types


def _well_shaped(doc: dict, legal) -> bool:
    """A move of a kind legal now, with the fields of such a move and values of their JSON types
    (a list's elements of the types the legal lists hold): the game, not the engine, refuses it."""
    fields = {k: v for k, v in doc.items() if k != "kind"}
    same = [a for a in legal if a.kind == doc.get("kind") and {k for k, _ in a.args} == set(fields)]
    return bool(same) and all(_fits(v, {_json_type(a[k]) for a in same}) for k, v in fields.items())


SHAPE_WORDS = re.compile(r"is missing|are missing|is not a field|are not fields|must be")


@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(20)
@given(seed=SEEDS, other_seed=SEEDS, move_seed=MOVE_SEEDS, fraction=FRACTIONS, other_fraction=FRACTIONS)
def test_foreign_and_near_miss_moves_are_rejected(game_id, players, options, seed, other_seed,
                                                  move_seed, fraction, other_fraction):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    play_fraction(state, rnd, fraction)
    _, other = new_state(game_id, players, options, other_seed)
    play_fraction(other, rnd, other_fraction)

    legal = state.legal_actions()
    legal_set = set(legal)
    legal_keys = {a.json_key() for a in legal}
    legal_kinds = {a.kind for a in legal}
    ids = RULE_IDS[game_id]

    # moves legal in another state of the same game
    foreign = [a for a in other.legal_actions() if a not in legal_set]
    for action in rnd.sample(foreign, min(8, len(foreign))):
        message = assert_rejected(state, action, as_json=False)
        json_message = assert_rejected(state, action.to_json(), as_json=True)
        if state.is_terminal():
            continue
        if ids and action.kind in legal_kinds:
            if _well_shaped(action.to_json(), legal):  # only a well-shaped move reaches the game's rules
                assert cites_rule(message, ids), f"{action}: {message}"
                assert cites_rule(json_message, ids), f"{action}: {json_message}"
            else:  # its fields are not those of that kind now: the engine names them
                assert SHAPE_WORDS.search(message), f"{action}: {message}"
                assert SHAPE_WORDS.search(json_message), f"{action}: {json_message}"

    # near misses of this state's own legal moves
    if legal and ids:
        checked = 0
        sample = rnd.sample(legal, min(4, len(legal)))
        for action in sample:
            original = action.to_json()
            for doc in _perturbed_docs(original):
                key = Action.key_of_json(doc)
                if key is not None and key in legal_keys:
                    continue  # the change happened to give another legal move
                message = assert_rejected(state, doc, as_json=True)
                if key is None:
                    continue
                if _well_shaped(doc, legal):  # a wrong value: the game names the rule
                    assert cites_rule(message, ids), f"{doc}: {message}"
                else:  # a missing or mistyped field: the engine names the field
                    field = next(k for k in original if k not in doc or doc[k] != original[k]
                                 or type(doc[k]) is not type(original[k]))
                    assert f"'{field}'" in message and SHAPE_WORDS.search(message), f"{doc}: {message}"
                checked += 1
        assert checked > 0 or all(not a.args for a in sample)  # a bare move (forfeit) has nothing to vary

    # something that is no Action at all
    for junk in ("pass", None, 7, ("kind", "x")):
        assert_rejected(state, junk, as_json=False)


@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(30)
@given(seed=SEEDS, move_seed=MOVE_SEEDS, fraction=FRACTIONS, data=st.data())
def test_malformed_json_is_rejected(game_id, players, options, seed, move_seed, fraction, data):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    play_fraction(state, rnd, fraction)
    legal = state.legal_actions()
    legal_keys = {a.json_key() for a in legal}
    kinds = sorted({a.kind for a in legal}) or ["pass"]
    arg_names = sorted({k for a in legal for k, _ in a.args}) or ["die"]
    kind_values = st.sampled_from(kinds) | JSON_VALUES
    move_like = st.builds(
        lambda kind, args: {**args, "kind": kind},
        kind_values,
        st.dictionaries(st.sampled_from(arg_names) | st.text(max_size=6), JSON_VALUES, max_size=4),
    )
    no_kind = st.dictionaries(st.text(max_size=6).filter(lambda k: k != "kind"), JSON_VALUES, max_size=4)
    docs = data.draw(st.lists(JSON_VALUES | move_like | no_kind, min_size=1, max_size=12), label="docs")
    for doc in docs:
        key = Action.key_of_json(doc)
        if key is not None and key in legal_keys:
            continue  # by chance a legal move (see test_json_args_must_have_the_exact_type)
        message = assert_rejected(state, doc, as_json=True)
        if key is not None and key[0] not in kinds and not state.is_terminal():
            # an unknown kind is named in the message (as is, or as the repr of the move shows it)
            assert key[0] in message or repr(key[0]) in message, message


@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(15)
@given(seed=SEEDS, move_seed=MOVE_SEEDS, data=st.data())
def test_no_move_after_the_end(game_id, players, options, seed, move_seed, data):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    seen = []
    while not state.is_terminal():
        legal = state.legal_actions()
        seen += rnd.sample(legal, min(2, len(legal)))
        state.apply(rnd.choice(legal))
    for action in seen[-10:] + seen[:5]:
        assert_rejected(state, action, as_json=False)
        assert_rejected(state, action.to_json(), as_json=True)
    assert_rejected(state, data.draw(JSON_VALUES, label="junk"), as_json=True)
    assert state.legal_actions() == []
    assert state.current_player is None


# ------------------------------------------------------------------ determinism and saves
@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(25)
@given(seed=SEEDS, move_seed=MOVE_SEEDS, fraction=FRACTIONS)
def test_same_seed_and_moves_give_the_same_game(game_id, players, options, seed, move_seed, fraction):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    play_to_end(state, rnd)
    history = state.history
    cut = round(fraction * len(history))

    # a second, independently loaded game fed the same moves
    game2, twin = new_state(game_id, players, options, seed)
    assert twin._dump() == game.new_initial_state()._dump()
    dumps = {0: twin._dump()}
    for step, action in enumerate(history, start=1):
        twin.apply(action)
        if step in (cut, len(history)):
            dumps[step] = twin._dump()
    assert dumps[len(history)] == state._dump()
    assert twin.scores() == state.scores() and twin.winners() == state.winners()

    # replays from Actions and from their JSON forms, at a random point and at the end
    for upto in (cut, len(history)):
        want = dumps[upto]
        assert game.replay(history[:upto])._dump() == want
        assert game.replay([a.to_json() for a in history[:upto]])._dump() == want
        logged = json.loads(json.dumps([a.to_json() for a in history[:upto]]))
        assert game2.replay(logged)._dump() == want


@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(20)
@given(seed=SEEDS, other_seed=SEEDS, move_seed=MOVE_SEEDS, fraction=FRACTIONS)
def test_saves_round_trip_and_continue_identically(game_id, players, options, seed, other_seed,
                                                   move_seed, fraction):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    play_fraction(state, rnd, fraction)
    doc = json.loads(json.dumps(state.to_json()))
    assert doc["history"] == [a.to_json() for a in state.history]

    loaders = [game, cardboard.load_game(game_id, players=players, seed=other_seed,
                                         options=copy.deepcopy(options))]
    for loader in loaders:
        loaded = loader.state_from_json(copy.deepcopy(doc))
        assert loaded._dump() == state._dump()
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.history == state.history
        assert loaded.current_player == state.current_player
        assert loaded.game.seed == seed

    # continuing the original and a loaded copy with the same choices stays identical
    # (the RNG state round-trips, so later chance events agree)
    original, loaded = state.clone(), loaders[1].state_from_json(copy.deepcopy(doc))
    cont = random.Random(move_seed ^ 0x5EED)
    while not original.is_terminal():
        legal = original.legal_actions()
        assert loaded.legal_actions() == legal
        i = cont.randrange(len(legal))
        original.apply(legal[i])
        loaded.apply(loaded.legal_actions()[i])
        assert loaded._dump() == original._dump()
    assert loaded.is_terminal()
    assert loaded.scores() == original.scores()
    assert loaded.winners() == original.winners()


@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(20)
@given(seed=SEEDS, move_seed=MOVE_SEEDS, fraction=FRACTIONS, data=st.data())
def test_tampered_saves_are_rejected(game_id, players, options, seed, move_seed, fraction, data):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    play_fraction(state, rnd, max(fraction, 0.05))
    if len(state) == 0:
        state.apply(rnd.choice(state.legal_actions()))
    doc = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(copy.deepcopy(doc))._dump() == state._dump()
    history = state.history
    n = len(history)
    step = data.draw(st.integers(0, n - 1), label="step")

    def rejected(bad):
        with pytest.raises(ConfigError) as info:
            game.state_from_json(bad)
        assert str(info.value).strip()

    def tells_apart(bad, replayer=game):
        """A changed save is rejected unless its log really replays to its snapshot."""
        try:
            replayed = replayer.replay(bad["history"])
        except IllegalAction:
            rejected(bad)
            return
        if replayed._dump() != bad["snapshot"]:
            rejected(bad)
        else:
            assert game.state_from_json(bad)._dump() == bad["snapshot"]

    # one history entry replaced by junk
    bad = copy.deepcopy(doc)
    bad["history"][step] = {"kind": "__tampered__"}
    rejected(bad)

    # one history entry replaced by another move that was legal at that point
    before = game.replay(history[:step])
    alternatives = [a for a in before.legal_actions() if a != history[step]]
    if alternatives:
        bad = copy.deepcopy(doc)
        bad["history"][step] = rnd.choice(alternatives).to_json()
        tells_apart(bad)

    # an entry dropped, or a legal move appended, with the snapshot kept
    bad = copy.deepcopy(doc)
    del bad["history"][step]
    tells_apart(bad)
    if not state.is_terminal():
        bad = copy.deepcopy(doc)
        bad["history"].append(rnd.choice(state.legal_actions()).to_json())
        rejected(bad)

    # the snapshot changed: a key added, a value replaced, a key removed
    bad = copy.deepcopy(doc)
    bad["snapshot"]["__tampered__"] = 1
    rejected(bad)
    key = data.draw(st.sampled_from(sorted(doc["snapshot"])), label="snapshot key")
    bad = copy.deepcopy(doc)
    bad["snapshot"][key] = ["tampered", bad["snapshot"][key]]
    rejected(bad)
    bad = copy.deepcopy(doc)
    del bad["snapshot"][key]
    rejected(bad)

    # a history that is not a list, a seed changed with the snapshot kept
    bad = copy.deepcopy(doc)
    bad["history"] = {"0": doc["history"][0]}
    rejected(bad)
    bad = copy.deepcopy(doc)
    bad["seed"] = seed ^ 1
    tells_apart(bad, cardboard.load_game(game_id, players=players, seed=seed ^ 1,
                                         options=copy.deepcopy(options)))


def test_save_format_errors():
    for game_id in cardboard.list_games():
        players, options = CONFIGS[game_id][0]
        game = cardboard.load_game(game_id, players=players, seed=3, options=copy.deepcopy(options))
        state = game.new_initial_state()
        state.apply(state.legal_actions()[0])
        doc = json.loads(json.dumps(state.to_json()))
        assert game.state_from_json(copy.deepcopy(doc))._dump() == state._dump()
        bads = [None, [], "save", {**doc, "format": "other/1"}, {**doc, "game": "__nope__"}]
        for key in ("game", "players", "seed", "options", "history"):
            bads.append({k: v for k, v in doc.items() if k != key})
        for bad in bads:
            with pytest.raises(ConfigError):
                game.state_from_json(bad)


# ------------------------------------------------------------------ clones
@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(25)
@given(seed=SEEDS, move_seed=MOVE_SEEDS, fraction=FRACTIONS)
def test_clones_are_independent(game_id, players, options, seed, move_seed, fraction):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    play_fraction(state, rnd, fraction)
    before = snapshot(state)
    legal = state.legal_actions()

    clone = state.clone()
    assert snapshot(clone) == before
    assert clone.legal_actions() == legal
    play_to_end(clone, random.Random(move_seed + 1))
    assert snapshot(state) == before, "playing a clone changed the original"
    assert state.legal_actions() == legal

    # and the other way round: the original moving on leaves the clone alone
    clone_after = snapshot(clone)
    play_to_end(state, random.Random(move_seed + 2))
    assert snapshot(clone) == clone_after, "playing the original changed a clone"

    # a clone of a clone, given the same choices as its parent, stays in step
    _, base = new_state(game_id, players, options, seed)
    twin = base.clone()
    r1, r2 = random.Random(move_seed), random.Random(move_seed)
    while not base.is_terminal():
        base.apply(r1.choice(base.legal_actions()))
        twin.apply(r2.choice(twin.legal_actions()))
    assert twin._dump() == base._dump()


# ------------------------------------------------------------------ determinize
@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(15)
@given(seed=SEEDS, move_seed=MOVE_SEEDS, fraction=FRACTIONS, det_seed=SEEDS)
def test_determinizations_look_the_same_and_play_on(game_id, players, options, seed, move_seed,
                                                    fraction, det_seed):
    """A re-deal of what the deciding seat cannot see shows that seat exactly what it saw,
    offers the same moves, leaves the original alone, and is a sound game to play out."""
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    play_fraction(state, rnd, fraction)
    if state.is_terminal():
        return
    seat = state.current_player
    before = snapshot(state)
    world = state.determinize(seat, det_seed)
    assert world.view(seat) == state.view(seat)
    assert world.legal_actions() == state.legal_actions()
    play_to_end(world, random.Random(move_seed + 3))
    assert snapshot(state) == before, "determinizing changed the original"


# ------------------------------------------------------------------ views
@pytest.mark.parametrize("game_id,players,options", CASES)
@fast(20)
@given(seed=SEEDS, move_seed=MOVE_SEEDS)
def test_views_are_json_and_hide_the_rng(game_id, players, options, seed, move_seed):
    if thinned(game_id, seed):
        return
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(move_seed)
    points = 0
    while True:
        if points == 0 or state.is_terminal() or rnd.random() < 0.08:
            before = state._dump()
            for seat in [None, *range(players)]:
                view = state.view(seat)
                assert isinstance(view, dict)
                text = json.dumps(view)
                assert json.loads(text) == view, "view is not plain JSON (tuples or non-str keys)"
                assert not keys_named(view, "rng"), f"view({seat}) shows the RNG"
                view.clear()  # a view is the caller's to keep: changing it changes nothing
            assert state._dump() == before
            for bad in (99, -1, players, "0", 1.0):
                with pytest.raises(ConfigError):
                    state.view(bad)
            points += 1
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    assert points >= 2


# ------------------------------------------------------------------ bugs found once, pinned down
def _with_bools(value):
    """The JSON value with its ints 0 and 1 written as false and true (None if there are none)."""
    if isinstance(value, list):
        parts = [_with_bools(v) for v in value]
        if all(p is None for p in parts):
            return None
        return [v if p is None else p for v, p in zip(value, parts)]
    if type(value) is int and value in (0, 1):
        return bool(value)
    return None


def test_json_args_must_have_the_exact_type():
    accepted = []
    for param in CASES:
        game_id, players, options = param.values
        game, state = new_state(game_id, players, options, seed=1)
        rnd = random.Random(1)
        while not state.is_terminal() and len(accepted) < 50:
            for action in state.legal_actions():
                doc = action.to_json()
                for key, value in doc.items():
                    changed = _with_bools(value) if key != "kind" else None
                    if changed is None:
                        continue
                    bad = {**doc, key: changed}
                    trial = state.clone()
                    try:
                        trial.apply_json(bad)
                    except IllegalAction:
                        continue
                    accepted.append(bad)
            state.apply(rnd.choice(state.legal_actions()))
    assert accepted == [], f"{len(accepted)} moves with booleans for numbers were accepted, e.g. {accepted[:3]}"


def test_view_rejects_booleans_as_seats():
    for param in CASES:
        game_id, players, options = param.values
        _, state = new_state(game_id, players, options, seed=1)
        for bad in (True, False):
            with pytest.raises(ConfigError):
                state.view(bad)


def test_malformed_action_objects_raise_illegal_action():
    for param in CASES:
        game_id, players, options = param.values
        _, state = new_state(game_id, players, options, seed=1)
        kind = state.legal_actions()[0].kind
        for bad in (Action(kind, "xyz"), Action(kind, ((1, 2, 3),)), Action(kind, (("only",),))):
            assert_rejected(state, bad, as_json=False)


def _play_everything(game_id, players, options, seed) -> None:
    """One random game touching every public part: clones, views for each seat and a
    spectator, labels, a save and its load."""
    game, state = new_state(game_id, players, options, seed)
    rnd = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        [a.label() for a in legal]
        state.clone().apply(rnd.choice(legal))
        state.apply(rnd.choice(legal))
    for seat in (*range(players), None):
        state.view(seat)
    game.state_from_json(json.loads(json.dumps(state.to_json())))


@pytest.mark.parametrize("game_id,players,options", CASES)
def test_a_finished_game_is_freed_without_the_cyclic_collector(game_id, players, options):
    """Nothing a game makes is held in a reference cycle (a config holding the actions that
    point back at it, say), so dropping a game frees it at once. Searches and lab campaigns
    run with the cyclic collector off; a cycle there would hold every world until it ran."""
    import gc
    _play_everything(game_id, players, options, seed=1)  # first imports and module caches
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        _play_everything(game_id, players, options, seed=2)
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


@pytest.mark.parametrize("game_id,players,options", CASES)
def test_random_games_never_break_an_invariant(game_id, players, options):
    """Each game's own invariants (`State._invariants`: components conserved, no negative
    resources, tracks within bounds), after every move of two seeded random games per set-up;
    each game's tests corrupt a state to show its check can fail."""
    for seed in range(2):
        state = cardboard.load_game(game_id, players=players, seed=seed, options=options).new_initial_state()
        rnd = random.Random(seed)
        assert state._invariants() == []
        while not state.is_terminal():
            move = rnd.choice(state.legal_actions())
            state.apply(move)
            assert state._invariants() == [], f"seed {seed} move {len(state)} ({move})"
