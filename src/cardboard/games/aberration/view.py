"""What each seat may see, the move labels, and a re-deal of what no seat may know (for search).

Aberration is cooperative and its table is open: heroes, hands, Items, monsters, Influence and Fire
are seen by all. Hidden [AR-S-7, AR-S-15]: what a face-down shadow token is (on the map and in the
stacks), the order of the Great Beast deck (except the top cards the team has looked at), of the
Objective, Item and Aberration decks. Bags are unordered: a chip is drawn at random when drawn, so
only their contents (public) exist. `determinize` re-deals the face-down shadows and the decks.
"""
from __future__ import annotations

from cardboard.engine import Rng

from .game import COLOURS, SLOTS, STATS


def action_label(cfg, a) -> str:
    k = a.kind
    g = a.get
    if k == "use":
        act = cfg.actions[g("action")]
        return f"{act.name} (pay {' '.join(g('pay')) or 'nothing'})"
    if k == "wield":
        return f"{cfg.items[g('item')].name} (pay {' '.join(g('pay'))})"
    if k == "item":
        return f"Play {cfg.items[g('item')].name}"
    if k == "exploit":
        it = cfg.items[g("item")]
        extra = f": {g('chip')} becomes {g('colour')}" if g("colour") else ""
        return f"Exploit {it.name} ({it.exploit}) for seat {g('to')}{extra}"
    if k == "attune":
        return f"Attune {cfg.items[g('item')].name} (1 XP)"
    if k == "upgrade":
        return f"Raise {g('stat')}"
    if k == "unlock":
        return f"Unlock the {g('colour')} advanced action"
    if k == "secure":
        vp = next(v for v in cfg.vps if v[3] == g("vp"))[0]
        return f"Pay {g('chip')} toward {vp.name}"
    if k == "end":
        return f"End the turn (hold {g('hold')})" if g("hold") else "End the turn"
    if k == "step":
        esc = f", escorting {g('escort')}" if g("escort") else ""
        return f"Step to {g('to')}{esc}"
    if k == "target":
        what = f" monster #{g('monster')}" if g("monster") is not None else \
            (f" shadow #{g('shadow')}" if g("shadow") is not None else " (area)")
        return f"Attack {cfg.names[g('space')]}{what}"
    if k == "place":
        return f"Place at {cfg.names[g('space')]}"
    if k == "assign":
        return f"Assign a villager from the {g('source')} to {g('spot')}"
    if k == "board":
        return f"Remove Influence on the {g('board')} board"
    if k == "redraw":
        return f"Return {g('chip')} to the bag and draw another (Resourceful)"
    if k == "draw":
        return "Draw chips"
    if k == "stop":
        return "Stop"
    if k == "pass":
        return "Pass"
    if k == "take":
        return "Take the damage"
    if k in ("block", "smite"):
        return f"{k.title()} with {cfg.items[g('item')].name}"
    if k == "reroll":
        if g("item") is not None:
            return f"Reroll with {cfg.items[g('item')].name} (Lucky)"
        return "Reroll (Lucky Streak)" if g("power") == "streak" else "Reroll one die (Lucky Coin)"
    if k == "pick":
        return f"Choose seat {g('hero')}'s hero"
    if k == "victim":
        return f"The monster attacks seat {g('hero')}'s hero"
    if k == "monster":
        return f"Choose monster #{g('monster')}"
    if k == "reveal":
        return f"Reveal shadow #{g('shadow')}"
    if k == "keep":
        return f"Keep {cfg.items[g('item')].name}"
    if k == "shove":
        return f"Move monster #{g('monster')} to {cfg.names[g('to')]}"
    if k == "arrange":
        top = ", ".join(cfg.gb_cards[i].name for i in g("top")) or "none"
        bottom = ", ".join(cfg.gb_cards[i].name for i in g("bottom")) or "none"
        return f"Great Beast cards: on top {top}; at the bottom {bottom}"
    if k == "choose":
        return f"Choose option {g('option') + 1}"
    return k.replace("_", " ")


