"""`cardboard lab report STORE`: one self-contained HTML file (figures embedded) and a Markdown
summary (figures beside it), one question per figure, every interval at 95%.

Proportions (win rates) have Wilson intervals; means have t intervals; a variant is compared
with the base on the same deals (a paired t interval) or, for `paired = false`, on its own
deals (Welch); a feature's effect is its within-cell slope with an interval clustered by game.
"""
from __future__ import annotations

import base64
import html
import io
import json
import math
from collections import Counter, defaultdict
from pathlib import Path

from cardboard.engine import ConfigError

from .campaign import BASE, Campaign, matches
from .run import focus_value
from .stats import excludes_zero, mean_ci, paired_ci, proportion_ci, welch_ci, within_effect
from .store import Store

NUMERIC = (int, float)
MIN_GROUP = 5  # seats with, and without, a 0/1 feature before its effect is estimated


# ---------------------------------------------------------------------- analysis
def _numeric_features(rows: list[dict]) -> list[str]:
    """Features that are numbers wherever present and vary somewhere."""
    kinds: dict[str, set] = defaultdict(set)
    values: dict[str, set] = defaultdict(set)
    for r in rows:
        for doc in r["features"] or []:
            for k, v in doc.items():
                kinds[k].add(isinstance(v, NUMERIC) and not isinstance(v, bool))
                if len(values[k]) < 3:
                    values[k].add(v)
    return sorted(k for k, ok in kinds.items() if ok == {True} and len(values[k]) > 1)


def _fmt(x: float, pct: bool = False, digits: int = 1) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x * 100:.{digits}f}%" if pct else f"{x:.{digits}f}"


def _signed(x: float, digits: int = 1) -> str:
    return f"{x:+.{digits}f}"


