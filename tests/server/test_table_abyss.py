"""Abyss's web table in a real browser (issue #23): a whole game against a bot played by clicking the
board (explore at the deck, buy or take the revealed Ally, request a Council stack, plot at the Lord
deck, recruit a Lord by choosing the Allies in the hand, then the Lord, then Confirm), the status bar
small and nothing wider than the page at every decision (1366x768 and a 390x844 phone), the results
panel in view at the end, the others' prompt at the start of a turn, a non-legal board target
answered with the rule's id, and axe-core finding no serious or critical violation.

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
RULE_ID = re.compile(r"\[AY-[A-Z]+-\d+\]")

LOOK = """() => {
  const t = window.cardboardTable, m = t && t.state;
  const st = document.querySelector('#status').getBoundingClientRect();
  return {n: +(document.body.dataset.n ?? -1), over: !document.querySelector('#final').hidden,
    mine: !!(m && m.legal && m.legal.length && !t.busy), legal: m ? m.legal || [] : [],
    status: st.height, scroll: document.documentElement.scrollWidth, width: innerWidth,
    prompt: document.querySelector('#prompt').textContent};
}"""

# a board target that makes (or opens the choice of) a move; recruits are built by their own steps
TARGETS = "#board [data-moves]:not(.recruitable), #players [data-moves]:not(.recruitable)"


def look(page) -> dict:
    return page.evaluate(LOOK)


def assert_fits(seen: dict, limit: float, where: str) -> None:
    assert seen["status"] <= limit, f"{where}: the status bar is {seen['status']:.0f} px high (limit {limit:.0f})"
    assert seen["scroll"] <= seen["width"], f"{where}: the page scrolls sideways ({seen['scroll']} > {seen['width']})"


def table(base, browser, viewport, seed=3, spectator=False):
    t = api(base, "/api/tables", {"game": "abyss", "players": 2, "seed": seed, "options": {"first_player": 0},
                                  "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]})
    seat = api(base, f"/api/tables/{t['id']}/join", {"name": "Ana"})
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('cardboard:token:{t['id']}', {json.dumps(seat['token'])})")
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/table/{t['id']}")
    page.wait_for_selector("#board .board-abyss .court")
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
    return set(page.evaluate("async () => (await import('/games/abyss/abyss.js')).boardKinds"))


def recruit_on_the_board(page, seen: dict, rng: random.Random, before_confirm=None) -> None:
    """Allies first, then the Lord, then Confirm (the build shows the choices ghosted until then)."""
    legal = seen["legal"]
    i = rng.choice([k for k, x in enumerate(legal) if x["kind"] == "recruit"])
    m = legal[i]["move"]
    for race, value in m["pay"]:
        page.locator(f"#board .hand .ally.pickable:not(.picked)[data-race='{race}'][data-value='{value}']").first.click()
    assert page.locator("#board .hand .ally.picked").count() == len(m["pay"])
    page.locator(f"#board .court .lord.recruitable[data-lord='{m['lord']}']").click()
    confirm = page.locator(f"#board .recruit-build button.confirm[data-i='{i}']")
    assert confirm.count() == 1, "no Confirm for the Allies chosen"
    if before_confirm:
        before_confirm()
    confirm.click()


def play_one(page, seen: dict, rng: random.Random, kinds_on_board: set, stats: dict, shot=None) -> None:
    """One legal move by the board where it takes the move, else by a status-bar button."""
    n = seen["n"]
    calm(page)
    legal_kinds = {x["kind"] for x in seen["legal"]}
    if "use_keys" in legal_kinds:   # the Lords whose keys control a Location, then Confirm
        i = rng.choice([k for k, x in enumerate(seen["legal"]) if x["kind"] == "use_keys"])
        for lord in seen["legal"][i]["move"]["lords"]:
            page.locator(f"#board .lord.key-lord[data-lord='{lord}']").click()
        page.locator(f"#board .recruit-build button.confirm[data-i='{i}']").click()
        stats["keys"] = stats.get("keys", 0) + 1
    elif "recruit" in legal_kinds and rng.random() < 0.6:
        recruit_on_the_board(page, seen, rng, shot if not stats["recruit"] else None)
        stats["recruit"] += 1
    else:
        targets = page.locator(TARGETS)
        nt = targets.count()
        buttons = page.locator("#actions button.move-inline:visible")
        nb = buttons.count()
        if nt and (not nb or rng.random() < 0.75):
            targets.nth(rng.randrange(nt)).click(timeout=10000)
            choice = page.locator("#board .chooser button.choice")
            if choice.count():
                choice.nth(rng.randrange(choice.count())).click()
            stats["board"] += 1
        else:
            if not nb:   # the bar folded them all into "All moves" (a narrow screen): open it
                page.locator("#actions details.allmoves > summary").click()
                buttons = page.locator("#actions details.allmoves button.move:visible")
                nb = buttons.count()
            assert nb, f"a decision with no board target and no button: {sorted(legal_kinds)}"
            b = buttons.nth(rng.randrange(nb))
            if b.get_attribute("data-kind") in kinds_on_board:
                b = next((buttons.nth(k) for k in range(nb)
                          if buttons.nth(k).get_attribute("data-kind") not in kinds_on_board), b)
            kind = b.get_attribute("data-kind")
            assert kind not in kinds_on_board, f"{kind} has a button though the board takes it"
            b.click()
            stats["bar"] += 1
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=n, timeout=20000)


def test_a_whole_abyss_game_by_clicking_the_board_at_1366x768(base, browser):
    t, ctx, page, errors = table(base, browser, {"width": 1366, "height": 768})
    kinds_on_board = board_kinds(page)
    rng = random.Random(5)
    stats = {"board": 0, "bar": 0, "recruit": 0}
    heights = []
    start = time.monotonic()
    decisions = 0
    while True:
        seen = wait_for_turn(page)
        if seen["over"]:
            break
        assert_fits(seen, 120, f"decision {decisions} (move {seen['n']})")
        heights.append(seen["status"])
        # the picture: the first recruit being built (Allies chosen, the Lord chosen, Confirm shown)
        play_one(page, seen, rng, kinds_on_board, stats, shot=lambda: screenshot(page, "abyss-1366x768"))
        decisions += 1
        assert decisions < 400 and time.monotonic() - start < 240, "the game did not end"
    final = page.locator("#final")
    assert final.is_visible()
    box = final.bounding_box()
    assert box and 0 <= box["y"] < 768 and box["x"] < 1366, box
    assert page.locator("#final table.scores tr.row-total").count() == 1
    assert stats["board"] > stats["bar"], stats
    assert not errors, errors
    print(f"abyss 1366x768: {decisions} decisions, status bar max {max(heights):.0f} px, {stats}")
    ctx.close()


def test_the_first_decisions_of_abyss_on_a_phone(base, browser):
    t, ctx, page, errors = table(base, browser, {"width": 390, "height": 844}, seed=4)
    kinds_on_board = board_kinds(page)
    rng = random.Random(2)
    stats = {"board": 0, "bar": 0, "recruit": 0}
    heights = []
    for k in range(14):
        seen = wait_for_turn(page)
        if seen["over"]:
            break
        assert_fits(seen, 844 / 4, f"phone decision {k}")
        heights.append(seen["status"])
        # the board comes right after the status bar
        top = page.evaluate("document.querySelector('#board').getBoundingClientRect().top")
        assert top <= 844 / 4 + 40, f"the board starts at {top:.0f} px"
        if k == 6:
            screenshot(page, "abyss-390x844")
        play_one(page, seen, rng, kinds_on_board, stats)
    assert not errors, errors
    print(f"abyss 390x844: status bar max {max(heights):.0f} px")
    ctx.close()


def test_others_are_told_the_turn_player_chooses_an_action_not_that_they_finish(base, browser):
    """The others' prompt comes from the view, not from their own (empty) list of moves: at the start
    of Ana's turn a spectator reads that she is choosing an action; after it, that she may end."""
    t, ctx, page, errors = table(base, browser, {"width": 1366, "height": 768})
    spec = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    spec.goto(f"{base}/table/{t['id']}")
    spec.wait_for_selector("#board .board-abyss .court")
    spec.wait_for_function("() => document.querySelector('#prompt').textContent.includes('Ana')")
    words = spec.locator("#prompt").inner_text()
    assert "Ana is choosing an action" in words and "finishing" not in words, words
    # Ana explores and takes the first Ally she can: her action is taken, the others hear she may end
    seen = wait_for_turn(page)
    n = seen["n"]
    page.locator("#board .pile.deck[data-moves]").click()
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=n)
    assert "is choosing an action" not in spec.locator("#prompt").inner_text() or look(page)["n"] == n
    spec.context.close()
    assert not errors, errors
    ctx.close()


