"""Hideous Abomination's web table in a real browser (issue #23): the board takes every move (a
pile or the deck, a hand tile then a cell, ghosted and turned, then Confirm; a tile then a pile
and Confirm to discard; a tile to steal, a seam to bolt, dug tiles), a target that is not legal
answers with the rule's id, the status bar stays small at every decision, the results panel ends
the game in view, and axe-core finds no serious or critical violation.

Screenshots for docs/screenshots/ are written only with CARDBOARD_SCREENSHOTS=1.
"""
from __future__ import annotations

import random

import pytest

from .table_helpers import BOT, LAPTOP, PHONE, assert_fits, assert_results_in_view, axe_serious, board_only, click, \
    look, moved, play_decisions, seated_page, wait_for_turn
from .table_helpers import base, browser  # noqa: F401  (the fixtures)
from .table_helpers import doc_screenshot as screenshot

pytestmark = pytest.mark.browser


def hand_of(page) -> dict:
    """The seat's hand tiles by id (the page's own view)."""
    return page.evaluate("""() => { const m = window.cardboardTable.state; const me = m.view.seats.find(s => s.seat === m.seat);
      return Object.fromEntries(((me && me.hand) || []).map(t => [t.id, t])); }""")


def choose_hand_tile(page, tile: str) -> None:
    el = page.locator(f"[data-fk='hand-{tile}']")
    if el.get_attribute("aria-pressed") != "true":
        el.click()


def ha_move(page, seen: dict, rng: random.Random, shot: str | None = None) -> str:
    """Make one legal move by clicking the board; returns its kind."""
    legal = [x["move"] for x in seen["legal"]]
    kinds = {m["kind"] for m in legal}
    if "choose" in kinds:
        act = "draw" if any(m.get("action") == "draw" for m in legal if m["kind"] == "choose") else \
            next(m["action"] for m in legal if m["kind"] == "choose")
        click(page, f"[data-fk=choose-{act}]")
        return "choose"
    if "draw" in kinds or "dig" in kinds:
        click(page, ".ha-buffet button.ha-pile.ha-legal")
        return "draw"
    if "dig_top" in kinds:
        click(page, ".ha-digbox button.ha-card.ha-legal")
        return "dig_top"
    if "dig_take" in kinds:
        ok = page.locator("[data-fk=dig-ok]")
        if ok.is_disabled():
            take = next(m for m in legal if m["kind"] == "dig_take")["tiles"]
            tiles = page.evaluate("() => window.cardboardTable.state.view.dig.tiles.map(t => t.id)")
            for tid in take:
                b = page.locator(f"[data-fk=dug{tiles.index(tid)}]")
                if b.get_attribute("aria-pressed") != "true":
                    b.click()
        click(page, "[data-fk=dig-ok]")
        return "dig_take"
    if "steal" in kinds:
        click(page, ".ha-grid button.ha-tile.ha-legal")
        return "steal"
    if "bolt" in kinds:
        click(page, "button.ha-seamel.ha-legal")
        return "bolt"
    if kinds == {"forfeit"}:
        click(page, "[data-fk=forfeit]")
        return "forfeit"
    if "play" in kinds:
        hand = hand_of(page)
        plays = [m for m in legal if m["kind"] == "play"]
        # toward a finished abomination: the fewest loose ends, on one's own slab
        plays.sort(key=lambda m: (m["seat"] != seen["seat"], len(hand[m["tile"]]["sides"]), rng.random()))
        m = plays[0]
        choose_hand_tile(page, m["tile"])
        r, c = m["at"]
        cell = f"[data-fk='cell{m['seat']}|{r},{c}']"
        click(page, cell)                           # the tile ghosted there, not sent yet
        assert page.locator(".ha-open .ha-ghost").count() == 1
        screenshot(page, shot)
        if page.locator("[data-fk=place-cw]").count():
            click(page, "[data-fk=place-cw]")       # turned to the next way it fits
        click(page, "[data-fk=place-ok]")           # Confirm
        return "play"
    if "discard" in kinds:
        m = rng.choice([m for m in legal if m["kind"] == "discard"])
        choose_hand_tile(page, m["tile"])
        click(page, ".ha-buffet button.ha-pile.ha-legal")
        assert page.locator(".ha-pile.ha-chosen").count() == 1
        screenshot(page, shot)
        click(page, "[data-fk=discard-ok]")
        return "discard"
    raise AssertionError(f"no board target for {kinds}")


