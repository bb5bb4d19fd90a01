"""Aberration components loaded from TOML and validated with pydantic (files only, never the hot path).

The default set is content/, one file per family (FILES below). Every entry says where it comes from
(`source`: rulebook, facts, proposal, ours); CONTENT.md lists our own decisions. Effects, passives,
Great Beast events, set-up steps, objective requirements and keywords use closed vocabularies (the
*_KINDS dicts below), so the rules code can interpret them and a designer can write new cards from the
same parts: each `kind` takes exactly the parameters it declares (`?name`: may be left out).
`load_content(paths)` adds a player's own files of scenarios, heroes and cards on top.
"""
from __future__ import annotations

import re
from collections import Counter, deque
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Callable, ClassVar, Iterable, Iterator, Literal, NamedTuple, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator

from cardboard.engine import ConfigError
from cardboard.engine.data import problems, read_toml

CONTENT_DIR = Path(__file__).with_name("content")
VC = "VC"  # the Village Center: one space, adjacent to every gate

Source = Literal["rulebook", "facts", "proposal", "ours"]
Colour = Literal["B", "R", "G", "Y"]
Chip = Literal["B", "R", "G", "Y", "H", "X"]
CostChip = Literal["B", "R", "G", "Y", "any"]  # X pays only `any`; H pays anything
Compass = Literal["N", "E", "S", "W"]
Slot = Literal["I", "II", "III", "IV", "V"]
Stat = Literal["INT", "STR", "SPD", "CMD"]
Face = Literal["blank", "graze", "aberration"]

CHIPS: dict[str, str] = {
    "B": "Intellect (blue)", "R": "Strength (red)", "G": "Speed (green)", "Y": "Command (yellow)",
    "H": "Hero: pays any of B, R, G, Y", "X": "Aberration (the rulebook's 'Corruption'): 1 damage when drawn, "
    "pays only general (`any`) costs",
}
PLACES: dict[str, str] = {
    "here": "your space",
    "adjacent": "your space or a space adjacent to it",
    "target": "the space just attacked",
    "gate": "a gate (a space adjacent to the Village Center)",
    "anywhere": "any map space",
    "safe_space": "any safe map space (no monster, no shadow)",
    "vc_or_gate": "the Village Center or a gate",
    "vp_entries": "every entry space of this Vantage Point",
    "vp_board": "a space on this Vantage Point's board",
    "vp_board_near": "a space on this Vantage Point's board or a board next to it",
    "one_board": "the spaces of one board of your choice",
}
WHO: dict[str, str] = {
    "you": "the hero resolving it (for a Vantage Point reward: the payer)",
    "near": "one hero within 1 step of you, you included",
    "board": "one hero on this Vantage Point's board",
    "every": "every hero",
}
Place = Literal[tuple(PLACES)]  # type: ignore[valid-type]
Who = Literal[tuple(WHO)]  # type: ignore[valid-type]


class Kind(NamedTuple):
    params: tuple[str, ...]
    optional: tuple[str, ...]
    meaning: str


def _k(params: str, meaning: str) -> Kind:
    words = params.split()
    return Kind(tuple(w for w in words if w[0] != "?"), tuple(w[1:] for w in words if w[0] == "?"), meaning)


# What actions, Items, Vantage Points and village spots do. Amounts are numbers or INT/STR/SPD/CMD[+n].
EFFECT_KINDS: dict[str, Kind] = {
    "move": _k("steps ?escort ?pass_monsters", "move up to steps; escort: bring up to that many villagers "
               "(or all) from your starting space; pass_monsters: monsters do not end your move"),
    "move_then_melee": _k("steps dice", "move up to steps; if you entered a monster's space, melee dice there"),
    "heroes_move": _k("within steps", "each hero within `within` steps of you may move up to steps"),
    "melee": _k("dice ?area ?quick ?ignore_armour", "attack in your space rolling dice"),
    "ranged": _k("range dice ?area ?quick", "attack a space up to range steps away ('sight': your board)"),
    "melee_bonus": _k("dice", "your next melee attack this turn rolls dice more"),
    "villager_attack": _k("board dice", "a villager's ranged attack at any one space of that board "
                          "('this': the Vantage Point's); never countered"),
    "trap": _k("within", "put one of your trap tokens within `within` steps (0: your space); one a space"),
    "spring_traps": _k("", "each of your traps sharing a space with a monster fires"),
    "gain_traps": _k("count", "take count more trap tokens"),
    "freeze": _k("within", "put a Freeze token on a monster within `within` steps"),
    "fire": _k("at ?count", "place count (1 if left out) Fire at the place, never on Fire or Influence"),
    "heal": _k("amount ?who", "move the Aberration marker down amount ('all': to the start); who: you if left out"),
    "rest": _k("amount", "only in a safe space: heal amount"),
    "assign": _k("count", "assign up to count villagers to free village or Vantage Point spots"),
    "reveal": _k("within", "reveal every shadow within `within` steps"),
    "reveal_any": _k("count", "reveal count shadows anywhere on the map"),
    "draw_chip": _k("count", "draw count chips from your bag; spend them this turn"),
    "draw_item": _k("count ?keep", "draw count Items; keep: keep that many, the rest go to the deck's bottom"),
    "remove_influence": _k("count at", "remove up to count Influence at the place, latest in path order first"),
    "cleanse": _k("count pool ?who", "remove count ('all') X chips from the discard pool or the bag and pool"),
    "gain_chip": _k("chip count", "add count chips of that kind from the supply to your discard pool"),
    "remove_plague": _k("count ?who", "discard count Plague tokens"),
    "gain_xp": _k("amount ?who", "gain amount Experience"),
    "pull": _k("within", "pull a non-Flying monster within `within` steps into your space; traps fire"),
    "shove": _k("within steps", "move a revealed non-Flying monster within `within` steps by steps, never into "
                "the Village Center or Influence; traps fire"),
    "repel": _k("steps", "each monster on your board moves steps away from the Village Center, never into Influence"),
    "shield": _k("amount", "until your next turn, attacks on heroes and villagers in your space deal amount less"),
    "foresee": _k("count bottom", "look at the top count Great Beast cards and put them back in any order "
                  "(bottom: each may go to the bottom instead)"),
    "villagers_home": _k("steps", "every map villager advances up to steps toward the Village Center"),
    "secure": _k("", "pay chips toward a Vantage Point from one of its entry spaces"),
    "fortify": _k("", "pay toward any one Vantage Point as if on its entry space; paying nothing, "
                  "place a Fire on a gate instead"),
    "one_of": _k("options", "resolve one of the options (each one effect)"),
}

