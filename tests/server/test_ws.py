"""Playing over the websocket: turns, refusals, hidden information, bots and undo."""
from __future__ import annotations

import json
import random

import cardboard

from .conftest import join, new_table, recv_state, seed_of


def _error(ws):
    m = ws.receive_json()
    assert m["type"] == "error", m
    return m


def _two_humans(client, game="abyss"):
    """A table of two people (the server deals: a seed is chosen only at a table of one)."""
    t = new_table(client, game=game, seed=None)
    return t, join(client, t["id"], "Ana"), join(client, t["id"], "Ben")


def test_each_seat_sees_its_view_and_only_the_decider_gets_moves(client):
    t, a, b = _two_humans(client)
    game = cardboard.load_game("abyss", players=2, seed=seed_of(client, t["id"]))
    state = game.new_initial_state()
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa, \
            client.websocket_connect(f"/ws/tables/{t['id']}?token={b['token']}") as wb, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as spec:
        ma, mb, ms = recv_state(wa), recv_state(wb), recv_state(spec)
        assert ma["view"] == state.view(0) and mb["view"] == state.view(1) and ms["view"] == state.view(None)
        decider = state.current_player
        mine, theirs = (ma, mb) if decider == 0 else (mb, ma)
        assert [x["move"] for x in mine["legal"]] == [x.to_json() for x in state.legal_actions()]
        assert theirs["legal"] == [] and ms["legal"] == [] and ms["seat"] is None
        # a move reaches every page at once
        (wa if decider == 0 else wb).send_json({"type": "move", "move": mine["legal"][0]["move"], "n": 0})
        state.apply_json(mine["legal"][0]["move"])
        for ws, seat in ((wa, 0), (wb, 1), (spec, None)):
            m = recv_state(ws)
            assert m["n"] == 1 and m["view"] == state.view(seat) and m["last"] == {"seat": decider, "n": 0}


def test_refused_moves_change_nothing(client):
    t, a, b = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa, \
            client.websocket_connect(f"/ws/tables/{t['id']}?token={b['token']}") as wb, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as spec:
        ma, mb = recv_state(wa), recv_state(wb)
        recv_state(spec)
        decider = ma["to_move"]
        wd, md = (wa, ma) if decider == 0 else (wb, mb)
        wo = wb if decider == 0 else wa
        good = md["legal"][0]["move"]
        wo.send_json({"type": "move", "move": good, "n": 0})
        assert _error(wo)["code"] == "not_your_turn"
        spec.send_json({"type": "move", "move": good, "n": 0})
        assert _error(spec)["code"] == "auth"
        wd.send_json({"type": "move", "move": good, "n": 5})
        assert _error(wd)["code"] == "stale"
        wd.send_json({"type": "move", "move": {"kind": "recruit", "lord": "nobody"}, "n": 0})
        e = _error(wd)
        assert e["code"] == "illegal" and "[AY-" in e["message"]
        wd.send_json({"type": "move", "move": "explore", "n": 0})
        assert _error(wd)["code"] == "bad_message"
        wd.send_text("{not json")
        assert _error(wd)["code"] == "bad_message"
        wd.send_text(json.dumps({"type": "move", "move": {"kind": "x", "pad": "y" * 20_000}, "n": 0}))
        assert _error(wd)["code"] == "too_large"
        wd.send_json({"type": "dance"})
        assert _error(wd)["code"] == "bad_message"
        wd.send_json({"type": "ping"})
        assert wd.receive_json() == {"type": "pong"}
        # nothing moved: the good move is still good at n = 0
        wd.send_json({"type": "move", "move": good, "n": 0})
        assert recv_state(wd)["n"] == 1


def test_no_move_before_every_seat_is_taken(client):
    t = new_table(client)
    a = join(client, t["id"], "Ana")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa:
        m = recv_state(wa)
        assert m["table"]["status"] == "open" and m["legal"] == []
        state = cardboard.load_game("abyss", players=2, seed=seed_of(client, t["id"])).new_initial_state()
        wa.send_json({"type": "move", "move": state.legal_actions()[0].to_json(), "n": 0})
        assert _error(wa)["code"] in ("waiting", "not_your_turn")
        join(client, t["id"], "Ben")
        assert recv_state(wa)["table"]["status"] == "running"


def _hands_and_secrets(state, seat):
    """Things seat must never receive: other hands and Council contents as card lists, and
    other seats' token values (as the dump names them)."""
    return state._dump()["hidden"]


