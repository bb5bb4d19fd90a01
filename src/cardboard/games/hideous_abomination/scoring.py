"""Scoring: consistency, Grand Prizes and Awards ([HA-SC-*]). Every measure counts all the
tiles on the owner's slab: the torso and tiles cut off by thievery included [HA-E-3]."""
from __future__ import annotations

from collections import Counter

from . import slab as S


def consistency(cfg, slab: dict) -> tuple[int, str | None]:
    """[HA-SC-1..4] tiles of the dominant colour (torso included) + 1 per wild; at least 1."""
    colours = Counter(cfg.colour[t] for t, _, _ in slab.values() if not cfg.wild[t])
    wilds = sum(1 for t, _, _ in slab.values() if cfg.wild[t])
    dominant, count = max(sorted(colours.items()), key=lambda kv: kv[1]) if colours else (None, 0)
    return max(1, count + wilds), dominant


def measure(state, seat: int, card) -> int:
    cfg = state.cfg
    slab = state.slabs[seat]
    tiles = [t for t, _, _ in slab.values()]
    m = card.measure
    if m == "done":
        return 1 if state.done_by == seat else 0
    if m == "colours":  # [HA-SC-6] each wild tile a unique colour
        return len({cfg.colour[t] for t in tiles if not cfg.wild[t]}) + sum(cfg.wild[t] for t in tiles)
    if m == "tiles":
        return len(tiles)
    if m == "attribute":
        return sum(cfg.attrs[t].get(card.param, 0) for t in tiles)
    if m == "type":
        return sum(1 for t in tiles if cfg.type[t] == card.param)
    if m == "types":
        return sum(1 for t in tiles if cfg.type[t] in card.param)
    if m == "max_type":
        counts = Counter(cfg.type[t] for t in tiles if not cfg.torso[t])
        return max(counts.values(), default=0)
    if m == "open_loose_ends":
        return S.open_loose_ends(slab)
    if m == "long_limb":
        return S.largest_limb(slab)
    if m == "towering":
        return max(S.bounding_box(slab))
    if m == "bolts":
        return len(state.bolts[seat])
    raise ValueError(f"unknown measure {m!r}")


def card_winners(state, card) -> list[int]:
    """Who wins a card: ties all take the full points [HA-SC-8]; a "most" card needs at
    least 1 [HA-D-13]; Done! only after a completion [HA-SC-5]."""
    values = [measure(state, seat, card) for seat in range(state.cfg.players)]
    if card.goal == "fewest":
        best = min(values)
        return [s for s, v in enumerate(values) if v == best]
    best = max(values)
    return [s for s, v in enumerate(values) if v == best] if best >= 1 else []


def final_scores(state) -> list[dict]:
    cfg = state.cfg
    n = cfg.players
    if cfg.variant != "standard":  # [HA-V-1] [HA-V-2] the first to complete wins; no score
        return [{"consistency": 0, "dominant": None, "cards": [], "prizes": 0,
                 "total": 1 if state.done_by == s else 0} for s in range(n)]
    out = []
    for s in range(n):
        value, dominant = consistency(cfg, state.slabs[s])
        out.append({"consistency": value, "dominant": dominant, "cards": [], "prizes": 0, "total": value})
    cards = list(cfg.comps.grand_prizes) + [cfg.comps.awards[i] for i in state.awards]
    for card in cards:  # [HA-SC-5] Done! first, then the rest in turn [HA-SC-7]
        for s in card_winners(state, card):
            out[s]["cards"].append(card.id)
            out[s]["prizes"] += card.vp
            out[s]["total"] += card.vp
    return out


# ---------------------------------------------------------------- totals alone
# A search scores every playout it ends (and every one it cuts short): `totals` gives what
# `final_scores` gives, the totals and how many cards each seat won (the tie-break), from
# one count of each abomination (a Tally, kept with the slab's Geo) instead of a pass over its
# tiles for every card. tests/games/hideous_abomination/test_speed.py checks the two agree.

class Tally:
    """One abomination counted once for the score cards: every tile, the torso included."""

    __slots__ = ("colours", "wilds", "types", "attrs", "n", "box", "limb")


def tally(cfg, geo) -> Tally:
    got = geo.tally
    if got is None:
        colour, wild, typ, attrs = cfg.colour, cfg.wild, cfg.type, cfg.attrs
        colours: dict = {}
        types: dict = {}
        sums: Counter = Counter()
        wilds = 0
        r0 = c0 = r1 = c1 = None
        for (r, c), (t, _, _) in geo.slab.items():
            if r0 is None:
                r0 = r1 = r
                c0 = c1 = c
            else:
                r0, r1 = min(r0, r), max(r1, r)
                c0, c1 = min(c0, c), max(c1, c)
            if wild[t]:
                wilds += 1
            else:
                colours[colour[t]] = colours.get(colour[t], 0) + 1
            types[typ[t]] = types.get(typ[t], 0) + 1
            for a, k in attrs[t].items():
                sums[a] += k
        got = geo.tally = Tally()
        got.colours, got.wilds, got.types, got.attrs = colours, wilds, types, sums
        got.n = len(geo.slab)
        got.box = (r0, r1, c0, c1)
        got.limb = None
    return got


def _measure(state, seat: int, card, t: Tally, geo) -> int:
    """`measure`, read from the abomination's Tally."""
    m = card.measure
    if m == "done":
        return 1 if state.done_by == seat else 0
    if m == "colours":
        return len(t.colours) + t.wilds
    if m == "tiles":
        return t.n
    if m == "attribute":
        return t.attrs.get(card.param, 0)
    if m == "type":
        return t.types.get(card.param, 0)
    if m == "types":
        return sum(v for k, v in t.types.items() if k in card.param)
    if m == "max_type":
        return max((v for k, v in t.types.items() if k != "torso"), default=0)
    if m == "open_loose_ends":
        return geo.L
    if m == "long_limb":
        if t.limb is None:
            t.limb = S.largest_limb(geo.slab)
        return t.limb
    if m == "towering":
        r0, r1, c0, c1 = t.box
        return max(r1 - r0, c1 - c0) + 1
    if m == "bolts":
        return len(state.bolts[seat])
    raise ValueError(f"unknown measure {m!r}")


def totals(state) -> tuple[list[int], list[int]]:
    """Each seat's total and the number of cards it won, as `final_scores` counts them."""
    cfg = state.cfg
    n = cfg.players
    if cfg.variant != "standard":
        return [1 if state.done_by == s else 0 for s in range(n)], [0] * n
    geos = [state._geo(s) for s in range(n)]
    tallies = [tally(cfg, g) for g in geos]
    out = [max(1, max(t.colours.values(), default=0) + t.wilds) for t in tallies]
    won = [0] * n
    comps = cfg.comps
    for card in list(comps.grand_prizes) + [comps.awards[i] for i in state.awards]:
        values = [_measure(state, s, card, tallies[s], geos[s]) for s in range(n)]
        if card.goal == "fewest":
            best = min(values)
        else:
            best = max(values)
            if best < 1:
                continue
        vp = card.vp
        for s in range(n):
            if values[s] == best:
                out[s] += vp
                won[s] += 1
    return out, won