def analyse(campaign: Campaign, rows: list[dict]) -> dict:
    """Every figure's numbers (the report draws them; the tests read them)."""
    cls = campaign.game_class()
    coop = cls.cooperative
    ok = [r for r in rows if not r["error"]]
    base = [r for r in ok if r["variant"] == BASE]
    out: dict = {"game": cls.name, "game_id": cls.id, "cooperative": coop, "games": len(rows), "errors": [],
                 "players": sorted({r["players"] for r in rows}), "cells": {}}
    out["errors"] = [{"cell": r["cell"], "k": r["k"], "error": r["error"]} for r in rows if r["error"]][:20]
    out["error_count"] = sum(1 for r in rows if r["error"])
    out["cpu_seconds"] = sum(r["cpu"] for r in rows)
    cells = Counter(r["cell"] for r in rows)
    out["cells"] = dict(sorted(cells.items()))
    win_outcome = campaign.report.outcome == "win"

    # win rates per agent and per seat; first-seat advantage
    agents = defaultdict(lambda: [0.0, 0])
    seats = defaultdict(lambda: [0.0, 0])
    scores = defaultdict(list)
    lengths = defaultdict(list)
    rounds = defaultdict(list)
    for r in base:
        n = r["players"]
        lengths[n].append(r["moves"])
        rf = (r["features"] or [{}])[0].get("rounds")
        if isinstance(rf, NUMERIC):
            rounds[n].append(rf)
        for s in range(n):
            agents[(n, r["agents"][s])][0] += r["shares"][s]
            agents[(n, r["agents"][s])][1] += 1
            seats[(n, s)][0] += r["shares"][s]
            seats[(n, s)][1] += 1
            scores[(n, s)].append(r["scores"][s])
    out["agent_win"] = [{"players": n, "agent": a, "seats": c, **_p(w, c)} for (n, a), (w, c) in sorted(agents.items())]
    out["seat_win"] = [{"players": n, "seat": s, "games": c, "fair": 1 / n, **_p(w, c)} for (n, s), (w, c) in sorted(seats.items())]
    out["first_seat"] = [{"players": d["players"], "games": d["games"], "advantage": d["rate"] - d["fair"],
                          "low": d["low"] - d["fair"], "high": d["high"] - d["fair"]}
                         for d in out["seat_win"] if d["seat"] == 0]
    out["scores"] = [{"players": n, "seat": s, "values": v, **_m(v)} for (n, s), v in sorted(scores.items())]
    out["length"] = [{"players": n, "values": v, **_m(v)} for n, v in sorted(lengths.items())]
    out["rounds"] = [{"players": n, "values": v, **_m(v)} for n, v in sorted(rounds.items())]

    # co-op: team win rate by cell, causes of defeat
    if coop:
        team = defaultdict(lambda: [0, 0])
        causes = defaultdict(Counter)
        for r in base:
            key = (r["grid"], r["players"])
            team[key][0] += 1 if r["winners"] else 0
            team[key][1] += 1
            if not r["winners"]:
                word = (r["features"] or [{}])[0].get(campaign.report.cause) or "unknown"
                causes[key][str(word)] += 1
        out["team"] = [{"grid": _grid_label(g), "players": n, "games": c, **_p(w, c),
                        "causes": dict(causes[(g, n)].most_common())} for (g, n), (w, c) in sorted(team.items())]

    # features: ranked by their mean, and their effect on the outcome
    names = _numeric_features(base)
    seat_rows = [(r, s, r["features"][s]) for r in base for s in range(r["players"]) if r["features"]]
    ranked = []
    for name in names:
        if not matches(name, campaign.report.rank):
            continue
        vals = [doc[name] for _, _, doc in seat_rows if name in doc]
        if not vals:
            continue
        binary = set(vals) <= {0, 1}
        m = _p(sum(vals), len(vals)) if binary else _m(vals)
        ranked.append({"feature": name, "n": len(vals), "binary": binary, **{k: m[k] for k in ("rate", "low", "high")}}
                      if binary else {"feature": name, "n": len(vals), "binary": False,
                                      "rate": m["mean"], "low": m["low"], "high": m["high"]})
    ranked.sort(key=lambda d: -d["rate"])
    out["ranked"] = ranked
    effects = []
    for name in names:
        if not matches(name, campaign.report.effects) or (coop and name == "win"):
            continue
        xs, ys, strata, games = [], [], [], []
        for r, s, doc in seat_rows:
            v = doc.get(name)
            if isinstance(v, NUMERIC):
                xs.append(v)
                ys.append(r["shares"][s] if win_outcome else r["scores"][s])
                strata.append(r["cell"])
                games.append((r["cell"], r["k"]))
        if len(xs) < 10:
            continue
        games_ix = {g: i for i, g in enumerate(dict.fromkeys(games))}
        est = within_effect(xs, ys, strata, [games_ix[g] for g in games])
        if est is None:
            continue
        b, lo, hi, g = est
        binary = set(xs) <= {0, 1}
        if binary and min(sum(xs), len(xs) - sum(xs)) < MIN_GROUP:
            continue  # too few seats with (or without) it for an interval to mean anything
        effects.append({"feature": name, "effect": b, "low": lo, "high": hi, "games": g, "n": len(xs),
                        "binary": binary, "present": sum(1 for x in xs if x) if binary else None,
                        "excludes_zero": excludes_zero(lo, hi)})
    effects.sort(key=lambda d: -d["effect"])
    out["effects"] = effects
    out["outcome"] = campaign.report.outcome

    # variants against the base, on the same deals
    out["variants"] = [_variant(campaign, v, ok) for v in campaign.variants]
    out["lead"] = _lead(out, campaign)
    return out


def _p(successes: float, n: int) -> dict:
    rate, lo, hi = proportion_ci(successes, n)
    return {"rate": rate, "low": lo, "high": hi, "n": n}


def _m(values) -> dict:
    m, lo, hi = mean_ci(values)
    return {"mean": m, "low": lo, "high": hi, "n": len(values)}


def _grid_label(grid: str) -> str:
    doc = json.loads(grid)
    return ", ".join(f"{k}={v}" for k, v in doc.items()) or "all"