class ViewMixin:
    __slots__ = ()

    def _hero_json(self, seat: int) -> dict:
        cfg, h = self.cfg, self.heroes[seat]
        bag = {c: h.bag.count(c) for c in sorted(set(h.bag))}
        return {
            "seat": seat,
            "hero": cfg.heroes[h.hero].id, "class": cfg.classes[h.cls].id,
            "space": cfg.names[h.space],
            "levels": dict(zip(STATS, h.stats)),
            "bag": bag, "hand": list(h.hand), "discard": sorted(h.discard), "held": h.held,
            "xp": h.xp, "aberration_track": h.track, "track_top": self.track_top(seat),
            "aberration_cards": [cfg.aberrations[k].id for k in h.cards], "plague": h.plague,
            "items": [cfg.items[i].id for i in h.items], "attuned": [cfg.items[i].id for i in h.attuned],
            "unlocked": [c for c in COLOURS if c in h.locks], "traps": h.traps, "shield": h.shield,
        }

    def known_top(self) -> int:
        """Top Great Beast cards the team knows: those looked at (Scout, Old Map), and the top one
        while a hero has Extra Eyes (the table is open, so what one hero sees all do)."""
        peek = any(self.has(k, "peek_great_beast") for k in range(self.cfg.players))
        return min(len(self.gb_deck), max(self.gb_known, 1 if peek else 0))

    def _view(self, seat):
        cfg = self.cfg
        over = self.phase == "over"
        shadows = [{"id": s[0], "space": cfg.names[s[1]]} for s in self.shadows]
        if over:
            for d, s in zip(shadows, self.shadows):
                d["token"] = cfg.shadow_pool[s[2]]
        known = self.gb_deck if over else self.gb_deck[:self.known_top()]
        return {
            "scenario": cfg.scenario.id,
            "round": self.round, "phase": self.phase, "turn": self.turn, "first_player": self.first,
            "asked": None if self.ask is None else {"kind": self.ask[0], "seat": self.ask[1]},
            "fear": self.fear, "fear_track": cfg.scenario.fear_track,
            "survival": self.survival, "survival_track": cfg.scenario.survival_track,
            "result": self.result, "cause": self.cause,
            "heroes": [self._hero_json(k) for k in range(cfg.players)],
            "monsters": [{"id": m[0], "slot": SLOTS[m[1]], "enemy": cfg.enemies[m[1]].id, "space": cfg.names[m[2]],
                          "damage": m[3], "frozen": m[4]} for m in self.monsters],
            "shadows": shadows,
            "influence": sorted(cfg.names[s] for s in self.influence),
            "fire": sorted(cfg.names[s] for s in self.fire),
            "villagers": {cfg.names[s]: n for s, n in enumerate(self.villagers) if n},
            "pool": self.pool,
            "manned": sorted(cfg.spots[i][0] for i in self.manned),
            "traps": [{"space": cfg.names[s], "owner": o} for s, o in self.traps],
            "vantage_points": [{"spot": key, "id": vp.id,
                                "state": ("standing", "secured", "corrupted")[self.vp_state[k]],
                                "paid": self.vp_paid[k]} for k, (vp, _, _, key) in enumerate(cfg.vps)],
            "enemies": [{"slot": SLOTS[k], "id": cfg.enemies[k].id, "level": self.levels[k],
                         "thornlamm": self.parasite[k]} for k in range(5)],
            "great_beast": {"left": len(self.gb_deck), "known_top": [cfg.gb_cards[i].id for i in known]},
            "objective": None if self.objective < 0 else {"id": cfg.objectives[self.objective].id,
                                                           "tokens": self.obj_marks},
            "objectives_left": len(self.obj_deck),
            "items_left": len(self.item_deck), "item_discard": [cfg.items[i].id for i in self.item_discard],
            "shadow_stack": len(self.stack), "shadow_discard": len(self.shadow_discard),
            "roll": list(self.roll),
        }

    def _dump(self) -> dict:
        doc = self._view(None)
        doc["hidden"] = {
            "shadows": [list(s) for s in self.shadows], "stack": list(self.stack),
            "gb_deck": list(self.gb_deck), "obj_deck": list(self.obj_deck), "item_deck": list(self.item_deck),
            "ab_deck": list(self.ab_deck), "bags": [list(h.bag) for h in self.heroes],
        }
        return doc

    def determinize(self, seat: int, seed: int):
        """A copy with the face-down shadows (map and stacks) and the unseen deck orders re-dealt."""
        new = self.clone()
        rng = Rng(seed)
        if new.phase != "over":
            toks = [s[2] for s in new.shadows] + list(new.stack)
            rng.shuffle(toks)
            k = len(new.shadows)
            new.shadows = tuple((s[0], s[1], t) for s, t in zip(new.shadows, toks[:k]))
            new.stack = tuple(toks[k:])
            k = new.known_top()
            top, rest = list(new.gb_deck[:k]), list(new.gb_deck[k:])
            rng.shuffle(rest)
            new.gb_deck = tuple(top + rest)
            for name in ("obj_deck", "item_deck", "ab_deck"):
                cards = list(getattr(new, name))
                rng.shuffle(cards)
                setattr(new, name, tuple(cards))
        new.rng = Rng(rng.next64())
        new._legal = None
        return new
