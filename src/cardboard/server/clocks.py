"""Clocks (optional, per table, chosen at creation): Fischer-style banks, stored deadlines.

A table's clock is a JSON document kept in its store record (`TableRecord.clock`) beside an
absolute wall-clock deadline (`TableRecord.deadline`, seconds since the epoch, or None when no
clock runs):

    {"time": ms, "increment": ms, "level": "easy",
     "banks": [ms or None per seat],   # None: a bot's seat, which has no clock
     "seat": s or None}                # whose clock runs (its bank is then read from the deadline)

Each human seat starts with a bank of `time`. Its clock runs only while it must decide (the
game's current player, at a running table). When it decides, the time it took is taken from its
bank and the increment added. When the bank runs out, a bot of `level` makes that decision and
the seat's bank starts again at `time` (not at the increment: with an increment of 0 the seat
would otherwise run out at once at each of its later decisions). Nothing here keeps a timer: the
service's one scheduler (tables.py) sleeps until the earliest stored deadline, and re-arms from
the store after a restart.

The functions below are pure: they take the clock, the deadline and the time now, and return
new ones (the caller stores them before making them live).
"""
from __future__ import annotations

import math
from typing import Any

from cardboard.engine import ConfigError

from .bots import check_level

DEFAULT_LEVEL = "easy"


def check_clock(spec: Any, seats: list[str], min_time: float, max_time: float, max_increment: float,
                max_bot_seconds: float) -> dict | None:
    """A new table's clock from the creator's `spec` ({"time": s, "increment": s, "level": name},
    seconds), or None for no clock; ConfigError naming the problem otherwise. `seats` holds each
    seat's kind ("human" or "bot")."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise ConfigError("a clock is an object {time, increment, level}, or null for none")
    extra = sorted(set(spec) - {"time", "increment", "level"})
    if extra:
        raise ConfigError(f"a clock has time, increment and level, not {', '.join(extra)}")

    def seconds(key: str, default: float | None, low: float, high: float, what: str) -> float:
        value = spec.get(key, default)
        if value is None or type(value) not in (int, float) or not math.isfinite(value):
            raise ConfigError(f"the clock's {key} is {what} in seconds, a number from {_words(low)} to "
                              f"{_words(high)}, not {value!r}")
        if not low <= value <= high:
            raise ConfigError(f"the clock's {key} is {what}: from {_words(low)} to {_words(high)}, "
                              f"not {_words(value)}")
        return value

    time_ = seconds("time", None, min_time, max_time, "the time per decision (each seat's bank)")
    inc = seconds("increment", 0, 0, max_increment, "the time added after each decision")
    level = spec.get("level") or DEFAULT_LEVEL
    try:
        check_level(level, max_bot_seconds)
    except ConfigError as exc:
        raise ConfigError(f"the clock's level (the bot that decides when a clock runs out): {exc}") from None
    ms = round(time_ * 1000)
    return {"time": ms, "increment": round(inc * 1000), "level": level,
            "banks": [ms if kind == "human" else None for kind in seats], "seat": None}


def _words(seconds: float) -> str:
    """5 s, 90 s, 10 min, 1 h: a bound in words."""
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def fresh(clock: dict) -> dict:
    """The same clock with full banks and nothing running (a rematch)."""
    return {**clock, "banks": [None if b is None else clock["time"] for b in clock["banks"]], "seat": None}


def remaining(clock: dict, deadline: float | None, now: float) -> list[int | None]:
    """Each seat's bank in ms at `now` (the running seat's read from the deadline, never below 0)."""
    banks = list(clock["banks"])
    s = clock["seat"]
    if s is not None and deadline is not None:
        banks[s] = max(0, round((deadline - now) * 1000))
    return banks


def advance(clock: dict, deadline: float | None, now: float, mover: int | None,
            decider: int | None) -> tuple[dict, float | None]:
    """The clock after a change at `now`: `mover` decided (None: no decision, e.g. a seat joined or
    left, or an undo), and `decider` must decide next (None: nobody's clock runs: the game is over
    or waits for players, or a bot decides). The running seat's time is taken from its bank; the
    mover gains the increment, or a full bank if its time had run out; the decider's clock starts."""
    banks = list(clock["banks"])
    s = clock["seat"]
    if s is not None and deadline is not None:
        left = round((deadline - now) * 1000)
        if s == mover:
            banks[s] = left + clock["increment"] if left > 0 else clock["time"]
        else:
            banks[s] = max(0, left)
    elif mover is not None and banks[mover] is not None and banks[mover] <= 0:
        banks[mover] = clock["time"]  # it decided while its clock waited at zero
    new = {**clock, "banks": banks, "seat": None}
    if decider is None or banks[decider] is None:
        return new, None
    new["seat"] = decider
    return new, now + banks[decider] / 1000


def public(clock: dict | None, deadline: float | None, now: float) -> dict | None:
    """The clock as every viewpoint sees it (nothing hidden): the settings, each seat's bank in ms
    as of the server's `now` (ms since the epoch), and whose clock runs. A page counts the running
    seat's bank down from the moment the message arrives."""
    if clock is None:
        return None
    return {"time": clock["time"], "increment": clock["increment"], "level": clock["level"],
            "running": clock["seat"] if deadline is not None else None,
            "remaining": remaining(clock, deadline, now), "now": round(now * 1000)}


def settings_of(clock: dict | None) -> dict | None:
    """What the lobby shows of a table's clock: its settings, in ms."""
    if clock is None:
        return None
    return {"time": clock["time"], "increment": clock["increment"], "level": clock["level"]}


def timeout_line(entry: dict, viewer: int | None) -> str | None:
    """The log's words for a decision a bot made when its seat's clock ran out: to the seat itself
    with the move (its own), to everyone else without (a move's words may name what they may not
    see; the game's own log lines follow, as for any move)."""
    t = entry.get("timeout")
    if not t:
        return None
    name, level = t.get("name") or f"Player {entry['seat'] + 1}", t.get("level") or DEFAULT_LEVEL
    if viewer == entry["seat"]:
        return f"Your clock ran out: a bot ({level}) played for you: {entry.get('label', 'a move')}"
    return f"{name}'s clock ran out: a bot ({level}) decided for them"


__all__ = ["DEFAULT_LEVEL", "advance", "check_clock", "fresh", "public", "remaining", "settings_of", "timeout_line"]
