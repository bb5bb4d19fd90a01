"""The legal moves are listed quickly but never differently (issue #27): the recruits match a
straightforward listing from the rules on random positions, in the same order, and random games
from fixed seeds list exactly the moves they listed before the speed work (a pinned digest)."""
from collections import Counter
from itertools import combinations, product

import cardboard
from cardboard.engine import Rng
from cardboard.games.abyss.content import RACES
from cardboard.games.abyss.phases import TURN

from ..listing import listing_digest


def _parts(values):
    """Every non-empty sub-multiset of one race's values, in the listing's order: values from the
    highest down, each taken 0..count times."""
    parts = [()]
    for v, c in sorted(Counter(values).items(), reverse=True):
        parts = [p + (v,) * k for p in parts for k in range(c + 1)]
    return [p for p in parts if p]


def reference_recruits(s):
    """Every recruit move of the player on turn, from the rules alone: for each Court Lord in
    order, each set of exactly `races` races in hand [AY-R-2] with the required one [AY-R-3] (any,
    with the Diplomat [AY-P-24]), each choice of Allies of those races, pearls only for missing
    points [AY-R-5], no spare Ally [AY-D-3], then each Ally that may be affiliated [AY-R-7]."""
    cfg = s.cfg
    me = s.player
    by_race = [sorted((cfg.card_value[c] for c in s.hands[me] if cfg.card_race[c] == r), reverse=True)
               for r in range(len(RACES))]
    present = [r for r in range(len(RACES)) if by_race[r]]
    any_races = bool(s._active(me, "any_races"))
    choose = bool(s._active(me, "choose_affiliate"))
    out = []
    for lord in s.court:
        cost = s.cost_for(me, lord)
        pearls = s.pearls[me]
        required = cfg.req_race[lord]
        for races in combinations(present, cfg.n_races[lord]):
            if required >= 0 and not any_races and required not in races:
                continue
            for choice in product(*(_parts(by_race[r]) for r in races)):
                total = sum(sum(p) for p in choice)
                extra = max(0, cost - total)
                if extra > pearls:
                    continue
                if any(len(p) > 1 and total - min(p) >= cost for p in choice):
                    continue  # an Ally could leave and the cost still be met
                pay = tuple((r, v) for r, p in zip(races, choice) for v in p)
                kinds = sorted(set(pay))
                if not choose:
                    low = min(v for _, v in pay)
                    kinds = [k for k in kinds if k[1] == low]
                for r, v in kinds:
                    out.append((cfg.lords[lord].id, tuple((RACES[x], y) for x, y in pay), extra, (RACES[r], v)))
    return out


def _listed_recruits(s):
    legal = s.legal_actions()
    at = [i for i, a in enumerate(legal) if a.kind == "recruit"]
    assert at == list(range(at[0], at[0] + len(at))) if at else True  # one block, in place
    return [(a["lord"], a["pay"], a["pearls"], a["affiliate"]) for a in legal if a.kind == "recruit"]


def _compare_on_random_games(games, options=None):
    positions = with_recruits = 0
    for players, seeds in games:
        for seed in seeds:
            game = cardboard.load_game("abyss", players=players, seed=1000 + seed, options=options)
            s = game.new_initial_state()
            rng = Rng(seed)
            while not s.is_terminal():
                if s.phase == TURN and not s.acted:
                    want = reference_recruits(s)
                    assert _listed_recruits(s) == want, (players, seed, len(s.history))
                    assert _listed_recruits(s.clone()) == want
                    for v in s.by_race(s.player):
                        assert list(v) == sorted(v, reverse=True)
                    positions += 1
                    with_recruits += bool(want)
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    return positions, with_recruits


def test_recruits_match_a_reference_listing_on_random_positions():
    """Every turn position of random 2-, 3- and 4-player games (about 2,000 of them, 700 with a recruit; with Lords of
    every power in play: the Diplomat, the Master of Magic, the cost changers) lists the recruits
    the rules give, in the reference's order; positions are listed both fresh and again from a
    clone, so the caches' hits are checked as well as their misses."""
    positions, with_recruits = _compare_on_random_games(((2, range(12)), (3, range(6)), (4, range(8))))
    assert positions > 2000 and with_recruits > 300


def test_recruits_match_the_reference_with_values_listed_lowest_first(tmp_path):
    """A content file may list an Ally race's values in any order: a hand's values by race
    (`by_race`) are still highest first, and the recruits are listed as the reference lists them."""
    from cardboard.games.abyss.content import DEFAULT_CONTENT

    text = DEFAULT_CONTENT.read_text()
    printed = "ally_values = [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1]"
    assert printed in text
    path = tmp_path / "ascending.toml"
    path.write_text(text.replace(printed, "ally_values = [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]"))
    game = cardboard.load_game("abyss", players=2, seed=1, options={"content": str(path)})
    assert not game.cfg.values_descending
    positions, with_recruits = _compare_on_random_games(((2, range(3)),), {"content": str(path)})
    assert positions > 150 and with_recruits > 30


def test_random_games_list_the_same_moves_as_before():
    """Uniform random games from fixed seeds: every legal list of every position, in order, and the
    final scores hash to the digest of the listing before issue #27 (commit edf06c8). A rule
    change that alters the moves on purpose updates these digests; a speed change never may."""
    assert listing_digest("abyss", 2, 12, 1) == "db8c1a5c4495"
    assert listing_digest("abyss", 4, 6, 2) == "85d95c524abe"
