"""The speed-ups of issue #27 change no move: the legal moves are listed exactly as a plain
listing (written here as the rules read, before the caches) lists them, in the same order;
each abomination's kept geometry (`slab.Geo`, derived tile by tile) is what a fresh count
gives; a rollout's sampled draw, discard and Go Mad! choice are the very moves a uniform pick
from the list would be with the same random number."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardboard.engine import Rng
from cardboard.games.hideous_abomination import slab as S

from .helpers import make

SETUPS = [(2, {}), (3, {"first_player": 2}), (5, {}), (2, {"variant": "ages_6_7"}), (3, {"variant": "ages_4_5"})]


# ---------------------------------------------------------------- the plain listing
def _act(s, kind, args):
    return s.game.moves[kind, args]


def _plain_steal_targets(s):
    cfg = s.cfg
    out = []
    for seat, slab in enumerate(s.slabs):
        if seat == s.player:
            continue
        bolted = {c for seam in s.bolts[seat] for c in seam}
        loose = S.open_loose_ends(slab)
        for cell, (t, _, _) in slab.items():
            if cfg.torso[t] or cell in bolted:
                continue
            if S.loose_after_removal(slab, cell, loose) > 0:
                out.append((seat, cell))
    return out


def _plain_bolt_seams(s, seat):
    slab = s.slabs[seat]
    bolted = {c for seam in s.bolts[seat] for c in seam}
    return [(a, b) for a, b in S.seams(slab) if (a, b) not in s.bolts[seat]
            and any(c not in bolted and not s.cfg.torso[slab[c][0]] for c in (a, b))]


def _plain_plays(s):
    cfg = s.cfg
    me = s.player
    seats = (me,) if cfg.variant == "ages_4_5" else tuple((me + k) % cfg.players for k in range(cfg.players))
    may_complete = cfg.variant != "standard" or len(s.awards) > cfg.players
    out = []
    for seat in seats:
        slab = s.slabs[seat]
        before = S.open_loose_ends(slab)
        cells = S.open_cells(slab)
        for t in s.hands[me]:
            for rot, mask in cfg.shapes[t]:
                for cell, need in cells.items():
                    if not S.fits(mask, need):
                        continue
                    covered = need[0].bit_count()
                    if may_complete or before - covered + (mask.bit_count() - covered) != 0:
                        out.append(_act(s, "play", (("tile", cfg.tiles[t].id), ("seat", seat), ("at", cell),
                                                    ("rotation", rot))))
    return out or [_act(s, "forfeit", ())]


def plain_listing(s):
    cfg = s.cfg
    ph = s.phase
    if ph == "choose":
        options = ["draw", "dig", "award"] + (["steal"] if _plain_steal_targets(s) else [])
        return [_act(s, "choose", (("action", o),)) for o in options]
    if ph == "draw":
        out = [_act(s, "draw", (("source", i),)) for i, pile in enumerate(s.buffet) if pile]
        return out + ([_act(s, "draw", (("source", "deck"),))] if s.deck else [])
    if ph == "dig":
        return [_act(s, "dig", (("pile", i),)) for i, pile in enumerate(s.buffet) if pile]
    if ph == "dig_take":
        ids = sorted(cfg.tiles[t].id for t in s.dig[1])
        return [_act(s, "dig_take", (("tiles", pair),)) for pair in combinations(ids, cfg.dig_takes)]
    if ph == "dig_top":
        return [_act(s, "dig_top", (("tile", t),)) for t in sorted({cfg.tiles[t].id for t in s.dig[1]})]
    if ph == "steal":
        return [_act(s, "steal", (("seat", a), ("at", c))) for a, c in sorted(_plain_steal_targets(s))]
    if ph == "bolt":
        return [_act(s, "bolt", (("seam", seam),)) for seam in _plain_bolt_seams(s, s.decider)]
    if ph == "play":
        return _plain_plays(s)
    if ph == "discard":
        ids = sorted({cfg.tiles[t].id for t in s.hands[s.player]})
        if not s.buffet:
            return [_act(s, "discard", (("tile", t),)) for t in ids]
        return [_act(s, "discard", (("tile", t), ("pile", p))) for t in ids for p in range(len(s.buffet))]
    raise AssertionError(ph)


def _games(count, seed):
    """States of random games, one after each move (every set-up in turn)."""
    r = random.Random(seed)
    for k in range(count):
        players, options = SETUPS[k % len(SETUPS)]
        _, s = make(players, seed=r.randrange(2**32), **options)
        while not s.is_terminal():
            yield s
            s.apply(r.choice(s.legal_actions()))
        yield s


# ---------------------------------------------------------------- the tests
def test_legal_moves_are_the_plain_listing_in_its_order():
    """Every step of 25 random games (all set-ups) lists the very moves, in the very order, of
    the plain listing: the same games from the same seeds."""
    steps = phases = 0
    seen = set()
    for s in _games(25, seed=11):
        if s.is_terminal():
            continue
        assert s.legal_actions() == plain_listing(s), (s.phase, s.turn_no)
        steps += 1
        seen.add(s.phase)
    assert steps > 1000 and {"choose", "draw", "dig", "steal", "bolt", "play", "discard"} <= seen


def test_kept_geometry_is_a_fresh_count():
    """Each abomination's Geo, derived from the one before a play (`Geo.after_play`) or a steal
    (`Geo.after_removal`), equals one counted afresh: open loose ends, the open cells with their
    needs in the same order, seams, steal spots."""
    checked = 0
    for s in _games(15, seed=5):
        for seat, slab in enumerate(s.slabs):
            geo = s._geo(seat)
            fresh = S.Geo(slab)
            assert geo.slab is slab
            assert geo.L == fresh.L == S.open_loose_ends(slab)
            assert list(geo.cells.items()) == list(S.open_cells(slab).items())
            assert geo.seam_list() == S.seams(slab)
            assert geo.steal_cells(s.cfg.torso) == [
                c for c, (t, _, _) in slab.items()
                if not s.cfg.torso[t] and S.loose_after_removal(slab, c) > 0]
            checked += 1
    assert checked > 2000


def test_a_replaced_slab_is_counted_again():
    """A slab put in place some other way than by a play (a test's set-up) is not read from the
    Geo of the slab before it."""
    _, s = make(2, seed=3)
    before = s._geo(1)
    s.slabs = (s.slabs[0], dict(s.slabs[1], **{}))
    assert s._geo(1) is not before and s._geo(1).slab is s.slabs[1]


@pytest.mark.parametrize("phase", ["draw", "discard", "choose", "steal", "bolt"])
def test_sampled_short_steps_are_the_uniform_pick(phase):
    """A rollout's draw, discard, Go Mad! choice, steal and bolt, sampled without listing, are
    exactly `legal[rng.below(len(legal))]` with the same random number (so a random rollout
    plays the same game as a uniform pick from the list), and the very object listed."""
    found = 0
    for s in _games(20, seed=7):
        if s.phase != phase:
            continue
        for k in range(3):
            fresh = s.clone()
            fresh._legal = None  # not listed: the game's own draw
            sampled = fresh._sample_action(Rng(k))
            legal = s.legal_actions()
            assert sampled is legal[Rng(k).below(len(legal))]
        found += 1
    assert found > 30


def test_a_sampled_play_is_the_listed_play():
    """A rollout's play (drawn from the open cells, not listed) is the very object the Play
    step's listing holds for that move: plays are made in one place (MoveTables.play_in)."""
    found = 0
    for s in _games(10, seed=8):
        if s.phase != "play":
            continue
        fresh = s.clone()
        fresh._legal = None
        sampled = fresh._sample_action(Rng(found))
        if sampled is None:  # the draws kept missing: the full list decides
            continue
        assert any(sampled is a for a in s.legal_actions())
        found += 1
    assert found > 200


def test_whether_a_steal_is_possible_is_the_plain_count():
    """The die's Steal face and Go Mad!'s options ask only whether a tile may be stolen
    (`_can_steal`, which stops at the first): it is whether the plain count finds any, at
    every step of random games, with each abomination's steal spots listed and not."""
    checked = yes = 0
    for s in _games(15, seed=12):
        if s.is_terminal():
            continue
        want = bool(_plain_steal_targets(s))
        cold = s.clone()
        cold.geo = tuple(S.Geo(slab) for slab in cold.slabs)  # nothing listed yet
        assert cold._can_steal() == want
        for seat in range(len(s.slabs)):
            s._geo(seat).steal_cells(s.cfg.torso)  # every spot listed
        assert s._can_steal() == want
        checked += 1
        yes += want
    assert checked > 1000 and 100 < yes < checked


def test_outcome_counts_as_the_breakdown():
    """A search's `outcome()` (totals from one Tally per abomination) gives the breakdown's
    totals and winners [HA-E-4] [HA-E-5], mid-game and at the end, in every set-up."""
    from cardboard.games.hideous_abomination.scoring import totals

    checked = ended = 0
    for s in _games(25, seed=9):
        if s.turn_no % 3 and not s.is_terminal():
            continue
        b = s.score_breakdown()
        points, winners = s.outcome()
        assert points == [x["total"] for x in b] and winners == s._winners(b)
        assert totals(s)[1] == [len(x["cards"]) for x in b]
        checked += 1
        ended += s.is_terminal()
    assert checked > 300 and ended == 25


def test_the_fit_table_is_the_placement_rule():
    """The play test the listing and a rollout's draw use (slab.FIT and a base count) is
    `rules._is_play` [HA-P-2] [HA-P-3] for every tile mask, need and loose-end count."""
    from cardboard.games.hideous_abomination.rules import _is_play

    for mask in range(16):
        for loose in range(16):
            for closed in range(16):
                if loose & closed:
                    continue
                for L in range(0, 7):
                    for may_complete in (False, True):
                        base = L - 2 * loose.bit_count()
                        fast = bool(S.FIT[loose | closed << 4] >> mask & 1) and (
                            may_complete or base + mask.bit_count() != 0)
                        assert fast == _is_play(mask, (loose, closed), L, may_complete)


def test_heuristic_values_do_not_depend_on_its_caches():
    """The heuristic's kept summaries and memos (per abomination, per decision) give the values
    a cold start gives: every decision of heuristic games, valued warm and then with every
    cache emptied, the same to the last bit."""
    from cardboard.agents import _heuristic
    from cardboard.games.hideous_abomination import heuristic as H

    decisions = 0
    for k, (players, options) in enumerate(SETUPS):
        _, s = make(players, seed=40 + k, **options)
        agent = _heuristic("hideous-abomination", k)
        while not s.is_terminal() and decisions < 150 * (k + 1):
            warm = agent.action_values(s)
            for cache in (H._SEATS, H._CTX, H._CARDSETS):
                cache.clear()
            fresh = s.clone()
            fresh.geo = tuple(S.Geo(slab) for slab in fresh.slabs)  # and the rules' kept geometry
            fresh._legal = None
            assert warm == agent.action_values(fresh), s.phase
            assert warm == agent.action_values(s), s.phase
            s.apply(agent.choose(s))
            decisions += 1
    assert decisions > 300


def _plain_determinize(state, seat, seed):
    """The re-deal as first written: place by place, tile by tile [HA-H-2]."""
    from cardboard.games.hideous_abomination.rules import FIRST_POOL, PUBLIC

    new = state.clone()
    rng = Rng(seed)
    seen, pools = state.seen, state.pools
    deck = list(new.deck)
    buffet = [list(p) for p in new.buffet]
    hands = [list(h) for h in new.hands]
    groups: dict = {}
    for place in [deck] + buffet + [h for s, h in enumerate(hands) if s != seat]:
        for j, t in enumerate(place):
            c = seen[t]
            if c == PUBLIC or (c >= FIRST_POOL and pools[c - FIRST_POOL] == seat):
                continue
            groups.setdefault(c, []).append((place, j))
    for c in sorted(groups):
        spots = groups[c]
        tiles = sorted(place[j] for place, j in spots)
        rng.shuffle(tiles)
        for (place, j), t in zip(spots, tiles):
            place[j] = t
    awards = sorted(new.awards_deck)
    rng.shuffle(awards)
    return (tuple(deck), tuple(map(tuple, buffet)),
            tuple(h if s == seat else tuple(sorted(hands[s])) for s, h in enumerate(new.hands)),
            tuple(awards), Rng(rng.next64()).state)


def test_redeals_are_the_plain_redeal():
    """determinize (the places laid end to end, a whole hidden deck dealt as one run) deals
    exactly what the plain re-deal deals, for every seat of random games, Digs included."""
    checked = digs = 0
    for s in _games(12, seed=21):
        if s.is_terminal() or s.turn_no % 2:
            continue
        for seat in range(s.cfg.players):
            w = s.determinize(seat, 1000 + checked)
            assert (w.deck, w.buffet, w.hands, w.awards_deck, w.rng.state) == _plain_determinize(s, seat, 1000 + checked)
            checked += 1
            digs += s.dig is not None
    assert checked > 1000 and digs > 5


def test_bolt_seams_kept_after_a_play_are_the_plain_count():
    """With bolts waiting [HA-B-1], every play on that abomination asks where a bolt may go: the
    seams kept from the slab before the play (`_bolt_seams_after_play`: the new tile's only)
    are the plain count's, in its order, for every seat at every step of random games."""
    waiting = some = 0
    for s in _games(40, seed=13):
        for seat in range(len(s.slabs)):
            if s.pending[seat]:
                got = s._bolt_seams(seat)
                assert got == _plain_bolt_seams(s, seat), (seat, s.turn_no)
                waiting += 1
                some += bool(got)
    assert waiting > 1000 and some > 20


def test_a_geo_lists_the_plays_of_the_seat_asked():
    """The rows of plays kept with a Geo are one seat's: asked for another seat (a Geo is one
    seat's in play, but nothing else stops it), it starts over and lists that seat's plays."""
    _, s = make(2, seed=3)
    geo = s._geo(1)
    t = next(t for t in s.hands[0] if s._tile_plays(S.Geo(s.slabs[1]), 1, t, True))
    for seat in (1, 0, 1):
        plays = s._tile_plays(geo, seat, t, True)
        assert plays and {p["seat"] for p in plays} == {seat}
        assert [(p["at"], p["rotation"]) for p in plays] == [(p["at"], p["rotation"]) for p in s._tile_plays(geo, 1, t, True)]
