"""Paying for a Lord ([AY-R-*]): every legal way to pay, as (race, value) multisets.

Allies of one race and value are interchangeable, so a payment names values, not cards:
far fewer moves, and the same move whichever copy a player holds.

`payments` lists them all (the legal moves); `sample_payment` draws one without listing them
(a rollout's move). Both read the same race sets, parts and test (`_pearls_needed`), so a drawn
payment is always one of the listed ones.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, product
from math import prod

from .content import RACES


@lru_cache(maxsize=4096)
def race_parts(values: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every non-empty sub-multiset of one race's values in hand (values descending), with its sum."""
    parts: list[tuple[int, ...]] = [()]
    for v, c in sorted(Counter(values).items(), reverse=True):
        parts = [p + (v,) * k for p in parts for k in range(c + 1)]
    return [(p, sum(p)) for p in parts if p]


@lru_cache(maxsize=16384)
def _useful_parts(values: tuple[int, ...], floor: int) -> tuple[tuple, ...]:
    """The parts of one race that can be in a payment, each as (values, sum, the Allies as a move
    names them, by race). A part of two or more Allies whose smallest could leave with the rest
    still reaching `floor` (the cost less 1 for each other race) is spare in every payment
    [AY-D-3]: dropping it before combining races keeps a big hand from making the product explode."""
    return tuple((p, s, PART_NAMES[p]) for p, s in race_parts(values) if len(p) == 1 or s - p[-1] < floor)


def _race_sets(by_race, n_races: int, required: int, cost: int, pearls: int, any_races: bool,
               present=None, totals=None) -> list:
    """(races, their useful parts) for every set of `n_races` races in hand that can pay:
    [AY-R-2] exactly that many races, [AY-R-3] the required one among them (unless any_races
    [AY-P-24]; required -1: none, the Lord takes every race). A set whose Allies all together,
    with the pearls, fall short of the cost has no payment; any other has one (add its Allies
    until the cost is covered, then drop the spare ones), so the sets kept are never empty.
    `present` (the races in hand) and `totals` (each race's sum) may be given: a rollout has
    them from the hand's cache."""
    if present is None:
        present = [r for r, vals in enumerate(by_race) if vals]
    if len(present) < n_races:
        return []
    must = None if any_races or required < 0 else required
    if must is not None and must not in present:
        return []
    if totals is None:
        totals = [sum(values) for values in by_race]
    if n_races == 1:  # the commonest Lord: one race, no combinations to walk
        if must is not None:
            return [((must,), [_useful_parts(by_race[must], cost)])] if totals[must] + pearls >= cost else []
        return [((r,), [_useful_parts(by_race[r], cost)]) for r in present if totals[r] + pearls >= cost]
    floor = cost - (n_races - 1)
    useful = {}  # each race's useful parts, looked up once for all the sets it is in
    out = []
    for races in combinations(present, n_races):
        if must is not None and must not in races:
            continue
        if sum([totals[r] for r in races]) + pearls < cost:
            continue
        parts = []
        for r in races:
            got = useful.get(r)
            if got is None:
                got = useful[r] = _useful_parts(by_race[r], floor)
            parts.append(got)
        out.append((races, parts))
    return out


def _pearls_needed(choice, cost: int, pearls: int) -> int:
    """The pearls a choice of parts (one per race) must add, or -1 if it is no payment: [AY-R-5]
    pearls only for missing points and no more than the player has, [AY-D-3] no spare Ally
    (one whose leaving, its race still paid, leaves the cost reached)."""
    need = cost
    for part in choice:  # a loop, not sum(): a rollout tests a few of these at every recruit
        need -= part[1]
    if need > pearls:
        return -1
    if need < 0:
        for part in choice:
            p = part[0]
            if len(p) > 1 and p[-1] <= -need:
                return -1
        return 0
    return need


def _named(races, choice) -> tuple[tuple[int, int], ...]:
    return tuple([(r, v) for r, part in zip(races, choice) for v in part[0]])


NO_SPARE = 1 << 30  # a part of one Ally: nothing in it can be spare


