"""Aban!'s web table in a real browser (issue #23): the board takes every move (die, then use,
then a square, then Confirm), a square that is not legal answers with the rule's id, the status
bar stays small at every decision, the results panel ends the game in view, undo says why it is
unavailable, and axe-core finds no serious or critical violation.

Screenshots for docs/screenshots/ are written only with CARDBOARD_SCREENSHOTS=1.
"""
from __future__ import annotations

import random

import pytest

from .table_helpers import BOT, LAPTOP, PHONE, assert_fits, assert_results_in_view, axe_serious, board_only, click, look, \
    moved, play_decisions, wait_for_turn
from .table_helpers import base, browser  # noqa: F401  (the fixtures)
from .table_helpers import doc_screenshot as screenshot
from .table_helpers import seated_page

pytestmark = pytest.mark.browser


# ---------------------------------------------------------------------------- Aban!: the board's clicks
ON_BOARD = ("plant", "espino", "rocky", "shovel", "pot", "radish")


def aban_move(page, seen: dict, rng: random.Random, shot: str | None = None) -> str:
    """Make one legal move by clicking the board: a food die; or a die, its use, a square and Confirm;
    or a die and "take it for nothing". Returns the move's kind."""
    legal = seen["legal"]
    kinds = {x["move"]["kind"] for x in legal}
    if "food" in kinds:
        click(page, ".ab-tray button.ab-die.ab-legal")
        return "food"
    powers = [x["move"] for x in legal if x["move"]["kind"] in ("colemo", "machonero")]
    if powers and rng.random() < 0.3:
        return aban_power(page, seen, rng.choice(powers))
    pick = [x for x in legal if x["move"]["kind"] in ON_BOARD] or [x for x in legal if x["move"]["kind"] == "pass"]
    # half the time a plant, else a kind chosen evenly (so the rarer uses get their turn)
    by_kind = {}
    for x in pick:
        by_kind.setdefault(x["move"]["kind"], []).append(x["move"])
    kind = "plant" if "plant" in by_kind and rng.random() < 0.5 else rng.choice(sorted(by_kind))
    move = rng.choice(by_kind[kind])
    die = move["die"]
    # the die (unless the board chose it already: one die value, or it is chosen)
    if not page.locator(".ab-tray button.ab-die.ab-selected").count() or \
            page.locator(".ab-tray button.ab-die.ab-selected").first.get_attribute("data-tip").split(":")[0] != f"Die {die}":
        click(page, f".ab-tray button.ab-die.ab-legal[aria-label^='Choose die {die} ']")
    if move["kind"] == "pass":
        click(page, "[data-fk=pass]")
        return "pass"
    mode = page.locator(f"[data-fk=mode-{move['kind']}]")
    if mode.count() and mode.get_attribute("aria-pressed") != "true":
        mode.click()
    seat = move.get("seat", seen["seat"])
    r, c = move["at"]
    cell = f"[data-fk='cell{seat}|{r},{c}']"
    click(page, cell)                       # the square: ghosted, not sent yet
    assert page.locator(cell).get_attribute("aria-pressed") == "true"
    screenshot(page, shot)
    click(page, "[data-fk=confirm]")       # Confirm sends it
    return move["kind"]


def aban_power(page, seen: dict, move: dict) -> str:
    """Colemo (a die, then "make it N") or Machonero (re-roll: the dice, then Re-roll) by clicking."""
    dice = page.evaluate("() => window.cardboardTable.state.view.dice")
    if move["kind"] == "colemo":
        click(page, f".ab-tray button.ab-die.ab-legal[aria-label^='Choose die {move['die']} ']")
        click(page, f"[data-fk='colemo{move['change']}']")
        return "colemo"
    click(page, "[data-fk=machonero]")
    left = list(range(len(dice)))
    for value in move["dice"]:
        i = next(i for i in left if dice[i] == value)
        left.remove(i)
        click(page, f"[data-fk=die{i}]")
    click(page, "[data-fk=reroll-ok]")
    return "machonero"


def play_aban(page, limit: float, rng, most: int = 80, until: set | None = None) -> tuple[int, list, set]:
    """Every decision by clicking the board until the results (or until the kinds `until` were
    all made); the kinds of move made."""
    heights, decisions, kinds = [], 0, set()
    while True:
        seen = wait_for_turn(page)
        if seen["over"] or (until and until <= kinds):
            return decisions, heights, kinds
        assert_fits(seen, limit, f"decision {decisions}")
        heights.append(seen["status"])
        assert page.locator("#actions button.move:visible").count() == 0
        kinds.add(aban_move(page, seen, rng))
        moved(page, seen["n"])
        decisions += 1
        assert decisions < most


@pytest.mark.parametrize("players,options,want", [
    (2, {"expansion": True, "super_plants": ["colemo", "machonero"]}, {"colemo", "machonero"}),
    (2, {"expansion": True, "super_plants": ["don_maceta", "rabamimo"], "token_side": "rocky"}, {"pot", "radish", "rocky"}),
    (1, {}, set()),
])
def test_the_expansion_the_rockys_and_the_solo_game_by_clicking_the_board(base, browser, players, options, want):
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    _, ctx, page, errors = seated_page(browser, base, "aban", players, seats, LAPTOP, seed=15, options=options)
    # the powers, pots and Rockys until each was used once; the solo game to its end (its results)
    decisions, heights, kinds = play_aban(page, 120, random.Random(9), until=want or None)
    assert want <= kinds, kinds
    if not want:
        page.wait_for_timeout(300)
        assert_results_in_view(page)
    assert not errors, errors
    ctx.close()


