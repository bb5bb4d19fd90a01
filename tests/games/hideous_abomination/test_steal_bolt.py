"""Stealing and bolting (HA-R-6, HA-R-7, HA-R-9, HA-B-*, HA-D-11, HA-D-14)."""
import pytest

import cardboard

from .helpers import ScriptedRng, T, at_phase, make, set_slab

# seat 1's abomination: torso, an arm north of it, a head on top: a column
COLUMN = {(-1, 0): ("red-11", 0), (-2, 0): ("red-01", 2)}


def stealing(players=2, victim_cells=COLUMN):
    _, s = make(players, seed=6)
    set_slab(s, 1, victim_cells)
    at_phase(s, "steal", 0)
    return s


def test_steal_takes_tile_and_gives_two_bolts():
    s = stealing()
    targets = {(a["seat"], a["at"]) for a in s.legal_actions()}
    assert targets == {(1, (-1, 0)), (1, (-2, 0))}
    s.apply_json({"kind": "steal", "seat": 1, "at": [-2, 0]})
    assert T(s, "red-01") in s.hands[0]
    assert (-2, 0) not in s.slabs[1]
    assert s.supply == 28
    # the victim bolts at once: the arm is unsecured and meets the torso loose to loose
    assert s.phase == "bolt" and s.current_player == 1


def test_victim_bolts_at_once():
    s = stealing()
    s.apply_json({"kind": "steal", "seat": 1, "at": [-2, 0]})
    seams = [a.to_json()["seam"] for a in s.legal_actions()]
    assert seams == [[[-1, 0], [0, 0]]]
    s.apply_json({"kind": "bolt", "seam": [[-1, 0], [0, 0]]})
    assert s.view(None)["seats"][1]["bolts_placed"] == 1
    assert s.pending == (0, 1)  # no unsecured tile left: one bolt waits
    assert s.phase == "play" and s.current_player == 0  # back to the thief's Play


def test_leftover_bolts_wait_for_new_tiles():
    s = stealing()
    s.apply_json({"kind": "steal", "seat": 1, "at": [-2, 0]})
    s.apply_json({"kind": "bolt", "seam": [[-1, 0], [0, 0]]})
    # seat 0 cannot play on its own torso? it can: force a play onto seat 1 by filling its own
    s.hands = ((T(s, "red-03"),),) + s.hands[1:]
    set_slab(s, 0, {(-1, 0): ("red-02", 2), (0, 1): ("red-04", 3), (1, 0): ("red-05", 0), (0, -1): ("red-06", 1)})
    plays = [a for a in s.legal_actions() if a.kind == "play"]
    assert plays and all(a["seat"] == 1 for a in plays)
    play = next(a for a in plays if a["at"] == (-2, 0))
    s.apply(play)
    assert s.phase == "bolt" and s.current_player == 1  # the waiting bolt goes on the new tile
    s.apply(s.legal_actions()[0])
    assert s.pending == (0, 0)


def test_cannot_steal_torso_bolted_or_own():
    s = stealing(3)
    set_slab(s, 0, {(-1, 0): ("red-02", 2)})  # the thief's own tile
    s.bolts = (frozenset(), frozenset({((-1, 0), (0, 0))}), frozenset())
    s._legal = None
    targets = {(a["seat"], a["at"]) for a in s.legal_actions()}
    assert targets == {(1, (-2, 0))}
    with pytest.raises(cardboard.IllegalAction, match=r"torsos cannot be stolen \[HA-R-7\]"):
        s.apply_json({"kind": "steal", "seat": 1, "at": [0, 0]})
    with pytest.raises(cardboard.IllegalAction, match=r"bolted tile"):
        s.apply_json({"kind": "steal", "seat": 1, "at": [-1, 0]})
    with pytest.raises(cardboard.IllegalAction, match=r"your own"):
        s.apply_json({"kind": "steal", "seat": 0, "at": [-1, 0]})


def test_nothing_to_steal_rerolls():
    _, s = make(2)
    s.started = (True, True)
    s.rng = ScriptedRng(["steal", "steal", "dig"])
    s._start_turn(0)
    assert s.die == "dig" and s.phase == "dig"
    assert s.view(0)["log"][-2:] == ["nothing to steal: seat 0 rolls again: steal",
                                      "nothing to steal: seat 0 rolls again: dig"]


def test_steal_leaves_gap_and_tiles_in_place():
    s = stealing()
    s.apply_json({"kind": "steal", "seat": 1, "at": [-1, 0]})
    assert sorted(s.slabs[1]) == [(-2, 0), (0, 0)]  # the head stays, cut off
    assert s.view(None)["seats"][1]["open_loose_ends"] == 5  # torso 4 + the head's end


def test_bolts_go_on_loose_seams_only():
    _, s = make(2)
    # a head whose closed side touches a tile's closed side, and a loose seam to the torso
    set_slab(s, 1, {(-1, 0): ("red-11", 0), (-1, 1): ("red-09", 0), (0, 1): ("red-07", 3)})
    at_phase(s, "bolt", 0, decider=1)
    s.pending = (0, 2)
    seams = sorted(tuple(map(tuple, a.to_json()["seam"])) for a in s.legal_actions())
    # (-1,0)-(0,0) loose; (0,0)-(0,1) loose; (-1,1) touches (-1,0) and (0,1) with closed sides
    assert seams == [((-1, 0), (0, 0)), ((0, 0), (0, 1))]


def test_steal_never_completes():
    _, s = make(2)
    # seat 1: torso closed off on every side, plus a cut-off head whose only end is open
    set_slab(s, 1, {(-1, 0): ("red-01", 2), (0, 1): ("red-02", 3), (1, 0): ("red-03", 0),
                    (0, -1): ("red-04", 1), (-5, -5): ("red-05", 0)})
    at_phase(s, "steal", 0)
    targets = {a["at"] for a in s.legal_actions()}
    assert (-5, -5) not in targets  # its loss would leave seat 1 complete
    assert (-1, 0) in targets
    with pytest.raises(cardboard.IllegalAction, match=r"\[HA-D-11\]"):
        s.apply_json({"kind": "steal", "seat": 1, "at": [-5, -5]})


def test_short_bolt_supply():
    s = stealing()
    s.supply = 1
    s.apply_json({"kind": "steal", "seat": 1, "at": [-2, 0]})
    assert s.supply == 0 and s.pending[1] == 1
