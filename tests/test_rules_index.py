"""Every rules index is complete: ids unique, code and tests found, ids cited in code exist."""
import re
from pathlib import Path

import pytest

import cardboard
from cardboard.rules_index import check, package_dir, parse_index


@pytest.mark.parametrize("game_id", cardboard.list_games())
def test_every_rule_has_code_and_tests(game_id):
    rules = check(game_id, Path(__file__).parent)
    assert rules, "the index lists no rules"
    ids = [r.id for r in rules]
    assert len(ids) == len(set(ids)), "rule ids must be unique"
    uncovered = {r.id: r.missing for r in rules if not r.covered}
    assert uncovered == {}


@pytest.mark.parametrize("game_id", cardboard.list_games())
def test_rule_ids_cited_in_code_exist(game_id):
    pkg = package_dir(game_id)
    ids = {r.id for r in parse_index((pkg / "RULES.md").read_text())}
    cited = set()
    for path in pkg.glob("*.py"):
        cited |= set(re.findall(r"\[([A-Z]{2}(?:-[A-Z]+)?-\d+)\]", path.read_text()))
    assert cited, "the code cites no rule ids"
    assert cited <= ids, f"cited but not indexed: {sorted(cited - ids)}"


def test_index_parser_reads_rows_and_flags_missing(tmp_path):
    text = "| id | section | rule | code | tests |\n|---|---|---|---|---|\n| X-1 | S | r | a.py::f | t.py::test_g |\n"
    rules = parse_index(text)
    assert [(r.id, r.code, r.tests) for r in rules] == [("X-1", ["a.py::f"], ["t.py::test_g"])]