def _payment_parts(by_race: tuple[tuple[int, ...], ...], n_races: int, required: int, cost: int,
                   pearls: int, any_races: bool):
    """Every legal payment as (races, the part of each race paid, pearls added): what `payments`
    and `recruit_args` both read, so that a listing names each payment's Allies from its parts
    without taking the payment apart again.

    The combinations of parts are walked in `product`'s order, with `_pearls_needed`'s test
    written out; for up to three races as nested loops that skip a part whose best completion,
    pearls added, falls short of the cost (the same payments in the same order).
    """
    for races, parts in _race_sets(by_race, n_races, required, cost, pearls, any_races):
        if len(races) == 1:
            for part in parts[0]:
                need = cost - part[1]
                if need > pearls:
                    continue
                if need < 0:
                    p = part[0]
                    if len(p) > 1 and p[-1] <= -need:
                        continue
                    need = 0
                yield races, (part,), need
        elif len(races) == 2:
            first, second = parts
            best = max([part[1] for part in second])
            for part1 in first:
                p1, s1, _ = part1
                if s1 + best + pearls < cost:
                    continue
                spare1 = len(p1) > 1
                low1 = p1[-1]
                for part2 in second:
                    need = cost - s1 - part2[1]
                    if need > pearls:
                        continue
                    if need < 0:
                        p2 = part2[0]
                        if (spare1 and low1 <= -need) or (len(p2) > 1 and p2[-1] <= -need):
                            continue
                        need = 0
                    yield races, (part1, part2), need
        elif len(races) == 3:  # the commonest Lord (13 of the 35): three nested loops, pruned alike
            first, second, third = parts
            best3 = max([part[1] for part in third])
            best23 = max([part[1] for part in second]) + best3
            for part1 in first:
                p1, s1, _ = part1
                if s1 + best23 + pearls < cost:
                    continue
                # the lowest Ally of a part of two or more: spare if the overpayment reaches it
                low1 = p1[-1] if len(p1) > 1 else NO_SPARE
                for part2 in second:
                    p2, s2, _ = part2
                    if s1 + s2 + best3 + pearls < cost:
                        continue
                    low12 = p2[-1] if len(p2) > 1 and p2[-1] < low1 else low1
                    for part3 in third:
                        need = cost - s1 - s2 - part3[1]
                        if need > pearls:
                            continue
                        if need < 0:
                            p3 = part3[0]
                            if low12 <= -need or (len(p3) > 1 and p3[-1] <= -need):
                                continue
                            need = 0
                        yield races, (part1, part2, part3), need
        else:
            for choice in product(*parts):
                extra = _pearls_needed(choice, cost, pearls)
                if extra >= 0:
                    yield races, choice, extra