def test_a_board_target_that_is_not_legal_says_why_with_the_rule(base, browser):
    t, ctx, page, errors = table(base, browser, {"width": 1366, "height": 768})
    seen = wait_for_turn(page)
    assert "explore" in {x["kind"] for x in seen["legal"]}
    n = seen["n"]
    # the Council is empty at the start: its stacks cannot be requested
    page.locator("#board .council .stack.why-target").first.click()
    page.wait_for_function("() => /\\[AY-/.test(document.querySelector('#notice').textContent)")
    assert RULE_ID.search(page.locator("#notice").inner_text())
    # a Lord at Court with no Allies chosen: recruiting needs Allies of its races
    page.evaluate("() => { document.querySelector('#notice').textContent = ''; }")
    page.locator("#board .court .lord.why-target").first.click()
    page.wait_for_function("() => /\\[AY-R-/.test(document.querySelector('#notice').textContent)")
    assert look(page)["n"] == n  # nothing was played
    assert not errors, errors
    ctx.close()


def test_axe_finds_no_serious_or_critical_violation_at_an_abyss_table(base, browser):
    axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")
    t, ctx, page, errors = table(base, browser, {"width": 1366, "height": 768})
    wait_for_turn(page)
    # the game's drawing: the board and the player panels it fills (the shell's page has its own test)
    for where in ("#board", "#players"):
        results = axe_playwright.Axe().run(page, context=where)
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
               for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, (where, bad)
    # and a recruit being built (the Allies chosen, the Lord chosen, the Confirm shown)
    seen = look(page)
    if any(x["kind"] == "recruit" for x in seen["legal"]):
        m = next(x for x in seen["legal"] if x["kind"] == "recruit")["move"]
        page.locator(f"#board .court .lord.recruitable[data-lord='{m['lord']}']").click()
        results = axe_playwright.Axe().run(page, context="#board")
        assert not [v["id"] for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    ctx.close()
