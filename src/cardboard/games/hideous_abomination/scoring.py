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
