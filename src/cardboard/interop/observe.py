"""Observations: a fixed-shape float32 vector per seat, built from `view(seat)` alone.

The vector has three blocks:

    view       the seat's view. A game may give its own features (`encoding.py`: ENCODING's
               "observe": a function view -> list of floats, with "observation_size" and
               "observation_fields", [(name, size, meaning)], documenting each); otherwise the
               view's JSON is hashed (the hashing trick): every leaf adds to one slot of
               `VIEW_SIZE`, picked by a CRC-32 of its path. A number at path p (list indices
               written as numbers, e.g. `seats/0/food`) adds asinh(value) to slot(p) and, inside a
               list, to slot(p with each index as `*`) too (a sum over the list); true adds 1 the
               same way; a string s of at most 40 characters adds 1 to slot(p=s) (and to
               slot(p*=s), a count over the list); a list adds asinh(its length) to slot(p*#).
               Longer strings (labels, rules text, log lines) and nulls add nothing.
    seat       one-hot of the observing seat (`max_players` slots)
    pending    the choices already made towards the move being chosen (one slot per choice, N)

Nothing but `view(seat)`, the seat and the seat's own pending choices goes in, so re-dealing
what the seat cannot see (`determinize`) never changes it.
"""
from __future__ import annotations

import math
import zlib
from collections import defaultdict

import numpy as np

VIEW_SIZE = 1024
LONGEST_WORD = 40
MAX_ITEMS = 64   # list items past this many are counted in the length only
_asinh = math.asinh


