"""Preparing the Game (AB-S-*, AB-D-1)."""
import pytest

import cardboard
from cardboard.games.aban import garden as G

from .helpers import choose_foods, make


def test_one_board_per_face_at_random():
    seen = {f: set() for f in range(2, 7)}
    for seed in range(60):
        game, _ = make(3, seed=seed)
        assert sorted(game.cfg.boards) == [2, 3, 4, 5, 6]
        for face, pid in game.cfg.boards.items():
            assert game.cfg.content.plant(pid).face == face
            seen[face].add(pid)
    assert all(len(group) == 3 for group in seen.values())  # every board of each group turns up
    assert make(3, seed=5)[0].cfg.boards == make(3, seed=5)[0].cfg.boards  # same seed, same boards


def test_boards_named_in_options():
    game, state = make(2, boards={"3": "ranongo", 6: "paperdida"})
    assert game.cfg.boards[3] == "ranongo" and game.cfg.boards[6] == "paperdida"
    assert state.view(0)["boards"]["3"]["name"] == "Ranongo"
    with pytest.raises(cardboard.ConfigError, match="not a face-2 plant"):
        make(2, boards={2: "brocool"})
    with pytest.raises(cardboard.ConfigError, match="face 1"):
        make(2, boards={1: "apizza"})


def test_first_game_boards():
    game, _ = make(4, first_game=True)
    assert game.cfg.boards == {2: "apizza", 3: "chichaforo", 4: "fuebas", 5: "brocool", 6: "cebolluga"}
    assert game.cfg.token_side == "espino"
    with pytest.raises(cardboard.ConfigError, match="first_game and boards"):
        make(2, first_game=True, boards={2: "apizza"})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_dice_are_players_plus_one(players):
    _, s = make(players)
    choose_foods(s, range(1, players + 1))
    assert len(s.dice) == players + 1
    assert all(1 <= d <= 6 for d in s.dice)


@pytest.mark.parametrize("players,tokens,shovels", [(2, 5, 2), (3, 4, 3), (4, 3, 3), (5, 3, 4)])
def test_starting_supplies_by_player_count(players, tokens, shovels):
    _, s = make(players)
    seats = s.view(None)["seats"]
    assert [x["tokens"] for x in seats] == [tokens] * players
    assert [x["shovels"] for x in seats] == [shovels] * players
    assert [x["fertilizer"] for x in seats] == [3] * players


def test_first_player_option():
    _, s = make(3, first_player=2)
    assert s.current_player == 2
    choose_foods(s, [4, 5, 6])
    assert s.view(None)["start_player"] == 2 and s.current_player == 2
    with pytest.raises(cardboard.ConfigError, match="first_player"):
        make(3, first_player=3)


def test_food_numbers_chosen_in_order_without_repeats():
    _, s = make(3, first_player=1)
    assert s.current_player == 1
    assert [a.to_json()["number"] for a in s.legal_actions()] == [1, 2, 3, 4, 5, 6]
    s.apply_json({"kind": "food", "number": 4})
    assert s.current_player == 2  # clockwise: to the left
    assert 4 not in [a.to_json()["number"] for a in s.legal_actions()]
    before = s._dump()
    with pytest.raises(cardboard.IllegalAction, match=r"do not repeat \[AB-S-9\]"):
        s.apply_json({"kind": "food", "number": 4})
    assert s._dump() == before
    with pytest.raises(cardboard.IllegalAction, match="1 to 6"):
        s.apply_json({"kind": "food", "number": 7})
    s.apply_json({"kind": "food", "number": 1})
    s.apply_json({"kind": "food", "number": 6})
    assert [x["food"] for x in s.view(None)["seats"]] == [6, 4, 1]
    assert s.view(None)["phase"] == "turn"


def test_garden_is_four_by_four():
    _, s = make(2)
    squares = s.view(0)["seats"][0]["garden"]
    assert sorted(tuple(q["at"]) for q in squares) == [(r, c) for r in range(4) for c in range(4)]
    assert all(q["plant"] is None and q["token"] is None for q in squares)
    assert s.gardens[0].count(G.EMPTY) == 16
