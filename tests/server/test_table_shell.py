"""The table shell of issue #23: "why not?" over the websocket, the board-first status bar,
tooltips on tables, and axe on the replay page and a generic (tree view) table.

The websocket tests run everywhere; the browser tests (marked `browser`) need Playwright and
Chromium, as tests/server/test_browser.py does."""
from __future__ import annotations

import json

import cardboard

from .conftest import join, new_table, recv_state, seed_of


def _two_humans(client, game="pig", options=None):
    t = new_table(client, game=game, seed=None, options=options)
    return t, join(client, t["id"], "Ana"), join(client, t["id"], "Ben")


def _why(ws, move, ask=None):
    doc = {"type": "why", "move": move}
    if ask is not None:
        doc["id"] = ask
    ws.send_json(doc)
    m = ws.receive_json()
    assert m["type"] == "why", m
    return m


def _error(ws):
    m = ws.receive_json()
    assert m["type"] == "error", m
    return m


def test_why_answers_the_refusal_a_move_would_get_and_changes_nothing(client):
    """The decider's "why not?" carries the very text sending the move gets (shape checks, then the
    game's reason); a legal move answers reason null; the other seat hears the turn rule and a
    spectator that it watches; nothing is played and no other page hears of it."""
    t, a, b = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa, \
            client.websocket_connect(f"/ws/tables/{t['id']}?token={b['token']}") as wb, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as spec:
        ma, mb = recv_state(wa), recv_state(wb)
        recv_state(spec)
        decider = ma["to_move"]
        wd, md = (wa, ma) if decider == 0 else (wb, mb)
        wo = wb if decider == 0 else wa
        legal = md["legal"][0]["move"]
        answer = _why(wd, legal, ask=7)
        assert answer == {"type": "why", "move": legal, "reason": None, "id": 7}
        for bad in ({"kind": "fly"}, {**legal, "extra": 1}, "roll", {"kind": legal["kind"], "nested": [[1]]}):
            reason = _why(wd, bad)["reason"]
            assert isinstance(reason, str) and reason
            wd.send_json({"type": "move", "move": bad, "n": 0})
            assert _error(wd)["message"] == reason, bad
        assert "no move of kind 'fly' is legal now" in _why(wd, {"kind": "fly"})["reason"]
        other = _why(wo, legal)["reason"]
        wo.send_json({"type": "move", "move": legal, "n": 0})
        assert _error(wo)["message"] == other and "decision" in other
        assert _why(spec, legal)["reason"].startswith("you are watching")
        # nothing was played: the next state message anyone gets is the one of the first real move
        wd.send_json({"type": "move", "move": legal, "n": 0})
        for ws in (wa, wb, spec):
            assert recv_state(ws)["n"] == 1


def test_why_keeps_the_message_limits_and_ignores_a_bad_id(client, settings):
    t, a, _ = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa:
        recv_state(wa)
        wa.send_text(json.dumps({"type": "why", "move": {"kind": "roll", "pad": "x" * settings.max_message}}))
        assert _error(wa)["code"] == "too_large"
        deep = {"kind": "roll", "x": 0}
        for _ in range(settings.max_json_depth + 2):
            deep = {"kind": "roll", "x": deep}
        wa.send_text(json.dumps({"type": "why", "move": deep}))
        assert _error(wa)["code"] == "too_deep"
        answer = _why(wa, {"kind": "fly"}, ask="x" * 41)
        assert "id" not in answer and answer["reason"]
        assert "id" not in _why(wa, {"kind": "fly"}, ask=True)