def payments(by_race: tuple[tuple[int, ...], ...], n_races: int, required: int, cost: int,
             pearls: int, any_races: bool) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every legal payment: ((race, value) pairs, pearls added).

    [AY-R-2] exactly `n_races` different races, [AY-R-3] the required race among them (unless
    any_races [AY-P-24]; required -1 = all races), [AY-R-5] pearls only for missing points,
    [AY-D-3] and no superfluous Ally (one that could leave and the payment still stand).
    Not cached: a hand seldom recurs (in random games 20 lookups of 44,000 hit).
    """
    return tuple([(_named(races, choice), need)
                  for races, choice, need in _payment_parts(by_race, n_races, required, cost, pearls, any_races)])


# Rejected draws before sample_payment lists the payments instead: at least DRAWS, and more for
# a big hand. Listing walks every combination of parts, and a draw costs about two of those
# steps, so while the draws stay under half the combinations they cost less than the list.
DRAWS = 24
DRAWS_PER_COMBINATION = 0.5


def sample_payment(by_race: tuple[tuple[int, ...], ...], n_races: int, required: int, cost: int,
                   pearls: int, any_races: bool, rng, present=None,
                   totals=None) -> tuple[tuple[tuple[int, int], ...], int] | None:
    """One of `payments(...)` drawn at random, each equally likely, without listing them; None
    when there is none. A rollout meets a new hand at nearly every recruit, so listing every
    payment of the Lord it draws (and building their moves) was its main cost: instead it draws
    a race set and a part of each race, and keeps the first draw that pays (one in two or three
    in random games); after many misses (see DRAWS) it lists them after all. Either way each
    payment is equally likely. `present` and `totals`: as `_race_sets` takes them."""
    sets = _race_sets(by_race, n_races, required, cost, pearls, any_races, present, totals)
    if not sets:
        return None
    if n_races == 1 and len(sets) == 1:  # one race: a draw is a part
        (races, (options,)), = sets
        r = races[0]
        size = len(options)
        for _ in range(max(DRAWS, int(size * DRAWS_PER_COMBINATION))):
            p, s, _ = options[rng.below(size)]
            need = cost - s
            if need > pearls:
                continue
            if need < 0:
                if len(p) > 1 and p[-1] <= -need:
                    continue
                need = 0
            return tuple([(r, v) for v in p]), need
        listed = payments(by_race, n_races, required, cost, pearls, any_races)
        return listed[rng.below(len(listed))]
    sizes = [prod(map(len, parts)) for _, parts in sets]
    total = sum(sizes)
    for _ in range(max(DRAWS, int(total * DRAWS_PER_COMBINATION))):
        k = rng.below(total)  # one draw picks the race set and a part of each race
        for (races, parts), size in zip(sets, sizes):
            if k < size:
                break
            k -= size
        choice = []
        for options in parts:
            k, i = divmod(k, len(options))
            choice.append(options[i])
        extra = _pearls_needed(choice, cost, pearls)
        if extra >= 0:
            return _named(races, choice), extra
    listed = payments(by_race, n_races, required, cost, pearls, any_races)
    return listed[rng.below(len(listed))]


class _Named(dict):
    """(race index, value) -> (race name, value), as a move names an Ally: one pair object per
    kind, made on first use."""

    def __missing__(self, kind: tuple[int, int]) -> tuple[str, int]:
        got = self[kind] = (RACES[kind[0]], kind[1])
        return got


NAMED = _Named()


def named(pay: tuple[tuple[int, int], ...]) -> tuple[tuple[str, int], ...]:
    """`pay` with race names, as a move carries it."""
    return tuple(map(NAMED.__getitem__, pay))


class _PartNames(dict):
    """values -> the part's Allies as a move names them, for each race (a tuple by race index):
    made on first use (the parts are few: sub-multisets of a race's values)."""

    def __missing__(self, values: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
        got = self[values] = tuple(tuple([NAMED[race, v] for v in values]) for race in range(len(RACES)))
        return got


PART_NAMES = _PartNames()


class _Affiliate(dict):
    """(race index, value) -> a recruit's ("affiliate", named Ally) argument, one per kind."""

    def __missing__(self, kind: tuple[int, int]) -> tuple[str, tuple[str, int]]:
        got = self[kind] = ("affiliate", NAMED[kind])
        return got


AFFILIATE = _Affiliate()


def recruit_args(lord: str, by_race: tuple[tuple[int, ...], ...], n_races: int, required: int, cost: int,
                 pearls: int, any_races: bool, choose: bool) -> list[tuple]:
    """The arguments of every recruit move of the Lord with id `lord` paying `cost` from this
    hand, in the listing's order (each payment, then each Ally it may affiliate, as
    `affiliations` orders them). Not cached: a hand seldom recurs (1,252 lookups of 45,450 hit in
    random games); the names of a race's part are made once (PART_NAMES). A part's values come
    highest first, so its last is its lowest: [AY-R-7]'s lowest Allies are read off the parts,
    race by race."""
    out = []
    append = out.append
    head = ("lord", lord)
    for races, choice, extra in _payment_parts(by_race, n_races, required, cost, pearls, any_races):
        extra = PEARLS[extra] if extra < len(PEARLS) else ("pearls", extra)
        if len(races) == 1:
            part, _, names = choice[0]
            names = names[races[0]]
            if len(part) == 1 or not choose:  # one race: its lowest Ally is the one kind to affiliate
                append((head, ("pay", names), extra, AFFILIATE[races[0], part[-1]]))
                continue
            pay = ("pay", names)
        else:
            names = ()
            low = NO_SPARE
            for race, (part, _, named_part) in zip(races, choice):
                names += named_part[race]
                if part[-1] < low:
                    low = part[-1]
            pay = ("pay", names)
            if not choose:
                for race, part in zip(races, choice):
                    if part[0][-1] == low:
                        append((head, pay, extra, AFFILIATE[race, low]))
                continue
        for kind in affiliations(_named(races, choice), True):
            append((head, pay, extra, AFFILIATE[kind]))
    return out


PEARLS = tuple(("pearls", n) for n in range(16))  # a recruit's pearls argument, one pair per number


def affiliations(pay: tuple[tuple[int, int], ...], choose_any: bool) -> list[tuple[int, int]]:
    """[AY-R-7] the lowest Ally is affiliated, the player choosing among ties of different races;
    with the Master of Magic [AY-P-20] any Ally spent."""
    kinds = sorted(set(pay))
    if choose_any:
        return kinds
    low = min([v for _, v in pay])
    return [k for k in kinds if k[1] == low]
