"""The simplified rules (HA-V-1, HA-V-2, HA-D-15, HA-D-17)."""
import random

from .helpers import ScriptedRng, at_phase, make, set_hand, set_slab

CLOSED_BUT_NORTH = {(0, 1): ("red-02", 3), (1, 0): ("red-05", 0), (0, -1): ("red-06", 1)}


def test_ages_6_7():
    _, s = make(2, variant="ages_6_7")
    v = s.view(0)
    assert v["grand_prizes"] == [] and v["awards_left"] == 0
    s.started = (True, True)
    s.rng = ScriptedRng(["award"])
    s._start_turn(0)
    assert s.phase == "draw" and s.awards == ()  # an Award roll is a Draw
    # completing is allowed at once, and wins
    set_slab(s, 0, CLOSED_BUT_NORTH)
    set_hand(s, 0, ["red-03"])
    at_phase(s, "play", 0)
    s.apply_json({"kind": "play", "tile": "red-03", "seat": 0, "at": [-1, 0], "rotation": 2})
    assert s.is_terminal() and s.winners() == [0] and s.scores() == [1.0, 0.0]
    assert s.score_breakdown()[0]["cards"] == []  # no prizes, no score


def test_ages_4_5():
    _, s = make(3, variant="ages_4_5")
    assert s.buffet == ()  # no spare parts buffet
    assert s.phase == "play" and s.die is None  # no die: the top of the pile was drawn
    assert len(s.hands[0]) == 4
    assert {a["seat"] for a in s.legal_actions() if a.kind == "play"} == {0}  # only your own
    # play a whole game: only own abominations grow, discards go under the deck
    r = random.Random(1)
    while not s.is_terminal():
        a = r.choice(s.legal_actions())
        if a.kind == "play":
            assert a["seat"] == s.player
        if a.kind == "discard":
            assert a.get("pile") is None
        s.apply(a)
    assert s.ended_by in ("completion", "exhaustion", "safety")
    if s.ended_by == "completion":
        assert s.winners() == [s.done_by]
