"""A fast rule-of-thumb player for Abyss, written from the rulebook's strategy.

Everything is valued in Influence Points (IP), as what a move adds to its own final count:

* a Lord is worth its Influence, its power (once-powers by what they do now; passive and turn
  powers by the game left), its keys toward a Location, and what it adds to the Locations its
  owner holds (exactly, by their formulas) or might take among the face-up ones;
* Allies in hand are fuel: each point of value is worth R (fading as the end nears), plus what
  the card does to the *recruit potential* of the hand, a smooth measure of how close the hand
  (and pearls) is to paying for the best Lords in the Court: Lords whose races are missing or
  whose cost is far count little. So the races the Court needs are worth more;
* recruiting weighs the Lord against what the payment spends (Allies, pearls, the potential left
  for the other Court Lords) and what the affiliation adds (the strongest affiliated Ally of each
  race scores; Locations that count affiliated Allies); among payments the cheapest wins;
* exploring is valued by a small dynamic programme over the track: take a revealed Ally when it
  is worth more than what the rest of the track promises, discounted (rather take a useful Ally
  early than push one's luck); fight a Monster when its Threat reward (tokens are Influence,
  keys are a share of a Location) beats going on;
* Request Support takes a Council stack when its expected cards beat exploring; opponents'
  revealed Allies are bought when worth more than the price (and the pearls the explorer gets);
* Locations by their formulas on its own cards, plus the growth the rest of the game may bring;
  keys are given up from the Lords whose powers are worth least; the powers' choices (discards,
  the Assassin, the Hunter, swaps) take the option worth most;
* it plots at Court only when nothing is worth doing and pearls are plentiful, and recruits its
  last Lord (which ends the game) gladly with a lead, reluctantly without one.

Honesty: it reads only what its seat may see. Directly from the state's slots (the full view
builds the game's log and costs more than a decision), it reads the public ones: `court`,
`free`, `disabled`, `locations`, `affiliated`, `keys`, `key_supply`, `pearls`, `track`,
`threat`, `loc_open`, `loc_out`, `lord_discard`, `final`, `phase`, `player`, `decider`, `acted`,
`target`, and the sizes of `hands`, `tokens`, `council`, `lord_deck`, `loc_deck`, `token_pool`;
of its own seat `hands[me]` and `tokens[me]`; and `drawn` only when it is the one who drew them
(the KEEP phase). It also calls the state's public helpers `price`, `cost_for`, `key_count`, `hand_limit`,
`_threat_lowered`, `_active` and `lords_owned`, which read only public slots. It never reads
another seat's hand or token values, the Council stacks' contents, the decks, the Location stack
(what it holds follows from the Locations in sight; Black Smokers' search shows it through the
legal moves) or the discard pile. The tests check these slots against `state.view(seat)` and
check that a determinized copy (hidden cards re-dealt) gets the same move.

Speed: a decision's context (Lord worths, card worths, the track's values) is cached on the
slots it reads, so the steps of one exploration and the offers around the table share it;
the expected best Location draws are cached on the cards they depend on.
"""
from __future__ import annotations

from bisect import bisect_right

from cardboard.engine import State
from cardboard.games.abyss.content import GUILDS, RACES

from cardboard.agents.valued import ValuedHeuristic

NR = len(RACES)
_RACE = {r: i for i, r in enumerate(RACES)}

R0 = 0.85          # worth of one point of Ally value in hand, as fuel for later Lords
POT_W = 0.5        # weight of a change in the hand's recruit potential
GAMMA = 0.8       # recruit potential kept per point of cost still missing
MISS = 3           # a missing race counts as this many missing points
SECOND = 0.3       # weight of the second-best Lord in the potential
EVAL_FUEL = 0.35   # evaluate(): Influence a point of Ally value in hand may still become
EVAL_PEARL = 0.6   # evaluate(): Influence a pearl may still become
EVAL_KEY = 1.5     # evaluate(): Influence a key may still become
PEARL0 = 0.7       # worth of a pearl while there is game left
TEMPO = 2.0        # recruiting now rather than later (the seventh Lord ends the game)
DELTA = 0.95       # discount per further card revealed on the track
OPEN_SYN = 0.3     # share of a face-up Location's synergy counted for a Lord
PARTIAL_KEY = 0.25  # share of a Location's worth per key toward the next three
BUY_MARGIN = 0.5   # a purchase must beat its price by this much
TURNS_PER_LORD = 3.2  # each player's turns per Lord recruited, roughly
END_LEAD = 6.0     # ending the game needs a lead of this much (the others play once more)
END_WAIT = 3.0     # the most that holding back the last Lord (when behind) is worth
INCOME_TURNS = 8.0  # turns of income counted for a Lord that pays every turn
REQUEST_BIAS = 0.0  # added to the worth of requesting support
RICH = 20          # Ally value in hand beyond which each point is worth less ...
RICH_SCALE = 10.0  # ... halving at RICH + RICH_SCALE

_GPOW = [GAMMA ** k for k in range(64)]

# power kinds that act once, when the Lord arrives: worth nothing to a Lord already owned
_ONCE = frozenset({"gain_pearls", "opponents_lose_pearls", "opponents_discard", "disable_lord", "steal_token",
                   "extra_turn", "take_council", "swap_location", "second_recruit", "swap_with_court",
                   "swap_with_deck", "control_location"})

_STATIC: dict = {}
_DRAWS: dict = {}  # expected best draws, shared between decisions
_CTX_LIMIT = 2_000


class _Static:
    """Per-content tables: the Ally mix, guild shares, tokens."""

    def __init__(self, cfg):
        counts: dict = {}
        for c in range(cfg.n_allies):
            key = (cfg.card_race[c], cfg.card_value[c])
            counts[key] = counts.get(key, 0) + 1
        self.kinds = sorted(counts.items())  # ((race, value), copies)
        self.n_allies = cfg.n_allies
        self.mean_value = sum(cfg.card_value[c] for c in range(cfg.n_allies)) / max(1, cfg.n_allies)
        self.monster_share = cfg.setup.monsters / max(1, cfg.n_cards)
        n_lords = len(cfg.lords)
        self.guild_share = {g: sum(1 for x in cfg.guild if x == g) / n_lords for g in GUILDS}
        self.keyed_share = sum(cfg.tower_keyed) / n_lords
        self.token_total = sum(cfg.token_values)
        self.n_tokens = len(cfg.token_values)
        self.n_locations = len(cfg.locations)
        self.track = cfg.setup.track_size
        self.locs = tuple(_compile_location(spec) for spec in cfg.locations)
        self.keyed = cfg.tower_keyed  # [AY-D-11] as the Towers count them
        self.values_of = [sorted({v for (r, v), _ in self.kinds if r == race}) for race in range(NR)]


