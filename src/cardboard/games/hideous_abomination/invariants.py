"""Hideous Abomination's invariants, for the fuzzer and tests (never in the hot path): every
tile, bolt and Award of the content in exactly one place, the hand limit between turns, bolts
on their slabs (`HAState._invariants`). Each problem is one line naming the invariant and its
numbers."""
from __future__ import annotations

from collections import Counter

from .slab import DIRS, seams as loose_seams


def invariants(s) -> list[str]:
    cfg = s.cfg
    n = cfg.players
    out: list[str] = []
    torso = cfg.torso
    # body parts: the deck, the buffet piles, the hands, the slabs [HA-S-2..4]
    where: Counter = Counter()
    for t in s.deck:
        where[t] += 1
    for pile in s.buffet:
        for t in pile:
            where[t] += 1
    for hand in s.hands:
        for t in hand:
            where[t] += 1
    torsos = []
    for seat, slab in enumerate(s.slabs):
        for cell, (t, _, _) in slab.items():
            if torso[t]:
                torsos.append(t)
                if cell != (0, 0):
                    out.append(f"seat {seat}'s torso is at {cell}, not the centre of the slab")
            else:
                where[t] += 1
        if not any(torso[t] for t, _, _ in slab.values()):
            out.append(f"seat {seat}'s slab has no torso")
    parts = sum(where.values())
    if parts != cfg.n_parts:
        on_slabs = sum(len(slab) for slab in s.slabs) - len(torsos)
        out.append(f"body parts: {parts} counted (deck {len(s.deck)}, buffet {sum(map(len, s.buffet))}, "
                   f"hands {sum(map(len, s.hands))}, slabs {on_slabs}), {cfg.n_parts} in the game")
    twice = sorted(t for t, k in where.items() if k > 1)
    if twice:
        out.append(f"body parts: {len(twice)} in two places (tile {cfg.tiles[twice[0]].id})")
    if any(torso[t] or not 0 <= t < cfg.n_parts for t in where):
        out.append("a torso or an unknown tile is in the deck, the buffet or a hand")
    if len(torsos) != n or len(set(torsos)) != n:
        out.append(f"torsos: {len(torsos)} on the slabs ({len(set(torsos))} distinct), {n} players")
    # the hand limit [HA-DC-1]: only the player on turn may hold more, until it discards
    for seat, hand in enumerate(s.hands):
        if seat != s.player and len(hand) > cfg.hand_size:
            out.append(f"seat {seat} holds {len(hand)} tiles off its turn, the limit is {cfg.hand_size}")
    # bolts [HA-S-5, HA-B-1, HA-D-14]: the supply, waiting to go on, or on a seam of the slab
    if s.supply < 0 or any(p < 0 for p in s.pending):
        out.append(f"bolts negative: supply {s.supply}, waiting {list(s.pending)}")
    bolts = s.supply + sum(s.pending) + sum(map(len, s.bolts))
    if bolts != cfg.bolts:
        out.append(f"bolts: {bolts} counted (supply {s.supply}, waiting {sum(s.pending)}, "
                   f"on slabs {sum(map(len, s.bolts))}), {cfg.bolts} in the game")
    for seat, seams in enumerate(s.bolts):
        off = [seam for seam in seams if seam[0] not in s.slabs[seat] or seam[1] not in s.slabs[seat]]
        if off:
            out.append(f"seat {seat}: {len(off)} bolts on seams without two tiles, e.g. {off[0]}")
        elif seams and not set(seams) <= set(loose_seams(s.slabs[seat])):
            out.append(f"seat {seat}: a bolt on a seam that is not loose [HA-B-1]")
    # tiles touch only where their contacts match [HA-P-2]
    for seat, slab in enumerate(s.slabs):
        for (r, c), (_, _, mask) in slab.items():
            for dr, dc, bit, facing in DIRS:
                other = slab.get((r + dr, c + dc))
                if other is not None and bool(mask & bit) != bool(other[2] & facing):
                    out.append(f"seat {seat}: the tiles at {(r, c)} and {(r + dr, c + dc)} meet with "
                               "contacts that do not match")
    # Awards [HA-S-1]: the deck or revealed; none in the simplified games
    awards = list(s.awards_deck) + list(s.awards)
    expected = len(cfg.award_ids) if cfg.variant == "standard" else 0
    if sorted(awards) != list(range(expected)):
        out.append(f"Awards: {len(awards)} counted ({len(set(awards))} distinct), {expected} in the game")
    if s.dig is not None and not set(s.dig[1]) <= set(s.buffet[s.dig[0]]):
        out.append(f"the dug pile {s.dig[0]} does not hold the tiles being dug")
    if len(s.buffet) != (cfg.piles if cfg.variant != "ages_4_5" else 0):
        out.append(f"buffet: {len(s.buffet)} piles")
    if s.turn_no > cfg.max_turns + 1:
        out.append(f"turn {s.turn_no}, past the safety stop {cfg.max_turns}")
    return out