def _variant(campaign: Campaign, variant, rows: list[dict]) -> dict:
    outcome = campaign.report.outcome
    coop = campaign.game_class().cooperative

    def value(r):
        if variant.focus is not None:
            return focus_value(r, variant.focus, outcome)
        if coop:
            return 1.0 if r["winners"] else 0.0
        vals = r["scores"]
        return sum(vals) / len(vals)

    if variant.focus is not None:
        who = f"seat {variant.focus.seat}'s" if variant.focus.seat is not None else f"the owner's ({variant.focus.feature})"
        measure = f"{who} {'win rate' if outcome == 'win' else 'score'}"
        pct = outcome == "win"
    else:
        measure = "team win rate" if coop else "mean score"
        pct = coop
    mine = {(r["cell"].split(" | ")[0], r["k"]): r for r in rows if r["variant"] == variant.name}
    theirs = {(r["cell"].split(" | ")[0], r["k"]): r for r in rows if r["variant"] == BASE}
    doc = {"name": variant.name, "label": variant.label or variant.name, "measure": measure, "pct": pct,
           "paired": variant.paired, "games": len(mine)}
    if variant.paired:
        diffs, lens = [], []
        for key, r in mine.items():
            b = theirs.get(key)
            if b is None:
                continue
            a_v, b_v = value(r), value(b)
            lens.append(r["moves"] - b["moves"])
            if a_v is not None and b_v is not None:
                diffs.append(a_v - b_v)
        d, lo, hi, n = paired_ci(diffs)
        ln, llo, lhi, _ = paired_ci(lens)
        doc.update(diff=d, low=lo, high=hi, n=n, length_diff=ln, length_low=llo, length_high=lhi)
    else:
        a = [v for v in (value(r) for r in mine.values()) if v is not None]
        b = [v for v in (value(r) for r in theirs.values()) if v is not None]
        d, lo, hi = welch_ci(a, b)
        ln, llo, lhi = welch_ci([r["moves"] for r in mine.values()], [r["moves"] for r in theirs.values()])
        doc.update(diff=d, low=lo, high=hi, n=min(len(a), len(b)), length_diff=ln, length_low=llo, length_high=lhi)
    doc["excludes_zero"] = excludes_zero(doc["low"], doc["high"]) if doc["n"] else False
    scale, unit = (100, " points") if pct else (1, "")
    if doc["n"]:
        doc["sentence"] = (f"{doc['label']}: {measure} {_signed(d * scale)}{unit}, 95% CI {_signed(lo * scale)} "
                           f"to {_signed(hi * scale)} ({doc['n']} {'pairs of games' if variant.paired else 'games each'})")
    else:
        doc["sentence"] = f"{doc['label']}: no games to compare yet"
    return doc


def _lead(a: dict, campaign: Campaign) -> str:
    if a["variants"]:
        return a["variants"][0]["sentence"]
    if a["cooperative"] and a.get("team"):
        best = max(a["team"], key=lambda d: d["rate"])
        return f"team win rate from {min(d['rate'] for d in a['team']):.0%} to {best['rate']:.0%} across the cells"
    if a["ranked"]:
        top = a["ranked"][0]
        return f"highest: {top['feature']} ({_fmt(top['rate'], top['binary'])})"
    if a["first_seat"]:
        d = max(a["first_seat"], key=lambda d: abs(d["advantage"]))
        return f"first seat {_signed(d['advantage'] * 100)} points of win rate at {d['players']} players"
    return ""