def _static(cfg) -> _Static:
    hit = _STATIC.get(id(cfg))
    if hit is None or hit[0] is not cfg:
        if len(_STATIC) > 64:
            _STATIC.clear()
        hit = _STATIC[id(cfg)] = (cfg, _Static(cfg))
    return hit[1]


# ---------------------------------------------------------------- Location formulas
def _compile_location(spec) -> tuple:
    """(special, base, per, what, param) with `what` one of the counts of content.py."""
    if spec.special is not None:
        return (spec.special, 0, 0, None, None)
    kind, _, name = spec.count.partition(":")
    if kind == "guild":
        return (None, spec.base, spec.per, "guild", name)
    if kind == "affiliated" and name:
        return (None, spec.base, spec.per, "race", _RACE[name])
    return (None, spec.base, spec.per, spec.count, None)


def _count(cfg, what: str, param, lords, allies) -> int:
    """What a Location formula counts, on a list of Lords and of affiliated (race, value)."""
    if what == "guild":
        guild = cfg.guild
        return sum(1 for x in lords if guild[x] == param)
    if what == "race":
        return sum(1 for a in allies if a[0] == param)
    if what == "lords":
        return len(lords)
    if what == "guilds":
        return len({cfg.guild[x] for x in lords})
    if what == "affiliated":
        return len(allies)
    if what == "weakest_lord":
        return min((cfg.ip[x] for x in lords), default=0)
    if what == "strongest_lord":
        return max((cfg.ip[x] for x in lords), default=0)
    if what in ("lords_with_keys", "lords_without_keys"):
        keyed = sum(1 for x in lords if cfg.tower_keyed[x])
        return keyed if what == "lords_with_keys" else len(lords) - keyed
    if what == "lowest_affiliated_sum":
        low: dict = {}
        for r, v in allies:
            low[r] = min(v, low.get(r, v))
        return sum(low.values())
    return 0


def _loc_value(cfg, specs, loc: int, lords, allies, opp_locs=()) -> int:
    special, base, per, what, param = specs[loc]
    if special is None:
        return base + per * _count(cfg, what, param, lords, allies)
    if special == "mirror":
        best = 0
        for theirs in opp_locs:
            if specs[theirs][0] is None:
                best = max(best, _loc_value(cfg, specs, theirs, lords, allies))
        return best
    return 0


def _expected_max(values: list[float], n: int) -> float:
    """The expected best of n drawn at random (without replacement) from values."""
    m = len(values)
    if m == 0 or n <= 0:
        return 0.0
    n = min(n, m)
    vals = sorted(values)
    # P(max is the i-th smallest, 0-based) = C(i, n-1) / C(m, n)
    total, ways = 0.0, 0
    c = 1 if n == 1 else 0  # C(i, n-1) for i = 0
    for i, v in enumerate(vals):
        if i >= n - 1:
            if i == n - 1:
                c = 1
            else:
                c = c * i // (i - n + 1)
            total += c * v
            ways += c
    return total / ways if ways else 0.0


