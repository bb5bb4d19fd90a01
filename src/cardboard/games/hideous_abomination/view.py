"""What each seat may see ([HA-H-*]): own hand, buffet tops and sizes, the dig to the digger."""
from __future__ import annotations

from cardboard.engine.data import cons_to_list

from . import slab as S


def tile_json(cfg, t: int) -> dict:
    tile = cfg.tiles[t]
    return {"id": tile.id, "type": tile.type, "colour": tile.colour, "texture": tile.texture,
            "sides": tile.sides, "attributes": dict(tile.attributes), "torso": cfg.torso[t]}


def card_json(card) -> dict:
    return {"id": card.id, "name": card.name, "kind": card.kind, "vp": card.vp, "text": card.text}


def view(state, seat) -> dict:
    cfg = state.cfg
    scores = state.score_breakdown()
    seats = []
    for s in range(cfg.players):
        slab = state.slabs[s]
        bolted = state._bolted(s)
        entry = {
            "seat": s,
            "hand_size": len(state.hands[s]),
            "pending_bolts": state.pending[s],
            "bolts_placed": len(state.bolts[s]),
            "open_loose_ends": S.open_loose_ends(slab),
            "complete": S.open_loose_ends(slab) == 0,
            "abomination": [
                {"at": list(cell), "tile": tile_json(cfg, t), "rotation": rot,
                 "loose": S.sides_text(mask), "bolted": cell in bolted}
                for cell, (t, rot, mask) in sorted(slab.items())
            ],
            "bolts": [[list(a), list(b)] for a, b in sorted(state.bolts[s])],
            "score": scores[s],
        }
        if seat == s:
            entry["hand"] = [tile_json(cfg, t) for t in state.hands[s]]
        seats.append(entry)
    dig = None
    dug = None
    if state.dig is not None:  # the pile is in the digger's hands: its top is not on show
        dug, tiles, placed = state.dig
        dig = ({"pile": dug, "tiles": [tile_json(cfg, t) for t in tiles],
                "placed": [tile_json(cfg, t) for t in placed]} if seat == state.player
               else {"pile": dug, "size": len(tiles) + len(placed)})
    doc = {
        "game": "hideous-abomination", "viewer": seat, "players": cfg.players, "variant": cfg.variant,
        "phase": state.phase, "current_player": state.current_player,
        "turn_player": None if state.phase == "over" else state.player, "turn": state.turn_no,
        "die": state.die, "action": state.action,
        "awards_revealed": [card_json(cfg.comps.awards[i]) for i in state.awards],
        "awards_left": len(state.awards_deck),
        "grand_prizes": [card_json(c) for c in cfg.comps.grand_prizes] if cfg.variant == "standard" else [],
        "threshold": cfg.players,
        "deck_size": len(state.deck),
        "buffet": [{"size": len(p), "top": tile_json(cfg, p[-1]) if p and i != dug else None}
                   for i, p in enumerate(state.buffet)],
        "bolt_supply": state.supply,
        "dig": dig,
        "seats": seats,
        "log": log_lines(state),
    }
    if state.phase == "over":
        doc["winners"] = state.winners()
        doc["ended_by"] = state.ended_by
    return doc


def dump(state) -> dict:
    """Everything, hidden parts included: for save files and exact comparisons."""
    cfg = state.cfg
    doc = view(state, None)
    ids = lambda ts: [cfg.tiles[t].id for t in ts]  # noqa: E731
    doc["hidden"] = {
        "deck": ids(state.deck), "buffet": [ids(p) for p in state.buffet],
        "hands": [ids(h) for h in state.hands], "awards_deck": [cfg.award_ids[i] for i in state.awards_deck],
        "dig": None if state.dig is None else [state.dig[0], ids(state.dig[1]), ids(state.dig[2])],
        "seen": list(state.seen), "pools": list(state.pools),
        "rng": state.rng.state, "draws_left": state.draws_left, "started": list(state.started),
        "resume": state.resume, "decider": state.decider,
    }
    return doc


def log_lines(state, most: int = 60) -> list[str]:
    """The newest `most` events of the log in words (all public)."""
    events = cons_to_list(state.log, most)
    cfg = state.cfg
    lines = []

    def name(tid):
        return S.tile_name(cfg.tiles[cfg.index[tid]]) if tid in cfg.index else str(tid)

    for e in events:
        k = e[0]
        if k == "turn":
            lines.append(f"seat {e[1]}'s turn")
        elif k == "roll":
            lines.append(f"seat {e[1]} rolls {e[2].replace('_', ' ')}")
        elif k == "reroll":
            lines.append(f"nothing to steal: seat {e[1]} rolls again: {e[2].replace('_', ' ')}")
        elif k == "choose":
            lines.append(f"seat {e[1]} goes mad and chooses {e[2].replace('_', ' ')}")
        elif k == "award":
            lines.append(f"a new Award is revealed: {cfg.comps.awards[e[2]].name}")
        elif k == "draw":
            lines.append(f"seat {e[1]} draws blind" if e[2] == "deck" else f"seat {e[1]} draws {name(e[3])} from pile {e[2] + 1}")
        elif k == "dig":
            lines.append(f"seat {e[1]} digs through pile {e[2] + 1}")
        elif k == "steal":
            lines.append(f"seat {e[1]} steals {name(e[4])} from seat {e[2]}'s abomination, {S.where(e[3])}; seat {e[2]} receives {e[5]} bolts")
        elif k == "bolt":
            a, b = sorted(e[2], key=lambda x: (tuple(x) != (0, 0), tuple(x)))
            first = "the torso" if tuple(a) == (0, 0) else f"the part {S.where(a)}"
            lines.append(f"seat {e[1]} bolts {first} to the part {S.where(b)}")
        elif k == "play":
            lines.append(f"seat {e[1]} plays {name(e[2])} on seat {e[3]}'s abomination, {S.where(e[4])}")
        elif k == "forfeit":
            lines.append(f"seat {e[1]} cannot play a tile")
        elif k == "discard":
            lines.append(f"seat {e[1]} discards {name(e[2])}" + ("" if e[3] is None else f" onto pile {e[3] + 1}"))
        elif k == "over":
            lines.append("the game is over: " + {"completion": f"seat {e[2]}'s abomination is complete",
                                                  "exhaustion": "the deck is empty",
                                                  "safety": "the turn limit is reached"}[e[1]])
    return lines