class Observer:
    """Turns a state into the observation of one seat, for one game set-up."""

    def __init__(self, cls, encoding, declaration: dict):
        self.cls = cls
        self.encoding = encoding
        self.custom = declaration.get("observe")
        self.view_size = int(declaration.get("observation_size", VIEW_SIZE)) if self.custom else VIEW_SIZE
        self.seats = cls.max_players
        self.size = self.view_size + self.seats + encoding.size
        self._slots: dict[str, int] = {}
        self._last: dict = {}   # seat -> (state, its length, view block): the view block of the state last seen

    def fields(self) -> list[tuple[str, int, str]]:
        """(name, size, meaning) of each block, in order."""
        if self.custom:
            view = list(self.cls.encoding().get("observation_fields", [("view", self.view_size, "the game's own features")]))
        else:
            view = [("view", self.view_size, "the view's JSON, hashed (see cardboard.interop.observe)")]
        return view + [("seat", self.seats, "one-hot of the observing seat"),
                       ("pending", self.encoding.size, "the choices already made towards the current move")]

    def observe(self, view: dict, seat: int, pending: tuple[int, ...], out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out.fill(0.0)
        self.write_view(view, seat, out)
        self.write_seat(seat, pending, out)
        return out

    def observe_state(self, state, seat: int, pending: tuple[int, ...] = (),
                      out: np.ndarray | None = None) -> np.ndarray:
        """`observe(state.view(seat), ...)`, the view block kept while the state is unchanged (the
        same object with the same number of moves): a many-part move's sub-choices, or several
        looks at one position, build the view and its features once."""
        last = self._last.get(seat)
        if last is not None and last[0] is state and last[1] == len(state):
            block = last[2]
        else:
            block = np.zeros(self.view_size, np.float32)
            self.write_view(state.view(seat), seat, block)
            self._last[seat] = (state, len(state), block)
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out[self.view_size:] = 0.0
        out[:self.view_size] = block
        self.write_seat(seat, pending, out)
        return out

    def write_seat(self, seat: int, pending: tuple[int, ...], out: np.ndarray) -> None:
        """The seat and pending blocks (after the view block), into a zeroed tail of `out`."""
        out[self.view_size + seat] = 1.0
        base = self.view_size + self.seats
        for choice in pending:
            out[base + choice] = 1.0

    def write_view(self, view: dict, seat: int, out: np.ndarray) -> None:
        """The view block, into the zeroed first `view_size` slots of `out`."""
        if self.custom:
            slots: defaultdict = defaultdict(float)   # index -> value: Python writes are cheaper than numpy's
            found = self.custom(view, seat, slots)
            if found is not None:  # a feature function may return its values instead
                out[:self.view_size] = found
            elif slots:
                k = len(slots)
                if max(slots) >= self.view_size or min(slots) < 0:
                    bad = max(slots) if max(slots) >= self.view_size else min(slots)
                    raise ValueError(f"{self.cls.id}: its observe() wrote slot {bad}, outside its "
                                     f"observation_size {self.view_size}")
                out[np.fromiter(slots.keys(), np.intp, k)] = np.fromiter(slots.values(), np.float32, k)
        else:
            keys: list = []
            vals: list = []
            _walk(view, "", "", keys, vals)
            if keys:
                slot = self._slots
                if len(slot) > 500_000:
                    slot.clear()
                idx = []
                size = self.view_size
                for key in keys:
                    i = slot.get(key)
                    if i is None:
                        i = slot[key] = zlib.crc32(key.encode()) % size
                    idx.append(i)
                out[:size] = np.bincount(idx, weights=vals, minlength=size)

    def slot_of(self, key: str) -> int:
        return zlib.crc32(key.encode()) % self.view_size


def _walk(node, pos: str, star: str, keys: list, vals: list) -> None:
    """Each leaf of a view as (key, value) pairs: see the module's docstring. The leaves of a
    dict or list (strings, numbers, true, null) are read in place: a key is written only for a
    leaf that adds something (a log of long lines adds no key but its length)."""
    if isinstance(node, dict):
        for k, v in node.items():
            t = type(v)
            if t is str:
                if len(v) <= LONGEST_WORD:
                    here = f"{pos}/{k}"
                    keys.append(f"{here}={v}")
                    vals.append(1.0)
                    if star != pos:
                        keys.append(f"{star}/{k}={v}")
                        vals.append(1.0)
            elif v is None or v is False:
                continue
            elif t is int or t is float or v is True:
                if v:
                    x = 1.0 if v is True else _asinh(v)
                    keys.append(f"{pos}/{k}")
                    vals.append(x)
                    if star != pos:
                        keys.append(f"{star}/{k}")
                        vals.append(x)
            else:
                _walk(v, f"{pos}/{k}", f"{star}/{k}", keys, vals)
    elif isinstance(node, (list, tuple)):
        keys.append(star + "#")
        vals.append(_asinh(len(node)))
        star_item = star + "/*"
        for i, v in enumerate(node[:MAX_ITEMS]):
            t = type(v)
            if t is str:   # inside a list the item's key and its starred key always differ
                if len(v) <= LONGEST_WORD:
                    keys.append(f"{pos}/{i}={v}")
                    vals.append(1.0)
                    keys.append(f"{star_item}={v}")
                    vals.append(1.0)
            elif v is None or v is False:
                continue
            elif t is int or t is float or v is True:
                if v:
                    x = 1.0 if v is True else _asinh(v)
                    keys.append(f"{pos}/{i}")
                    vals.append(x)
                    keys.append(star_item)
                    vals.append(x)
            else:
                _walk(v, f"{pos}/{i}", star_item, keys, vals)
    else:
        _leaf(node, pos, star, keys, vals)


def _leaf(node, pos: str, star: str, keys: list, vals: list) -> None:
    """A leaf met on its own (the view itself, or a value of a type read by isinstance)."""
    if node is True:
        keys.append(pos)
        vals.append(1.0)
        if star != pos:
            keys.append(star)
            vals.append(1.0)
    elif isinstance(node, (int, float)) and node is not False:
        if node:
            x = _asinh(node)
            keys.append(pos)
            vals.append(x)
            if star != pos:
                keys.append(star)
                vals.append(x)
    elif isinstance(node, str) and len(node) <= LONGEST_WORD:
        keys.append(f"{pos}={node}")
        vals.append(1.0)
        if star != pos:
            keys.append(f"{star}={node}")
            vals.append(1.0)


def fields_markdown(cls, encoding) -> str:
    """The observation's layout as a Markdown table (what docs/interop.md prints per game)."""
    from .core import game_declaration

    observer = Observer(cls, encoding, game_declaration(cls))
    lines = ["| field | offset | size | meaning |", "| --- | --- | --- | --- |"]
    offset = 0
    for name, size, meaning in observer.fields():
        lines.append(f"| `{name}` | {offset:,} | {size:,} | {meaning.replace('|', '/')} |")
        offset += size
    lines.append(f"| total | | {observer.size:,} | |")
    legend = game_declaration(cls).get("observation_legend") or {}
    if legend:
        lines.append("")
        lines += [f"- {title} (the order of their slots): {', '.join(values)}" for title, values in legend.items()]
    return "\n".join(lines)


def view_paths(view: dict) -> list[str]:
    """The keys a view's leaves add to (with list indices as `*`), for the docs."""
    keys: list = []
    _walk(view, "", "", keys, [])
    return keys
