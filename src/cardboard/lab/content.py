"""Content variants: a copy of a game's content file with values changed or components left
out, written where the game is played (each worker, on each node, makes its own copy)."""
from __future__ import annotations

import copy
import hashlib
import json
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from cardboard.engine import ConfigError

from .campaign import ContentPatch

_made: dict[str, str] = {}


def _step(node, part: str, path: str):
    """The child of `node` named by one segment of a dotted path."""
    if isinstance(node, dict):
        if part not in node:
            raise ConfigError(f"content path '{path}': no '{part}' (there are: {', '.join(map(str, node)) or 'none'})")
        return part
    if isinstance(node, list):
        if part.lstrip("-").isdigit():
            i = int(part)
            if not -len(node) <= i < len(node):
                raise ConfigError(f"content path '{path}': index {i} is outside a list of {len(node)}")
            return i
        for i, item in enumerate(node):
            if isinstance(item, dict) and str(item.get("id")) == part:
                return i
        ids = [str(item.get("id")) for item in node if isinstance(item, dict) and "id" in item]
        raise ConfigError(f"content path '{path}': no item with id '{part}'"
                          + (f" (ids: {', '.join(ids[:12])}{'...' if len(ids) > 12 else ''})" if ids else ""))
    raise ConfigError(f"content path '{path}': '{part}' is below a plain value")


def _parent(doc, path: str):
    parts = path.split(".")
    if not path or any(not p for p in parts):
        raise ConfigError(f"content path '{path}' is not a dotted path like lords.jailer.cost")
    node = doc
    for part in parts[:-1]:
        node = node[_step(node, part, path)]
    return node, parts[-1]


def apply_patch(doc: dict, patch: ContentPatch) -> dict:
    """The content document with the patch's changes; the original is left as it was."""
    out = copy.deepcopy(doc)
    for path, value in patch.set.items():
        node, last = _parent(out, path)
        if isinstance(node, dict) and last not in node:
            raise ConfigError(f"content path '{path}': no '{last}' to change (a misspelt name?)")
        node[_step(node, last, path)] = value
    for path in patch.remove:
        node, last = _parent(out, path)
        del node[_step(node, last, path)]
    return out


def source_file(game_cls, patch: ContentPatch) -> Path:
    file = Path(patch.file)
    return file if file.is_absolute() else game_cls.folder() / file


def materialise(game_cls, patch: ContentPatch) -> str:
    """The path of the patched copy, made once per process in the temporary folder (named by
    a hash of the source and the patch, so every worker makes the same file)."""
    import tomli_w

    source = source_file(game_cls, patch)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"content variant: cannot read '{source}': {exc.strerror}") from None
    key = hashlib.sha256((text + json.dumps(patch.model_dump(mode="json"), sort_keys=True)).encode()).hexdigest()[:20]
    if key in _made and os.path.exists(_made[key]):
        return _made[key]
    doc = apply_patch(tomllib.loads(text), patch)
    folder = Path(tempfile.gettempdir()) / "cardboard-lab"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{source.stem}-{key}.toml"
    if not target.exists():
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            tomli_w.dump(doc, f)
        os.replace(tmp, target)
    _made[key] = str(target)
    return str(target)


def with_content(game_cls, options: dict, patch: ContentPatch | None) -> dict:
    """The options with the variant's content file in its option."""
    if patch is None:
        return options
    path = materialise(game_cls, patch)
    options = dict(options)
    if patch.mode == "append":
        options[patch.option] = list(options.get(patch.option) or []) + [path]
    else:
        options[patch.option] = path
    return options


def check_patch(game_cls, patch: ContentPatch) -> None:
    """Fail early (in the driver, not in every worker) on a patch that does not apply."""
    text = source_file(game_cls, patch).read_text(encoding="utf-8")
    apply_patch(tomllib.loads(text), patch)


__all__ = ["apply_patch", "materialise", "with_content", "check_patch", "Any"]
