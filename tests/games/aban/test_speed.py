"""The fast paths of the rules (issue #27) against plain reference versions written from the
rulebook's words: the legal moves, listed in the same order; a rollout's sampled move, the same
draw as listing one die's uses and picking among them; the squares kept on the state for speed
(each sheet's empty squares, and its squares with tokens) always what the garden shows; the
scores' totals counted without the breakdown; and the moves shared between games (square moves
are made once per process) labelled with each game's own plants."""
from __future__ import annotations

import pytest

import cardboard
from cardboard.engine import Rng
from cardboard.games.aban import garden as G

from .helpers import make

SETUPS = [
    (1, {}),
    (2, {}),
    (2, {"token_side": "rocky"}),
    (3, {"expansion": True, "super_plants": ["don_maceta", "rabamimo"]}),
    (4, {"token_side": "rocky", "expansion": True, "super_plants": ["colemo", "machonero"]}),
    (5, {"expansion": True}),
]


def reference_uses(s, die) -> list[tuple]:
    """Every use of one die, as the rules list them ([AB-P-2], [AB-P-4], [AB-P-7], [AB-T-1],
    [AB-T-3], [AB-X-7], [AB-X-8]), as (kind, args) keys, from the state's public fields only."""
    cfg, me = s.cfg, s.seat
    garden = s.gardens[me]
    squares = [i for i, v in enumerate(garden) if v != G.NO_POT]
    empty = [i for i in squares if garden[i] == G.EMPTY]
    fert = s.fert[me] > 0
    out = []
    if die >= 2 and die in cfg.boards:
        out += [("plant", (("die", die), ("at", G.rc(i)))) for i in empty]
        if fert and "rabamimo" in cfg.supers:
            out += [("radish", (("die", die), ("at", G.rc(i)))) for i in empty]
        if fert and "don_maceta" in cfg.supers:
            sites = sorted({j for i in squares for j in G.NEIGHBOURS4[i]
                            if garden[j] == G.NO_POT and j in G.POT_ZONE})
            out += [("pot", (("die", die), ("at", G.rc(i)))) for i in sites]
    if die == 1 and not cfg.solo and s.tokens[me] > 0:
        for seat in range(cfg.players):
            if seat == me:
                continue
            target = s.gardens[seat]
            for i, v in enumerate(target):
                if v == G.EMPTY or (cfg.token_side == "rocky" and v != G.NO_POT):
                    out.append((cfg.token_side, (("die", 1), ("seat", seat), ("at", G.rc(i)))))
    if s.shovels[me] > 0 and len(s.shovel_marks[me]) < cfg.content.setup.shovel_spaces:
        out += [("shovel", (("die", die), ("at", G.rc(i)))) for i in squares
                if garden[i] == G.ESPINO or garden[i] >= G.ROCKY]
    return out


def reference_legal(s) -> list[tuple]:
    cfg = s.cfg
    if s.is_terminal():
        return []
    if s.phase == "food":
        return [("food", (("number", f),)) for f in cfg.food_faces if f not in s.food]
    out, idle = [], []
    for die in sorted(set(s.dice)):
        uses = reference_uses(s, die)
        out += uses
        if not uses:
            idle.append(die)
    if not cfg.solo or not out:
        out += [("pass", (("die", d),)) for d in idle]
    fert = s.fert[s.seat] > 0
    if fert and "colemo" in cfg.supers and not s.used & 1:
        out += [("colemo", (("die", d), ("change", c))) for d in sorted(set(s.dice))
                for c in cfg.colemo_deltas if 1 <= d + c <= 6]
    if fert and "machonero" in cfg.supers:
        from itertools import combinations
        subsets = {c for k in (1, 2, 3) for c in combinations(s.dice, k)}
        out += [("machonero", (("dice", c),)) for c in sorted(subsets)]
    return out


def reference_sample(s, rng):
    """A rollout's draw as the rules define it: a die drawn evenly among the distinct dice left,
    then one of its uses evenly (a die of no use is taken for nothing, but in solo)."""
    cfg = s.cfg
    if s.phase != "turn" or (s.fert[s.seat] > 0 and {"colemo", "machonero"} & cfg.supers):
        legal = reference_legal(s)
        return legal[rng.below(len(legal))]
    dice = sorted(set(s.dice))
    while dice:
        die = dice.pop(rng.below(len(dice)))
        uses = reference_uses(s, die)
        if uses:
            return uses[rng.below(len(uses))]
        if not cfg.solo:
            return ("pass", (("die", die),))
    legal = reference_legal(s)
    return legal[rng.below(len(legal))]


