"""Move labels for the moves that name a map space.

Every move names a space by its id as the map content names it (`"VC"`, `"<tile>.<space>"`, e.g.
`"1.r3"`): `step` (`to`), `target` (`space`), `place` (`space`) and `shove` (`to`), so moves read the
same in logs, on the wire and in the labels. The labels of the other moves are `view.action_label`'s.
"""
from __future__ import annotations


def action_label(cfg, a) -> str:
    k = a.kind
    g = a.get
    if k == "target":
        what = f" monster #{g('monster')}" if g("monster") is not None else \
            (f" shadow #{g('shadow')}" if g("shadow") is not None else " (area)")
        return f"Attack {g('space')}{what}"
    if k == "place":
        return f"Place at {g('space')}"
    if k == "shove":
        return f"Move monster #{g('monster')} to {g('to')}"
    from .view import action_label as others

    return others(cfg, a)
