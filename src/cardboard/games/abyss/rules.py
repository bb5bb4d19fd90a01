"""Abyss as a state machine, in the rulebook's order: set-up, then turns of
1. Plot at Court (optional), 2. one action (Explore the Depths, Request Support, Recruit a Lord),
3. Control a Location whenever three keys are gathered; then the end and the final count.
Lord powers are in powers.py, Locations in locations.py. Rule ids in brackets point into RULES.md.

Work that follows a move (a Lord's power, the Court refill, an opponent's discard) waits in
`todo`; `_resume` runs it until someone has to decide, so every decision, in turn or out of
turn, is an ordinary move of the seat that `current_player` names.
"""
from __future__ import annotations

from itertools import combinations

from cardboard.engine import Action, Rng, State

from .content import RACE_INDEX, RACES
from .game import AbyssConfig, AbyssGame
from .illegal import explain_illegal
from .locations import LocationsMixin
from .powers import LORD_KEYS, TURN_POWER, PowersMixin
from .recruit import NAMED, affiliations, named, recruit_args, sample_payment
from .scoring import breakdown, totals

from .phases import (ALLY, IDLE, MONSTER, OFFER, OVER, REWARD, TURN)


# Work that belongs to a Lord coming into play: it resolves before a Location is controlled.
ARRIVAL = frozenset({"power", "discard", "assassinate", "take_stack"})
NONE_USED = frozenset()  # no turn power used yet
BY_RACE_CACHE = 50_000  # hands kept with their values by race (see _hand)


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


class AbyssAction(Action):
    __slots__ = ()

    def label(self) -> str:
        from .words import action_label

        return action_label(self.ctx, self)


