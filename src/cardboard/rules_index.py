"""Rules indexes: every rule sentence of a rulebook with an id, the code enforcing it
and the tests pinning it. `cardboard rules GAME` prints one with its coverage line.

An index is the Markdown table in the game folder's `RULES.md` (`Game.rules_index()`):

    | id | section | rule | code | tests |

`code` names places as `file.py::name` (or `content.toml::key`), `tests` as
`test_file.py::test_name`, comma-separated. A row is covered when every place it
names exists: the definition in the package, the test function in tests/.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .engine import game_class

_PKG_ROOT = Path(__file__).parent
_REPO_TESTS = _PKG_ROOT.parent.parent / "tests"


@dataclass
class Rule:
    id: str
    section: str
    text: str
    code: list[str]
    tests: list[str]
    code_ok: bool = False
    tests_ok: bool = False
    missing: list[str] = field(default_factory=list)

    @property
    def covered(self) -> bool:
        return self.code_ok and self.tests_ok


def package_dir(game_id: str) -> Path:
    return game_class(game_id).folder()


def _split(cell: str) -> list[str]:
    return [part.strip().strip("`") for part in cell.split(",") if part.strip().strip("`")]


def parse_index(text: str) -> list[Rule]:
    rules = []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("id", "") or set(cells[0]) <= {"-", ":"}:
            continue
        rules.append(Rule(cells[0].strip("`"), cells[1], cells[2], _split(cells[3]), _split(cells[4])))
    return rules


def _defines(path: Path, name: str) -> bool:
    if not path.is_file():
        return False
    text = path.read_text(encoding="utf-8")
    last = name.split(".")[-1]
    if path.suffix == ".py":
        return re.search(rf"^\s*(def|class)\s+{re.escape(last)}\b", text, re.M) is not None
    return re.search(rf"^\s*\[*{re.escape(last)}\b", text, re.M) is not None


def check(game_id: str, tests_dir: Path | None = None) -> list[Rule]:
    pkg = package_dir(game_id)
    tests_dir = tests_dir or _REPO_TESTS
    rules = parse_index(game_class(game_id).rules_index().read_text(encoding="utf-8"))
    test_files = {p.name: p for p in tests_dir.rglob("test_*.py")} if tests_dir.is_dir() else {}
    own = tests_dir / "games" / pkg.name  # the game's own tests win over same-named files elsewhere
    if own.is_dir():
        test_files.update({p.name: p for p in own.glob("test_*.py")})
    for rule in rules:
        for ref in rule.code:
            file, _, name = ref.partition("::")
            if not _defines(pkg / file, name):
                rule.missing.append(ref)
        rule.code_ok = bool(rule.code) and not any(m in rule.code for m in rule.missing)
        for ref in rule.tests:
            file, _, name = ref.partition("::")
            if file not in test_files or not _defines(test_files[file], name):
                rule.missing.append(ref)
        rule.tests_ok = bool(rule.tests) and not any(m in rule.tests for m in rule.missing)
    return rules


def print_index(game_id: str, show_all: bool = True, console=None) -> int:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    rules = check(game_id)
    if show_all:
        table = Table(title=f"Rules index: {game_id}", show_lines=False)
        for col in ("id", "section", "rule", "code", "tests"):
            table.add_column(col, overflow="fold")
        for r in rules:
            table.add_row(r.id, r.section, r.text,
                          ("✓ " if r.code_ok else "✗ ") + ", ".join(r.code),
                          ("✓ " if r.tests_ok else "✗ ") + ", ".join(r.tests))
        console.print(table)
    covered = sum(r.covered for r in rules)
    console.print(f"coverage: {covered}/{len(rules)} rules with code and tests "
                  f"({covered / len(rules):.0%})" if rules else "coverage: no rules indexed")
    for r in rules:
        if r.missing:
            console.print(f"  {r.id}: not found: {', '.join(r.missing)}")
    return 0