# ---------------------------------------------------------------------- figures
def _figures(a: dict, campaign: Campaign) -> list[dict]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figs = []

    def done(fig, name, title, caption):
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=90)
        plt.close(fig)
        figs.append({"name": name, "title": title, "caption": caption, "png": buf.getvalue()})

    def errbars(ax, xs, d, **kw):
        ax.errorbar(xs, [x["rate"] for x in d], yerr=[[x["rate"] - x["low"] for x in d], [x["high"] - x["rate"] for x in d]],
                    fmt="o", capsize=4, **kw)

    players = a["players"]
    if not a["cooperative"]:
        names = sorted({d["agent"] for d in a["agent_win"]})
        if len(names) > 1:
            fig, ax = plt.subplots(figsize=(7, 3.6))
            width = 0.8 / len(names)
            for i, name in enumerate(names):
                d = [x for x in a["agent_win"] if x["agent"] == name]
                errbars(ax, [players.index(x["players"]) + (i - (len(names) - 1) / 2) * width for x in d], d, label=name)
            for j, n in enumerate(players):
                ax.hlines(1 / n, j - 0.45, j + 0.45, colors="grey", linestyles="dashed")
            ax.set_xticks(range(len(players)), [f"{n} players" for n in players])
            ax.set_ylabel("win rate (share of seats won)")
            ax.set_xlabel("player count (dashed: a fair share)")
            ax.legend(fontsize=8)
            done(fig, "agents", "Which agent wins most?", "Win rate of each agent over the seats it played, 95% Wilson intervals.")
        fig, ax = plt.subplots(figsize=(7, 3.6))
        maxn = max(players)
        width = 0.8 / len(players)
        for i, n in enumerate(players):
            d = [x for x in a["seat_win"] if x["players"] == n]
            errbars(ax, [x["seat"] + (i - (len(players) - 1) / 2) * width for x in d], d, label=f"{n} players")
            ax.hlines(1 / n, -0.5, maxn - 0.5, colors=f"C{i}", linestyles="dotted", linewidth=1)
        ax.set_xticks(range(maxn), [f"seat {s + 1}" for s in range(maxn)])
        ax.set_xlabel("seat (1 plays first; dotted: a fair share)")
        ax.set_ylabel("win rate")
        ax.legend(fontsize=8)
        done(fig, "seats", "Does a seat win more often than its share?", "Win rate of each seat by player count, 95% Wilson intervals.")
        fig, ax = plt.subplots(figsize=(7, 3.2))
        d = a["first_seat"]
        ax.errorbar([x["players"] for x in d], [100 * x["advantage"] for x in d],
                    yerr=[[100 * (x["advantage"] - x["low"]) for x in d], [100 * (x["high"] - x["advantage"]) for x in d]],
                    fmt="o", capsize=5, color="C3")
        ax.axhline(0, color="grey", linewidth=1)
        ax.set_xticks(players)
        ax.set_xlabel("player count")
        ax.set_ylabel("first seat's win rate − fair share\n(points)")
        done(fig, "first-seat", "Does the first seat win too often?",
             "The first seat's win rate minus 1/players, by player count; 95% Wilson intervals.")
        fig, axes = plt.subplots(1, len(players), figsize=(min(3.2 * len(players) + 1, 12), 3.4), squeeze=False)
        for ax, n in zip(axes[0], players):
            d = [x for x in a["scores"] if x["players"] == n]
            ax.boxplot([x["values"] for x in d], showfliers=False)
            ax.errorbar(range(1, len(d) + 1), [x["mean"] for x in d], yerr=[[x["mean"] - x["low"] for x in d],
                        [x["high"] - x["mean"] for x in d]], fmt="D", color="C3", capsize=3, markersize=4)
            ax.set_xticks(range(1, len(d) + 1), [f"seat {x['seat'] + 1}" for x in d], fontsize=8)
            ax.set_title(f"{n} players", fontsize=9)
            ax.set_ylabel("final score")
        done(fig, "scores", "How are scores spread?",
             "Final scores by seat: boxes are quartiles (whiskers 1.5 IQR), red diamonds the mean with its 95% t interval.")
    else:
        team = a.get("team", [])
        grids = list(dict.fromkeys(x["grid"] for x in team))
        fig, ax = plt.subplots(figsize=(7, 3.6))
        width = 0.8 / max(1, len(grids))
        for i, g in enumerate(grids):
            d = [x for x in team if x["grid"] == g]
            errbars(ax, [players.index(x["players"]) + (i - (len(grids) - 1) / 2) * width for x in d], d, label=g)
        ax.set_xticks(range(len(players)), [f"{n} players" for n in players])
        ax.set_ylim(0, 1)
        ax.set_ylabel("team win rate")
        ax.set_xlabel("player count")
        ax.legend(fontsize=8)
        done(fig, "team", "How often does the team win?", "Team win rate by cell and player count, 95% Wilson intervals.")
        causes = sorted({c for x in team for c in x["causes"]})
        if causes:
            fig, ax = plt.subplots(figsize=(7, 3.6))
            labels = ["\n".join(part.split("=", 1)[-1] for part in x["grid"].split(", ")) + f"\n{x['players']}p"
                      for x in team]
            bottom = [0.0] * len(team)
            for i, c in enumerate(causes):
                vals = [x["causes"].get(c, 0) / x["n"] for x in team]
                ax.bar(range(len(team)), vals, bottom=bottom, label=c, color=f"C{i}")
                bottom = [b + v for b, v in zip(bottom, vals)]
            ax.set_xticks(range(len(team)), labels, fontsize=7)
            ax.set_ylabel("share of all games lost to it")
            ax.set_xlabel("cell and player count")
            ax.legend(fontsize=8)
            done(fig, "causes", "How is the game lost?", "Causes of defeat: each bar is the share of the cell's games lost, split by cause.")
    fig, axes = plt.subplots(1, 2 if a["rounds"] else 1, figsize=(7, 3.2), squeeze=False)
    ax = axes[0][0]
    ax.boxplot([x["values"] for x in a["length"]], showfliers=False)
    ax.set_xticks(range(1, len(a["length"]) + 1), [f"{x['players']}p" for x in a["length"]])
    ax.set_ylabel("moves in a game")
    ax.set_xlabel("player count")
    if a["rounds"]:
        ax = axes[0][1]
        ax.boxplot([x["values"] for x in a["rounds"]], showfliers=False)
        ax.set_xticks(range(1, len(a["rounds"]) + 1), [f"{x['players']}p" for x in a["rounds"]])
        ax.set_ylabel("rounds")
        ax.set_xlabel("player count")
    done(fig, "length", "How long is a game?", "Moves (decisions) per game, and rounds where the game reports them: quartiles, whiskers 1.5 IQR.")
    if a["ranked"]:
        d = a["ranked"][: campaign.report.max_rows]
        fig, ax = plt.subplots(figsize=(7, 0.9 + 0.24 * len(d)))
        ys = list(range(len(d)))[::-1]
        ax.errorbar([x["rate"] for x in d], ys, xerr=[[x["rate"] - x["low"] for x in d], [x["high"] - x["rate"] for x in d]],
                    fmt="o", capsize=3)
        ax.set_yticks(ys, [x["feature"] for x in d], fontsize=7)
        ax.set_xlabel(campaign.report.rank_label + " (95% interval)")
        done(fig, "ranked", "Which components rank highest?",
             f"Mean per seat where present ({campaign.report.rank_label}); Wilson intervals for 0/1 features, t otherwise.")
    if a["effects"]:
        d = sorted(a["effects"], key=lambda x: -abs(x["effect"]))[: campaign.report.max_rows]
        d.sort(key=lambda x: x["effect"])
        scale = 100 if a["outcome"] == "win" else 1
        fig, ax = plt.subplots(figsize=(7, 0.9 + 0.24 * len(d)))
        ax.errorbar([scale * x["effect"] for x in d], range(len(d)),
                    xerr=[[scale * (x["effect"] - x["low"]) for x in d], [scale * (x["high"] - x["effect"]) for x in d]],
                    fmt="none", ecolor="grey", capsize=2)
        ax.scatter([scale * x["effect"] for x in d], range(len(d)), c=["C3" if x["excludes_zero"] else "C0" for x in d], zorder=3, s=14)
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_yticks(range(len(d)), [x["feature"] for x in d], fontsize=7)
        ax.set_xlabel("effect on " + ("win rate (points) of holding it / per unit" if a["outcome"] == "win"
                                       else "score of holding it / per unit"))
        done(fig, "effects", "Which components go with winning?",
             "Each feature's within-cell effect on the seat's " + ("win rate" if a["outcome"] == "win" else "score")
             + " (0/1 features: with minus without; others: per unit), 95% intervals clustered by game; red: the interval excludes zero.")
    if a["variants"]:
        d = [v for v in a["variants"] if v["n"]]
        if d:
            fig, ax = plt.subplots(figsize=(7, 1.0 + 0.4 * len(d)))
            sc = [100 if v["pct"] else 1 for v in d]
            ax.errorbar([s * v["diff"] for s, v in zip(sc, d)], range(len(d)),
                        xerr=[[s * (v["diff"] - v["low"]) for s, v in zip(sc, d)], [s * (v["high"] - v["diff"]) for s, v in zip(sc, d)]],
                        fmt="o", capsize=4, color="C2")
            ax.axvline(0, color="grey", linewidth=1)
            ax.set_yticks(range(len(d)), [v["label"][:40] for v in d], fontsize=8)
            ax.set_xlabel("variant − base (" + ", ".join(sorted({v["measure"] + (" in points" if v["pct"] else "") for v in d})) + ")")
            done(fig, "variants", "What did each change do?",
                 "Each variant against the base on the same deals: the paired difference with its 95% t interval.")
    return figs