# Standing abilities: hero specials, PASSIVE class actions, attuned Items, Aberration cards.
PASSIVE_KINDS: dict[str, Kind] = {
    "move_after_kill": _k("steps", "after each kill, move up to steps for free"),
    "guard_villagers": _k("", "villagers in your space cannot be damaged"),
    "trap_freezes": _k("", "a monster that survives your trap gets a Freeze token"),
    "reveal_aura": _k("within", "shadows within `within` steps of you are revealed"),
    "command_bonus": _k("amount", "villagers you assign use CMD + amount"),
    "reroll": _k("dice per whose", "once per turn or round, reroll dice ('all': any) of one roll, "
                 "your own or anyone's"),
    "attack_reduction": _k("amount", "the first attack on you each round deals amount less"),
    "extra_traps": _k("count", "you own count more trap tokens"),
    "safe_x_draws": _k("", "drawing X chips deals you no damage"),
    "chip_pays": _k("chip colour bonus_dice", "chips of that kind may pay that colour's costs, "
                    "such actions rolling bonus_dice more"),
    "melee_dice": _k("amount", "your melee attacks roll amount more dice"),
    "forbid_action": _k("action", "you cannot use that action"),
    "ignore_grazes": _k("against", "grazes deal you no damage (from monsters, or only in counter-attacks)"),
    "move_penalty": _k("amount", "your moves are amount steps shorter (at least 1)"),
    "heal_on_melee_kill": _k("amount", "heal amount whenever you kill in melee"),
    "no_escort": _k("", "you cannot escort villagers"),
    "peek_great_beast": _k("", "you may look at the top Great Beast card at any time"),
    "thorns": _k("amount", "a monster that attacks or counter-attacks you then takes amount damage"),
    "draw_bonus": _k("amount", "draw amount more chips each turn"),
    "discard_damage": _k("amount", "take amount damage if you discard an unspent chip at Resolution"),
    "ignore_armour": _k("", "your attacks ignore Armour"),
    "hunger": _k("within amount", "at the start of your turn take amount damage if no monster is within `within`"),
    "redraw": _k("count", "once per turn return count drawn chips to your bag and draw as many"),
    "range_bonus": _k("amount", "your ranged attacks reach amount steps further"),
    "wide_sight": _k("", "your `sight` also covers the boards next to yours"),
}

# Great Beast events. P is the card's compass point.
EVENT_KINDS: dict[str, Kind] = {
    "influence": _k("board count", "place count Influence on board P ('point') or the board clockwise of it ('next')"),
    "activate_levelled": _k("", "every monster of the enemy this card levelled activates"),
    "activate_board": _k("", "every monster on board P activates"),
    "parasite_tokens": _k("count", "count Thornlamm tokens on each Parasite enemy's card"),
    "douse": _k("", "remove the Fire nearest the Village Center on board P; with none, 1 Influence there"),
    "whispers": _k("", "each hero on a board holding Influence adds 1 X chip to their discard pool"),
    "taken": _k("", "the map villager farthest from the Village Center (ties N-E-S-W) becomes a face-down "
                "shadow; no Fear"),
    "reveal_board": _k("", "reveal every shadow on board P"),
    "ambush": _k("", "each monster adjacent to a map villager moves into its space and attacks"),
    "monstrosities_advance": _k("steps", "each monstrosity on the map advances steps"),
    "peril": _k("dice", "each hero outside the Village Center rolls dice: 1 damage per aberration icon"),
    "drop_held": _k("", "each hero discards their Held Action chip"),
    "shadows_advance": _k("steps", "every shadow on the map moves steps toward the Village Center"),
}

SETUP_KINDS: dict[str, Kind] = {
    "extra_items": _k("count", "draw count more Items"),
    "place_fire": _k("at", "place 1 Fire at the place"),
    "start_at": _k("at", "start there instead of the Village Center"),
    "pool_villagers": _k("count", "count more villagers in the Village Center pool"),
    "trap_tokens": _k("count", "take count trap tokens"),
}

REQUIREMENT_KINDS: dict[str, Kind] = {
    "shared_target": _k("", "two different heroes damage the same monster in one Hero phase"),
    "kill": _k("enemy_type min_level by", "a monster of that type and level or higher is killed "
               "(by: anyone, or only a trap or a villager attack)"),
    "fires_on_boards": _k("count", "Fire on count different boards at once"),
    "board_cleared": _k("", "at the end of a hero's turn some board has no shadow and no monster"),
    "villagers_in_vc": _k("count", "count or more villagers in the Village Center (pool plus spots) at once"),
    "watchtowers_manned": _k("count", "count watchtowers manned at once"),
    "unlock_vp": _k("board", "a Vantage Point on that board is unlocked while the card is face up"),
    "hero_reveal": _k("", "a hero reveals a shadow (by adjacency, an action or Scout)"),
    "villager_home": _k("", "a villager from the map enters the Village Center (escort or assignment)"),
    "influence_removed": _k("", "an Influence token is removed, or negated by Fire"),
}

GOAL_KINDS: dict[str, Kind] = {
    "vps_unlocked": _k("count", "at least count Vantage Points unlocked"),
}

# The rulebook's glossary. Timing says when the rules code looks at a keyword.
KEYWORDS: dict[str, tuple[str, str]] = {
    "herald": ("on_reveal", "This monster levels up."),
    "incite": ("on_reveal", "Advance a Monstrosity; if none are present, this enemy advances."),
    "leap": ("on_reveal", "Advance 2, moving through Heroes, Villagers and Traps; stops adjacent to the Village."),
    "spawn": ("on_reveal", "Spawn monster III in this space."),
    "aggressive": ("on_activate", "Activate twice."),
    "parasite": ("on_activate", "Place a Thornlamm token on this enemy's card; tokens are removed when "
                 "they +/- damage."),
    "regenerate": ("on_activate", "Remove all damage from this enemy."),
    "armour": ("on_attacked", "Cannot be dealt more than 2 damage per attack."),
    "flying": ("on_attacked", "Only Ranged attacks damage this enemy."),
    "ranged": ("on_attacked", "Counter-attacks Heroes' Ranged attacks."),
    "stealthy": ("on_attacked", "Only Melee attacks damage this enemy."),
    "plague": ("on_attacking", "If its damage makes a hero gain a Transformation card, also gain a Plague token."),
}


def _keyword(word: str) -> str:
    if word not in KEYWORDS:
        raise ValueError(f"unknown keyword '{word}' (the glossary's: {', '.join(KEYWORDS)})")
    return word


