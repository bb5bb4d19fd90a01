"""A campaign: one TOML file naming a game, its player counts, a grid of options, content
variants, the agents per seat, games per cell and a master seed.

Every game of a campaign is a *cell* (player count x grid combination x variant) and an index k.
Its seed is derived from the master seed, the player count, the grid combination and k, but not
from the variant: the variants of one campaign are played on the same deals (paired), unless a
variant says `paired = false`. The seating of game k is the k-th of the rotation of the agents
(every agent in every seat in turn), so seating is paired too.
"""
from __future__ import annotations

import fnmatch
import hashlib
import itertools
import json
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cardboard.engine import ConfigError, derive_seed
from cardboard.engine.data import problems

BASE = "base"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ContentPatch(_Strict):
    """A copy of a content file with some values changed or some components left out.

    Paths are dotted: a table's key, a list's index, or in a list of tables the `id` of an
    item: `lords.jailer.cost` is the `cost` of the item of `lords` whose id is "jailer"."""

    option: str = "content"        # the game option that takes the content file's path
    file: str = "content.toml"     # the file copied: in the game's folder, or a path
    set: dict[str, Any] = {}
    remove: list[str] = []
    mode: Literal["replace", "append"] = "replace"  # append: the option is a list of extra files


class Focus(_Strict):
    """Whose result a variant is judged by: a seat, or the seat(s) holding a feature (> 0)."""

    seat: int | None = None
    feature: str | None = None

    @model_validator(mode="after")
    def _one(self):
        if (self.seat is None) == (self.feature is None):
            raise ValueError("focus names exactly one of seat or feature")
        return self


class Variant(_Strict):
    name: str = Field(min_length=1)
    label: str = ""                # how the report names it ("Jailer at cost 8 instead of 6")
    options: dict[str, Any] = {}
    content: ContentPatch | None = None
    paired: bool = True
    focus: Focus | None = None

    @field_validator("name")
    @classmethod
    def _not_base(cls, name: str) -> str:
        if name == BASE:
            raise ValueError(f"'{BASE}' is the campaign's own set-up; name the variant otherwise")
        return name


class ReportSpec(_Strict):
    outcome: Literal["win", "score"] = "win"   # what feature effects and variants are judged on
    effects: list[str] = ["*"]                 # feature name patterns whose effect is estimated
    rank: list[str] = []                       # feature name patterns ranked by their mean
    rank_label: str = "mean per seat"
    cause: str = "cause"                       # a co-op game's feature naming how a game was lost
    max_rows: int = Field(default=40, ge=5)    # lines of a forest plot


class Campaign(_Strict):
    name: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    title: str = ""
    question: str = ""
    game: str = Field(min_length=1)            # a game id, or "package.module:GameClass"
    players: list[int] = Field(min_length=1)
    games: int = Field(ge=1)                   # per cell
    seed: int = 0
    agents: list[str] = Field(min_length=1)
    seating: Literal["rotate", "fixed"] = "rotate"
    cpu_time: bool = False
    max_moves: int = Field(default=100_000, ge=1)
    options: dict[str, Any] = {}
    grid: dict[str, list[Any]] = {}
    variants: list[Variant] = []
    report: ReportSpec = ReportSpec()

    @model_validator(mode="after")
    def _check(self):
        names = [v.name for v in self.variants]
        if len(set(names)) != len(names):
            raise ValueError("two variants have the same name")
        for key, values in self.grid.items():
            if not values:
                raise ValueError(f"grid '{key}' lists no values")
            if key in self.options:
                raise ValueError(f"'{key}' is both a fixed option and a grid axis")
        return self

    # ------------------------------------------------------------------ structure
    def game_class(self):
        return resolve_game(self.game)

    def variant(self, name: str) -> Variant | None:
        return next((v for v in self.variants if v.name == name), None)

    def grid_points(self) -> list[dict]:
        keys = list(self.grid)
        return [dict(zip(keys, combo)) for combo in itertools.product(*(self.grid[k] for k in keys))]

    def cells(self) -> list["Cell"]:
        out = []
        for players in self.players:
            for point in self.grid_points():
                for variant in [BASE] + [v.name for v in self.variants]:
                    out.append(Cell(players, point, variant))
        return out

    def fingerprint(self) -> str:
        """What makes two runs the same campaign: everything but the number of games (more
        games continue a store) and the report's settings."""
        doc = self.model_dump(mode="json", exclude={"games", "report", "title", "question"})
        return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]

    def check_players(self) -> None:
        cls = self.game_class()
        for n in self.players:
            if not cls.min_players <= n <= cls.max_players:
                raise ConfigError(f"{cls.name} is for {cls.min_players} to {cls.max_players} players, not {n}")


