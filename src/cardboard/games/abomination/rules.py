"""Abomination as a state machine, in the rulebook's order: set-up (17 steps), then rounds of
1. Event phase, 2. City phase, 3. Lab phase, 4. Reset phase, until the Captain reaches the skull
or a monster is alive at the end of a lab phase; then the final scoring.

Work waits in `todo` (tasks run in order); `_resume` runs it until a seat must decide, which
is recorded in `ask`. Every decision, in turn or out of turn (a block, an encounter's choice,
a target chosen by First Player), is an ordinary move of the seat `current_player` names.
Rule ids in brackets point into RULES.md. The phases live in city.py, lab.py, events.py and
reset.py, the effect words of the cards in effects.py, the dials in dials.py.
"""
from __future__ import annotations

from cardboard.engine import Action, Rng, State

from .city import CityMixin
from .dials import DialsMixin
from .effects import EffectsMixin
from .events import EventsMixin
from .game import ALIVE, SKIN, STAGES, TRACKED, AbominationConfig, AbominationGame
from .illegal import explain_illegal
from .words import named_labels
from .knowledge import CADAVER, KnowledgeMixin
from .lab import LabMixin
from .player import Player
from .reset import ResetMixin
from .scoring import ScoringMixin
from .view import ViewMixin

# phases
EVENT, CITY, LAB, RESET, OVER = "event", "city", "lab", "reset", "over"


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


class AbominationAction(Action):
    __slots__ = ()

    def label(self) -> str:
        from .words import action_label

        return action_label(self.ctx, self)

    def __str__(self) -> str:
        return self.label()


class NamedAction(AbominationAction):
    """A move whose label names a card the state holds at a slot ("Hire the scoundrel Igor"): the move
    names the slot and which card lies there is the state's. Equal to the plain move; its ctx is
    (the content, the label); it pickles as the plain move."""
    __slots__ = ()

    def label(self) -> str:
        return self.ctx[1]

    def __reduce__(self):
        return AbominationAction, (self.kind, self.args, self.ctx[0])


