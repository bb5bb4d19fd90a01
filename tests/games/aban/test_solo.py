"""Solitaire mode: Ko'bachan's Mischief (AB-SO-*, AB-D-15/16/17/20)."""
import pytest

import cardboard
from cardboard.games.aban import garden as G

from .helpers import set_gardens, ScriptedRng, garden, make, set_dice, set_garden


def solo(script=(), food=4, seed=1, **options):
    game, s = make(1, seed=seed, **options)
    s.rng = ScriptedRng(script, seed)
    s.apply_json({"kind": "food", "number": food})
    return game, s


def test_solo_setup():
    game, s = make(1)
    assert sorted(game.cfg.boards) == [2, 3, 4, 5, 6]
    assert [a.to_json()["number"] for a in s.legal_actions()] == [2, 3, 4, 5, 6]
    v = s.view(0)
    assert v["kobachan"]["step"] == 0 and v["token_side"] is None
    assert v["seats"][0]["tokens"] == 0 and v["seats"][0]["shovels"] == 0
    s.apply_json({"kind": "food", "number": 5})
    assert len(s.dice) == 2
    with pytest.raises(cardboard.ConfigError, match="solo"):
        make(1, token_side="rocky")


def test_squares_numbered_3_to_18():
    _, s = make(1)
    numbers = {tuple(q["at"]): q["number"] for q in s.view(0)["seats"][0]["garden"]}
    assert numbers[(0, 0)] == 3 and numbers[(0, 3)] == 6 and numbers[(3, 3)] == 18
    assert sorted(numbers.values()) == list(range(3, 19))


def test_solo_turn_plants_one_die_other_feeds():
    _, s = solo([3, 4, 2, 2], food=4)
    assert s.dice == (3, 4)
    assert {a.kind for a in s.legal_actions()} == {"plant"}
    s.apply_json({"kind": "plant", "die": 3, "at": [0, 0]})
    assert s.feeds == (1,)  # the 4 left over feeds the chayote
    assert s.dice == (2, 2) and s.current_player == 0
    # a 1 cannot be planted and is never passed while the other die can be planted
    set_dice(s, [1, 5])
    assert {a["die"] for a in s.legal_actions()} == {5}
    set_dice(s, [1, 1])
    assert [a.to_json() for a in s.legal_actions()] == [{"kind": "pass", "die": 1}]


def test_each_one_rolled_moves_kobachan():
    _, s = solo([1, 5, 1, 1])
    assert s.ko == 1
    s.apply_json({"kind": "plant", "die": 5, "at": [0, 0]})
    assert s.ko == 3 and s.view(0)["kobachan"]["step"] == 3


def test_kobachan_digs_an_empty_square():
    # step 4 is a dig: three dice 1+1+1 = square 3 (r1c1) holds a plant, re-roll: 2+2+2 = 6 (r1c4)
    _, s = solo([1, 1], food=2)
    s.ko = 3
    set_garden(s, 0, "5...\n....\n....\n....")
    s.rng = ScriptedRng([1, 3, 1, 1, 1, 2, 2, 2])
    set_dice(s, [1, 5])
    s.apply_json({"kind": "plant", "die": 5, "at": [1, 0]})
    assert s.ko == 4
    assert s.gardens[0][G.idx(0, 3)] == G.DIG and s.gardens[0][G.idx(0, 0)] == 5
    assert "Ko'bachan digs square 6 (row 1, column 4)" in s.view(0)["log"]


def test_digs_cannot_be_shovelled():
    _, s = solo([2, 3])
    set_garden(s, 0, "K...\n....\n....\n....")
    assert "shovel" not in {a.kind for a in s.legal_actions()}
    with pytest.raises(cardboard.IllegalAction, match=r"shovel"):
        s.apply_json({"kind": "shovel", "die": 2, "at": [0, 0]})


def test_kobachan_ends_the_game():
    _, s = solo([2, 3, 1, 1])
    s.ko = 10
    s.apply_json({"kind": "plant", "die": 3, "at": [0, 0]})
    assert s.ko == 12 and s.is_terminal()
    assert s.view(0)["result"] is not None


def test_full_garden_ends_solo():
    _, s = solo([2, 3])
    set_garden(s, 0, "5555\n5555\n5555\n555.")
    s.apply_json({"kind": "plant", "die": 2, "at": [3, 3]})
    assert s.is_terminal()


def test_solo_chayote_feed_is_one_vp():
    _, s = make(1)
    s.feeds = (7,)
    assert s.score_breakdown()[0]["chayote"] == 7


@pytest.mark.parametrize("total,band", [(0, "You'll do better"), (14, "You'll do better"), (15, "Not bad"),
                                        (42, "Ixchel will like"), (43, "Awesome"), (54, "Aban-tastic"),
                                        (70, "Aban-tastic"), (71, "No words")])
def test_result_bands(total, band):
    _, s = make(1, boards={2: "apizza"})
    s.feeds = (total % 2,)
    set_gardens(s, garden("\n".join(["2" * (total // 2)])) if total >= 2 else garden("."))
    assert s.score_breakdown()[0]["total"] == total
    assert s.solo_band().startswith(band) or band in s.solo_band()


def test_solo_game_plays_to_a_band():
    import random
    for seed in range(5):
        game, s = make(1, seed=seed)
        r = random.Random(seed)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
        assert s.view(0)["result"] == s.solo_band() and s.winners() == [0]