class _Ctx:
    """One decision's view of the game, from what the deciding seat may see."""

    def __init__(self, state: State, me: int):
        cfg = state.cfg
        self.state = state
        self.cfg = cfg
        self.st = _static(cfg)
        self.me = me
        self.n = n = cfg.players
        hand = [[] for _ in range(NR)]
        for c in state.hands[me]:
            hand[cfg.card_race[c]].append(cfg.card_value[c])
        self.hand = hand
        self.tot = [sum(h) for h in hand]
        self.pearls = state.pearls[me]
        self.allies = [(cfg.card_race[c], cfg.card_value[c]) for c in state.affiliated[me]]
        best_aff = [0] * NR
        for r, v in self.allies:
            if v > best_aff[r]:
                best_aff[r] = v
        self.best_aff = best_aff
        self.lords = state.lords_owned(me)
        self.owned_locs = [loc for loc, _ in state.locations[me]]
        self.opp_locs = [loc for s in range(n) if s != me for loc, _ in state.locations[s]]
        self.opp_w = 1.0 if n == 2 else 0.6
        self._profile()
        # how much game is left for me
        max_lords = max(len(state.lords_owned(s)) for s in range(n))
        if state.final is not None:  # the last round: one more turn for those still in it
            rem = 1.0 if me in state.final else 0.0
        else:
            by_lords = TURNS_PER_LORD * max(0.5, cfg.setup.lords_to_end - max_lords)
            left = len(state.lord_deck) + len(state.court) - cfg.setup.refill_at
            by_deck = max(1.0, left * TURNS_PER_LORD / n + 1)
            rem = min(by_lords, by_deck)
        self.rem = rem
        self.res = res = min(1.0, rem / 4.0)  # how much resources in hand still matter
        # a large hand is worth less per point: Lords come one a turn, not one a card
        total = sum(self.tot)
        self.sat = 1.0 / (1.0 + max(0, total - RICH) / RICH_SCALE)
        self.R = R0 * res * self.sat
        self.pot_w = POT_W * res
        self.pearl_v = 0.03 + PEARL0 * res
        self.end_w = 1.0 - res  # weight of the end-of-game affiliation of the hand
        self.future_lords = min(cfg.setup.lords_to_end - len(self.lords), rem / TURNS_PER_LORD) if rem else 0.0
        self._court = None
        self._p0 = None
        self._cv = {}
        self._lv = {}
        self._loc_e = None
        self._token_v = None
        self._lf = {}
        self._unseen = None
        self._tv = None
        self._draws: dict = {}
        self._filled = False
        self._lead = None
        self._unseen_lord = None
        self._pex: dict = {}

    # ------------------------------------------------------------ values of things
    @property
    def token_v(self) -> float:
        """The expected worth of a Monster token drawn: the mean of those I have not seen."""
        if self._token_v is None:
            st = self.st
            mine = self.state.tokens[self.me]
            unseen = st.n_tokens - len(mine)
            vals = self.cfg.token_values
            self._token_v = (st.token_total - sum(vals[t] for t in mine)) / unseen if unseen > 0 else 0.0
        return self._token_v

    def _profile(self) -> None:
        """The counts the Location formulas read, on my Lords and affiliated Allies."""
        cfg = self.cfg
        lords = self.lords
        gcount: dict = {}
        for x in lords:
            g = cfg.guild[x]
            gcount[g] = gcount.get(g, 0) + 1
        ips = [cfg.ip[x] for x in lords]
        keyed = sum(1 for x in lords if self.st.keyed[x])
        low: dict = {}
        race_n = [0] * NR
        for r, v in self.allies:
            race_n[r] += 1
            low[r] = min(v, low.get(r, v))
        self.counts = {"lords": len(lords), "guilds": len(gcount), "affiliated": len(self.allies),
                       "weakest_lord": min(ips, default=0), "strongest_lord": max(ips, default=0),
                       "lords_with_keys": keyed, "lords_without_keys": len(lords) - keyed,
                       "lowest_affiliated_sum": sum(low.values())}
        self.gcount = gcount
        self.race_n = race_n
        self.low = low

    def count(self, what: str, param) -> int:
        if what == "guild":
            return self.gcount.get(param, 0)
        if what == "race":
            return self.race_n[param]
        return self.counts.get(what, 0)

    def loc_now(self, loc: int) -> float:
        """A Location's worth on my cards now."""
        special, base, per, what, param = self.st.locs[loc]
        if special is None:
            return base + per * self.count(what, param)
        if special == "mirror":
            locs = self.st.locs
            return max((self.loc_now(x) for x in self.opp_locs if locs[x][0] is None), default=0)
        return 0

    def lord_delta(self, loc: int, lord: int) -> float:
        """What one more Lord adds to a Location's worth on my cards."""
        special, base, per, what, param = self.st.locs[loc]
        if special is not None:
            if special == "mirror":
                locs = self.st.locs
                cands = [x for x in self.opp_locs if locs[x][0] is None]
                if not cands:
                    return 0
                return max(self.loc_now(x) + self.lord_delta(x, lord) for x in cands) - self.loc_now(loc)
            return 0
        cfg = self.cfg
        if what == "guild":
            return per if cfg.guild[lord] == param else 0
        if what == "lords":
            return per
        if what == "guilds":
            return 0 if cfg.guild[lord] in self.gcount else per
        if what == "weakest_lord":
            c = self.counts["weakest_lord"]
            return per * (min(c, cfg.ip[lord]) - c) if self.lords else per * cfg.ip[lord]
        if what == "strongest_lord":
            c = self.counts["strongest_lord"]
            return per * (max(c, cfg.ip[lord]) - c)
        if what == "lords_with_keys":
            return per if self.st.keyed[lord] else 0
        if what == "lords_without_keys":
            return 0 if self.st.keyed[lord] else per
        return 0

    def ally_delta(self, loc: int, r: int, v: int) -> float:
        """What one more affiliated Ally adds to a Location's worth on my cards."""
        special, base, per, what, param = self.st.locs[loc]
        if special is not None:
            if special == "mirror":
                locs = self.st.locs
                cands = [x for x in self.opp_locs if locs[x][0] is None]
                if not cands:
                    return 0
                return max(self.loc_now(x) + self.ally_delta(x, r, v) for x in cands) - self.loc_now(loc)
            return 0
        if what == "race":
            return per if r == param else 0
        if what == "affiliated":
            return per
        if what == "lowest_affiliated_sum":
            old = self.low.get(r)
            return per * (v if old is None else min(old, v) - old)
        return 0

    def loc_future(self, loc: int) -> float:
        """A Location's worth to me: now, plus what the rest of the game may add to it."""
        hit = self._lf.get(loc)
        if hit is not None:
            return hit
        special, base, per, what, param = self.st.locs[loc]
        if special == "smokers":
            v = self.best_unseen_location()
        elif special is not None:
            v = self.loc_now(loc)
        else:
            fl = self.future_lords
            grow = 0.0
            if what == "guild":
                grow = fl * self.st.guild_share[param]
            elif what == "race":
                grow = fl / NR + (0.6 * (1 - 0.5 * self.res) if self.hand[param] else 0.0)
            elif what == "affiliated":
                grow = fl + sum(1 for h in self.hand if h)
            elif what == "lords":
                grow = fl
            elif what == "guilds":
                have = {self.cfg.guild[x] for x in self.lords}
                grow = sum(1 - (1 - s) ** fl for g, s in self.st.guild_share.items() if g not in have)
            elif what == "lords_with_keys":
                grow = fl * self.st.keyed_share
            elif what == "lords_without_keys":
                grow = fl * (1 - self.st.keyed_share)
            elif what == "lowest_affiliated_sum":
                grow = fl * 0.6
            elif what == "strongest_lord":
                grow = 0.5 * fl
            elif what == "weakest_lord":
                grow = -0.5 * fl if self.lords else 4.0
            v = base + per * (self.count(what, param) + grow)
        self._lf[loc] = v
        return v

    def unseen_locations(self) -> list[int]:
        """Locations in the stack: every one not face up, held, or out of the game (and not
        drawn); the contents follow from what everyone sees."""
        if self._unseen is None:
            state = self.state
            seen = set(state.loc_open) | set(state.loc_out) | set(state.drawn)
            for s in range(self.n):
                for loc, _ in state.locations[s]:
                    seen.add(loc)
            self._unseen = [x for x in range(self.st.n_locations) if x not in seen]
        return self._unseen

    def best_unseen_location(self) -> float:
        locs = self.st.locs
        return max((self.loc_future(x) for x in self.unseen_locations() if locs[x][0] != "smokers"), default=0.0)

    def draw_value(self, n: int) -> float:
        """The expected best of n Locations drawn from the stack, to me."""
        hit = self._draws.get(n)
        if hit is None:
            unseen = self.unseen_locations()
            # the same Locations, my same cards and as much game left: the same values
            key = (id(self.cfg), n, tuple(unseen), tuple(self.lords), tuple(self.allies), tuple(map(bool, self.hand)),
                   tuple(self.opp_locs), round(self.future_lords, 3), round(self.res, 3))
            hit = _DRAWS.get(key)
            if hit is None or hit[0] is not self.cfg:
                if len(_DRAWS) > _CTX_LIMIT:
                    _DRAWS.clear()
                hit = _DRAWS[key] = (self.cfg, _expected_max([self.loc_future(x) for x in unseen], n))
            hit = self._draws[n] = hit[1]
        return hit

    @property
    def loc_e(self) -> float:
        """What my next Location is likely worth."""
        if self._loc_e is None:
            state = self.state
            best = max((self.loc_future(x) for x in state.loc_open), default=0.0)
            if len(state.loc_deck):
                best = max(best, self.draw_value(2) - 0.5)
            self._loc_e = best
        return self._loc_e

    def keys_worth(self, k: float) -> float:
        full, part = divmod(k, 3)
        return self.loc_e * (full + PARTIAL_KEY * part * min(1.0, self.rem / 3.0))

    def key_gain(self, n: int) -> float:
        if n <= 0:
            return 0.0
        k = self.state.key_count(self.me)
        return self.keys_worth(k + n) - self.keys_worth(k)

    # ------------------------------------------------------------ powers
    def power_value(self, lord: int, owned: bool = False) -> float:
        """A Lord's power to me: on arriving (owned=False) or kept from now on (owned=True)."""
        cfg = self.cfg
        state = self.state
        kind = cfg.pkind[lord]
        amount = cfg.pamount[lord]
        opp = self.opp_w
        if kind == "none":
            return 0.0
        if owned and kind in _ONCE:
            return 0.0
        me = self.me
        victims = [s for s in range(self.n) if s != me and not (cfg.guild[lord] == "military"
                                                              and state._active(s, "military_immunity"))]
        if kind == "gain_pearls":
            return amount * self.pearl_v
        if kind == "income":
            return amount * self.pearl_v * (1 + 0.8 * min(self.rem, INCOME_TURNS))
        if kind == "opponents_lose_pearls":
            return opp * 0.6 * sum(min(amount, state.pearls[s]) for s in victims)
        if kind == "opponents_discard":
            return opp * 1.0 * sum(1 for s in victims if state.hands[s])
        if kind == "disable_lord":
            return opp * 1.5 * sum(1 for s in victims if any(x not in state.disabled for x in state.free[s]))
        if kind == "steal_token":
            return self.token_v * (1 + opp) if any(state.tokens[s] for s in victims) else 0.0
        if kind == "extra_turn":
            return 3.0 if self.rem or state.final is not None else 2.0
        if kind == "take_council":
            return max((self.stack_value(r, simple=True) for r in range(NR) if state.council[r]), default=0.0)
        if kind == "swap_location":
            gain = 0.0
            for mine in self.owned_locs:
                for theirs in state.loc_open:
                    gain = max(gain, self.loc_future(theirs) - self.loc_future(mine))
            return gain
        if kind == "second_recruit":
            if self.pearls < amount:
                return 0.0
            best = max((self.lord_base(x) for x in state.court if x != lord), default=0.0)
            return max(0.0, best - amount * self.pearl_v) * 0.8
        if kind == "swap_with_court":
            mine = [self.owned_lord_value(x) for x in state.free[me] if x != lord]
            if not mine or not state.court:
                return 0.0
            return 0.7 * max(0.0, max((self.lord_base(x) for x in state.court if x != lord), default=0.0) - min(mine))
        if kind == "swap_with_deck":
            return 0.5
        if kind == "control_location":
            if len(state.loc_deck):
                return self.draw_value(amount)
            return max((self.loc_future(x) for x in state.loc_open), default=0.0)
        # passive and turn powers: worth the game left
        left = min(1.0, self.rem / 8.0)
        if kind == "opponents_cost":
            return 2.0 * left * opp * len(victims) ** 0.5
        if kind == "own_cost":
            return -amount * 0.6 * self.future_lords * 0.8
        if kind == "opponents_hand_limit":
            return 1.0 * left * opp
        if kind == "opponents_threat_down":
            return 0.8 * left * opp
        if kind == "council_income":
            return 0.5 * min(self.rem, INCOME_TURNS) * self.pearl_v
        if kind == "military_immunity":
            threat = sum(1 for s in range(self.n) if s != me for x in state.free[s]
                         if cfg.guild[x] == "military" and cfg.pkind[x] in ("opponents_cost", "opponents_hand_limit",
                                                                           "opponents_threat_down"))
            return 0.3 * left + 1.5 * threat * left
        if kind == "request_stacks":
            return 1.5 * left
        if kind == "choose_affiliate":
            return 1.2 * left
        if kind == "any_races":
            return 1.5 * left
        if kind == "sell_ally":
            return 0.4 * min(self.rem, INCOME_TURNS) * self.pearl_v
        if kind == "discard_council":
            return 0.4 * left
        if kind == "replace_court_lord":
            return 0.5 * left
        return 0.0

    # ------------------------------------------------------------ Lords
    def lord_value(self, lord: int) -> float:
        """A Court Lord's worth to me if I recruit it."""
        v = self._lv.get(lord)
        if v is not None:
            return v
        cfg = self.cfg
        v = cfg.ip[lord] + self.power_value(lord) + self.synergy(lord)
        if cfg.lkeys[lord]:
            v += self.key_gain(cfg.lkeys[lord])
        self._lv[lord] = v
        return v

    def lord_base(self, lord: int) -> float:
        """A Court Lord's worth without its power (for powers that bring another Lord)."""
        cfg = self.cfg
        return cfg.ip[lord] + self.synergy(lord) + (self.key_gain(cfg.lkeys[lord]) if cfg.lkeys[lord] else 0.0)

    def owned_lord_value(self, lord: int) -> float:
        """What one of my free Lords is still worth to me (to give it away)."""
        cfg = self.cfg
        v = cfg.ip[lord] + self.power_value(lord, owned=True)
        if cfg.lkeys[lord] and lord not in self.state.disabled:
            k = self.state.key_count(self.me)
            v += self.keys_worth(k) - self.keys_worth(k - cfg.lkeys[lord])
        lords = [x for x in self.lords if x != lord]
        specs = self.st.locs
        for loc in self.owned_locs:
            v += self.loc_now(loc) - _loc_value(cfg, specs, loc, lords, self.allies, self.opp_locs)
        return v

    def synergy(self, lord: int) -> float:
        """What the Lord adds to my Locations, and a share of what it would add to face-up ones."""
        v = 0.0
        for loc in self.owned_locs:
            v += self.lord_delta(loc, lord)
        best = 0.0
        if self.rem:
            locs = self.st.locs
            for loc in self.state.loc_open:
                if locs[loc][0] is None:
                    d = self.lord_delta(loc, lord)
                    if d > best:
                        best = d
        return v + OPEN_SYN * best * min(1.0, self.rem / 4.0)

    # ------------------------------------------------------------ recruit potential
    @property
    def court(self) -> list[tuple]:
        """(lord, races, required race, cost, worth) for the Court's Lords."""
        if self._court is None:
            state, cfg, me = self.state, self.cfg, self.me
            any_races = bool(state._active(me, "any_races"))
            self.any_races = any_races
            self._court = [(x, cfg.n_races[x], -2 if any_races else cfg.req_race[x], state.cost_for(me, x),
                            self.lord_value(x)) for x in state.court]
        return self._court

    def potential(self, tot, pearls: int, excl: int = -1) -> float:
        """How close a hand (race totals) and pearls are to the best Court Lords."""
        best = second = 0.0
        order = None
        for lord, n, req, cost, worth in self.court:
            if lord == excl:
                continue
            if req >= 0:
                total = tot[req]
                missing = 0 if total > 0 else 1
                if n > 1:
                    if order is None:
                        order = sorted(range(NR), key=tot.__getitem__, reverse=True)
                    k = n - 1
                    for r in order:
                        if r != req:
                            t = tot[r]
                            if t <= 0:
                                missing += k
                                break
                            total += t
                            k -= 1
                            if not k:
                                break
            elif req == -1:  # every race
                missing = 0
                total = 0
                for t in tot:
                    if t > 0:
                        total += t
                    else:
                        missing += 1
            else:  # the Diplomat: any n races
                if order is None:
                    order = sorted(range(NR), key=tot.__getitem__, reverse=True)
                total = 0
                missing = 0
                for r in order[:n]:
                    t = tot[r]
                    if t > 0:
                        total += t
                    else:
                        missing += 1
            gap = cost - total - pearls
            if gap > 0:
                k = MISS * missing + gap
            elif missing:
                k = MISS * missing
            else:
                k = 0
            c = worth * _GPOW[k] if k < 64 else 0.0
            if c > best:
                best, second = c, best
            elif c > second:
                second = c
        return best + SECOND * second

    def potential_rows(self) -> list[list[float]]:
        """potential() of my hand with one more Ally, for every race r and every value of
        st.values_of[r]: the same sums as potential(), computed a Lord at a time."""
        tot = self.tot
        pearls = self.pearls
        gp = _GPOW
        values_of = self.st.values_of
        rows = [[0.0] * len(values_of[r]) for r in range(NR)]
        seconds = [[0.0] * len(values_of[r]) for r in range(NR)]
        order = sorted(range(NR), key=tot.__getitem__, reverse=True)
        for lord, n, req, cost, worth in self.court:
            need = cost - pearls
            simple = 0 <= req and n <= 3
            if simple:
                t = tot[req]
                miss_req = 0 if t > 0 else 1
                ex = [x for x in order if x != req]  # the other races, best first
                if n == 1:
                    gap = need - t
                    k = MISS * miss_req + (gap if gap > 0 else 0)
                    c_const = worth * gp[k] if k < 64 else 0.0
            for r in range(NR):
                vals = values_of[r]
                if simple:
                    if r == req:
                        base = t
                        missing = 0
                        for x in ex[:n - 1]:
                            tx = tot[x]
                            base += tx
                            if tx <= 0:
                                missing += 1
                        cs = []
                        for v in vals:
                            gap = need - base - v
                            k = MISS * missing + (gap if gap > 0 else 0)
                            cs.append(worth * gp[k] if k < 64 else 0.0)
                    elif n == 1:
                        cs = None
                    else:
                        o0 = o1 = 0
                        i = 0
                        for x in ex:
                            if x != r:
                                if i == 0:
                                    o0 = tot[x]
                                    i = 1
                                else:
                                    o1 = tot[x]
                                    break
                        tr0 = tot[r]
                        cs = []
                        for v in vals:
                            tr = tr0 + v
                            if n == 2:
                                top = tr if tr >= o0 else o0
                                total = t + top
                                missing = miss_req + (0 if top > 0 else 1)
                            else:
                                if tr >= o1:
                                    a, b = (tr, o0) if tr >= o0 else (o0, tr)
                                else:
                                    a, b = o0, o1
                                total = t + a + b
                                missing = miss_req + (0 if a > 0 else 1) + (0 if b > 0 else 1)
                            gap = need - total
                            k = MISS * missing + (gap if gap > 0 else 0)
                            cs.append(worth * gp[k] if k < 64 else 0.0)
                else:
                    cs = []
                    for v in vals:
                        t2 = list(tot)
                        t2[r] += v
                        if req == -1:
                            top = t2
                        elif req >= 0:  # a guild Lord of four or more races
                            top = [t2[req]] + sorted((t2[x] for x in range(NR) if x != req), reverse=True)[:n - 1]
                        else:
                            top = sorted(t2, reverse=True)[:n]
                        total = sum(top)
                        missing = sum(1 for t in top if t <= 0)
                        gap = need - total
                        k = MISS * missing + (gap if gap > 0 else 0)
                        cs.append(worth * gp[k] if k < 64 else 0.0)
                best = rows[r]
                second = seconds[r]
                if cs is None:  # the same for every value
                    c = c_const
                    for i in range(len(best)):
                        if c > best[i]:
                            second[i] = best[i]
                            best[i] = c
                        elif c > second[i]:
                            second[i] = c
                    continue
                for i, c in enumerate(cs):
                    if c > best[i]:
                        second[i] = best[i]
                        best[i] = c
                    elif c > second[i]:
                        second[i] = c
        return [[b + SECOND * c for b, c in zip(rows[r], seconds[r])] for r in range(NR)]

    def fill_card_values(self) -> None:
        """card_value() of every kind of Ally."""
        if self._filled:
            return
        self._filled = True
        values_of = self.st.values_of
        rows = self.potential_rows() if self.pot_w else None
        p0 = self.p0 if self.pot_w else 0.0
        R, pot_w, end_w = self.R, self.pot_w, self.end_w
        end0 = self.end_aff(self.hand) if end_w else 0.0
        cv = self._cv
        for r in range(NR):
            for i, v in enumerate(values_of[r]):
                x = R * v
                if rows is not None:
                    x += pot_w * (rows[r][i] - p0)
                if end_w:
                    hand = list(self.hand)
                    hand[r] = hand[r] + [v]
                    x += end_w * (self.end_aff(hand) - end0)
                cv[(r, v)] = x

    @property
    def p0(self) -> float:
        if self._p0 is None:
            self._p0 = self.potential(self.tot, self.pearls)
        return self._p0

    def end_aff(self, hand) -> float:
        """What the hand's lowest Ally of each race would add when affiliated at the end."""
        v = 0.0
        for r in range(NR):
            h = hand[r]
            if h:
                low = min(h)
                if low > self.best_aff[r]:
                    v += low - self.best_aff[r]
        return v

    def card_value(self, r: int, v: int) -> float:
        """An Ally of race r and value v coming into my hand."""
        key = (r, v)
        hit = self._cv.get(key)
        if hit is not None:
            return hit
        tot = list(self.tot)
        tot[r] += v
        x = self.R * v
        if self.pot_w:
            x += self.pot_w * (self.potential(tot, self.pearls) - self.p0)
        if self.end_w:
            hand = list(self.hand)
            hand[r] = hand[r] + [v]
            x += self.end_w * (self.end_aff(hand) - self.end_aff(self.hand))
        self._cv[key] = x
        return x

    def keep_value(self, r: int, v: int) -> float:
        """An Ally of race r and value v leaving my hand: what I lose."""
        tot = list(self.tot)
        tot[r] -= v
        x = self.R * v
        if self.pot_w:
            x += self.pot_w * (self.p0 - self.potential(tot, self.pearls))
        if self.end_w:
            hand = list(self.hand)
            h = list(hand[r])
            h.remove(v)
            hand[r] = h
            x += self.end_w * (self.end_aff(self.hand) - self.end_aff(hand))
        return x

    def stack_value(self, r: int, simple: bool = False) -> float:
        """A Council stack of race r (contents unseen): its size times a mean card, roughly."""
        state = self.state
        k = len(state.council[r])
        if not k:
            return 0.0
        limit = state.hand_limit(self.me)
        if limit is not None:
            k_eff = max(0, min(k, limit - len(state.hands[self.me]) + 1))
        else:
            k_eff = k
        mean = self.st.mean_value
        tot = list(self.tot)
        tot[r] += int(round(k_eff * mean))
        x = self.R * k_eff * mean + 0.15 * k_eff
        if self.pot_w and not simple:
            x += self.pot_w * (self.potential(tot, self.pearls) - self.p0)
        if self.end_w and not self.hand[r]:
            x += self.end_w * max(0.0, 1.5 - self.best_aff[r])
        return x

    # ------------------------------------------------------------ exploring
    def reward_value(self, gains) -> float:
        v = 0.0
        keys = 0
        for g in gains:
            if g == "pearl":
                v += self.pearl_v
            elif g == "token":
                v += self.token_v
            elif g == "key":
                keys += 1
        if keys:
            keys = min(keys, self.state.key_supply)
            v += self.key_gain(keys)
        return v

    def fight_value(self, threat: int, forced: bool = False) -> float:
        state = self.state
        space = threat
        if state._threat_lowered(self.me):
            space = max(1, space - 1)
        opts = self.cfg.threat[space - 1]
        pool = len(state.token_pool)
        ok = [o for o in opts if o.count("token") <= pool] or [tuple(g for g in opts[0] if g != "token")]
        v = max(self.reward_value(o) for o in ok)
        return v + (self.pearl_v if forced else 0.0)

    def track_values(self) -> list[float]:
        """V[p]: what exploring from the p-th space on (1-based) is worth; V[size+1] = 0."""
        if self._tv is not None:
            return self._tv
        st = self.st
        size = st.track
        m = st.monster_share
        fight = self.fight_value(self.state.threat)
        self.fill_card_values()
        cv = self._cv
        cards = sorted((cv[k], w) for k, w in st.kinds)
        cs = [c for c, _ in cards]
        cum_w = [0]
        cum_cw = [0.0]
        for c, w in cards:
            cum_w.append(cum_w[-1] + w)
            cum_cw.append(cum_cw[-1] + c * w)
        total_w = cum_w[-1]
        total_cw = cum_cw[-1]
        V = [0.0] * (size + 2)
        V[size] = m * (fight + self.pearl_v) + (1 - m) * (total_cw / total_w + self.pearl_v)
        for p in range(size - 1, 0, -1):
            go = DELTA * V[p + 1]
            i = bisect_right(cs, go)  # cards worth no more than going on
            ally = (go * cum_w[i] + total_cw - cum_cw[i]) / total_w
            V[p] = m * max(fight, go) + (1 - m) * ally
        self._tv = V
        return V


