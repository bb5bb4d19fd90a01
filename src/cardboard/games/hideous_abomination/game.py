"""Hideous Abomination set-up: options and the read-only config shared by all states."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cardboard.engine import ActionCache, ConfigError, Game
from cardboard.engine.data import validate_options

from .content import Components, load_components, rotate


class HAOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variant: Literal["standard", "ages_6_7", "ages_4_5"] = "standard"  # [HA-V-1] [HA-V-2]
    components: str | None = None  # a TOML file replacing components.toml
    extra_tiles: str | None = None  # a TOML file of user-designed tiles added to the deck
    first_player: int = 0  # [HA-S-7] "the most hideous day"
    max_turns: int = Field(default=1000, ge=1)  # [HA-D-16] safety stop


class HAConfig:
    """Tiles as parallel tuples indexed by tile number: parts first, then torsos."""

    __slots__ = ("players", "variant", "comps", "tiles", "n_parts", "masks", "shapes", "colour",
                 "wild", "type", "attrs", "torso", "faces", "hand_size", "piles", "bolts",
                 "bolts_per_steal", "draws", "dig_takes", "first_player", "max_turns",
                 "award_ids", "cards", "index")


_TABLES: dict[int, tuple] = {}


def tile_tables(comps: Components) -> tuple:
    """Per-tile lookups, built once per component set (load_components caches the sets)."""
    hit = _TABLES.get(id(comps))
    if hit is not None and hit[0] is comps:
        return hit[1]
    tables = _tile_tables(comps)
    _TABLES[id(comps)] = (comps, tables)
    return tables


def _tile_tables(comps: Components) -> tuple:
    tiles = tuple(comps.parts) + tuple(comps.torsos)
    masks = tuple(tuple(rotate(t.side_mask, r) for r in range(4)) for t in tiles)
    shapes = tuple(tuple((r, m) for r, m in enumerate(ms) if m not in ms[:r]) for ms in masks)  # distinct turns
    return (tiles, len(comps.parts), {t.id: i for i, t in enumerate(tiles)}, masks, shapes,
            tuple(t.colour for t in tiles), tuple(t.colour == "wild" for t in tiles),
            tuple(t.type for t in tiles), tuple(dict(t.attributes) for t in tiles),
            tuple(t.type == "torso" for t in tiles))


class HideousAbominationGame(Game):
    id = "hideous-abomination"
    name = "Hideous Abomination"
    min_players = 2
    max_players = 5
    summary = "Tile laying: stitch body parts onto your monster (or a rival's), chase one colour and the judges' awards."
    playing_time = "about 25 min"  # reviews (facts/hideous-abomination.md)
    setups = (
        (2, {}),
        (3, {"first_player": 2}),
        (5, {}),
        (2, {"variant": "ages_6_7"}),
        (3, {"variant": "ages_4_5"}),
    )
    search_hints = {"score_scale": 15.0, "rollout_depth": 80, "search": {"tree": False}}
    options_model = HAOptions

    def _configure(self, options: dict) -> None:
        opts = validate_options(HAOptions, options, "Hideous Abomination")
        comps: Components = load_components(opts.components, opts.extra_tiles)
        n = self.players
        if not 0 <= opts.first_player < n:
            raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {opts.first_player}")
        if len(comps.torsos) < n:
            raise ConfigError(f"the components have {len(comps.torsos)} torsos: not enough for {n} players")
        cfg = HAConfig()
        cfg.players = n
        cfg.variant = opts.variant
        cfg.comps = comps
        (cfg.tiles, cfg.n_parts, cfg.index, cfg.masks, cfg.shapes, cfg.colour, cfg.wild, cfg.type,
         cfg.attrs, cfg.torso) = tile_tables(comps)
        cfg.faces = tuple(comps.die.faces)
        setup = comps.setup
        cfg.hand_size = setup.hand_size
        cfg.piles = setup.buffet_piles
        cfg.bolts = setup.bolts
        cfg.bolts_per_steal = setup.bolts_per_steal
        cfg.draws = setup.draws
        cfg.dig_takes = setup.dig_takes
        cfg.first_player = opts.first_player
        cfg.max_turns = opts.max_turns
        cfg.award_ids = tuple(c.id for c in comps.awards)
        cfg.cards = {c.id: c for c in list(comps.grand_prizes) + list(comps.awards)}
        self.cfg = cfg
        from .rules import HAAction, MoveTables  # rules builds on this module

        self.moves = ActionCache(HAAction, cfg)  # on the game, not in cfg: see ActionCache
        self.tables = MoveTables(self.moves, cfg)
        self.options = opts

    def _initial_state(self):
        from .rules import HAState

        return HAState.initial(self)