def test_no_message_holds_what_its_reader_may_not_see(client):
    """A whole Abyss game: every message to a seat equals view(seat) of the true state, and a
    view of seat s never has another seat's hand, Monster token values or the Council's cards."""
    t, a, b = _two_humans(client)
    game = cardboard.load_game("abyss", players=2, seed=seed_of(client, t["id"]))
    state = game.new_initial_state()
    rnd = random.Random(3)
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa, \
            client.websocket_connect(f"/ws/tables/{t['id']}?token={b['token']}") as wb, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as spec:
        socks = {0: wa, 1: wb, None: spec}
        last = {s: recv_state(ws) for s, ws in socks.items()}
        steps = 0
        while not state.is_terminal():
            for s, m in last.items():
                assert m["view"] == state.view(s)
                over = state.is_terminal()
                for other in (0, 1):
                    entry = m["view"]["seats"][other]
                    if other != s:
                        assert "hand" not in entry and ("token_values" not in entry or over)
                assert "hidden" not in m["view"] and "rng" not in json.dumps(m)
            mover = state.current_player
            choice = rnd.choice(last[mover]["legal"])["move"]
            socks[mover].send_json({"type": "move", "move": choice, "n": last[mover]["n"]})
            state.apply_json(choice)
            last = {s: recv_state(ws) for s, ws in socks.items()}
            steps += 1
        assert last[None]["result"]["winners"] == state.winners() and steps > 50


def test_bots_play_their_seats(client):
    t = new_table(client, game="hideous-abomination", players=3, seed=5,
                  seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "easy"}])
    a = join(client, t["id"], "Ana")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa:
        m = recv_state(wa)
        moves = 0
        while "result" not in m and moves < 40:
            if m["legal"]:
                wa.send_json({"type": "move", "move": m["legal"][0]["move"], "n": m["n"]})
                moves += 1
            m = recv_state(wa)
        seats = {e["seat"] for e in client.get(f"/api/tables/{t['id']}").json()["seats"]}
        assert seats == {0, 1, 2}
        assert m["n"] > moves  # the bots moved in between
        log = " ".join(m["view"]["log"])
        assert "seat 1" in log and "seat 2" in log


