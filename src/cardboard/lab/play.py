"""Playing a campaign's games: what a worker runs, on any backend. A game's record depends
only on the campaign, its cell and its index, never on where or when it was played."""
from __future__ import annotations

import gc
import json
import time

from cardboard.engine import derive_seed
from cardboard.engine.collector import bulk_play

from .campaign import Campaign, Cell, cell_options, game_seed, seating
from .content import with_content

_cache: dict = {}


def _setup(campaign: Campaign, cell: Cell):
    """(game class, options) of a cell, made once per process."""
    key = (campaign.fingerprint(), cell.key)
    hit = _cache.get(key)
    if hit is None:
        cls = campaign.game_class()
        variant = campaign.variant(cell.variant)
        options = with_content(cls, cell_options(campaign, cell), variant.content if variant else None)
        hit = _cache[key] = (cls, options)
    return hit


def _plain(value):
    """A feature value as stored: a number, a short word, or None."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)) or value is None:
        return value
    return str(value)[:80]


def play_one(campaign: Campaign, cell: Cell, k: int) -> dict:
    """One game to its end: the record the store keeps."""
    from cardboard.agents import make_agent

    seed = game_seed(campaign, cell, k)
    agents = seating(campaign, cell.players, k)
    record = {"cell": cell.key, "k": k, "variant": cell.variant, "players": cell.players,
              "grid": json.dumps(cell.point, sort_keys=True), "seed": seed, "agents": agents,
              "scores": None, "winners": None, "shares": None, "moves": 0, "features": None, "error": None}
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        cls, options = _setup(campaign, cell)
        game = cls(cell.players, seed, options)
        bots = [make_agent(name, seed=derive_seed(seed, "seat", s), game_id=cls.id, cpu_time=campaign.cpu_time)
                for s, name in enumerate(agents)]
        state = game.new_initial_state()
        moves, limit = 0, campaign.max_moves
        while not state.is_terminal():
            if moves >= limit:
                raise RuntimeError(f"the game did not end in {limit} moves (max_moves)")
            state.apply(bots[state.current_player].choose(state))
            moves += 1
        scores, winners = [float(x) for x in state.scores()], sorted(state.winners())
        if cls.cooperative:
            shares = [1.0 if s in winners else 0.0 for s in range(cell.players)]
        else:
            shares = [1 / len(winners) if s in winners else 0.0 for s in range(cell.players)]
        features = [{str(k): _plain(v) for k, v in f.items()} for f in cls.features(state)]
        record.update(scores=scores, winners=winners, shares=shares, moves=moves, features=features)
    except Exception as exc:  # a crash is kept as a record: the campaign goes on, the report counts it
        record["error"] = f"{type(exc).__name__}: {exc}"[:500]
    record["wall"] = time.perf_counter() - wall
    record["cpu"] = time.process_time() - cpu
    return record


def play_batch(campaign: Campaign, items: list[tuple[str, int]], emit=None) -> list[dict]:
    """Games (cell key, k) one after another, each played as the arena plays (`bulk_play`: the
    collector off while it plays, what survives it frozen, a sweep now and then); `emit(record)`
    as each ends."""
    cells = {c.key: c for c in campaign.cells()}
    out = []
    for key, k in items:
        with bulk_play():
            record = play_one(campaign, cells[key], k)
        if emit is not None:
            emit(record)
        out.append(record)
    return out


def warm(campaign: Campaign) -> None:
    """Load the game and its content once, then freeze what set-up made so collections skip it."""
    for cell in campaign.cells():
        try:
            cls, options = _setup(campaign, cell)
            cls(cell.players, 0, options).new_initial_state()
        except Exception:  # noqa: BLE001 - the game's own record will say what is wrong
            pass
    gc.collect()
    gc.freeze()
