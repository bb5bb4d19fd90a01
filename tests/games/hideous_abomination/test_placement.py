"""Play: matching loose ends, rotation, the completion restriction, where you must play (HA-P-*)."""
import pytest

import cardboard

from .helpers import T, at_phase, make, reveal_awards, set_hand, set_slab

CLOSED_BUT_NORTH = {(0, 1): ("red-02", 3), (1, 0): ("red-05", 0), (0, -1): ("red-06", 1)}


def playing(players=2, hand=("red-01",), seat_cells=None):
    _, s = make(players, seed=8)
    set_hand(s, 0, list(hand))
    if seat_cells is not None:
        set_slab(s, 0, seat_cells)
    at_phase(s, "play", 0)
    return s


def spots(s, seat=0):
    return {(a["at"], a["rotation"]) for a in s.legal_actions() if a.kind == "play" and a["seat"] == seat}


def test_loose_ends_must_match():
    s = playing()
    # a cap fits each side of the torso, turned so its loose end meets the torso's
    assert spots(s) == {((-1, 0), 2), ((0, 1), 3), ((1, 0), 0), ((0, -1), 1)}
    set_slab(s, 0, {(-1, 0): ("red-11", 0)})  # an arm going north: loose N and S
    s.hands = ((T(s, "red-10"),),) + s.hands[1:]  # a bend (wing): loose N and E
    s._legal = None
    plays = spots(s)
    # at (-2, 0) it must be loose to the S and nothing else is touched: rotations 1 (E,S) and 2 (S,W)
    assert ((-2, 0), 1) in plays and ((-2, 0), 2) in plays and ((-2, 0), 0) not in plays
    # (-1, 1) faces no loose end (the arm's E is closed) so nothing goes there
    assert not [p for p in plays if p[0] == (-1, 1)]
    with pytest.raises(cardboard.IllegalAction, match=r"\[HA-P-2\]"):
        s.apply_json({"kind": "play", "tile": "red-10", "seat": 0, "at": [-2, 0], "rotation": 0})


def test_rotations_offered_once():
    s = playing(hand=("red-20", "red-11"))  # a cross and a straight
    by_tile = {}
    for a in s.legal_actions():
        by_tile.setdefault(a["tile"], set()).add(a["rotation"])
    assert by_tile["red-20"] == {0}
    assert by_tile["red-11"] == {0, 1}


def test_completion_restricted_until_threshold():
    s = playing(hand=("red-03",), seat_cells=CLOSED_BUT_NORTH)
    assert spots(s) == set()  # the only spot would complete: 0 Awards is not more than 2 players
    assert spots(s, seat=1)  # so the tile goes on the other abomination
    reveal_awards(s, 2)
    assert spots(s) == set()  # 2 Awards are still not more than 2 players
    reveal_awards(s, 3)  # Grand Prizes never count [HA-D-6]
    assert spots(s) == {((-1, 0), 2)}


def test_completion_counts_fragments():
    cells = dict(CLOSED_BUT_NORTH)
    cells[(5, 5)] = ("red-07", 0)  # a cut-off tail with an open end
    s = playing(hand=("red-03",), seat_cells=cells)
    # closing the torso does not complete the abomination, so it is allowed; so is the fragment's end
    assert spots(s) == {((-1, 0), 2), ((4, 5), 2)}


def test_play_on_any_abomination_freely():
    """[HA-P-1] "Play a tile on ANY abomination": one's own or another's, by choice, even when
    a tile fits one's own (the audit's repro: 2 players, seed 0, two blind draws)."""
    _, s = make(2, seed=0)
    s.apply_json({"kind": "draw", "source": "deck"})
    s.apply_json({"kind": "draw", "source": "deck"})
    plays = [a for a in s.legal_actions() if a.kind == "play"]
    assert {a["seat"] for a in plays} == {0, 1}
    assert len(plays) == len(s.legal_actions())  # no forfeit while a play exists [HA-P-4]
    on_other = next(a for a in plays if a["seat"] == 1)
    s.apply_json(on_other.to_json())
    tile = s.cfg.index[on_other["tile"]]
    assert s.slabs[1][on_other["at"]][0] == tile and tile not in s.hands[0]


def test_play_on_another_by_json_is_accepted():
    s = playing()
    assert {a["seat"] for a in s.legal_actions()} == {0, 1}
    s.apply_json({"kind": "play", "tile": "red-01", "seat": 1, "at": [-1, 0], "rotation": 2})
    assert s.slabs[1][(-1, 0)][0] == T(s, "red-01")


def test_ages_4_5_play_only_on_their_own():
    _, s = make(3, seed=8, variant="ages_4_5")
    set_hand(s, 0, ["red-01"])
    at_phase(s, "play", 0)
    assert {a["seat"] for a in s.legal_actions()} == {0}
    with pytest.raises(cardboard.IllegalAction, match=r"\[HA-V-2\]"):
        s.apply_json({"kind": "play", "tile": "red-01", "seat": 1, "at": [-1, 0], "rotation": 2})


def test_play_on_any_abomination_when_own_impossible():
    s = playing(hand=("red-03",), seat_cells=CLOSED_BUT_NORTH)
    assert {a["seat"] for a in s.legal_actions()} == {1}  # its only own spot would complete
    s.apply_json({"kind": "play", "tile": "red-03", "seat": 1, "at": [1, 0], "rotation": 0})
    assert s.slabs[1][(1, 0)][0] == T(s, "red-03")


def test_played_tile_leaves_hand():
    s = playing(hand=("red-01", "red-02"))
    s.apply_json({"kind": "play", "tile": "red-01", "seat": 0, "at": [1, 0], "rotation": 0})
    assert s.hands[0] == (T(s, "red-02"),)
    assert s.view(0)["seats"][0]["open_loose_ends"] == 3


def test_forfeit_when_nothing_fits():
    s = playing(hand=("red-03",), seat_cells=CLOSED_BUT_NORTH)
    set_slab(s, 1, CLOSED_BUT_NORTH)
    assert [a.to_json() for a in s.legal_actions()] == [{"kind": "forfeit"}]
    s.apply_json({"kind": "forfeit"})
    assert s.hands[0] == (T(s, "red-03"),) and s.player == 1


def _sampled(s, draws=600, seed=1, own_draw=True):
    """What a rollout's `sample_action` draws from `s` (a state without its list, so the game's
    own draw runs; unless `own_draw` is False, it must never have to list the moves), with the
    legal list made on a copy."""
    from cardboard.engine import Rng

    legal = s.clone().legal_actions()
    rng = Rng(seed)
    seen = []
    for _ in range(draws):
        a = s.sample_action(rng)
        assert any(a is b for b in legal), str(a)  # the very move the list holds
        assert s._legal is None or not own_draw
        seen.append(a)
    return legal, seen


def test_rollout_plays_are_drawn_from_the_legal_plays():
    """A rollout draws its play without listing them all [HA-P-2]: every play it draws is legal,
    and every legal play, on any abomination [HA-P-1], comes up; it respects the completion
    restriction [HA-P-3]."""
    s = playing(hand=("red-10", "red-11", "red-01"))
    legal, seen = _sampled(s)
    assert set(seen) == set(legal) and len(legal) > 10 and {a["seat"] for a in legal} == {0, 1}
    s = playing(hand=("red-03",), seat_cells=CLOSED_BUT_NORTH)  # its only own spot would complete
    legal, seen = _sampled(s, draws=100, own_draw=False)
    assert {a["seat"] for a in legal} == {1} and set(seen) == set(legal)