Keyword = Annotated[str, AfterValidator(_keyword)]

REVEAL_RESULTS: dict[str, str] = {
    "monster": "a figure of the slot's enemy replaces it (none left: all its monsters activate), then its "
               "On-Reveal keywords",
    "villager": "a villager from the supply takes its space",
    "influence": "an Influence token goes on the first free space of the board's path",
}
EXPLOITS: dict[str, str] = {
    "act": "the current player draws 1 Ability chip (any player's turn)",
    "alter": "change an Ability chip's colour for one action (any player's turn)",
    "block": "prevent 1 damage a source deals to you",
    "lucky": "reroll any number of dice (whenever dice are rolled)",
    "smite": "add 1 damage to an attack (whenever any player deals damage with an attack)",
}

# ---------------------------------------------------------------- parts


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


T = TypeVar("T")


def _non_empty(items: tuple) -> tuple:
    if not items:
        raise ValueError("needs at least one item")
    return items


NonEmpty = Annotated[tuple[T, ...], AfterValidator(_non_empty)]
_AMOUNT = re.compile(r"^(INT|STR|SPD|CMD)(\+[1-9]\d*)?$")


def _amount(value: int | str) -> int | str:
    if isinstance(value, str) and not _AMOUNT.match(value):
        raise ValueError(f"'{value}' is neither a number nor INT, STR, SPD or CMD with an optional +n")
    if isinstance(value, int) and value < 0:
        raise ValueError(f"{value} is negative")
    return value


Amount = Annotated[int | str, AfterValidator(_amount)]   # 2, "STR", "SPD+1"
Count = Annotated[int, Field(ge=1)] | Literal["all"]
Positive = Annotated[int, Field(ge=1)]
ByPlayers = dict[int, int]


class _Kinded(_Strict):
    """A `kind` from a closed vocabulary plus exactly the parameters that kind declares."""
    VOCAB: ClassVar[dict[str, Kind]] = {}
    WHAT: ClassVar[str] = ""
    kind: str

    @model_validator(mode="after")
    def _params(self):
        if self.kind not in self.VOCAB:
            raise ValueError(f"unknown {self.WHAT} kind '{self.kind}' (known: {', '.join(self.VOCAB)})")
        spec, got = self.VOCAB[self.kind], self.model_fields_set - {"kind"}
        if missing := sorted(set(spec.params) - got):
            raise ValueError(f"{self.WHAT} '{self.kind}' needs parameter(s) {', '.join(missing)}")
        if extra := sorted(got - set(spec.params) - set(spec.optional)):
            takes = ", ".join([*spec.params, *(f"?{p}" for p in spec.optional)]) or "none"
            raise ValueError(f"{self.WHAT} '{self.kind}' takes no parameter(s) {', '.join(extra)} (it takes: {takes})")
        return self


class Effect(_Kinded):
    VOCAB = EFFECT_KINDS
    WHAT = "effect"
    steps: Amount | None = None
    dice: Amount | None = None
    range: Positive | Literal["sight"] | None = None
    within: int | None = Field(None, ge=0)
    count: Count | None = None
    amount: Count | None = None
    escort: Count | None = None
    area: bool | None = None
    quick: bool | None = None
    ignore_armour: bool | None = None
    pass_monsters: bool | None = None
    bottom: bool | None = None
    at: Place | None = None
    who: Who | None = None
    board: Compass | Literal["this"] | None = None
    chip: Chip | None = None
    keep: Positive | None = None
    pool: Literal["discard", "bag_or_discard"] | None = None
    options: tuple[Effect, ...] | None = Field(None, min_length=2)


class Passive(_Kinded):
    VOCAB = PASSIVE_KINDS
    WHAT = "passive"
    steps: Positive | None = None
    within: int | None = Field(None, ge=0)
    amount: Positive | None = None
    count: Positive | None = None
    dice: Count | None = None
    per: Literal["turn", "round"] | None = None
    whose: Literal["own", "any"] | None = None
    chip: Chip | None = None
    colour: Colour | None = None
    bonus_dice: int | None = Field(None, ge=0)
    action: str | None = None
    against: Literal["monsters", "counter_attacks"] | None = None


class Event(_Kinded):
    VOCAB = EVENT_KINDS
    WHAT = "event"
    board: Literal["point", "next"] | None = None
    count: Positive | None = None
    steps: Positive | None = None
    dice: Positive | None = None


class SetupStep(_Kinded):
    VOCAB = SETUP_KINDS
    WHAT = "set-up"
    count: Positive | None = None
    at: Place | None = None


class Requirement(_Kinded):
    VOCAB = REQUIREMENT_KINDS
    WHAT = "requirement"
    count: Positive | None = None
    enemy_type: Literal["any", "horde", "monstrosity"] | None = None
    min_level: Positive | None = None
    by: Literal["anyone", "trap_or_villager"] | None = None
    board: Compass | None = None


class Goal(_Kinded):
    VOCAB = GOAL_KINDS
    WHAT = "goal"
    count: Positive | None = None


Effects = tuple[Effect, ...]
Passives = tuple[Passive, ...]

# ---------------------------------------------------------------- settings.toml


class Game(_Strict):
    source: Source
    players: NonEmpty[Positive]


class Components(_Strict):
    """What the box holds, so the lists in the other files can be checked against it."""
    source: Source
    map_tiles: int
    compass_tokens: int
    vantage_points: int
    village_spots: int
    shadow_tokens: int
    influence_tokens: int
    fire_tokens: int
    freeze_tokens: int
    villagers: int
    traps: int
    parasite_tokens: int
    plague_tokens: int
    objective_tokens: int
    hp_tokens: int
    hero_chips: int
    aberration_chips: int
    chips_per_colour: int
    dice: int
    items: int
    objectives: int
    aberrations: int
    great_beast: int
    enemies: int
    heroes: int
    classes: int
    horde_figures: int
    monstrosity_figures: int


class Dice(_Strict):
    source: Source
    faces: tuple[Face, Face, Face, Face, Face, Face]
    hard_faces: tuple[Face, Face, Face, Face, Face, Face]   # the harder variant (balance knob 9)

    @model_validator(mode="after")
    def _three_kinds(self):
        if set(self.faces) != {"blank", "graze", "aberration"}:
            raise ValueError("dice.faces: the rulebook's die has three unique sides: blank, graze, aberration")
        return self