def play_out(page, limit: float, rng, most: int) -> tuple[int, list]:
    """Every decision by the board until the results."""
    return play_decisions(page, board_only(page, lambda seen, k: ha_move(page, seen, rng)), limit,
                          wait=lambda p: wait_for_turn(p, timeout=60), most=most)


def whole_game(base, browser, viewport, variant, seed, limit, rng, most):
    """A game of `variant` played by the board to its results (the status bar within `limit`)."""
    _, ctx, page, errors = seated_page(browser, base, "hideous-abomination", 2, BOT, viewport, seed=seed,
                                       options={"variant": variant})
    decisions, heights = play_out(page, limit, rng, most)
    page.wait_for_timeout(300)
    assert_results_in_view(page)
    assert not errors, errors
    print(f"hideous-abomination {viewport['width']}x{viewport['height']}: {decisions} decisions, "
          f"status bar {min(heights):.0f}-{max(heights):.0f} px")
    ctx.close()


def test_a_whole_game_by_clicking_the_board_at_1366x768(base, browser):
    # the rules for ages 6-7: the first finished abomination wins (no Awards to wait for)
    whole_game(base, browser, LAPTOP, "ages_6_7", 21, 120, random.Random(5), 200)


def test_a_short_game_on_a_phone(base, browser):
    # the rules for ages 4-5: no die, each turn draws the deck's top tile and plays it on one's own abomination
    whole_game(base, browser, PHONE, "ages_4_5", 22, 844 / 4, random.Random(6), 80)


def test_a_cell_the_tile_does_not_fit_answers_with_the_rule_and_axe_finds_nothing_serious(base, browser):
    pytest.importorskip("axe_playwright_python.sync_playwright")
    _, ctx, page, errors = seated_page(browser, base, "hideous-abomination", 2, BOT, LAPTOP, seed=23)
    rng = random.Random(7)
    answered = False
    for decision in range(40):
        seen = wait_for_turn(page, timeout=60)
        if decision == 8 and {x["move"]["kind"] for x in seen["legal"]} == {"play"}:
            ha_move(page, seen, rng, shot="hideous-abomination-1366x768")
            moved(page, seen["n"])
            continue
        assert not seen["over"]
        kinds = {x["move"]["kind"] for x in seen["legal"]}
        if "play" in kinds and not answered:
            for tile in {x["move"]["tile"] for x in seen["legal"] if x["move"]["kind"] == "play"}:
                choose_hand_tile(page, tile)
                spot = page.locator("button.ha-spot.ha-asks")
                if spot.count():
                    n = look(page)["n"]
                    spot.first.click(force=True)   # aria-disabled: Playwright would wait for it to be enabled
                    page.wait_for_function("() => /\\[HA-[A-Z]+-\\d+\\]/.test(document.querySelector('#notice').textContent)",
                                           timeout=15000)
                    assert "[HA-P-2]" in page.locator("#notice").inner_text()
                    assert look(page)["n"] == n    # nothing was sent
                    # a cell that fits: the tile ghosted there until Confirm; Esc takes it back
                    target = page.locator("button.ha-empty.ha-legal")
                    if target.count():
                        target.first.click()
                        assert page.locator(".ha-open .ha-ghost").count() == 1
                        page.keyboard.press("Escape")
                        assert page.locator(".ha-open").count() == 0 and look(page)["n"] == n
                    answered = True
                    break
            page.keyboard.press("Escape")
        if answered and "play" in kinds:
            choose_hand_tile(page, next(x["move"]["tile"] for x in seen["legal"] if x["move"]["kind"] == "play"))
            bad = axe_serious(page)
            assert not bad, bad
            break
        ha_move(page, look(page), rng)
        moved(page, seen["n"])
    assert answered, "no cell refused a tile in 40 decisions"
    assert not errors, errors
    ctx.close()


def test_phone_screenshot_mid_game(base, browser):
    """The phone picture of a standard game (written with CARDBOARD_SCREENSHOTS=1 only)."""
    _, ctx, page, errors = seated_page(browser, base, "hideous-abomination", 2, BOT, PHONE, seed=24)
    rng = random.Random(8)
    shot = "hideous-abomination-390x844"
    for decision in range(12):
        seen = wait_for_turn(page, timeout=60)
        assert_fits(seen, 844 / 4, f"phone decision {decision}")
        if decision >= 3 and "discard" in {x["move"]["kind"] for x in seen["legal"]}:
            ha_move(page, seen, rng, shot=shot)
            break
        ha_move(page, seen, rng)
        moved(page, seen["n"])
    assert not errors, errors
    ctx.close()
