"""Abomination set-up: options and the read-only config every state of one game shares.

The content (content.toml, or a user's file with the printed components) is read once; the
config turns it into indexed tuples so that the rules never search the pydantic models.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from cardboard.engine import ActionCache, ConfigError, Game
from cardboard.engine.data import validate_options

from .content import Content, load_content

# The decomposition track holds these four materials by stage; bone has a space of its own.
TRACKED = ("muscle", "organ", "blood", "animal")
STAGES = 4
# the materials a build may spend by stage (bone apart), in the order of a build's needs
STAGED = ("muscle", "organ", "blood")
# The operating table: one slot per part token (the anatomy card's head, torso, 2 arms, 2 legs).
PART_ORDER = ("head", "torso", "arm", "leg")
# Part slot states: 0 empty, MUSCLE built, SKIN completed, ALIVE completed with an alive marker.
EMPTY, MUSCLE, SKIN, ALIVE = 0, 1, 2, 3


class AbominationOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    content: str | None = None            # a TOML file replacing content.toml (e.g. the printed cards)
    first_player: int | None = None       # [AM-S-11] random unless given
    characters: list[str] | None = None   # [AM-S-8] one character id per seat; random unless given
    objectives: list[str] | None = None   # [AM-S-7] the objectives in play; random unless given
    dial_scoring: Literal["final", "best"] | None = None  # overrides the content's [scoring]
    # [AM-K-2] a cadaver's option: "rulebook" raises Expertise by the value shown ("Increase their
    # expertise by the value shown on the card"); "preview" keeps the publisher's preview cards,
    # where some raise Reputation or Humanity instead (content.toml's attributes)
    cadavers: Literal["rulebook", "preview"] = "rulebook"


class AbominationConfig:
    """Components by index. Cards of a family with copies are expanded: card i is one copy."""

    __slots__ = ("players", "content", "setup", "spaces", "space_loc", "space_index", "loc_ids", "loc_names",
                 "loc_index", "loc_spaces", "lab_spaces", "slots", "bump_costs", "decks", "deck_index",
                 "cadavers", "cadaver_deck", "leopold", "scoundrels", "research", "humanity",
                 "events", "encounters", "entries", "characters", "objectives", "dial", "dial_icons",
                 "slot_part", "part_spec", "first_player", "char_choice", "objective_choice",
                 "dial_scoring", "blockers", "react_reset", "gray", "blue", "cube_total",
                 "tokens")


def _expand(cards) -> tuple:
    return tuple(card for card in cards for _ in range(card.copies))


def _expertise_option(card):
    """The rulebook's cadaver: its option raises Expertise by the value shown [AM-K-2]."""
    if card.option.attribute == "expertise":
        return card
    return card.model_copy(update={"option": card.option.model_copy(update={"attribute": "expertise"})})


_SHARED_PLANS: dict = {}   # (animal rule) -> {(track, needs): plans}, shared by the games that play it