class Slots(_Strict):
    source: Source
    horde: NonEmpty[Slot]
    monstrosity: NonEmpty[Slot]
    spawn: Slot          # "Spawn monster III"
    levels: Positive     # enemy levels 1..levels (printed I-III)

    @model_validator(mode="after")
    def _all_five(self):
        if sorted(self.horde + self.monstrosity) != sorted(("I", "II", "III", "IV", "V")):
            raise ValueError("slots: horde and monstrosity slots must be I-V, each once")
        return self


class Rules(_Strict):
    """The numbers the rules read (rulebook §s and design §2)."""
    source: Source
    xp_per_turn: int
    xp_monstrosity_kill: int
    fear_horde: int
    fear_monstrosity: int
    fear_villager: int
    fear_corrupted_vp: int
    fear_full_paths: int
    survival_per_vp: int
    aberration_cards_lose: Positive
    plague_cap: int
    parasite_cap: int
    villager_hp: Positive
    held_chips: int
    traps_per_space: Positive


class Knob(_Strict):
    """A balance knob (design §16): where it lives in the data, its default and sweep range."""
    id: str
    priority: Positive
    default: str
    range: str
    keys: NonEmpty[str]   # dotted paths into the content; '*' walks every entry of a family
    source: Source


# ---------------------------------------------------------------- map.toml

_SPACE = re.compile(r"^(a\d+|fk|l\d+|r\d+|g\d*)$")


class BoardRule(_Strict):
    source: Source
    clockwise: tuple[Compass, Compass, Compass, Compass]   # each board's left edge meets the next one's right

    @model_validator(mode="after")
    def _each_once(self):
        if sorted(self.clockwise) != ["E", "N", "S", "W"]:
            raise ValueError("board.clockwise must name N, E, S and W once each")
        return self


class Tile(_Strict):
    """One map tile: a trunk from the spawn to the fork, a left and a right branch ending on gates, glades."""
    id: Positive
    name: str
    spaces: NonEmpty[str]
    edges: NonEmpty[str]          # "a-b"; VC is the Village Center
    path: NonEmpty[str]           # Influence order: trunk, left branch, right branch
    spawn: str                    # the compass spot, where shadows spawn
    edge_left: str                # meets the clockwise board's edge_right
    edge_right: str
    shadow: tuple[str, ...] = ()  # set-up icons
    villager: tuple[str, ...] = ()
    fire: tuple[str, ...] = ()
    vp_spots: dict[str, NonEmpty[str]]   # spot letter -> entry spaces
    source: Source

    def adjacency(self) -> dict[str, set[str]]:
        adj: dict[str, set[str]] = {s: set() for s in (*self.spaces, VC)}
        for edge in self.edges:
            a, b = edge.split("-")
            adj[a].add(b)
            adj[b].add(a)
        return adj

    def branches(self) -> tuple[list[str], list[str], list[str]]:
        """(trunk ending on the fork, left branch, right branch), in `spaces` order."""
        pick = lambda head: [s for s in self.spaces if s[0] == head and s != "fk"]  # noqa: E731
        return pick("a") + ["fk"], pick("l"), pick("r")

    def steps_to_vc(self, space: str) -> int:
        return _distances(self.adjacency(), VC)[space]

    @model_validator(mode="after")
    def _shape(self):
        where = f"tile {self.id}"
        if twice := [s for s, n in Counter(self.spaces).items() if n > 1]:
            raise ValueError(f"{where}: space '{twice[0]}' listed twice")
        if bad := [s for s in self.spaces if not _SPACE.match(s)]:
            raise ValueError(f"{where}: space '{bad[0]}' is not named a<n>, fk, l<n>, r<n> or g<n>")
        if "fk" not in self.spaces:
            raise ValueError(f"{where}: no fork 'fk'")
        known, seen = {*self.spaces, VC}, set()
        for edge in self.edges:
            ends = edge.split("-")
            if len(ends) != 2 or not set(ends) <= known or ends[0] == ends[1]:
                raise ValueError(f"{where}: edge '{edge}' must join two different spaces of the tile (or {VC})")
            if frozenset(ends) in seen:
                raise ValueError(f"{where}: edge '{edge}' listed twice")
            seen.add(frozenset(ends))
        adj = self.adjacency()
        trunk, left, right = self.branches()
        if not left or not right:
            raise ValueError(f"{where}: the fork needs a left (l*) and a right (r*) branch")
        if list(self.path) != trunk + left + right:
            raise ValueError(f"{where}: path must be the trunk, then the left branch, then the right: "
                             f"{trunk + left + right}")
        for chain in (trunk, ["fk", *left, VC], ["fk", *right, VC]):
            for a, b in pairwise(chain):
                if b not in adj[a]:
                    raise ValueError(f"{where}: path step {a}-{b} is not an edge")
        if self.spawn != trunk[0]:
            raise ValueError(f"{where}: spawn must be the path's first space '{trunk[0]}'")
        if self.edge_left not in left or self.edge_right not in right:
            raise ValueError(f"{where}: edge_left must be on the left branch, edge_right on the right")
        for icon in ("shadow", "villager", "fire"):
            if bad := [s for s in getattr(self, icon) if s not in self.spaces]:
                raise ValueError(f"{where}: {icon} icon on no space '{bad[0]}'")
        for letter, entries in self.vp_spots.items():
            if not re.fullmatch(r"[A-Z]", letter) or not set(entries) <= set(self.spaces):
                raise ValueError(f"{where}: Vantage Point spot '{letter}' needs a capital letter and tile spaces")
        if unreached := set(self.spaces) - set(_distances(adj, VC)):
            raise ValueError(f"{where}: space '{sorted(unreached)[0]}' cannot reach the Village Center")
        return self


