"""Unit tests of Action (identity, JSON forms) and of the game registry / Game set-up checks."""
from __future__ import annotations

import copy
import json

import pytest

import cardboard
from cardboard import Action, CardboardError, ConfigError, Game, IllegalAction
from cardboard.engine import ActionCache, game_class, list_games, load_game


# ------------------------------------------------------------------ Action identity
def test_equality_and_hash_ignore_ctx():
    a = Action("plant", (("die", 3), ("at", (0, 1))), ctx="one context")
    b = Action("plant", (("die", 3), ("at", (0, 1))), ctx={"another": "context"})
    assert a == b and not (a != b)
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert {a: 1}[b] == 1


def test_inequality():
    base = Action("plant", (("die", 3), ("at", (0, 1))))
    assert base != Action("radish", (("die", 3), ("at", (0, 1))))
    assert base != Action("plant", (("die", 4), ("at", (0, 1))))
    assert base != Action("plant", (("die", 3), ("at", (1, 0))))
    assert base != Action("plant", (("die", 3),))
    assert base != Action("plant")
    assert base != "plant" and base != base.to_json() and base != None  # noqa: E711
    assert Action("pass") == Action("pass", ())
    assert len({base, Action("plant", (("die", 4), ("at", (0, 1)))), Action("pass")}) == 3


def test_subclasses_compare_by_kind_and_args():
    class Labelled(Action):
        __slots__ = ()

        def label(self):
            return "a labelled move"

    plain = Action("food", (("number", 3),))
    fancy = Labelled("food", (("number", 3),), ctx=object())
    assert plain == fancy and hash(plain) == hash(fancy)
    assert str(fancy) == "a labelled move"


def test_access_to_arguments():
    a = Action("espino", (("die", 1), ("seat", 2), ("at", (3, 0))))
    assert a["die"] == 1 and a["seat"] == 2 and a["at"] == (3, 0)
    assert a.get("seat") == 2 and a.get("nope") is None and a.get("nope", 7) == 7
    with pytest.raises(KeyError):
        a["nope"]
    assert a.kind == "espino"


def test_label_str_repr():
    assert str(Action("pass")) == "pass"
    a = Action("plant", (("die", 3), ("at", (0, 1))))
    assert str(a) == a.label() == "plant die=3 at=[0, 1]"
    assert repr(a) == "Action({'kind': 'plant', 'die': 3, 'at': [0, 1]})"


# ------------------------------------------------------------------ JSON forms
def test_to_json_turns_tuples_into_lists():
    a = Action("machonero", (("dice", (1, 2, 6)), ("nested", ((1, 2), (3, (4, 5)))), ("name", "x")))
    doc = a.to_json()
    assert doc == {"kind": "machonero", "dice": [1, 2, 6], "nested": [[1, 2], [3, [4, 5]]], "name": "x"}
    assert type(doc["dice"]) is list and type(doc["nested"][1][1]) is list
    assert list(doc)[0] == "kind"
    assert json.loads(json.dumps(doc)) == doc
    assert a.to_json() is not doc  # a fresh document each time
    doc["dice"].append(3)
    assert a["dice"] == (1, 2, 6)
    assert Action("pass").to_json() == {"kind": "pass"}


@pytest.mark.parametrize("action", [
    Action("pass"),
    Action("food", (("number", 4),)),
    Action("plant", (("die", 3), ("at", (0, 1)))),
    Action("plant", (("at", (0, 1)), ("die", 3))),  # argument order does not matter in JSON
    Action("machonero", (("dice", (1, 1, 6)),)),
    Action("deep", (("x", ((1, (2, 3)), ())), ("s", "text"), ("f", 1.5), ("n", None))),
])
def test_key_of_json_matches_json_key(action):
    doc = action.to_json()
    assert Action.key_of_json(doc) == action.json_key()
    assert Action.key_of_json(json.loads(json.dumps(doc))) == action.json_key()
    reordered = dict(reversed(list(doc.items())))
    assert Action.key_of_json(reordered) == action.json_key()
    hash(action.json_key())


def test_json_key_differs_for_different_moves():
    keys = {
        Action("plant", (("die", 3), ("at", (0, 1)))).json_key(),
        Action("plant", (("die", 3), ("at", (1, 0)))).json_key(),
        Action("radish", (("die", 3), ("at", (0, 1)))).json_key(),
        Action("plant", (("die", 3),)).json_key(),
        Action("plant", (("die", "3"), ("at", (0, 1)))).json_key(),
    }
    assert len(keys) == 5


