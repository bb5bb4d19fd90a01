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
    assert {a["seat"] for a in ones} == {1, 2} and len(ones) == 16 + 16


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
    s.apply_json({"kind": "rocky", "die": 1, "seat": 1, "at": [0, 0]})
    assert s.gardens[1][G.idx(0, 0)] == G.ROCKY + 5
    square = s.view(1)["seats"][1]["garden"][0]
    assert square["token"] == "rocky" and square["plant"] is not None and square["rockys"] == 1


def test_rocky_goes_on_any_square_of_an_opponents_sheet():
    """[AB-T-3] "only on your opponent's game sheet": an empty square, a plant, a plant that
    already holds Rockys, a radish; never one's own sheet."""
    _, s = started(3, token_side="rocky")
    me = s.current_player
    set_gardens(s, "5...\n....\n....\n....", "5b..\nWR..\n....\n....", "....\n....\n....\n....")
    targets = {(a["seat"], a["at"]) for a in s.legal_actions() if a.kind == "rocky"}
    assert all(seat != me for seat, _ in targets) and len(targets) == 32
    assert {(1, (0, 0)), (1, (0, 1)), (1, (1, 0)), (1, (1, 1)), (1, (3, 3))} <= targets
    with pytest.raises(cardboard.IllegalAction, match=r"never your own"):
        s.apply_json({"kind": "rocky", "die": 1, "seat": me, "at": [0, 0]})
    with pytest.raises(cardboard.IllegalAction, match=r"\[AB-T-3\]"):
        s.apply_json({"kind": "rocky", "die": 1, "seat": 1, "at": [7, 7]})
    s.apply_json({"kind": "rocky", "die": 1, "seat": 1, "at": [2, 2]})  # an empty square
    assert s.gardens[1][G.idx(2, 2)] == G.ROCKY + G.EMPTY
    square = next(q for q in s.view(None)["seats"][1]["garden"] if q["at"] == [2, 2])
    assert square == {"at": [2, 2], "plant": None, "token": "rocky", "rockys": 1}


def test_a_rocky_on_an_empty_square_takes_it():
    """A Rocky on an empty square holds it: no plant can go there until it is shovelled off."""
    _, s = started(2, token_side="rocky")
    me = s.current_player
    set_garden(s, me, "R...\n....\n....\n....")
    assert (0, 0) not in {a["at"] for a in s.legal_actions() if a.kind == "plant"}
    assert s.score_breakdown()[me]["tokens"] == -2
    s.apply_json({"kind": "shovel", "die": 2, "at": [0, 0]})
    assert s.gardens[me][G.idx(0, 0)] == G.EMPTY


def test_several_rockys_on_one_plant():
    """[AB-T-3] "All the Rockys on top of a plant": a plant may hold several; each costs its
    owner 2 VP, and a shovel takes the top one off (the plant scores again when the last goes)."""
    _, s = started(3, token_side="rocky", boards={5: "brocool"})
    first = s.current_player
    second, victim = (first + 1) % 3, (first + 2) % 3
    gardens = ["....\n....\n....\n...."] * 3
    gardens[victim] = "55..\n....\n....\n...."
    set_gardens(s, *gardens)
    s.apply_json({"kind": "rocky", "die": 1, "seat": victim, "at": [0, 0]})
    assert s.current_player == second
    set_dice(s, [1, 2, 3])
    s.apply_json({"kind": "rocky", "die": 1, "seat": victim, "at": [0, 0]})
    assert s.gardens[victim][G.idx(0, 0)] == 2 * G.ROCKY + 5
    assert s.rocky_by[victim] == ((G.idx(0, 0), first), (G.idx(0, 0), second))
    b = s.score_breakdown()[victim]
    assert b["tokens"] == -4 and b["plants"]["brocool"] == 0
    square = next(q for q in s.view(None)["seats"][victim]["garden"] if q["at"] == [0, 0])
    assert square["token"] == "rocky" and square["rockys"] == 2 and square["plant"] == "brocool"
    assert s.current_player == victim
    s.apply_json({"kind": "shovel", "die": 2, "at": [0, 0]})  # the top one: the second placed
    assert s.gardens[victim][G.idx(0, 0)] == G.ROCKY + 5
    assert s.rocky_by[victim] == ((G.idx(0, 0), first),)
    b = s.score_breakdown()[victim]
    assert b["tokens"] == -2 and b["plants"]["brocool"] == 0
    s.seat, s.turn = victim, 2  # (a later turn of the victim's)
    set_dice(s, [3, 4])
    s.apply_json({"kind": "shovel", "die": 3, "at": [0, 0]})
    assert s.gardens[victim][G.idx(0, 0)] == 5 and s.rocky_by[victim] == ()
    b = s.score_breakdown()[victim]
    assert b["tokens"] == 0 and b["plants"]["brocool"] == 5


def test_a_rocky_on_a_radish_covers_it():
    _, s = make(2, token_side="rocky", expansion=True, super_plants=["rabamimo", "colemo"], boards={5: "brocool"})
    set_gardens(s, "5W..\n....\n....\n....", "5w..\n....\n....\n....")
    b = s.score_breakdown()
    assert b[0]["plants"]["brocool"] == 5 and b[1]["plants"]["brocool"] == 0  # the covered radish helps no pattern
    assert b[1]["radishes"] == -1 and b[1]["tokens"] == -2  # it is still a radish drawn


def test_option_rockys_on_plants_grant_their_placers():
    """Option `rocky_grants_placer` [AB-D-5]: each Rocky left on a plant gives 2 VP to whoever put it there."""
    _, s = started(3, token_side="rocky", rocky_grants_placer=True, boards={5: "brocool"})
    set_gardens(s, "....\n....\n....\n....", "5...\n....\n....\n....", "5...\n....\n....\n....")
    order = [s.current_player]
    target = {0: 1, 1: 2, 2: 1}
    s.apply_json({"kind": "rocky", "die": 1, "seat": target[order[0]], "at": [0, 0]})
    nxt = s.current_player
    set_dice(s, [1, 2])
    s.tokens = tuple(3 for _ in s.tokens)
    s.apply_json({"kind": "rocky", "die": 1, "seat": target[nxt], "at": [1, 1]})  # an empty square: no grant
    b = s.score_breakdown()
    assert b[order[0]]["rocky_grants"] == 2 and b[nxt]["rocky_grants"] == 0
    assert sum(x["rocky_grants"] for x in b) == 2
    assert b[order[0]]["total"] == sum(b[order[0]]["plants"].values()) + b[order[0]]["chayote"] + b[order[0]]["tokens"] + 2
    plain = make(3, seed=3, token_side="rocky", boards={5: "brocool"})[1]
    plain.gardens, plain.pots = s.gardens, s.pots
    assert all(x["rocky_grants"] == 0 for x in plain.score_breakdown())  # the default reading: no grant


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


def test_rocky_grants_placer_needs_the_rocky_side():
    with pytest.raises(cardboard.ConfigError, match=r"rocky_grants_placer .*token_side"):
        make(2, rocky_grants_placer=True)
