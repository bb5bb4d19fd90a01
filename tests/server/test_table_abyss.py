"""Abyss's web table in a real browser (issue #23): a whole game against a bot played by clicking the
board (explore at the deck, buy or take the revealed Ally, request a Council stack, plot at the Lord
deck, recruit a Lord by choosing the Allies in the hand, then the Lord, then Confirm), the status bar
small and nothing wider than the page at every decision (1366x768 and a 390x844 phone), the results
panel in view at the end, the others' prompt at the start of a turn, a non-legal board target
answered with the rule's id, and axe-core finding no serious or critical violation.

Screenshots for docs/screenshots/ are written only with CARDBOARD_SCREENSHOTS=1.
"""
from __future__ import annotations

import random
import re
from functools import partial

import pytest

from .table_helpers import BOT, LAPTOP, PHONE, assert_results_in_view, axe_serious, bar_move, board_kinds, calm, moved, \
    play_decisions, seated_page
from .table_helpers import base, browser  # noqa: F401  (the fixtures)
from .table_helpers import doc_screenshot, lookers, shot_at

pytestmark = pytest.mark.browser

RULE_ID = re.compile(r"\[AY-[A-Z]+-\d+\]")
# what look() adds to the shared look: the prompt
EXTRA = ", prompt: document.querySelector('#prompt').textContent"

# a board target that makes (or opens the choice of) a move; recruits are built by their own steps
TARGETS = "#board [data-moves]:not(.recruitable), #players [data-moves]:not(.recruitable)"


look, wait_for_turn = lookers(EXTRA)


def table(base, browser, viewport, seed=3):
    """(table, context, page, errors): Ana against a random bot, Ana first."""
    return seated_page(browser, base, "abyss", 2, BOT, viewport, seed, options={"first_player": 0},
                       ready="#board .board-abyss .court")


screenshot = partial(doc_screenshot, blur=True)   # the picture without a focused element's tooltip


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
            bar_move(page, rng, legal_kinds, kinds_on_board)
            stats["bar"] += 1
    moved(page, n)


def test_a_whole_abyss_game_by_clicking_the_board_at_1366x768(base, browser):
    t, ctx, page, errors = table(base, browser, LAPTOP)
    kinds_on_board = board_kinds(page, "abyss")
    rng = random.Random(5)
    stats = {"board": 0, "bar": 0, "recruit": 0}
    # the picture: the first recruit being built (Allies chosen, the Lord chosen, Confirm shown)
    decisions, heights = play_decisions(
        page, lambda seen, k: play_one(page, seen, rng, kinds_on_board, stats, shot=lambda: screenshot(page, "abyss-1366x768")),
        120, wait=wait_for_turn, most=400, seconds=240)
    assert_results_in_view(page, total_row=True)
    assert stats["board"] > stats["bar"], stats
    assert not errors, errors
    print(f"abyss 1366x768: {decisions} decisions, status bar max {max(heights):.0f} px, {stats}")
    ctx.close()


def test_the_first_decisions_of_abyss_on_a_phone(base, browser):
    t, ctx, page, errors = table(base, browser, PHONE, seed=4)
    kinds_on_board = board_kinds(page, "abyss")
    rng = random.Random(2)
    stats = {"board": 0, "bar": 0, "recruit": 0}
    step = shot_at(6, lambda: screenshot(page, "abyss-390x844"),
                   lambda seen, k: play_one(page, seen, rng, kinds_on_board, stats))
    # the board comes right after the status bar
    decisions, heights = play_decisions(page, step, 844 / 4, wait=wait_for_turn, first=14, board_top=True)
    assert not errors, errors
    print(f"abyss 390x844: status bar max {max(heights):.0f} px")
    ctx.close()


def test_others_are_told_the_turn_player_chooses_an_action_not_that_they_finish(base, browser):
    """The others' prompt comes from the view, not from their own (empty) list of moves: at the start
    of Ana's turn a spectator reads that she is choosing an action; after it, that she may end."""
    t, ctx, page, errors = table(base, browser, LAPTOP)
    spec = browser.new_context(viewport=LAPTOP).new_page()
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
    t, ctx, page, errors = table(base, browser, LAPTOP)
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
    pytest.importorskip("axe_playwright_python.sync_playwright")
    t, ctx, page, errors = table(base, browser, LAPTOP)
    wait_for_turn(page)
    # the whole table page: the status bar, the board, the player panels and the log
    bad = axe_serious(page)
    assert not bad, bad
    # and a recruit being built (the Allies chosen, the Lord chosen, the Confirm shown)
    seen = look(page)
    if any(x["kind"] == "recruit" for x in seen["legal"]):
        m = next(x for x in seen["legal"] if x["kind"] == "recruit")["move"]
        page.locator(f"#board .court .lord.recruitable[data-lord='{m['lord']}']").click()
        assert not axe_serious(page, "#board")
    ctx.close()
