"""Influence Points ([AY-E-4]): Locations + Lords + the strongest affiliated Ally of each race
+ Monster tokens. Before the end the same count is a provisional score (hands not yet affiliated)."""
from __future__ import annotations

from .content import GUILDS, RACES


def count(state, seat: int, what: str) -> int:
    """What a Location formula counts for `seat` (content.py COUNTS)."""
    cfg = state.cfg
    lords = state.lords_owned(seat)
    allies = state.affiliated[seat]
    if what == "lords":
        return len(lords)
    if what == "guilds":  # [AY-L-8] the Ambassadors are a guild, as the rulebook's example counts
        return len({cfg.guild[x] for x in lords})
    if what == "affiliated":
        return len(allies)
    if what == "weakest_lord":
        return min((cfg.ip[x] for x in lords), default=0)
    if what == "strongest_lord":
        return max((cfg.ip[x] for x in lords), default=0)
    if what in ("lords_with_keys", "lords_without_keys"):
        keyed = sum(1 for x in lords if printed_keys(cfg, x))  # [AY-D-11]
        return keyed if what == "lords_with_keys" else len(lords) - keyed
    if what == "lowest_affiliated_sum":
        low: dict[int, int] = {}
        for c in allies:
            r, v = cfg.card_race[c], cfg.card_value[c]
            low[r] = min(v, low.get(r, v))
        return sum(low.values())
    kind, _, name = what.partition(":")
    if kind == "guild":
        return sum(1 for x in lords if cfg.guild[x] == name)
    if kind == "affiliated":
        r = RACES.index(name)
        return sum(1 for c in allies if cfg.card_race[c] == r)
    raise ValueError(f"unknown count {what!r}")


def printed_keys(cfg, lord: int) -> bool:
    """[AY-D-11] a Lord printed with keys: its own, or an Ambassador's three (option
    `ambassador_keys`: "none" prints them without)."""
    return cfg.tower_keyed[lord]


def location_value(state, seat: int, loc: int, mirror: bool = True) -> int:
    """[AY-L-7] a Location's Influence for `seat`."""
    cfg = state.cfg
    spec = cfg.locations[loc]
    if spec.special == "smokers":
        return 0
    if spec.special == "mirror":  # [AY-L-9] the best opponent Location, counted on your cards
        if not mirror:
            return 0
        best = 0
        for other in range(cfg.players):
            if other != seat:
                for theirs, _ in state.locations[other]:
                    if cfg.locations[theirs].special is None:
                        best = max(best, location_value(state, seat, theirs, mirror=False))
        return best
    return spec.base + spec.per * count(state, seat, spec.count)


def best_allies(cfg, allies) -> dict[int, int]:
    """[AY-E-4] the strongest affiliated Ally of each race: {race: value}."""
    best: dict[int, int] = {}
    for c in allies:
        r = cfg.card_race[c]
        best[r] = max(best.get(r, 0), cfg.card_value[c])
    return best


def totals(state) -> list[tuple[int, int]]:
    """Each seat's (Influence, its highest single Lord's), counted as `breakdown` counts them
    but without the detail: a search scores the end of every playout."""
    cfg = state.cfg
    ip = cfg.ip
    out = []
    for seat in range(cfg.players):
        lord_ip = [ip[x] for x in state.lords_owned(seat)]
        total = sum(lord_ip) + sum(best_allies(cfg, state.affiliated[seat]).values())
        total += sum([cfg.token_values[t] for t in state.tokens[seat]])
        for loc, _ in state.locations[seat]:
            total += location_value(state, seat, loc)
        out.append((total, max(lord_ip, default=0)))
    return out


def breakdown(state) -> list[dict]:
    cfg = state.cfg
    out = []
    for seat in range(cfg.players):
        locs = [{"location": cfg.locations[loc].id, "points": location_value(state, seat, loc)}
                for loc, _ in state.locations[seat]]
        lords = state.lords_owned(seat)
        best = best_allies(cfg, state.affiliated[seat])
        doc = {
            "seat": seat,
            "locations": sum(x["points"] for x in locs),
            "location_detail": locs,
            "lords": sum(cfg.ip[x] for x in lords),
            "allies": sum(best.values()),
            "ally_detail": {RACES[r]: v for r, v in sorted(best.items())},
            "tokens": sum(cfg.token_values[t] for t in state.tokens[seat]),
            "best_lord": max((cfg.ip[x] for x in lords), default=0),
            "guilds": sorted({cfg.guild[x] for x in lords}, key=GUILDS.index),
        }
        doc["total"] = doc["locations"] + doc["lords"] + doc["allies"] + doc["tokens"]
        out.append(doc)
    return out
