"""Paying for a Lord ([AY-R-*]): every legal way to pay, as (race, value) multisets.

Allies of one race and value are interchangeable, so a payment names values, not cards:
far fewer moves, and the same move whichever copy a player holds.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, product


@lru_cache(maxsize=4096)
def race_parts(values: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every non-empty sub-multiset of one race's values in hand (values descending), with its sum."""
    parts: list[tuple[int, ...]] = [()]
    for v, c in sorted(Counter(values).items(), reverse=True):
        parts = [p + (v,) * k for p in parts for k in range(c + 1)]
    return [(p, sum(p)) for p in parts if p]


@lru_cache(maxsize=65536)  # pure: hands recur across a game and across search playouts
def payments(by_race: tuple[tuple[int, ...], ...], n_races: int, required: int, cost: int,
             pearls: int, any_races: bool) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every legal payment: ((race, value) pairs, pearls added).

    [AY-R-2] exactly `n_races` different races, [AY-R-3] the required race among them (unless
    any_races [AY-P-24]; required -1 = all races), [AY-R-5] pearls only for missing points,
    [AY-D-3] and no superfluous Ally (one that could leave and the payment still stand).
    """
    present = [r for r, vals in enumerate(by_race) if vals]
    if len(present) < n_races or sum(map(sum, by_race)) + pearls < cost:
        return ()
    must = None if any_races or required < 0 else required
    if must is not None and must not in present:
        return ()
    # A race's part of two or more Allies whose smallest could leave (the rest still paying,
    # the other races giving at least 1 each) is spare in every payment: drop it before
    # combining races, or a big hand makes the product explode.
    floor = cost - (n_races - 1)
    parts = {r: [(p, s) for p, s in race_parts(by_race[r]) if len(p) == 1 or s - p[-1] < floor]
             for r in present}
    out = []
    for races in combinations(present, n_races):
        if must is not None and must not in races:
            continue
        for choice in product(*(parts[r] for r in races)):
            total = sum(s for _, s in choice)
            need = cost - total
            if need > pearls:
                continue
            over = -need
            if over > 0 and any(len(p) > 1 and p[-1] <= over for p, _ in choice):
                continue  # [AY-D-3] a spare Ally: the payment stands without it
            pay = tuple((r, v) for r, (p, _) in zip(races, choice) for v in p)
            out.append((pay, max(0, need)))
    return tuple(out)


def affiliations(pay: tuple[tuple[int, int], ...], choose_any: bool) -> list[tuple[int, int]]:
    """[AY-R-7] the lowest Ally is affiliated, the player choosing among ties of different races;
    with the Master of Magic [AY-P-20] any Ally spent."""
    kinds = sorted(set(pay))
    if choose_any:
        return kinds
    low = min(v for _, v in pay)
    return [k for k in kinds if k[1] == low]
