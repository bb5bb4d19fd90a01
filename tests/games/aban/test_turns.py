"""How to Play: rounds, dice, feeding, the next start player (AB-P-*, AB-D-8)."""
import pytest

import cardboard
from cardboard.games.aban import garden as G

from .helpers import choose_foods, garden, make, set_dice, set_garden


def started(players=3, seed=2, foods=None, **options):
    game, s = make(players, seed=seed, **options)
    choose_foods(s, foods or range(1, players + 1))
    return game, s


def test_round_starts_with_all_dice_rolled():
    rolls = set()
    for seed in range(20):
        _, s = started(3, seed=seed)
        assert len(s.dice) == 4
        rolls.add(s.dice)
        assert s.view(None)["round"] == 1
    assert len(rolls) > 10  # the dice really are rolled


def test_plant_goes_on_an_empty_square_only():
    game, s = started(2, boards={5: "brocool"})
    set_dice(s, [5, 5, 2])
    set_garden(s, 0, "E...\n....\n....\n....")
    plants = [a for a in s.legal_actions() if a.kind == "plant" and a["die"] == 5]
    assert len(plants) == 15 and (0, 0) not in [a["at"] for a in plants]
    with pytest.raises(cardboard.IllegalAction, match=r"not an empty square .*\[AB-P-2\]"):
        s.apply_json({"kind": "plant", "die": 5, "at": [0, 0]})
    s.apply_json({"kind": "plant", "die": 5, "at": [1, 1]})
    assert s.gardens[0][G.idx(1, 1)] == 5  # the plant of the 5's board
    square = [q for q in s.view(1)["seats"][0]["garden"] if q["at"] == [1, 1]][0]
    assert square["plant"] == "brocool"


def test_taking_a_die_removes_it():
    _, s = started(2)
    set_dice(s, [2, 3, 3])
    s.apply_json({"kind": "plant", "die": 3, "at": [0, 0]})
    assert s.dice == (2, 3)
    with pytest.raises(cardboard.IllegalAction, match=r"no die showing 6 .*\[AB-P-3\]"):
        s.apply_json({"kind": "plant", "die": 6, "at": [0, 1]})


def test_turn_passes_left_without_reroll():
    _, s = started(3, first_player=1)
    set_dice(s, [2, 3, 4, 5])
    assert s.current_player == 1
    s.apply_json({"kind": "plant", "die": 4, "at": [0, 0]})
    assert s.current_player == 2 and s.dice == (2, 3, 5)
    s.apply_json({"kind": "plant", "die": 2, "at": [0, 0]})
    assert s.current_player == 0 and s.dice == (3, 5)


def test_leftover_die_feeds_matching_chayotes():
    _, s = started(2, foods=[3, 5])
    set_dice(s, [2, 4, 5])
    s.apply_json({"kind": "plant", "die": 2, "at": [0, 0]})
    s.apply_json({"kind": "plant", "die": 4, "at": [0, 0]})
    feeds = [x["feeds"] for x in s.view(None)["seats"]]
    assert feeds == [0, 1]  # the left-over 5 feeds seat 1
    assert any("feeds seat 1" in line for line in s.view(None)["log"])


def test_start_player_moves_right():
    _, s = started(3, first_player=0)
    starts = [s.start]
    for _ in range(3):
        for _ in range(3):
            s.apply(next(a for a in s.legal_actions() if a.kind == "plant"))
        starts.append(s.start)
    assert starts == [0, 2, 1, 0]  # to the right each round
    assert s.current_player == 0 and s.view(None)["round"] == 4


def test_pass_only_for_a_die_without_use():
    _, s = started(2)
    set_dice(s, [1, 3, 4])
    s.tokens = (0, 5)
    s._legal = None
    passes = [a for a in s.legal_actions() if a.kind == "pass"]
    assert [a["die"] for a in passes] == [1]  # no token, no shovel target: the 1 has no use
    with pytest.raises(cardboard.IllegalAction, match=r"\[AB-P-8\]"):
        s.apply_json({"kind": "pass", "die": 3})
    s.apply(passes[0])
    assert s.dice == (3, 4) and s.current_player == 1


def test_feeds_stop_at_the_boxes():
    _, s = started(2, foods=[6, 5])
    s.feeds = (12, 11)
    set_dice(s, [2, 3, 6])
    s.apply_json({"kind": "plant", "die": 2, "at": [0, 0]})
    s.apply_json({"kind": "plant", "die": 3, "at": [0, 0]})
    assert s.feeds == (12, 11)  # 12 boxes: the 13th feed is not marked