@pytest.mark.parametrize("doc", [
    None, 3, "plant", ["kind", "plant"], ("kind", "plant"),
    {}, {"die": 3}, {"kind": 3}, {"kind": None}, {"kind": ["plant"]},
    {"kind": "plant", "at": {"r": 0}},  # a nested object is not a plain value
    {"kind": "plant", "at": [0, {"c": 1}]},
    {"kind": "plant", 1: 2, "x": 3},  # keys that cannot be ordered
])
def test_key_of_json_rejects_malformed_documents(doc):
    assert Action.key_of_json(doc) is None


# ------------------------------------------------------------------ registry
def test_list_games():
    games = list_games()
    assert games == sorted(games) and "aban" in games
    assert cardboard.list_games() == games
    for game_id in games:
        assert issubclass(game_class(game_id), Game)
        assert game_class(game_id).id == game_id


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ConfigError) as info:
        load_game("nope", 2)
    message = str(info.value)
    assert "nope" in message
    for game_id in list_games():
        assert game_id in message
    with pytest.raises(ConfigError):
        game_class("Aban")


def test_config_error_is_a_value_error_and_a_cardboard_error():
    assert issubclass(ConfigError, ValueError) and issubclass(ConfigError, CardboardError)
    assert issubclass(IllegalAction, CardboardError)
    assert not issubclass(IllegalAction, ConfigError)


@pytest.mark.parametrize("players", [0, -1, 6, 100, "2", 2.0, True, None, [2]])
def test_bad_player_counts(players):
    with pytest.raises(ConfigError) as info:
        load_game("aban", players, seed=1)
    assert repr(players) in str(info.value) or str(players) in str(info.value)


@pytest.mark.parametrize("seed", ["7", 1.5, True, [1], object()])
def test_bad_seeds(seed):
    with pytest.raises(ConfigError):
        load_game("aban", 2, seed=seed)


@pytest.mark.parametrize("options", [[], "expansion", 3, [("expansion", True)], True])
def test_options_must_be_a_mapping(options):
    with pytest.raises(ConfigError):
        load_game("aban", 2, seed=1, options=options)


@pytest.mark.parametrize("options", [
    {"nope": 1},
    {"expansion": "maybe"},
    {"token_side": "woolly"},
    {"super_plants": ["colemo"], "expansion": True},
    {"super_plants": ["colemo", "nope"], "expansion": True},
    {"super_plants": ["colemo", "machonero"]},  # without the expansion
    {"first_player": 5},
])
def test_bad_aban_options(options):
    with pytest.raises(ConfigError):
        load_game("aban", 3, seed=1, options=options)


def test_good_set_ups():
    for players in range(1, 6):
        game = load_game("aban", players, seed=123)
        assert game.players == players and game.seed == 123
        assert game.new_initial_state().current_player is not None
    game = load_game("aban", 2, seed=2**70)  # any whole number is a seed
    assert game.seed == 2**70
    game = load_game("aban", 2)  # no seed: one is drawn and recorded
    assert isinstance(game.seed, int) and not isinstance(game.seed, bool)
    again = load_game("aban", 2, seed=game.seed)
    assert again.new_initial_state()._dump() == game.new_initial_state()._dump()
    assert load_game("aban", 2, seed=1, options=None).options_json() == {}


def test_options_are_not_aliased():
    options = {"expansion": True, "super_plants": ["colemo", "machonero"]}
    game = load_game("aban", 2, seed=5, options=options)
    kept = copy.deepcopy(game.options_json())
    options["super_plants"][0] = "rabamimo"  # the caller reuses its dict
    save = game.new_initial_state().to_json()
    save["options"]["super_plants"][1] = "don_maceta"  # or edits a save document
    assert game.options_json() == kept


def test_action_cache_hands_out_one_object_per_move():
    class Labelled(Action):
        __slots__ = ()

    ctx = object()
    cache = ActionCache(Labelled, ctx)
    a = cache["plant", (("die", 3), ("at", (1, 2)))]
    assert type(a) is Labelled and a.ctx is ctx
    assert a.kind == "plant" and a["at"] == (1, 2)
    assert cache["plant", (("die", 3), ("at", (1, 2)))] is a
    b = cache["plant", (("die", 4), ("at", (1, 2)))]
    assert b is not a and b != a and len(cache) == 2
    assert ActionCache()["pass", ()] == Action("pass")
