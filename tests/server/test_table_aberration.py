"""Aberration's web table in a real browser (issue #23): a whole solo game (the shortest set-up: one
hero, the introductory scenario) played by clicking the board (the map's spaces, the Village spots,
the Vantage Points, the boards' titles, and the hero board in the player's panel: actions, Items,
abilities and their locks, the bag, the hand's chips, Draw and End the turn), the status bar small
and nothing wider than the page at every decision (1366x768 and a 390x844 phone), no "End the turn"
buttons filling the status bar, the results panel in view at the end, a non-legal space answered
with the rule's id, and axe-core finding no serious or critical violation.

Screenshots for docs/screenshots/ are written only with CARDBOARD_SCREENSHOTS=1.
"""
from __future__ import annotations

import json
import os
import random
import re
import time
from pathlib import Path

import pytest

from .test_browser import api, watch_errors  # noqa: F401  (skips the module without Playwright/Chromium)

try:  # the shared fixtures: in conftest.py once moved there, else in test_browser.py
    from .test_browser import base, browser  # noqa: F401
except ImportError:  # pragma: no cover
    pass

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WANT_SHOTS = os.environ.get("CARDBOARD_SCREENSHOTS") == "1"
RULE_ID = re.compile(r"\[AR-[A-Z]+-\d+")
CODES = [re.compile(p) for p in (r"\b\d+\.[a-z][a-z0-9]*\b", r"#\d+", r"\b[A-Z][a-z]?/[A-Z][a-z]?\b")]

LOOK = """() => {
  const t = window.cardboardTable, m = t && t.state;
  const st = document.querySelector('#status').getBoundingClientRect();
  return {n: +(document.body.dataset.n ?? -1), over: !document.querySelector('#final').hidden,
    mine: !!(m && m.legal && m.legal.length && !t.busy), legal: m ? m.legal || [] : [],
    status: st.height, scroll: document.documentElement.scrollWidth, width: innerWidth,
    ends: document.querySelectorAll('#actions button.move-inline[data-kind=end]').length,
    words: document.querySelector('#board').innerText + ' ' + document.querySelector('#players').innerText};
}"""
TARGETS = "#board [data-moves], #players [data-moves], #players .ab-bigbtn"
CHOICES = "#board .ab-chooser button.ab-choice, #players .ab-herochoices button.ab-choice"


def look(page) -> dict:
    return page.evaluate(LOOK)


def assert_fits(seen: dict, limit: float, where: str) -> None:
    assert seen["status"] <= limit, f"{where}: the status bar is {seen['status']:.0f} px high (limit {limit:.0f})"
    assert seen["scroll"] <= seen["width"], f"{where}: the page scrolls sideways ({seen['scroll']} > {seen['width']})"
    assert seen["ends"] == 0, f"{where}: {seen['ends']} 'End the turn' buttons in the status bar"
    codes = [m.group(0) for rx in CODES for m in rx.finditer(seen["words"])]
    assert not codes, f"{where}: codes on the board: {codes[:5]}"


def table(base, browser, viewport, seed=3):
    t = api(base, "/api/tables", {"game": "aberration", "players": 1, "seed": seed, "seats": [{"kind": "human"}]})
    seat = api(base, f"/api/tables/{t['id']}/join", {"name": "Ana"})
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('cardboard:token:{t['id']}', {json.dumps(seat['token'])})")
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/table/{t['id']}")
    page.wait_for_selector("#board .ab-root .ab-map .ab-space")
    return t, ctx, page, errors


def wait_for_turn(page, timeout=30.0) -> dict:
    end = time.monotonic() + timeout
    while True:
        seen = look(page)
        if seen["over"] or seen["mine"]:
            return seen
        assert time.monotonic() < end, "no decision came"
        page.wait_for_timeout(30)


def screenshot(page, name: str) -> None:
    if WANT_SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("() => { scrollTo(0, 0); for (const e of document.querySelectorAll('*'))"
                      " if (e.scrollTop && e.id !== 'log') e.scrollTop = 0;"
                      " if (document.activeElement) document.activeElement.blur(); }")
        page.mouse.move(0, 0)
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def calm(page) -> None:
    """The pointer off the board, and a tooltip it opened closed (it may lie over the next target)."""
    page.mouse.move(1, 1)
    page.wait_for_function("() => { const t = document.getElementById('cardboard-tip'); return !t || t.hidden; }",
                           timeout=5000)


def board_kinds(page) -> set:
    return set(page.evaluate("async () => (await import('/games/aberration/aberration.js')).boardKinds"))


