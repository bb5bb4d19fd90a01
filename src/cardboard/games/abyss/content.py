"""Abyss components loaded from TOML and validated with pydantic (files only, never the hot path).

The default set is content.toml next to this module; option `content` names a replacement
(the printed cards, or a designer's own Lords and Locations built from the same power kinds).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardboard.engine import ConfigError
from cardboard.engine.data import problems, read_toml

DEFAULT_CONTENT = Path(__file__).with_name("content.toml")

RACES: tuple[str, ...] = ("squid", "shellfish", "crab", "seahorse", "jellyfish")
RACE_INDEX = {race: i for i, race in enumerate(RACES)}
Guild = Literal["military", "merchant", "mage", "politician", "farmer", "ambassador"]
GUILDS: tuple[str, ...] = get_args(Guild)
Gain = Literal["pearl", "token", "key"]
Timing = Literal["once", "passive", "turn", "none"]

# What each power kind does lives in powers.py; the timing a kind works with is fixed here.
POWER_KINDS: dict[str, Timing] = {
    "none": "none",
    "gain_pearls": "once",            # gain `amount` pearls
    "opponents_lose_pearls": "once",  # each opponent returns `amount` pearls
    "opponents_discard": "once",      # each opponent discards `amount` Allies of their choice
    "disable_lord": "once",           # choose a free Lord of each opponent: power and keys lost
    "steal_token": "once",            # a random Monster token from an opponent you choose
    "extra_turn": "once",             # another turn after this one
    "take_council": "once",           # take `amount` Council stacks into hand
    "swap_location": "once",          # swap one of your Locations for a face-up one
    "second_recruit": "once",         # recruit another Court Lord for `amount` pearls
    "swap_with_court": "once",        # swap another free Lord of yours with a Court Lord
    "swap_with_deck": "once",         # replace another free Lord of yours by the Lord deck's top
    "control_location": "once",       # control a Location alone, drawing `amount`
    "opponents_cost": "passive",      # opponents' recruit costs + `amount`
    "own_cost": "passive",            # your recruit costs + `amount` (negative: cheaper)
    "opponents_hand_limit": "passive",  # opponents hold at most `amount` Allies
    "opponents_threat_down": "passive",  # opponents' Threat rewards one space lower
    "council_income": "passive",      # `amount` pearls per race you send to the Council
    "income": "passive",              # `amount` pearls now and at the start of your turns
    "military_immunity": "passive",   # opponents' Military powers do not touch you
    "request_stacks": "passive",      # Request Support takes `amount` stacks
    "choose_affiliate": "passive",    # choose which spent Ally is affiliated
    "any_races": "passive",           # recruit with any races, the count still exact
    "sell_ally": "turn",              # once a turn: discard an Ally for `amount` pearls
    "discard_council": "turn",        # once a turn: discard a Council stack
    "replace_court_lord": "turn",     # once a turn: replace a Court Lord from the deck
}
PowerKind = Literal[tuple(POWER_KINDS)]  # type: ignore[valid-type]

# What a Location's formula may count (per-player, at the end of the game).
COUNTS = ("guilds", "lords", "affiliated", "weakest_lord", "strongest_lord", "lords_with_keys",
          "lords_without_keys", "lowest_affiliated_sum") + tuple(f"guild:{g}" for g in GUILDS) \
    + tuple(f"affiliated:{r}" for r in RACES)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Setup(_Strict):
    court_size: int = Field(ge=3)
    track_size: int = Field(ge=1)
    start_pearls: int = Field(ge=0)
    pearls: int = Field(ge=1)
    keys: int = Field(ge=0)
    keys_to_control: int = Field(ge=1)
    lords_to_end: int = Field(ge=1)
    refill_at: int = Field(ge=0)
    refill_pearls: int = Field(ge=0)
    last_space_pearls: int = Field(ge=0)
    purchase_costs: tuple[int, ...] = Field(min_length=1)
    monster_tokens: tuple[int, ...]
    monsters: int = Field(ge=0)
    ally_values: tuple[int, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _sane(self):
        if self.refill_at >= self.court_size:
            raise ValueError(f"refill_at ({self.refill_at}) must be below court_size ({self.court_size})")
        if any(v < 1 for v in self.ally_values):
            raise ValueError("ally_values must all be at least 1")
        if any(c < 0 for c in self.purchase_costs) or any(v < 0 for v in self.monster_tokens):
            raise ValueError("purchase costs and monster token values cannot be negative")
        return self


class Threat(_Strict):
    spaces: tuple[tuple[tuple[Gain, ...], ...], ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _options(self):
        for i, options in enumerate(self.spaces):
            if not options or any(not gains for gains in options):
                raise ValueError(f"threat space {i + 1} needs at least one option with at least one gain")
        return self


class Race(_Strict):
    id: Literal[RACES]  # type: ignore[valid-type]
    colour: str


class Power(_Strict):
    kind: PowerKind
    amount: int = 0
    timing: Timing
    text: str

    @model_validator(mode="after")
    def _timing_fits(self):
        want = POWER_KINDS[self.kind]
        if self.timing != want:
            raise ValueError(f"a '{self.kind}' power works with timing '{want}', not '{self.timing}'")
        return self


NO_POWER = Power(kind="none", timing="none", text="No power.")


class Lord(_Strict):
    id: str = Field(min_length=1)
    name: str
    guild: Guild
    cost: int = Field(ge=0)
    races: int = Field(ge=1, le=5)
    influence: int
    keys: int = Field(ge=0)
    power: Power = NO_POWER
    source: str = "own design"


class Location(_Strict):
    id: str = Field(min_length=1)
    name: str
    base: int = 0
    per: int = 0
    count: str | None = None
    special: Literal["mirror", "smokers"] | None = None
    source: str = "own design"

    @model_validator(mode="after")
    def _formula(self):
        if self.special is None and self.count not in COUNTS:
            raise ValueError(f"count {self.count!r} is not one of: {', '.join(COUNTS)}")
        if self.special is not None and self.count is not None:
            raise ValueError("a special Location has no count")
        return self


class Content(_Strict):
    setup: Setup
    threat: Threat
    races: tuple[Race, ...]
    guilds: dict[Guild, str]
    lords: tuple[Lord, ...] = Field(min_length=1)
    locations: tuple[Location, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self):
        if tuple(r.id for r in self.races) != RACES:
            raise ValueError(f"races must be, in order: {', '.join(RACES)}")
        for guild in GUILDS:
            race = self.guilds.get(guild)
            if race is None or race not in RACES + ("all",):
                raise ValueError(f"guilds.{guild} must name its race (or 'all'), not {race!r}")
        for what, items in (("lord", self.lords), ("location", self.locations)):
            seen = set()
            for item in items:
                if item.id in seen:
                    raise ValueError(f"duplicate {what} id '{item.id}'")
                seen.add(item.id)
        for lord in self.lords:
            if self.guilds[lord.guild] == "all" and lord.races != len(RACES):
                raise ValueError(f"lord '{lord.id}': a guild of all races needs races = {len(RACES)}")
        return self


def parse_content(data: dict, origin: str = "content.toml") -> Content:
    try:
        return Content.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{origin}: {problems(exc)}") from None


@lru_cache(maxsize=8)
def load_content(path: str | None = None) -> Content:
    """The default content (or the file at `path`), validated."""
    file = Path(path) if path else DEFAULT_CONTENT
    return parse_content(read_toml(file, "Abyss content"), str(file))
