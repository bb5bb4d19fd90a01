"""The effect words of spaces, cards, events and entries (content.py's EFFECT_KINDS), their
conditions, and the choices they ask for. One effect runs per task, so an effect that needs a
decision simply records it in `ask`; the rest of its list waits in `todo`.

Dominated choices are made for the player and listed in RULES.md (decisions): a discarded cube
is the most decayed one, bolts are always turned to blanks, blue dice are always taken, preserved
cubes are always all sold.
"""
from __future__ import annotations

from .game import ALIVE, MUSCLE, SKIN, STAGES, TRACKED
from .knowledge import CADAVER
from .player import cube

PART_STATE = {"built": MUSCLE, "complete": SKIN, "alive": ALIVE}


def _condition_code(cfg, c, loc, k: int) -> str:
    """`holds(seat, c, loc)` written as a Python expression of the state `s`, the seat and its
    Player `p`; a kind not written out here asks `holds` (the k-th condition of `C`)."""
    kind = c.kind
    if kind in ("attribute_at_least", "attribute_at_most") and c.attribute.isidentifier() and type(c.amount) is int:
        return f"p.{c.attribute} {'>=' if kind == 'attribute_at_least' else '<='} {c.amount}"
    if kind == "francs_at_least" and type(c.amount) is int:
        return f"p.francs >= {c.amount}"
    if kind == "no_police_marker":
        return "p.police == 0"
    if kind == "has_police_marker":
        return "p.police > 0"
    if kind == "has_part":
        want = PART_STATE[c.state]
        slots = [i for i, part in enumerate(cfg.slot_part) if part == c.part]
        return "(" + " or ".join(f"p.parts[{i}] >= {want}" for i in slots) + ")" if slots else "False"
    if kind == "parts_at_least" and type(c.count) is int:
        states = tuple(range(PART_STATE[c.state], ALIVE + 1))
        if len(states) == 1:
            return f"p.parts.count({states[0]}) >= {c.count}"
        return f"sum(map(p.parts.count, {states})) >= {c.count}"
    if kind == "cards_on_display":
        decks = [d for d, deck in enumerate(cfg.content.cadaver_decks) if deck.location == loc]
        return "bool(" + " or ".join(f"s.display[{d}]" for d in decks) + ")" if decks else "False"
    return f"s.holds(seat, C[{k}], LOC)"


def condition_test(cfg, conditions, loc=None):
    """A function (state, seat, Player) -> bool: whether the seat meets every condition at `loc`,
    as `holds` says, written out once (a space's requirements are read on every placement
    listing, the objectives' after every task)."""
    if not conditions:
        return lambda s, seat, p: True
    body = " and ".join(f"({_condition_code(cfg, c, loc, k)})" for k, c in enumerate(conditions))
    return eval(f"lambda s, seat, p: {body}", {"C": tuple(conditions), "LOC": loc})


_PLAYER_ONLY = frozenset({"attribute_at_least", "attribute_at_most", "francs_at_least", "no_police_marker",
                          "has_police_marker", "has_part", "parts_at_least"})


def condition_expression(cfg, c) -> str | None:
    """The expression of a condition its Player alone decides (of `p`), or None."""
    code = _condition_code(cfg, c, None, 0)
    return code if c.kind in _PLAYER_ONLY and "holds" not in code else None
FAMILY_ROW = {"scoundrel": 0, "research": 1, "humanity": 2}


class EffectsMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- running effects
    def _task_effects(self, seat: int, effects: tuple, origin) -> None:
        if not effects:
            return
        if len(effects) > 1:
            self._now(("effects", seat, effects[1:], origin))
        e = effects[0]
        getattr(self, "_eff_" + e.kind)(seat, e, origin)

    def _has_ability(self, seat: int, kind: str):
        for ability in self.cfg.characters[self.players[seat].character].abilities:
            if ability.kind == kind:
                return ability
        return None

    def _others_lose_humanity(self, seat: int) -> None:
        """Baptiste Rousseau: francs when another player loses Humanity at a location."""
        for other in range(self.cfg.players):
            if other == seat:
                continue
            ability = self._has_ability(other, "francs_when_others_lose_humanity")
            if ability and self.players[other].earned < ability.limit:
                gain = min(ability.amount, ability.limit - self.players[other].earned)
                p = self._me(other)
                p.earned += gain
                p.francs += gain

    # ---------------------------------------------------------------- conditions
    def holds(self, seat: int, c, loc: str | None = None) -> bool:
        p = self.players[seat]
        k = c.kind
        if k == "attribute_at_least":
            return getattr(p, c.attribute) >= c.amount
        if k == "attribute_at_most":
            return getattr(p, c.attribute) <= c.amount
        if k == "francs_at_least":
            return p.francs >= c.amount
        if k == "materials_at_least":
            have = p.cubes(c.material)
            if c.material in ("muscle", "organ"):
                have += p.preserved[0 if c.material == "muscle" else 1]
            return have >= c.count
        if k == "no_police_marker":
            return p.police == 0
        if k == "has_police_marker":
            return p.police > 0
        if k == "cards_on_display":
            return any(self.display[d] for d, deck in enumerate(self.cfg.content.cadaver_decks)
                       if deck.location == loc)
        if k == "has_part":
            want = PART_STATE[c.state]
            return any(state >= want for part, state in zip(self.cfg.slot_part, p.parts) if part == c.part)
        if k == "parts_at_least":
            return p.count_parts(PART_STATE[c.state]) >= c.count
        raise ValueError(f"unknown condition {k}")

    def _eff_when(self, seat, e, origin) -> None:
        if self.holds(seat, e.condition, origin):
            self._now(("effects", seat, e.then, origin))

    def _eff_may_pay(self, seat, e, origin) -> None:
        if self.players[seat].francs >= e.francs:
            self.ask = ("may_pay", seat, e, origin)

    def _moves_may_pay(self):
        return [self._act("pay", francs=self.ask[2].francs), self._act("decline")]

    def _do_pay(self, a, ask) -> None:
        _, seat, e, origin = ask
        self._pay(seat, e.francs)
        self._now(("effects", seat, e.then, origin))

    def _do_decline(self, a, ask) -> None:
        self._say("decline", ask[1], ask[0])

    # ---------------------------------------------------------------- attributes, francs
    def _eff_gain_attribute(self, seat, e, origin) -> None:
        self._turn_dial(seat, e.attribute, e.amount, origin if origin not in (None, "lab") else None)

    def _eff_gain_francs(self, seat, e, origin) -> None:
        self._gain_francs(seat, e.amount)

    def _eff_gain_francs_by_attribute(self, seat, e, origin) -> None:
        value = getattr(self.players[seat], e.attribute)
        francs = 0
        for at_least, amount in e.table:
            if value >= at_least:
                francs = amount
        self._gain_francs(seat, francs)

    # ---------------------------------------------------------------- materials [AM-G-1]
    def _gain_cubes(self, seat: int, material: str, stage: int | None, count: int) -> int:
        """Cubes from the supply (as many as it has) onto the track. A stage may pass 15 here:
        the caller then calls `_settle`, which has the excess discarded at once (its owner
        choosing) before anything else happens. Returns the cubes placed."""
        count = min(count, self.supply_left(material))
        if count <= 0:
            return 0
        p = self._me(seat)
        if material == "bone":
            limit = self.cfg.content.lab.bone_limit
            if limit:
                count = min(count, limit - p.bone)
            p.bone += count
            return count
        i = cube(material, stage)
        p.track = p.track[:i] + (p.track[i] + count,) + p.track[i + 1:]
        return count

    def _settle(self, seat: int) -> None:
        """[AM-G-1] "If a space has more than 15 materials, immediately discard the excess": the
        discarding runs before any work already waiting."""
        limit = self.cfg.content.lab.stage_limit
        p = self.players[seat]
        if any(p.stage_total(stage) > limit for stage in range(1, STAGES + 1)):
            self._now(("overflow", seat))

    def _task_overflow(self, seat: int) -> None:
        """[AM-G-1, AM-D-7] each space past 15 loses its excess: with more than one material on it
        the owner chooses the cubes to discard, one at a time; otherwise they go by themselves.
        The log names every cube lost."""
        limit = self.cfg.content.lab.stage_limit
        for stage in range(1, STAGES + 1):
            p = self.players[seat]
            over = p.stage_total(stage) - limit
            if over <= 0:
                continue
            present = [m for m in TRACKED if p.track[cube(m, stage)]]
            if len(present) > 1:
                self.ask = ("overflow", seat, stage)
                return
            self._discard_cubes(seat, present[0], stage, over)

    def _moves_overflow(self):
        _, seat, stage = self.ask
        track = self.players[seat].track
        return [self._act("discard_cube", material=m, stage=stage) for m in TRACKED if track[cube(m, stage)]]

    def _do_discard_cube(self, a, ask) -> None:
        self._discard_cubes(ask[1], a["material"], a["stage"], 1)
        self._now(("overflow", ask[1]))

    def _discard_cubes(self, seat: int, material: str, stage: int, n: int) -> None:
        """n cubes of a space go back to the supply; cubes kept fresh by a card go last."""
        p = self._me(seat)
        i = cube(material, stage)
        p.track = p.track[:i] + (p.track[i] - n,) + p.track[i + 1:]
        if p.skip[i] > p.track[i]:
            p.skip = p.skip[:i] + (p.track[i],) + p.skip[i + 1:]
        self._say("overflow", seat, material, stage, n)

    def _eff_gain_materials(self, seat, e, origin) -> None:
        for m in e.materials:
            self._gain_cubes(seat, m.material, m.stage, m.count)
        self._settle(seat)

    def _eff_lose_materials(self, seat, e, origin) -> None:
        """The most decayed cubes go first (never worse for the player), then preserved ones."""
        p = self._me(seat)
        left = e.count
        if e.material == "bone":
            p.bone -= min(left, p.bone)
            return
        m = TRACKED.index(e.material)
        track = list(p.track)
        for stage in range(STAGES, 0, -1):
            i = m * STAGES + stage - 1
            take = min(left, track[i])
            track[i] -= take
            left -= take
            skip = list(p.skip)
            skip[i] = min(skip[i], track[i])
            p.skip = tuple(skip)
        p.track = tuple(track)
        if left and e.material in ("muscle", "organ"):
            k = 0 if e.material == "muscle" else 1
            pres = list(p.preserved)
            pres[k] -= min(left, pres[k])
            p.preserved = tuple(pres)

    def _eff_restore_materials(self, seat, e, origin) -> None:
        if self._cube_choices(seat, fresher=True):
            self.ask = ("restore", seat, e.count)

    def _eff_skip_decay(self, seat, e, origin) -> None:
        if self._cube_choices(seat, fresher=False):
            self.ask = ("skip", seat, e.count)

    def _cube_choices(self, seat: int, fresher: bool) -> list:
        p = self.players[seat]
        out = []
        for m, material in enumerate(TRACKED):
            for stage in range(2 if fresher else 1, STAGES + 1):
                i = m * STAGES + stage - 1
                if p.track[i] > (0 if fresher else p.skip[i]):
                    out.append((material, stage))
        return out

    def _moves_restore(self):
        return [self._act("restore", material=m, stage=s) for m, s in self._cube_choices(self.ask[1], True)] + \
            [self._act("done")]

    def _moves_skip(self):
        return [self._act("keep_fresh", material=m, stage=s) for m, s in self._cube_choices(self.ask[1], False)] + \
            [self._act("done")]

    def _do_restore(self, a, ask) -> None:
        _, seat, left = ask
        p = self._me(seat)
        i = cube(a["material"], a["stage"])
        track = list(p.track)
        track[i] -= 1
        track[i - 1] += 1   # onto a full fresher stage: its owner then discards the excess [AM-G-1]
        p.track = tuple(track)
        p.skip = tuple(min(s, t) for s, t in zip(p.skip, p.track))
        if left > 1 and self._cube_choices(seat, True):
            self._now(("reask", ("restore", seat, left - 1)))
        self._settle(seat)

    def _do_keep_fresh(self, a, ask) -> None:
        _, seat, left = ask
        p = self._me(seat)
        i = cube(a["material"], a["stage"])
        p.skip = p.skip[:i] + (p.skip[i] + 1,) + p.skip[i + 1:]
        if left > 1 and self._cube_choices(seat, False):
            self.ask = ("skip", seat, left - 1)

    def _do_done(self, a, ask) -> None:
        kind = ask[0]
        if kind == "cadavers":
            self._return_drawn(ask[2])
        elif kind == "build":
            self._now(("switch_step", ask[1]))

    # ---------------------------------------------------------------- cadavers [AM-K-2]
    def _affordable(self, seat: int, card: int, free: bool) -> bool:
        return free or self.players[seat].francs >= self.cfg.cadavers[card].cost.francs

    def _eff_draw_cadavers(self, seat, e, origin) -> None:
        d = self.cfg.deck_index[e.deck]
        deck = self.decks[d]
        self.drawn = deck[:e.count]
        self._set_deck(d, deck[e.count:])
        self._learn(CADAVER, self.drawn, seat)
        self._say("draw_cadavers", seat, e.deck, len(self.drawn))
        if self.drawn:
            self.ask = ("cadavers", seat, d, e.resolve, e.free, origin)

    def _moves_cadavers(self):
        _, seat, d, resolve, free, origin = self.ask
        out = [self._act("resolve", card=self.cfg.cadavers[c].id, take=take)
               for c in self.drawn if self._affordable(seat, c, free) for take in ("option", "materials")]
        return out + [self._act("done")]

    def _do_resolve(self, a, ask) -> None:
        _, seat, d, resolve, free, origin = ask
        card = next(c for c in self.drawn if self.cfg.cadavers[c].id == a["card"])
        self.drawn = tuple(c for c in self.drawn if c != card)
        self._reveal(CADAVER, (card,))   # resolved in sight, then under its deck
        if resolve == "any" and self.drawn:
            self._now(("reask", ask))   # after what resolving it asks for (a space past 15)
        self._resolve_cadaver(seat, card, a["take"], free, origin)
        self._set_deck(d, self.decks[d] + (card,))   # [AM-K-1]
        if not (resolve == "any" and self.drawn):
            self._return_drawn(d)

    def _return_drawn(self, d: int) -> None:
        """Unresolved cadavers go face down under their deck [AM-K-1]."""
        self._set_deck(d, self.decks[d] + self.drawn)
        self.drawn = ()

    def _resolve_cadaver(self, seat: int, card: int, take: str, free: bool, origin) -> None:
        """[AM-K-2] pay the cost, then the attribute option OR the materials."""
        spec = self.cfg.cadavers[card]
        self._say("cadaver", seat, spec.id, take)
        if not free:
            if spec.cost.francs:
                self._pay(seat, spec.cost.francs)
            if spec.cost.humanity:
                self._turn_dial(seat, "humanity", -spec.cost.humanity, origin if origin != "lab" else None)
        if take == "option":
            self._turn_dial(seat, spec.option.attribute, spec.option.amount)
        else:
            for m in spec.materials:
                self._gain_cubes(seat, m.material, m.stage, m.count)
            self._settle(seat)

    def _eff_take_cadaver(self, seat, e, origin) -> None:
        d = self.cfg.deck_index[e.deck]
        if any(self._affordable(seat, c, False) for c in self._takeable(d)):
            self.ask = ("take_cadaver", seat, d, origin)

    def _takeable(self, d: int) -> tuple:
        shown = self.display[d]
        if self.cfg.decks[d] == "hospital":
            return shown[:1]   # the top of the face-up stack
        return shown

    def _moves_take_cadaver(self):
        _, seat, d, origin = self.ask
        return [self._act("take", card=self.cfg.cadavers[c].id, take=take)
                for c in self._takeable(d) if self._affordable(seat, c, False) for take in ("option", "materials")]

    def _do_take(self, a, ask) -> None:
        _, seat, d, origin = ask
        card = next(c for c in self.display[d] if self.cfg.cadavers[c].id == a["card"])
        self.display = self.display[:d] + (tuple(c for c in self.display[d] if c != card),) + self.display[d + 1:]
        self._resolve_cadaver(seat, card, a["take"], False, origin)
        self._put_back_cadaver(card)

    def _put_back_cadaver(self, card: int) -> None:
        if card == self.cfg.leopold:
            return  # Leopold goes back to the side (CONTENT.md decision 2)
        d = self.cfg.cadaver_deck[card]
        self._set_deck(d, self.decks[d] + (card,))

    def _eff_reveal_cadavers(self, seat, e, origin) -> None:
        d = self.cfg.deck_index[e.deck]
        deck = self.decks[d]
        self.display = self.display[:d] + (self.display[d] + deck[:e.count],) + self.display[d + 1:]
        self._set_deck(d, deck[e.count:])
        self._reveal(CADAVER, deck[:e.count])

    def _eff_reveal_cadaver(self, seat, e, origin) -> None:
        card = next(i for i, c in enumerate(self.cfg.cadavers) if c.id == e.card)
        d = self.cfg.cadaver_deck[card]
        if card not in self.display[d]:
            self.display = self.display[:d] + (self.display[d] + (card,),) + self.display[d + 1:]
            self._reveal(CADAVER, (card,))

    # ---------------------------------------------------------------- cards in hand [AM-K-3, AM-K-4]
    def hand(self, seat: int, family: str) -> tuple:
        p = self.players[seat]
        return p.research if family == "research" else p.humanity_cards

    def _set_hand(self, seat: int, family: str, cards: tuple) -> None:
        p = self._me(seat)
        if family == "research":
            p.research = tuple(sorted(cards))
        else:
            p.humanity_cards = tuple(sorted(cards))

    def _discard_card(self, seat: int, family: str, card: int) -> None:
        """A card leaves the hand for the bottom of its deck [AM-K-1]."""
        hand = list(self.hand(seat, family))
        hand.remove(card)
        self._set_hand(seat, family, tuple(hand))
        r = FAMILY_ROW[family]
        self.row_decks = self.row_decks[:r] + (self.row_decks[r] + (card,),) + self.row_decks[r + 1:]
        if not (self.phase == "lab" and self.lab_start):   # a lab's card is shown as the phase ends [AM-H-1]
            self._reveal(r, (card,))

    def _eff_take_card(self, seat, e, origin) -> None:
        r = FAMILY_ROW[e.family]
        if any(c >= 0 for c in self.rows[r]) or self.row_decks[r]:
            self.ask = ("card", seat, e.family, e.count)

    def _moves_card(self):
        _, seat, family, count = self.ask
        r = FAMILY_ROW[family]
        hand = self.hand(seat, family)
        full = len(hand) >= self.cfg.setup.hand_limits[family]
        sources = [("row", i) for i, c in enumerate(self.rows[r]) if c >= 0]
        if self.row_decks[r]:
            sources.append(("deck", 0))
        out = []
        for where, i in sources:
            if full:   # a 4th card needs a discard first; drawing is always optional
                out += [self._act("draw_card", source=where, slot=i, discard=c, family=family)
                        for c in self._distinct(family, hand)]
            else:
                out.append(self._act("draw_card", source=where, slot=i, family=family))
        return out + [self._act("decline")]

    def _do_draw_card(self, a, ask) -> None:
        _, seat, family, count = ask
        r = FAMILY_ROW[family]
        if a.get("discard") is not None:
            self._discard_card(seat, family, a["discard"])
        if a["source"] == "row":
            card = self.rows[r][a["slot"]]
            row = self.rows[r]
            self.rows = self.rows[:r] + (row[:a["slot"]] + (-1,) + row[a["slot"] + 1:],) + self.rows[r + 1:]
        else:
            card = self.row_decks[r][0]
            self.row_decks = self.row_decks[:r] + (self.row_decks[r][1:],) + self.row_decks[r + 1:]
            self._learn(r, (card,), seat)
        self._set_hand(seat, family, self.hand(seat, family) + (card,))
        self._say("draw_card", seat, family, a["source"])
        if count > 1:
            self.ask = ("card", seat, family, count - 1)

    def _distinct(self, family: str, cards) -> list:
        """One of each card: two copies of a card in a hand are one choice, not two."""
        specs, names, out = getattr(self.cfg, family), set(), []
        for c in sorted(cards):
            if specs[c].id not in names:
                names.add(specs[c].id)
                out.append(c)
        return out

    def _playable(self, seat: int, windows: tuple) -> list:
        """The cards the seat may play in one of `windows` (one of each card), research first;
        worked out once per game for each pair of hands (a bounded cache)."""
        p = self.players[seat]
        research, humanity = p.research, p.humanity_cards
        if not research and not humanity:
            return []
        cache = self.game.tab.playable
        key = (research, humanity, windows)
        hit = cache.get(key)
        if hit is None:
            out = []
            for family, hand in (("research", research), ("humanity", humanity)):
                cards = getattr(self.cfg, family)
                for c in self._distinct(family, hand):
                    if cards[c].window in windows:
                        out.append(self._act("play", family=family, card=c))
            if len(cache) >= 4096:
                cache.clear()
            hit = cache[key] = tuple(out)
        return list(hit)

    def _do_play(self, a, ask) -> None:
        """A card played in its window: its effects, then its icons; it goes under its deck."""
        seat = ask[1]
        family, card = a["family"], a["card"]
        spec = getattr(self.cfg, family)[card]
        self._discard_card(seat, family, card)
        self._say("play", seat, spec.id)
        self._now(("effects", seat, spec.effects + spec.icons, None), ask_again(ask))

    # ---------------------------------------------------------------- the Docks, the Market
    def _eff_hire_scoundrel(self, seat, e, origin) -> None:
        if self._hireable(seat):
            self.ask = ("hire", seat, origin)

    def _hireable(self, seat: int) -> list:
        p = self.players[seat]
        out = []
        for slot, c in enumerate(self.rows[0]):
            if c >= 0:
                spec = self.cfg.scoundrels[c]
                if p.francs >= spec.cost and all(self.holds(seat, cond) for cond in spec.requires):
                    out.append(slot)
        return out

    def _moves_hire(self):
        return [self._act("hire", slot=s) for s in self._hireable(self.ask[1])] + [self._act("decline")]

    def _do_hire(self, a, ask) -> None:
        _, seat, origin = ask
        slot = a["slot"]
        card = self.rows[0][slot]
        spec = self.cfg.scoundrels[card]
        self._pay(seat, spec.cost)
        row = self.rows[0]
        self.rows = (row[:slot] + (-1,) + row[slot + 1:],) + self.rows[1:]
        self.row_decks = (self.row_decks[0] + (card,),) + self.row_decks[1:]
        self._say("hire", seat, spec.id)
        self._now(("effects", seat, spec.effects, origin))

    def market_price(self, base: int) -> int:
        change = sum(r.amount for r in self.rules if r.kind == "market_price_change")
        return max(1, base + change)

    def _eff_market_buy(self, seat, e, origin) -> None:
        self.ask = ("market", seat, 0)

    def _moves_market(self):
        _, seat, animals = self.ask
        m = self.cfg.content.market
        p = self.players[seat]
        out = []
        if p.francs >= self.market_price(m.jar_price) and p.jars() < self.cfg.content.lab.jar_slots \
                and self.supply_left("jars"):
            out.append(self._act("buy", item="jar"))
        if p.francs >= self.market_price(m.ice_price) and not p.ice and self.supply_left("ice"):
            out.append(self._act("buy", item="ice"))
        if p.francs >= self.market_price(m.animal_price) and animals + m.animal_cubes <= m.animal_per_visit \
                and self.supply_left("animal"):
            out.append(self._act("buy", item="animal"))
        return out + [self._act("done_buying")]

    def _do_buy(self, a, ask) -> None:
        _, seat, animals = ask
        m = self.cfg.content.market
        item = a["item"]
        price = self.market_price({"jar": m.jar_price, "ice": m.ice_price, "animal": m.animal_price}[item])
        self._pay(seat, price)
        if item == "jar":
            self._add_jars(seat, 1)
        elif item == "ice":
            self._me(seat).ice = self.cfg.content.lab.ice_rounds
        else:
            self._gain_cubes(seat, "animal", m.animal_stage, m.animal_cubes)
            animals += m.animal_cubes
        self._say("buy", seat, item, price)
        self._now(("reask", ("market", seat, animals)))
        self._settle(seat)   # a space past 15 is settled first

    def _do_done_buying(self, a, ask) -> None:
        pass

    def _eff_sell_preserved(self, seat, e, origin) -> None:
        """Preserved cubes can only be sold, so all of them are (RULES.md decision)."""
        p = self._me(seat)
        n = sum(p.preserved)
        if n:
            p.preserved = (0, 0)
            p.francs += n * e.amount
            self._say("sell", seat, "preserved", n)

    def _eff_sell_bone(self, seat, e, origin) -> None:
        if self.players[seat].bone >= e.count:
            self.ask = ("sell_bone", seat, e.count)

    def _moves_sell_bone(self):
        _, seat, per = self.ask
        return [self._act("sell_bone", francs=k) for k in range(self.players[seat].bone // per + 1)]

    def _do_sell_bone(self, a, ask) -> None:
        _, seat, per = ask
        k = a["francs"]
        p = self._me(seat)
        p.bone -= k * per
        p.francs += k

    # ---------------------------------------------------------------- jars, ice, police, dice
    def _add_jars(self, seat: int, n: int) -> None:
        p = self.players[seat]
        n = min(n, self.cfg.content.lab.jar_slots - p.jars(), self.supply_left("jars"))
        if n > 0:
            p = self._me(seat)
            if self.storm:   # [AM-E-8] a jar bought in a Lightning Storm comes charged
                p.charged += n
            else:
                p.empty += n

    def _eff_gain_jar(self, seat, e, origin) -> None:
        self._add_jars(seat, e.count)

    def _eff_lose_jars(self, seat, e, origin) -> None:
        p = self._me(seat)
        k = min(e.count, p.empty)
        p.empty -= k
        p.charged -= min(e.count - k, p.charged)

    def _eff_charge_jars(self, seat, e, origin) -> None:
        p = self._me(seat)
        k = min(e.count, p.empty)
        p.empty -= k
        p.charged += k

    def _eff_gain_ice(self, seat, e, origin) -> None:
        if not self.players[seat].ice and self.supply_left("ice"):
            self._me(seat).ice = self.cfg.content.lab.ice_rounds

    def _eff_gain_police_marker(self, seat, e, origin) -> None:
        if self.supply_left("police"):
            self._me(seat).police += 1

    def _eff_return_police_marker(self, seat, e, origin) -> None:
        if self.players[seat].police:
            self._me(seat).police -= 1

    def _eff_police_marker(self, seat, e, origin) -> None:
        i = self.cfg.loc_index[e.location]
        if i not in self.closed and self.supply_left("police"):
            self.closed = self.closed | {i}

    def _eff_upgrade_dice(self, seat, e, origin) -> None:
        self._me(seat).blue_bonus += e.count

    def _eff_lower_requirement(self, seat, e, origin) -> None:
        self._me(seat).lower += e.amount

    def _eff_take_first_player(self, seat, e, origin) -> None:
        self.first = seat

    def _eff_advance_captain(self, seat, e, origin) -> None:
        self._move_captain(e.amount)

    # ---------------------------------------------------------------- the operating table
    def damage_targets(self, seat: int) -> list:
        """[AM-L-6] no second damage on a part while another part has none."""
        p = self.players[seat]
        built = [i for i, s in enumerate(p.parts) if s]
        clean = [i for i in built if not p.damage[i]]
        return clean or built

    def _place_damage(self, seat: int, slot: int) -> None:
        """[AM-L-6] a second damage marker downgrades the part: muscle is discarded, skin turns to
        muscle, an alive part loses its alive marker; both markers are discarded."""
        p = self._me(seat)
        if not p.damage[slot]:
            if self.supply_left("damage"):
                p.damage = p.damage[:slot] + (1,) + p.damage[slot + 1:]
            return
        p.damage = p.damage[:slot] + (0,) + p.damage[slot + 1:]
        p.parts = p.parts[:slot] + (p.parts[slot] - 1,) + p.parts[slot + 1:]
        self._say("downgrade", seat, self.cfg.slot_part[slot], p.parts[slot])

    def alive_targets(self, seat: int) -> list:
        p = self.players[seat]
        return [i for i, s in enumerate(p.parts) if s == SKIN] if self.supply_left("alive") else []

    def _eff_add_damage(self, seat, e, origin) -> None:
        self._now(("markers", seat, "damage", e.count))

    def _eff_add_alive(self, seat, e, origin) -> None:
        self._now(("markers", seat, "alive", e.count))

    def _eff_remove_damage(self, seat, e, origin) -> None:
        self._now(("markers", seat, "repair", e.count))

    def _task_markers(self, seat: int, kind: str, count: int) -> None:
        """Markers placed one at a time; the player picks the part when there is a choice."""
        if count <= 0:
            return
        targets = self._marker_targets(seat, kind)
        if not targets:
            return
        if len(set(self._slot_key(seat, t) for t in targets)) == 1:
            self._put_marker(seat, kind, targets[0])
            self._now(("markers", seat, kind, count - 1))
        else:
            self.ask = ("marker", seat, kind, count)

    def _marker_targets(self, seat: int, kind: str) -> list:
        if kind == "damage":
            return self.damage_targets(seat)
        if kind == "alive":
            return self.alive_targets(seat)
        p = self.players[seat]
        return [i for i, d in enumerate(p.damage) if d]

    def _slot_key(self, seat: int, slot: int):
        """Slots that are interchangeable (same part, state and damage) are one choice."""
        p = self.players[seat]
        return self.cfg.slot_part[slot], p.parts[slot], p.damage[slot]

    def _moves_marker(self):
        _, seat, kind, count = self.ask
        seen, out = set(), []
        for slot in self._marker_targets(seat, kind):
            key = self._slot_key(seat, slot)
            if key not in seen:
                seen.add(key)
                out.append(self._act("mark", slot=slot))
        return out

    def _do_mark(self, a, ask) -> None:
        _, seat, kind, count = ask
        self._put_marker(seat, kind, a["slot"])
        self._now(("markers", seat, kind, count - 1))

    def _put_marker(self, seat: int, kind: str, slot: int) -> None:
        p = self._me(seat)
        if kind == "damage":
            self._place_damage(seat, slot)
        elif kind == "alive":
            p.parts = p.parts[:slot] + (ALIVE,) + p.parts[slot + 1:]
        else:
            p.damage = p.damage[:slot] + (0,) + p.damage[slot + 1:]
        self._say(kind, seat, self.cfg.slot_part[slot])

    # ---------------------------------------------------------------- answers (windows)
    def _eff_block_action(self, seat, e, origin) -> None:
        pass  # played only as an answer to a placement (city.py: _do_block)

    def _eff_cancel_encounter(self, seat, e, origin) -> None:
        pass  # played only when an encounter is about to be read (events.py: _do_cancel)

    def _task_reask(self, ask: tuple) -> None:
        if ask[0] == "turn":   # the city turn is judged afresh: the card may have changed what is legal
            self._now(("city_turn", ask[1]))
        else:
            self.ask = ask


def ask_again(ask: tuple) -> tuple:
    """The task that puts a decision back after a card played in its window."""
    return ("reask", ask)
