"""What each seat may see, the move labels, and a re-deal of what no seat may know (for search).

Aberration is cooperative and its table is open: heroes, hands, Items, monsters, Influence and Fire
are seen by all. Hidden [AR-S-7, AR-S-15]: what a face-down shadow token is (on the map and in the
stacks), the order of the Great Beast deck (except the top cards the team has looked at), of the
Objective, Item and Aberration decks. Bags are unordered: a chip is drawn at random when drawn, so
only their contents (public) exist. `determinize` re-deals the face-down shadows and the decks.
"""
from __future__ import annotations

import copy

from cardboard.engine import Rng

from .game import COLOURS, SLOTS, STATS
from .labels import COLOUR_STAT, STAT_WORDS, chip_words, chips_words, space_words


def where(cfg, space) -> str:
    """A space in words ("the Village Center", "Hollowroot Wood left branch 2"), from an index or an
    id: labels, the log and the tables all name spaces the same way (labels.space_words)."""
    return space_words(cfg, space)


def action_label(cfg, a) -> str:
    k = a.kind
    g = a.get
    if k == "use":
        act = cfg.actions[g("action")]
        return f"{act.name} (pay {chips_words(g('pay'))})"
    if k == "wield":
        return f"{cfg.items[g('item')].name} (pay {chips_words(g('pay'))})"
    if k == "item":
        return f"Play {cfg.items[g('item')].name}"
    if k == "exploit":
        it = cfg.items[g("item")]
        if g("colour"):
            return (f"Discard {it.name} (Alter): seat {g('to')}'s {chip_words(g('chip'))} chip pays as "
                    f"{chip_words(g('colour'))} for one action")
        return f"Discard {it.name} (Act): seat {g('to')} draws 1 chip"
    if k == "attune":
        return f"Attune {cfg.items[g('item')].name} (1 Experience)"
    if k == "upgrade":
        return f"Raise {STAT_WORDS.get(g('stat'), g('stat'))} (Experience)"
    if k == "unlock":
        colour = g("colour")
        return f"Unlock the {COLOUR_STAT.get(colour, colour)} advanced action (1 Experience)"
    if k == "secure":
        vp = next(v for v in cfg.vps if v[3] == g("vp"))[0]
        return f"Pay 1 {chip_words(g('chip'))} chip toward {vp.name}"
    if k == "end":
        return f"End the turn, holding 1 {chip_words(g('hold'))} chip" if g("hold") else "End the turn"
    if k == "step":
        esc = g("escort")
        esc = f", escorting {esc} villager{'' if esc == 1 else 's'}" if esc else ""
        return f"Step to {where(cfg, g('to'))}{esc}"
    if k in ("target", "place", "shove"):
        from .labels import action_label as spaces

        return spaces(cfg, a)
    if k == "assign":
        spot = next((s[1] for s in cfg.spots if s[0] == g("spot")), g("spot"))
        source = g("source")
        source = {"pool": "the pool", "here": "your space"}.get(source, source)
        return f"Assign a villager from {source} to {spot}"
    if k == "board":
        board = g("board")
        word = {"N": "North", "E": "East", "S": "South", "W": "West"}.get(board, board)
        return f"Remove Influence on the {word} board"
    if k == "redraw":
        return f"Return 1 {chip_words(g('chip'))} chip to the bag and draw another (Resourceful)"
    if k == "draw":
        return "Draw chips"
    if k == "stop":
        return "Stop"
    if k == "pass":
        return "Pass (play nothing now)"
    if k == "take":
        return "Take the damage"
    if k in ("block", "smite"):
        return f"{k.title()} with {cfg.items[g('item')].name}"
    if k == "reroll":
        parts = [f"{n} {name if n == 1 else name + 's'}"
                 for n, name in zip(g("dice") or (), ("blank", "graze", "Aberration icon")) if n]
        dice = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts) or "dice"
        if g("item") is not None:
            return f"Reroll {dice} with {cfg.items[g('item')].name} (Lucky)"
        return f"Reroll {dice} (Lucky Streak)" if g("power") == "streak" else f"Reroll {dice} (Lucky Coin)"
    if k == "pick":
        return f"Choose seat {g('hero')}'s hero"
    if k == "victim":
        return f"The monster attacks seat {g('hero')}'s hero"
    if k == "monster":
        return f"Choose monster {g('monster')}"
    if k == "reveal":
        return f"Reveal face-down shadow {g('shadow')}"
    if k == "keep":
        return f"Keep {cfg.items[g('item')].name}"
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
            # for the tables: names and texts of what is face up in front of the hero
            "name": cfg.heroes[h.hero].name, "species": cfg.heroes[h.hero].species,
            "class_name": cfg.classes[h.cls].name, "colours": list(cfg.classes[h.cls].colours),
            "special": {"name": cfg.heroes[h.hero].special.name, "text": cfg.heroes[h.hero].special.text},
            "hp": max(0, self.track_top(seat) - h.track),
            "item_cards": [{"index": i, "id": cfg.items[i].id, "name": cfg.items[i].name, "type": cfg.items[i].type,
                            "exploit": cfg.items[i].exploit, "text": cfg.items[i].text,
                            "attuned": i in h.attuned} for i in (*h.items, *(a for a in h.attuned if a not in h.items))],
            "transformations": [{"id": cfg.aberrations[k].id, "name": cfg.aberrations[k].name,
                                 "text": cfg.aberrations[k].text} for k in h.cards],
            # the hero's boards as printed (general actions, then the class board's; advanced ones locked
            # until unlocked [AR-CB-8]), for the tables to draw and click
            "actions": [{"id": a.id, "name": a.name, "section": a.section, "locked": a.locked,
                         "open": (not a.locked) or a.section in h.locks, "mode": a.mode,
                         "cost": [str(c) for c in a.cost], "text": a.text or self._effects_words(a.effects)}
                        for a in (*(cfg.actions[x] for x in cfg.general), *cfg.classes[h.cls].actions)],
        }

    def known_top(self) -> int:
        """Top Great Beast cards the team knows: those looked at (Scout, Old Map), and the top one
        while a hero has Extra Eyes (the table is open, so what one hero sees all do)."""
        peek = any(self.has(k, "peek_great_beast") for k in range(self.cfg.players))
        return min(len(self.gb_deck), max(self.gb_known, 1 if peek else 0))

    def known_bottom(self) -> int:
        """Bottom Great Beast cards the team knows: those Scout put under the deck (decision 16), in
        the order they lie, above none of the known top ones."""
        return min(self.gb_bottom, len(self.gb_deck) - self.known_top())

    def _view(self, seat):
        cfg = self.cfg
        over = self.phase == "over"
        shadows = [{"id": s[0], "space": cfg.names[s[1]]} for s in self.shadows]
        if over:
            for d, s in zip(shadows, self.shadows):
                d["token"] = cfg.shadow_pool[s[2]]
        known = self.gb_deck if over else self.gb_deck[:self.known_top()]
        nb = 0 if over else self.known_bottom()
        bottom = self.gb_deck[len(self.gb_deck) - nb:] if nb else ()
        return {
            "scenario": cfg.scenario.id, "viewer": seat,
            "round": self.round, "phase": self.phase, "turn": self.turn, "first_player": self.first,
            "asked": self._asked_json(),
            "fear": self.fear, "fear_track": cfg.scenario.fear_track,
            "survival": self.survival, "survival_track": cfg.scenario.survival_track,
            "result": self.result, "cause": self.cause,
            "heroes": [self._hero_json(k) for k in range(cfg.players)],
            "monsters": [self._monster_json(m) for m in self.monsters],
            "shadows": shadows,
            "influence": sorted(cfg.names[s] for s in self.influence),
            "fire": sorted(cfg.names[s] for s in self.fire),
            "villagers": {cfg.names[s]: n for s, n in enumerate(self.villagers) if n},
            "pool": self.pool,
            "manned": sorted(cfg.spots[i][0] for i in self.manned),
            "traps": [{"space": cfg.names[s], "owner": o} for s, o in self.traps],
            "vantage_points": [{"spot": key, "id": vp.id, "name": vp.name, "cost": "".join(vp.cost),
                                "state": ("standing", "secured", "corrupted")[self.vp_state[k]],
                                "paid": self.vp_paid[k], "board": cfg.clockwise[b],
                                "entries": [cfg.names[x] for x in entries], "spot_name": vp.spot.name,
                                "reward": self._effects_words(vp.reward)}
                               for k, (vp, b, entries, key) in enumerate(cfg.vps)],
            "village_spots": [{"id": s[0], "name": s[1], "manned": i in self.manned}
                              for i, s in enumerate(cfg.spots) if s[3] < 0 or self.vp_state[s[3]] == 1],
            "enemies": [self._enemy_json(k) for k in range(5)],
            "great_beast": {"left": len(self.gb_deck), "known_top": [cfg.gb_cards[i].id for i in known],
                            "known_cards": [self._gb_card_json(i) for i in known],
                            "known_bottom": [cfg.gb_cards[i].id for i in bottom],
                            "known_bottom_cards": [self._gb_card_json(i) for i in bottom]},
            "objective": None if self.objective < 0 else self._objective_json(),
            "objectives_left": len(self.obj_deck),
            "items_left": len(self.item_deck), "item_discard": [cfg.items[i].id for i in self.item_discard],
            "shadow_stack": len(self.stack), "shadow_discard": len(self.shadow_discard),
            "roll": list(self.roll),
            "scenario_name": cfg.scenario.name,
            "extra_goal": None if cfg.scenario.extra_goal is None else cfg.scenario.text,
            "map": self._map_json(),
            "log": self._log_words(30),
        }

    # ---------------------------------------------------------------- for the tables (terminal, web)
    def _gb_card_json(self, i: int) -> dict:
        c = self.cfg.gb_cards[i]
        return {"id": c.id, "name": c.name, "level_up": c.level_up, "point": c.point, "text": c.text}

    def _monster_json(self, m) -> dict:
        cfg = self.cfg
        e = cfg.enemies[m[1]]
        lv = e.levels[min(self.levels[m[1]], len(e.levels)) - 1]
        return {"id": m[0], "slot": SLOTS[m[1]], "enemy": e.id, "space": cfg.names[m[2]],
                "damage": m[3], "frozen": m[4], "name": e.name, "type": e.type,
                "hp": max(0, lv.hp - m[3]), "max_hp": lv.hp, "keywords": list(lv.keywords)}

    def _enemy_json(self, k: int) -> dict:
        cfg = self.cfg
        e = cfg.enemies[k]
        lv = e.levels[min(self.levels[k], len(e.levels)) - 1]
        return {"slot": SLOTS[k], "id": e.id, "level": self.levels[k], "thornlamm": self.parasite[k],
                "name": e.name, "type": e.type, "figures": e.figures,
                "on_map": sum(1 for m in self.monsters if m[1] == k),
                "hp": lv.hp, "dmg": lv.dmg, "acts": 2 if "aggressive" in lv.keywords else 1, "keywords": list(lv.keywords),
                "max_level": len(e.levels), "text": e.text}

    def _objective_json(self) -> dict:
        o = self.cfg.objectives[self.objective]
        return {"id": o.id, "tokens": self.obj_marks, "name": o.name, "kind": o.kind, "text": o.text,
                "needed": self.cfg.obj_tokens if o.kind == "tokens" else 1, "survival": o.survival}

    @staticmethod
    def _effects_words(effects) -> str:
        out = []
        for e in effects:
            amount = getattr(e, "amount", None) or getattr(e, "count", None)
            out.append(e.kind.replace("_", " ") + (f" {amount}" if amount else ""))
        return ", ".join(out)

    def _map_json(self) -> dict:
        """The map's shape (static for a game): each board's spaces as the trunk, the fork's left and
        right branches and its glades, every link, and space names by index (moves name spaces by
        index or by name)."""
        cfg = self.cfg
        cached = cfg.map_json
        if cached is not None:
            return copy.deepcopy(cached)
        tiles = {t.id: t for t in cfg.content.tiles}
        boards = []
        for b, compass in enumerate(cfg.clockwise):
            t = tiles[cfg.tile_of_board[b]]
            trunk, left, right = t.branches()
            glades = [s for s in t.spaces if s[0] == "g"]
            adj = t.adjacency()
            boards.append({
                "compass": compass, "tile": t.id, "name": t.name,
                "trunk": [f"{t.id}.{s}" for s in trunk], "left": [f"{t.id}.{s}" for s in left],
                "right": [f"{t.id}.{s}" for s in right], "glades": [f"{t.id}.{s}" for s in glades],
                "spawn": f"{t.id}.{t.spawn}",
                "glade_links": {f"{t.id}.{g}": sorted(f"{t.id}.{x}" for x in adj[g]) for g in glades},
                "extra_links": sorted(f"{t.id}.{a}-{t.id}.{c}" for a, c in (e.split("-") for e in t.edges)
                                      if "VC" not in (a, c) and a[0] != "g" and c[0] != "g"
                                      and a[0] != c[0] and {a[0], c[0]} not in ({"a", "f"}, {"f", "l"}, {"f", "r"})),
            })
        cross = []
        for i, name in enumerate(cfg.names):
            for j in cfg.adj[i]:
                if i < j and i and cfg.board_of[i] != cfg.board_of[j]:
                    cross.append([name, cfg.names[j]])
        doc = {"boards": boards, "spaces": list(cfg.names), "gates": [cfg.names[g] for g in cfg.gates],
               "links": {cfg.names[i]: [cfg.names[j] for j in cfg.adj[i]] for i in range(len(cfg.names))},
               "cross": cross}
        cfg.map_json = doc
        return copy.deepcopy(doc)

    def _asked_json(self):
        if self.ask is None:
            return None
        ask, cfg = self.ask, self.cfg
        doc = {"kind": ask[0], "seat": ask[1]}
        k = ask[0]
        if k == "target":
            doc.update(attack=ask[2], dice=ask[3], area=ask[4], quick=ask[5])
        elif k == "walk":
            doc.update(steps=ask[2])
        elif k == "block":
            doc.update(damage=ask[2])
        elif k == "place":
            doc.update(what=ask[2], count=ask[4])
        elif k in ("pick_monster", "pick_hero"):
            doc.update(what=ask[2])
        elif k == "reroll":
            doc.update(side=ask[2])
        elif k == "support":
            doc.update(current=ask[2])
        elif k == "pick_shadow":
            doc.update(count=ask[3])
        elif k == "pick_board":
            doc.update(count=ask[3])
        elif k == "victim":
            doc.update(monster=ask[2])
        return doc

    def _log_words(self, n: int) -> list[str]:
        """The last `n` things that happened, in words (all public: a shadow is named once revealed)."""
        events, node = [], self.log
        while node is not None and len(events) < n:
            node, ev = node
            events.append(ev)
        cfg = self.cfg
        names = {SLOTS[k]: cfg.enemies[k].name for k in range(5)}
        heroes = [cfg.heroes[h.hero].name for h in self.heroes]

        def hero(seat):
            if isinstance(seat, int) and 0 <= seat < len(heroes):
                return f"{heroes[seat]} (seat {seat})"
            return "A villager" if seat == -1 else "Someone"

        def space(x):
            return where(cfg, x)

        def named(table, key):
            return next((c.name for c in table if c.id == key), str(key).replace("_", " "))

        out = []
        for ev in reversed(events):
            rnd, _phase, kind, *a = ev
            if kind == "encroach":
                s = "The enemies encroach"
            elif kind == "level_up":
                s = f"{names.get(a[0], a[0])} level up"
            elif kind == "great_beast":
                s = f"Great Beast card: {named(cfg.gb_cards, a[0])}"
            elif kind == "roll":
                faces = ", ".join(("blank", "graze", "hit")[f] for f in a[2]) or "no dice"
                s = f"{hero(a[0])} rolls for a {a[1]} attack: {faces}"
            elif kind == "kill":
                s = f"{hero(a[0])} kills {names.get(a[1], a[1])} with a {a[2]} attack"
            elif kind == "monster_attack":
                target = hero(a[2]) if a[1] == "hero" else f"a villager at {space(a[2])}"
                s = f"{names.get(a[0], a[0])} attacks {target}: {a[3]} damage"
            elif kind == "villager_dies":
                s = f"A villager dies at {space(a[0])}"
            elif kind == "transform":
                s = f"{hero(a[0])} transforms: {named(cfg.aberrations, a[1])}"
            elif kind == "assign":
                spot = next((x[1] for x in cfg.spots if x[0] == a[1]), str(a[1]))
                s = f"{hero(a[0])} assigns a villager to {spot}"
            elif kind == "game_over":
                s = f"Game over: {'victory' if a[0] == 'win' else 'defeat'} ({a[1]})"
            elif kind == "objective":
                s = f"Objective complete: {named(cfg.objectives, a[0])}"
            elif kind == "use":
                s = f"{hero(a[0])} uses {cfg.actions[a[1]].name if a[1] in cfg.actions else a[1]}"
            elif kind == "end_turn":
                s = f"{hero(a[0])} ends the turn"
            elif kind == "exploit":
                s = f"{hero(a[0])} exploits an Item ({str(a[1]).title()})"
            elif kind == "reveal":
                monster = names.get(a[1], a[1])
                article = "an" if str(monster)[:1] in "AEIOU" else "a"
                what = {"v": "a villager", "i": "Influence"}.get(a[1], f"{article} {monster}")
                s = f"Shadow at {space(a[0])} revealed: {what}"
            elif kind == "influence_full":
                s = "Influence: every path is full"
            elif kind == "influence_negated":
                s = f"Influence negated by Fire at {space(a[0])}"
            elif kind == "influence":
                s = f"Influence placed at {space(a[0])}"
            elif kind == "corrupted":
                s = f"Vantage Point corrupted: {named([v[0] for v in cfg.vps], a[0])}"
            elif kind == "enters_village":
                s = f"{names.get(a[0], a[0])} enters the Village"
            elif kind == "secured":
                s = f"{hero(a[0])} secures {named([v[0] for v in cfg.vps], a[1])}"
            elif kind == "step":
                s = f"{hero(a[0])} steps to {space(a[1])}" + (f" with {a[2]} villager{'' if a[2] == 1 else 's'}" if a[2] else "")
            elif kind == "monster_moves":
                s = f"{names.get(a[0], a[0])} moves to {space(a[1])}"
            elif kind == "village":
                s = "Village phase: villagers return to the pool"
            else:
                s = " ".join(str(x).replace("_", " ") for x in (kind, *a))
            out.append(f"Round {rnd}: {s}" if rnd else f"Set-up: {s}")
        return out

    def score_breakdown(self) -> list[dict]:
        """The end-of-game table (cooperative: the same for every seat): the outcome and why, the
        tracks, Vantage Points secured and objectives completed."""
        sc = self.cfg.scenario
        row = {"outcome": {"win": "Victory", "loss": "Defeat"}.get(self.result, "Playing"), "cause": self.cause,
               "won": 1 if self.result == "win" else 0,
               "survival": self.survival, "survival_track": sc.survival_track,
               "fear": self.fear, "fear_track": sc.fear_track,
               "vantage_points": sum(1 for v in self.vp_state if v == 1), "round": self.round}
        return [dict(row, seat=s, total=self._scores()[s]) for s in range(self.cfg.players)]

    def _dump(self) -> dict:
        doc = self._view(None)
        doc["hidden"] = {
            "shadows": [list(s) for s in self.shadows], "stack": list(self.stack),
            "gb_deck": list(self.gb_deck), "obj_deck": list(self.obj_deck), "item_deck": list(self.item_deck),
            "ab_deck": list(self.ab_deck), "bags": [list(h.bag) for h in self.heroes],
            "rng": self.rng.state,   # a redraw may give the same chip back: only the dice state differs
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
            k, b = new.known_top(), new.known_bottom()   # seen cards stay where they were seen
            deck = new.gb_deck
            rest = list(deck[k:len(deck) - b])
            rng.shuffle(rest)
            new.gb_deck = deck[:k] + tuple(rest) + deck[len(deck) - b:]
            for name in ("obj_deck", "item_deck", "ab_deck"):
                cards = list(getattr(new, name))
                rng.shuffle(cards)
                setattr(new, name, tuple(cards))
        new.rng = Rng(rng.next64())
        new._legal = None
        return new