# ---------------------------------------------------------------------- writing
def _tables(a: dict, campaign: Campaign) -> list[tuple[str, list[str], list[list[str]]]]:
    t = []
    if a["variants"]:
        t.append(("Variants against the base", ["variant", "measure", "difference", "95% CI", "n", "moves Δ"],
                  [[v["label"], v["measure"], _signed(v["diff"] * (100 if v["pct"] else 1)) + (" pts" if v["pct"] else ""),
                    f"{_signed(v['low'] * (100 if v['pct'] else 1))} to {_signed(v['high'] * (100 if v['pct'] else 1))}",
                    str(v["n"]), _signed(v["length_diff"])] for v in a["variants"] if v["n"]]))
    if a["cooperative"] and a.get("team"):
        t.append(("Team win rate", ["cell", "players", "games", "win rate", "95% CI", "causes of defeat"],
                  [[x["grid"], str(x["players"]), str(x["n"]), _fmt(x["rate"], True), f"{_fmt(x['low'], True)}–{_fmt(x['high'], True)}",
                    ", ".join(f"{k} {v}" for k, v in x["causes"].items()) or "–"] for x in a["team"]]))
    if not a["cooperative"]:
        if len({d["agent"] for d in a["agent_win"]}) > 1:
            t.append(("Win rate per agent", ["players", "agent", "seats", "win rate", "95% CI"],
                      [[str(x["players"]), x["agent"], str(x["n"]), _fmt(x["rate"], True), f"{_fmt(x['low'], True)}–{_fmt(x['high'], True)}"]
                       for x in a["agent_win"]]))
        t.append(("First-seat advantage", ["players", "games", "seat 1 win rate − fair share", "95% CI"],
                  [[str(x["players"]), str(x["games"]), _signed(100 * x["advantage"]) + " pts",
                    f"{_signed(100 * x['low'])} to {_signed(100 * x['high'])}"] for x in a["first_seat"]]))
        t.append(("Scores by seat", ["players", "seat", "games", "mean score", "95% CI"],
                  [[str(x["players"]), str(x["seat"] + 1), str(x["n"]), _fmt(x["mean"]), f"{_fmt(x['low'])}–{_fmt(x['high'])}"]
                   for x in a["scores"]]))
    t.append(("Game length", ["players", "games", "mean moves", "95% CI"] + (["mean rounds"] if a["rounds"] else []),
              [[str(x["players"]), str(x["n"]), _fmt(x["mean"]), f"{_fmt(x['low'])}–{_fmt(x['high'])}"]
               + ([_fmt(next((r["mean"] for r in a["rounds"] if r["players"] == x["players"]), None), digits=2)] if a["rounds"] else [])
               for x in a["length"]]))
    if a["ranked"]:
        t.append(("Components ranked", ["feature", "seats", campaign.report.rank_label, "95% CI"],
                  [[x["feature"], str(x["n"]), _fmt(x["rate"], x["binary"], 2 if not x["binary"] else 1),
                    f"{_fmt(x['low'], x['binary'], 2)}–{_fmt(x['high'], x['binary'], 2)}"] for x in a["ranked"]]))
    strong = [x for x in a["effects"] if x["excludes_zero"]]
    if a["effects"]:
        scale = 100 if a["outcome"] == "win" else 1
        unit = " pts" if a["outcome"] == "win" else ""
        t.append((f"Effects whose interval excludes zero ({len(strong)} of {len(a['effects'])} features)",
                  ["feature", "effect on " + ("win rate" if a["outcome"] == "win" else "score"), "95% CI", "seats with it", "games"],
                  [[x["feature"], _signed(scale * x["effect"]) + unit, f"{_signed(scale * x['low'])} to {_signed(scale * x['high'])}",
                    str(x["present"]) if x["present"] is not None else "(numeric)", str(x["games"])] for x in strong]))
    return t