class AbominationState(CityMixin, LabMixin, EventsMixin, ResetMixin, EffectsMixin, DialsMixin,
                       ScoringMixin, ViewMixin, KnowledgeMixin, State):
    __slots__ = (
        "cfg", "phase", "round", "captain", "first", "ask", "todo", "players", "_edited",
        # the Paris board
        "spaces",       # per space: occupants ((seat, is_scientist), ...)
        "bump",         # the Bribe & Bump track: ((seat, is_scientist), ...)
        "passes",       # consecutive passes in the city phase
        "decks",        # per cadaver deck: card indices, top first
        "display",      # per cadaver deck: face-up cards at its location (Hospital stack, Public Square)
        "drawn",        # cadavers drawn and not yet put back (seen by their drawer only)
        "rows",         # (scoundrel, research, humanity): face-up slots, -1 when empty
        "row_decks",    # (scoundrel, research, humanity) decks, top first
        "event_deck",   # event card ids (events 0.., encounters from len(events)), top first
        "event",        # (event index, side "early"/"late") in play this round, or None
        "rules",        # this round's rule changes (effects of kinds in ROUND_KINDS)
        "storm",        # a Lightning Storm this round: jars bought come charged
        "closed",       # location indices closed by police markers this round
        "markers",      # location ids with event markers
        "seen",         # event card ids shown to all (drawn events, read or triggered encounters)
        "known",        # per zone (scoundrel, research, humanity, cadaver), per card: mask of the seats knowing its place
        "objectives",   # objective indices in play
        "claimed",      # per objective in play: seats that claimed it
        "lab_order", "lab_start",   # seats in lab-phase order; players as the lab phase began
        "roll",         # the shock dice just rolled: ((colour, face), ...)
        "ended_by_captain",
        "log",
    )

    # ---------------------------------------------------------------- set-up [AM-S-*]
    @classmethod
    def initial(cls, game: AbominationGame) -> "AbominationState":
        cfg: AbominationConfig = game.cfg
        n = cfg.players
        setup = cfg.setup
        s = cls(game, Rng(game.seed))
        rng = s.rng
        s.cfg = cfg
        s._edited = set()
        s.log = None
        s.round, s.phase = 1, EVENT
        # 3-4 [AM-S-1, AM-S-2] cadaver decks by type, Leopold set apart
        decks = []
        for d in range(len(cfg.decks)):
            cards = [i for i, deck in enumerate(cfg.cadaver_deck) if deck == d and i != cfg.leopold]
            rng.shuffle(cards)
            decks.append(tuple(cards))
        display = [()] * len(cfg.decks)
        hosp = cfg.deck_index["hospital"]
        k = setup.hospital_stack[n]
        display[hosp], decks[hosp] = decks[hosp][:k], decks[hosp][k:]   # 4d
        s.decks, s.display, s.drawn = tuple(decks), tuple(display), ()
        s._init_knowledge()
        s._reveal(CADAVER, display[hosp])
        for d, deck in enumerate(decks):
            s._set_deck(d, deck)   # 4a: the Morgue deck face up, its top in sight
        # 5-7 [AM-S-3] the three rows
        rows, row_decks = [], []
        for family, size in (("scoundrel", setup.rows["scoundrel"]), ("research", setup.rows["research"]),
                             ("humanity", setup.rows["humanity"])):
            cards = list(range(len(getattr(cfg, family if family != "scoundrel" else "scoundrels"))))
            rng.shuffle(cards)
            rows.append(tuple(cards[:size]))
            row_decks.append(tuple(cards[size:]))
        s.rows, s.row_decks = tuple(rows), tuple(row_decks)
        for zone, row in enumerate(rows):
            s._reveal(zone, row)
        # 8 [AM-S-4] 6 events and 4 encounters shuffled, 2 more events on top
        events = list(range(len(cfg.events)))
        rng.shuffle(events)
        encounters = [len(cfg.events) + i for i in range(len(cfg.encounters))]
        rng.shuffle(encounters)
        top = events[:setup.events_on_top]
        mixed = events[setup.events_on_top:setup.events_on_top + setup.events_shuffled] + \
            encounters[:setup.encounters_shuffled]
        rng.shuffle(mixed)
        s.event_deck = tuple(top + mixed)
        s.event, s.rules, s.storm, s.closed, s.markers, s.seen = None, (), False, frozenset(), (), ()
        s.captain = 1  # 9 [AM-S-5]
        # 10 [AM-S-6] the Bribe & Bump track for the player count: cfg.bump_costs
        s.spaces = ((),) * len(cfg.spaces)
        s.bump = ()
        s.passes = 0
        # 11 [AM-S-7] 4 of the 6 bonus objectives
        if cfg.objective_choice is not None:
            s.objectives = cfg.objective_choice
        else:
            objs = list(range(len(cfg.objectives)))
            rng.shuffle(objs)
            s.objectives = tuple(sorted(objs[:setup.objectives_used]))
        s.claimed = ((),) * len(s.objectives)
        # 13-16 [AM-S-8..10] characters, labs, francs, meeples, dials
        if cfg.char_choice is not None:
            chars = list(cfg.char_choice)
        else:
            chars = list(range(len(cfg.characters)))
            rng.shuffle(chars)
        s.players = tuple(s._new_player(cfg, chars[seat]) for seat in range(n))
        for seat in range(n):
            s._character_start(seat)
        # 17 [AM-S-11] a random First Player
        s.first = cfg.first_player if cfg.first_player is not None else rng.below(n)
        s.ask = None
        s.roll = ()
        s.lab_order, s.lab_start = (), ()
        s.ended_by_captain = False
        s.todo = (("round",),)
        s._resume()
        s._edited = set()
        return s

    @staticmethod
    def _new_player(cfg: AbominationConfig, character: int) -> Player:
        setup = cfg.setup
        p = Player()
        p.character = character
        p.francs = setup.start_francs[cfg.players]
        p.humanity = cfg.dial["humanity"].start   # 14 [AM-S-9]
        p.reputation = cfg.dial["reputation"].start
        p.expertise = cfg.dial["expertise"].start
        p.fired = frozenset()
        p.best = (p.humanity, p.humanity, p.reputation, p.expertise)
        p.vp = 0                                      # 16
        p.scientists, p.assistants = setup.start_scientists, setup.start_assistants   # 15
        p.free_sci, p.free_asst = p.scientists, p.assistants
        p.study = p.generator = 0
        p.track = (0,) * (len(TRACKED) * STAGES)
        p.bone = 0
        p.preserved = (0, 0)
        p.skip = p.track
        p.charged, p.empty = 0, setup.start_jars
        p.ice = 0
        p.police = 0
        p.research = p.humanity_cards = p.held = ()
        p.parts = (0,) * len(cfg.slot_part)
        p.damage = p.parts
        p.blue_bonus = p.lower = 0
        p.switched = p.rerolled = False
        p.earned = 0
        return p

    def _character_start(self, seat: int) -> None:
        """A character's different start: the dial is turned from the standard start, resolving
        the icons it passes (CONTENT.md decision 17), plus any extra francs."""
        start = self.cfg.characters[self.players[seat].character].start
        for attribute in ("humanity", "reputation", "expertise"):
            value = getattr(start, attribute)
            if value is not None:
                self._turn_dial(seat, attribute, value - getattr(self.players[seat], attribute))
        if start.francs:
            self._me(seat).francs += start.francs

    # ---------------------------------------------------------------- protocol
    def _current_player(self):
        return None if self.phase == OVER else self.ask[1]

    def _legal_actions(self) -> list[Action]:
        return _MOVES[self.ask[0]](self)

    def _do(self, a: Action) -> None:
        self._edited = set()
        ask, self.ask = self.ask, None
        _DOS[a.kind](self, a, ask)
        self._resume()

    def _invariants(self) -> list[str]:
        from .invariants import invariants  # for the fuzzer and tests only
        return invariants(self)

    def _why_illegal(self, a: Action) -> str | None:
        return explain_illegal(self, a.kind, dict(a.args))

    def _why_illegal_json(self, doc: dict) -> str | None:
        return explain_illegal(self, doc.get("kind"), doc)

    def _act(self, kind: str, **args) -> Action:
        return self.game.moves[kind, tuple(args.items())]

    def _resume(self) -> None:
        """Run waiting work until a seat must decide, or the game is over."""
        while self.ask is None and self.phase != OVER:
            if not self.todo:
                raise AssertionError("no work and no decision: the round structure is broken")
            task, self.todo = self.todo[0], self.todo[1:]
            _TASKS[task[0]](self, *task[1:])
            if self.phase != LAB:
                self._claim_objectives()

    def _now(self, *tasks) -> None:
        """Tasks to run before anything already waiting (in the order given)."""
        self.todo = tasks + self.todo

    def _say(self, *event) -> None:
        self.log = (self.log, (self.round, self.phase) + event)

    # ---------------------------------------------------------------- the round [AM-P-1]
    def _task_round(self) -> None:
        self.phase = EVENT
        self._now(("event_phase",), ("city_phase",), ("lab_phase",), ("reset_phase",), ("round",))

    def _end_game(self, by_captain: bool) -> None:
        self.ended_by_captain = by_captain
        self.phase = OVER
        self.todo = ()
        self.ask = None
        self._final_objectives()
        self._say("game_over", "captain" if by_captain else "alive")

    # ---------------------------------------------------------------- shared helpers
    def _me(self, seat: int) -> Player:
        """The seat's Player, copied on its first edit in this move (clones share the old one)."""
        if seat not in self._edited:
            self._edited.add(seat)
            self.players = _set(self.players, seat, self.players[seat].copy())
        return self.players[seat]

    def order_from(self, seat: int) -> list[int]:
        n = self.cfg.players
        return [(seat + i) % n for i in range(n)]

    def _pay(self, seat: int, francs: int) -> None:
        self._me(seat).francs -= francs

    def _gain_francs(self, seat: int, francs: int) -> None:
        """[AM-D-13] The box's 42 francs are coins, not a limit: a payout is never cut short.
        A payment takes at most what the player has."""
        p = self._me(seat)
        p.francs = max(0, p.francs + francs)

    def supply_left(self, what: str, players: tuple | None = None) -> int:
        """What the shared supply still holds: the box's count less what is in play (with the
        `players` given, less what those players hold: the supply as a seat sees it)."""
        cfg, ps = self.cfg, self.players if players is None else players
        supply = cfg.content.supply
        if what == "jars":
            return supply.leyden_jars - sum(p.jars() for p in ps)
        if what == "ice":
            return supply.ice_blocks - sum(1 for p in ps if p.ice)
        if what == "police":
            return supply.police_markers - sum(p.police for p in ps) - len(self.closed)
        if what == "alive":
            return supply.alive_markers - sum(p.count_parts(ALIVE) for p in ps)
        if what == "damage":
            return supply.damage_markers - sum(sum(p.damage) for p in ps)
        if what in cfg.tokens:
            return cfg.tokens[what] - sum(1 for p in ps for i, part in enumerate(cfg.slot_part)
                                          if part == what and p.parts[i])
        if what in cfg.cube_total:
            used = sum(p.cubes(what) for p in ps)
            if what in ("muscle", "organ"):
                k = 0 if what == "muscle" else 1
                used += sum(p.preserved[k] for p in ps)
            return cfg.cube_total[what] - used
        raise KeyError(what)

    def has_completed_part(self, seat: int) -> bool:
        return any(part >= SKIN for part in self.players[seat].parts)


def _methods(prefix: str) -> dict:
    """The state's `prefix*` methods by the rest of their names: the moves' listings (`_moves_`),
    their rules (`_do_`) and the queued tasks (`_task_`), looked up once instead of by name on
    every call."""
    return {name[len(prefix):]: getattr(AbominationState, name)
            for name in dir(AbominationState) if name.startswith(prefix)}


_MOVES, _DOS, _TASKS = _methods("_moves_"), _methods("_do_"), _methods("_task_")


def _named(listing):
    """A listing whose moves by slot name the card there (words.named_label); the moves unchanged."""
    def moves(state):
        out = listing(state)
        names = named_labels(state, out)
        return [NamedAction(a.kind, a.args, (a.ctx, names[k])) if k in names else a for k, a in enumerate(out)]
    return moves


_MOVES["hire"] = _named(_MOVES["hire"])
_MOVES["card"] = _named(_MOVES["card"])
