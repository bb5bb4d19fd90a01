"""Hideous Abomination components loaded from TOML and validated with pydantic (files only, never the hot path).

The default set is components.toml next to this module (the design page's proposal v1: 9 torsos,
190 body parts, 24 score cards). A user may load a replacement file (e.g. the printed components)
and append their own tiles (the box's 10 blank tiles) from a second file.
"""
from __future__ import annotations

import tomllib
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cardboard.engine import ConfigError
from cardboard.engine.data import problems, read_toml

DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")

MAX_PLAYERS = 5

TileType = Literal["head", "arm", "hand", "leg", "foot", "tail", "wing", "nexus", "crotch", "torso"]
Colour = Literal["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"]
TileColour = Literal["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "wild"]
Attribute = Literal["eyes", "teeth", "ears", "noses", "horns", "digits", "spikes", "tentacles"]
Measure = Literal[
    "done", "colours", "tiles", "attribute", "type", "types", "max_type",
    "open_loose_ends", "long_limb", "towering", "bolts",
]
DieFace = Literal["draw", "dig", "award", "steal", "go_mad"]

TILE_TYPES: tuple[str, ...] = get_args(TileType)
PART_TYPES: tuple[str, ...] = tuple(t for t in TILE_TYPES if t != "torso")
COLOURS: tuple[str, ...] = get_args(Colour)
ATTRIBUTES: tuple[str, ...] = get_args(Attribute)
MEASURES: tuple[str, ...] = get_args(Measure)

SIDES = "NESW"
SIDE_BITS = {"N": 1, "E": 2, "S": 4, "W": 8}


def rotate(mask: int, quarter_turns: int) -> int:
    """Turn a side mask clockwise by `quarter_turns` (N->E->S->W->N); negative turns go anticlockwise."""
    k = quarter_turns % 4
    return ((mask << k) | (mask >> (4 - k))) & 0b1111


def sides_of(mask: int) -> str:
    """The loose sides of a mask as a NESW-ordered string, e.g. 0b0101 -> "NS"."""
    return "".join(s for s in SIDES if mask & SIDE_BITS[s])


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Tile(_Strict):
    id: str = Field(min_length=1)
    type: TileType
    colour: TileColour
    texture: str
    sides: str
    attributes: dict[Attribute, Annotated[int, Field(ge=1)]] = {}

    @field_validator("sides")
    @classmethod
    def _sides_in_order(cls, sides: str) -> str:
        if not sides or any(ch not in SIDES for ch in sides) or sides != sides_of(_mask(sides)):
            raise ValueError(
                f"'{sides}' is not a set of loose sides: use at least one of the letters N, E, S, W, "
                "each once, in that order (cap 'N', straight 'NS', bend 'NE', tee 'NEW', cross 'NESW')"
            )
        return sides

    def __hash__(self) -> int:  # attributes is a dict; the id identifies a tile
        return hash(self.id)

    @property
    def side_mask(self) -> int:
        return _mask(self.sides)

    @property
    def loose_ends(self) -> int:
        return len(self.sides)

    @property
    def is_wild(self) -> bool:
        return self.colour == "wild"

    def count(self, attribute: str) -> int:
        return self.attributes.get(attribute, 0)  # type: ignore[call-overload]


def _mask(sides: str) -> int:
    return sum(SIDE_BITS.get(ch, 0) for ch in set(sides))


class Card(_Strict):
    id: str = Field(min_length=1)
    name: str
    kind: Literal["grand_prize", "award"]
    vp: int = Field(ge=0)
    measure: Measure
    param: str | tuple[str, ...] | None = None
    goal: Literal["most", "fewest"]
    text: str

    @model_validator(mode="after")
    def _param_fits_measure(self) -> "Card":
        p = self.param
        if self.measure == "attribute":
            if not isinstance(p, str) or p not in ATTRIBUTES:
                raise ValueError(f"card '{self.id}' measures an attribute: param must be one of {', '.join(ATTRIBUTES)}")
        elif self.measure == "type":
            if not isinstance(p, str) or p not in TILE_TYPES:
                raise ValueError(f"card '{self.id}' measures a type: param must be one of {', '.join(TILE_TYPES)}")
        elif self.measure == "types":
            if not isinstance(p, tuple) or not p or any(t not in TILE_TYPES for t in p):
                raise ValueError(f"card '{self.id}' measures types: param must be a list of {', '.join(TILE_TYPES)}")
        elif p is not None:
            raise ValueError(f"card '{self.id}' measures '{self.measure}', which takes no param")
        return self


class Family(_Strict):
    name: str
    textures: tuple[str, str]
    signature: Attribute


class Setup(_Strict):
    hand_size: int = Field(ge=1)
    buffet_piles: int = Field(ge=1)
    bolts: int = Field(ge=0)
    bolts_per_steal: int = Field(ge=0)
    draws: int = Field(ge=1)
    dig_takes: int = Field(ge=1)


class Die(_Strict):
    faces: tuple[DieFace, ...] = Field(min_length=1)


class Components(_Strict):
    setup: Setup
    die: Die
    families: dict[Colour, Family]
    cards: tuple[Card, ...]
    tiles: tuple[Tile, ...]

    @field_validator("tiles")
    @classmethod
    def _tiles_ok(cls, tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
        seen: set[str] = set()
        for tile in tiles:
            if tile.id in seen:
                raise ValueError(f"duplicate tile id '{tile.id}'")
            seen.add(tile.id)
        torsos = sum(1 for t in tiles if t.type == "torso")
        if torsos < MAX_PLAYERS:
            raise ValueError(f"{torsos} torso tiles, but {MAX_PLAYERS} players need one each")
        if torsos == len(tiles):
            raise ValueError("no body parts (tiles whose type is not 'torso')")
        return tiles

    @field_validator("cards")
    @classmethod
    def _cards_ok(cls, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        seen: set[str] = set()
        for card in cards:
            if card.id in seen:
                raise ValueError(f"duplicate card id '{card.id}'")
            seen.add(card.id)
        return cards

    @model_validator(mode="after")
    def _colours_have_families(self) -> "Components":
        for i, tile in enumerate(self.tiles):
            if tile.colour != "wild" and tile.colour not in self.families:
                raise ValueError(f"tiles.{i}.colour: no [families] entry for colour '{tile.colour}' (tile '{tile.id}')")
        return self

    @cached_property
    def parts(self) -> tuple[Tile, ...]:
        """The body parts (non-torso tiles) in file order: the deck before shuffling."""
        return tuple(t for t in self.tiles if t.type != "torso")

    @cached_property
    def torsos(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.type == "torso")

    @cached_property
    def awards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.kind == "award")

    @cached_property
    def grand_prizes(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.kind == "grand_prize")

    @cached_property
    def _tiles_by_id(self) -> dict[str, Tile]:
        return {t.id: t for t in self.tiles}

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def tile(self, tile_id: str) -> Tile:
        return self._tiles_by_id[tile_id]


class _ExtraTiles(_Strict):
    tiles: tuple[Tile, ...] = ()


def parse_components(text: str, origin: str = "components.toml") -> Components:
    """Validate a components file's text; `origin` names it in error messages."""
    try:
        return Components.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin}: not valid TOML: {exc}") from None
    except ValidationError as exc:
        raise ConfigError(f"{origin}: {problems(exc)}") from None


@lru_cache(maxsize=8)
def load_components(path: str | None = None, extra_tiles: str | None = None) -> Components:
    """The default components (or the file at `path`), with the [[tiles]] of `extra_tiles` appended to the deck."""
    file = Path(path) if path else DEFAULT_COMPONENTS
    data = read_toml(file, "Hideous Abomination components")
    try:
        base = Components.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{file}: {problems(exc)}") from None
    if not extra_tiles:
        return base
    extra_file = Path(extra_tiles)
    try:
        extra = _ExtraTiles.model_validate(read_toml(extra_file, "Hideous Abomination extra tiles"))
    except ValidationError as exc:
        raise ConfigError(f"{extra_file}: {problems(exc)}") from None
    known = {t.id for t in base.tiles}
    for i, tile in enumerate(extra.tiles):
        if tile.id in known:
            raise ConfigError(f"{extra_file}: tiles.{i}.id: duplicate tile id '{tile.id}' (already in {file.name})")
        known.add(tile.id)
    try:
        return Components(
            setup=base.setup, die=base.die, families=base.families, cards=base.cards,
            tiles=base.tiles + extra.tiles,
        )
    except ValidationError as exc:
        raise ConfigError(f"{extra_file}: {problems(exc)}") from None
