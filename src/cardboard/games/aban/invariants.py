"""Aban!'s invariants, for the fuzzer and tests (never in the hot path): what a sound state
keeps, read against the content (`AbanState._invariants`). Each problem is one line naming the
invariant and its numbers."""
from __future__ import annotations

from . import garden as G


def invariants(s) -> list[str]:
    cfg = s.cfg
    n = cfg.players
    setup = cfg.content.setup
    out: list[str] = []
    sheet = setup.garden_rows * setup.garden_cols
    placed = removed = 0   # Espino/Rocky tokens on the sheets, and taken off by shovels
    for seat in range(n):
        g = s.gardens[seat]
        who = f"seat {seat}"
        # the squares' caches agree with the garden (refresh_squares' definitions)
        pots = tuple(i for i, v in enumerate(g) if v != G.NO_POT)
        if s.pots[seat] != pots:
            out.append(f"{who}'s pots: {len(s.pots[seat])} listed, {len(pots)} on the sheet")
        empty = tuple(i for i in pots if g[i] == G.EMPTY)
        if s.empty[seat] != empty:
            out.append(f"{who}'s empty squares: {len(s.empty[seat])} listed, {len(empty)} on the sheet")
        tokened = tuple(i for i in pots if g[i] == G.ESPINO or g[i] >= G.ROCKY)
        if s.tokened[seat] != tokened:
            out.append(f"{who}'s squares with tokens: {len(s.tokened[seat])} listed, {len(tokened)} on the sheet")
        bad = [v for v in g if v not in (G.NO_POT, G.EMPTY, 2, 3, 4, 5, 6, G.ESPINO, G.RADISH, G.DIG)
               and not (v >= G.ROCKY and G.under(v) in (G.EMPTY, 2, 3, 4, 5, 6, G.RADISH))]
        if bad:
            out.append(f"{who}'s garden holds unknown codes {sorted(set(bad))}")
        espinos = sum(v == G.ESPINO for v in g)
        rockys = sum(G.rockys(v) for v in g)
        radishes = sum(G.under(v) == G.RADISH for v in g)
        digs = sum(v == G.DIG for v in g)
        extra_pots = len(pots) - sheet
        placed += espinos + rockys
        # the token board's side [AB-T-1, AB-T-3]
        if cfg.token_side == "espino" and rockys:
            out.append(f"{who}: {rockys} Rockys on the sheet, but the Espino side is played")
        if cfg.token_side == "rocky" and espinos:
            out.append(f"{who}: {espinos} Espinos on the sheet, but the Rocky side is played")
        if len(s.rocky_by[seat]) != rockys:
            out.append(f"{who}'s Rockys: {rockys} on the sheet, {len(s.rocky_by[seat])} placers recorded")
        if any(placer == seat or not 0 <= placer < n for _, placer in s.rocky_by[seat]):
            out.append(f"{who}'s Rockys recorded as placed by {sorted({p for _, p in s.rocky_by[seat]})}")
        # tokens to place [AB-S-5]
        if not 0 <= s.tokens[seat] <= cfg.tokens:
            out.append(f"{who}'s Espino/Rocky tokens: {s.tokens[seat]} left, outside 0..{cfg.tokens}")
        # shovels [AB-S-6, AB-P-4]: a shovel token spent marks one shovel space
        marks = len(s.shovel_marks[seat])
        removed += marks
        if s.shovels[seat] < 0 or s.shovels[seat] + marks != cfg.shovels:
            out.append(f"{who}'s shovels: {s.shovels[seat]} left and {marks} used, {cfg.shovels} in the game")
        if marks > setup.shovel_spaces:
            out.append(f"{who}'s shovel spaces: {marks} marked, {setup.shovel_spaces} on the sheet")
        # fertilizer [AB-S-4]: each radish and extra pot cost one
        spent = cfg.fertilizer - s.fert[seat]
        if not 0 <= s.fert[seat] <= cfg.fertilizer:
            out.append(f"{who}'s fertilizer: {s.fert[seat]}, outside 0..{cfg.fertilizer}")
        elif spent < radishes + extra_pots:
            out.append(f"{who}'s fertilizer: {spent} spent, {radishes} radishes and {extra_pots} extra pots drawn")
        if extra_pots < 0:
            out.append(f"{who}'s sheet: {len(pots)} pots, fewer than its {sheet} squares")
        # the chayote's feeding boxes [AB-D-8]
        if not 0 <= s.feeds[seat] <= setup.feed_boxes:
            out.append(f"{who}'s chayote feeds: {s.feeds[seat]}, outside 0..{setup.feed_boxes}")
        # Ko'bachan digs only in solo, once per dig step passed [AB-SO-6]
        if digs and not cfg.solo:
            out.append(f"{who}: {digs} dug squares outside the solo mode")
        if cfg.solo:
            steps = sum(step <= s.ko for step in cfg.content.solo.dig_steps)
            if digs > steps:
                out.append(f"{who}: {digs} dug squares, {steps} dig steps passed")
    # every token taken from a board is on a sheet or was dug up by a shovel
    taken = sum(cfg.tokens - t for t in s.tokens)
    if taken != placed + removed:
        out.append(f"Espino/Rocky tokens: {taken} taken, {placed} on the sheets + {removed} shovelled")
    # food numbers [AB-S-9, AB-SO-3]: chosen from the faces, no repeats
    chosen = [f for f in s.food if f]
    if any(f not in cfg.food_faces for f in chosen) or len(set(chosen)) != len(chosen):
        out.append(f"food numbers {list(s.food)}: repeated or not among {list(cfg.food_faces)}")
    if s.phase != "food" and len(chosen) != n:
        out.append(f"food numbers: {len(chosen)} chosen of {n} after the food step")
    # the dice [AB-P-1..3]: each turn takes one of the rolled dice
    if any(not 1 <= d <= 6 for d in s.dice):
        out.append(f"dice {list(s.dice)}: a face outside 1..6")
    if s.phase == "turn":
        left = cfg.dice_count - (0 if cfg.solo else s.turn)
        if len(s.dice) != left:
            out.append(f"dice: {len(s.dice)} on the table, {left} expected ({cfg.dice_count} rolled, "
                       f"{s.turn} taken)")
    elif s.dice:
        out.append(f"dice: {len(s.dice)} on the table in the {s.phase} phase")
    # [AB-E-1] a garden with no empty square makes this round the last
    full = [seat for seat in range(n) if not s.empty[seat]]
    if full and s.phase == "turn" and not s.last_round:
        out.append(f"seats {full} have full gardens and the round is not the last")
    if not 0 <= s.ko <= cfg.content.solo.track_length:
        out.append(f"Ko'bachan at {s.ko}, outside 0..{cfg.content.solo.track_length}")
    return out
