"""Aberration set-up: options and the read-only config every state of one game shares.

The content (content/*.toml) is read once; `AberrationConfig` turns the chosen scenario into indexed
tuples (spaces, adjacency, paths, Vantage Points, spots, decks) so the rules never search the
pydantic models. Space 0 is the Village Center; board b is the compass point clockwise[b].
"""
from __future__ import annotations

from collections import deque

from pydantic import BaseModel, ConfigDict

from cardboard.engine import ActionCache, ConfigError, Game
from cardboard.engine.data import validate_options

from .content import VC, Content, load_content

SLOTS = ("I", "II", "III", "IV", "V")
STATS = ("INT", "STR", "SPD", "CMD")
COLOURS = ("B", "R", "G", "Y")          # the colour of each stat, in STATS order
FACE = {"blank": 0, "graze": 1, "aberration": 2}


class AberrationOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scenario: str = "first_night"       # [AR-S-2] the scenario, by id
    heroes: list[str] | None = None     # [AR-PS-1] one hero id per seat; drawn at random unless given
    classes: list[str] | None = None    # [AR-PS-1] one class id per seat; drawn at random unless given
    first_player: int = 0               # [AR-PS-8] the seat most recently in a forest
    content: list[str] | None = None    # extra TOML files (scenarios, heroes, cards) added to the box


class AberrationConfig:
    __slots__ = ("players", "content", "scenario", "names", "index", "board_of", "adj", "dist", "gates",
                 "board_spaces", "paths", "spawn", "vps", "spots", "spot_index", "actions", "general",
                 "heroes", "classes", "hero_choice", "class_choice", "items", "enemies", "shadow_pool",
                 "gb_cards", "objectives", "aberrations", "faces", "rules", "first_player", "spawn_mod",
                 "items_each", "obj_tokens", "map_json", "clockwise", "tile_of_board", "between",
                 "near", "routes", "reach", "turn_actions", "entry_vps")


MAP_PARTS = ("clockwise", "tile_of_board", "names", "index", "board_of", "board_spaces", "adj", "dist", "gates",
             "between", "near", "routes", "reach", "paths", "spawn", "vps", "entry_vps", "spots", "spot_index")
MAPS_KEPT = 32   # (content, layout) maps kept for the next game
_MAPS: dict = {}