class Tables:
    """What the rules look up on every move, worked out once per game (issue #27): each space's
    fixed facts and its placement moves, the lab's fixed facts, the compiled objective checks, and
    a bounded cache of build plans. Kept on the Game with the ActionCache (never in the config its
    actions carry: see ActionCache)."""

    __slots__ = ("spaces", "base_costs", "sci_only", "lab_places", "part_slots", "sides", "animal_ok",
                 "animal_limit", "objective_checks", "plans", "terms", "playable", "ignored", "moves", "cfg")

    def __reduce__(self):
        """Pickled as what it is made from (its written-out tests are functions made at run time)."""
        return Tables, (self.cfg, self.moves)

    PLANS_LIMIT = 20000   # build plans kept (by track and needs) for one animal rule; emptied when full

    def __init__(self, cfg: AbominationConfig, moves: ActionCache):
        from .effects import condition_test   # effects builds on this module

        self.cfg = cfg
        self.moves = moves
        spaces = []
        for i, space in enumerate(cfg.spaces):
            loc = cfg.space_loc[i]
            free = tuple(moves["place", (("space", space.id), ("meeple", m))] for m in ("assistant", "scientist"))
            bumps = tuple(tuple(moves["place", (("space", space.id), ("meeple", m), ("bump", j))]
                                for j in range(cfg.slots[i])) for m in ("assistant", "scientist"))
            # the space's conditions as one test of (state, seat, Player), or None
            requires = condition_test(cfg, tuple(space.requires), loc) if space.requires else None
            spaces.append((cfg.loc_index[loc], requires, loc, cfg.slots[i], free, bumps))
        self.spaces = tuple(spaces)
        self.base_costs = tuple(max(0, s.cost) for s in cfg.spaces)
        self.sci_only = tuple(s.who == "scientist" for s in cfg.spaces)
        self.lab_places = tuple((name, tuple(moves["place", (("space", name), ("meeple", m))]
                                             for m in ("assistant", "scientist")))
                                for name in ("study", "generator"))
        self.part_slots = {part: tuple(i for i, x in enumerate(cfg.slot_part) if x == part) for part in PART_ORDER}
        # per (part, side): the Expertise and bone it needs and its (muscle, organ, blood) counts
        self.sides = {}
        for part, spec in cfg.part_spec.items():
            for side in ("start", "complete"):
                need = getattr(spec, side)
                self.sides[part, side] = (need, need.expertise, need.materials.get("bone", 0),
                                          tuple(need.materials.get(m, 0) for m in STAGED))
        animal = cfg.content.anatomy.animal
        self.animal_ok = tuple(m in animal.replaces for m in STAGED)
        self.animal_limit = tuple(animal.max_stage.get(m, STAGES) for m in STAGED)
        self.objective_checks = {}
        # build plans depend on the animal rule alone: one cache for every game that shares it
        self.plans = _SHARED_PLANS.get((self.animal_ok, self.animal_limit))
        if self.plans is None:
            if len(_SHARED_PLANS) >= 16:
                _SHARED_PLANS.clear()
            self.plans = _SHARED_PLANS[self.animal_ok, self.animal_limit] = {}
        self.terms = {}   # by the round's rules (an event side's, from the content): see _space_terms
        self.playable = {}   # by the hands and the windows: see _playable
        # per (character, dial): the icons its ability ignores
        self.ignored = {(i, attribute): frozenset(icon for ab in ch.abilities
                                                  if ab.kind == "ignore_icons" and ab.attribute == attribute
                                                  for icon in ab.icons)
                        for i, ch in enumerate(cfg.characters) for attribute in cfg.dial}


