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

import random
import re
from functools import partial

import pytest

from .table_helpers import LAPTOP, PHONE, assert_results_in_view, axe_serious, bar_move, board_kinds, calm, moved, \
    play_decisions, seated_page
from .table_helpers import assert_fits as assert_bar_fits
from .table_helpers import base, browser  # noqa: F401  (the fixtures)
from .table_helpers import doc_screenshot, lookers, shot_at

pytestmark = pytest.mark.browser

RULE_ID = re.compile(r"\[AR-[A-Z]+-\d+")
CODES = [re.compile(p) for p in (r"\b\d+\.[a-z][a-z0-9]*\b", r"#\d+", r"\b[A-Z][a-z]?/[A-Z][a-z]?\b")]
# what look() adds to the shared look: the status bar's End-the-turn buttons, the words drawn
EXTRA = """,
    ends: document.querySelectorAll('#actions button.move-inline[data-kind=end]').length,
    words: document.querySelector('#board').innerText + ' ' + document.querySelector('#players').innerText"""
TARGETS = "#board [data-moves], #players [data-moves], #players .ab-bigbtn"
CHOICES = "#board .ab-chooser button.ab-choice, #players .ab-herochoices button.ab-choice"


look, wait_for_turn = lookers(EXTRA)


def assert_fits(seen: dict, limit: float, where: str) -> None:
    """The shared check (a small status bar, nothing wider than the page), no End-the-turn buttons
    in the bar, and no codes on the board."""
    assert_bar_fits(seen, limit, where)
    assert seen["ends"] == 0, f"{where}: {seen['ends']} 'End the turn' buttons in the status bar"
    codes = [m.group(0) for rx in CODES for m in rx.finditer(seen["words"])]
    assert not codes, f"{where}: codes on the board: {codes[:5]}"


def table(base, browser, viewport, seed=3):
    """(table, context, page, errors): a solo game of Ana's."""
    return seated_page(browser, base, "aberration", 1, [{"kind": "human"}], viewport, seed,
                       ready="#board .ab-root .ab-map .ab-space")


screenshot = partial(doc_screenshot, blur=True)   # the picture without a focused element's tooltip


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
        bar_move(page, rng, {x["kind"] for x in seen["legal"]}, kinds_on_board)
        stats["bar"] += 1
    moved(page, n)


def test_a_whole_solo_aberration_game_by_clicking_the_board_at_1366x768(base, browser):
    t, ctx, page, errors = table(base, browser, LAPTOP)
    kinds_on_board = board_kinds(page, "aberration")
    rng = random.Random(4)
    stats = {"board": 0, "bar": 0}
    step = shot_at(8, lambda: screenshot(page, "aberration-1366x768"),
                   lambda seen, k: play_one(page, seen, rng, kinds_on_board, stats))
    decisions, heights = play_decisions(page, step, 120, wait=wait_for_turn, fits=assert_fits, seconds=240)
    assert_results_in_view(page, total_row=True)
    assert stats["board"] > stats["bar"], stats
    assert stats.get("confirmed", 0) >= 1, "no turn was ended by the board's Confirm"
    assert not errors, errors
    print(f"aberration 1366x768: {decisions} decisions, status bar max {max(heights):.0f} px, {stats}")
    ctx.close()


def test_the_first_decisions_of_aberration_on_a_phone(base, browser):
    t, ctx, page, errors = table(base, browser, PHONE, seed=5)
    kinds_on_board = board_kinds(page, "aberration")
    rng = random.Random(7)
    stats = {"board": 0, "bar": 0}
    step = shot_at(4, lambda: screenshot(page, "aberration-390x844"),
                   lambda seen, k: play_one(page, seen, rng, kinds_on_board, stats))
    decisions, heights = play_decisions(page, step, 844 / 4, wait=wait_for_turn, fits=assert_fits, first=12,
                                        board_top=True)
    assert not errors, errors
    print(f"aberration 390x844: status bar max {max(heights):.0f} px")
    ctx.close()


def test_a_space_that_is_not_legal_says_why_with_the_rule(base, browser):
    t, ctx, page, errors = table(base, browser, LAPTOP)
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
    pytest.importorskip("axe_playwright_python.sync_playwright")
    t, ctx, page, errors = table(base, browser, LAPTOP)
    seen = wait_for_turn(page)
    page.locator("#board .ab-space.ab-click").first.click()   # on to the hero's first turn: the hero board
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=seen["n"])
    wait_for_turn(page)
    bad = axe_serious(page)  # the whole table page: the status bar, the board, the panels and the log
    assert not bad, bad
    ctx.close()
