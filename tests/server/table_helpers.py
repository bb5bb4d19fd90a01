"""What the browser tests of the web table share (tests/server/test_browser.py, test_table_clocks.py
and the per-game test_table_<game>.py): the Playwright/Chromium guard, the server and browser
fixtures, a seated page, what a page shows at a decision, the status-bar checks, axe, screenshots.

Importing this module skips the importing test module on a machine without Python Playwright or a
Chromium at /usr/bin/chromium. A test module gets the fixtures by importing them
(`from .table_helpers import base, browser`): pytest finds them in that module, so each module
has its own server and browser (module scope), as when each file defined them.
"""
from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: F401  (for the tests)
    from playwright.sync_api import expect, sync_playwright  # noqa: F401
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

if sync_playwright is None:
    pytest.skip("Python Playwright is not installed (pip install playwright)", allow_module_level=True)
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)

import uvicorn  # noqa: E402

from cardboard.server.app import create_app  # noqa: E402

# the pictures of docs/screenshots/, written only with CARDBOARD_SCREENSHOTS=1
DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WANT_SHOTS = os.environ.get("CARDBOARD_SCREENSHOTS") == "1"


# ---------------------------------------------------------------------------- the server and the browser
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(app, tries: int = 200):
    """`app` under uvicorn in a thread on a free port, until the block ends: yields its URL once
    /api/games answers."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(tries):
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.05)
    else:
        pytest.fail("the web table did not start")
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """The web table on a temporary SQLite file, bots pausing 0.05 s."""
    with serving(create_app(db=str(tmp_path_factory.mktemp("web") / "tables.sqlite"), bot_delay=0.05)) as url:
        yield url


@contextmanager
def headless_chromium():
    """Chromium under Playwright, headless, until the block ends."""
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def browser():
    with headless_chromium() as b:
        yield b


def watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    def console(m):
        # a game without its own drawing (no web/<id>.js) falls back to the tree view
        if m.type == "error" and "/games/" not in (m.location or {}).get("url", ""):
            errors.append(f"console: {m.text}")
    page.on("console", console)
    return errors


def api(base: str, path: str, body=None, timeout: float = 10):
    req = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


# ---------------------------------------------------------------------------- a seated page
BOT = [{"kind": "human"}, {"kind": "bot", "level": "random"}]   # Ana and a random bot
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def seated_page(browser, base, game: str, players: int, seats: list, viewport: dict, seed: int,
                options: dict | None = None, ready: str = "body[data-n]", touch: bool = False):
    """A table made by the API, joined as Ana, opened in a new browser context with her token;
    returns (table, context, page, errors) once `ready` is on the page. `touch`: a phone (touch
    events, a mobile viewport)."""
    t = api(base, "/api/tables", {"game": game, "players": players, "options": options or {}, "seats": seats,
                                  "seed": seed})
    seat = api(base, f"/api/tables/{t['id']}/join", {"name": "Ana"})
    ctx = browser.new_context(viewport=viewport, **({"has_touch": True, "is_mobile": True} if touch else {}))
    ctx.add_init_script(f"localStorage.setItem('cardboard:token:{t['id']}', {json.dumps(seat['token'])})")
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/table/{t['id']}")
    page.wait_for_selector(ready, timeout=30000)
    return t, ctx, page, errors


# ---------------------------------------------------------------------------- a decision
# what the page shows in one round trip; `extra` adds fields (", name: <expression>")
LOOK = """() => {
  const t = window.cardboardTable, m = t && t.state;
  const st = document.querySelector('#status').getBoundingClientRect();
  return {n: +(document.body.dataset.n ?? -1), over: !document.querySelector('#final').hidden,
    mine: !!(m && m.legal && m.legal.length && !t.busy), legal: m ? m.legal || [] : [], seat: m ? m.seat : null,
    status: st.height, scroll: document.documentElement.scrollWidth, width: innerWidth%s};
}"""


def look(page, extra: str = "") -> dict:
    return page.evaluate(LOOK % extra)


def wait_for_turn(page, timeout: float = 30.0, extra: str = "") -> dict:
    """Until this page may decide or the game is over (bots move meanwhile)."""
    end = time.monotonic() + timeout
    while True:
        seen = look(page, extra)
        if seen["over"] or seen["mine"]:
            return seen
        assert time.monotonic() < end, "no decision came"
        page.wait_for_timeout(30)


def lookers(extra: str):
    """look() and wait_for_turn() that also read `extra` (fields of a game's own, for its checks)."""
    return (lambda page: look(page, extra)), (lambda page, timeout=30.0: wait_for_turn(page, timeout, extra))


def assert_fits(seen: dict, limit: float, where: str) -> None:
    """The status bar at most `limit` px high, and nothing wider than the page."""
    assert seen["status"] <= limit, f"{where}: the status bar is {seen['status']:.0f} px high (limit {limit:.0f})"
    assert seen["scroll"] <= seen["width"], f"{where}: the page scrolls sideways ({seen['scroll']} > {seen['width']})"


def moved(page, n: int, timeout: int = 20000) -> None:
    """Until the page shows another move count than `n`."""
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=n, timeout=timeout)


