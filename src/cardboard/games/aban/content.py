"""Aban! components loaded from TOML and validated with pydantic (files only, never the hot path)."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cardboard.engine import ConfigError
from cardboard.engine.data import problems

DEFAULT_CONTENT = Path(__file__).with_name("content.toml")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Pattern(_Strict):
    name: str
    vp: int
    symmetry: Literal["fixed", "mirror", "all"]
    horizontal_variant: bool = False
    shape: str

    @field_validator("shape")
    @classmethod
    def _shape_is_drawing(cls, shape: str) -> str:
        rows = [row for row in shape.strip("\n").split("\n")]
        if not rows or any(set(row) - {"X", "."} for row in rows):
            raise ValueError("a shape is drawn with 'X' (a plant) and '.' (a skipped square) only")
        if sum(row.count("X") for row in rows) < 2:
            raise ValueError("a pattern needs at least two plants")
        return shape

    def cells(self) -> tuple[tuple[int, int], ...]:
        rows = self.shape.strip("\n").split("\n")
        return tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "X")


class Plant(_Strict):
    id: str
    name: str
    face: int = Field(ge=2, le=6)
    scoring: Literal["each", "isolated", "majority", "chain", "patterns"]
    text: str
    vp: int = 0
    rank_vp: tuple[int, ...] = ()
    adjacency: Literal["orthogonal", "vertical"] = "orthogonal"
    first_vp: int = 0
    further_vp: int = 0
    leftover_vp: int = 0
    patterns: tuple[Pattern, ...] = ()

    @model_validator(mode="after")
    def _fields_for_scoring(self) -> "Plant":
        if self.scoring == "patterns" and not self.patterns:
            raise ValueError(f"plant '{self.id}' scores by patterns but lists none")
        if self.scoring != "patterns" and self.patterns:
            raise ValueError(f"plant '{self.id}' lists patterns but scores by '{self.scoring}'")
        if self.scoring == "majority" and not self.rank_vp:
            raise ValueError(f"plant '{self.id}' scores by majority but has no rank_vp")
        return self


class SuperPlant(_Strict):
    id: Literal["colemo", "machonero", "don_maceta", "rabamimo"]
    name: str
    text: str


class TokenBoard(_Strict):
    name: str
    text: str


class ChayoteRow(_Strict):
    alone: tuple[int, ...]
    tied: tuple[int, ...]

    @model_validator(mode="after")
    def _same_length(self) -> "ChayoteRow":
        if len(self.alone) != len(self.tied):
            raise ValueError("chayote 'alone' and 'tied' need one entry per rank")
        return self


class Setup(_Strict):
    garden_rows: int = Field(ge=1, le=4)
    garden_cols: int = Field(ge=1, le=4)
    shovel_spaces: int = Field(ge=0)
    feed_boxes: int = Field(ge=0)
    fertilizer: int = Field(ge=0, le=3)
    tokens: dict[int, int]
    shovels: dict[int, int]
    first_game: dict[int, str]
    token_penalty: int
    radish_penalty: int


class Solo(_Strict):
    dice: int = Field(ge=1)
    dig_dice: int = Field(ge=1)
    track_length: int = Field(ge=1)
    dig_steps: tuple[int, ...]
    food_faces: tuple[int, ...]
    feed_vp: int
    bands: tuple[tuple[int, str], ...]


class Content(_Strict):
    setup: Setup
    chayote: dict[int, ChayoteRow]
    solo: Solo
    token_boards: dict[Literal["espino", "rocky"], TokenBoard]
    colemo_variants: dict[str, tuple[int, ...]]
    super_plants: tuple[SuperPlant, ...]
    plants: tuple[Plant, ...]

    @model_validator(mode="after")
    def _consistent(self) -> "Content":
        ids = [p.id for p in self.plants]
        if len(set(ids)) != len(ids):
            raise ValueError("plant ids must be unique")
        for face in range(2, 7):
            if not any(p.face == face for p in self.plants):
                raise ValueError(f"no plant board for die face {face}")
        for n in range(2, 6):
            for table, what in ((self.setup.tokens, "tokens"), (self.setup.shovels, "shovels"), (self.chayote, "chayote")):
                if n not in table:
                    raise ValueError(f"setup.{what} has no entry for {n} players")
        for face, pid in self.setup.first_game.items():
            if pid not in ids or self.plant(pid).face != face:
                raise ValueError(f"first_game names '{pid}' for face {face}, which is not a face-{face} plant")
        if self.setup.shovels and max(self.setup.shovels.values()) > self.setup.shovel_spaces:
            raise ValueError("more shovel tokens than shovel spaces on the sheet")
        return self

    def plant(self, plant_id: str) -> Plant:
        for p in self.plants:
            if p.id == plant_id:
                return p
        raise KeyError(plant_id)

    def super_plant(self, plant_id: str) -> SuperPlant:
        return next(p for p in self.super_plants if p.id == plant_id)

    def plants_of_face(self, face: int) -> list[Plant]:
        return [p for p in self.plants if p.face == face]


def parse_content(text: str, origin: str = "content") -> Content:
    try:
        return Content.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin}: not valid TOML: {exc}") from None
    except ValidationError as exc:
        raise ConfigError(f"{origin}: {problems(exc)}") from None


@lru_cache(maxsize=8)
def load_content(path: str | None = None) -> Content:
    file = Path(path) if path else DEFAULT_CONTENT
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read Aban! content file '{file}': {exc.strerror}") from None
    return parse_content(text, str(file))