def test_a_whole_aban_game_by_clicking_the_board_at_1366x768(base, browser):
    _, ctx, page, errors = seated_page(browser, base, "aban", 2, BOT, LAPTOP, seed=11)
    rng = random.Random(3)
    # the board first: no move button of the status bar is shown unfolded for a board kind
    decisions, heights = play_decisions(page, board_only(page, lambda seen, k: aban_move(
        page, seen, rng, shot="aban-1366x768" if k == 4 else None)), 120, most=60)
    page.wait_for_timeout(300)
    assert_results_in_view(page)
    assert_fits(look(page), 120, "the end")
    assert not errors, errors
    print(f"aban 1366x768: {decisions} decisions, status bar {min(heights):.0f}-{max(heights):.0f} px")
    ctx.close()


def test_aban_first_decisions_on_a_phone(base, browser):
    _, ctx, page, errors = seated_page(browser, base, "aban", 2, BOT, PHONE, seed=12, options={"token_side": "rocky"})
    rng = random.Random(4)
    heights = []
    for decision in range(6):
        seen = wait_for_turn(page)
        assert not seen["over"]
        assert_fits(seen, 844 / 4, f"phone decision {decision}")
        heights.append(seen["status"])
        # the board comes next: the dice tray starts right under the status bar
        tray = page.evaluate("() => document.querySelector('.ab-tray').getBoundingClientRect().top")
        assert tray <= seen["status"] + 80, tray
        aban_move(page, seen, rng, shot="aban-390x844" if decision == 3 else None)
        moved(page, seen["n"])
    print(f"aban 390x844: status bar {min(heights):.0f}-{max(heights):.0f} px")
    assert not errors, errors
    ctx.close()


def test_a_square_that_is_not_legal_answers_with_the_rule(base, browser):
    _, ctx, page, errors = seated_page(browser, base, "aban", 2, BOT, LAPTOP, seed=13)
    seen = wait_for_turn(page)
    aban_move(page, seen, random.Random(1))   # the food
    moved(page, seen["n"])
    seen = wait_for_turn(page)
    # plant somewhere, then choose the same plant's die again next turn and click the planted square
    legal = [x["move"] for x in seen["legal"] if x["move"]["kind"] == "plant"]
    first = legal[0]
    click(page, f".ab-tray button.ab-die.ab-legal[aria-label^='Choose die {first['die']} ']")
    mode = page.locator("[data-fk=mode-plant]")
    if mode.count():
        mode.click()
    r, c = first["at"]
    click(page, f"[data-fk='cell{seen['seat']}|{r},{c}']")
    click(page, "[data-fk=confirm]")
    moved(page, seen["n"])
    seen = wait_for_turn(page)
    plant = next(x["move"] for x in seen["legal"] if x["move"]["kind"] == "plant")
    click(page, f".ab-tray button.ab-die.ab-legal[aria-label^='Choose die {plant['die']} ']")
    mode = page.locator("[data-fk=mode-plant]")
    if mode.count():
        mode.click()
    n = look(page)["n"]
    # Esc steps back out of a chosen square (nothing sent)
    free = page.locator("button.ab-cell.ab-legal").first
    free.click()
    assert page.locator("button.ab-cell[aria-pressed=true]").count() == 1 and page.locator("[data-fk=confirm]").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("button.ab-cell[aria-pressed=true]").count() == 0 and page.locator("[data-fk=confirm]").count() == 0
    assert look(page)["n"] == n
    taken = page.locator(f"[data-fk='cell{seen['seat']}|{r},{c}']")
    assert taken.get_attribute("aria-disabled") == "true"
    taken.click(force=True)   # aria-disabled: Playwright would wait for it to be enabled
    page.wait_for_function("() => /\\[AB-[A-Z]+-\\d+\\]/.test(document.querySelector('#notice').textContent)", timeout=15000)
    text = page.locator("#notice").inner_text()
    assert "[AB-P-2]" in text and f"row {r + 1}, column {c + 1}" in text.lower(), text
    assert look(page)["n"] == n        # nothing was sent
    assert not errors, errors
    ctx.close()


def test_undo_says_why_at_an_aban_table_and_axe_finds_nothing_serious(base, browser):
    pytest.importorskip("axe_playwright_python.sync_playwright")
    _, ctx, page, errors = seated_page(browser, base, "aban", 2, BOT, LAPTOP, seed=14, options={"expansion": True})
    seen = wait_for_turn(page)
    aban_move(page, seen, random.Random(1))
    moved(page, seen["n"])
    seen = wait_for_turn(page)
    undo = page.locator("#undo")
    assert undo.is_visible() and undo.get_attribute("aria-disabled") == "true"
    undo.focus()
    assert page.locator("#undo-why").is_visible() and "Undo unavailable" in page.locator("#undo-why").inner_text()
    page.locator(".ab-tray button.ab-die.ab-legal").first.focus()
    # a die chosen: its squares highlighted, the tooltip of a square on keyboard focus
    page.locator(".ab-tray button.ab-die.ab-legal").first.click()
    cell = page.locator("button.ab-cell.ab-legal").first
    cell.focus()
    assert page.locator("#cardboard-tip").is_visible() and page.locator("#cardboard-tip").inner_text() == cell.get_attribute("data-tip")
    bad = axe_serious(page)
    assert not bad, bad
    assert not errors, errors
    ctx.close()
