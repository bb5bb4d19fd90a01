"""Aban! as a state machine, step by step as the rulebook tells it.

Phases: FOOD (each player picks the Herbivorous Chayote's food, [AB-S-9]),
then rounds of TURNS (each player in turn takes one of the rolled dice, [AB-P-*]),
each round closed by the left-over die feeding the chayotes [AB-P-5]. The solo
mode (Ko'bachan's Mischief, [AB-SO-*]) rolls two dice a turn instead.
Rule ids in brackets point into RULES.md.
"""
from __future__ import annotations

from functools import lru_cache

from cardboard.engine import Action, Rng, State

from . import garden as G
from .game import AbanConfig, AbanGame
from .scoring import majority_rank_vp, rank_awards

FOOD, TURN, OVER = "food", "turn", "over"
COLEMO_USED = 1  # `used`: Colemo has been used this turn [AB-X-3] (Machonero has no limit [AB-D-10])
RC = tuple(G.rc(i) for i in range(G.SIZE))
DIE_USES = ("plant", "espino", "rocky", "shovel", "pot", "radish")


class AbanAction(Action):
    # die, sq (the square's index, -1 for none) and seat (-1 for none): the arguments `_do` and
    # the heuristic read, worked out once from `args` so a move is played without searching them
    # (not part of the move's identity, which stays (kind, args))
    __slots__ = ("die", "sq", "seat")

    def __init__(self, kind: str, args: tuple = (), ctx=None):
        super().__init__(kind, args, ctx)
        self.die = self.get("die", 0)
        at = self.get("at")
        try:
            self.sq = G.idx(*at) if at is not None else -1
        except TypeError:
            self.sq = -1
        self.seat = self.get("seat", -1)

    def label(self) -> str:
        cfg: AbanConfig = self.ctx
        k = self.kind
        die = self.get("die")
        at = self.get("at")
        where = G.words(*at) if at is not None else ""
        if k == "food":
            return f"Feed your chayote on {self['number']}s"
        if k == "plant":
            return f"Plant {cfg.plant_names[die]} (die {die}) in {where}"
        if k in ("espino", "rocky"):
            return f"Put {'an Espino' if k == 'espino' else 'a Rocky'} (die 1) on seat {self['seat']}'s garden, {where}"
        if k == "shovel":
            return f"Shovel (die {die}) the token off {where}"
        if k == "pot":
            return f"Don maceta: draw an extra pot (die {die}) at {where}"
        if k == "radish":
            return f"Rabamimo: draw a radish (die {die}) in {where}"
        if k == "pass":
            return f"Take the {die} and use it for nothing"
        if k == "colemo":
            d = self["change"]
            return f"Colemo: turn a {die} into a {die + d} ({d:+d}, 1 fertilizer)"
        if k == "machonero":
            return f"Machonero: re-roll {_and(self['dice'])} (1 fertilizer)"
        return super().label()


