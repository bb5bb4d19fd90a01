"""End of the Game: last round, chayote ranking, winners (AB-E-*, AB-O-1, AB-D-4/6/18)."""
import pytest

from cardboard.games.aban import garden as G

from .helpers import set_gardens, choose_foods, garden, make, set_dice, set_garden

FULL_BUT_ONE = "2222\n2222\n2222\n222."


def test_full_garden_triggers_last_round_played_out():
    _, s = make(3, seed=4, boards={2: "apizza"})
    choose_foods(s, [1, 2, 3])
    set_garden(s, 0, FULL_BUT_ONE)
    set_dice(s, [2, 3, 4, 5])
    s.apply_json({"kind": "plant", "die": 2, "at": [3, 3]})  # seat 0 fills its last square
    assert s.last_round and not s.is_terminal()
    assert s.current_player == 1  # the round proceeds normally
    s.apply(next(a for a in s.legal_actions() if a.kind == "plant"))
    assert not s.is_terminal()
    s.apply(next(a for a in s.legal_actions() if a.kind == "plant"))
    assert s.is_terminal() and s.current_player is None and s.legal_actions() == []
    assert s.view(0)["phase"] == "over"


def test_espino_can_fill_the_last_square():
    _, s = make(2, seed=4)
    choose_foods(s, [1, 2])
    set_garden(s, 1, FULL_BUT_ONE)
    set_dice(s, [1, 3, 4])
    s.apply_json({"kind": "espino", "die": 1, "seat": 1, "at": [3, 3]})
    assert s.last_round


def test_game_without_full_garden_goes_on():
    _, s = make(2, seed=4)
    choose_foods(s, [1, 2])
    set_garden(s, 0, "2222\n2222\n2222\n22..")
    set_dice(s, [2, 3, 4])
    s.apply_json({"kind": "plant", "die": 2, "at": [3, 3]})
    assert not s.last_round


def _chayote(feeds, fed_food=None):
    _, s = make(len(feeds))
    s.feeds = tuple(feeds)
    return [b["chayote"] for b in s.score_breakdown()]


def test_chayote_two_players():
    assert _chayote([3, 1]) == [5, 0]
    assert _chayote([2, 2]) == [2, 2]


def test_chayote_three_and_four_players():
    assert _chayote([4, 2, 1]) == [5, 3, 0]
    assert _chayote([4, 4, 1]) == [2, 2, 0]  # tied for most; nobody is second
    assert _chayote([4, 2, 2]) == [5, 1, 1]
    assert _chayote([1, 5, 3, 0]) == [0, 5, 3, 0]
    assert _chayote([3, 3, 3, 3]) == [2, 2, 2, 2]


def test_chayote_five_players():
    assert _chayote([5, 4, 3, 2, 1]) == [5, 3, 2, 0, 0]
    assert _chayote([5, 4, 3, 3, 1]) == [5, 3, 1, 1, 0]
    assert _chayote([5, 5, 3, 2, 1]) == [2, 2, 2, 0, 0]  # ranks 1,1 then 3rd alone: 2
    assert _chayote([5, 4, 4, 2, 1]) == [5, 1, 1, 0, 0]


def test_unfed_chayote_scores_nothing():
    assert _chayote([0, 0]) == [0, 0]
    assert _chayote([2, 0, 0]) == [5, 0, 0]


def test_winner_has_most_vp():
    _, s = make(3, boards={2: "apizza"})
    set_gardens(s, garden("2..."), garden("22.."), garden("...."))
    assert s.scores() == [2.0, 4.0, 0.0]
    assert s.winners() == [1]
    assert sum(b["plants"]["apizza"] for b in s.score_breakdown()) == 6


def test_tied_players_share_the_win():
    _, s = make(3, boards={2: "apizza"})
    set_gardens(s, garden("22.."), garden("22.."), garden("...."))
    assert s.winners() == [0, 1]


def test_whole_game_scores_match_breakdown():
    _, s = make(4, seed=9, expansion=True)
    import random
    r = random.Random(0)
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
    for total, b in zip(s.scores(), s.score_breakdown()):
        assert total == sum(b["plants"].values()) + b["chayote"] + b["tokens"] + b["radishes"]
    assert any(G.EMPTY not in g for g in s.gardens)