def test_why_of_a_hidden_information_game_says_what_sending_the_move_says(client):
    """In Abyss (hidden hands) the reason reasons on the asking seat's own state, exactly as its
    refusal would: the same words, for a move built from the other seat's legal list too."""
    t, a, b = _two_humans(client, game="abyss")
    game = cardboard.load_game("abyss", players=2, seed=seed_of(client, t["id"]))
    state = game.new_initial_state()
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa, \
            client.websocket_connect(f"/ws/tables/{t['id']}?token={b['token']}") as wb:
        ma, mb = recv_state(wa), recv_state(wb)
        decider = state.current_player
        wd, md = (wa, ma) if decider == 0 else (wb, mb)
        for entry in md["legal"][:3]:
            move = dict(entry["move"])
            for field, value in list(move.items()):
                if field != "kind" and isinstance(value, int):
                    move[field] = value + 97
            reason = _why(wd, move)["reason"]
            try:
                state.clone().apply_json(move)
                assert reason is None
            except cardboard.engine.IllegalAction as exc:
                assert reason == str(exc)


# ---------------------------------------------------------------------------- in the browser
import os  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

CHROMIUM = "/usr/bin/chromium"  # as table_helpers.py, which the browser tests' fixtures import (it skips a
# whole module without a browser: this one has tests that need none)
try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None
needs_browser = pytest.mark.skipif(sync_playwright is None or not os.path.exists(CHROMIUM),
                                   reason="needs Python Playwright and a Chromium at /usr/bin/chromium")
browser_test = [pytest.mark.browser, needs_browser]
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
BAR = "() => ({h: window.cardboardBarHeight(), limit: window.cardboardBarLimit(), " \
      "sideways: document.documentElement.scrollWidth > innerWidth})"
MY_TURN = "() => document.querySelector('#actions button.move:not([disabled])')"


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    """The app under uvicorn in a thread (bots and the undo check in this process)."""
    from cardboard.server.app import create_app
    from cardboard.server.settings import ServerSettings

    from .table_helpers import serving

    db = str(tmp_path_factory.mktemp("shell") / "tables.sqlite")
    app = create_app(settings=ServerSettings(db=db, bot_delay=0.05, bot_pool="thread", bot_workers=1,
                                             undo_check="inline"))
    with serving(app, tries=400) as url:
        yield url


@pytest.fixture(scope="module")
def chromium():
    from .table_helpers import headless_chromium

    with headless_chromium() as b:
        yield b


def _api(base: str, path: str, body=None):
    from .table_helpers import api

    return api(base, path, body, timeout=20)


def _page(chromium, base, table_id, token=None, viewport=DESKTOP):
    touch = viewport["width"] < 800
    ctx = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    if token:
        ctx.add_init_script(f"localStorage.setItem('cardboard:token:{table_id}', {json.dumps(token)})")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.goto(f"{base}/table/{table_id}")
    return ctx, page, errors


def _drawing(tmp_path: Path, monkeypatch, game: str, js: str) -> None:
    """Serve `js` as the game's web drawing for this test."""
    from cardboard.engine import game_class

    folder = tmp_path / f"web-{game}"
    folder.mkdir()
    (folder / f"{game}.js").write_text(js, encoding="utf-8")
    monkeypatch.setattr(game_class(game), "web_folder", classmethod(lambda cls: folder))


# A Pig drawing whose die takes the roll (a board kind) and whose "fly" target is never legal.
PIG_BOARD = """
export const boardKinds = ["roll"];
export function render(view, root, ui) {
  window.shellUi = ui;
  const roll = ui.legal.findIndex((l) => l.kind === "roll");
  const die = document.createElement("button");
  die.className = "pig-die"; die.textContent = "Roll the die";
  die.onclick = () => (roll >= 0 ? ui.pick(roll) : ui.whyNot({kind: "roll"}).then((t) => { window.whyText = t; }));
  const fly = document.createElement("button");
  fly.className = "pig-fly"; fly.textContent = "Fly";
  fly.onclick = () => ui.whyNot({kind: "fly"}).then((t) => { window.whyText = t; });
  root.append(die, fly);
}
"""