def click(page, selector: str) -> None:
    page.locator(selector).first.click(timeout=10000)


def calm(page) -> None:
    """The pointer off the board, and a tooltip it opened closed (it may lie over the next target)."""
    page.mouse.move(1, 1)
    page.wait_for_function("() => { const t = document.getElementById('cardboard-tip'); return !t || t.hidden; }",
                           timeout=5000)


def assert_results_in_view(page, total_row: bool = False) -> None:
    """The results panel shown, its top in the viewport, one score table (with its total row)."""
    final = page.locator("#final")
    assert final.is_visible()
    box = final.bounding_box()
    vp = page.viewport_size
    assert box and box["y"] >= 0 and box["y"] < vp["height"] and box["x"] < vp["width"], box
    assert page.locator("#final table.scores").count() == 1
    if total_row:
        assert page.locator("#final table.scores tr.row-total").count() == 1


def board_kinds(page, game: str) -> set:
    """The kinds of move `game`'s drawing takes on its board (its module's boardKinds)."""
    return set(page.evaluate("async (g) => (await import(`/games/${g}/${g}.js`)).boardKinds", game))


def bar_move(page, rng, legal_kinds: set, kinds_on_board: set) -> None:
    """A move by a status-bar button (opening "All moves" where a narrow bar folded them all): one of
    a kind the board does not take, which must be the kind of every button the bar shows."""
    buttons = page.locator("#actions button.move-inline:visible")
    nb = buttons.count()
    if not nb:   # the bar folded them all into "All moves" (a narrow screen): open it
        page.locator("#actions details.allmoves > summary").click()
        buttons = page.locator("#actions details.allmoves button.move:visible")
        nb = buttons.count()
    assert nb, f"a decision with no board target and no button: {sorted(legal_kinds)}"
    b = buttons.nth(rng.randrange(nb))
    if b.get_attribute("data-kind") in kinds_on_board:
        b = next((buttons.nth(k) for k in range(nb) if buttons.nth(k).get_attribute("data-kind") not in kinds_on_board), b)
    kind = b.get_attribute("data-kind")
    assert kind not in kinds_on_board, f"{kind} has a button though the board takes it"
    b.click()


def board_only(page, move) -> None:
    """A step of play_decisions for a board that takes every move: no move button of the status bar
    shown unfolded, then `move()` by the board, then its answer waited for."""
    def step(seen, k):
        assert page.locator("#actions button.move:visible").count() == 0  # the board takes every move
        move(seen, k)
        moved(page, seen["n"])
    return step


def shot_at(at: int, shoot, step):
    """`step` (of play_decisions) that first calls `shoot()` at decision `at` (a picture mid-game)."""
    def wrapped(seen, k):
        if k == at:
            shoot()
        step(seen, k)
    return wrapped


def play_decisions(page, step, limit: float, *, wait=wait_for_turn, fits=assert_fits, first: int | None = None,
                   board_top: bool = False, most: int = 300, seconds: float | None = None) -> tuple[int, list]:
    """This page's decisions, each made by `step(seen, k)` (one move, waited for), until the results,
    or only the `first` ones (then the game may go on; with `board_top` the board must start right
    under the status bar). Before each: `fits(seen, limit, where)` (the status bar within `limit`).
    Returns (decisions made, the status bar's heights). At most `most` decisions and `seconds` s."""
    heights, decisions, start = [], 0, time.monotonic()
    while first is None or decisions < first:
        seen = wait(page)
        if seen["over"]:
            break
        fits(seen, limit, f"{'phone ' if first else ''}decision {decisions} (move {seen['n']})")
        heights.append(seen["status"])
        if board_top:
            top = page.evaluate("document.querySelector('#board').getBoundingClientRect().top")
            assert top <= limit + 40, f"the board starts at {top:.0f} px"
        step(seen, decisions)
        decisions += 1
        assert decisions < most and (seconds is None or time.monotonic() - start < seconds), "the game did not end"
    return decisions, heights


def axe_serious(page, context: str | None = None, most: int | None = 3) -> list:
    """axe-core's serious and critical violations on the page (or inside `context`): (id, impact,
    the first `most` targets, all with None) each. Skips the test without axe-playwright-python."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    results = axe.Axe().run(page, **({"context": context} if context else {}))
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:most])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def doc_screenshot(page, name: str | None, top: bool = True, blur: bool = False) -> None:
    """docs/screenshots/<name>.png as a reader sees the page (only with CARDBOARD_SCREENSHOTS=1):
    scrolled to the top (the status bar, then the board) unless `top` is false, the pointer off the
    board, the focus taken away with `blur`."""
    if not (WANT_SHOTS and name):
        return
    DOC_SHOTS.mkdir(parents=True, exist_ok=True)
    if top:
        page.evaluate("() => { scrollTo(0, 0); for (const e of document.querySelectorAll('*'))"
                      " if (e.scrollTop && e.id !== 'log') e.scrollTop = 0; }")
    if blur:
        page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); }")
    page.mouse.move(1, 1)
    page.wait_for_timeout(200)
    page.screenshot(path=str(DOC_SHOTS / f"{name}.png"))
