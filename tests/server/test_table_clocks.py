"""Clocks in a real browser (issue #23): a table created from the lobby with a 5-second clock
shows the deciding seat's clock counting down on its panel and in the status bar, and when it
runs out the bot's move appears with a log line saying so. A bad clock is refused in the form.

Needs Python Playwright and a Chromium at /usr/bin/chromium; skipped without them."""
from __future__ import annotations

import json

import pytest

from cardboard.server.app import create_app
from cardboard.server.settings import ServerSettings

from .table_helpers import api, axe_serious, expect, serving
from .table_helpers import browser  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def clock_base(tmp_path_factory):
    """The web table on a free port (its own server: the clocks' scheduler runs in its loop)."""
    settings = ServerSettings(db=str(tmp_path_factory.mktemp("clocks") / "tables.sqlite"), bot_delay=0.05,
                              bot_pool="thread", bot_workers=1, synchronous="NORMAL")
    with serving(create_app(settings=settings), tries=400) as url:
        yield url


def _clock_ms(text: str) -> int:
    """'0:04' -> 4000, '1:02:03' -> 3723000."""
    parts = [int(x) for x in text.strip().split(":")]
    total = 0
    for p in parts:
        total = total * 60 + p
    return total * 1000


def test_a_five_second_clock_counts_on_the_panel_and_in_the_bar_and_its_bot_moves_on_time_out(clock_base, browser):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(clock_base + "/")
        page.select_option("#game", "abyss")
        page.fill("#name", "Ana")
        page.select_option("#seat-1-kind", "bot")
        page.select_option("#seat-1-level", "random")
        expect(page.locator("#clock-fields")).to_be_hidden()  # off by default
        page.check("#clock-on")
        expect(page.locator("#clock-fields")).to_be_visible()
        # a bad clock is refused with the server's words, and no table is made
        page.fill("#clock-time", "2")
        page.click("#create-button")
        expect(page.locator("#create-error")).to_contain_text("from 5 s to 1 h", timeout=10000)
        assert "/table/" not in page.url
        page.fill("#clock-time", "5")
        page.fill("#clock-increment", "0")
        page.select_option("#clock-level", "easy")
        page.click("#create-button")
        page.wait_for_url("**/table/**", timeout=20000)

        # Ana's turn comes (the bot may open the game): her clock runs on her panel and in the bar
        bar = page.locator("#clock")
        expect(bar).to_be_visible(timeout=20000)
        page.wait_for_function("() => { const s = window.cardboardTable && window.cardboardTable.state; "
                               "return s && s.clock && s.clock.running === 0; }", timeout=20000)
        panel = page.locator('#players .panel[data-seat="0"] .panel-clock')
        expect(panel).to_be_visible()
        expect(page.locator('#players .panel[data-seat="1"] .panel-clock')).to_have_count(0)  # bots have no clock
        first = _clock_ms(bar.locator(".clock-time").inner_text())
        assert 0 < first <= 5000
        assert "running" in (panel.get_attribute("class") or "")
        # the last 10 s: said once to screen readers, and the bar's clock marked
        expect(page.locator("#clock-say")).to_contain_text("Your clock:", timeout=5000)
        assert "low" in (bar.get_attribute("class") or "")
        page.wait_for_timeout(1600)
        later = _clock_ms(bar.locator(".clock-time").inner_text())
        assert later < first, (first, later)  # counting down, locally
        assert abs(_clock_ms(panel.inner_text()) - later) <= 1000  # the panel shows the same clock
        n = int(page.evaluate("document.body.dataset.n"))

        # the clock runs out: a bot (easy) decides for Ana, and the log says so
        expect(page.locator("#log")).to_contain_text("Your clock ran out: a bot (easy) played for you", timeout=20000)
        page.wait_for_function(f"() => +document.body.dataset.n > {n}", timeout=10000)
        state = page.evaluate("window.cardboardTable.state")
        assert state["clock"]["time"] == 5000 and state["clock"]["level"] == "easy"
        assert not errors, errors
    finally:
        page.close()


def test_axe_finds_no_serious_or_critical_violation_in_the_clock_box_or_the_clocks(clock_base, browser):
    pytest.importorskip("axe_playwright_python.sync_playwright")

    for width, height in ((1366, 768), (390, 844)):
        page = browser.new_page(viewport={"width": width, "height": height})
        try:
            page.goto(clock_base + "/")
            page.check("#clock-on")
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # the clock box fits a phone
            t = api(clock_base, "/api/tables", {"game": "abyss", "players": 2, "seats": [{"kind": "human"}] * 2,
                                                "clock": {"time": 600, "increment": 10}})
            token = api(clock_base, f"/api/tables/{t['id']}/join", {"name": "Ana"})["token"]
            api(clock_base, f"/api/tables/{t['id']}/join", {"name": "Ben"})
            found = []
            for url in ("/", f"/table/{t['id']}"):
                if url != "/":
                    page.evaluate(f"localStorage.setItem('cardboard:token:{t['id']}', {json.dumps(token)})")
                    page.goto(clock_base + url)
                    expect(page.locator("#clock")).to_be_visible(timeout=20000)
                    expect(page.locator("#players .panel-clock")).to_have_count(2)
                    assert page.evaluate("document.documentElement.scrollWidth") <= width
                    # the clock keeps the status bar within its limits (120 px wide screen, a quarter on a phone)
                    status = page.evaluate("document.querySelector('#status').getBoundingClientRect().height")
                    assert status <= (120 if width > 800 else height / 4), status
                found += axe_serious(page, most=None)
            mine = [(i, imp, targets) for i, imp, targets in found if "clock" in json.dumps(targets)]
            assert not mine, mine
        finally:
            page.close()
