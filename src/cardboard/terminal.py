"""Layout pieces shared by the games' terminal renderers (built on rich)."""
from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
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
