"""`cardboard lab report`: the HTML (figures embedded) and Markdown files, their numbers, the
command line, the export, and the HTML in headless Chromium with every figure visible."""
from __future__ import annotations

import os
import re

import pytest

from cardboard.cli import main
from cardboard.lab import run_campaign

from .helpers import campaign

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    c = campaign(players=[2, 3], games=12, report={"rank": ["lord.*"], "effects": ["lord*", "locations", "allies"]},
                 variants=[{"name": "jailer8", "label": "Jailer at cost 8", "focus": {"feature": "lord.jailer"},
                            "content": {"set": {"lords.jailer.cost": 8}}}])
    store = folder / "r.sqlite"
    run_campaign(c, store, workers=0, show=False)
    assert main(["lab", "report", str(store), "--out", str(folder / "out")]) == 0
    return folder


def test_the_report_has_one_figure_per_question_embedded_and_a_markdown_summary(report):
    out = report / "out"
    page = (out / "report.html").read_text()
    images = re.findall(r"<img alt='([^']+)' src='data:image/png;base64,", page)
    assert images == ["Which agent wins most?", "Does a seat win more often than its share?",
                      "Does the first seat win too often?", "How are scores spread?", "How long is a game?",
                      "Which components rank highest?", "Which components go with winning?", "What did each change do?"]
    assert "src='figures/" not in page and "http" not in page.replace("http-equiv", "")  # self-contained
    md = (out / "report.md").read_text()
    assert "Jailer at cost 8: the owner's (lord.jailer) win rate" in md and "95% CI" in md
    assert md.count("![") == len(images) and all((out / f).is_file() for f in re.findall(r"\]\((figures/[^)]+)\)", md))
    assert "| players | games | seat 1 win rate − fair share | 95% CI |" in md
    assert "Sample: 48 games in 4 cells (12 a cell)" in md


def test_export_writes_one_row_per_seat_with_features_as_columns(report, capsys):
    import pandas as pd

    store = report / "r.sqlite"
    assert main(["lab", "export", str(store), "--parquet", str(report / "g.parquet"), "--csv", str(report / "g.csv")]) == 0
    frame = pd.read_parquet(report / "g.parquet")
    assert len(frame) == 12 * (2 + 3) * 2 and {"seed", "seat", "agent", "score", "winner", "f.lord.jailer"} <= set(frame.columns)
    assert frame.groupby(["cell", "k"])["share"].sum().round(6).eq(1).all()
    assert main(["lab", "export", str(store)]) == 2
    assert "give --parquet FILE or --csv FILE" in capsys.readouterr().err


def test_lab_commands_name_their_errors(tmp_path, capsys):
    assert main(["lab", "report", str(tmp_path / "none.sqlite")]) == 2
    assert "no store at" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ngame = "abyss"\nplayers = [7]\ngames = 1\nagents = ["random"]\n')
    assert main(["lab", "run", str(bad)]) == 2
    assert "not 7" in capsys.readouterr().err


def test_cli_run_then_resume_says_all_games_are_stored(tmp_path, capsys):
    spec = tmp_path / "c.toml"
    spec.write_text('name = "tiny"\ngame = "abyss"\nplayers = [2]\ngames = 2\nagents = ["random"]\n')
    assert main(["lab", "run", str(spec), "--workers", "0"]) == 0
    assert (tmp_path / "tiny.sqlite").is_file()
    assert main(["lab", "run", str(spec), "--workers", "0"]) == 0
    assert "all 2 games are in" in capsys.readouterr().err


@pytest.mark.browser
def test_the_report_renders_in_headless_chromium_with_every_figure_visible(report):
    sync_playwright = pytest.importorskip("playwright.sync_api").sync_playwright
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    page_file = report / "out" / "report.html"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            page.goto(page_file.as_uri())
            images = page.locator("figure img")
            assert images.count() == 8
            for i in range(images.count()):
                img = images.nth(i)
                img.scroll_into_view_if_needed()
                assert img.is_visible()
                natural = img.evaluate("e => [e.complete, e.naturalWidth, e.naturalHeight]")
                assert natural[0] and natural[1] > 300 and natural[2] > 100
                box = img.bounding_box()
                assert box["width"] > 300 and box["height"] > 60
            page.screenshot(path=str(report / "report.png"), full_page=True)
        finally:
            browser.close()