class Cell:
    """One player count, one grid combination, one variant."""

    __slots__ = ("players", "point", "variant", "key", "deal")

    def __init__(self, players: int, point: dict, variant: str):
        self.players = players
        self.point = point
        self.variant = variant
        axes = " ".join(f"{k}={_word(v)}" for k, v in point.items())
        self.deal = f"players={players}" + (f" {axes}" if axes else "")
        self.key = f"{self.deal} | {variant}"

    def __repr__(self):
        return f"Cell({self.key!r})"


def _word(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


# ---------------------------------------------------------------------- one game's set-up
def game_seed(campaign: Campaign, cell: Cell, k: int) -> int:
    variant = campaign.variant(cell.variant)
    salt = () if variant is None or variant.paired else ("variant", variant.name)
    return derive_seed(campaign.seed, "lab", cell.deal, k, *salt)


def seating(campaign: Campaign, players: int, k: int) -> list[str]:
    """Game k's agent in each seat: rotated through every ordered seating of the agents (the
    arena's), or with `seating = "fixed"` the list as given, cycled."""
    if campaign.seating == "fixed" or len(set(campaign.agents)) == 1:
        return [campaign.agents[s % len(campaign.agents)] for s in range(players)]
    from cardboard.agents.arena import lineups

    tables = lineups(list(dict.fromkeys(campaign.agents)), players)
    return list(tables[k % len(tables)])


def cell_options(campaign: Campaign, cell: Cell) -> dict:
    """The options of a cell's games, content variants not yet applied."""
    options = {**campaign.options, **cell.point}
    variant = campaign.variant(cell.variant)
    if variant is not None:
        options.update(variant.options)
    return options


# ---------------------------------------------------------------------- loading
def resolve_game(ref: str):
    """A registered game's class by id, or a class by import path ("pkg.module:Class"), for a
    game not (yet) installed as a plugin."""
    from cardboard.engine import Game, game_class

    if ":" not in ref:
        return game_class(ref)
    import importlib

    module, _, name = ref.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"cannot import the game '{ref}': {exc}") from None
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise ConfigError(f"'{ref}' is not a cardboard Game class")
    return cls


def _resolve_paths(value, root: Path):
    """Option values written "./x" or "../x" are files beside the campaign file."""
    if isinstance(value, str) and value.startswith(("./", "../")):
        return str((root / value).resolve())
    if isinstance(value, list):
        return [_resolve_paths(v, root) for v in value]
    if isinstance(value, dict):
        return {k: _resolve_paths(v, root) for k, v in value.items()}
    return value


def parse_campaign(doc: dict, root: Path | None = None, where: str = "campaign") -> Campaign:
    if root is not None:
        doc = dict(doc)
        for key in ("options", "grid"):
            if key in doc:
                doc[key] = _resolve_paths(doc[key], root)
        if "variants" in doc:
            doc["variants"] = [{**v, "options": _resolve_paths(v.get("options", {}), root),
                                **({"content": {**v["content"], "file": _resolve_paths(v["content"].get("file", "content.toml"), root)}}
                                   if isinstance(v.get("content"), dict) else {})}
                               for v in doc["variants"]]
    try:
        campaign = Campaign.model_validate(doc)
    except ValidationError as exc:
        raise ConfigError(f"{where}: {problems(exc)}") from None
    campaign.check_players()
    return campaign


def load_campaign(path: str | Path) -> Campaign:
    path = Path(path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read the campaign '{path}': {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    return parse_campaign(doc, path.resolve().parent, str(path))


def matches(name: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)