class AbyssState(PowersMixin, LocationsMixin, State):
    __slots__ = ("cfg", "phase", "player", "decider", "pearls", "treasury", "hands", "seen", "blind", "affiliated",
                 "_free", "_disabled", "powers", "locations", "keys", "key_supply", "tokens", "token_pool",
                 "deck", "discard", "track", "threat", "bought", "buyers", "offer", "reward_space",
                 "council", "court", "lord_deck", "lord_discard", "loc_deck", "loc_open",
                 "loc_out", "drawn", "control", "acted", "used", "extra", "final", "ending",
                 "todo", "to_discard", "target", "turn_no", "log")

    # ---------------------------------------------------------------- set-up
    @classmethod
    def initial(cls, game: AbyssGame) -> "AbyssState":
        cfg: AbyssConfig = game.cfg
        setup = cfg.setup
        n = cfg.players
        s = cls(game, Rng(game.seed))
        s.cfg = cfg
        rng = s.rng
        lords = list(range(len(cfg.lords)))
        rng.shuffle(lords)  # [AY-S-1] the Lord deck, six face up in the Court
        s.court = tuple(lords[:setup.court_size])
        s.lord_deck = tuple(lords[setup.court_size:])
        s.lord_discard = ()
        cards = list(range(cfg.n_cards))
        rng.shuffle(cards)  # [AY-S-2] the Exploration deck on its track
        s.deck = tuple(cards)  # the top is the end
        s.blind = (1 << cfg.n_cards) - 1  # [AY-D-22] no card of the deck has been seen
        s.discard = ()
        s.track = ()
        s.council = ((),) * len(RACES)
        locs = list(range(len(cfg.locations)))
        rng.shuffle(locs)  # [AY-S-3] the Locations stacked, the top one face up
        s.loc_open = (locs.pop(),)
        s.loc_deck = tuple(locs)
        s.loc_out = ()
        s.drawn = ()
        tokens = list(range(len(cfg.token_values)))
        rng.shuffle(tokens)  # [AY-S-4] Monster tokens face down; keys in a pile; Threat on 1
        s.token_pool = tuple(tokens)
        s.tokens = ((),) * n
        s.key_supply = setup.keys
        s.keys = (0,) * n
        s.threat = 1
        # [AY-S-5] one pearl each, the rest is the Treasury
        start = min(setup.start_pearls, setup.pearls // n)
        s.pearls = (start,) * n
        s.treasury = setup.pearls - start * n
        s.hands = ((),) * n
        s.seen = ((),) * n  # [AY-D-20] Allies every player saw enter a hand and not leave it
        s.affiliated = ((),) * n
        s._disabled = frozenset()
        s.free = ((),) * n  # and each seat's powers (powers.py)
        s.locations = ((),) * n
        s.bought = 0
        s.buyers = 0
        s.offer = ()
        s.reward_space = 0
        s.control = None
        s.acted = False
        s.used = frozenset()
        s.extra = False
        s.final = None
        s.ending = None
        s.todo = ()
        s.to_discard = 0
        s.target = None
        s.turn_no = 0
        s.log = None
        first = cfg.first_player if cfg.first_player is not None else rng.below(n)  # [AY-S-6]
        s.phase = IDLE
        s.player = s.decider = first
        s._start_turn(first)
        s._resume()
        return s

    # ---------------------------------------------------------------- protocol
    def _current_player(self):
        return None if self.phase == OVER else self.decider

    def is_terminal(self) -> bool:  # the same test, one call less: every rollout move asks
        return self.phase == OVER

    def _legal_actions(self) -> list[Action]:
        return CHOICES[self.phase](self)

    def _do(self, a: Action) -> None:
        DO[a.kind](self, a)
        if self.phase == IDLE:
            self._resume()

    def _act(self, kind: str, args: tuple = ()) -> Action:
        return self.game.moves[kind, args]

    def _say(self, *event) -> None:
        self.log = (self.log, event)

    def _resume(self) -> None:
        """Run waiting work until a seat must decide (or the game is over). Every move ends here:
        `_must_control` and `_turn_powers` are written out (a powers lookup each)."""
        need = self.cfg.setup.keys_to_control
        while self.phase == IDLE:
            player = self.player
            powers = self.powers[player]
            todo = self.todo
            # [AY-L-1] at once, even in the middle of a turn; a Lord just arrived acts first [AY-D-19]
            if (self.keys[player] + powers[LORD_KEYS] >= need and (self.loc_deck or self.loc_open)
                    and not (todo and todo[0][0] in ARRIVAL)):
                self._start_control()
                continue
            if todo:
                task = todo[0]
                self.todo = todo[1:]
                TASKS[task[0]](self, *task[1:])
                continue
            if self.acted and not (TURN_POWER in powers and self._turn_powers()):
                self._end_turn()
                continue
            self.phase = TURN
            self.decider = player

    def _later(self, *tasks, first: bool = False) -> None:
        self.todo = (tasks + self.todo) if first else (self.todo + tasks)

    # ---------------------------------------------------------------- helpers
    def opponents(self, seat: int) -> tuple[int, ...]:
        """The other seats, clockwise from `seat`'s left."""
        return self.cfg.others[seat]

    def _gain(self, seat: int, n: int) -> int:
        """Pearls from the Treasury, as many as it holds [AY-D-1]."""
        n = min(n, self.treasury)
        if n > 0:
            self.treasury -= n
            self.pearls = _set(self.pearls, seat, self.pearls[seat] + n)
        return n

    def _pay(self, seat: int, n: int) -> int:
        n = min(n, self.pearls[seat])
        if n > 0:
            self.treasury += n
            self.pearls = _set(self.pearls, seat, self.pearls[seat] - n)
        return n

    def _give(self, src: int, dst: int, n: int) -> None:
        self.pearls = _set(_set(self.pearls, src, self.pearls[src] - n), dst, self.pearls[dst] + n)

    def _to_hand(self, seat: int, cards, face_up: bool = True) -> None:
        """Allies into a hand; `face_up`: taken in everyone's sight (from the track) [AY-D-20]."""
        cards = tuple(cards)
        self.hands = _set(self.hands, seat, tuple(sorted(self.hands[seat] + cards)))
        if face_up:
            self.seen = _set(self.seen, seat, tuple(sorted(self.seen[seat] + cards)))

    def _from_hand(self, seat: int, race: int, value: int) -> int:
        """One Ally of `race` (an index) and `value` out of `seat`'s hand."""
        return self._spend(seat, ((RACES[race], value),))[0]

    def _spend(self, seat: int, pay) -> list[int]:
        """The Allies named by `pay` ((race name, value) pairs) out of `seat`'s hand, each the
        first of its kind there; those seen going in are no longer seen [AY-D-20]."""
        cfg = self.cfg
        race, value = cfg.card_race, cfg.card_value
        hand = list(self.hands[seat])
        spent = []
        for name, v in pay:
            r = RACE_INDEX[name]
            for i, c in enumerate(hand):
                if race[c] == r and value[c] == v:
                    spent.append(hand.pop(i))
                    break
            else:
                raise ValueError(f"no {name} {v} in seat {seat}'s hand")
        self.hands = _set(self.hands, seat, tuple(hand))
        blind = self.blind
        for c in spent:
            self._unsee(seat, c)
            blind &= ~(1 << c)  # [AY-D-22] seen leaving: known wherever it goes
        self.blind = blind
        return spent

    def _unsee(self, seat: int, card: int) -> None:
        """[AY-D-20] `card` left the hand in sight: the others now know of one Ally of its race and
        value fewer in it (alike cards are one to them, whichever copy it was). The seen ones stay
        cards of the hand: `card` itself if it was seen, else another copy."""
        cfg = self.cfg
        seen = self.seen[seat]
        if card in seen:
            i = seen.index(card)
        else:
            kind = (cfg.card_race[card], cfg.card_value[card])
            i = next((i for i, c in enumerate(seen) if (cfg.card_race[c], cfg.card_value[c]) == kind), None)
            if i is None:
                return
        self.seen = _set(self.seen, seat, seen[:i] + seen[i + 1:])

    def ally_kinds(self, seat: int) -> list[tuple[int, int]]:
        cfg = self.cfg
        return sorted({(cfg.card_race[c], cfg.card_value[c]) for c in self.hands[seat]})

    def by_race(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """The values in `seat`'s hand per race, highest first (cached by hand: a rollout asks at
        every recruit it considers, and hands recur)."""
        return self._hand(seat)[0]

    def _hand(self, seat: int):
        """(by_race, reach, present, totals) of `seat`'s hand: by_race(seat); reach[n], what the
        hand's n richest races add up to, for n from 0 to the number of races in hand (a Lord of
        n races costing more than that, pearls added, cannot be paid); the races in hand; each
        race's sum. Cached by hand."""
        cfg = self.cfg
        hand = self.hands[seat]
        cache = cfg.by_race_cache
        got = cache.get(hand)
        if got is None:
            if len(cache) >= BY_RACE_CACHE:  # bounded: a long search must not grow it forever
                cache.clear()
            race, value = cfg.card_race, cfg.card_value
            out = [[] for _ in RACES]
            add = [values.append for values in out]
            for c in hand:  # a hand is sorted: each race's values come highest first
                add[race[c]](value[c])
            if not cfg.values_descending:  # unless the content lists them otherwise
                for values in out:
                    values.sort(reverse=True)
            totals = tuple(map(sum, out))
            present = tuple([r for r, t in enumerate(totals) if t])  # a value is at least 1
            reach = [0]
            acc = 0
            for t in sorted([t for t in totals if t], reverse=True):
                acc += t
                reach.append(acc)
            got = cache[hand] = (tuple(map(tuple, out)), tuple(reach), present, totals)
        return got

    def lords_owned(self, seat: int) -> list[int]:
        """Free Lords and those under Locations."""
        return list(self.free[seat]) + [lord for _, under in self.locations[seat] for lord in under]

    # ---------------------------------------------------------------- the turn
    def _start_turn(self, seat: int) -> None:
        self.turn_no += 1
        self.player = self.decider = seat
        self.acted = False
        self.bought = 0
        self.buyers = 0
        self.used = NONE_USED
        self.phase = IDLE
        self._say("turn", seat)
        for lord in self.powers[seat].get("income", ()):  # [AY-P-11] the Landlord's pearl
            got = self._gain(seat, self.cfg.pamount[lord])
            self._say("income", seat, lord, got)

    def _choices_turn(self) -> list[Action]:
        me = self.player
        out = []
        if not self.acted:
            if self._can_plot():
                out.append(self.game.plot_move)
            if self.deck or self.discard:
                out.append(self.game.explore_move)
            out += self._request_choices()
            out += self._recruit_choices(me)
        out += self._turn_power_choices()
        if self.acted:
            out.append(self._act("end_turn"))
        elif not out or all(a.kind in ("plot", "sell", "oracle", "opportunist") for a in out):
            out.append(self._act("pass"))  # [AY-D-2] no action is possible
        return out

    def _do_end_turn(self, a) -> None:
        self._end_turn()

    def _do_pass(self, a) -> None:
        self._say("pass", self.player)
        self.acted = True
        self.phase = IDLE

    def _end_turn(self) -> None:
        """[AY-T-4] the turn is over; a hand over the Commander's limit is cut first [AY-P-5]."""
        self.acted = True
        self.phase = IDLE
        limit = self.hand_limit(self.player)
        excess = len(self.hands[self.player]) - limit if limit is not None else 0
        if excess > 0:
            self._later(("discard", self.player, excess, "commander"))
        self._later(("next_turn",))

    def _task_next_turn(self) -> None:
        """[AY-T-5] clockwise; an Invoker's extra turn first [AY-P-15]; the last round [AY-E-2]."""
        if self.extra:
            self.extra = False
            self._say("extra_turn", self.player)
            return self._start_turn(self.player)
        if self.final is not None:
            if not self.final:
                return self._game_over()
            seat, self.final = self.final[0], self.final[1:]
            return self._start_turn(seat)
        self._start_turn((self.player + 1) % self.cfg.players)

    # ---------------------------------------------------------------- 1. Plot at Court
    def _can_plot(self) -> bool:
        """[AY-T-1] 1 pearl, a free Court space and a Lord in the deck."""
        return (len(self.court) < self.cfg.setup.court_size and bool(self.lord_deck)
                and self.pearls[self.player] >= 1)

    def _do_plot(self, a) -> None:
        me = self.player
        self._pay(me, 1)
        lord = self.lord_deck[-1]
        self.lord_deck = self.lord_deck[:-1]
        self.court = self.court + (lord,)  # the empty space furthest from the deck
        self._say("plot", me, lord)
        self.phase = IDLE

    # ---------------------------------------------------------------- 2a. Explore the Depths
    def _do_explore(self, a) -> None:
        self._say("explore", self.player)
        self._reveal()

    def _reveal(self) -> None:
        """[AY-X-1] the next card goes on the next free space of the track."""
        cfg = self.cfg
        if not self.deck:
            if not self.discard:  # [AY-D-4] nothing left to reveal
                return self._end_exploration()
            self._reshuffle()
        card = self.deck[-1]
        self.deck = self.deck[:-1]
        self.blind &= ~(1 << card)  # [AY-D-22] face up: known from now on
        self.track = self.track + (card,)
        self._say("reveal", self.player, card, len(self.track))
        last = len(self.track) == cfg.setup.track_size
        if cfg.card_race[card] < 0:  # a Monster [AY-X-8]
            if last:  # [AY-X-11] it must be fought, with a pearl
                return self._fight(forced=True)
            self.phase = MONSTER
            self.decider = self.player
            return
        self.offer = self._buyers()  # [AY-X-2]
        if self.offer:
            self.phase = OFFER
            self.decider = self.offer[0]
        else:
            self._unbought()

    def _reshuffle(self) -> None:
        """[AY-X-14] an empty deck is the discard pile shuffled."""
        cards = sorted(self.discard)
        self.rng.shuffle(cards)
        self.deck = tuple(cards)
        self.discard = ()
        self._say("reshuffle", len(cards))

    def price(self) -> int | None:
        """[AY-X-3] 1, 2, 3 pearls for the 1st, 2nd, 3rd Ally bought this turn, whoever buys."""
        costs = self.cfg.setup.purchase_costs
        return costs[self.bought] if self.bought < len(costs) else None

    def _buyers(self) -> tuple[int, ...]:
        """[AY-X-4] opponents clockwise who have not bought this turn and can pay [AY-D-14]."""
        costs = self.cfg.setup.purchase_costs
        if self.bought >= len(costs):
            return ()
        price = costs[self.bought]
        buyers, pearls = self.buyers, self.pearls
        return tuple([s for s in self.cfg.others[self.player] if not buyers >> s & 1 and pearls[s] >= price])

    def _choices_offer(self) -> list[Action]:
        return list(self.game.pairs[OFFER])

    def _do_buy(self, a) -> None:
        """[AY-X-3] the buyer pays the active player and takes the Ally; exploration goes on."""
        buyer, me = self.decider, self.player
        price = self.price()
        card = self.track[-1]
        self._give(buyer, me, price)
        self.track = self.track[:-1]
        self._to_hand(buyer, (card,))
        self.bought += 1
        self.buyers |= 1 << buyer
        self.offer = ()
        self._say("buy", buyer, card, price, me)
        self.decider = me
        self._reveal()

    def _do_decline(self, a) -> None:
        self.offer = self.offer[1:]
        if self.offer:
            self.decider = self.offer[0]
            return
        self._unbought()

    def _unbought(self) -> None:
        """[AY-X-5] nobody bought: take it (ending the turn) or go on; on the last space it must
        be taken, with a pearl [AY-X-6]."""
        self.decider = self.player
        if len(self.track) == self.cfg.setup.track_size:
            me = self.player
            card = self.track[-1]
            self.track = self.track[:-1]
            self._to_hand(me, (card,))
            got = self._gain(me, self.cfg.setup.last_space_pearls)
            self._say("forced_take", me, card, got)
            return self._end_exploration()
        self.phase = ALLY

    def _choices_ally(self) -> list[Action]:
        return list(self.game.pairs[ALLY])

    def _do_take(self, a) -> None:
        me = self.player
        card = self.track[-1]
        self.track = self.track[:-1]
        self._to_hand(me, (card,))
        self._say("take", me, card)
        self._end_exploration()

    def _do_explore_on(self, a) -> None:
        if self.cfg.card_race[self.track[-1]] < 0:  # [AY-X-10] passing a Monster raises the Threat
            self.threat = min(self.threat + 1, len(self.cfg.threat))
            self._say("threat", self.threat)
        self._reveal()

    def _choices_monster(self) -> list[Action]:
        return list(self.game.pairs[MONSTER])

    def _do_fight(self, a) -> None:
        self._fight(forced=False)

    def _fight(self, forced: bool) -> None:
        """[AY-X-9] an automatic win: the Monster is discarded and the Threat space rewards."""
        cfg = self.cfg
        me = self.player
        card = self.track[-1]
        self.track = self.track[:-1]
        self.discard = self.discard + (card,)
        space = self.threat
        if self._threat_lowered(me):  # [AY-P-6] the Tamer
            space = max(1, space - 1)
        self._say("fight", me, space, forced)
        if forced:
            self._gain(me, cfg.setup.last_space_pearls)  # [AY-X-11]
        self.threat = 1  # [AY-X-12]
        self.reward_space = space
        options = self._reward_options(space)
        if len(options) == 1:
            self._take_reward(options[0])
            return self._end_exploration()
        self.phase = REWARD
        self.decider = me

    def _reward_options(self, space: int) -> list[tuple[str, ...]]:
        """[AY-X-13] the space's options; Monster tokens only while tokens remain [AY-D-5]."""
        opts = self.cfg.threat[space - 1]
        pool = len(self.token_pool)
        ok = [o for o in opts if o.count("token") <= pool]
        return sorted(set(ok or [tuple(g for g in opts[0] if g != "token")]))

    def _choices_reward(self) -> list[Action]:
        return [self._act("reward", (("gains", o),)) for o in self._reward_options(self.reward_space)]

    def _do_reward(self, a) -> None:
        self._take_reward(a["gains"])
        self._end_exploration()

    def _take_reward(self, gains: tuple[str, ...]) -> None:
        me = self.player
        for g in gains:
            if g == "pearl":
                self._gain(me, 1)
            elif g == "token" and self.token_pool:  # drawn at random, kept face down
                self.tokens = _set(self.tokens, me, self.tokens[me] + (self.token_pool[-1],))
                self.token_pool = self.token_pool[:-1]
            elif g == "key" and self.key_supply:  # [AY-D-6] only the keys in the pile
                self.key_supply -= 1
                self.keys = _set(self.keys, me, self.keys[me] + 1)
        self._say("reward", me, gains)

    def _end_exploration(self) -> None:
        """[AY-X-7] Allies left on the track go face down to their Council stacks, Monsters to
        the discard; the Ship Master pays per race sent [AY-P-8]."""
        cfg = self.cfg
        me = self.player
        sent = set()
        council = list(self.council)
        for card in self.track:
            race = cfg.card_race[card]
            if race < 0:
                self.discard = self.discard + (card,)
            else:
                council[race] = council[race] + (card,)
                self.blind |= 1 << card  # [AY-H-2] face down in the Council: a gamble again
                sent.add(race)
        self.council = tuple(council)
        self.track = ()
        self.offer = ()
        if sent:
            self._say("to_council", me, tuple(sorted(sent)))
            for lord in self._active(me, "council_income"):
                got = self._gain(me, cfg.pamount[lord] * len(sent))
                self._say("income", me, lord, got)
        self.acted = True
        self.phase = IDLE
        self.decider = me

    # ---------------------------------------------------------------- 2b. Request Support
    def _request_choices(self) -> list[Action]:
        """[AY-Q-1] one whole Council stack; with the Alchemist two [AY-P-18]."""
        alchemists = self._active(self.player, "request_stacks")
        if not alchemists:
            one = self.game.request_one
            return [one[r] for r, st in enumerate(self.council) if st]
        stacks = [r for r, st in enumerate(self.council) if st]
        n = 1 + sum(self.cfg.pamount[lord] - 1 for lord in alchemists)
        n = max(1, min(n, len(stacks)))
        return [self._act("request", (("races", tuple(RACES[r] for r in combo)),))
                for combo in combinations(stacks, n)]

    def _do_request(self, a) -> None:
        me = self.player
        races = tuple(RACES.index(r) for r in a["races"])
        for r in races:
            self._take_stack(me, r)
        self.acted = True
        self.phase = IDLE

    def _take_stack(self, seat: int, race: int) -> None:
        stack = self.council[race]
        self.council = _set(self.council, race, ())
        self._to_hand(seat, stack, face_up=False)  # [AY-H-2] taken without being shown
        self._say("stack", seat, race, len(stack))

    # ---------------------------------------------------------------- 2c. Recruit a Lord
    def cost_for(self, seat: int, lord: int) -> int:
        """[AY-R-1] the printed total, with the Treasurer [AY-P-25] and Recruiter [AY-P-1]; never below 0."""
        return max(0, self.cfg.cost[lord] + self.cost_change(seat))

    def cost_change(self, seat: int) -> int:
        """What the Treasurer [AY-P-25] and opponents' Recruiters [AY-P-1] add to (or take from)
        every Lord's printed cost for `seat`: the same for each Lord, so worked out once a listing."""
        cfg = self.cfg
        c = 0
        for l2 in self._active(seat, "own_cost"):
            c += cfg.pamount[l2]
        for other in cfg.others[seat]:
            for l2 in self._active(other, "opponents_cost"):
                if not self._shielded(l2, seat):
                    c += cfg.pamount[l2]
        return c

    def _recruit_choices(self, seat: int) -> list[Action]:
        """Every recruit, Lord by Lord in Court order. A Lord the hand cannot pay for (too few
        races [AY-R-2], none of its race [AY-R-3], or its richest races and every pearl short of
        the cost) is skipped before its payments are sought: most Lords, most of the time."""
        cfg = self.cfg
        hand, reach, _, totals = self._hand(seat)
        held = len(reach) - 1
        if not held:
            return []
        any_races = bool(self._active(seat, "any_races"))
        choose = bool(self._active(seat, "choose_affiliate"))
        change = self.cost_change(seat)
        have = self.pearls[seat]
        n_races, req_race, printed = cfg.n_races, cfg.req_race, cfg.cost
        out = []
        for lord in self.court:
            n = n_races[lord]
            if n > held:
                continue
            required = req_race[lord]
            if required >= 0 and not any_races and not hand[required]:
                continue
            cost = printed[lord] + change
            if cost < 0:
                cost = 0
            pearls = have if have < cost else cost  # more pearls than the cost change nothing
            if reach[n] + pearls < cost:
                continue
            if n == 1 and required >= 0 and not any_races and totals[required] + pearls < cost:
                continue  # a Lord of its own race alone: that race falls short (64% of those left)
            out += self._recruits_of(lord, hand, cost, pearls, any_races, choose)
        return out

    def _recruits_of(self, lord: int, hand, cost: int, pearls: int, any_races: bool, choose: bool) -> list[Action]:
        """Every way to recruit `lord` for `cost` from `hand` (its values by race) with `pearls` to
        add. Not cached: in random games 2.8% of lookups by hand and Lord hit (77% in a search's
        tree, which lists few recruits), and the misses paid for the key and the kept moves."""
        cfg = self.cfg
        return [AbyssAction("recruit", args, cfg) for args in recruit_args(
            cfg.lords[lord].id, hand, cfg.n_races[lord], cfg.req_race[lord], cost, pearls, any_races, choose)]

    def _sample_action(self, rng):
        """A rollout's random move on a turn: one of the turn's options drawn evenly, a Lord
        counting as one option (then one of its payments, drawn without listing them), so a
        rollout does not recruit just because payments are many, nor pay for listing them.
        The two-way choices of an exploration (a third of a rollout's moves) are drawn from their
        fixed pair, as the list would be. The turn's options are those of `_choices_turn`, read
        as `_can_plot`, `_request_choices` and `_turn_power_choices` read them; a Lord the hand
        cannot pay for is skipped by `_recruit_choices`'s tests (no draw is spent on it, as
        `sample_payment` spends none on a Lord without payments)."""
        game = self.game
        pair = game.pairs.get(self.phase)
        if pair is not None:
            return pair[rng.below(2)]
        if self.phase != TURN or self.acted:
            return None
        me = self.player
        cfg = self.cfg
        powers = self.powers[me]
        court = self.court
        options: list = []
        if len(court) < cfg.setup.court_size and self.lord_deck and self.pearls[me] >= 1:  # _can_plot
            options.append(game.plot_move)
        if self.deck or self.discard:
            options.append(game.explore_move)
        if "request_stacks" in powers:
            options += self._request_choices()
        else:
            one = game.request_one
            options += [one[r] for r, st in enumerate(self.council) if st]
        if TURN_POWER in powers:
            options += self._turn_power_choices()
        if self.hands[me]:
            options += court
        hand = None  # read only once a Lord is drawn
        while options:
            pick = options.pop(rng.below(len(options)))
            if pick.__class__ is not int:
                return pick
            if hand is None:
                hand, reach, present, totals = self._hand(me)
                held = len(reach) - 1  # races in hand
                any_races = "any_races" in powers
                change = self.cost_change(me)
                have = self.pearls[me]
                n_races, req_race, printed = cfg.n_races, cfg.req_race, cfg.cost
            n = n_races[pick]
            if n > held:  # [AY-R-2] too few races in hand: no payment
                continue
            required = req_race[pick]
            if required >= 0 and not any_races and not hand[required]:  # [AY-R-3] none of its race
                continue
            cost = printed[pick] + change
            if cost < 0:
                cost = 0
            pearls = have if have < cost else cost
            if reach[n] + pearls < cost:  # the richest races and every pearl fall short
                continue
            if n == 1 and required >= 0 and not any_races and totals[required] + pearls < cost:
                continue  # its own race falls short
            drawn = sample_payment(hand, n, required, cost, pearls, any_races, rng, present, totals)
            if drawn is not None:
                pay, extra = drawn
                kinds = affiliations(pay, "choose_affiliate" in powers)
                return self._recruit_action(pick, pay, extra, kinds[rng.below(len(kinds))])
        return None  # nothing but passing: the full list says how

    def _recruit_action(self, lord: int, pay, extra: int, affiliate: tuple[int, int]) -> Action:
        """The move recruiting `lord` with `pay` ((race, value) pairs) and `extra` pearls. Recruit
        moves are made afresh, not kept in the game's move cache: they are too many to keep."""
        return AbyssAction("recruit", (("lord", self.cfg.lords[lord].id), ("pay", named(pay)), ("pearls", extra),
                                       ("affiliate", NAMED[affiliate])), self.cfg)

    def _do_recruit(self, a) -> None:
        """[AY-R-4] Allies from hand (and pearls [AY-R-5]) pay; all go to the discard but the
        affiliated one [AY-R-7]; the Lord is free [AY-R-8]."""
        cfg = self.cfg
        me = self.player
        (_, lid), (_, pay), (_, pearls), (_, (race, value)) = a.args  # as _recruit_action makes them
        lord = cfg.lord_index[lid]
        spent = self._spend(me, pay)
        self._pay(me, pearls)
        race = RACE_INDEX[race]
        keep = next(c for c in spent if cfg.card_race[c] == race and cfg.card_value[c] == value)
        spent.remove(keep)
        self.affiliated = _set(self.affiliated, me, self.affiliated[me] + (keep,))
        self.discard = self.discard + tuple(spent)
        self._say("recruit", me, lord, tuple(pay), pearls, keep)
        self.acted = True
        self._recruited(me, lord)
        self.phase = IDLE

    def _recruited(self, me: int, lord: int) -> None:
        """The Lord leaves the Court for `me`'s free Lords; its power, then the Court refill."""
        self.court = tuple(x for x in self.court if x != lord)  # the rest slide away from the deck
        self._later(("refill",), first=True)
        self._join(me, lord)  # its power goes before the refill [AY-D-8]

    def _join(self, me: int, lord: int) -> None:
        """A Lord comes into play free: its power fires now [AY-R-9]; a 7th Lord ends the game [AY-E-1]."""
        free = self._free[me] + (lord,)
        self._free = _set(self._free, me, free)  # the `free` setter's work, for the one seat changed
        self.powers = _set(self.powers, me, self._powers(free))
        self._later(("power", lord), first=True)
        if len(self.lords_owned(me)) >= self.cfg.setup.lords_to_end:
            self._trigger_end("seventh_lord")

    def _task_refill(self) -> None:
        """[AY-R-10] with only two Lords left the recruiter gains 2 pearls and the Court is
        filled from the deck; a deck too short ends the game [AY-E-1]."""
        setup = self.cfg.setup
        if len(self.court) > setup.refill_at:
            return
        me = self.player
        got = self._gain(me, setup.refill_pearls)
        need = setup.court_size - len(self.court)
        take = min(need, len(self.lord_deck))
        new = tuple(reversed(self.lord_deck[len(self.lord_deck) - take:])) if take else ()
        self.lord_deck = self.lord_deck[:len(self.lord_deck) - take]
        self.court = self.court + new
        self._say("refill", me, got, new)
        if take < need:
            self._trigger_end("court")

    # ---------------------------------------------------------------- the end
    def _trigger_end(self, reason: str) -> None:
        """[AY-E-2] the active player finishes the turn, then each other player takes one last turn."""
        if self.final is not None:
            return
        self.final = tuple(self.opponents(self.player))
        self.ending = reason
        self._say("end_triggered", self.player, reason)

    def _game_over(self) -> None:
        """[AY-E-3] each player affiliates the lowest Ally of each race in hand; the rest are discarded."""
        cfg = self.cfg
        for seat in range(cfg.players):
            best: dict[int, int] = {}
            for c in self.hands[seat]:
                r = cfg.card_race[c]
                if r not in best or cfg.card_value[c] < cfg.card_value[best[r]]:
                    best[r] = c
            kept = tuple(best[r] for r in sorted(best))
            self.affiliated = _set(self.affiliated, seat, self.affiliated[seat] + kept)
            self.discard = self.discard + tuple(c for c in self.hands[seat] if c not in kept)
            for c in self.hands[seat]:
                self.blind &= ~(1 << c)
            self.hands = _set(self.hands, seat, ())
            self.seen = _set(self.seen, seat, ())
            self._say("final_affiliation", seat, kept)
        self.phase = OVER
        self.decider = None
        self.todo = ()
        self._say("over", self.ending)

    # ---------------------------------------------------------------- scoring and views
    def score_breakdown(self) -> list[dict]:
        return breakdown(self)

    def _scores(self):
        return tuple(float(total) for total, _ in totals(self))

    def winners(self) -> list[int]:
        return self._winners(totals(self))

    def outcome(self) -> tuple[list[float], list[int]]:
        t = totals(self)
        return [float(total) for total, _ in t], self._winners(t)

    def _winners(self, totals: list[tuple[int, int]]) -> list[int]:
        """[AY-E-5] most Influence; tied, most pearls; still tied, the highest single Lord.
        `totals`: each seat's (Influence, highest Lord), from scoring.totals."""
        keys = [(total, self.pearls[seat], best_lord) for seat, (total, best_lord) in enumerate(totals)]
        best = max(keys)
        return [seat for seat, k in enumerate(keys) if k == best]

    def _view(self, seat):
        from .view import view

        return view(self, seat)

    def _dump(self) -> dict:
        from .view import dump

        return dump(self)

    def _why_illegal(self, a: Action) -> str | None:
        return explain_illegal(self, a.kind, dict(a.args))

    def _why_illegal_json(self, doc: dict) -> str | None:
        return explain_illegal(self, doc.get("kind"), doc)

    def _invariants(self) -> list[str]:
        from .invariants import invariants  # for the fuzzer and tests only
        return invariants(self)

    def determinize(self, seat: int, seed: int) -> "AbyssState":
        from .view import determinize

        return determinize(self, seat, seed)


# dispatch by name, built once: `_do` and `_resume` run at every move of every rollout
DO = {name[len("_do_"):]: getattr(AbyssState, name) for name in dir(AbyssState) if name.startswith("_do_")}
CHOICES = {name[len("_choices_"):]: getattr(AbyssState, name) for name in dir(AbyssState) if name.startswith("_choices_")}
TASKS = {name[len("_task_"):]: getattr(AbyssState, name) for name in dir(AbyssState) if name.startswith("_task_")}
