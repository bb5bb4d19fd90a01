"""The heuristic with Rockys anywhere on an opponent's sheet and several on one plant ([AB-T-3])."""
from cardboard.games.aban import garden as G
from cardboard.games.aban.heuristic import AbanHeuristic

from .helpers import choose_foods, make, set_dice, set_garden, set_gardens


def test_rocky_goes_where_it_hurts_most():
    _, s = make(2, seed=1, boards={5: "brocool"}, token_side="rocky")
    choose_foods(s, [1, 2])
    me = s.current_player
    set_garden(s, 1 - me, "55..\nb...\n....\n....")  # a pair, a covered plant, empty squares
    set_dice(s, [1, 6, 6])
    a = AbanHeuristic(0).choose(s)
    assert a.kind == "rocky" and a["seat"] == 1 - me and a["at"] in ((0, 0), (0, 1))


def test_piles_of_rockys_are_valued_and_shovelled():
    _, s = make(2, seed=1, boards={5: "brocool"}, token_side="rocky")
    choose_foods(s, [1, 2])
    me = s.current_player
    mine = "55..\n....\n....\n...."
    set_gardens(s, *([mine, "5...\nR...\n....\n...."] if me == 0 else ["5...\nR...\n....\n....", mine]))
    s.gardens = tuple(G.with_cell(g, G.idx(0, 0), 2 * G.ROCKY + 5) if seat == me else g
                      for seat, g in enumerate(s.gardens))
    s.refresh_squares()
    set_dice(s, [1, 6, 6])
    legal = s.legal_actions()
    values = AbanHeuristic(0)._values(s, legal)
    by = {a.to_json()["kind"] + str(a.to_json().get("at")) + str(a.to_json().get("seat")): v for a, v in zip(legal, values)}
    # a Rocky on their plant beats one on their Rocky pile; shovelling one of a pile of two
    # uncovers nothing, so it is worth less than shovelling a lone Rocky would be
    assert by[f"rocky[0, 0]{1 - me}"] > by[f"rocky[1, 0]{1 - me}"]
    assert AbanHeuristic(0).choose(s) in legal
