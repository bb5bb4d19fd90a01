"""The Hero phase [AR-H-*]: each seat's turn from the first player clockwise: Draw (Intellect chips
from the bag, refilled from the discard pool), Action (chips on actions of their colour, grey actions
for any chip, Items, Experience), Resolution (one chip may be Held, the rest discarded, 1 XP).

A chip in a hand is a string: its colour, or "<original>><colour>" after an Alter exploit (it pays as
the last letter and goes to the discard pool as the first).
"""
from __future__ import annotations

from itertools import combinations

from .game import COLOURS, STATS


class Hero:
    """One hero's pieces. Shared between clones, so never changed in place once a state holds it:
    the state copies it on its first edit within a move (`AberrationState._me`)."""
    __slots__ = (
        "hero", "cls",        # indices into content.heroes / content.classes
        "space",              # where the miniature stands (0: the Village Center)
        "stats",              # INT, STR, SPD, CMD levels
        "bag", "hand", "discard", "held",   # chips: bag (sorted), drawn this turn, discard pool, Held Action
        "xp", "track", "cards", "plague",   # Experience, Aberration track position, Aberration cards, Plague
        "items", "attuned",   # Item cards in hand / attuned in front of the hero (indices into cfg.items)
        "locks",              # colours whose advanced action is unlocked
        "traps",              # trap tokens in hand (not on the map)
        "melee_bonus",        # dice added to the next melee attack this turn (Whetstone)
        "shield",             # Shield Wall: attacks in this space deal this much less until the next turn
        "redrawn", "drew_again", "coin_used",   # once-a-turn powers used
        "reduced", "pip_used",                 # once-a-round powers used
        "pcache",             # (hero, cls, locks, attuned, cards, passives, first passive by kind, reveal aura's
                              # reach or -1, actions forbidden): see HeroesMixin.passives
    )

    def copy(self) -> "Hero":
        new = Hero.__new__(Hero)
        _copy_hero(self, new)
        return new


def _hero_copier():
    """Hero.copy's slot copies written out (a copy is made on a hero's first edit in every move)."""
    body = "".join(f"    new.{n} = old.{n}\n" for n in Hero.__slots__)
    namespace: dict = {}
    exec(f"def copy_hero(old, new):\n{body}", namespace)
    return namespace["copy_hero"]


_copy_hero = _hero_copier()


def _drop(tup: tuple, item) -> tuple:
    i = tup.index(item)
    return tup[:i] + tup[i + 1:]


class HeroesMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- what a hero has
    def passives(self, seat: int) -> tuple:
        """Every standing ability: the hero's Special, PASSIVE class actions unlocked, attuned Items'
        passives and Aberration cards' passives [AR-CB-11, AR-IT-6, AR-AC-3]."""
        h = self.heroes[seat]
        pc = h.pcache
        if pc is None or pc[2] is not h.locks or pc[3] is not h.attuned or pc[4] is not h.cards \
                or pc[0] != h.hero or pc[1] != h.cls:
            pc = h.pcache = self._passives_of(h)
        return pc[5]

    def has(self, seat: int, kind: str):
        """The hero's first passive of that kind, or None."""
        h = self.heroes[seat]
        pc = h.pcache
        if pc is None or pc[2] is not h.locks or pc[3] is not h.attuned or pc[4] is not h.cards \
                or pc[0] != h.hero or pc[1] != h.cls:
            pc = h.pcache = self._passives_of(h)
        return pc[6].get(kind)

    def _passives_of(self, h: Hero) -> tuple:
        """A hero's passives worked out from what gives them, kept on the Hero (`pcache`) with the very
        objects they were worked out from: the fields are immutable and replaced on change, so the
        same objects mean the same passives (a copy of the Hero keeps them; a changed field is another
        object). Writing the cache into a Hero that clones share is harmless: it is the same for all."""
        cfg = self.cfg
        out = list(cfg.heroes[h.hero].special.passives)
        for a in cfg.classes[h.cls].actions:
            if a.mode == "passive" and a.section in h.locks:
                out += a.passives
        for i in h.attuned:
            out += cfg.items[i].passives
        for k in h.cards:
            out += cfg.aberrations[k].passives
        first: dict = {}
        for p in out:
            first.setdefault(p.kind, p)
        aura = first.get("reveal_aura")
        forbidden = frozenset(p.action for p in out if p.kind == "forbid_action")
        return (h.hero, h.cls, h.locks, h.attuned, h.cards, tuple(out), first, aura.within if aura else -1,
                forbidden)

    def stat(self, seat: int, amount) -> int:
        """A number, or INT/STR/SPD/CMD with an optional +n, for this hero."""
        if isinstance(amount, int):
            return amount
        base, _, plus = amount.partition("+")
        return self.heroes[seat].stats[STATS.index(base)] + (int(plus) if plus else 0)

    def track_top(self, seat: int) -> int:
        h = self.heroes[seat]
        return self.cfg.classes[h.cls].aberration_track - h.plague

    # ---------------------------------------------------------------- chips [AR-H-3, AR-H-4, AR-A-10]
    def _draw_chips(self, seat: int, count: int) -> int:
        drawn = 0
        for _ in range(count):
            h = self._me(seat)
            if not h.bag:          # [AR-H-4] the discard pool goes back into the bag
                h.bag, h.discard = tuple(sorted(h.discard)), ()
            if not h.bag:
                break
            i = self.rng.below(len(h.bag))
            chip = h.bag[i]
            h.bag = h.bag[:i] + h.bag[i + 1:]
            h.hand += (chip,)
            drawn += 1
            if chip == "X" and not self.has(seat, "safe_x_draws"):   # [AR-A-10] 1 damage when drawn
                self.todo = (("damage", seat, 1, -1, 0),) + self.todo
        return drawn

    def _spend(self, seat: int, chips) -> None:
        h = self._me(seat)
        for c in chips:
            h.hand = _drop(h.hand, c)
            h.discard += (c[0],)      # [AR-H-5] spent chips go to the discard pool (as they were)

    def _x_pays(self, seat: int) -> set:
        return {p.colour for p in self.passives(seat) if p.kind == "chip_pays" and p.chip == "X"}

    def payments(self, seat: int, cost) -> list[tuple]:
        """Every distinct way to pay `cost` from the hand: a colour takes its chips or H (or X with a
        card saying so); "any" takes any chip [AR-H-5, AR-H-6, AR-A-9, AR-A-10]. Worked out once for
        each hand, cost and colours X pays (kept for every game, at most PAYS_KEPT): read, never change."""
        hand = self.heroes[seat].hand
        xpays = frozenset(self._x_pays(seat)) if "X" in hand else None   # only an "X" chip ends in X
        key = (hand, cost, xpays)
        kept = _PAYS
        out = kept.get(key)
        if out is None:
            if len(kept) >= PAYS_KEPT:
                kept.clear()
            out = kept[key] = _payments(hand, cost, xpays or ())
        return out

    # ---------------------------------------------------------------- the turn [AR-H-1, AR-H-2]
    def _task_hero_turn(self, seat: int) -> None:
        self.phase, self.turn = "hero", seat
        h = self._me(seat)
        h.shield = 0                    # Shield Wall lasts until your next turn
        h.redrawn = h.drew_again = h.coin_used = False
        h.melee_bonus = 0
        hunger = self.has(seat, "hunger")
        if hunger and not any(self.cfg.between[h.space][m[2]] <= hunger.within for m in self.monsters):
            self._now(("damage", seat, hunger.amount, -1, 0))
        self._now(("predraw", seat))

    def _task_predraw(self, seat: int) -> None:
        """[AR-H-12] Experience may be spent before drawing (e.g. Intellect); asked only when the hero can."""
        if self._xp_moves(seat):
            self.ask = ("predraw", seat)
        else:
            self._now(("draw", seat))

    def _moves_predraw(self):
        seat = self.ask[1]
        return self._xp_moves(seat) + [self._act("draw")]

    def _do_draw(self, a, ask) -> None:
        self._now(("draw", ask[1]))

    def _task_draw(self, seat: int) -> None:
        """[AR-H-3] Draw chips equal to Intellect; [AR-H-8] the Held chip joins them as though drawn.
        Damage from Aberration chips drawn resolves first; then the Action step."""
        self._now(("turn", seat))
        bonus = sum(p.amount for p in self.passives(seat) if p.kind == "draw_bonus")
        self._draw_chips(seat, self.heroes[seat].stats[0] + bonus)
        h = self.heroes[seat]
        if h.held:
            h = self._me(seat)
            h.hand, h.held = h.hand + (h.held,), ""

    def _task_turn(self, seat: int) -> None:
        h = self.heroes[seat]
        # [AR-SO-1] solo: having spent every chip, draw Intellect chips again once
        if self.cfg.players == 1 and not h.hand and not h.drew_again:
            self._me(seat).drew_again = True
            self._now(("turn", seat))
            self._draw_chips(seat, h.stats[0])
            return
        # [AR-IT-9, AR-IT-10, AR-IT-14] Act and Alter are "usable during any player's turn": before
        # each decision of the Action step, the other seats holding one may play it (seat order)
        helpers = tuple(k for k in self.order_from(seat)[1:] if self._can_support(k, seat))
        if helpers:
            self._now(("support", seat, helpers), ("decide", seat))
        else:
            self.ask = ("turn", seat)

    def _task_decide(self, seat: int) -> None:
        self.ask = ("turn", seat)

    def _moves_turn(self):
        seat = self.ask[1]
        cfg, h = self.cfg, self.heroes[seat]
        moves = self.game.moves
        out = []
        self.passives(seat)                 # the hero's kept passives up to date
        forbidden = h.pcache[8]             # {p.action for the passives of kind forbid_action}
        possible = self.effect_possible
        pieces = None
        hand = h.hand
        xpays = frozenset(self._x_pays(seat)) if "X" in hand else None   # only an "X" chip ends in X
        kept = self.game.use_moves
        for a in self._turn_actions(h):
            if a.id in forbidden:
                continue
            e = a.effects[0]
            if e.kind == "melee" or e.kind == "ranged":   # `effect_possible`, the pieces found once
                if pieces is None:
                    pieces = self.piece_spaces()
                if not pieces or pieces.isdisjoint(self.attack_spaces(seat, e)):
                    continue
            elif not possible(seat, e):
                continue
            key = (a.id, hand, xpays)     # the action's moves for this hand: one "use" a payment
            got = kept.get(key)
            if got is None:
                if len(kept) >= USE_MOVES_KEPT:
                    kept.clear()
                got = kept[key] = tuple(moves["use", (("action", a.id), ("pay", pay))]
                                        for pay in self.payments(seat, a.cost))
            out += got
        for i in sorted(set(h.attuned)):
            act = cfg.items[i].action
            if act and possible(seat, act.effects[0]):
                for pay in self.payments(seat, act.cost):
                    out.append(moves["wield", (("item", i), ("pay", pay))])
        for i in self.distinct_items(seat):
            item = cfg.items[i]
            if item.type == "single" and possible(seat, item.effects[0]):
                out.append(moves["item", (("item", i),)])    # [AR-IT-2, AR-IT-3]
            if item.exploit == "act" and (h.bag or h.discard):
                out.append(moves["exploit", (("item", i), ("to", seat))])
            if item.exploit == "alter":
                out += self._alter_moves(i, seat)
        out += self._secure_moves(seat, self._entry_vps(seat))
        out += self._xp_moves(seat)
        chips = sorted(set(hand))
        if chips and not h.redrawn and self.has(seat, "redraw"):
            out += [moves["redraw", (("chip", c),)] for c in chips]
        out.append(moves["end", (("hold", ""),)])
        out += [moves["end", (("hold", c),)] for c in chips]
        return out

    def _turn_actions(self, h: Hero) -> tuple:
        """The hero's class actions that a turn may offer (ACTION mode, not Secure), in
        `_class_actions` order; the same for every hero of that class with those locks (kept)."""
        kept = self.cfg.turn_actions
        key = (h.cls, h.locks)
        acts = kept.get(key)
        if acts is None:
            acts = kept[key] = tuple(a for a in self._class_actions_of(h)
                                     if a.mode == "action" and a.effects[0].kind != "secure")
        return acts

    def distinct_items(self, seat: int, exploit: str | None = None) -> list[int]:
        """One Item of each kind in hand (copies are the same move), optionally by exploit."""
        cfg, seen, out = self.cfg, set(), []
        for i in sorted(self.heroes[seat].items):
            it = cfg.items[i]
            if it.id not in seen and (exploit is None or it.exploit == exploit):
                seen.add(it.id)
                out.append(i)
        return out

    def _class_actions(self, seat: int) -> list:
        return self._class_actions_of(self.heroes[seat])

    def _class_actions_of(self, h: Hero) -> list:
        cfg = self.cfg
        acts = [cfg.actions[x] for x in cfg.general]
        acts += [a for a in cfg.classes[h.cls].actions if not a.locked or a.section in h.locks]  # [AR-CB-8]
        return acts

    def _xp_moves(self, seat: int) -> list:
        """[AR-H-12, AR-A-6, AR-CB-7, AR-H-11] Upgrade an ability, unlock an advanced action, attune an Item."""
        cfg, h = self.cfg, self.heroes[seat]
        board = cfg.content.ability_board
        out = []
        for k, stat in enumerate(STATS):
            nxt = h.stats[k] + 1
            if nxt <= board.max_level and h.xp >= board.upgrade_cost[nxt]:
                out.append(self._act("upgrade", stat=stat))
        if h.xp >= board.lock_cost:
            out += [self._act("unlock", colour=c) for c in COLOURS if c not in h.locks]
        if h.xp >= board.attune_cost:
            out += [self._act("attune", item=i) for i in self.distinct_items(seat) if cfg.items[i].type == "attunable"]
        return out

    # ---------------------------------------------------------------- turn moves
    def _do_use(self, a, ask) -> None:
        seat = ask[1]
        action = self.cfg.actions[a["action"]]
        self._pay_and_run(seat, action.cost, a["pay"], action.effects)
        self._say("use", seat, action.id)

    def _do_wield(self, a, ask) -> None:
        seat = ask[1]
        act = self.cfg.items[a["item"]].action
        self._pay_and_run(seat, act.cost, a["pay"], act.effects)

    def _pay_and_run(self, seat: int, cost, pay, effects) -> None:
        self._spend(seat, pay)
        bonus = 0
        if any(c[-1] == "X" for c in pay):
            if "any" not in cost:     # X paid a colour through a card (Feral Strength, Half-Blood)
                bonus = max((p.bonus_dice for p in self.passives(seat) if p.kind == "chip_pays"), default=0)
        tasks = [("eff", seat, e, (bonus, -1, -1)) for e in effects]
        if any(c[-1] == "X" for c in pay):   # [AR-AC-4] cards that trigger on an Aberration chip
            for k in self.heroes[seat].cards:
                tasks += [("eff", seat, e, (0, -1, -1)) for e in self.cfg.aberrations[k].effects]
        self._now(*tasks, ("turn", seat))

    def _do_item(self, a, ask) -> None:
        """[AR-H-10, AR-IT-2] Follow the card, then discard it."""
        seat, i = ask[1], a["item"]
        h = self._me(seat)
        h.items = _drop(h.items, i)
        self.item_discard += (i,)
        self._now(*[("eff", seat, e, (0, -1, -1)) for e in self.cfg.items[i].effects], ("turn", seat))

    def _do_attune(self, a, ask) -> None:
        """[AR-H-11, AR-IT-4, AR-IT-5] 1 XP on the card; it stays in front of the hero."""
        seat, i = ask[1], a["item"]
        h = self._me(seat)
        h.xp -= self.cfg.content.ability_board.attune_cost
        h.items = _drop(h.items, i)
        h.attuned += (i,)
        for p in self.cfg.items[i].passives:
            if p.kind == "extra_traps":
                h.traps += p.count
        self._resume_turn(ask)

    def _do_upgrade(self, a, ask) -> None:
        """[AR-A-6] Raise an ability to level n for n-1 XP; that level's chip goes to the discard pool;
        reaching level 5 adds an H chip from the supply."""
        seat = ask[1]
        board = self.cfg.content.ability_board
        k = STATS.index(a["stat"])
        h = self._me(seat)
        level = h.stats[k] + 1
        h.xp -= board.upgrade_cost[level]
        h.stats = h.stats[:k] + (level,) + h.stats[k + 1:]
        h.discard += (COLOURS[k],)
        if level == board.hero_chip_at and self.h_supply > 0:
            self.h_supply -= 1
            h.discard += ("H",)
        self._resume_turn(ask)

    def _do_unlock(self, a, ask) -> None:
        """[AR-CB-7, AR-CB-10] 1 XP on a lock; an UNLOCK action happens at once, never again."""
        seat = ask[1]
        h = self._me(seat)
        h.xp -= self.cfg.content.ability_board.lock_cost
        h.locks = h.locks | {a["colour"]}
        action = next(x for x in self.cfg.classes[h.cls].actions if x.locked and x.section == a["colour"])
        tasks = [("eff", seat, e, (0, -1, -1)) for e in action.effects] if action.mode == "unlock" else []
        self._resume_turn(ask)
        self._now(*tasks)

    def _resume_turn(self, ask) -> None:
        self._now((ask[0], ask[1]))     # back to the decision the move was made in (predraw or turn)

    def _do_redraw(self, a, ask) -> None:
        """Ansel's Resourceful: return a drawn chip to the bag and draw a replacement, once a turn."""
        seat = ask[1]
        h = self._me(seat)
        h.redrawn = True
        c = a["chip"]
        h.hand = _drop(h.hand, c)
        h.bag = tuple(sorted(h.bag + (c[0],)))
        self._now(("turn", seat))
        self._draw_chips(seat, 1)

    def _do_end(self, a, ask) -> None:
        """[AR-H-7, AR-H-9, AR-H-14] Resolution: keep one chip Held, discard the rest, gain 1 XP."""
        seat = ask[1]
        h = self._me(seat)
        hold = a["hold"]
        rest = list(h.hand)
        if hold:
            rest.remove(hold)
            h.held = hold[0]
        h.hand = ()
        h.discard += tuple(c[0] for c in rest)
        h.melee_bonus = 0
        dd = self.has(seat, "discard_damage")
        tasks = []
        if dd and rest:
            tasks.append(("damage", seat, dd.amount, -1, 0))
        h.xp += self.cfg.rules.xp_per_turn
        self._say("end_turn", seat)
        self._now(*tasks, ("turn_over", seat))

    def _task_turn_over(self, seat: int) -> None:
        self.objective_event("board_cleared")

    # ---------------------------------------------------------------- Items and exploits [AR-IT-*]
    def _draw_items(self, seat: int, count: int) -> tuple:
        got = ()
        for _ in range(count):
            if not self.item_deck and self.item_discard:   # the Item deck reshuffles its discards
                pile = list(self.item_discard)
                self.rng.shuffle(pile)
                self.item_deck, self.item_discard = tuple(pile), ()
            if not self.item_deck:
                break
            got += (self.item_deck[0],)
            self.item_deck = self.item_deck[1:]
        h = self._me(seat)
        h.items += got
        return got

    def _alter_moves(self, item: int, to: int) -> list:
        h = self.heroes[to]
        out = []
        for c in sorted(set(h.hand)):
            for colour in COLOURS:
                if colour != c[-1] and c[-1] != "H":
                    out.append(self._act("exploit", item=item, to=to, chip=c, colour=colour))
        return out

    def _do_exploit(self, a, ask) -> None:
        """[AR-IT-9, AR-IT-10, AR-IT-15] Act: the current player draws 1 chip; Alter: a chip of theirs
        changes colour for one action. The card is discarded and loses its normal use."""
        seat, i = ask[1], a["item"]
        h = self._me(seat)
        h.items = _drop(h.items, i)
        self.item_discard += (i,)
        to = a["to"]
        if ask[0] == "support":
            self._now(("support", ask[2], (seat,) + ask[3]))
        else:
            self._now(("turn", seat))
        if self.cfg.items[i].exploit == "act":
            self._draw_chips(to, 1)
        else:
            t = self._me(to)
            chip = a["chip"]
            t.hand = _drop(t.hand, chip) + (f"{chip[0]}>{a['colour']}",)
        self._say("exploit", seat, self.cfg.items[i].exploit)

    def _task_support(self, current: int, seats: tuple) -> None:
        """[AR-IT-14] Out of turn, a seat holding an Act or Alter Item may play it for the current
        player before any decision of the current player's Action step; asked only of seats that
        hold one that can do something now."""
        for k, seat in enumerate(seats):
            if self._can_support(seat, current):
                self.ask = ("support", seat, current, seats[k + 1:])
                return

    def _support_moves(self, seat: int, current: int) -> list:
        cfg, h = self.cfg, self.heroes[seat]
        cur = self.heroes[current]
        out = []
        for i in self.distinct_items(seat):
            if cfg.items[i].exploit == "act" and (cur.bag or cur.discard):
                out.append(self._act("exploit", item=i, to=current))
            elif cfg.items[i].exploit == "alter":
                out += self._alter_moves(i, current)
        return out

    def _can_support(self, seat: int, current: int) -> bool:
        """Has `_support_moves(seat, current)` a move (without making them)? An Act Item when the
        current player has chips to draw; an Alter Item when the current player holds a chip that is
        not an H (an H is already every colour)."""
        h = self.heroes[seat]
        if not h.items:
            return False
        cfg, cur = self.cfg, self.heroes[current]
        for i in h.items:
            exploit = cfg.items[i].exploit
            if exploit == "act" and (cur.bag or cur.discard):
                return True
            if exploit == "alter" and any(c[-1] != "H" for c in cur.hand):
                return True
        return False

    def _moves_support(self):
        return self._support_moves(self.ask[1], self.ask[2]) + [self._act("pass")]

    def _do_pass(self, a, ask) -> None:
        if ask[0] == "support":
            self._now(("support", ask[2], ask[3]))
        elif ask[0] in ("reroll", "smite"):
            self._now((ask[0] + "s",) + ask[2:])


USE_MOVES_KEPT = 20000   # (action, hand, colours X pays) whose "use" moves a game keeps
PAYS_KEPT = 50000   # hands and costs whose payments are kept (for every game: they depend on nothing else)
_PAYS: dict = {}


def _payments(hand, cost, xpays) -> list[tuple]:
    def fits(chip, need):
        e = chip[-1]
        return need == "any" or e == need or e == "H" or (e == "X" and need in xpays)
    out = set()
    for combo in combinations(range(len(hand)), len(cost)):
        chips = [hand[i] for i in combo]
        key = tuple(sorted(chips))
        if key in out:
            continue
        if any(all(fits(ch, need) for ch, need in zip(perm, cost)) for perm in _perms(chips)):
            out.add(key)
    return sorted(out)


def _perms(chips):
    from itertools import permutations
    return permutations(chips) if len(chips) > 1 else (chips,)
