"""Aban! set-up: options, the boards in play, and the shared read-only config."""
from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from cardboard.engine import ConfigError, Game, Rng, derive_seed
from cardboard.engine.data import validate_options

from .content import Content, load_content
from .scoring import garden_scorer

SUPER_PLANTS = ("colemo", "machonero", "don_maceta", "rabamimo")


class AbanOptions(BaseModel):
    """Options a table can set. Every one is documented in RULES.md."""

    model_config = ConfigDict(extra="forbid")

    content: str | None = None  # path to a TOML file replacing content.toml
    first_game: bool = False  # the rulebook's first-game boards [AB-S-2]
    boards: dict[int, str] = {}  # die face -> plant id; unnamed faces are drawn at random [AB-S-1]
    token_side: Literal["espino", "rocky"] = "espino"  # [AB-S-7]
    expansion: bool = False  # Super Powerful Plants [AB-X-1]
    super_plants: tuple[str, ...] | None = None  # the two boards, or None for two at random
    colemo_variant: Literal["plus_minus_one", "plus_one_two", "minus_one_two"] = "plus_minus_one"
    horizontal_lines: bool = False  # [AB-D-3]
    first_player: int = 0  # [AB-S-8]
    rocky_grants_placer: bool = False  # [AB-D-5] the other reading of "grant 2 VP to your opponent"

    @field_validator("super_plants")
    @classmethod
    def _two_known(cls, value):
        if value is None:
            return value
        unknown = [v for v in value if v not in SUPER_PLANTS]
        if unknown:
            raise ValueError(f"unknown super plant(s) {unknown}; choose from {list(SUPER_PLANTS)}")
        if len(value) != 2 or len(set(value)) != 2:
            raise ValueError("name exactly two different super plants")
        return tuple(value)


class AbanConfig:
    """Everything fixed for the whole game, shared by all its states."""

    __slots__ = ("players", "solo", "content", "boards", "plant_names", "token_side", "supers",
                 "colemo_deltas", "colemo_variant", "horizontal_lines", "first_player", "scorer",
                 "tokens", "shovels", "fertilizer", "dice_count", "food_faces", "rocky_grants_placer",
                 "plant_rows", "radish_rows", "pot_rows", "shovel_rows", "token_rows")


class AbanGame(Game):
    id = "aban"
    name = "Aban!"
    min_players = 1
    max_players = 5
    summary = "Roll and draw: take dice, draw plants in your garden of 16 pots and complete the patterns the plant boards score."
    playing_time = "20-30 min"  # an estimate (about 16 rounds of one die each): no source states a time
    setups = (
        (1, {}),
        (2, {}),
        (2, {"token_side": "rocky"}),
        (3, {"expansion": True}),
        (4, {"token_side": "rocky", "expansion": True, "super_plants": ["colemo", "machonero"],
             "rocky_grants_placer": True}),
        (5, {"expansion": True, "super_plants": ["don_maceta", "rabamimo"], "colemo_variant": "minus_one_two"}),
    )
    # solo_score_scale: a solo score of 100 is a search's reward 1. At 40 (the margin scale) the
    # reward was capped within reach: 60 of 200 solo games of `hard` scored more (benchmarks/README.md)
    search_hints = {"score_scale": 40.0, "rollout_depth": 400, "solo_score_scale": 100.0}
    options_model = AbanOptions

    def _configure(self, options: dict) -> None:
        opts = validate_options(AbanOptions, options, "Aban!")
        content = load_content(opts.content)
        n = self.players
        solo = n == 1
        if not 0 <= opts.first_player < n:
            raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {opts.first_player}")
        if opts.super_plants is not None and not opts.expansion:
            raise ConfigError("super_plants names expansion boards: set expansion to true as well")
        if opts.first_game and opts.boards:
            raise ConfigError("first_game and boards both choose the boards: give one of them")
        if solo and opts.token_side != "espino":
            raise ConfigError("the solo mode uses no Espino/Rocky board, so token_side does not apply")
        if opts.rocky_grants_placer and opts.token_side != "rocky":
            raise ConfigError("rocky_grants_placer scores Rockys: set token_side to 'rocky' as well")
        setup_rng = Rng(derive_seed(self.seed, "aban-setup"))

        boards: dict[int, str] = {}
        chosen = dict(content.setup.first_game) if opts.first_game else dict(opts.boards)
        groups = _plants_by_face(opts.content)
        for face, pid in chosen.items():
            if face not in range(2, 7):
                raise ConfigError(f"boards: face {face} has no plant board (faces 2 to 6; face 1 is the token board)")
            if pid not in groups[face]:
                raise ConfigError(f"boards: '{pid}' is not a face-{face} plant; face {face} has {list(groups[face])}")
        for face in range(2, 7):
            boards[face] = chosen.get(face) or setup_rng.choice(groups[face])

        supers: tuple[str, ...] = ()
        if opts.expansion:
            supers = opts.super_plants or tuple(sorted(setup_rng.sample(SUPER_PLANTS, 2)))

        if solo and content.setup.garden_rows * content.setup.garden_cols != 5 * content.solo.dig_dice + 1:
            raise ConfigError("content: the solo mode numbers the squares by the dig dice's sum, "
                              "so the sheet needs 5 x dig_dice + 1 squares")

        cfg = AbanConfig()
        cfg.players = n
        cfg.solo = solo
        cfg.content = content
        cfg.boards = boards
        cfg.plant_names = {f: content.plant(pid).name for f, pid in boards.items()}
        cfg.token_side = opts.token_side
        cfg.supers = frozenset(supers)
        cfg.colemo_variant = opts.colemo_variant
        deltas = content.colemo_variants.get(opts.colemo_variant)
        if deltas is None:
            raise ConfigError(f"content has no Colemo variant '{opts.colemo_variant}'")
        cfg.colemo_deltas = tuple(sorted(deltas))
        cfg.horizontal_lines = opts.horizontal_lines
        cfg.first_player = opts.first_player
        cfg.rocky_grants_placer = opts.rocky_grants_placer
        cfg.scorer = garden_scorer(opts.content, tuple(sorted(boards.items())), opts.horizontal_lines)
        cfg.tokens = 0 if solo else content.setup.tokens[n]
        cfg.shovels = 0 if solo else content.setup.shovels[n]
        cfg.fertilizer = content.setup.fertilizer
        cfg.dice_count = content.solo.dice if solo else n + 1
        cfg.food_faces = tuple(content.solo.food_faces) if solo else (1, 2, 3, 4, 5, 6)
        from .rules import attach_rows

        attach_rows(cfg)  # the square moves, shared by every game (rules.py)
        self.cfg = cfg
        self.options = opts

    def _initial_state(self):
        from .rules import AbanState

        return AbanState.initial(self)


@lru_cache(maxsize=8)
def _plants_by_face(content_path: str | None) -> dict[int, tuple[str, ...]]:
    """Each die face's plant ids, in the content's order (read once per content file: every game's
    set-up draws its boards from them)."""
    content = load_content(content_path)
    return {face: tuple(p.id for p in content.plants_of_face(face)) for face in range(2, 7)}