def test_undo_takes_back_a_move_that_revealed_nothing(client):
    """Against a bot, a step of one's own turn that showed nothing new (playing a tile from the
    hand) can be taken back; a roll or a blind draw cannot."""
    t = new_table(client, game="hideous-abomination", players=2, seed=3,
                  seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    a = join(client, t["id"], "Ana")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        assert m["can_undo"] is False  # nothing played yet
        ws.send_json({"type": "undo"})
        assert _error(ws)["code"] == "no_undo"
        seen = {}  # n -> the picture this seat had when it moved at n
        undone = 0
        while "result" not in m and m["n"] < 150:
            if m["to_move"] != 0:
                m = recv_state(ws)
                continue
            if m["can_undo"] and undone < 3:
                ws.send_json({"type": "undo"})
                back = recv_state(ws)
                mine = max(seen)
                assert back["n"] == mine  # back to just before this seat's last move
                assert back["view"] == seen[mine]["view"] and back["legal"] == seen[mine]["legal"]
                undone += 1
                m = back
            seen[m["n"]] = m
            ws.send_json({"type": "move", "move": m["legal"][-1 if undone % 2 == 0 else 0]["move"], "n": m["n"]})
            m = recv_state(ws)
        assert undone >= 1


def test_undo_is_refused_with_another_human_or_after_a_reveal(client):
    t, a, b = _two_humans(client, game="abyss")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa, \
            client.websocket_connect(f"/ws/tables/{t['id']}?token={b['token']}") as wb:
        ma, mb = recv_state(wa), recv_state(wb)
        wd, md = (wa, ma) if ma["to_move"] == 0 else (wb, mb)
        wd.send_json({"type": "move", "move": md["legal"][0]["move"], "n": 0})
        ma, mb = recv_state(wa), recv_state(wb)
        assert not ma["can_undo"] and not mb["can_undo"]
        wd.send_json({"type": "undo"})
        assert _error(wd)["code"] == "no_undo"
    # alone against a bot: an exploration reveals a card, so it cannot be taken back
    t = new_table(client, game="abyss", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
                  options={"first_player": 0})
    a = join(client, t["id"], "Ana")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa:
        m = recv_state(wa)
        explore = next(x for x in m["legal"] if x["kind"] == "explore")
        wa.send_json({"type": "move", "move": explore["move"], "n": m["n"]})
        m = recv_state(wa)
        assert m["can_undo"] is False


# ---------------------------------------------------------------------------- credential in a message (issue #23)
def _until_seat(ws, seat, limit=3):
    """State messages until one of `seat`'s viewpoint (a spectator's picture may come first)."""
    for _ in range(limit):
        m = recv_state(ws)
        if m["seat"] == seat:
            return m
        assert m["seat"] is None, m  # only the public picture before the hello is answered
    raise AssertionError(f"no picture of seat {seat}")


def test_a_hello_message_carries_the_credential_instead_of_the_url(client):
    t, a, b = _two_humans(client)
    game = cardboard.load_game("abyss", players=2, seed=seed_of(client, t["id"]))
    state = game.new_initial_state()
    decider = state.current_player
    tok = (a, b)[decider]["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as other:
        ws.send_json({"type": "hello", "token": tok})
        m = _until_seat(ws, decider)
        assert m["view"] == state.view(decider)
        assert [x["move"] for x in m["legal"]] == [x.to_json() for x in state.legal_actions()]
        ms = recv_state(other)  # a socket without a hello stays a spectator's
        assert ms["seat"] is None and ms["legal"] == []
        # the hello's credential is the socket's: its moves are the seat's
        ws.send_json({"type": "move", "move": m["legal"][0]["move"], "n": 0})
        state.apply_json(m["legal"][0]["move"])
        m = recv_state(ws)
        assert m["n"] == 1 and m["seat"] == decider and m["view"] == state.view(decider)
        assert recv_state(other)["view"] == state.view(None)
        # a hello with no token makes the socket a spectator's again
        ws.send_json({"type": "hello", "token": None})
        m = recv_state(ws)
        assert m["seat"] is None and m["view"] == state.view(None) and m["legal"] == []
        ws.send_json({"type": "move", "move": {"kind": "pass"}, "n": 1})
        assert _error(ws)["code"] == "auth"


def test_a_hello_with_a_foreign_credential_closes_the_socket_and_changes_nothing(client):
    from starlette.websockets import WebSocketDisconnect

    t, a, b = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        assert recv_state(ws)["seat"] is None
        ws.send_json({"type": "hello", "token": 42})  # not a string: refused, the socket stays
        assert _error(ws)["code"] == "bad_message"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "hello", "token": "forged"})
        assert _error(ws)["code"] == "auth"
        try:
            ws.receive_json()
            raise AssertionError("the socket stayed open")
        except WebSocketDisconnect as exc:
            assert exc.code == 4403
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": a["token"]})
        m = _until_seat(ws, 0)
        assert m["n"] == 0 and client.get(f"/api/tables/{t['id']}").json()["moves"] == 0


# ---------------------------------------------------------------------------- issue #23: the whole log, the past, undo's reason
def _merge(lines, upto, m):
    """A page's rule for a state message's log_tail: (lines, upto) after it, or None to fetch."""
    t = m["log_tail"]
    if t is None or upto is None or t["from"] > upto:
        return None
    return [e for e in lines if e[0] <= t["from"]] + t["lines"], m["n"]


