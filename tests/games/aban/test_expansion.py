"""Super Powerful Plants (AB-X-*, AB-D-9..12, AB-D-19)."""
import pytest

import cardboard
from cardboard.games.aban import garden as G

from .helpers import ScriptedRng, choose_foods, garden, make, points, set_dice, set_garden


def started(supers, players=2, **options):
    game, s = make(players, seed=5, expansion=True, super_plants=list(supers), **options)
    choose_foods(s, range(1, players + 1))
    return game, s


def test_two_super_plants_in_play():
    seen = set()
    for seed in range(30):
        game, _ = make(2, seed=seed, expansion=True)
        assert len(game.cfg.supers) == 2
        seen |= game.cfg.supers
    assert seen == {"colemo", "machonero", "don_maceta", "rabamimo"}
    game, s = make(2, expansion=True, super_plants=["rabamimo", "colemo"])
    assert [p["id"] for p in s.view(0)["super_plants"]] == ["colemo", "rabamimo"]
    assert s.view(0)["super_plants"][1]["name"] == "Rabamimo" and s.view(0)["super_plants"][1]["text"]
    assert make(2)[0].cfg.supers == frozenset()  # base game: none
    with pytest.raises(cardboard.ConfigError, match="exactly two"):
        make(2, expansion=True, super_plants=["colemo"])
    with pytest.raises(cardboard.ConfigError, match="expansion"):
        make(2, super_plants=["colemo", "machonero"])


@pytest.mark.parametrize("variant,changes", [("plus_minus_one", [-1, 1]), ("plus_one_two", [1, 2]),
                                             ("minus_one_two", [-2, -1])])
def test_colemo_variants(variant, changes):
    _, s = started(["colemo", "rabamimo"], colemo_variant=variant)
    set_dice(s, [3, 4, 4])
    offered = sorted({a["change"] for a in s.legal_actions() if a.kind == "colemo"})
    assert offered == changes
    s.apply_json({"kind": "colemo", "die": 3, "change": changes[-1]})
    assert s.dice == tuple(sorted([4, 4, 3 + changes[-1]]))


def test_colemo_changes_a_die_once_per_turn():
    _, s = started(["colemo", "machonero"])
    me = s.current_player
    set_dice(s, [2, 5, 6])
    s.apply_json({"kind": "colemo", "die": 5, "change": -1})
    assert s.dice == (2, 4, 6)
    assert s.fert[me] == 2  # paid with a fertilizer token
    assert s.current_player == me  # the die is still to be chosen
    assert "colemo" not in {a.kind for a in s.legal_actions()}
    with pytest.raises(cardboard.IllegalAction, match=r"once per turn \[AB-X-3\]"):
        s.apply_json({"kind": "colemo", "die": 2, "change": 1})
    s.apply_json({"kind": "plant", "die": 4, "at": [0, 0]})
    assert "colemo" in {a.kind for a in s.legal_actions()}  # the next player's turn


def test_colemo_keeps_dice_between_1_and_6():
    _, s = started(["colemo", "machonero"], colemo_variant="plus_one_two")
    set_dice(s, [5, 6, 6])
    changes = {(a["die"], a["change"]) for a in s.legal_actions() if a.kind == "colemo"}
    assert changes == {(5, 1)}


def test_machonero_rerolls_up_to_three():
    _, s = started(["machonero", "colemo"], players=3)
    me = s.current_player
    set_dice(s, [1, 2, 2, 6])
    sets = {a["dice"] for a in s.legal_actions() if a.kind == "machonero"}
    assert (2, 2) in sets and (1, 2, 6) in sets
    assert all(1 <= len(x) <= 3 for x in sets) and (1, 2, 2, 6) not in sets
    s.rng = ScriptedRng([5, 5])
    s.apply_json({"kind": "machonero", "dice": [2, 2]})
    assert s.dice == (1, 5, 5, 6) and s.fert[me] == 2 and s.current_player == me


