"""Pig in the terminal: one line a player, from the view alone."""
from __future__ import annotations

from rich.table import Table


def render_view(view: dict):
    table = Table(title=f"Pig: first to {view['target']}", show_header=True)
    for column in ("player", "banked", "this turn"):
        table.add_column(column)
    for seat, banked in enumerate(view["banked"]):
        mover = seat == view["to_move"] and view["winner"] is None
        table.add_row(f"{'▶ ' if mover else '  '}seat {seat}", str(banked), str(view["turn_total"]) if mover else "")
    if view["last_roll"] is not None:
        table.caption = f"last roll: {view['last_roll']}"
    return table
