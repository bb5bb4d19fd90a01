"""How it ends (HA-E-1, HA-E-2, HA-D-4, HA-D-12, HA-D-16)."""
from .helpers import ScriptedRng, at_phase, make, reveal_awards, set_hand, set_slab

CLOSED_BUT_NORTH = {(0, 1): ("red-02", 3), (1, 0): ("red-05", 0), (0, -1): ("red-06", 1)}


def test_completion_after_threshold_ends_game():
    _, s = make(2, seed=9)
    set_slab(s, 0, CLOSED_BUT_NORTH)
    set_hand(s, 0, ["red-03"])
    reveal_awards(s, 3)
    at_phase(s, "play", 0)
    s.apply_json({"kind": "play", "tile": "red-03", "seat": 0, "at": [-1, 0], "rotation": 2})
    assert s.is_terminal() and s.ended_by == "completion"
    b = s.score_breakdown()
    assert "done" in b[0]["cards"] and "done" not in b[1]["cards"]
    assert s.view(1)["winners"] == s.winners()


def test_completing_anothers_gives_them_done():
    _, s = make(2, seed=9)
    set_slab(s, 1, CLOSED_BUT_NORTH)
    # seat 0's only open spot needs two loose sides (S and W): a cap cannot go there
    set_slab(s, 0, {**CLOSED_BUT_NORTH, (-1, 0): ("red-11", 0), (-2, -1): ("red-07", 1)})
    set_hand(s, 0, ["red-03"])
    reveal_awards(s, 3)
    at_phase(s, "play", 0)
    assert [(a["seat"], a["at"]) for a in s.legal_actions()] == [(1, (-1, 0))]
    s.apply(s.legal_actions()[0])
    assert s.is_terminal() and s.done_by == 1
    assert "done" in s.score_breakdown()[1]["cards"]


def test_empty_deck_ends_game():
    _, s = make(2, seed=9)
    s.deck = ()
    s._legal = None
    assert "deck" not in [a.to_json()["source"] for a in s.legal_actions()]  # blind draw impossible
    s.apply_json({"kind": "draw", "source": 0})  # pile 0 is empty now and cannot be refilled
    assert s.is_terminal() and s.ended_by == "exhaustion"
    assert all("done" not in b["cards"] for b in s.score_breakdown())
    assert s.view(0)["log"][-1] == "the game is over: the deck is empty"


def test_safety_stop():
    _, s = make(2, seed=9, max_turns=3)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.ended_by == "safety" and s.turn_no == 4