class AbominationGame(Game):
    id = "abomination"
    name = "Abomination: The Heir of Frankenstein"
    min_players = 2
    max_players = 4
    summary = "Worker placement in 1819 Paris: gather cadavers and materials, then build a monster and bring it to life before your rivals."
    playing_time = "90-120 min"  # the box
    # the decomposition stages are printed as Roman numerals (tests/engine/test_plain_words.py)
    plain_words_allow = {
        "III": "Stage III or IV animal material cannot be substituted for blood.",
        "IV": "Stage III or IV animal material cannot be substituted for blood.",
    }
    setups = (
        (2, {}),
        (3, {"first_player": 1, "dial_scoring": "best", "cadavers": "preview"}),
        (4, {"characters": ["prisha_chatwal", "baptiste_rousseau", "lucien_marchal", "marie_freeman"]}),
    )
    # the searching agent: flat Monte Carlo over the heuristic's 6 best moves (no tree below them),
    # heuristic rollouts cut after 40 moves and judged by the heuristic's evaluate() (benchmarks/README.md)
    search_hints = {"score_scale": 15.0, "rollout_depth": 600,
                    "search": {"max_depth": 40, "width": 6, "confidence": 1.0, "tree": False}}
    options_model = AbominationOptions

    def _configure(self, options: dict) -> None:
        opts = validate_options(AbominationOptions, options, "Abomination")
        content: Content = load_content(opts.content)
        n = self.players
        if n not in content.setup.players:
            raise ConfigError(f"the content is for {list(content.setup.players)} players, not {n}")
        if opts.first_player is not None and not 0 <= opts.first_player < n:
            raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {opts.first_player}")
        cfg = AbominationConfig()
        cfg.players = n
        cfg.content = content
        cfg.setup = content.setup
        cfg.first_player = opts.first_player
        cfg.dial_scoring = opts.dial_scoring or content.scoring.dial_scoring
        self._board(cfg, content, n)
        self._cards(cfg, content)
        if opts.cadavers == "rulebook":
            cfg.cadavers = tuple(_expertise_option(x) for x in cfg.cadavers)
        self._choices(cfg, content, opts, n)
        self.cfg = cfg
        from .rules import AbominationAction  # rules builds on this module

        self.moves = ActionCache(AbominationAction, cfg)  # on the game, not in cfg: see ActionCache
        self.options = opts
        self.tab = Tables(cfg, self.moves)

    @staticmethod
    def _board(cfg: AbominationConfig, c: Content, n: int) -> None:
        spaces, locs = [], []
        loc_spaces = []
        for loc in c.locations:
            first = len(spaces)
            for space in loc.spaces:
                spaces.append(space)
                locs.append(loc.id)
            loc_spaces.append(tuple(range(first, len(spaces))))
        cfg.spaces = tuple(spaces)
        cfg.space_loc = tuple(locs)
        cfg.space_index = {s.id: i for i, s in enumerate(spaces)}
        cfg.loc_ids = tuple(loc.id for loc in c.locations)
        cfg.loc_names = {loc.id: loc.name for loc in c.locations}
        cfg.loc_index = {loc.id: i for i, loc in enumerate(c.locations)}
        cfg.loc_spaces = tuple(loc_spaces)
        cfg.lab_spaces = c.lab.spaces
        cfg.slots = tuple(s.slots if isinstance(s.slots, int) else s.slots.get(n, 1) for s in spaces)
        cfg.bump_costs = tuple(c.bump_tracks[n])
        slot_part, part_spec = [], {}
        for name in PART_ORDER:
            spec = next(p for p in c.anatomy.parts if p.part == name)
            part_spec[name] = spec
            slot_part += [name] * spec.count
        cfg.slot_part = tuple(slot_part)
        cfg.part_spec = part_spec
        cfg.dial = {d.attribute: d for d in c.dials}
        # (position, icon, vp) per attribute, sorted by distance from 0 so passing order is natural
        cfg.dial_icons = {d.attribute: tuple((i.at, i.icon, i.vp or 0) for i in d.icons) for d in c.dials}
        cfg.gray = next(d for d in c.dice if d.colour == "gray")
        cfg.blue = next(d for d in c.dice if d.colour == "blue")
        cfg.cube_total = {m.id: m.cubes for m in c.materials}
        cfg.tokens = dict(c.supply.part_tokens)

    @staticmethod
    def _cards(cfg: AbominationConfig, c: Content) -> None:
        cfg.cadavers = c.cadavers
        cfg.decks = tuple(d.id for d in c.cadaver_decks)
        cfg.deck_index = {d: i for i, d in enumerate(cfg.decks)}
        cfg.cadaver_deck = tuple(cfg.deck_index[x.deck] for x in c.cadavers)
        cfg.leopold = next(i for i, x in enumerate(c.cadavers) if x.apart)
        cfg.scoundrels = _expand(c.scoundrels)
        cfg.research = _expand(c.research)
        cfg.humanity = _expand(c.humanity)
        cfg.events = c.events
        cfg.encounters = c.encounters
        cfg.entries = {e.number: e for e in c.entries}
        cfg.characters = c.characters
        cfg.objectives = c.objectives
        # which humanity cards may answer a placement, by location (Sanctuary, Night Watch, ...)
        blockers: dict[str, list[int]] = {}
        for i, card in enumerate(cfg.humanity):
            for e in card.effects:
                if e.kind == "block_action":
                    blockers.setdefault(e.location, []).append(i)
        cfg.blockers = {loc: frozenset(ids) for loc, ids in blockers.items()}
        cfg.react_reset = any(card.window == "reset" for card in cfg.research + cfg.humanity)

    @staticmethod
    def _choices(cfg: AbominationConfig, c: Content, opts: AbominationOptions, n: int) -> None:
        ids = [ch.id for ch in c.characters]
        if opts.characters is not None:
            if len(opts.characters) != n:
                raise ConfigError(f"characters needs one character id per seat ({n}), not {len(opts.characters)}")
            bad = [x for x in opts.characters if x not in ids]
            if bad:
                raise ConfigError(f"no character '{bad[0]}'; known: {', '.join(ids)}")
            if len(set(opts.characters)) != n:
                raise ConfigError("characters: each seat needs a different character")
            cfg.char_choice = tuple(ids.index(x) for x in opts.characters)
        else:
            cfg.char_choice = None
        obj_ids = [o.id for o in c.objectives]
        want = c.setup.objectives_used
        if opts.objectives is not None:
            bad = [x for x in opts.objectives if x not in obj_ids]
            if bad:
                raise ConfigError(f"no objective '{bad[0]}'; known: {', '.join(obj_ids)}")
            if len(set(opts.objectives)) != len(opts.objectives) or len(opts.objectives) != want:
                raise ConfigError(f"objectives needs {want} different objective ids, not {opts.objectives}")
            cfg.objective_choice = tuple(obj_ids.index(x) for x in opts.objectives)
        else:
            cfg.objective_choice = None

    def _initial_state(self):
        from .rules import AbominationState

        return AbominationState.initial(self)
