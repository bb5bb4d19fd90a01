"""Helpers for validated data (options, content files) and the engine's cons-list logs."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ConfigError

M = TypeVar("M", bound=BaseModel)


def problems(exc: ValidationError, label: str = "{loc}") -> str:
    """pydantic's errors as one readable line: 'tiles.3.sides: not a set of loose sides; ...'."""
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"])
        msg = err["msg"].removeprefix("Value error, ")
        out.append(f"{label.format(loc=loc)}: {msg}" if loc else msg)
    return "; ".join(out)


def validate_options(model: type[M], options: dict, game_name: str) -> M:
    try:
        return model.model_validate(options)
    except ValidationError as exc:
        found = problems(exc, label="option '{loc}'")
        raise ConfigError(f"bad {game_name} options: {found}") from None


def read_toml(file: Path, what: str) -> dict:
    """A content file's TOML as a dict; ConfigError naming the file if it cannot be read or parsed."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read {what} file '{file}': {exc.strerror}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{file}: not valid TOML: {exc}") from None


def cons_to_list(node, most: int | None = None) -> list:
    """The items of a (previous, item) cons list, oldest first; with `most`, only the newest
    `most` of them, read from the newest back (so it costs the same late in a game as early).
    States keep logs and histories this way so that a clone shares them in O(1)."""
    out = []
    left = -1 if most is None else most
    while node is not None and left != 0:
        node, item = node
        out.append(item)
        left -= 1
    out.reverse()
    return out