def _games(players, options, seeds):
    for seed in seeds:
        game = cardboard.load_game("aban", players=players, seed=seed, options=options)
        yield seed, game.new_initial_state()


@pytest.mark.parametrize("players,options", SETUPS)
def test_legal_moves_match_the_reference_listing_in_order(players, options):
    for seed, s in _games(players, options, range(6)):
        rng = Rng(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert [(a.kind, a.args) for a in legal] == reference_legal(s)
            s.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("players,options", SETUPS)
def test_sampled_moves_are_the_reference_draw_and_legal(players, options):
    for seed, s in _games(players, options, range(6)):
        rng = Rng(100 + seed)
        while not s.is_terminal():
            ref_rng = Rng(rng.state)
            move = s.sample_action(rng)
            assert (move.kind, move.args) == reference_sample(s.clone(), ref_rng)
            assert rng.state == ref_rng.state  # the same random draws: the same rollouts
            assert move in s.clone().legal_actions()
            s.apply_trusted(move)


@pytest.mark.parametrize("players,options", SETUPS)
def test_the_squares_kept_on_the_state_are_the_gardens(players, options):
    for seed, s in _games(players, options, range(4)):
        rng = Rng(7 + seed)
        while True:
            for seat, garden in enumerate(s.gardens):
                assert s.empty[seat] == tuple(i for i, v in enumerate(garden) if v == G.EMPTY)
                assert s.pots[seat] == tuple(i for i, v in enumerate(garden) if v != G.NO_POT)
                assert s.tokened[seat] == tuple(i for i, v in enumerate(garden)
                                                if v == G.ESPINO or v >= G.ROCKY)
            if s.is_terminal():
                break
            s.apply_trusted(s.sample_action(rng))


def test_shared_moves_carry_each_games_plant_names():
    labels = {}
    for pid in ("apizza", "ajochechon"):
        _, s = make(2, seed=1, boards={2: pid})
        s.apply_json({"kind": "food", "number": 1})
        s.apply_json({"kind": "food", "number": 2})
        s.dice = (2, 2, 2)
        s._legal = None
        plant = next(x for x in s.legal_actions() if x.kind == "plant")
        labels[s.cfg.plant_names[2]] = plant.label()
    assert len(labels) == 2
    for name, label in labels.items():
        assert label.startswith(f"Plant {name} (die 2)")


@pytest.mark.parametrize("players,options", SETUPS + [(4, {"token_side": "rocky", "rocky_grants_placer": True})])
def test_totals_are_the_breakdowns_totals_and_outcome_the_scores_and_winners(players, options):
    for seed, s in _games(players, options, range(5)):
        rng = Rng(30 + seed)
        while True:
            assert s.totals() == [b["total"] for b in s.score_breakdown()]
            if s.is_terminal():
                break
            s.apply_trusted(s.sample_action(rng))
        assert s.outcome() == (s.scores(), s.winners())


def reference_analysis(info, garden, horizon, squares):
    """The heuristic's analysis of a garden as first written (one pass per purpose over every
    placement of every board, masks over the whole field): what `_analyse` must reproduce to
    the last bit, so that the heuristic's moves stay the same."""
    from cardboard.games.aban import heuristic as H

    masks, wild, emp, pots, empties = [0] * 7, 0, 0, 0, []
    for i in squares:
        v, bit = garden[i], 1 << i
        pots |= bit
        if v == G.EMPTY:
            empties.append(i)
            emp |= bit
        elif v <= 6:
            masks[v] |= bit
        elif v == G.RADISH:
            wild |= bit
    pos = {i: k for k, i in enumerate(empties)}
    ne, rho = len(empties), [H.RHO ** r for r in range(20)]
    gains, completes, block, block_of, held = {}, {}, [0.0] * ne, {}, {}
    for f in info.faces:
        shapes = [s for s in H._shapes_of(info.board[f]) if s[0] & pots == s[0]]
        if not shapes:
            continue
        own = masks[f] | wild
        bad = pots & ~(own | emp)
        gs = gm = bl = None
        done = 0
        for pm, cells, vp in shapes:
            if pm & bad or not pm & emp:
                continue
            e = pm & emp
            r = e.bit_count()
            if r > horizon:
                continue
            if r == 1:
                done |= e
            else:
                g = vp * rho[r - 1] if pm & own else vp * rho[r - 1] * H.START
                if gs is None:
                    gs, gm = [0.0] * ne, [0.0] * ne
                for j in cells:
                    if e >> j & 1:
                        gs[pos[j]] += g
                        gm[pos[j]] = max(gm[pos[j]], g)
            if pm & own:
                b = vp * rho[r] * H.BLOCK
                if bl is None:
                    bl = [0.0] * ne
                for j in cells:
                    if e >> j & 1:
                        bl[pos[j]] += b
                    else:
                        held[j] = held.get(j, 0.0) + b
        if gs is not None:
            gains[f] = (gs, gm)
        if done:
            completes[f] = done
        if bl is not None:
            block_of[f] = bl
            for k in range(ne):
                block[k] += bl[k]
    return {"empties": empties, "pos": pos, "masks": masks, "wild": wild, "gains": gains,
            "completes": completes, "block": block, "block_of": block_of, "held": held}


@pytest.mark.parametrize("players,options", SETUPS)
def test_the_heuristics_garden_analysis_is_the_plain_one_to_the_last_bit(players, options):
    from cardboard.games.aban import heuristic as H

    checked = 0
    for seed, s in _games(players, options, range(3)):
        rng = Rng(50 + seed)
        info = H._boards_of(s.cfg)
        while not s.is_terminal():
            for garden, squares in zip(s.gardens, s.pots):
                for horizon in (1, 2, 5):
                    H._ANALYSES.clear()
                    an = H._analyse(info, garden, horizon, squares)
                    got = {name: getattr(an, name) for name in
                           ("empties", "pos", "masks", "wild", "gains", "completes", "block", "block_of", "held")}
                    assert got == reference_analysis(info, garden, horizon, squares)
                    checked += 1
            s.apply_trusted(s.sample_action(rng))
    assert checked > 100


def test_pattern_scores_with_the_shared_packing_memo_are_the_fresh_ones():
    """A board's best packing of plants without radishes is remembered across scores (it
    depends on the set of plants alone): scores in any order equal those worked out afresh."""
    from cardboard.games.aban.scoring import BoardScorer

    game = cardboard.load_game("aban", players=2, seed=1)
    content = game.cfg.content
    sheet = [G.idx(r, c) for r in range(4) for c in range(4)]
    rng = Rng(5)
    for plant in content.plants:
        if plant.scoring != "patterns":
            continue
        shared = BoardScorer(plant, False)
        for _ in range(300):
            real = sum(1 << i for i in sheet if rng.below(2))
            fresh = BoardScorer(plant, False)._pack(real, real, {})
            assert shared.score(real) == fresh


def test_the_garden_score_cache_is_bounded(monkeypatch):
    """A search's playouts end in gardens seen once; the scorer keeps at most GARDEN_CACHE of
    them (each key is a whole 144-square garden) and still scores right after a clear."""
    from cardboard.games.aban import scoring

    monkeypatch.setattr(scoring, "GARDEN_CACHE", 50)
    game = cardboard.load_game("aban", players=2, seed=3)
    scorer = scoring.GardenScorer(game.cfg.content, game.cfg.boards, False)
    s = game.new_initial_state()
    rng = Rng(9)
    seen = []
    while not s.is_terminal() or len(seen) < 200:
        if s.is_terminal():
            s = game.new_initial_state()
            s.rng = Rng(len(seen))
        s.apply_trusted(s.sample_action(rng))
        seen.append(s.gardens[0])
        scorer.garden(s.gardens[0])
        assert len(scorer.cache) <= 51
    fresh = scoring.GardenScorer(game.cfg.content, game.cfg.boards, False)
    assert all(scorer.garden(g) == fresh.garden(g) for g in seen[-60:])
