"""Helpers for games' invariants (`State._invariants`), which the fuzzer and tests check after
every move: never the hot path."""
from __future__ import annotations

from collections import Counter


def each_in_one_place(what: str, total: int, places: dict, exact: bool = True) -> list[str]:
    """The problems, in words with their numbers, if the `total` components numbered 0..total-1
    are not each in exactly one of `places` (name -> the numbers there); with `exact` False, at
    most one (components may have left the game)."""
    out = []
    counted = Counter(x for items in places.values() for x in items)
    n = sum(counted.values())
    if (n != total) if exact else (n > total):
        sizes = ", ".join(f"{k} {len(v)}" for k, v in places.items() if len(v))
        out.append(f"{what}: {n} counted ({sizes}), {total} in the game")
    twice = sorted(x for x, k in counted.items() if k > 1)
    if twice:
        out.append(f"{what}: {len(twice)} in two places (#{twice[0]})")
    unknown = sorted(x for x in counted if not 0 <= x < total)
    if unknown:
        out.append(f"{what}: unknown components {unknown[:3]}")
    return out