@pytest.mark.browser
@needs_browser
def test_why_not_shows_the_engines_reason_in_the_status_bar_and_resolves_with_it(web, chromium, tmp_path, monkeypatch):
    _drawing(tmp_path, monkeypatch, "pig", PIG_BOARD)
    t = _api(web, "/api/tables", {"game": "pig", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    ana = _api(web, f"/api/tables/{t['id']}/join", {"name": "Ana"})
    ben = _api(web, f"/api/tables/{t['id']}/join", {"name": "Ben"})
    first = _api(web, f"/api/tables/{t['id']}")["to_move"]
    mover, other = (ana, ben) if first == 0 else (ben, ana)
    ctx, page, errors = _page(chromium, web, t["id"], mover["token"])
    page.wait_for_selector("#board .pig-fly")
    page.wait_for_function("() => document.body.dataset.seat !== 'spectator'")
    # the roll is on the board: no button of its own, but in "All moves (1)"
    assert page.locator("#actions > button.move[data-kind=roll]").count() == 0
    assert "All moves" in page.locator("#actions details.allmoves > summary").inner_text()
    assert page.locator("#actions details.allmoves button.move[data-kind=roll]").count() == 1
    page.click("#board .pig-fly")
    page.wait_for_function("() => window.whyText !== undefined")
    said = page.locator("#notice").inner_text()
    assert said == page.evaluate("window.whyText")
    assert "No move of kind 'fly' is legal now" in said and "illegal move" not in said
    assert page.get_attribute("#notice", "role") == "alert"
    assert page.evaluate(BAR)["h"] <= 120  # the notice opens over the board
    # a legal move answers null, and says so
    assert page.evaluate("() => window.shellUi.whyNot({kind: 'roll'})") is None
    assert "legal now" in page.locator("#notice").inner_text()
    assert page.evaluate("+document.body.dataset.n") == 0  # nothing was played
    page.click("#notice")                                    # the notice goes with a click (or Esc)
    assert page.locator("#notice").inner_text() == ""
    page.click("#actions details.allmoves > summary")        # "All moves" opens over the board...
    assert page.locator("#actions .allmoves-panel button.move[data-kind=roll]").is_visible()
    assert page.evaluate(BAR)["h"] <= 120
    page.mouse.click(1200, 700)                              # ...and a press elsewhere folds it
    assert not page.locator("#actions details.allmoves").evaluate("d => d.open")
    # the other seat hears whose decision it is, by name; a spectator that it watches
    octx, opage, oerrors = _page(chromium, web, t["id"], other["token"])
    opage.wait_for_selector("#board .pig-fly")
    opage.wait_for_function("() => document.body.dataset.seat !== 'spectator'")
    text = opage.evaluate("() => window.shellUi.whyNot({kind: 'roll'})")
    assert text.startswith("It is ") and ("Ana" in text or "Ben" in text) and "seat" not in text, text
    sctx, spage, serrors = _page(chromium, web, t["id"])
    spage.wait_for_selector("#board .pig-fly")
    assert spage.evaluate("() => window.shellUi.whyNot({kind: 'roll'})").startswith("You are watching")
    assert not errors and not oerrors and not serrors, errors + oerrors + serrors
    for c in (ctx, octx, sctx):
        c.close()


# A drawing of Aban that draws nothing and takes no move on the board: every move needs a button
BLANK = "export function render(view, root, ui) { root.append('(no board)'); }\n"


@pytest.mark.browser
@needs_browser
def test_the_status_bar_folds_what_does_not_fit_into_all_moves_on_a_desktop_and_a_phone(web, chromium, tmp_path,
                                                                                         monkeypatch):
    """With many moves and no board to take them, the bar keeps its limit (<= 120 px at 1366x768,
    <= 211 px on a 390x844 phone) by folding the buttons that do not fit into "All moves (N)",
    which lists every legal move, filters them, and plays one by keyboard alone."""
    _drawing(tmp_path, monkeypatch, "aban", BLANK)
    seen_fold = {}
    for viewport in (DESKTOP, PHONE):
        t = _api(web, "/api/tables", {"game": "aban", "players": 2, "seed": 4,
                                      "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]})
        seat = _api(web, f"/api/tables/{t['id']}/join", {"name": "Ana"})
        ctx, page, errors = _page(chromium, web, t["id"], seat["token"], viewport)
        rng = random.Random(2)
        for _ in range(6):
            page.wait_for_function(MY_TURN, timeout=30000)
            bar = page.evaluate(BAR)
            assert bar["limit"] == (120 if viewport is DESKTOP else 211)
            assert bar["h"] <= bar["limit"] + 0.5 and not bar["sideways"], (viewport, bar)
            legal = page.evaluate("window.cardboardTable.state.legal.length")
            inline = page.locator("#actions > button.move-inline").count()
            if inline < legal:
                seen_fold[viewport["width"]] = True
                listed = page.locator("#actions details.allmoves button.move").count()
                assert listed == legal
                assert f"({legal})" in page.locator("#actions details.allmoves > summary").inner_text()
            if not inline:
                break
            n = page.evaluate("+document.body.dataset.n")
            page.locator("#actions > button.move-inline").nth(rng.randrange(inline)).click()
            page.wait_for_function("n => +document.body.dataset.n !== n", arg=n, timeout=30000)
        assert not errors, errors
        ctx.close()
    assert seen_fold.get(1366) and seen_fold.get(390), seen_fold

    # by keyboard alone: the fold opens with Enter, the filter takes words, Enter plays the first match
    t = _api(web, "/api/tables", {"game": "aban", "players": 2, "seed": 4,
                                  "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]})
    seat = _api(web, f"/api/tables/{t['id']}/join", {"name": "Ana"})
    ctx, page, errors = _page(chromium, web, t["id"], seat["token"])
    page.wait_for_function(MY_TURN, timeout=30000)
    for _ in range(8):
        if page.locator("#actions details.allmoves").count():
            break
        n = page.evaluate("+document.body.dataset.n")
        page.locator("#actions > button.move-inline").first.click()
        page.wait_for_function("n => +document.body.dataset.n !== n", arg=n, timeout=30000)
        page.wait_for_function(MY_TURN, timeout=30000)
    page.focus("#actions details.allmoves > summary")
    page.keyboard.press("Enter")
    assert page.locator("#actions details.allmoves").evaluate("d => d.open")
    assert page.evaluate(BAR)["h"] <= 120  # the open list lies over the board
    label = page.locator("#actions details.allmoves button.move").last.inner_text()
    page.click("#actions .move-filter")  # by pointer this time
    page.locator("#actions .move-filter").fill(label)
    page.evaluate("() => { window.cardboardRedrawn = document.querySelector('#actions .move-filter');"
                  " dispatchEvent(new Event('resize')); }")  # a redraw at the same move (as a second picture)
    page.wait_for_function("() => document.querySelector('#actions .move-filter') !== window.cardboardRedrawn")
    assert page.evaluate("() => document.activeElement.classList.contains('move-filter')"
                         " && document.activeElement.value") == label
    shown = page.locator("#actions details.allmoves button.move:visible")
    assert 1 <= shown.count() < page.evaluate("window.cardboardTable.state.legal.length")
    page.keyboard.press("ArrowDown")  # arrows walk the matches
    first = page.evaluate("() => document.activeElement.classList.contains('move') && document.activeElement.textContent")
    assert first and label in first
    page.keyboard.press("ArrowUp")
    assert page.evaluate("() => document.activeElement.classList.contains('move-filter')")
    n = page.evaluate("+document.body.dataset.n")
    page.keyboard.press("Enter")
    page.wait_for_function("n => +document.body.dataset.n !== n", arg=n, timeout=30000)
    assert not errors, errors
    ctx.close()


TIP = "() => { const t = document.querySelector('#cardboard-tip'); return t && !t.hidden ? t.textContent : null; }"


@pytest.mark.browser
@needs_browser
def test_the_shells_tooltips_open_on_hover_focus_tap_and_long_press_and_close_with_esc(web, chromium):
    t = _api(web, "/api/tables", {"game": "pig", "players": 2, "seed": 1,
                                  "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]})
    seat = _api(web, f"/api/tables/{t['id']}/join", {"name": "Ana"})
    ctx, page, errors = _page(chromium, web, t["id"], seat["token"])
    page.wait_for_function("() => document.body.dataset.seat === '0' && !document.querySelector('#leave').hidden")
    # no title-only tooltips left in the status bar
    assert page.evaluate("() => [...document.querySelectorAll('#status [title]')].map(e => e.id || e.className)") == []
    page.hover("#leave")                                     # hover
    assert "Give up your seat" in page.evaluate(TIP)
    assert "cardboard-tip" in page.get_attribute("#leave", "aria-describedby")
    page.mouse.move(600, 600)
    page.wait_for_function(f"() => ({TIP})() === null")
    page.focus("a.home")                                     # keyboard focus
    assert page.evaluate(TIP) == "Back to the lobby"
    page.keyboard.press("Escape")                            # Esc closes
    assert page.evaluate(TIP) is None
    page.click(".panel .badge.bot")                          # a click on words that do nothing else
    assert "computer player" in page.evaluate(TIP)
    page.mouse.click(700, 700)
    assert page.evaluate(TIP) is None
    ctx.close()
    # a phone: a tap on the words opens them, a long-press on a button opens its words without acting
    ctx, page, errors2 = _page(chromium, web, t["id"], seat["token"], PHONE)
    page.wait_for_function("() => document.body.dataset.seat === '0'")
    page.tap(".panel .badge.bot")
    assert "computer player" in page.evaluate(TIP)
    page.tap("#board")
    assert page.evaluate(TIP) is None
    page.evaluate("""() => document.querySelector('a.home').dispatchEvent(new PointerEvent('pointerdown',
        {pointerType: 'touch', bubbles: true}))""")
    page.wait_for_function(f"() => ({TIP})() === 'Back to the lobby'", timeout=3000)
    page.keyboard.press("Escape")
    assert page.evaluate(TIP) is None
    assert not errors and not errors2, errors + errors2
    ctx.close()


def _axe_bad(page) -> list:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.browser
@needs_browser
def test_axe_finds_no_serious_or_critical_violation_on_a_generic_table_and_the_replay_page(web, chromium):
    """Pig (a plugin game, the generic tree view) at a live decision with "All moves" open and a
    tooltip shown, then its finished game's replay page, at both sizes."""
    pytest.importorskip("axe_playwright_python.sync_playwright")
    for viewport in (DESKTOP, PHONE):
        t = _api(web, "/api/tables", {"game": "pig", "players": 2, "seed": 5, "options": {"target": 12},
                                      "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]})
        seat = _api(web, f"/api/tables/{t['id']}/join", {"name": "Ana"})
        ctx, page, errors = _page(chromium, web, t["id"], seat["token"], viewport)
        page.wait_for_selector("#board .tree-view")
        page.wait_for_function(MY_TURN, timeout=30000)
        bar = page.evaluate(BAR)
        assert bar["h"] <= bar["limit"] + 0.5 and not bar["sideways"], bar
        page.focus("a.home")  # a tooltip open
        assert _axe_bad(page) == []
        # play it out (roll twice, then hold), then the replay of the finished game
        k = 0
        while page.locator("#final").is_hidden():
            page.wait_for_function(MY_TURN + " || !document.querySelector('#final').hidden", timeout=30000)
            if not page.locator("#final").is_hidden():
                break
            n = page.evaluate("+document.body.dataset.n")
            kind = "hold" if k % 3 == 2 else "roll"
            button = page.locator(f"#actions > button.move[data-kind={kind}]")
            (button if button.count() else page.locator("#actions > button.move").first).click()
            page.wait_for_function("n => +document.body.dataset.n !== n", arg=n, timeout=30000)
            k += 1
            assert k < 400
        assert _axe_bad(page) == []  # the results panel
        page.click("#replay")
        page.wait_for_selector("body[data-step]")
        page.click("#prev")
        page.focus("#next")  # its words open
        assert page.evaluate(TIP) == "Next (→)"
        assert _axe_bad(page) == [], viewport
        assert not errors, errors
        ctx.close()