_CTX: dict = {}


def _context(state: State, me: int) -> _Ctx:
    """The decision context, shared by decisions that see the same things (the steps of one
    exploration, the offers around the table): keyed on every slot the context reads."""
    hands = state.hands
    key = (me, state.player, hands[me], tuple(map(len, hands)), state.pearls, state.court, state.free,
           state.disabled, state.locations, state.affiliated, state.keys, state.key_supply, state.threat,
           state.loc_open, state.loc_out, state.drawn if state.decider == me else len(state.drawn), state.final,
           len(state.lord_deck), len(state.loc_deck), len(state.token_pool), state.tokens[me],
           tuple(map(len, state.tokens)), tuple(map(len, state.council)), len(state.lord_discard))
    hit = _CTX.get(key)
    if hit is not None and hit.cfg is state.cfg:
        hit.state = state
        return hit
    ctx = _Ctx(state, me)
    if len(_CTX) > _CTX_LIMIT:
        _CTX.clear()
    _CTX[key] = ctx
    return ctx


class AbyssHeuristic(ValuedHeuristic):
    """Recruits good Lords cheaply, explores for the races the Court needs."""

    name = "heuristic"

    def evaluate(self, state) -> list[float]:
        """Each seat's final Influence as a search may guess it in a fully dealt world (a
        determinization): the count now, the lowest Ally of each race its hand would affiliate
        at the end (AY-E-3) and, for the game left, its hand as fuel, its pearls and keys."""
        cfg = state.cfg
        n = cfg.players
        to_end = cfg.setup.lords_to_end
        owned = [state.lords_owned(s) for s in range(n)]
        left = max(0, to_end - max(len(x) for x in owned)) / to_end
        out = []
        for seat, b in enumerate(state.score_breakdown()):
            best = [0] * NR
            for c in state.affiliated[seat]:
                r = cfg.card_race[c]
                best[r] = max(best[r], cfg.card_value[c])
            low = [99] * NR
            fuel = 0
            for c in state.hands[seat]:
                r = cfg.card_race[c]
                v = cfg.card_value[c]
                fuel += v
                if v < low[r]:
                    low[r] = v
            gain = sum(max(0, low[r] - best[r]) for r in range(NR) if low[r] != 99)
            v = b["total"] + gain + left * (EVAL_FUEL * fuel + EVAL_PEARL * state.pearls[seat]
                                            + EVAL_KEY * state.key_count(seat))
            out.append(v)
        return out

    def _step(self, state, legal) -> str:
        return state.phase

    def _context(self, state):
        return _context(state, state.current_player)

    # ------------------------------------------------------------ the turn
    def _turn(self, state, ctx, legal) -> list[float]:
        values = []
        explore = None
        recruits = {}
        for a in legal:
            k = a.kind
            if k == "recruit":
                v = self._recruit_value(state, ctx, a, recruits)
            elif k == "explore":
                if explore is None:
                    explore = ctx.track_values()[1] + 0.25 * ctx.res * (ctx.n - 1)
                v = explore
            elif k == "request":
                v = sum(ctx.stack_value(_RACE[r]) for r in a["races"]) + REQUEST_BIAS
            elif k == "sell":
                r, val = a["ally"]
                v = ctx.cfg.pamount[ctx.cfg.lord_index[a["lord"]]] * ctx.pearl_v - ctx.keep_value(_RACE[r], val)
            elif k == "oracle":
                r = _RACE[a["race"]]
                size = len(state.council[r])
                v = 0.5 * ctx.opp_w * size * ctx.res - ctx.stack_value(r) - 0.8
            elif k == "opportunist":
                v = self._opportunist_value(state, ctx, a)
            elif k == "plot":
                v = -100.0  # decided below
            else:  # end_turn, pass
                v = 0.0
            values.append(v)
        best = max(values)
        if not state.acted and best < 1.5 and ctx.pearls >= 5 and len(state.court) <= 4:
            for i, a in enumerate(legal):  # plotting at Court: rarely, when nothing is worth doing
                if a.kind == "plot" and not any(b.kind == "recruit" for b in legal):
                    values[i] = best + 0.1
        return values

    def _unseen_lord_mean(self, state, ctx) -> float:
        """What a Lord nobody has seen (the Lord deck's top) is worth to me, on average."""
        if ctx._unseen_lord is None:
            cfg = ctx.cfg
            seen = set(state.court) | set(state.lord_discard)
            for s in range(ctx.n):
                seen.update(state.lords_owned(s))
            unseen = [x for x in range(len(cfg.lords)) if x not in seen]
            ctx._unseen_lord = (sum(cfg.ip[x] + 0.5 * ctx.power_value(x) for x in unseen) / len(unseen)
                                if unseen else 0.0)
        return ctx._unseen_lord

    def _opportunist_value(self, state, ctx, a) -> float:
        """Replace a Court Lord worth little to me by the deck's top, when the deck promises more
        (after my action, so that what I could recruit is not thrown away)."""
        if not state.acted:
            return -1.0
        lord = ctx.cfg.lord_index[a["court"]]
        return self._unseen_lord_mean(state, ctx) - ctx.lord_value(lord) - 2.0

    def _recruit_value(self, state, ctx, a, cache) -> float:
        cfg = ctx.cfg
        lord = cfg.lord_index[a["lord"]]
        pay = a["pay"]
        pearls = a["pearls"]
        key = (lord, pay, pearls)
        base = cache.get(key)
        if base is None:
            tot = list(ctx.tot)
            spent = 0
            for r, v in pay:
                ri = _RACE[r]
                tot[ri] -= v
                spent += v
            base = ctx.lord_value(lord) + TEMPO * ctx.res - ctx.R * spent - ctx.pearl_v * pearls
            if ctx.pot_w:
                left = ctx.pearls - pearls
                before = ctx._pex.get(lord)
                if before is None:
                    before = ctx._pex[lord] = ctx.potential(ctx.tot, ctx.pearls, lord)
                base += ctx.pot_w * (ctx.potential(tot, left, lord) - before)
            if ctx.end_w:
                hand = [list(h) for h in ctx.hand]
                for r, v in pay:
                    hand[_RACE[r]].remove(v)
                base += ctx.end_w * (ctx.end_aff(hand) - ctx.end_aff(ctx.hand))
            if len(ctx.lords) + 1 >= cfg.setup.lords_to_end and state.final is None:
                base += self._end_value(state, ctx, lord)
            cache[key] = base
        r, v = a["affiliate"]
        return base + self._aff_gain(ctx, _RACE[r], v)

    def _aff_gain(self, ctx, r: int, v: int) -> float:
        gain = max(0, v - ctx.best_aff[r])
        for loc in ctx.owned_locs:
            gain += ctx.ally_delta(loc, r, v)
        return gain

    def _end_value(self, state, ctx, lord) -> float:
        """Recruiting my last Lord ends the game: good with a lead, bad without."""
        if ctx._lead is None:
            ctx._lead = self._estimate(state, ctx, ctx.me) - max(
                self._estimate(state, ctx, s) for s in range(ctx.n) if s != ctx.me)
        lead = ctx._lead + ctx.cfg.ip[lord]
        if lead > END_LEAD:
            return 3.0
        need = ctx.cfg.setup.lords_to_end - 1
        if any(len(state.lords_owned(s)) >= need for s in range(ctx.n) if s != ctx.me):
            return 0.0  # someone else can end it on their turn anyway
        return -min(END_WAIT, 0.3 * (END_LEAD - lead))

    def _estimate(self, state, ctx, seat) -> float:
        """A seat's count as I may see it: its face-down tokens at the mean."""
        cfg = ctx.cfg
        lords = state.lords_owned(seat)
        allies = [(cfg.card_race[c], cfg.card_value[c]) for c in state.affiliated[seat]]
        opp = [loc for s in range(ctx.n) if s != seat for loc, _ in state.locations[s]]
        v = sum(cfg.ip[x] for x in lords)
        specs = ctx.st.locs
        v += sum(_loc_value(cfg, specs, loc, lords, allies, opp) for loc, _ in state.locations[seat])
        best: dict = {}
        for r, val in allies:
            best[r] = max(best.get(r, 0), val)
        v += sum(best.values())
        if seat == ctx.me:
            v += sum(cfg.token_values[t] for t in state.tokens[seat]) + ctx.end_aff(ctx.hand)
        else:
            v += len(state.tokens[seat]) * ctx.token_v + 0.3 * len(state.hands[seat])
        return v

    # ------------------------------------------------------------ exploring
    def _offer(self, state, ctx, legal) -> list[float]:
        card = state.track[-1]
        cfg = ctx.cfg
        price = state.price() or 0
        v = ctx.card_value(cfg.card_race[card], cfg.card_value[card]) - price * ctx.pearl_v * (1 + ctx.opp_w)
        values = [v - BUY_MARGIN if a.kind == "buy" else 0.0 for a in legal]
        return values

    def _ally(self, state, ctx, legal) -> list[float]:
        card = state.track[-1]
        cfg = ctx.cfg
        take = ctx.card_value(cfg.card_race[card], cfg.card_value[card])
        go = DELTA * ctx.track_values()[len(state.track) + 1]
        values = [take if a.kind == "take" else go for a in legal]
        return values

    def _monster(self, state, ctx, legal) -> list[float]:
        fight = ctx.fight_value(state.threat)
        go = DELTA * ctx.track_values()[len(state.track) + 1]
        values = [fight if a.kind == "fight" else go for a in legal]
        return values

    def _reward(self, state, ctx, legal) -> list[float]:
        return [ctx.reward_value(a["gains"]) for a in legal]

    # ------------------------------------------------------------ Locations
    def _keys(self, state, ctx, legal) -> list[float]:
        """Give up the keys whose Lords' powers are worth least."""
        cfg = ctx.cfg
        values = []
        for a in legal:
            lost = 0.0
            for lid in a["lords"]:
                x = cfg.lord_index[lid]
                lost += ctx.power_value(x, owned=True)
            values.append(-lost - 0.01 * a["tokens"])
        return values

    def _where(self, state, ctx, legal) -> list[float]:
        values = []
        cfg = ctx.cfg
        for a in legal:
            if a.kind == "location":
                values.append(ctx.loc_future(cfg.loc_index[a["location"]]))
            else:
                n = a["n"]
                values.append(ctx.draw_value(n) - 0.6 * (n - 1) * ctx.opp_w)
        return values

    def _keep(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg
        return [ctx.loc_future(cfg.loc_index[a["location"]]) for a in legal]

    def _smokers(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg
        values = [0.0 if a.kind == "keep_smokers" else ctx.loc_future(cfg.loc_index[a["location"]]) for a in legal]
        return values

    # ------------------------------------------------------------ powers
    def _discard(self, state, ctx, legal) -> list[float]:
        values = []
        for a in legal:
            r, v = a["ally"]
            values.append(-ctx.keep_value(_RACE[r], v))
        return values

    def _assassinate(self, state, ctx, legal) -> list[float]:
        """Strike the Lord whose power and keys are worth most to its owner."""
        cfg = ctx.cfg
        values = []
        for a in legal:
            x = cfg.lord_index[a["lord"]]
            values.append(ctx.power_value(x, owned=True) + 1.5 * cfg.lkeys[x])
        return values

    def _hunt(self, state, ctx, legal) -> list[float]:
        """Rob the seat with most tokens (their values are hidden), the leader first."""
        values = []
        for a in legal:
            s = a["seat"]
            values.append(len(state.tokens[s]) * 0.1 + 0.01 * self._estimate(state, ctx, s))
        return values

    def _take_stack(self, state, ctx, legal) -> list[float]:
        return [ctx.stack_value(_RACE[a["race"]]) for a in legal]

    def _illusion(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg
        values = []
        for a in legal:
            if a.kind == "skip":
                values.append(0.0)
            else:
                give, take = cfg.loc_index[a["give"]], cfg.loc_index[a["take"]]
                values.append(ctx.loc_future(take) - ctx.loc_future(give))
        return values

    def _corrupt(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg
        cost = cfg.pamount[state.target] * ctx.pearl_v if state.target is not None else 5 * ctx.pearl_v
        values = []
        for a in legal:
            if a.kind == "skip":
                values.append(0.0)
            else:
                values.append(ctx.lord_value(cfg.lord_index[a["lord"]]) + TEMPO * ctx.res - cost)
        return values

    def _betray(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg
        values = []
        for a in legal:
            if a.kind == "skip":
                values.append(0.0)
            else:
                give, take = cfg.lord_index[a["give"]], cfg.lord_index[a["take"]]
                values.append(ctx.lord_value(take) - ctx.owned_lord_value(give) - 0.3)
        return values

    def _scheme(self, state, ctx, legal) -> list[float]:
        """Give a Lord for the deck's top: a Lord nobody has seen, at the mean of those."""
        cfg = ctx.cfg
        mean = self._unseen_lord_mean(state, ctx)
        values = []
        for a in legal:
            if a.kind == "skip":
                values.append(0.0)
            else:
                values.append(mean - ctx.owned_lord_value(cfg.lord_index[a["give"]]) - 0.5)
        return values


Heuristic = AbyssHeuristic  # the name the engine looks for (Game.heuristic)
