"""Layout pieces shared by the games' terminal renderers (built on rich)."""
from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text


@dataclass
class Flow:
    """Parts on lines as wide as the space given, broken only between parts (never inside
    "Crab 4"); continuation lines indented."""
    parts: list[Text]
    sep: str = "  "
    indent: int = 2

    def text(self, width: int) -> Text:
        out = Text()
        used = 0
        for part in self.parts:
            if used and used + len(self.sep) + part.cell_len > width:
                out.append("\n" + " " * self.indent)
                used = self.indent
            elif used:
                out.append(self.sep)
                used += len(self.sep)
            out.append_text(part)
            used += part.cell_len
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((p.cell_len for p in self.parts), default=1)
        return Measurement(widest, self.text(10 ** 6).cell_len)


@dataclass
class Even:
    """Panels in rows of equal widths, as many a row as fit `min_width` each, rows balanced."""
    panels: list[RenderableType]
    min_width: int = 40

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        n = len(self.panels)
        if not n:
            return
        per_row = max(1, min(n, (options.max_width + 1) // (self.min_width + 1)))
        rows = -(-n // per_row)
        per_row = -(-n // rows)
        for r in range(rows):
            grid = Table.grid(expand=True, padding=(0, 1))
            for _ in range(per_row):
                grid.add_column(ratio=1)
            cells = self.panels[r * per_row:(r + 1) * per_row]
            grid.add_row(*cells, *[""] * (per_row - len(cells)))
            yield grid