def _summary_lines(a: dict, campaign: Campaign) -> list[str]:
    per_cell = sorted(set(a["cells"].values()))
    lines = [f"Game: {a['game']} (`{campaign.game}`), players {', '.join(map(str, a['players']))}; agents "
             f"{', '.join(campaign.agents)} ({'seats rotated' if campaign.seating == 'rotate' and len(set(campaign.agents)) > 1 else 'as listed'}).",
             f"Sample: {a['games']} games in {len(a['cells'])} cells ({'–'.join(map(str, sorted({per_cell[0], per_cell[-1]}))) if per_cell else 0} a cell), "
             f"master seed {campaign.seed}; {a['cpu_seconds']:.0f} CPU seconds of play.",
             f"Leading figure: {a['lead']}." if a["lead"] else ""]
    if campaign.grid:
        lines.append("Grid: " + "; ".join(f"{k} = {', '.join(map(str, v))}" for k, v in campaign.grid.items()) + ".")
    if campaign.options:
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in campaign.options.items()) + ".")
    for v in a["variants"]:
        lines.append(f"{v['sentence']}.")
    if a["error_count"]:
        lines.append(f"{a['error_count']} games stopped with an error and are left out (first: {a['errors'][0]['error']}).")
    if a["effects"]:
        lines.append(f"Feature effects are associations within a cell (a winner may take a component because it is winning); "
                     f"at 95% about 1 in 20 features with no effect still shows an interval excluding zero. "
                     f"A paired variant measures a cause.")
    return [x for x in lines if x]


