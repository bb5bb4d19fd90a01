"""Abomination components loaded from TOML and validated with pydantic (files only, never the hot path).

The default set is content.toml next to this module. Every entry says where it comes from
(`source`: rulebook, facts, derived, proposal); CONTENT.md lists the proposals. Effects, conditions,
encounter targets and character abilities are written in closed vocabularies (EFFECT_KINDS and
friends below) so the rules code can interpret them and a designer can write new cards from the
same parts: each `kind` takes exactly the parameters it declares.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Annotated, ClassVar, Iterator, Literal, NamedTuple, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardboard.engine import ConfigError
from cardboard.engine.data import problems, read_toml

DEFAULT_CONTENT = Path(__file__).with_name("content.toml")
LEOPOLD = "leopold_the_vast"  # the one cadaver kept apart at set-up (rulebook step 3)

Source = Literal["rulebook", "facts", "derived", "proposal"]
Attribute = Literal["humanity", "reputation", "expertise"]
Material = Literal["muscle", "organ", "blood", "bone", "animal"]
Part = Literal["head", "torso", "arm", "leg"]
PartState = Literal["built", "complete", "alive"]  # muscle side or better, skin side or better, alive
Family = Literal["research", "humanity"]  # the cards a player holds in hand
Row = Literal["scoundrel", "research", "humanity"]  # the face-up rows above the Docks, Academy, Saint-Roch
Measure = Literal["humanity", "reputation", "expertise", "francs", "alive_parts", "built_parts", "cards_in_hand"]
Icon = Literal["gain_assistant", "exchange_assistant", "gain_reputation", "lose_reputation",
               "lose_assistant", "blue_die", "vp"]
Face = Literal["eye", "bolt", "blank"]

WINDOWS: dict[str, str] = {
    "city_turn": "on your turn in the city phase, besides placing a meeple",
    "lab_phase": "during your lab phase, before or between builds",
    "after_roll": "after you roll shock dice",
    "other_places": "when another player places a meeple (at the location the effect names)",
    "encounter": "when an encounter is about to be read to you",
    "reset": "in the reset phase, before materials decompose",
    "any_time": "at any moment, even on another player's turn",
}
Window = Literal[tuple(WINDOWS)]  # type: ignore[valid-type]


class Kind(NamedTuple):
    params: tuple[str, ...]
    meaning: str


def _k(params: str, meaning: str) -> Kind:
    return Kind(tuple(params.split()), meaning)


# Effects act on the player resolving them ("you") unless the meaning says otherwise.
EFFECT_KINDS: dict[str, Kind] = {
    "gain_attribute": _k("attribute amount", "turn that dial by amount (negative: back), resolving the icons passed"),
    "gain_francs": _k("amount", "take francs from the supply (negative: pay them, as many as you have)"),
    "gain_francs_by_attribute": _k("attribute table", "francs of the last [at_least, francs] step your dial reaches"),
    "gain_materials": _k("materials", "put cubes on your decomposition track at their stage (bone: bone space)"),
    "lose_materials": _k("material count", "discard that many cubes of that material from your lab (your choice)"),
    "restore_materials": _k("count", "move up to count cubes on your track one stage fresher"),
    "skip_decay": _k("count", "up to count cubes on your track do not move at the next decomposition"),
    "draw_cadavers": _k("deck resolve count free", "draw count cadavers from the deck's top; resolve any "
                        "number ('any') or one ('one'), paying costs unless free; the rest go under the deck"),
    "take_cadaver": _k("deck", "take a face-up cadaver at the deck's location (Hospital: the stack's top) "
                       "and resolve it"),
    "take_card": _k("family count", "take count research or humanity cards (face-up row or deck top; hand limit)"),
    "hire_scoundrel": _k("", "pay one face-up scoundrel's francs, resolve its effects, put it under its deck"),
    "market_buy": _k("", "buy from the [market] menu"),
    "sell_preserved": _k("amount", "sell any preserved muscle and organ cubes for amount francs each"),
    "sell_bone": _k("count", "sell bone cubes: count of them for 1 franc"),
    "gain_jar": _k("count", "take count uncharged Leyden jars (up to your lab's jar slots)"),
    "lose_jars": _k("count", "return count of your Leyden jars to the supply (uncharged first)"),
    "charge_jars": _k("count", "flip count of your uncharged Leyden jars to charged"),
    "gain_ice": _k("", "take a solid ice block if the supply has one and your lab has none"),
    "upgrade_dice": _k("count", "this round, roll count more blue dice in place of gray ones"),
    "reroll_dice": _k("count", "reroll up to count of the shock dice just rolled"),
    "bolt_to_blank": _k("count", "turn up to count bolts just rolled into blanks"),
    "lower_requirement": _k("amount", "one build this lab phase needs amount less Expertise"),
    "add_alive": _k("count", "put count alive markers on skin-side parts of yours"),
    "add_damage": _k("count", "put count damage markers on parts of yours, one at a time"),
    "remove_damage": _k("count", "discard count damage markers from parts of yours"),
    "gain_police_marker": _k("", "take a police marker (you cannot murder while holding one)"),
    "return_police_marker": _k("", "return one of your police markers for free"),
    "take_first_player": _k("", "take the first-player Creature meeple"),
    "go_to_entry": _k("entry", "read that numbered story entry to you and resolve it"),
    "block_action": _k("location", "a meeple just placed at location goes back to its owner unresolved"),
    "cancel_encounter": _k("", "the encounter about to be read to you is discarded unread"),
    "when": _k("condition then", "if the condition holds for you, resolve the effects in then"),
    "may_pay": _k("francs then", "you may pay francs to the supply to resolve the effects in then"),
    # the shared board ("world"): these act once, whoever resolves them
    "advance_captain": _k("amount", "move the Captain amount spaces along the story track (negative: back)"),
    "reveal_cadavers": _k("deck count", "put count cards from the deck's top face up at its location"),
    "reveal_cadaver": _k("card", "put that set-apart cadaver face up at its deck's location"),
    "police_marker": _k("location", "a police marker closes the location until the reset"),
    # rule changes until the reset: only on an event side's `this_round`
    "space_cost_change": _k("location amount", "placing at the location costs amount more francs (never below 0)"),
    "market_price_change": _k("amount", "every market price changes by amount (never below 1)"),
    "location_bonus": _k("location then", "each meeple placed at the location also resolves then"),
    "scientists_only": _k("location", "only scientists may be placed at the location"),
    "no_bumping": _k("", "no meeple may be bumped"),
    "no_decay": _k("", "materials do not decompose at this reset (ice blocks still melt)"),
    "extra_decay": _k("", "labs without ice decompose twice at this reset"),
}
ROUND_KINDS = frozenset({"space_cost_change", "market_price_change", "location_bonus", "scientists_only",
                         "no_bumping", "no_decay", "extra_decay"})
DICE_KINDS = frozenset({"reroll_dice", "bolt_to_blank"})  # a research card's dice mitigation
ICON_KINDS = frozenset({"gain_attribute", "gain_francs"})  # a card's icon bonus

CONDITION_KINDS: dict[str, Kind] = {
    "attribute_at_least": _k("attribute amount", "your dial is at amount or more"),
    "attribute_at_most": _k("attribute amount", "your dial is at amount or less"),
    "francs_at_least": _k("amount", "you have amount francs or more"),
    "materials_at_least": _k("material count", "your lab holds count cubes of that material or more"),
    "no_police_marker": _k("", "you hold no police marker"),
    "has_police_marker": _k("", "you hold a police marker"),
    "cards_on_display": _k("", "the location shows at least one face-up cadaver"),
    "has_part": _k("part state", "one of your parts of that kind is in that state or better"),
    "parts_at_least": _k("state count", "count of your parts are in that state or better"),
}

# Who an encounter or event targets; ties (and nobody qualifying) are settled by First Player.
TARGET_KINDS: dict[str, Kind] = {
    "placer": _k("", "the player who placed a meeple at the trigger location"),
    "anyone": _k("", "any player First Player chooses"),
    "most": _k("measure", "the player with the most of measure"),
    "fewest": _k("measure", "the player with the least of measure"),
    "holds_police_marker": _k("", "a player holding a police marker"),
}

ABILITY_KINDS: dict[str, Kind] = {
    "reroll_each_lab": _k("count", "once per lab phase, reroll up to count shock dice"),
    "place_again_when_bumped": _k("", "when another player bumps your meeple, you may place it again at once "
                                  "instead of leaving it on the bump track (the bumper still pays)"),
    "francs_when_others_lose_humanity": _k("amount limit", "when another player loses Humanity at a location, "
                                           "gain amount francs, at most limit per round"),
    "ignore_icons": _k("attribute icons", "those icons on that dial do nothing for you"),
    "cap_vp": _k("attribute amount", "VP marks beyond amount on that dial do not score for you"),
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


T = TypeVar("T")


def _non_empty(items: tuple) -> tuple:
    if not items:
        raise ValueError("needs at least one item")
    return items


# Checked after the items themselves, so one bad item does not also report an empty list.
NonEmpty = Annotated[tuple[T, ...], AfterValidator(_non_empty)]


class _Kinded(_Strict):
    """A `kind` from a closed vocabulary plus exactly the parameters that kind declares."""
    VOCAB: ClassVar[dict[str, Kind]] = {}
    WHAT: ClassVar[str] = ""
    kind: str

    @model_validator(mode="after")
    def _params(self):
        if self.kind not in self.VOCAB:
            raise ValueError(f"unknown {self.WHAT} kind '{self.kind}' (known: {', '.join(self.VOCAB)})")
        want, got = set(self.VOCAB[self.kind].params), self.model_fields_set - {"kind"}
        if missing := sorted(want - got):
            raise ValueError(f"{self.WHAT} '{self.kind}' needs parameter(s) {', '.join(missing)}")
        if extra := sorted(got - want):
            takes = ", ".join(self.VOCAB[self.kind].params) or "none"
            raise ValueError(f"{self.WHAT} '{self.kind}' takes no parameter(s) {', '.join(extra)} (it takes: {takes})")
        return self


class MaterialGain(_Strict):
    material: Material
    stage: int | None = Field(None, ge=1, le=4)  # decomposition stage I-IV; bone has none
    count: int = Field(1, ge=1)

    @model_validator(mode="after")
    def _staged(self):
        if (self.material == "bone") != (self.stage is None):
            raise ValueError(f"{self.material}: bone has no stage, every other material needs one")
        return self


class Condition(_Kinded):
    VOCAB = CONDITION_KINDS
    WHAT = "condition"
    attribute: Attribute | None = None
    amount: int | None = None
    count: int | None = Field(None, ge=1)
    material: Material | None = None
    part: Part | None = None
    state: PartState | None = None


class Effect(_Kinded):
    VOCAB = EFFECT_KINDS
    WHAT = "effect"
    attribute: Attribute | None = None
    amount: int | None = None
    count: int | None = Field(None, ge=1)
    francs: int | None = Field(None, ge=1)
    deck: str | None = None
    resolve: Literal["any", "one"] | None = None
    free: bool | None = None
    family: Family | None = None
    material: Material | None = None
    materials: NonEmpty[MaterialGain] | None = None
    entry: int | None = Field(None, ge=1)
    location: str | None = None
    card: str | None = None
    table: tuple[tuple[int, int], ...] | None = Field(None, min_length=1)
    condition: Condition | None = None
    then: NonEmpty[Effect] | None = None

    @model_validator(mode="after")
    def _table_rises(self):
        if self.table and any(a[0] >= b[0] for a, b in zip(self.table, self.table[1:])):
            raise ValueError("a table's [at_least, francs] steps must rise")
        return self


class Target(_Kinded):
    VOCAB = TARGET_KINDS
    WHAT = "target"
    measure: Measure | None = None


class Ability(_Kinded):
    VOCAB = ABILITY_KINDS
    WHAT = "ability"
    attribute: Attribute | None = None
    amount: int | None = None
    count: int | None = Field(None, ge=1)
    limit: int | None = Field(None, ge=1)
    icons: tuple[Icon, ...] | None = Field(None, min_length=1)


Effects = tuple[Effect, ...]
ByPlayers = dict[int, int]  # player count -> number


# ---------------------------------------------------------------- box, setup, supply


class Box(_Strict):
    """What the box holds, so the lists below can be checked against it."""
    source: Source
    cards: int
    anatomy: int
    characters: int
    cadavers: int
    scoundrels: int
    research: int
    humanity: int
    events: int
    encounters: int
    objectives: int


class Setup(_Strict):
    source: Source
    players: tuple[int, ...] = Field(min_length=1)
    rounds: int = Field(ge=1)
    story_track: int = Field(ge=2)
    start_francs: ByPlayers
    hospital_stack: ByPlayers
    execution_cards: ByPlayers
    rows: dict[Row, int]
    objectives_used: int = Field(ge=0)
    start_scientists: int = Field(ge=1)
    start_assistants: int = Field(ge=0)
    max_scientists: int = Field(ge=1)
    max_assistants: int = Field(ge=0)
    hand_limits: dict[Family, int]
    start_jars: int = Field(ge=0)
    first_player_passes: bool
    events_on_top: int = Field(ge=0)
    events_shuffled: int = Field(ge=0)
    encounters_shuffled: int = Field(ge=0)
    late_from_round: int = Field(ge=2)  # event cards show their second side from this round

    @model_validator(mode="after")
    def _sane(self):
        for name in ("start_francs", "hospital_stack", "execution_cards"):
            if set(getattr(self, name)) != set(self.players):
                raise ValueError(f"setup.{name} needs a number for each player count {list(self.players)}")
        if self.story_track != self.rounds + 1:
            raise ValueError(f"story_track ({self.story_track}) must be rounds + 1 ({self.rounds + 1}): "
                             "the Captain starts on space 1 and reaches the skull after the last round")
        deck = self.events_on_top + self.events_shuffled + self.encounters_shuffled
        if deck != self.rounds:
            raise ValueError(f"the event deck ({deck} cards) must hold one card per round ({self.rounds})")
        if self.late_from_round > self.rounds:
            raise ValueError("late_from_round must be a round of the game")
        return self


class Supply(_Strict):
    source: Source
    francs: int
    leyden_jars: int
    ice_blocks: int
    police_markers: int
    alive_markers: int
    damage_markers: int
    event_markers: int
    material_cubes: int
    part_tokens: dict[Part, int]
    shock_dice: int
    scientists_per_colour: int
    assistants_per_colour: int
    colours: int


class MaterialKind(_Strict):
    id: Material
    name: str
    colour: str
    cubes: int = Field(ge=1)
    source: Source


class Die(_Strict):
    colour: Literal["gray", "blue"]
    count: int = Field(ge=1)
    faces: tuple[Face, Face, Face, Face, Face, Face]
    source: Source


class Switch(_Strict):
    """Throw the Switch: jars flipped, dice per jar, and the Expertise paid once for any bolt."""
    source: Source
    max_jars: int = Field(ge=1)
    dice_per_jar: int = Field(ge=1)
    bolt_expertise: int = Field(ge=0)


class Police(_Strict):
    source: Source
    pay_off: int = Field(ge=0)  # francs to return one police marker on your city turn, no meeple used


class Market(_Strict):
    source: Source
    jar_price: int = Field(ge=1)
    ice_price: int = Field(ge=1)
    animal_price: int = Field(ge=1)
    animal_cubes: int = Field(ge=1)       # cubes per animal_price
    animal_stage: int = Field(ge=1, le=4)
    animal_per_visit: int = Field(ge=1)


class Scoring(_Strict):
    source: Source
    objective_vp: int
    humanity_bonus: int             # highest positive Humanity when the Captain ends the game
    dial_scoring: Literal["final", "best"]
    tie_breaks: tuple[Literal["alive_parts", "francs", "turn_order"], ...]


# ---------------------------------------------------------------- boards


class Space(_Strict):
    id: str = Field(min_length=1)
    name: str
    who: Literal["any", "scientist"] = "any"
    cost: int = Field(0, ge=0)                    # francs to the supply to place here
    slots: int | ByPlayers = 1                    # meeples it holds (by player count where it varies)
    requires: tuple[Condition, ...] = ()
    effects: NonEmpty[Effect]
    scientist_bonus: Effects = ()                 # resolved too when the meeple is a scientist
    immoral: bool = False                         # humanity cards may block it
    text: str
    source: Source


class Location(_Strict):
    id: str = Field(min_length=1)
    name: str
    row: Row | None = None
    spaces: NonEmpty[Space]
    source: Source


class Lab(_Strict):
    source: Source
    stages: int = Field(ge=1)
    stage_limit: int = Field(ge=1)
    blood_last_stage: int = Field(ge=1)     # blood on this stage is discarded when decomposing
    bone_limit: int = Field(ge=0)           # 0: no limit (bone never decays)
    preservation_limit: int = Field(ge=0)
    preservable: tuple[Material, ...]
    jar_slots: int = Field(ge=0)
    ice_slots: int = Field(ge=0)
    ice_rounds: int = Field(ge=1)           # solid, then half-melted, then back to the supply
    spaces: NonEmpty[Space]  # private: never bumped


class PartSide(_Strict):
    expertise: int = Field(ge=0)
    materials: dict[Material, int]
    vp: tuple[int, int, int, int]           # by the most decayed stage used, I..IV


class AnatomyPart(_Strict):
    part: Part
    count: int = Field(ge=1)
    start: PartSide
    complete: PartSide
    animal_penalty: int = Field(ge=0)
    alive_points: int = Field(ge=0)
    source: Source


class AnimalRule(_Strict):
    replaces: tuple[Material, ...] = Field(min_length=1)
    max_stage: dict[Material, int]          # e.g. blood only from animal cubes at stage I-II
    source: Source

    @model_validator(mode="after")
    def _not_bone(self):
        if "bone" in self.replaces or "animal" in self.replaces:
            raise ValueError("animal cubes cannot replace bone (or animal)")
        return self


class Anatomy(_Strict):
    source: Source
    vp_floor: int
    expertise_per_build: int = Field(ge=0)
    parts: tuple[AnatomyPart, ...]
    animal: AnimalRule

    @model_validator(mode="after")
    def _each_part_once(self):
        if sorted(p.part for p in self.parts) != sorted(("head", "torso", "arm", "leg")):
            raise ValueError("anatomy.parts must list head, torso, arm and leg once each")
        return self


class DialIcon(_Strict):
    at: int
    icon: Icon
    vp: int | None = None

    @model_validator(mode="after")
    def _vp(self):
        if (self.icon == "vp") != (self.vp is not None):
            raise ValueError(f"icon at {self.at}: a 'vp' icon needs vp, other icons take none")
        return self


class Dial(_Strict):
    attribute: Attribute
    min: int
    max: int
    start: int
    icons: tuple[DialIcon, ...]
    source: Source

    @model_validator(mode="after")
    def _inside(self):
        if not self.min <= self.start <= self.max:
            raise ValueError(f"{self.attribute} dial: start {self.start} outside {self.min}..{self.max}")
        for icon in self.icons:
            if not self.min <= icon.at <= self.max:
                raise ValueError(f"{self.attribute} dial: icon '{icon.icon}' at {icon.at} "
                                 f"outside {self.min}..{self.max}")
        twice = [k for k, n in Counter((i.at, i.icon) for i in self.icons).items() if n > 1]
        if twice:
            raise ValueError(f"{self.attribute} dial: icon '{twice[0][1]}' twice at {twice[0][0]}")
        return self


# ---------------------------------------------------------------- cards


class CadaverDeck(_Strict):
    id: str
    name: str
    location: str
    cards: int = Field(ge=1)
    stages: tuple[int, ...] = Field(min_length=1)   # the stages its cards' materials may have
    face_up: bool
    source: Source


class CadaverCost(_Strict):
    humanity: int = Field(0, ge=0)   # Humanity lost
    francs: int = Field(0, ge=0)


class AttributeOption(_Strict):
    attribute: Attribute
    amount: int = Field(ge=1)


class Cadaver(_Strict):
    id: str = Field(min_length=1)
    name: str
    deck: str
    cost: CadaverCost = CadaverCost()
    option: AttributeOption
    materials: NonEmpty[MaterialGain]
    apart: bool = False               # kept out of its deck; only a named effect brings it in
    source: Source


class Scoundrel(_Strict):
    id: str = Field(min_length=1)
    name: str
    copies: int = Field(1, ge=1)
    cost: int = Field(ge=0)
    requires: tuple[Condition, ...] = ()
    effects: NonEmpty[Effect]
    text: str
    source: Source


class HandCard(_Strict):
    """A humanity card; research cards add a dice option."""
    id: str = Field(min_length=1)
    name: str
    copies: int = Field(1, ge=1)
    window: Window
    effects: Effects = ()
    icons: Effects = ()
    text: str
    source: Source

    @model_validator(mode="after")
    def _shape(self):
        if not self.effects and not self.icons:
            raise ValueError(f"card '{self.id}' needs effects or icons")
        if bad := [e.kind for e in self.icons if e.kind not in ICON_KINDS]:
            raise ValueError(f"card '{self.id}': icons only gain attributes or francs, not '{bad[0]}'")
        kinds = {e.kind for e in self.effects}
        for kind, window in (("block_action", "other_places"), ("cancel_encounter", "encounter")):
            if kind in kinds and self.window != window:
                raise ValueError(f"card '{self.id}': a '{kind}' card is played in window '{window}'")
        return self


class Research(HandCard):
    dice: NonEmpty[Effect]   # alternative to effects and icons, after a roll

    @model_validator(mode="after")
    def _dice(self):
        if bad := [e.kind for e in self.dice if e.kind not in DICE_KINDS]:
            raise ValueError(f"research '{self.id}': dice options are {sorted(DICE_KINDS)}, not '{bad[0]}'")
        return self


class EventSide(_Strict):
    name: str
    text: str
    icons: tuple[Literal["execution", "lightning_storm"], ...] = ()
    target: Target | None = None      # effects go to the target; without one, to each player
    effects: Effects = ()             # resolved at once
    this_round: Effects = ()          # rule changes until the reset
    markers: tuple[str, ...] = ()     # locations that get an event marker as a reminder

    @model_validator(mode="after")
    def _round_kinds(self):
        if bad := [e.kind for e in self.effects if e.kind in ROUND_KINDS]:
            raise ValueError(f"event '{self.name}': '{bad[0]}' is a rule change: put it in this_round")
        if bad := [e.kind for e in self.this_round if e.kind not in ROUND_KINDS]:
            raise ValueError(f"event '{self.name}': this_round holds only rule changes, not '{bad[0]}'")
        if not (self.icons or self.effects or self.this_round):
            raise ValueError(f"event '{self.name}' does nothing")
        return self


class Event(_Strict):
    id: str = Field(min_length=1)
    early: EventSide                  # rounds 1 .. late_from_round - 1
    late: EventSide
    source: Source


class Encounter(_Strict):
    id: str = Field(min_length=1)
    name: str
    trigger: str                      # "now" or a location id
    target: Target
    entry: int = Field(ge=1)
    text: str
    source: Source

    @model_validator(mode="after")
    def _placer(self):
        if (self.trigger != "now") != (self.target.kind == "placer"):
            raise ValueError(f"encounter '{self.id}': a location trigger targets the placer, 'now' never does")
        return self


class Choice(_Strict):
    text: str
    requires: tuple[Condition, ...] = ()
    effects: Effects = ()


class Entry(_Strict):
    number: int = Field(ge=1)
    title: str
    text: str
    choices: tuple[Choice, ...] = Field(min_length=1, max_length=2)
    source: Source


class Start(_Strict):
    humanity: int | None = None
    reputation: int | None = None
    expertise: int | None = None
    francs: int = 0                   # on top of the francs every player gets


class Character(_Strict):
    id: str = Field(min_length=1)
    name: str
    start: Start = Start()
    abilities: tuple[Ability, ...] = ()
    text: str
    source: Source


class Objective(_Strict):
    id: str = Field(min_length=1)
    name: str
    timing: Literal["first", "most"]  # claimed during the game, or judged at the end (ties all score)
    condition: Condition | None = None
    measure: Measure | None = None
    source: Source

    @model_validator(mode="after")
    def _one(self):
        first = self.timing == "first"
        if first != (self.condition is not None) or first != (self.measure is None):
            raise ValueError(f"objective '{self.id}': 'first' takes a condition, 'most' a measure")
        return self


# ---------------------------------------------------------------- the whole set


class Content(_Strict):
    box: Box
    setup: Setup
    supply: Supply
    materials: tuple[MaterialKind, ...]
    dice: tuple[Die, ...]
    switch: Switch
    police: Police
    market: Market
    scoring: Scoring
    bump_tracks: dict[int, tuple[int, ...]]
    locations: tuple[Location, ...] = Field(min_length=1)
    lab: Lab
    anatomy: Anatomy
    dials: tuple[Dial, ...]
    cadaver_decks: tuple[CadaverDeck, ...]
    cadavers: tuple[Cadaver, ...]
    scoundrels: tuple[Scoundrel, ...]
    research: tuple[Research, ...]
    humanity: tuple[HandCard, ...]
    events: tuple[Event, ...]
    encounters: tuple[Encounter, ...]
    entries: tuple[Entry, ...]
    characters: tuple[Character, ...]
    objectives: tuple[Objective, ...]

    @model_validator(mode="after")
    def _consistent(self):
        _unique_ids(self)
        _references(self)
        _counts(self)
        _components(self)
        return self

    def dial(self, attribute: str) -> Dial:
        return next(d for d in self.dials if d.attribute == attribute)

    def spaces(self) -> Iterator[tuple[str, Space]]:
        """Every (location id, space) pair of the Paris board, then ("lab", space)."""
        for loc in self.locations:
            for space in loc.spaces:
                yield loc.id, space
        for space in self.lab.spaces:
            yield "lab", space


def _unique(what: str, ids) -> None:
    if twice := [i for i, n in Counter(ids).items() if n > 1]:
        raise ValueError(f"duplicate {what} id '{twice[0]}'")


def _unique_ids(c: Content) -> None:
    _unique("location", [loc.id for loc in c.locations])
    _unique("space", [s.id for _, s in c.spaces()])
    _unique("cadaver deck", [d.id for d in c.cadaver_decks])
    for family in ("cadavers", "scoundrels", "research", "humanity", "events", "encounters", "characters",
                   "objectives"):
        _unique(family.removesuffix("s"), [x.id for x in getattr(c, family)])
    if twice := [n for n, k in Counter(e.number for e in c.entries).items() if k > 1]:
        raise ValueError(f"duplicate entry number {twice[0]}")


def _counts(c: Content) -> None:
    got = {f: sum(getattr(x, "copies", 1) for x in getattr(c, f))
           for f in ("cadavers", "scoundrels", "research", "humanity", "events", "encounters", "characters",
                     "objectives")}
    for family, n in got.items():
        if n != getattr(c.box, family):
            raise ValueError(f"{n} {family} (counting copies), the box holds {getattr(c.box, family)}")
    cards = sum(n for f, n in got.items() if f != "objectives") + c.box.anatomy
    if cards != c.box.cards:
        raise ValueError(f"the card families add up to {cards} cards, the box holds {c.box.cards}")
    per_deck = Counter(x.deck for x in c.cadavers)
    for deck in c.cadaver_decks:
        if per_deck[deck.id] != deck.cards:
            raise ValueError(f"cadaver deck '{deck.id}' has {per_deck[deck.id]} cards, not {deck.cards}")
    if sum(d.cards for d in c.cadaver_decks) != c.box.cadavers:
        raise ValueError("the cadaver decks' sizes must add up to box.cadavers")
    apart = [x for x in c.cadavers if x.apart]
    leopold = [x for x in c.cadavers if x.id == LEOPOLD]
    if len(leopold) != 1 or leopold[0].deck != "public_square" or apart != leopold:
        raise ValueError(f"'{LEOPOLD}' must be the one cadaver kept apart, in the public_square deck")
    if c.box.objectives < c.setup.objectives_used:
        raise ValueError("more objectives used than the box holds")


def _components(c: Content) -> None:
    s = c.setup
    if sorted(c.bump_tracks) != sorted(s.players):
        raise ValueError(f"bump_tracks needs a track for each player count {list(s.players)}")
    for n, track in c.bump_tracks.items():
        if len(track) != n or min(track) < 0:
            raise ValueError(f"the bump track for {n} players needs {n} costs of 0 or more, not {list(track)}")
    if sorted(d.attribute for d in c.dials) != ["expertise", "humanity", "reputation"]:
        raise ValueError("dials: one each for humanity, reputation and expertise")
    icons = Counter(i.icon for d in c.dials for i in d.icons)
    gains = s.max_scientists + s.max_assistants - s.start_scientists - s.start_assistants
    exchanges = s.max_scientists - s.start_scientists
    if icons["gain_assistant"] != gains or icons["exchange_assistant"] != exchanges:
        raise ValueError(f"the dials need {gains} gain_assistant and {exchanges} exchange_assistant icons "
                         f"(found {icons['gain_assistant']} and {icons['exchange_assistant']}) to reach "
                         f"{s.max_scientists} scientists and {s.max_assistants} assistants")
    if sorted(m.id for m in c.materials) != sorted(("muscle", "organ", "blood", "bone", "animal")):
        raise ValueError("materials: muscle, organ, blood, bone and animal once each")
    if sum(m.cubes for m in c.materials) != c.supply.material_cubes:
        raise ValueError(f"material cubes add up to {sum(m.cubes for m in c.materials)}, "
                         f"supply says {c.supply.material_cubes}")
    if sum(d.count for d in c.dice) != c.supply.shock_dice:
        raise ValueError(f"dice add up to {sum(d.count for d in c.dice)}, supply says {c.supply.shock_dice}")
    for ch in c.characters:
        for attribute in ("humanity", "reputation", "expertise"):
            value, dial = getattr(ch.start, attribute), c.dial(attribute)
            if value is not None and not dial.min <= value <= dial.max:
                raise ValueError(f"character '{ch.id}': {attribute} start {value} outside the dial")


def _walk(effects: Effects, where: str) -> Iterator[tuple[str, Effect]]:
    for e in effects:
        yield where, e
        if e.then:
            yield from _walk(e.then, where)


def _all_effects(c: Content) -> Iterator[tuple[str, Effect]]:
    for loc, space in c.spaces():
        yield from _walk(space.effects + space.scientist_bonus, f"space '{space.id}'")
    for x in c.scoundrels:
        yield from _walk(x.effects, f"scoundrel '{x.id}'")
    for x in c.research:
        yield from _walk(x.effects + x.icons + x.dice, f"research '{x.id}'")
    for x in c.humanity:
        yield from _walk(x.effects + x.icons, f"humanity '{x.id}'")
    for x in c.events:
        for side in (x.early, x.late):
            yield from _walk(side.effects + side.this_round, f"event '{x.id}'")
    for x in c.entries:
        for choice in x.choices:
            yield from _walk(choice.effects, f"entry {x.number}")


def _references(c: Content) -> None:
    locations = {loc.id for loc in c.locations}
    decks = {d.id: d for d in c.cadaver_decks}
    entries = {e.number for e in c.entries}
    reached: set[int] = {e.entry for e in c.encounters}
    revealed: set[str] = set()
    for deck in c.cadaver_decks:
        if deck.location not in locations:
            raise ValueError(f"cadaver deck '{deck.id}': no location '{deck.location}'")
    gains = [(f"cadaver '{x.id}'", m, decks.get(x.deck)) for x in c.cadavers for m in x.materials]
    for x in c.cadavers:
        if x.deck not in decks:
            raise ValueError(f"cadaver '{x.id}': no cadaver deck '{x.deck}'")
    for where, e in _all_effects(c):
        if e.location is not None and e.location not in locations:
            raise ValueError(f"{where}: {e.kind} names no location '{e.location}'")
        if e.deck is not None and e.deck not in decks:
            raise ValueError(f"{where}: {e.kind} names no cadaver deck '{e.deck}'")
        if e.entry is not None:
            if e.entry not in entries:
                raise ValueError(f"{where}: go_to_entry {e.entry}: no such entry")
            reached.add(e.entry)
        if e.card is not None:
            if e.card not in {x.id for x in c.cadavers if x.apart}:
                raise ValueError(f"{where}: {e.kind} names no set-apart cadaver '{e.card}'")
            revealed.add(e.card)
        gains += [(where, m, None) for m in e.materials or ()]
    for where, m, deck in gains:
        if m.material == "blood" and m.stage > c.lab.blood_last_stage:
            raise ValueError(f"{where}: blood at stage {m.stage} (blood is gone after stage {c.lab.blood_last_stage})")
        if deck and m.stage is not None and m.stage not in deck.stages:
            raise ValueError(f"{where}: stage {m.stage} is not a {deck.id} stage {list(deck.stages)}")
    for x in c.encounters:
        if x.trigger != "now" and x.trigger not in locations:
            raise ValueError(f"encounter '{x.id}': trigger '{x.trigger}' is neither 'now' nor a location")
        if x.entry not in entries:
            raise ValueError(f"encounter '{x.id}': entry {x.entry} does not exist")
    for x in c.events:
        for side in (x.early, x.late):
            if bad := [m for m in side.markers if m not in locations]:
                raise ValueError(f"event '{x.id}': marker on no location '{bad[0]}'")
    if orphans := sorted(entries - reached):
        raise ValueError(f"entry {orphans[0]} is never reached (no encounter or go_to_entry leads to it)")
    if unused := sorted({x.id for x in c.cadavers if x.apart} - revealed):
        raise ValueError(f"set-apart cadaver '{unused[0]}' is never brought in by a reveal_cadaver effect")


def parse_content(data: dict, origin: str = "content.toml") -> Content:
    try:
        return Content.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{origin}: {problems(exc)}") from None


def load_content(path: str | Path | None = None) -> Content:
    """The default content (or the file at `path`), validated. Only the default is cached: a
    designer's file is read again each time, so edits show up."""
    if path is None or Path(path) == DEFAULT_CONTENT:
        return _default_content()
    return _read(Path(path))


@lru_cache(maxsize=1)
def _default_content() -> Content:
    return _read(DEFAULT_CONTENT)


def _read(file: Path) -> Content:
    return parse_content(read_toml(file, "Abomination content"), str(file))
