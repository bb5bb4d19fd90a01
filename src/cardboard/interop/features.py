"""A game's own observation features: a fixed layout of named fields (for its encoding.py).

    from cardboard.interop.features import Layout
    L = Layout(max_players=4)
    PHASE = L.one_hot("phase", ["draft", "play", "over"], "the phase")
    L.per_seat("pearls", 1, "each seat's Pearls (count)")
    ...
    def observe(view, seat, out):        # out: zeroed, L.size float slots; write only into it
        out[PHASE + PHASES.index(view["phase"])] = 1
        for s, base in L.seats("pearls", seat, view["players"]):
            out[base] = view["seats"][s]["pearls"]
    ENCODING = {..., "observe": observe, "observation_size": L.size, "observation_fields": L.fields,
                "observation_legend": L.legend}

A field is a run of `size` slots at a fixed offset; `per_seat` fields repeat for every seat of
the largest table, in *relative* order: block 0 is the observing seat, block 1 the next seat in
seat order, and so on (seats a smaller table lacks stay zero). `observation_fields` lists
(name, size, meaning) in order, which is what docs/interop.md prints. Nothing here needs numpy
or names a game; `observe` must read only the view (and the seat it is given).
"""
from __future__ import annotations

from typing import Sequence


class Layout:
    """Named fields at fixed offsets; each method returns the field's offset."""

    def __init__(self, max_players: int = 1):
        self.max_players = max_players
        self.fields: list[tuple[str, int, str]] = []
        self.offsets: dict[str, int] = {}
        self.strides: dict[str, int] = {}
        self.legend: dict[str, list] = {}   # "Lords" -> the ids in the order fields use ("content order")
        self.size = 0

    def field(self, name: str, size: int, meaning: str) -> int:
        if name in self.offsets:
            raise ValueError(f"the field {name!r} is declared twice")
        if size < 1:
            raise ValueError(f"the field {name!r} needs at least one slot, not {size}")
        offset = self.offsets[name] = self.size
        self.fields.append((name, size, meaning))
        self.size += size
        return offset

    def order(self, title: str, values: Sequence) -> list:
        """Record the order of a list that fields index into (printed under the game's table)."""
        self.legend[title] = ["none" if v is None else str(v) for v in values]
        return list(values)

    def one_hot(self, name: str, values: Sequence, meaning: str) -> int:
        """A field of one slot per value (1 at the value's slot); the values are listed in the meaning."""
        words = ", ".join("none" if v is None else str(v) for v in values)
        return self.field(name, len(values), f"{meaning}: one-hot of [{words}]")

    def per_seat(self, name: str, size: int, meaning: str) -> int:
        """`size` slots for each seat of the largest table, observer first (see the module doc).
        The offset returned is seat block 0's; block k starts at offset + k * size."""
        offset = self.field(f"{name}", size * self.max_players,
                            f"{meaning} [{size} per seat x {self.max_players} seats, the observer's first, "
                            f"then the next seats in seat order]")
        self.strides[name] = size
        return offset

    def seats(self, name: str, seat: int | None, players: int) -> list[tuple[int, int]]:
        """(absolute seat, offset of its block) for each seat at the table, the observer first.
        A spectator (seat None) sees seat 0 first."""
        base = self.offsets[name]
        stride = self.strides[name]
        me = seat or 0
        return [((me + k) % players, base + k * stride) for k in range(players)]

    def relative(self, seat: int | None, other: int | None, players: int) -> int | None:
        """`other`'s position counted from the observer (0 = the observer), None for None."""
        if other is None:
            return None
        return (other - (seat or 0)) % players


def index_of(values: Sequence) -> dict:
    """value -> position, for one-hot fields (lists become tuples)."""
    return {(tuple(v) if isinstance(v, list) else v): i for i, v in enumerate(values)}