def write_report(store_path: str | Path, out_dir: str | Path | None = None) -> dict:
    """Write report.html (self-contained) and report.md with figures/ beside it; return the analysis."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ConfigError("the report needs matplotlib: pip install 'cardboard[lab]'") from None
    store = Store.open_existing(store_path)
    try:
        campaign = store.campaign()
        rows = store.rows()
    finally:
        store.close()
    if not rows:
        raise ConfigError(f"the store '{store_path}' has no games yet: run the campaign first")
    a = analyse(campaign, rows)
    figs = _figures(a, campaign)
    tables = _tables(a, campaign)
    out = Path(out_dir) if out_dir else Path(store_path).with_name(f"{campaign.name}-report")
    (out / "figures").mkdir(parents=True, exist_ok=True)
    for i, f in enumerate(figs, 1):
        f["file"] = f"figures/{i:02d}-{f['name']}.png"
        (out / f["file"]).write_bytes(f["png"])
    title = campaign.title or f"{a['game']}: {campaign.name}"
    summary = _summary_lines(a, campaign)
    (out / "report.html").write_text(_html(title, campaign, summary, figs, tables), encoding="utf-8")
    (out / "report.md").write_text(_markdown(title, campaign, summary, figs, tables), encoding="utf-8")
    a["out"] = str(out)
    a["figures"] = [f["file"] for f in figs]
    return a


def _html(title, campaign, summary, figs, tables) -> str:
    e = html.escape
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>",
             "<meta name='viewport' content='width=device-width, initial-scale=1'>",
             "<style>body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}"
             "figure{margin:1.5rem 0;border:1px solid #ddd;padding:.5rem}figure img{max-width:100%;height:auto;display:block}"
             "figcaption{font-size:.9em;color:#555}table{border-collapse:collapse;margin:1rem 0;font-size:.9em}"
             "td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}th{background:#f3f3f3}</style></head><body>",
             f"<h1>{e(title)}</h1>"]
    if campaign.question:
        parts.append(f"<p><strong>Question:</strong> {e(campaign.question)}</p>")
    parts.append("<ul>" + "".join(f"<li>{e(x)}</li>" for x in summary) + "</ul>")
    for f in figs:
        data = base64.b64encode(f["png"]).decode()
        parts.append(f"<figure id='{e(f['name'])}'><h2>{e(f['title'])}</h2><img alt='{e(f['title'])}' "
                     f"src='data:image/png;base64,{data}'><figcaption>{e(f['caption'])}</figcaption></figure>")
    for name, head, body in tables:
        parts.append(f"<h2>{e(name)}</h2><table><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>"
                     + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in body) + "</table>")
    parts.append("<p><small>Made by <code>cardboard lab report</code>. Intervals are 95%: Wilson for proportions, "
                 "t for means and paired differences, clustered by game for feature effects.</small></p></body></html>")
    return "\n".join(parts)


def _markdown(title, campaign, summary, figs, tables) -> str:
    lines = [f"# {title}", ""]
    if campaign.question:
        lines += [f"**Question:** {campaign.question}", ""]
    lines += [f"- {x}" for x in summary] + ["", "The same report with every figure embedded: [report.html](report.html).", ""]
    for name, head, body in tables:
        lines += [f"## {name}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(c.replace("|", "/") for c in row) + " |" for row in body]
        lines.append("")
    lines += ["## Figures", ""]
    for f in figs:
        lines += [f"### {f['title']}", "", f"![{f['title']}]({f['file']})", "", f["caption"], ""]
    return "\n".join(lines)
