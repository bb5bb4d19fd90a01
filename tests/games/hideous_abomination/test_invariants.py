"""Invariants over many random games: tiles conserved, every contact matches, bolts on
loose seams, hands back to three, nothing hidden leaks into a view."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardboard.games.hideous_abomination import slab as S

from .helpers import make

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(s):
    cfg = s.cfg
    tiles = list(s.deck) + [t for p in s.buffet for t in p] + [t for h in s.hands for t in h]
    tiles += [t for slab in s.slabs for t, _, _ in slab.values()]
    assert sorted(tiles) == list(range(cfg.n_parts)) + sorted(
        t for slab in s.slabs for t, _, _ in slab.values() if cfg.torso[t]), "tiles not conserved"
    for seat, slab in enumerate(s.slabs):
        for (r, c), (_, _, mask) in slab.items():
            for dr, dc, bit, facing in S.DIRS:
                other = slab.get((r + dr, c + dc))
                if other is not None:
                    assert bool(mask & bit) == bool(other[2] & facing), "a contact does not match"
        seams = set(S.seams(slab))
        for a, b in s.bolts[seat]:
            assert a in slab and b in slab and ((a, b) in seams), "a bolt off a loose seam"
    assert s.supply + sum(len(b) for b in s.bolts) + sum(s.pending) == cfg.bolts
    if s.phase not in ("discard", "over", "bolt"):
        for seat, hand in enumerate(s.hands):
            if seat != s.player:
                assert len(hand) <= cfg.hand_size


@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
@SETTINGS
def test_random_games_keep_the_invariants(players, seed, moves):
    _, s = make(players, seed=seed)
    r = random.Random(moves)
    steps = 0
    while not s.is_terminal():
        check_invariants(s)
        s.apply(r.choice(s.legal_actions()))
        steps += 1
        assert steps < 20_000
    check_invariants(s)
    if s.ended_by == "completion":
        assert S.open_loose_ends(s.slabs[s.done_by]) == 0
        assert len(s.awards) > players
        others = [S.open_loose_ends(x) for i, x in enumerate(s.slabs) if i != s.done_by]
        assert all(o > 0 for o in others)


@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
@SETTINGS
def test_no_view_holds_another_seats_hand(seed, moves):
    _, s = make(3, seed=seed)
    r = random.Random(moves)
    while not s.is_terminal():
        seat = r.randrange(3)
        v = s.view(seat)
        for other in range(3):
            assert ("hand" in v["seats"][other]) == (other == seat)
        text = repr(v)
        for other in range(3):
            if other != seat:
                for t in s.hands[other]:
                    assert f"'{s.cfg.tiles[t].id}'" not in text
        s.apply(r.choice(s.legal_actions()))
