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