def test_the_whole_log_is_kept_and_each_message_brings_its_new_lines(client):
    """Aban! views keep their newest 60 lines; the server keeps them all, per viewpoint: the tails
    of the state messages, put together, are the history endpoint's log, and every view's log
    (each moment's last lines) is the end of the whole log as it stood then."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    t = new_table(client, game="aban", players=2, seats=seats, seed=5)
    a = join(client, t["id"], "Ana")
    rng = random.Random(2)
    lines, upto = [], None
    views = {}
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        while True:
            merged = _merge(lines, upto, m) if upto is not None else (m["log_tail"]["lines"], m["n"]) \
                if m["log_tail"] and m["log_tail"]["from"] == -1 else None
            assert merged is not None, m["n"]  # one socket that reads every message never has to fetch
            lines, upto = merged
            views[m["n"]] = m["view"]["log"]
            if m.get("result"):
                break
            if m["legal"]:
                ws.send_json({"type": "move", "move": rng.choice(m["legal"])["move"], "n": m["n"]})
            m = recv_state(ws)
    whole = client.post(f"/api/tables/{t['id']}/history", json={"token": a["token"]}).json()
    assert whole["n"] == upto and [tuple(e) for e in whole["lines"]] == [tuple(e) for e in lines]
    assert len(lines) > max(len(v) for v in views.values()) == 60  # more than a view keeps
    for n, log in views.items():
        upto_n = [text for k, text in lines if k <= n]
        assert upto_n[len(upto_n) - len(log):] == log, n
    # from a move on, and refused with a reason
    later = client.post(f"/api/tables/{t['id']}/history", json={"token": a["token"], "since": 10}).json()
    assert later["lines"] == [e for e in whole["lines"] if e[0] > 10]
    assert client.post(f"/api/tables/{t['id']}/history", json={"token": "forged"}).status_code == 403
    assert client.post(f"/api/tables/{t['id']}/history", json={"since": -2}).status_code == 422


def test_a_past_moment_is_the_seats_own_view_then_and_a_spectators_public_one(client):
    t, a, b = _two_humans(client)
    rng = random.Random(4)
    toks = [a["token"], b["token"]]
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as wa, \
            client.websocket_connect(f"/ws/tables/{t['id']}?token={b['token']}") as wb:
        socks = [wa, wb]
        ms = [recv_state(wa), recv_state(wb)]
        while ms[0]["n"] < 12:
            s = ms[0]["to_move"]
            m = ms[s]
            socks[s].send_json({"type": "move", "move": rng.choice(m["legal"])["move"], "n": m["n"]})
            ms = [recv_state(wa), recv_state(wb)]
            while ms[0]["n"] != ms[1]["n"]:
                ms = [recv_state(wa) if ms[0]["n"] < ms[1]["n"] else ms[0], recv_state(wb) if ms[1]["n"] < ms[0]["n"] else ms[1]]
    moves = [e["move"] for e in client.app.state.service.table(t["id"]).log]
    game = cardboard.load_game("abyss", players=2, seed=seed_of(client, t["id"]))
    for n in (0, 5, 12):
        state = game.replay(moves[:n])
        for seat, tok in ((0, toks[0]), (1, toks[1]), (None, "")):
            r = client.post(f"/api/tables/{t['id']}/at", json={"token": tok, "n": n})
            assert r.status_code == 200, r.text
            doc = r.json()
            assert doc["n"] == n and doc["total"] == 12 and doc["seat"] == seat
            assert doc["view"] == json.loads(json.dumps(state.view(seat)))  # that moment's own view, nothing more
    assert client.post(f"/api/tables/{t['id']}/at", json={"n": 13}).status_code == 422
    assert client.post(f"/api/tables/{t['id']}/at", json={"n": 3, "token": "forged"}).status_code == 403


def test_undo_says_why_it_is_unavailable(client):
    """Each state message's `undo` names the reason (a code and words) whenever can_undo is false."""
    solo = new_table(client, game="aban", players=1, seats=[{"kind": "human"}], seed=3)
    a = join(client, solo["id"], "Ana")
    with client.websocket_connect(f"/ws/tables/{solo['id']}?token={a['token']}") as ws, \
            client.websocket_connect(f"/ws/tables/{solo['id']}") as spec:
        m = recv_state(ws)
        assert not m["can_undo"] and m["undo"]["code"] == "nothing" and m["undo"]["why"]
        assert recv_state(spec)["undo"]["code"] == "spectator"
        ws.send_json({"type": "move", "move": m["legal"][0]["move"], "n": m["n"]})
        m = recv_state(ws)
        assert not m["can_undo"] and m["undo"] == {"code": "roll", "why": "no undo after a roll: your move drew chance"}
    t, a, b = _two_humans(client, game="aban")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        if m["legal"]:
            ws.send_json({"type": "move", "move": m["legal"][0]["move"], "n": m["n"]})
            m = recv_state(ws)
        assert m["undo"] == {"code": "others", "why": "another person plays at this table"}
    t = new_table(client, game="aban", players=2, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=3)
    a = join(client, t["id"], "Ana")
    codes = set()
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        while not m.get("result") and len(codes) < 3:
            codes.add(None if m["can_undo"] else m["undo"]["code"])
            assert (m["undo"] is None) == m["can_undo"]
            if m["legal"]:
                ws.send_json({"type": "move", "move": m["legal"][0]["move"], "n": m["n"]})
            m = recv_state(ws)
    assert {None, "bot_chance"} <= codes, codes
