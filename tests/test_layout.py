"""A game is one folder: generic code names no game, and each game's parts are found in its
own package through its Game class."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardboard
from cardboard.engine import game_class

SRC = Path(cardboard.__file__).parent
# Everything that must serve any game: the engine, the agents, the server (Python, the shared
# JS, CSS and HTML, its protocol), the command line and the terminal table; the lab and the
# research adapters too, once they exist.
GENERIC = ["engine", "agents", "server", "lab", "interop", "cli.py", "play.py", "sim.py", "terminal.py",
           "rules_index.py", "__init__.py"]
SUFFIXES = {".py", ".js", ".css", ".html", ".md"}


def _words_naming_games() -> set[str]:
    words = set()
    for game_id in cardboard.list_games():
        cls = game_class(game_id)
        words |= {game_id, cls.name.rstrip("!"), cls.package().rpartition(".")[2]}
        words |= {w for w in re.split(r"[\s!:,()]+", cls.name) if len(w) > 3}  # "Hideous", "Abomination"
    return {w.lower() for w in words if w}


def _generic_files() -> list[Path]:
    files = []
    for name in GENERIC:
        path = SRC / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [p for p in path.rglob("*") if p.suffix in SUFFIXES and "__pycache__" not in p.parts]
    return files


def test_no_generic_module_names_a_game():
    words = _words_naming_games()
    assert {"aban", "abyss", "hideous-abomination", "hideous_abomination", "pig"} <= words
    pattern = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True))
                         + r")(?![\w-])", re.I)
    found = []
    for path in _generic_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in pattern.finditer(line):
                found.append(f"{path.relative_to(SRC)}:{number}: {match.group(0)!r} in {line.strip()[:90]}")
    assert not found, "generic code names a game:\n" + "\n".join(found)


def test_the_check_would_see_a_game_named_in_generic_code(tmp_path):
    words = _words_naming_games()
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])", re.I)
    assert pattern.search("if game_id == 'abyss':") and pattern.search("// Hideous Abomination board")
    assert not pattern.search("abandon the abyssal search")  # words that merely contain an id


@pytest.mark.parametrize("game_id", ["aban", "hideous-abomination", "abyss", "abomination", "aberration"])
def test_each_built_in_game_keeps_its_parts_in_its_folder(game_id):
    cls = game_class(game_id)
    folder = cls.folder()
    assert folder.parent == SRC / "games"
    assert cls.rules_index() == folder / "RULES.md" and cls.rules_index().is_file()
    assert cls.heuristic() is not None and cls.heuristic().__module__ == f"{cls.package()}.heuristic"
    assert cls.terminal_renderer().__module__ == f"{cls.package()}.render"
    assert cls.web_folder() == folder / "web" and (folder / "web" / f"{game_id}.js").is_file()
    assert cls.setups and all(cls.min_players <= n <= cls.max_players for n, _ in cls.setups)
    features = cls.features(cardboard.load_game(game_id, *cls.setups[0][:1]).new_initial_state())
    assert isinstance(features, list) and all(isinstance(f, dict) for f in features)


def test_nothing_per_game_is_left_in_the_generic_folders():
    for old in (SRC / "agents" / "heuristics", SRC / "server" / "static" / "games"):
        assert not [p for p in old.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def test_the_registry_reads_entry_points_and_checks_them(monkeypatch):
    from importlib.metadata import EntryPoint

    from cardboard.engine import ConfigError, registry

    fake = {"pig": EntryPoint("pig", "pig_game:PigGame", registry.GROUP),
            "wrong-id": EntryPoint("wrong-id", "pig_game:PigGame", registry.GROUP),
            "not-a-game": EntryPoint("not-a-game", "pig_game.game:ROLL", registry.GROUP)}
    monkeypatch.setattr(registry, "_found", fake)
    monkeypatch.setattr(registry, "_loaded", {})
    assert registry.list_games() == ["not-a-game", "pig", "wrong-id"]
    assert registry.game_class("pig").name == "Pig"
    with pytest.raises(ConfigError, match="names PigGame, whose id is 'pig'"):
        registry.game_class("wrong-id")
    with pytest.raises(ConfigError, match="not a cardboard Game class"):
        registry.game_class("not-a-game")
    with pytest.raises(ConfigError, match="unknown game 'chess'; known games: not-a-game, pig, wrong-id"):
        registry.game_class("chess")