def test_machonero_has_no_limit_a_turn_but_fertilizer():
    """[AB-X-6] [AB-D-10] the text sets no "once per turn" (Colemo's does): each use pays a token."""
    _, s = started(["machonero", "colemo"], players=3)
    me = s.current_player
    set_dice(s, [1, 2, 2, 6])
    s.rng = ScriptedRng([5, 5, 3, 4, 4])
    s.apply_json({"kind": "machonero", "dice": [2, 2]})
    assert "machonero" in {a.kind for a in s.legal_actions()}  # again, on the same turn
    s.apply_json({"kind": "machonero", "dice": [5]})
    assert s.dice == (1, 3, 5, 6) and s.fert[me] == 1 and s.current_player == me
    assert not s.view(me)["powers_used"].get("machonero")
    s.apply_json({"kind": "machonero", "dice": [1, 3]})
    assert s.dice == (4, 4, 5, 6) and s.fert[me] == 0 and s.current_player == me
    assert "machonero" not in {a.kind for a in s.legal_actions()}  # no fertilizer left
    with pytest.raises(cardboard.IllegalAction, match=r"fertilizer token and you have none \[AB-X-6\]"):
        s.apply_json({"kind": "machonero", "dice": [4]})


def test_don_maceta_adds_a_pot():
    _, s = started(["don_maceta", "rabamimo"])
    me = s.current_player
    set_dice(s, [1, 3, 4])
    pots = [a for a in s.legal_actions() if a.kind == "pot"]
    assert {a["die"] for a in pots} == {3, 4}  # dice of 2 to 6 only
    sites = {a["at"] for a in pots}
    assert len(sites) == 16 and (-1, 0) in sites and (4, 3) in sites and (-1, -1) not in sites
    s.apply_json({"kind": "pot", "die": 3, "at": [0, 4]})
    assert s.gardens[me][G.idx(0, 4)] == G.EMPTY and s.fert[me] == 2
    assert sum(1 for v in s.gardens[me] if v != G.NO_POT) == 17
    with pytest.raises(cardboard.IllegalAction, match=r"\[AB-D-11\]"):
        s.apply_json({"kind": "pot", "die": 4, "at": [5, 5]})


def test_rabamimo_radish_completes_a_pattern():
    game, s = started(["rabamimo", "colemo"], boards={3: "chichaforo", 5: "brocool"})
    me = s.current_player
    set_garden(s, me, "3...\n3...\n....\n5...")
    set_dice(s, [2, 6, 6])
    radish = [a for a in s.legal_actions() if a.kind == "radish"]
    assert {a["die"] for a in radish} == {2, 6}
    s.apply_json({"kind": "radish", "die": 6, "at": [2, 0]})
    b = s.score_breakdown()[me]
    # the radish completes the vertical line (9) rather than pairing the Brocool (5)
    assert b["plants"]["chichaforo"] == 9 and b["plants"]["brocool"] == 0
    assert b["radishes"] == -1


def test_radish_penalty_and_single_plants():
    game, _ = make(2, boards={2: "apizza", 4: "fuebas", 5: "sadahoria"})
    # a radish is no Apizza, but extends a Fuebas chain and pairs a Sadahoria
    assert points(game, "2W..\n....\n....\n....", 2) == 2
    assert points(game, "4W4.\n....\n....\n....", 4) == 7
    assert points(game, "5W..\n....\n....\n....", 5) == 6
    sc = game.cfg.scorer.garden(garden("5W4.\n....\n....\n...."))
    assert sc[0][5] + sc[0][4] == 6 + 1 and sc[4] == 1  # one radish, used once: the better use
    assert points(game, "W W .\n. . .", 5) == 0  # radishes alone make no pattern


def test_no_fertilizer_no_power():
    _, s = started(["rabamimo", "don_maceta"])
    s.fert = (0, 0)
    s._legal = None
    assert not {"radish", "pot"} & {a.kind for a in s.legal_actions()}
    with pytest.raises(cardboard.IllegalAction, match=r"fertilizer token and you have none"):
        s.apply_json({"kind": "radish", "die": s.dice[-1], "at": [0, 0]})