def _distances(adj: dict[str, set[str]], start: str) -> dict[str, int]:
    dist, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for there in adj[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                todo.append(there)
    return dist


# ---------------------------------------------------------------- the village, Vantage Points

class Spot(_Strict):
    name: str
    effects: NonEmpty[Effect]


class VantagePoint(_Strict):
    id: str = Field(min_length=1)
    name: str
    cost: NonEmpty[Colour]       # paid chip by chip, by any heroes; H pays any colour, X never
    reward: NonEmpty[Effect]     # once, to the payer of the last chip (plus rules.survival_per_vp)
    spot: Spot                   # the worker placement spot it opens
    source: Source


class VillageSpot(_Strict):
    id: str = Field(min_length=1)
    name: str
    effects: NonEmpty[Effect]
    text: str
    source: Source


# ---------------------------------------------------------------- scenarios.toml

class Scenario(_Strict):
    id: str = Field(min_length=1)
    name: str
    layout: dict[int, Compass]        # tile -> compass point
    vp: dict[str, str]                # "<tile><spot>" -> Vantage Point
    slots: dict[Slot, str]            # enemy in each slot
    length: Positive                  # Great Beast cards and Objective cards dealt
    survival_track: Positive | dict[int, Positive]   # one length, or one per player count
    fear_track: Positive
    villagers_in_vc: int = Field(ge=0)
    gb_remove: tuple[str, ...] = ()   # Great Beast cards left in the box
    start_level: dict[int, tuple[int, ...]]   # players -> level of slots I..V
    extra_goal: Goal | None = None
    text: str = ""
    source: Source


class PlayerCount(_Strict):
    source: Source
    spawn_mod: ByPlayers
    items_each: ByPlayers
    objective_tokens: ByPlayers


# ---------------------------------------------------------------- enemies, shadows

class EnemyLevel(_Strict):
    hp: Positive
    dmg: Positive        # dice rolled when it attacks (it moves one space an activation [AR-G-4]:
                         # speed comes from keywords, e.g. Aggressive's second activation)
    keywords: tuple[Keyword, ...] = ()


class Enemy(_Strict):
    id: str = Field(min_length=1)
    name: str
    type: Literal["horde", "monstrosity"]
    figures: Positive
    levels: NonEmpty[EnemyLevel]   # level 1, 2, 3
    text: str
    source: Source

    @model_validator(mode="after")
    def _grows(self):
        for n, (a, b) in enumerate(pairwise(self.levels), start=2):
            if not set(a.keywords) <= set(b.keywords):
                raise ValueError(f"enemy '{self.id}': level {n} drops a keyword (they accumulate)")
            if b.hp < a.hp:
                raise ValueError(f"enemy '{self.id}': level {n} has less HP than level {n - 1}")
        return self


class ShadowToken(_Strict):
    result: Literal[tuple(REVEAL_RESULTS)]  # type: ignore[valid-type]
    slot: Slot | None = None
    count: Positive
    source: Source

    @model_validator(mode="after")
    def _slot(self):
        if (self.result == "monster") != (self.slot is not None):
            raise ValueError(f"shadow '{self.result}': a monster token names its slot, others none")
        return self


# ---------------------------------------------------------------- heroes, ability board, classes

class Special(_Strict):
    name: str
    passives: NonEmpty[Passive]
    text: str


class Hero(_Strict):
    id: str = Field(min_length=1)
    name: str
    species: str
    levels: dict[Stat, Positive]
    start_chips: NonEmpty[Chip]    # besides the ability board's chips
    special: Special
    setup: tuple[SetupStep, ...] = ()
    source: Source

    @model_validator(mode="after")
    def _shape(self):
        if sorted(self.levels) != sorted(("INT", "STR", "SPD", "CMD")):
            raise ValueError(f"hero '{self.id}': levels need INT, STR, SPD and CMD")
        if "H" not in self.start_chips:
            raise ValueError(f"hero '{self.id}': the starting chips include a Hero (H) chip")
        return self


class AbilityBoard(_Strict):
    source: Source
    max_level: Positive
    chips_per_level: Positive
    upgrade_cost: dict[int, int]   # XP to raise an ability to that level
    lock_cost: int = Field(ge=0)   # XP on a lock opens that colour's advanced action
    attune_cost: int = Field(ge=0)
    hero_chip_at: Positive         # reaching this level adds 1 H chip from the supply
    start_sum: Positive            # starting levels add up to this
    bag_size: Positive             # chips in a starting bag

    @model_validator(mode="after")
    def _costs(self):
        if sorted(self.upgrade_cost) != list(range(2, self.max_level + 1)):
            raise ValueError(f"ability_board.upgrade_cost needs a cost for each level 2..{self.max_level}")
        return self


class Ability(_Strict):
    id: Stat
    name: str
    colour: Colour
    drives: str
    source: Source


Section = Literal["grey", "B", "R", "G", "Y"]


class Action(_Strict):
    id: str = Field(min_length=1)
    name: str
    section: Section
    locked: bool = False            # an advanced action: 1 XP on its colour's lock opens it
    mode: Literal["action", "unlock", "passive"] = "action"
    cost: tuple[CostChip, ...] = ()
    effects: Effects = ()
    passives: Passives = ()
    text: str = ""
    source: Source

    @model_validator(mode="after")
    def _shape(self):
        where = f"action '{self.id}'"
        if self.mode == "action":
            if not self.effects or self.passives:
                raise ValueError(f"{where}: an action has effects and no passives")
            if not self.cost and [e.kind for e in self.effects] != ["secure"]:
                raise ValueError(f"{where}: needs a cost (only Secure's cost is the Vantage Point's)")
        else:
            if self.cost or not self.locked:
                raise ValueError(f"{where}: {self.mode.upper()} actions are locked and cost no chips")
            if self.mode == "unlock" and (not self.effects or self.passives):
                raise ValueError(f"{where}: an UNLOCK action has effects (resolved once)")
            if self.mode == "passive" and (self.effects or not self.passives):
                raise ValueError(f"{where}: a PASSIVE action has passives only")
        want = "any" if self.section == "grey" else self.section
        if bad := [c for c in self.cost if c != want]:
            raise ValueError(f"{where}: section {self.section} is paid with '{want}' chips, not '{bad[0]}'")
        return self


class HeroClass(_Strict):
    id: str = Field(min_length=1)
    name: str
    colours: tuple[Colour, Colour]
    aberration_track: Positive
    complexity: Positive
    setup: tuple[SetupStep, ...] = ()
    actions: NonEmpty[Action]
    source: Source

    @model_validator(mode="after")
    def _board(self):
        where = f"class '{self.id}'"
        sections = Counter(a.section for a in self.actions)
        locked = [a for a in self.actions if a.locked]
        if self.colours[0] == self.colours[1]:
            raise ValueError(f"{where}: two different colours")
        if sections["grey"] != 1 or any(a.locked for a in self.actions if a.section == "grey"):
            raise ValueError(f"{where}: one unlocked class grey action")
        if sorted(a.section for a in locked) != sorted(("B", "R", "G", "Y")):
            raise ValueError(f"{where}: one locked action per colour (B, R, G, Y), one lock each")
        if Counter(a.mode for a in locked) != {"unlock": 1, "passive": 1, "action": 2}:
            raise ValueError(f"{where}: its four locked actions are one UNLOCK, one PASSIVE and two actions")
        if missing := [s for s in ("B", "R", "G", "Y") if sections[s] < 2]:
            raise ValueError(f"{where}: section {missing[0]} needs an unlocked action besides its locked one")
        return self


# ---------------------------------------------------------------- cards

class ItemAction(_Strict):
    cost: NonEmpty[CostChip]
    effects: NonEmpty[Effect]


class Item(_Strict):
    id: str = Field(min_length=1)
    name: str
    type: Literal["single", "attunable"]
    copies: Positive = 1
    exploit: Literal[tuple(EXPLOITS)]  # type: ignore[valid-type]
    effects: Effects = ()           # single use: resolved, then discarded
    action: ItemAction | None = None   # attuned: a new action
    passives: Passives = ()         # attuned: a standing ability
    text: str
    source: Source

    @model_validator(mode="after")
    def _type(self):
        if self.type == "single" and (not self.effects or self.action or self.passives):
            raise ValueError(f"item '{self.id}': a single-use item has effects only")
        if self.type == "attunable" and (self.effects or not (self.action or self.passives)):
            raise ValueError(f"item '{self.id}': an attunable item gives an action or passives, no effects")
        return self


class Objective(_Strict):
    id: str = Field(min_length=1)
    name: str
    kind: Literal["simple", "tokens"]   # tokens: met player_count.objective_tokens times
    requirement: Requirement
    survival: Positive
    reward: Effects = ()                # besides the Survival
    text: str
    source: Source


class AberrationCard(_Strict):
    id: str = Field(min_length=1)
    name: str
    fear: Positive
    trigger: Literal["passive", "on_x"]   # on_x: when you spend an X chip
    effects: Effects = ()
    passives: Passives = ()
    text: str
    source: Source

    @model_validator(mode="after")
    def _trigger(self):
        if (self.trigger == "on_x") != bool(self.effects) or (self.trigger == "passive") != bool(self.passives):
            raise ValueError(f"aberration '{self.id}': an on_x card has effects, a passive card passives")
        return self


class GreatBeastCard(_Strict):
    id: str = Field(min_length=1)
    name: str
    level_up: Slot
    event: NonEmpty[Event]
    spawn: Positive          # shadows, plus player_count.spawn_mod
    point: Compass           # P: spawning goes clockwise from here
    text: str
    source: Source


# ---------------------------------------------------------------- the whole set

class Content(_Strict):
    game: Game
    components: Components
    dice: Dice
    slots: Slots
    rules: Rules
    knobs: tuple[Knob, ...]
    board: BoardRule
    tiles: tuple[Tile, ...]
    vantage_points: tuple[VantagePoint, ...]
    spots: tuple[VillageSpot, ...]
    scenarios: tuple[Scenario, ...]
    player_count: PlayerCount
    enemies: tuple[Enemy, ...]
    shadows: tuple[ShadowToken, ...]
    heroes: tuple[Hero, ...]
    ability_board: AbilityBoard
    abilities: tuple[Ability, ...]
    general_actions: tuple[Action, ...]
    classes: tuple[HeroClass, ...]
    items: tuple[Item, ...]
    objectives: tuple[Objective, ...]
    aberrations: tuple[AberrationCard, ...]
    great_beast: tuple[GreatBeastCard, ...]

    def get(self, family: str, id_):
        return next(x for x in getattr(self, family) if x.id == id_)

    def graph(self, layout: dict[int, str]) -> dict[str, set[str]]:
        """The map of a layout: spaces are 'tile.local' and VC; each board's edge_left meets the edge_right
        of the board clockwise of it."""
        adj: dict[str, set[str]] = {VC: set()}
        at = {compass: tile for tile, compass in layout.items()}
        cw = self.board.clockwise
        for t in self.tiles:
            for a, near in t.adjacency().items():
                adj.setdefault(_gid(t.id, a), set()).update(_gid(t.id, b) for b in near)
        for t in self.tiles:
            nxt = self.get("tiles", at[cw[(cw.index(layout[t.id]) + 1) % 4]])
            a, b = f"{t.id}.{t.edge_left}", f"{nxt.id}.{nxt.edge_right}"
            adj[a].add(b)
            adj[b].add(a)
        return adj


def _gid(tile: int, space: str) -> str:
    return space if space == VC else f"{tile}.{space}"


# Which file holds which families; a player's extra files may only add the EXTRA ones.
FILES: dict[str, tuple[str, ...]] = {
    "settings.toml": ("game", "components", "dice", "slots", "rules", "knobs"),
    "map.toml": ("board", "tiles"),
    "vantage_points.toml": ("vantage_points",),
    "village.toml": ("spots",),
    "scenarios.toml": ("scenarios", "player_count"),
    "enemies.toml": ("enemies",),
    "shadows.toml": ("shadows",),
    "heroes.toml": ("heroes",),
    "abilities.toml": ("ability_board", "abilities"),
    "classes.toml": ("general_actions", "classes"),
    "items.toml": ("items",),
    "objectives.toml": ("objectives",),
    "aberrations.toml": ("aberrations",),
    "great_beast.toml": ("great_beast",),
}
EXTRA = ("scenarios", "heroes", "items", "objectives", "aberrations", "great_beast")
_FILE_MODELS = {name: create_model(name, __base__=_Strict, **{f: (Content.model_fields[f].annotation, ...)
                                                              for f in fields}) for name, fields in FILES.items()}
_EXTRA_MODEL = create_model("extra", __base__=_Strict, **{f: (Content.model_fields[f].annotation, ())
                                                          for f in EXTRA})

# ---------------------------------------------------------------- cross-checks

Fail = Callable[[str, object, str], None]   # (family, id or None, problem) -> raises


def _one(family: str) -> str:
    """A family's entry, for messages: 'heroes' -> 'hero'."""
    return {"heroes": "hero", "classes": "class", "great_beast": "Great Beast card", "aberrations": "aberration card",
            "general_actions": "action", "enemies": "enemy"}.get(family, family.removesuffix("s"))


def _unique(fail: Fail, family: str, ids: Iterable) -> None:
    if twice := [i for i, n in Counter(ids).items() if n > 1]:
        fail(family, None, f"duplicate {_one(family)} id '{twice[0]}'")


def _effects(c: Content) -> Iterator[tuple[str, object, Effect]]:
    """Every effect with the (family, id) it sits on, options included."""
    def walk(family, id_, effects):
        for e in effects:
            yield family, id_, e
            yield from walk(family, id_, e.options or ())
    for vp in c.vantage_points:
        yield from walk("vantage_points", vp.id, vp.reward + vp.spot.effects)
    for s in c.spots:
        yield from walk("spots", s.id, s.effects)
    for a in c.general_actions:
        yield from walk("general_actions", a.id, a.effects)
    for k in c.classes:
        for a in k.actions:
            yield from walk("classes", k.id, a.effects)
    for i in c.items:
        yield from walk("items", i.id, i.effects + (i.action.effects if i.action else ()))
    for o in c.objectives:
        yield from walk("objectives", o.id, o.reward)
    for x in c.aberrations:
        yield from walk("aberrations", x.id, x.effects)


def _passives(c: Content) -> Iterator[tuple[str, object, Passive]]:
    for h in c.heroes:
        yield from (("heroes", h.id, p) for p in h.special.passives)
    for k in c.classes:
        yield from (("classes", k.id, p) for a in k.actions for p in a.passives)
    for i in c.items:
        yield from (("items", i.id, p) for p in i.passives)
    for x in c.aberrations:
        yield from (("aberrations", x.id, p) for p in x.passives)


def _check_ids(c: Content, fail: Fail) -> None:
    for family in ("knobs", "tiles", "vantage_points", "spots", "scenarios", "enemies", "heroes", "abilities",
                   "classes", "items", "objectives", "aberrations", "great_beast"):
        _unique(fail, family, [x.id for x in getattr(c, family)])
    actions = [a.id for a in c.general_actions] + [a.id for k in c.classes for a in k.actions]
    _unique(fail, "general_actions", actions)   # one namespace, so cards can name an action
    if any(a.section != "grey" or a.locked for a in c.general_actions):
        fail("general_actions", None, "general actions are grey and never locked")
    p = c.player_count
    if not set(c.game.players) == set(p.spawn_mod) == set(p.items_each) == set(p.objective_tokens):
        fail("player_count", None, f"spawn_mod, items_each and objective_tokens need each player count "
                                   f"{list(c.game.players)}")


def _check_counts(c: Content, fail: Fail) -> None:
    """The package's own lists against the box (a player's extra files add on top)."""
    k = c.components
    for family, want in (("tiles", k.map_tiles), ("vantage_points", k.vantage_points), ("spots", k.village_spots),
                         ("enemies", k.enemies), ("heroes", k.heroes), ("classes", k.classes),
                         ("objectives", k.objectives), ("aberrations", k.aberrations),
                         ("great_beast", k.great_beast)):
        if (n := len(getattr(c, family))) != want:
            fail(family, None, f"{n} {family}, the box holds {want}")
    if (n := sum(i.copies for i in c.items)) != k.items:
        fail("items", None, f"{n} items (counting copies), the box holds {k.items}")
    if (n := sum(s.count for s in c.shadows)) != k.shadow_tokens:
        fail("shadows", None, f"{n} shadow tokens, the box holds {k.shadow_tokens}")
    if (n := sum(len(t.vp_spots) for t in c.tiles)) != k.vantage_points:
        fail("tiles", None, f"the tiles have {n} Vantage Point spots, the box holds {k.vantage_points} tokens")
    if len(c.tiles) != k.compass_tokens:
        fail("tiles", None, f"one compass spot (spawn) a tile: {len(c.tiles)} tiles, {k.compass_tokens} tokens")


def _check_parts(c: Content, fail: Fail) -> None:
    k, b = c.components, c.ability_board
    if sorted(a.id for a in c.abilities) != sorted(("INT", "STR", "SPD", "CMD")) \
            or sorted(a.colour for a in c.abilities) != sorted(("B", "R", "G", "Y")):
        fail("abilities", None, "one ability each for INT, STR, SPD, CMD, each with its own colour")
    if b.max_level * b.chips_per_level != k.chips_per_colour:
        fail("abilities", None, f"the board seeds {b.max_level * b.chips_per_level} chips a colour, "
                                f"the box has {k.chips_per_colour}")
    for h in c.heroes:
        if any(v > b.max_level for v in h.levels.values()) or sum(h.levels.values()) != b.start_sum:
            fail("heroes", h.id, f"levels must be at most {b.max_level} and add up to {b.start_sum}")
        if (n := sum(h.levels.values()) * b.chips_per_level + len(h.start_chips)) != b.bag_size:
            fail("heroes", h.id, f"a starting bag of {n} chips, not {b.bag_size}")
    for e in c.enemies:
        if len(e.levels) != c.slots.levels:
            fail("enemies", e.id, f"{len(e.levels)} levels, enemies have {c.slots.levels}")
        want = k.horde_figures if e.type == "horde" else k.monstrosity_figures
        if e.figures != want:
            fail("enemies", e.id, f"a {e.type} has {want} figure(s), not {e.figures}")
    if unused := set(KEYWORDS) - {w for e in c.enemies for lv in e.levels for w in lv.keywords}:
        fail("enemies", None, f"keyword '{sorted(unused)[0]}' is on no enemy")
    if missing := {"I", "II", "III", "IV", "V"} - {s.slot for s in c.shadows if s.slot}:
        fail("shadows", None, f"no monster token for slot {sorted(missing)[0]}")
    if Counter((s.result, s.slot) for s in c.shadows).most_common(1)[0][1] > 1:
        fail("shadows", None, "each token kind (and slot) is listed once")
    towers = sorted(e.board for s in c.spots for e in s.effects if e.kind == "villager_attack")
    if towers != ["E", "N", "S", "W"]:
        fail("spots", None, "one watchtower (villager_attack) for each board N, E, S, W")
    for family, id_, e in _effects(c):
        if e.board == "this" and family != "vantage_points":
            fail(family, id_, "board 'this' means a Vantage Point's board: only on Vantage Points")
    actions = {a.id for a in c.general_actions} | {a.id for x in c.classes for a in x.actions}
    for family, id_, p in _passives(c):
        if p.kind == "forbid_action" and p.action not in actions:
            fail(family, id_, f"forbid_action names no action '{p.action}'")


def _check_scenarios(c: Content, fail: Fail) -> None:
    tiles = {t.id: t for t in c.tiles}
    vps, enemies = {v.id for v in c.vantage_points}, {e.id: e for e in c.enemies}
    cards = {g.id for g in c.great_beast}
    bonus = sum(step.count for x in (*c.heroes, *c.classes) for step in x.setup if step.kind == "pool_villagers")
    for s in c.scenarios:
        def bad(problem: str) -> None:
            fail("scenarios", s.id, problem)
        if sorted(s.layout) != sorted(tiles) or sorted(s.layout.values()) != ["E", "N", "S", "W"]:
            bad(f"layout must put each tile {sorted(tiles)} on its own compass point")
        spots = {f"{t.id}{letter}" for t in c.tiles for letter in t.vp_spots}
        if set(s.vp) != spots:
            bad(f"vp must fill each Vantage Point spot {sorted(spots)}")
        if unknown := [v for v in s.vp.values() if v not in vps]:
            bad(f"no Vantage Point '{unknown[0]}'")
        if len(set(s.vp.values())) != len(s.vp):
            bad("a Vantage Point is placed twice")
        if sorted(s.slots) != sorted(("I", "II", "III", "IV", "V")):
            bad("slots needs an enemy in each of I-V")
        for slot, enemy in s.slots.items():
            if enemy not in enemies:
                bad(f"slot {slot}: no enemy '{enemy}'")
            want = "horde" if slot in c.slots.horde else "monstrosity"
            if enemies[enemy].type != want:
                bad(f"slot {slot} holds a {want}, '{enemy}' is a {enemies[enemy].type}")
        if unknown := [g for g in s.gb_remove if g not in cards]:
            bad(f"gb_remove: no Great Beast card '{unknown[0]}'")
        if s.length > len(cards - set(s.gb_remove)) or s.length > len(c.objectives):
            bad(f"length {s.length} needs that many Great Beast and Objective cards")
        if sorted(s.start_level) != sorted(c.game.players):
            bad(f"start_level needs each player count {list(c.game.players)}")
        if isinstance(s.survival_track, dict) and sorted(s.survival_track) != sorted(c.game.players):
            bad(f"survival_track by player count needs each player count {list(c.game.players)}")
        for n, levels in s.start_level.items():
            if len(levels) != 5 or not all(1 <= v <= c.slots.levels for v in levels):
                bad(f"start_level for {n} players: 5 levels of 1..{c.slots.levels}")
        placed = sum(len(t.villager) for t in c.tiles) + s.villagers_in_vc + bonus
        if placed > c.components.villagers:
            bad(f"{placed} villagers at set-up, the box holds {c.components.villagers}")
        if s.extra_goal and s.extra_goal.count > len(s.vp):
            bad(f"extra_goal needs {s.extra_goal.count} Vantage Points, the map has {len(s.vp)}")
        if problem := _map_problem(c, s.layout):   # the tiles' icons, in this scenario's layout
            fail("tiles", problem[0], f"in scenario '{s.id}': {problem[1]}")


def _map_problem(c: Content, layout: dict[int, str]) -> tuple[int | None, str] | None:
    """(tile, why) a layout's map is unplayable at set-up: cut off, or a start shadow revealed at once."""
    adj = c.graph(layout)
    if unreached := set(adj) - set(_distances(adj, VC)):
        return None, f"space {sorted(unreached)[0]} is cut off from the Village Center"
    icons = {kind: {f"{t.id}.{s}" for t in c.tiles for s in getattr(t, kind)} for kind in ("shadow", "villager",
                                                                                           "fire")}
    for shadow in sorted(icons["shadow"]):
        near = adj[shadow] | {shadow}
        if shadow in icons["fire"] or near & icons["villager"] or VC in near:
            return int(shadow.split(".")[0]), (f"the start shadow on {shadow} is revealed at once "
                                               "(by a Fire, a villager or the Village Center)")
    return None


def _check_knobs(c: Content, fail: Fail) -> None:
    for knob in c.knobs:
        for key in knob.keys:
            if not _resolves(c, key.split(".")):
                fail("knobs", knob.id, f"key '{key}' is not in the content")


def _resolves(node, parts: list[str]) -> bool:
    if not parts:
        return True
    head, rest = parts[0], parts[1:]
    if isinstance(node, tuple):
        hits = node if head == "*" else [x for x in node if str(getattr(x, "id", "")) == head]
        return bool(hits) and all(_resolves(x, rest) for x in hits)
    if isinstance(node, dict):
        return any(str(k) == head and _resolves(v, rest) for k, v in node.items())
    return isinstance(node, BaseModel) and head in type(node).model_fields and _resolves(getattr(node, head), rest)


# ---------------------------------------------------------------- loading

def load_content(paths: str | Path | Iterable[str | Path] | None = None, *, root: str | Path | None = None) -> Content:
    """The content of `root` (default: the package's content/), plus the scenarios, heroes and cards of a
    player's extra files. Only the default set is cached: other files are read again, so edits show up."""
    extras = [Path(paths)] if isinstance(paths, (str, Path)) else [Path(p) for p in paths or ()]
    if root is None and not extras:
        return _default()
    return _build(_read_root(Path(root or CONTENT_DIR)), extras)


@lru_cache(maxsize=1)
def _default() -> Content:
    return _build(_read_root(CONTENT_DIR), [])


def _read_root(root: Path) -> dict[str, tuple[Path, BaseModel]]:
    parts = {}
    for name, model in _FILE_MODELS.items():
        file = root / name
        parts[name] = (file, _validate(model, read_toml(file, "Aberration content"), file))
    return parts


def _validate(model: type[BaseModel], data: dict, file: Path) -> BaseModel:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{file}: {problems(exc)}") from None


def _build(parts: dict[str, tuple[Path, BaseModel]], extras: list[Path]) -> Content:
    fields: dict[str, object] = {}
    home: dict[str, Path] = {}                  # family -> the file that holds it
    origin: dict[tuple[str, object], Path] = {}  # (family, id) -> the file an entry came from
    for file, part in parts.values():
        for name in type(part).model_fields:
            fields[name], home[name] = getattr(part, name), file
            for x in fields[name] if isinstance(fields[name], tuple) else ():
                origin.setdefault((name, getattr(x, "id", None)), file)

    def fail(family: str, id_, problem: str) -> None:
        what = "" if id_ is None else f"{_one(family)} '{id_}': "
        raise ConfigError(f"{origin.get((family, id_), home[family])}: {what}{problem}")
    base = Content(**fields)
    _check_ids(base, fail)
    _check_counts(base, fail)
    for file in extras:
        data = read_toml(file, "Aberration extra content")
        if unknown := sorted(set(data) - set(EXTRA)):
            raise ConfigError(f"{file}: an extra file adds only {', '.join(EXTRA)}; not '{unknown[0]}'")
        added = _validate(_EXTRA_MODEL, data, file)
        for family in EXTRA:
            for x in getattr(added, family):
                if (family, x.id) in origin:
                    raise ConfigError(f"{file}: {_one(family)} id '{x.id}' clashes with the one "
                                      f"in {origin[(family, x.id)]}")
                origin[(family, x.id)] = file
            fields[family] = fields[family] + getattr(added, family)
    content = Content(**fields)
    _check_ids(content, fail)
    _check_parts(content, fail)
    _check_scenarios(content, fail)
    _check_knobs(content, fail)
    return content
