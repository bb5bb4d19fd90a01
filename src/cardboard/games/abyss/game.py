"""Abyss set-up: options and the read-only config shared by every state of one game."""
from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from cardboard.engine import ActionCache, ConfigError, Game
from cardboard.engine.data import validate_options

from .content import RACES, Content, load_content
from .phases import ALLY, MONSTER, OFFER


class AbyssOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    content: str | None = None  # a TOML file replacing content.toml (e.g. the printed cards)
    first_player: int | None = None  # [AY-S-6] random unless given
    # [AY-D-11] the Ambassadors' keys for the Towers: "three" (the rulebook: they "have 3 Keys",
    # so Lords with keys for the Closed Tower) or "none" (the online edition's cards: no key, so
    # Lords without keys for the Lost Tower); either way an Ambassador controls a Location alone
    ambassador_keys: Literal["three", "none"] = "three"


class AbyssConfig:
    """Components as parallel tuples. Exploration cards: Allies 0..A-1 (race-major, values in
    the content's order), then the Monsters. Lords and Locations by their index in the content."""

    __slots__ = ("players", "content", "setup", "n_allies", "n_cards", "card_race", "card_value",
                 "lords", "lord_index", "guild", "req_race", "cost", "n_races", "ip", "lkeys",
                 "printed_keys", "tower_keyed",
                 "pkind", "pamount", "locations", "loc_index", "token_values", "threat",
                 "first_player", "powers_cache", "guild_ids", "others", "by_race_cache",
                 "values_descending")


class AbyssGame(Game):
    id = "abyss"
    name = "Abyss"
    min_players = 2
    max_players = 4
    summary = "Gather allies of the deep, spend them to recruit Lords and take control of Locations to become king of the Abyss."
    playing_time = "30-60 min"  # the box
    setups = ((2, {}), (3, {"first_player": 2}), (4, {}))
    # the searching agent: flat Monte Carlo over the heuristic's 4 best moves (no tree below them),
    # heuristic rollouts cut after 10 moves and judged by the heuristic's evaluate() (benchmarks/README.md)
    search_hints = {"score_scale": 20.0, "rollout_depth": 400,
                    "search": {"max_depth": 10, "width": 4, "confidence": 1.0, "tree": False}}
    options_model = AbyssOptions

    def _configure(self, options: dict) -> None:
        opts = validate_options(AbyssOptions, options, "Abyss")
        content: Content = load_content(opts.content)
        n = self.players
        if opts.first_player is not None and not 0 <= opts.first_player < n:
            raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {opts.first_player}")
        setup = content.setup
        if len(content.lords) < setup.court_size:
            raise ConfigError(f"the content has {len(content.lords)} Lords: fewer than the Court's {setup.court_size}")
        cfg = AbyssConfig()
        for name, value in _tables(opts.content, opts.ambassador_keys).items():
            setattr(cfg, name, value)
        cfg.players = n
        cfg.first_player = opts.first_player
        cfg.others = tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n))
        self.cfg = cfg
        from .rules import AbyssAction  # rules builds on this module

        self.moves = ActionCache(AbyssAction, cfg)  # on the game, not in cfg: see ActionCache
        # the moves every turn offers, made once: a rollout lists them at nearly every move
        self.plot_move = self.moves["plot", ()]
        self.explore_move = self.moves["explore", ()]
        self.request_one = tuple(self.moves["request", (("races", (race,)),)] for race in RACES)
        move = self.moves.__getitem__
        self.pairs = {OFFER: (move(("buy", ())), move(("decline", ()))),  # an exploration's two-way choices
                      ALLY: (move(("take", ())), move(("explore_on", ()))),
                      MONSTER: (move(("fight", ())), move(("explore_on", ())))}
        self.options = opts

    def _initial_state(self):
        from .rules import AbyssState

        return AbyssState.initial(self)


@lru_cache(maxsize=8)
def _tables(content_path: str | None, ambassador_keys: str) -> dict:
    """The config's parts read off the content (the same for every game of one content file and
    option: a bulk run sets up thousands of games), with the caches keyed by them."""
    content: Content = load_content(content_path)
    setup = content.setup
    values = setup.ally_values
    t: dict = {"content": content, "setup": setup}
    t["n_allies"] = len(RACES) * len(values)
    t["n_cards"] = t["n_allies"] + setup.monsters
    t["card_race"] = tuple(r for r in range(len(RACES)) for _ in values) + (-1,) * setup.monsters
    t["card_value"] = tuple(v for _ in RACES for v in values) + (0,) * setup.monsters
    # Ally ids run race by race in the content's order of values: a sorted hand lists each
    # race's values highest first when the content does (the printed cards do)
    t["values_descending"] = list(values) == sorted(values, reverse=True)
    lords = t["lords"] = content.lords
    t["lord_index"] = {lord.id: i for i, lord in enumerate(lords)}
    t["guild_ids"] = t["guild"] = tuple(lord.guild for lord in lords)
    race_of = content.guilds
    t["req_race"] = tuple(-1 if race_of[lord.guild] == "all" else RACES.index(race_of[lord.guild]) for lord in lords)
    t["cost"] = tuple(lord.cost for lord in lords)
    t["n_races"] = tuple(lord.races for lord in lords)
    t["ip"] = tuple(lord.influence for lord in lords)
    t["lkeys"] = tuple(lord.keys for lord in lords)  # keys that join the player's count
    # [AY-D-11] the keys a Lord is printed with, as the views show them and the Towers count
    # them: an Ambassador's three (its own power, never joining the count [AY-D-12]) or none
    amb = setup.keys_to_control if ambassador_keys == "three" else 0
    t["printed_keys"] = tuple(amb if lord.guild == "ambassador" else lord.keys for lord in lords)
    t["tower_keyed"] = tuple(k > 0 for k in t["printed_keys"])
    t["pkind"] = tuple(lord.power.kind for lord in lords)
    t["pamount"] = tuple(lord.power.amount for lord in lords)
    t["locations"] = content.locations
    t["loc_index"] = {loc.id: i for i, loc in enumerate(content.locations)}
    t["token_values"] = setup.monster_tokens
    t["threat"] = content.threat.spaces
    # read by hand and by free Lords: what they hold depends on the content alone (bounded by their users)
    t["powers_cache"] = {}
    t["by_race_cache"] = {}
    return t
