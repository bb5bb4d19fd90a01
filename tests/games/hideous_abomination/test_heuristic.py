"""The heuristic player under the free choice of abomination [HA-P-1]: it blocks a leader."""
from cardboard.games.hideous_abomination.heuristic import HAHeuristic

from .helpers import at_phase, make, reveal_awards, set_hand, set_slab

# seat 1's torso closed on three sides by caps: one loose end left, to the north
CLOSED_BUT_NORTH = {(0, 1): ("red-02", 3), (1, 0): ("red-05", 0), (0, -1): ("red-06", 1)}


def test_blocks_a_leader_about_to_finish():
    """The game can end (3 Awards > 2 players) and seat 1 needs one tile to finish ahead: seat 0,
    holding a cross that would also fit its own abomination, plays it on seat 1's last loose
    end (three loose ends instead of one). Before, plays on others came only when nothing fit
    one's own, and the heuristic valued an own play above it."""
    _, s = make(2, seed=8)
    set_slab(s, 1, CLOSED_BUT_NORTH)
    set_hand(s, 0, ["red-20", "blu-03"])
    reveal_awards(s, 3)
    at_phase(s, "play", 0)
    assert {a["seat"] for a in s.legal_actions()} == {0, 1}
    a = HAHeuristic(0).choose(s)
    assert (a["tile"], a["seat"], a["at"]) == ("red-20", 1, (-1, 0)), str(a)


def test_does_not_block_when_the_end_is_far():
    """With no Award revealed nobody can finish: the same cross goes on its own abomination."""
    _, s = make(2, seed=8)
    set_slab(s, 1, CLOSED_BUT_NORTH)
    set_hand(s, 0, ["red-20", "blu-03"])
    at_phase(s, "play", 0)
    a = HAHeuristic(0).choose(s)
    assert a["seat"] == 0, str(a)