def _and(numbers) -> str:
    """1, 2 and 5: dice as a reader lists them."""
    words = [str(x) for x in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class _Names:
    """What a plant move's label reads (`ctx.plant_names[die]`): the one plant of its row."""

    __slots__ = ("plant_names",)

    def __init__(self, die: int, name: str):
        self.plant_names = {die: name}


# Every game's moves, made once per process and handed out again by every game and state:
# legal_actions and sample_action only pick them (no Action is built while playing), and each
# is hashed once. Moves are immutable and equal by (kind, args), so games share them freely;
# only a plant's label depends on the game, so plant rows are keyed by the plant's name too.
# Bounded by the content: a row per (kind, die or seat, plant name) of the field's squares.
_ROWS: dict = {}
_SIMPLE: dict = {}


def _square_row(kind: str, key: int, name: str | None = None) -> list:
    """The moves of one kind and die (or seat) on every square a pot may stand on, by index."""
    row = _ROWS.get((kind, key, name))
    if row is None:
        row = [None] * G.SIZE
        ctx = _Names(key, name) if name is not None else None
        for i in sorted(G.POT_ZONE):
            if kind in ("espino", "rocky"):
                row[i] = AbanAction(kind, (("die", 1), ("seat", key), ("at", RC[i])), ctx)
            else:
                row[i] = AbanAction(kind, (("die", key), ("at", RC[i])), ctx)
        _ROWS[(kind, key, name)] = row
    return row


def attach_rows(cfg: AbanConfig) -> None:
    """Give a config its rows of square moves, indexed by die (plant, radish, pot, shovel) or by
    seat (the Espinos or Rockys put on that seat's sheet): the rules pick moves from them. The
    same boards, Super Plants and seats give the same rows: made once for them."""
    (cfg.plant_rows, cfg.radish_rows, cfg.pot_rows, cfg.shovel_rows, cfg.token_rows) = _rows(
        tuple(sorted(cfg.plant_names.items())), cfg.supers, cfg.token_side, 0 if cfg.solo else cfg.players)


@lru_cache(maxsize=1024)
def _rows(plant_names: tuple[tuple[int, str], ...], supers: frozenset, token_side: str, seats: int) -> tuple:
    """attach_rows' five rows (plant, radish, pot and shovel rows by die, token rows by seat; none
    in the solo mode, `seats` 0)."""
    faces = range(7)
    names = dict(plant_names)
    plant_rows = tuple(_square_row("plant", d, names[d]) if d >= 2 and d in names else None for d in faces)
    radish_rows = tuple(_square_row("radish", d) if row is not None and "rabamimo" in supers else None
                        for d, row in enumerate(plant_rows))
    pot_rows = tuple(_square_row("pot", d) if row is not None and "don_maceta" in supers else None
                     for d, row in enumerate(plant_rows))
    shovel_rows = tuple(_square_row("shovel", d) if d >= 1 else None for d in faces)
    token_rows = tuple(_square_row(token_side, seat) for seat in range(seats))
    return plant_rows, radish_rows, pot_rows, shovel_rows, token_rows


_BLANKS: dict = {}


def _blank(rows: int, cols: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A blank sheet and its squares (all empty), made once per size."""
    hit = _BLANKS.get((rows, cols))
    if hit is None:
        blank = G.new_garden(rows, cols)
        hit = _BLANKS[(rows, cols)] = (blank, tuple(i for i, v in enumerate(blank) if v != G.NO_POT))
    return hit


def _simple(kind: str, args: tuple) -> AbanAction:
    """A move without a square (food, pass, Colemo, Machonero), shared like the square moves."""
    key = (kind, args)
    action = _SIMPLE.get(key)
    if action is None:
        action = _SIMPLE[key] = AbanAction(kind, args)
    return action


def _remove_one(dice: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = dice.index(value)
    return dice[:i] + dice[i + 1:]


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


class AbanState(State):
    __slots__ = ("cfg", "phase", "seat", "gardens", "tokens", "shovels", "shovel_marks", "fert",
                 "feeds", "food", "dice", "start", "turn", "used", "last_round", "ko", "round_no",
                 "log", "pots", "rocky_by", "empty", "tokened")

    # ---------------------------------------------------------------- set-up
    @classmethod
    def initial(cls, game: AbanGame) -> "AbanState":
        cfg: AbanConfig = game.cfg
        s = cls(game, Rng(game.seed))
        n = cfg.players
        s.cfg = cfg
        s.phase = FOOD
        s.start = cfg.first_player  # [AB-S-8]
        s.seat = s.start
        s.turn = 0
        blank, squares = _blank(cfg.content.setup.garden_rows, cfg.content.setup.garden_cols)
        s.gardens = (blank,) * n  # [AB-D-1]
        s.pots = (squares,) * n  # see refresh_squares
        s.empty = (squares,) * n
        s.tokened = ((),) * n
        s.tokens = (cfg.tokens,) * n  # [AB-S-5]
        s.shovels = (cfg.shovels,) * n  # [AB-S-6]
        s.shovel_marks = ((),) * n
        s.rocky_by = ((),) * n  # per sheet: (square, placer) of each Rocky on it, oldest first
        s.fert = (cfg.fertilizer,) * n  # [AB-S-4]
        s.feeds = (0,) * n
        s.food = (0,) * n
        s.dice = ()
        s.used = 0
        s.last_round = False
        s.ko = 0  # [AB-SO-2]
        s.round_no = 0
        s.log = None
        return s

    def refresh_squares(self) -> None:
        """Work out each sheet's squares from the gardens: `pots` (every square of the sheet),
        and what the moves are listed from, kept in step by `_draw` from then on: `empty` (the
        empty squares) and `tokened` (the squares holding an Espino or Rockys, which a shovel
        may clear). All in square order. Call it after setting `gardens` by hand."""
        gardens = self.gardens
        self.pots = pots = tuple(tuple(i for i, v in enumerate(g) if v != G.NO_POT) for g in gardens)
        self.empty = tuple(tuple(i for i in sq if g[i] == G.EMPTY) for g, sq in zip(gardens, pots))
        self.tokened = tuple(tuple(i for i in sq if g[i] == G.ESPINO or g[i] >= G.ROCKY)
                             for g, sq in zip(gardens, pots))
        self._legal = None

    # ---------------------------------------------------------------- protocol
    def _current_player(self):
        return None if self.phase == OVER else self.seat

    def _legal_actions(self) -> list[Action]:
        if self.phase == FOOD:
            return self._food_choices()
        return self._turn_choices()

    def _do(self, a: Action) -> None:
        k = a.kind
        if k == "food":
            self._choose_food(a["number"])
        elif k == "colemo":
            self._colemo(a["die"], a["change"])
        elif k == "machonero":
            self._machonero(a["dice"])
        else:
            self._take_die(a)

    # ---------------------------------------------------------------- set-up step 4
    def _food_choices(self) -> list[Action]:
        taken = set(self.food)
        cfg = self.cfg
        return [_simple("food", (("number", f),)) for f in cfg.food_faces if f not in taken]

    def _choose_food(self, number: int) -> None:
        """[AB-S-9] each player in turn writes a food number 1-6, no repeats ([AB-SO-3]: 2-6 solo)."""
        self.food = _set(self.food, self.seat, number)
        self._say("food", self.seat, number)
        if 0 in self.food:
            self.seat = (self.seat + 1) % self.cfg.players
            return
        self.phase = TURN
        self._start_round()

    # ---------------------------------------------------------------- a round
    def _start_round(self) -> None:
        """[AB-P-1] the starting player rolls all the dice ([AB-SO-4]: two in solo)."""
        self.round_no += 1
        self.turn = 0
        self.seat = self.start
        self.used = 0
        self.dice = tuple(sorted(self.rng.roll(self.cfg.dice_count)))
        self._say("roll", self.round_no, self.start, self.dice)
        if self.cfg.solo:
            self._kobachan_moves(self.dice.count(1))
            if self.phase == TURN and not self.empty[0]:
                self._game_over()

    def _use_context(self) -> tuple:
        """What the uses of a die depend on: the seat, its garden, its empty squares, whether
        it has fertilizer, and the squares its shovel may clear."""
        me = self.seat
        return me, self.gardens[me], self.empty[me], self.fert[me] > 0, self._shovel_targets(me)

    def _shovel_targets(self, me: int):
        """The squares of `me`'s sheet its shovel may clear now ([AB-P-4]), or () without a shovel."""
        if self.shovels[me] > 0 and len(self.shovel_marks[me]) < self.cfg.content.setup.shovel_spaces:
            return self.tokened[me]
        return ()

    def _turn_choices(self) -> list[Action]:
        cfg = self.cfg
        context = self._use_context()
        has_fert = context[3]
        actions: list[Action] = []
        idle_dice = []
        for die in sorted(set(self.dice)):
            uses = self._die_uses(die, *context)
            if uses:
                actions += uses
            else:
                idle_dice.append(die)
        # [AB-P-8] a die with no use may still be taken; in solo only when no die has a use.
        if not cfg.solo or not actions:
            actions += [_simple("pass", (("die", d),)) for d in idle_dice]
        if has_fert and "colemo" in cfg.supers and not self.used & COLEMO_USED:
            for die in sorted(set(self.dice)):
                for d in cfg.colemo_deltas:
                    if 1 <= die + d <= 6:  # [AB-D-9]
                        actions.append(_simple("colemo", (("die", die), ("change", d))))
        if has_fert and "machonero" in cfg.supers:  # as often as fertilizer lasts [AB-D-10]
            subsets = set()
            dice = self.dice
            for i in range(len(dice)):
                subsets.add((dice[i],))
                for j in range(i + 1, len(dice)):
                    subsets.add((dice[i], dice[j]))
                    for k in range(j + 1, len(dice)):
                        subsets.add((dice[i], dice[j], dice[k]))
            actions += [_simple("machonero", (("dice", s),)) for s in sorted(subsets)]
        return actions

    def _sample_action(self, rng):
        """A rollout's random move on a turn: a die drawn evenly, then one of its uses evenly,
        without listing them (the uses of a die are counted, and the one drawn is picked by its
        place in `_die_uses`' order: the same draw as listing them). Not uniform over all moves:
        a die with few uses is drawn as often as one with many. The powers' moves (Colemo,
        Machonero) and the food choice go by the full list; with Rabamimo's radishes or Don
        maceta's pots in reach, the drawn die's uses are listed."""
        if self.phase != TURN:
            return None
        cfg = self.cfg
        me = self.seat
        supers = cfg.supers
        if supers and self.fert[me] > 0:
            if "colemo" in supers or "machonero" in supers:
                return None
            if "rabamimo" in supers or "don_maceta" in supers:
                return self._sample_by_lists(rng)
        empty = self.empty[me]
        shovel = self._shovel_targets(me)
        plant_rows = cfg.plant_rows
        dice = sorted(set(self.dice))
        while dice:
            die = dice.pop(rng.below(len(dice)))
            plants = len(empty) if plant_rows[die] is not None else 0  # [AB-P-2]
            total = plants + len(shovel)  # [AB-P-4]
            targets = ()
            if die == 1 and not cfg.solo and self.tokens[me] > 0:  # [AB-P-7] [AB-T-2]
                # [AB-T-1] an Espino on an empty square; [AB-T-3] a Rocky on any square
                squares = self.empty if cfg.token_side == "espino" else self.pots
                targets = [(seat, squares[seat]) for seat in range(cfg.players) if seat != me]
                for _, sq in targets:
                    total += len(sq)
            if total:
                k = rng.below(total)
                if k < plants:
                    return plant_rows[die][empty[k]]
                k -= plants
                for seat, sq in targets:
                    if k < len(sq):
                        return cfg.token_rows[seat][sq[k]]
                    k -= len(sq)
                return cfg.shovel_rows[die][shovel[k]]
            if not cfg.solo:  # [AB-P-8] a die with no use may be taken
                return _simple("pass", (("die", die),))
        return None  # solo with no die of any use: the full list passes

    def _sample_by_lists(self, rng):
        """`_sample_action` listing the drawn die's uses (radishes and pots in reach)."""
        context = self._use_context()
        dice = sorted(set(self.dice))
        while dice:
            die = dice.pop(rng.below(len(dice)))
            uses = self._die_uses(die, *context)
            if uses:
                return uses[rng.below(len(uses))]
            if not self.cfg.solo:  # [AB-P-8] a die with no use may be taken
                return _simple("pass", (("die", die),))
        return None

    def _die_uses(self, die, me, garden, empty, has_fert, shovel_targets) -> list[Action]:
        cfg = self.cfg
        row = cfg.plant_rows[die]
        out = []
        if row is not None:
            out = list(map(row.__getitem__, empty))  # [AB-P-2]
            if has_fert and "rabamimo" in cfg.supers:
                out += map(cfg.radish_rows[die].__getitem__, empty)  # [AB-X-8]
            if has_fert and "don_maceta" in cfg.supers:
                out += map(cfg.pot_rows[die].__getitem__, G.pot_sites(garden, self.pots[me]))  # [AB-X-7]
        if die == 1 and not cfg.solo and self.tokens[me] > 0:  # [AB-P-7] [AB-T-2]
            # [AB-T-1] an Espino on an empty square of an opponent's garden; [AB-T-3] a Rocky on
            # any square of an opponent's sheet, planted or not, Rockys or not
            squares = self.empty if cfg.token_side == "espino" else self.pots
            for seat in range(cfg.players):
                if seat != me:
                    out += map(cfg.token_rows[seat].__getitem__, squares[seat])
        if shovel_targets:
            out += map(cfg.shovel_rows[die].__getitem__, shovel_targets)  # [AB-P-4]
        return out

    def _take_die(self, a: Action) -> None:
        """[AB-P-2..4] take one die and use it; then the turn passes on."""
        me, k = self.seat, a.kind
        if type(a) is AbanAction:
            die, i, seat = a.die, a.sq, a.seat
        else:  # a plain Action of the same kind and args
            die = a["die"]
            at = a.get("at")
            i = G.idx(*at) if at is not None else -1
            seat = a.get("seat", -1)
        self.dice = _remove_one(self.dice, die)
        if k == "plant":
            self._draw(me, i, die)
        elif k == "espino":
            self.tokens = _set(self.tokens, me, self.tokens[me] - 1)
            self._draw(seat, i, G.ESPINO)
        elif k == "rocky":
            self.tokens = _set(self.tokens, me, self.tokens[me] - 1)
            self._draw(seat, i, self.gardens[seat][i] + G.ROCKY)  # one more on the square's pile
            self.rocky_by = _set(self.rocky_by, seat, self.rocky_by[seat] + ((i, me),))
        elif k == "shovel":
            self.shovels = _set(self.shovels, me, self.shovels[me] - 1)
            self.shovel_marks = _set(self.shovel_marks, me, self.shovel_marks[me] + (die,))
            v = self.gardens[me][i]
            self._draw(me, i, G.EMPTY if v == G.ESPINO else v - G.ROCKY)  # the top Rocky [AB-D-5]
            if v != G.ESPINO:
                self._lift_rocky(me, i)
        elif k == "pot":
            self.fert = _set(self.fert, me, self.fert[me] - 1)
            self._draw(me, i, G.EMPTY)
            self.pots = _set(self.pots, me, tuple(sorted(self.pots[me] + (i,))))
        elif k == "radish":
            self.fert = _set(self.fert, me, self.fert[me] - 1)
            self._draw(me, i, G.RADISH)
        self._say("move", me, a)
        self._end_turn()

    def _lift_rocky(self, seat: int, i: int) -> None:
        """Forget the newest Rocky placed on square i of `seat`'s sheet (the top of its pile)."""
        placed = self.rocky_by[seat]
        for k in range(len(placed) - 1, -1, -1):
            if placed[k][0] == i:
                self.rocky_by = _set(self.rocky_by, seat, placed[:k] + placed[k + 1:])
                return

    def _draw(self, seat: int, i: int, code: int) -> None:
        gardens = self.gardens
        garden = list(gardens[seat])
        old = garden[i]
        garden[i] = code
        self.gardens = gardens[:seat] + (tuple(garden),) + gardens[seat + 1:]
        if old == G.EMPTY:  # keep `empty` in step: a square filled, or one freed or added
            if code != G.EMPTY:
                e = self.empty[seat]
                k = e.index(i)
                self.empty = _set(self.empty, seat, e[:k] + e[k + 1:])
        elif code == G.EMPTY:
            self.empty = _set(self.empty, seat, tuple(sorted(self.empty[seat] + (i,))))
        # and `tokened`: an Espino (7) or Rockys (10 and up) came or went
        if (old == G.ESPINO or old >= G.ROCKY) != (code == G.ESPINO or code >= G.ROCKY):
            t = self.tokened[seat]
            if i in t:
                k = t.index(i)
                t = t[:k] + t[k + 1:]
            else:
                t = tuple(sorted(t + (i,)))
            self.tokened = _set(self.tokened, seat, t)

    def _end_turn(self) -> None:
        self.used = 0
        if not self.last_round and self._some_garden_full():
            self.last_round = True  # [AB-E-1] [AB-D-4]
            self._say("last_round")
        if self.cfg.solo:
            self._end_round()
            return
        self.turn += 1
        if self.turn < self.cfg.players:
            self.seat = (self.start + self.turn) % self.cfg.players  # [AB-P-3] to the left
        else:
            self._end_round()

    def _some_garden_full(self) -> bool:
        return not all(self.empty)

    def _end_round(self) -> None:
        """[AB-P-5] the left-over die feeds every chayote of its number; [AB-P-6] next start."""
        cap = self.cfg.content.setup.feed_boxes
        foods = self.food
        for die in self.dice:
            if die not in foods:
                continue
            for seat, food in enumerate(foods):
                if food == die and self.feeds[seat] < cap:  # [AB-D-8]
                    self.feeds = _set(self.feeds, seat, self.feeds[seat] + 1)
                    self._say("feed", seat, die)
        if self.last_round:
            self._game_over()
            return
        self.start = (self.start - 1) % self.cfg.players
        self._start_round()

    def _game_over(self) -> None:
        self.phase = OVER
        self.seat = None
        self.dice = ()
        self._say("over")

    # ---------------------------------------------------------------- expansion powers
    def _colemo(self, die: int, change: int) -> None:
        """[AB-X-3..5] once per turn, discard a fertilizer to change an available die."""
        me = self.seat
        self.fert = _set(self.fert, me, self.fert[me] - 1)
        self.dice = tuple(sorted(_remove_one(self.dice, die) + (die + change,)))
        self.used |= COLEMO_USED
        self._say("colemo", me, die, die + change)

    def _machonero(self, chosen: tuple[int, ...]) -> None:
        """[AB-X-6] pay a fertilizer to re-roll up to three available dice, as often as the
        fertilizer lasts [AB-D-10]."""
        me = self.seat
        self.fert = _set(self.fert, me, self.fert[me] - 1)
        dice = self.dice
        for v in chosen:
            dice = _remove_one(dice, v)
        rolled = self.rng.roll(len(chosen))
        self.dice = tuple(sorted(dice + rolled))
        self._say("machonero", me, chosen, rolled)
        if self.cfg.solo:
            self._kobachan_moves(rolled.count(1))

    # ---------------------------------------------------------------- solo: Ko'bachan
    def _kobachan_moves(self, ones: int) -> None:
        """[AB-SO-5] each 1 rolled moves Ko'bachan a step; [AB-SO-6] he digs; [AB-SO-8] the end."""
        solo = self.cfg.content.solo
        for _ in range(ones):
            self.ko += 1
            self._say("ko", self.ko)
            if self.ko >= solo.track_length:
                self._game_over()
                return
            if self.ko in solo.dig_steps:
                self._kobachan_digs()

    def _kobachan_digs(self) -> None:
        solo = self.cfg.content.solo
        setup = self.cfg.content.setup
        numbered = [G.idx(r, c) for r in range(setup.garden_rows) for c in range(setup.garden_cols)]
        garden = self.gardens[0]
        if not any(garden[i] == G.EMPTY for i in numbered):
            self._say("nodig")
            return
        while True:  # re-roll until the sum names an empty square
            total = sum(self.rng.roll(solo.dig_dice))
            i = numbered[total - solo.dig_dice]  # [AB-SO-1] squares numbered from 3
            if garden[i] == G.EMPTY:
                self._draw(0, i, G.DIG)
                self._say("dig", total, i)
                return

    # ---------------------------------------------------------------- scoring
    def score_breakdown(self) -> list[dict]:
        """Each seat's points by source, as if the game ended now ([AB-E-2..5], [AB-SO-8])."""
        cfg = self.cfg
        scorer = cfg.scorer
        per = [scorer.garden(g, sq) for g, sq in zip(self.gardens, self.pots)]
        out = [{"plants": {}, "chayote": 0, "tokens": 0, "radishes": 0, "rocky_grants": 0, "total": 0} for _ in per]
        for f in scorer.faces:
            pid = cfg.boards[f]
            if f in scorer.majority_faces:
                rank_vp = cfg.content.plant(pid).rank_vp
                pts = majority_rank_vp([p[1][f] for p in per], rank_vp)
            else:
                pts = [p[0][f] for p in per]
            for seat, v in enumerate(pts):
                out[seat]["plants"][pid] = v
        if cfg.solo:
            chayote = [self.feeds[0] * cfg.content.solo.feed_vp]
        else:
            row = cfg.content.chayote[cfg.players]
            chayote = rank_awards(self.feeds, row.alone, row.tied)
        setup = cfg.content.setup
        if cfg.rocky_grants_placer:  # option [AB-D-5]: a Rocky on a plant grants its placer 2 VP
            for owner, placed in enumerate(self.rocky_by):
                garden = self.gardens[owner]
                for i, placer in placed:
                    if 2 <= G.under(garden[i]) <= 6:
                        out[placer]["rocky_grants"] += setup.token_penalty
        for seat, (points, counts, espinos, rockys, radishes) in enumerate(per):
            b = out[seat]
            b["chayote"] = chayote[seat]
            b["tokens"] = -setup.token_penalty * (espinos + rockys)
            b["radishes"] = -setup.radish_penalty * radishes
            b["total"] = (sum(b["plants"].values()) + b["chayote"] + b["tokens"] + b["radishes"]
                          + b["rocky_grants"])
        return out

    def _scores(self):
        return tuple(map(float, self.totals()))

    def totals(self) -> list[int]:
        """Each seat's total of `score_breakdown()`, counted without its detail (a search scores
        the end of every playout; a test checks the two agree)."""
        cfg = self.cfg
        scorer = cfg.scorer
        per = [scorer.garden(g, sq) for g, sq in zip(self.gardens, self.pots)]
        if cfg.solo:
            chayote = [self.feeds[0] * cfg.content.solo.feed_vp]
        else:
            row = cfg.content.chayote[cfg.players]
            chayote = rank_awards(self.feeds, row.alone, row.tied)
        setup = cfg.content.setup
        token, radish = setup.token_penalty, setup.radish_penalty
        # points[f] is 0 for a majority board (scored across the sheets below)
        out = [sum(points) + chayote[seat] - token * (espinos + rockys) - radish * radishes
               for seat, (points, _, espinos, rockys, radishes) in enumerate(per)]
        for f in scorer.majority_faces:
            pts = majority_rank_vp([p[1][f] for p in per], cfg.content.plant(cfg.boards[f]).rank_vp)
            for seat, v in enumerate(pts):
                out[seat] += v
        if cfg.rocky_grants_placer:  # option [AB-D-5]
            for owner, placed in enumerate(self.rocky_by):
                garden = self.gardens[owner]
                for i, placer in placed:
                    if 2 <= G.under(garden[i]) <= 6:
                        out[placer] += token
        return out

    def outcome(self):
        """Scores and winners from one count (the base class would count the scores twice)."""
        scores = self._scores()
        best = max(scores)
        return scores, [seat for seat, v in enumerate(scores) if v == best]

    def _invariants(self) -> list[str]:
        from .invariants import invariants  # for the fuzzer and tests only
        return invariants(self)

    def solo_band(self) -> str | None:
        """[AB-SO-9] the rulebook's verdict on a solo score."""
        if not self.cfg.solo:
            return None
        total = self.score_breakdown()[0]["total"]
        band = None
        for lowest, text in self.cfg.content.solo.bands:
            if total >= lowest:
                band = text
        return band

    # ---------------------------------------------------------------- views
    def _say(self, *event) -> None:
        self.log = (self.log, event)  # a cons list: O(1), words are written only for views

    def _view(self, seat):
        # Aban! has no hidden information but the future rolls (the RNG, never shown).
        cfg = self.cfg
        content = cfg.content
        breakdown = self.score_breakdown()
        seats = []
        for s in range(cfg.players):
            seats.append({
                "seat": s,
                "garden": _garden_json(self.gardens[s], cfg),
                "food": self.food[s] or None,
                "feeds": self.feeds[s],
                "tokens": self.tokens[s],
                "shovels": self.shovels[s],
                "shovel_marks": list(self.shovel_marks[s]),
                "fertilizer": self.fert[s],
                "score": breakdown[s],
            })
        doc = {
            "game": "aban",
            "viewer": seat,
            "players": cfg.players,
            "phase": self.phase,
            "round": self.round_no,
            "current_player": self.current_player,
            "start_player": self.start,
            "last_round": self.last_round,
            "dice": list(self.dice),
            "token_side": None if cfg.solo else cfg.token_side,
            "token_board": None if cfg.solo else content.token_boards[cfg.token_side].model_dump(),
            "boards": {str(f): {"id": cfg.boards[f], "name": cfg.plant_names[f],
                                "text": content.plant(cfg.boards[f]).text} for f in sorted(cfg.boards)},
            "super_plants": [content.super_plant(p).model_dump() for p in sorted(cfg.supers)],
            "colemo_variant": cfg.colemo_variant if "colemo" in cfg.supers else None,
            "powers_used": {"colemo": bool(self.used & COLEMO_USED)},
            "seats": seats,
            "log": log_lines(self.log, cfg),
        }
        if cfg.solo:
            doc["kobachan"] = {"step": self.ko, "track_length": content.solo.track_length,
                               "dig_steps": list(content.solo.dig_steps)}
            doc["result"] = self.solo_band() if self.phase == OVER else None
        if self.phase == OVER:
            doc["winners"] = self.winners()
        return doc

    def _dump(self) -> dict:
        doc = self._view(None)
        doc["rng"] = self.rng.state
        doc["turn"] = self.turn
        doc["ko"] = self.ko
        return doc

    # ---------------------------------------------------------------- errors
    def _why_illegal(self, a: Action) -> str | None:
        return explain_illegal(self, a.kind, dict(a.args))

    def _why_illegal_json(self, doc: dict) -> str | None:
        return explain_illegal(self, doc.get("kind"), doc)


def _garden_json(garden, cfg) -> list[dict]:
    out = []
    for i, v in enumerate(garden):
        if v == G.NO_POT:
            continue
        r, c = RC[i]
        square = {"at": [r, c], "plant": None, "token": None}
        if 2 <= v <= 6:
            square["plant"] = cfg.boards[v]
        elif v >= G.ROCKY:  # Rockys on an empty square, a plant or a radish
            below = G.under(v)
            square["token"] = "rocky"
            square["rockys"] = G.rockys(v)
            if 2 <= below <= 6:
                square["plant"] = cfg.boards[below]
            elif below == G.RADISH:
                square["radish"] = True
        elif v != G.EMPTY:
            square["token"] = G.CODE_NAMES[v]
        if cfg.solo and 0 <= r < 4 and 0 <= c < 4:
            square["number"] = 3 + r * 4 + c
        out.append(square)
    return out


from .illegal import explain_illegal, log_lines  # noqa: E402  (words kept apart from rules)