def play_one(page, seen: dict, rng: random.Random, kinds_on_board: set, stats: dict) -> None:
    """One legal move by the board where it takes the move, else by a status-bar button."""
    n = seen["n"]
    calm(page)
    targets = page.locator(TARGETS)
    nt = targets.count()
    buttons = page.locator("#actions button.move-inline:visible")
    nb = buttons.count()
    if nt and (not nb or rng.random() < 0.8):
        k = rng.randrange(nt)
        # End the turn now and then only: the game is short, and its heroes act first
        if targets.nth(k).get_attribute("data-kind") == "end" and nt > 1 and rng.random() < 0.6:
            k = (k + 1) % nt
        targets.nth(k).click(timeout=10000)
        choices = page.locator(CHOICES)
        if choices.count():
            choices.nth(rng.randrange(choices.count())).click(timeout=10000)
        confirm = page.locator("#players .ab-confirm-go")
        if confirm.count():   # ending the turn cannot be undone: it waits for a Confirm
            assert look(page)["n"] == n
            confirm.click(timeout=10000)
            stats["confirmed"] = stats.get("confirmed", 0) + 1
        stats["board"] += 1
    else:
        kinds = sorted({x["kind"] for x in seen["legal"]})
        if not nb:   # the bar folded them all into "All moves" (a narrow screen): open it
            page.locator("#actions details.allmoves > summary").click()
            buttons = page.locator("#actions details.allmoves button.move:visible")
            nb = buttons.count()
        assert nb, f"a decision with no board target and no button: {kinds}"
        b = buttons.nth(rng.randrange(nb))
        if b.get_attribute("data-kind") in kinds_on_board:
            b = next((buttons.nth(k) for k in range(nb) if buttons.nth(k).get_attribute("data-kind") not in kinds_on_board), b)
        kind = b.get_attribute("data-kind")
        assert kind not in kinds_on_board, f"{kind} has a button though the board takes it"
        b.click()
        stats["bar"] += 1
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=n, timeout=20000)


def test_a_whole_solo_aberration_game_by_clicking_the_board_at_1366x768(base, browser):
    t, ctx, page, errors = table(base, browser, {"width": 1366, "height": 768})
    kinds_on_board = board_kinds(page)
    rng = random.Random(4)
    stats = {"board": 0, "bar": 0}
    heights = []
    start = time.monotonic()
    decisions = 0
    while True:
        seen = wait_for_turn(page)
        if seen["over"]:
            break
        assert_fits(seen, 120, f"decision {decisions} (move {seen['n']})")
        heights.append(seen["status"])
        if decisions == 8:
            screenshot(page, "aberration-1366x768")
        play_one(page, seen, rng, kinds_on_board, stats)
        decisions += 1
        assert decisions < 300 and time.monotonic() - start < 240, "the game did not end"
    final = page.locator("#final")
    assert final.is_visible()
    box = final.bounding_box()
    assert box and 0 <= box["y"] < 768 and box["x"] < 1366, box
    assert page.locator("#final table.scores tr.row-total").count() == 1
    assert stats["board"] > stats["bar"], stats
    assert stats.get("confirmed", 0) >= 1, "no turn was ended by the board's Confirm"
    assert not errors, errors
    print(f"aberration 1366x768: {decisions} decisions, status bar max {max(heights):.0f} px, {stats}")
    ctx.close()


def test_the_first_decisions_of_aberration_on_a_phone(base, browser):
    t, ctx, page, errors = table(base, browser, {"width": 390, "height": 844}, seed=5)
    kinds_on_board = board_kinds(page)
    rng = random.Random(7)
    stats = {"board": 0, "bar": 0}
    heights = []
    for k in range(12):
        seen = wait_for_turn(page)
        if seen["over"]:
            break
        assert_fits(seen, 844 / 4, f"phone decision {k}")
        heights.append(seen["status"])
        top = page.evaluate("document.querySelector('#board').getBoundingClientRect().top")
        assert top <= 844 / 4 + 40, f"the board starts at {top:.0f} px"
        if k == 4:
            screenshot(page, "aberration-390x844")
        play_one(page, seen, rng, kinds_on_board, stats)
    assert not errors, errors
    print(f"aberration 390x844: status bar max {max(heights):.0f} px")
    ctx.close()


def test_a_space_that_is_not_legal_says_why_with_the_rule(base, browser):
    t, ctx, page, errors = table(base, browser, {"width": 1366, "height": 768})
    seen = wait_for_turn(page)
    assert {x["kind"] for x in seen["legal"]} == {"place"}   # the hero's starting space
    n = seen["n"]
    page.locator("#board .ab-space.ab-why").first.click()
    page.wait_for_function("() => /\\[AR-/.test(document.querySelector('#notice').textContent)")
    assert RULE_ID.search(page.locator("#notice").inner_text())
    assert look(page)["n"] == n   # nothing was played
    # a legal space plays at once (one move there)
    page.locator("#board .ab-space.ab-click").first.click()
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=n)
    assert not errors, errors
    ctx.close()


def test_axe_finds_no_serious_or_critical_violation_at_an_aberration_table(base, browser):
    axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")
    t, ctx, page, errors = table(base, browser, {"width": 1366, "height": 768})
    seen = wait_for_turn(page)
    page.locator("#board .ab-space.ab-click").first.click()   # on to the hero's first turn: the hero board
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=seen["n"])
    wait_for_turn(page)
    for where in ("#board", "#players"):
        results = axe_playwright.Axe().run(page, context=where)
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
               for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, (where, bad)
    ctx.close()