def bfs(adj, start: int, blocked=frozenset()) -> tuple[int, ...]:
    """Steps from `start` to every space, never through `blocked` (-1: unreachable)."""
    dist = [-1] * len(adj)
    dist[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in adj[here]:
            if dist[there] < 0 and there not in blocked:
                dist[there] = dist[here] + 1
                todo.append(there)
    return tuple(dist)


class AberrationGame(Game):
    id = "aberration"
    name = "Aberration"
    min_players = 1
    max_players = 4
    summary = "Co-operative defence: heroes spend ability chips drawn from their bags to hold the Great Beast's monsters off the village until the night is survived."
    playing_time = "60-90 min"  # the designer's target (facts/aberration.md)
    setups = ((1, {}), (2, {"scenario": "long_night", "first_player": 1}), (4, {}))
    search_hints = {"score_scale": 1.0, "rollout_depth": 60}   # then the heuristic's evaluate judges
    cooperative = True
    options_model = AberrationOptions

    def _configure(self, options: dict) -> None:
        opts = validate_options(AberrationOptions, options, "Aberration")
        content: Content = load_content(opts.content or None)
        n = self.players
        ids = [s.id for s in content.scenarios]
        if opts.scenario not in ids:
            raise ConfigError(f"no Aberration scenario '{opts.scenario}'; known: {', '.join(ids)} [AR-S-2]")
        if not 0 <= opts.first_player < n:
            raise ConfigError(f"first_player must be a seat from 0 to {n - 1}, not {opts.first_player}")
        cfg = AberrationConfig()
        cfg.players, cfg.content = n, content
        cfg.scenario = self._for_players(content.get("scenarios", opts.scenario), n)
        cfg.first_player = opts.first_player
        cfg.hero_choice = self._choice(opts.heroes, [h.id for h in content.heroes], "heroes", n)
        cfg.class_choice = self._choice(opts.classes, [k.id for k in content.classes], "classes", n)
        self._shared_map(cfg, content)
        self._parts(cfg, content)
        cfg.map_json = None  # the map's JSON form, made by the first view that needs it
        self.cfg = cfg
        from .rules import AberrationAction  # rules builds on this module

        self.moves = ActionCache(AberrationAction, cfg)  # on the game, not in cfg: see ActionCache
        self.use_moves = {}   # (action, hand, colours X pays) -> its "use" moves (heroes.py, _moves_turn); here too
        self.options = opts

    @staticmethod
    def _for_players(sc, n: int):
        """The scenario as this table plays it: a Survival track given by player count is read once."""
        if isinstance(sc.survival_track, dict):
            return sc.model_copy(update={"survival_track": sc.survival_track[n]})
        return sc

    @staticmethod
    def _choice(given, ids, what, n):
        if given is None:
            return None
        if len(given) != n:
            raise ConfigError(f"{what} needs one id per seat ({n}), not {len(given)}")
        if bad := [x for x in given if x not in ids]:
            raise ConfigError(f"no {'class' if what == 'classes' else 'hero'} '{bad[0]}'; known: {', '.join(ids)}")
        if len(set(given)) != n:
            raise ConfigError(f"{what}: each seat needs a different one")
        return tuple(ids.index(x) for x in given)

    @classmethod
    def _shared_map(cls, cfg: AberrationConfig, c: Content) -> None:
        """The map's parts, worked out once for each content and layout and shared by every game that
        plays them (read-only, but for the routes cache, which depends on the map alone)."""
        sc = cfg.scenario
        key = (id(c), tuple(sorted(sc.layout.items())), tuple(sorted(sc.vp.items())))
        kept = _MAPS.get(key)
        if kept is not None and kept[0] is c:     # the very content (kept alive here, so its id is its own)
            for name, value in zip(MAP_PARTS, kept[1]):
                setattr(cfg, name, value)
            return
        cls._map(cfg, c)
        if len(_MAPS) >= MAPS_KEPT:
            _MAPS.clear()
        _MAPS[key] = (c, tuple(getattr(cfg, name) for name in MAP_PARTS))

    @staticmethod
    def _map(cfg: AberrationConfig, c: Content) -> None:
        sc = cfg.scenario
        cfg.clockwise = tuple(c.board.clockwise)
        graph = c.graph(sc.layout)
        tile_at = {compass: tile for tile, compass in sc.layout.items()}
        names, board_of, board_spaces = [VC], [-1], []
        tiles = {t.id: t for t in c.tiles}
        cfg.tile_of_board = tuple(tile_at[b] for b in cfg.clockwise)
        for b, compass in enumerate(cfg.clockwise):
            t = tiles[tile_at[compass]]
            first = len(names)
            for s in t.spaces:
                names.append(f"{t.id}.{s}")
                board_of.append(b)
            board_spaces.append(tuple(range(first, len(names))))
        index = {name: i for i, name in enumerate(names)}
        cfg.names, cfg.index, cfg.board_of = tuple(names), index, tuple(board_of)
        cfg.board_spaces = tuple(board_spaces)
        cfg.adj = tuple(tuple(sorted(index[x] for x in graph[name])) for name in names)
        cfg.dist = bfs(cfg.adj, 0)
        cfg.gates = cfg.adj[0]
        cfg.between = tuple(bfs(cfg.adj, i) for i in range(len(names)))
        cfg.near = tuple((i, *cfg.adj[i]) for i in range(len(names)))   # a space and its neighbours
        cfg.routes = {}   # Influence -> (steps to the Village Center, next step toward it) per space
        cfg.reach = {}    # (space, steps) -> the spaces that near (`within`)
        cfg.paths = tuple(tuple(index[f"{tiles[tile_at[b]].id}.{s}"] for s in tiles[tile_at[b]].path)
                          for b in cfg.clockwise)
        cfg.spawn = tuple(index[f"{tile_at[b]}.{tiles[tile_at[b]].spawn}"] for b in cfg.clockwise)
        # Vantage Points, in spot order "1A", "1B", ...: (vp model, board, entry spaces, spot key)
        vps = []
        for key in sorted(sc.vp):
            tile, letter = int(key[:-1]), key[-1]
            t = tiles[tile]
            vps.append((c.get("vantage_points", sc.vp[key]), cfg.clockwise.index(sc.layout[tile]),
                        tuple(index[f"{tile}.{s}"] for s in t.vp_spots[letter]), key))
        cfg.vps = tuple(vps)
        cfg.entry_vps = tuple(tuple(k for k, v in enumerate(vps) if i in v[2]) for i in range(len(names)))
        # worker placement spots: the village's, then one per Vantage Point ("vp:<k>")
        spots = [(s.id, s.name, s.effects, -1) for s in c.spots]
        spots += [(f"vp:{k}", vp.spot.name, vp.spot.effects, k) for k, (vp, _, _, _) in enumerate(vps)]
        cfg.spots = tuple(spots)
        cfg.spot_index = {s[0]: i for i, s in enumerate(spots)}

    @staticmethod
    def _parts(cfg: AberrationConfig, c: Content) -> None:
        sc, n = cfg.scenario, cfg.players
        cfg.general = tuple(a.id for a in c.general_actions)
        cfg.actions = {a.id: a for a in c.general_actions}
        for k in c.classes:
            cfg.actions.update({a.id: a for a in k.actions})
        cfg.heroes, cfg.classes = c.heroes, c.classes
        cfg.items = tuple(i for i in c.items for _ in range(i.copies))
        cfg.enemies = tuple(c.get("enemies", sc.slots[s]) for s in SLOTS)
        pool = []
        for tok in c.shadows:
            pool += [tok.slot if tok.result == "monster" else tok.result[0]] * tok.count  # I..V, v, i
        cfg.shadow_pool = tuple(pool)
        cfg.gb_cards = tuple(g for g in c.great_beast if g.id not in sc.gb_remove)
        cfg.objectives = c.objectives
        cfg.aberrations = c.aberrations
        cfg.faces = tuple(FACE[f] for f in c.dice.faces)
        cfg.rules = c.rules
        cfg.turn_actions = {}   # (class, locks) -> the actions a turn may offer (heroes.py, _turn_actions)
        cfg.spawn_mod = c.player_count.spawn_mod[n]
        cfg.items_each = c.player_count.items_each[n]
        cfg.obj_tokens = c.player_count.objective_tokens[n]

    def _initial_state(self):
        from .rules import AberrationState

        return AberrationState.initial(self)
