"""Espinos, Rockys and shovels (AB-S-7, AB-P-4, AB-P-7, AB-T-*, AB-D-5)."""
import pytest

import cardboard
from cardboard.games.aban import garden as G

from .helpers import set_gardens, choose_foods, garden, make, set_dice, set_garden


def started(players=2, **options):
    game, s = make(players, seed=3, **options)
    choose_foods(s, range(1, players + 1))
    set_dice(s, [1] + [2] * players)
    return game, s


def test_espino_side_offers_only_espinos():
    _, s = started(3)
    kinds = {a.kind for a in s.legal_actions() if a["die"] == 1}
    assert kinds == {"espino"}
    with pytest.raises(cardboard.IllegalAction, match=r"espino side .*\[AB-S-7\]"):
        s.apply_json({"kind": "rocky", "die": 1, "seat": 1, "at": [0, 0]})


def test_rocky_side_offers_only_rockys():
    _, s = started(3, token_side="rocky")
    set_garden(s, 1, "5...\n....\n....\n....")
    ones = [a for a in s.legal_actions() if a["die"] == 1]
    assert {a.kind for a in ones} == {"rocky"}
    assert [(a["seat"], a["at"]) for a in ones] == [(1, (0, 0))]


def test_die_one_places_a_token():
    _, s = started(2)
    me = s.current_player
    s.apply_json({"kind": "espino", "die": 1, "seat": 1 - me, "at": [2, 2]})
    assert s.gardens[1 - me][G.idx(2, 2)] == G.ESPINO
    assert s.tokens[me] == 4 and s.dice == (2, 2)


def test_espino_on_opponents_empty_square():
    _, s = started(3)
    me = s.current_player
    set_garden(s, 1, "3...\n....\n....\n....")
    targets = {(a["seat"], a["at"]) for a in s.legal_actions() if a.kind == "espino"}
    assert (1, (0, 0)) not in targets and (1, (0, 1)) in targets
    assert all(seat != me for seat, _ in targets)
    assert len(targets) == 15 + 16
    with pytest.raises(cardboard.IllegalAction, match=r"never your own"):
        s.apply_json({"kind": "espino", "die": 1, "seat": me, "at": [0, 0]})
    with pytest.raises(cardboard.IllegalAction, match=r"empty square.*\[AB-T-1\]"):
        s.apply_json({"kind": "espino", "die": 1, "seat": 1, "at": [0, 0]})


def test_rocky_on_opponents_plant():
    _, s = started(2, token_side="rocky")
    set_garden(s, 1, "5b..\n....\n....\n....")  # a plant, and a plant under a Rocky
    targets = [(a["seat"], a["at"]) for a in s.legal_actions() if a.kind == "rocky"]
    assert targets == [(1, (0, 0))]
    s.apply_json({"kind": "rocky", "die": 1, "seat": 1, "at": [0, 0]})
    assert s.gardens[1][G.idx(0, 0)] == G.ROCKY + 5
    square = s.view(1)["seats"][1]["garden"][0]
    assert square["token"] == "rocky" and square["plant"] is not None


def test_no_tokens_left_no_placement():
    _, s = started(2)
    s.tokens = (0, 0)
    s._legal = None
    assert not [a for a in s.legal_actions() if a.kind == "espino"]
    with pytest.raises(cardboard.IllegalAction, match=r"no Espino/Rocky tokens left \[AB-T-2\]"):
        s.apply_json({"kind": "espino", "die": 1, "seat": 1, "at": [0, 0]})


def test_shovel_removes_espino():
    _, s = started(2)
    me = s.current_player
    set_garden(s, me, "E...\n....\n....\n....")
    shovels = [a for a in s.legal_actions() if a.kind == "shovel"]
    assert {a["die"] for a in shovels} == {1, 2}  # any die pays for the shovel
    s.apply_json({"kind": "shovel", "die": 2, "at": [0, 0]})
    assert s.gardens[me][G.idx(0, 0)] == G.EMPTY
    seat = s.view(None)["seats"][me]
    assert seat["shovels"] == 1 and seat["shovel_marks"] == [2]


def test_shovel_uncovers_rocky_plant():
    _, s = started(2, token_side="rocky")
    me = s.current_player
    set_garden(s, me, "c...\n....\n....\n....")
    s.apply_json({"kind": "shovel", "die": 1, "at": [0, 0]})
    assert s.gardens[me][G.idx(0, 0)] == 4


def test_no_shovel_without_tokens_or_targets():
    _, s = started(2)
    me = s.current_player
    assert not [a for a in s.legal_actions() if a.kind == "shovel"]  # nothing to remove
    set_garden(s, me, "E...\n....\n....\n....")
    s.shovels = (0, 0)
    s._legal = None
    assert not [a for a in s.legal_actions() if a.kind == "shovel"]
    with pytest.raises(cardboard.IllegalAction, match=r"no shovel tokens left \[AB-P-4\]"):
        s.apply_json({"kind": "shovel", "die": 2, "at": [0, 0]})


def test_token_penalties():
    _, s = make(2, boards={5: "brocool"})
    set_gardens(s, garden("E.E.\n....\n....\n...."), garden("b5..\n....\n....\n...."))
    b = s.score_breakdown()
    assert b[0]["tokens"] == -4 and b[0]["total"] == -4
    assert b[1]["tokens"] == -2


def test_rocky_plant_leaves_patterns():
    game, s = make(2, boards={5: "brocool", 2: "romanis"})
    set_gardens(s, garden("55..\n....\n....\n...."), garden("5b..\n2a..\n....\n...."))
    b = s.score_breakdown()
    assert b[0]["plants"]["brocool"] == 5
    assert b[1]["plants"]["brocool"] == 0
    assert b[1]["plants"]["romanis"] == 3  # only the uncovered Romanis counts
    assert b[1]["tokens"] == -4
