"""The Game: a configured set-up (players, seed, options) that makes states."""
from __future__ import annotations

import importlib
import json
import secrets
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from .action import Action
from .errors import ConfigError, IllegalAction
from .state import State


class Game:
    """Subclasses set the class attributes and write `_configure` and `_initial_state`.

    A game is one package (its folder), and everything about the game lives there. Beside the
    rules, the parts below are found by name, so no front end, agent or report keeps a table
    of games; each part is optional:

        heuristic.py   `Heuristic`: the game's own player (the `heuristic`, `medium` and `hard` bots)
        render.py      `render_view(view)`: the terminal drawing (else the view is pretty-printed)
        web/<id>.js    the web drawing, with its stylesheets beside it (else a tree of the view)
        features.py    `features(state)`: what the lab measures of a finished game, per seat
        RULES.md       the rules index: every rule sentence with its id, code and tests
    """

    id: str = ""
    name: str = ""
    min_players: int = 1
    max_players: int = 1
    # What a search agent should know of the game: "score_scale" (a typical winning
    # margin), "rollout_depth" (moves to play out before judging by scores) and "search"
    # (settings of the `hard` search agent: width, widen, max_depth, confidence).
    search_hints: dict = {}
    # The pydantic model of the options, if the game has one (the web lobby builds its form from it).
    options_model: type | None = None
    # A cooperative game: every seat shares one result; `winners()` is every seat on a win
    # and no seat on a loss (the tables and the terminal say "the team wins / loses").
    cooperative: bool = False
    # Set-ups (players, options) that the shared tests play, each to the end many times: the
    # first is a default table; list every player count and each option that changes the rules.
    setups: tuple[tuple[int, dict], ...] = ()

    def __init__(self, players: int, seed: int | None = None, options: dict | None = None):
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ConfigError(f"seed must be a whole number, not {seed!r}")
        if options is not None and not isinstance(options, dict):
            raise ConfigError(f"options must be a mapping of names to values, not {options!r}")
        try:  # a private JSON copy: the caller's dict may change later, a save must not
            raw = json.loads(json.dumps(options or {}))
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"options must be plain JSON values: {exc}") from None
        self.players = players
        self.seed = seed
        self._raw_options = raw
        self._configure(self._raw_options)

    # ---------------------------------------------------------------- the game's parts
    @classmethod
    def package(cls) -> str:
        """The game's package, e.g. cardboard.games.<package> (its class may sit in a submodule)."""
        module = sys.modules[cls.__module__]
        return module.__name__ if hasattr(module, "__path__") else module.__package__ or module.__name__

    @classmethod
    def folder(cls) -> Path:
        return Path(sys.modules[cls.package()].__file__).parent

    @classmethod
    def part(cls, module: str, name: str) -> Any:
        """`name` from the game's module `module`, or None when the game has no such module."""
        full = f"{cls.package()}.{module}"
        try:
            found = importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name is not None and full.startswith(exc.name):
                return None
            raise  # a missing import inside the part is a bug, not "no such part"
        return getattr(found, name)

    @classmethod
    def heuristic(cls) -> type | None:
        """The game's own heuristic agent class (called with a seed), if it has one."""
        return cls.part("heuristic", "Heuristic")

    @classmethod
    def terminal_renderer(cls) -> Callable[[dict], Any] | None:
        """`render_view(view)` giving a rich renderable of a seat's view, if the game draws one."""
        return cls.part("render", "render_view")

    @classmethod
    def web_folder(cls) -> Path | None:
        """The folder of the web drawing (`<id>.js` and what it loads), if the game has one."""
        folder = cls.folder() / "web"
        return folder if (folder / f"{cls.id}.js").is_file() else None

    @classmethod
    def rules_index(cls) -> Path:
        return cls.folder() / "RULES.md"

    @classmethod
    def how_to_play(cls) -> Path | None:
        """The game's `HOWTO.md` (goal, a turn in short, scoring, the end: the web table's
        "How to play" panel), if it has one. One-line `summary` and `playing_time` ("30-45 min")
        are optional class attributes beside `name`."""
        path = cls.folder() / "HOWTO.md"
        return path if path.is_file() else None

    @classmethod
    def features(cls, state: State) -> list[dict]:
        """What the lab records of a finished game, one dict per seat (names to numbers or
        words): the game's `features.py`, else nothing beyond the lab's own columns."""
        measure = cls.part("features", "features")
        return measure(state) if measure is not None else [{} for _ in range(state.game.players)]

    @classmethod
    def encoding(cls) -> dict | None:
        """How the research adapters (cardboard.interop) number the game's moves and observe its
        views: the game's `encoding.py` (`ENCODING`, see cardboard.interop.spec), else None and
        the adapters' generic encoding."""
        return cls.part("encoding", "ENCODING")

    # ---------------------------------------------------------------- hooks
    def _configure(self, options: dict) -> None:
        raise NotImplementedError

    def _initial_state(self) -> State:
        raise NotImplementedError

    def options_json(self) -> dict:
        """The options as given, JSON-safe: enough to rebuild this exact set-up."""
        return json.loads(json.dumps(self._raw_options))

    # API
    def new_initial_state(self) -> State:
        return self._initial_state()

    def replay(self, history: Iterable[Action | dict]) -> State:
        """Rebuild a state by applying a log of Actions or their JSON forms."""
        state = self.new_initial_state()
        for step, move in enumerate(history):
            try:
                if isinstance(move, Action):
                    state.apply(move)
                else:
                    state.apply_json(move)
            except IllegalAction as exc:
                raise IllegalAction(f"log step {step}: {exc}") from None
        return state

    def state_from_json(self, doc: Any) -> State:
        """Load a save made by `State.to_json()`, checking it against its own log."""
        if not isinstance(doc, dict) or doc.get("format") != "cardboard-save/1":
            raise ConfigError("not a cardboard save: expected an object with format 'cardboard-save/1'")
        for key in ("game", "players", "seed", "options", "history"):
            if key not in doc:
                raise ConfigError(f"save file has no '{key}'")
        if doc["game"] != self.id:
            raise ConfigError(f"save is of game '{doc['game']}', not '{self.id}'")
        if (doc["players"], doc["seed"], doc["options"]) != (self.players, self.seed, self.options_json()):
            game = type(self)(doc["players"], doc["seed"], doc["options"])
        else:
            game = self
        if not isinstance(doc["history"], list):
            raise ConfigError("save file's 'history' must be a list of moves")
        try:
            state = game.replay(doc["history"])
        except IllegalAction as exc:
            raise ConfigError(f"save file's log does not replay: {exc}") from None
        if "snapshot" in doc and doc["snapshot"] != state._dump():
            raise ConfigError("save file's snapshot does not match what its log replays to")
        return state

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} seed={self.seed} options={self._raw_options}>"
