"""The lobby over HTTP: games, tables, seats and credentials, rematches, replays, limits."""
from __future__ import annotations

import json

import cardboard

from .conftest import join, new_table, recv_state


def test_games_lists_every_registered_game_with_its_options(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert {"aban", "hideous-abomination", "abyss"} <= set(games)
    assert games["abyss"]["min_players"] == 2 and games["abyss"]["max_players"] == 4
    assert "first_player" in games["abyss"]["options"]["properties"]


def test_create_join_and_list_tables(client):
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
    assert t["status"] == "open" and t["seats"][1]["taken"] and not t["seats"][0]["taken"]
    seat = join(client, t["id"], "Ana")
    assert seat["seat"] == 0 and len(seat["token"]) >= 24
    listed = {x["id"]: x for x in client.get("/api/tables").json()}
    assert listed[t["id"]]["status"] == "running"
    assert listed[t["id"]]["seats"][0]["name"] == "Ana"
    assert "token" not in json.dumps(listed) and "token_hash" not in json.dumps(listed)


def test_bad_tables_are_refused_with_the_reason(client):
    cases = [
        ({"game": "chess", "players": 2, "seats": [{"kind": "human"}] * 2}, "unknown game"),
        ({"game": "abyss", "players": 5, "seats": [{"kind": "human"}] * 5}, "2 to 4 players"),
        ({"game": "abyss", "players": 2, "seats": [{"kind": "human"}]}, "need 2 seats"),
        ({"game": "abyss", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "genius"}]}, "unknown agent"),
        ({"game": "abyss", "players": 2, "seats": [{"kind": "human"}] * 2, "options": {"colour": 3}}, "colour"),
        ({"game": "abyss", "players": 2, "seats": [{"kind": "alien"}] * 2}, "kind"),
    ]
    for body, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code in (400, 422), (body, r.text)
        assert words in r.json()["message"], (body, r.json())
    assert client.get("/api/tables").json() == []  # nothing was made


def test_seats_fill_then_the_table_is_full(client):
    t = new_table(client)
    a = join(client, t["id"], "Ana")
    b = join(client, t["id"], "Ben")
    assert (a["seat"], b["seat"]) == (0, 1) and a["token"] != b["token"]
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": "Cy"})
    assert r.status_code == 409 and r.json()["error"] == "full"
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": "Cy", "seat": 0})
    assert r.status_code == 409 and r.json()["error"] == "taken"


def test_leave_before_the_start_frees_the_seat_and_kills_the_credential(client):
    t = new_table(client, players=3, seats=[{"kind": "human"}] * 3)
    a = join(client, t["id"], "Ana")
    join(client, t["id"], "Ben")
    r = client.post(f"/api/tables/{t['id']}/leave", json={"token": a["token"]})
    assert r.json() == {"ok": True}
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["status"] == "open" and not info["seats"][0]["taken"]
    r = client.post(f"/api/tables/{t['id']}/leave", json={"token": a["token"]})
    assert r.status_code == 403
    c = join(client, t["id"], "Cy")
    assert c["seat"] == 0


def test_unknown_table_and_forged_credentials(client):
    assert client.get("/api/tables/nope").status_code == 404
    t = new_table(client)
    join(client, t["id"])
    r = client.post(f"/api/tables/{t['id']}/leave", json={"token": "forged-token"})
    assert r.status_code == 403 and r.json()["error"] == "auth"
    with client.websocket_connect(f"/ws/tables/{t['id']}?token=forged") as ws:
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "auth"


def test_request_size_is_bounded(client):
    r = client.post("/api/tables", content=b"{" + b" " * 70_000 + b"}", headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/tables", content=b"not json", headers={"content-type": "application/json"})
    assert r.status_code == 422


def _play_out(client, t, tokens):
    """Both humans play their first legal move until the game ends; returns the last state."""
    sockets = [client.websocket_connect(f"/ws/tables/{t['id']}?token={tok}") for tok in tokens]
    wss = [s.__enter__() for s in sockets]
    try:
        last = [recv_state(ws) for ws in wss]
        while "result" not in last[0]:
            mover = last[0]["to_move"]
            m = last[mover]
            wss[mover].send_json({"type": "move", "move": m["legal"][0]["move"], "n": m["n"]})
            last = [recv_state(ws) for ws in wss]
        return last
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def test_rematch_keeps_seats_and_replay_opens_at_the_end(client):
    t = new_table(client, game="aban", players=1, seats=[{"kind": "human"}], seed=3)
    a = join(client, t["id"], "Ana")
    r = client.get(f"/api/tables/{t['id']}/replay")
    assert r.status_code == 409  # a running game has no replay
    last = _play_out(client, t, [a["token"]])
    assert last[0]["result"]["winners"] == [0]
    replay = client.get(f"/api/tables/{t['id']}/replay").json()
    assert len(replay["steps"]) == last[0]["n"] + 1
    with client.websocket_connect(f"/ws/tables/{t['id']}") as spectator:
        assert replay["steps"][-1]["view"] == recv_state(spectator)["view"]
    assert [s["n"] for s in replay["steps"]] == list(range(last[0]["n"] + 1))
    again = client.post(f"/api/tables/{t['id']}/again", json={"token": a["token"]}).json()
    assert again["previous"] == t["id"] and again["status"] == "running" and again["seats"][0]["name"] == "Ana"
    assert client.get(f"/api/tables/{t['id']}").json()["next"] == again["id"]
    with client.websocket_connect(f"/ws/tables/{again['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        assert m["seat"] == 0 and m["n"] == 0 and m["legal"]
    twice = client.post(f"/api/tables/{t['id']}/again", json={"token": a["token"]}).json()
    assert twice["id"] == again["id"]  # one rematch, however many ask


def test_each_game_web_drawing_is_served_from_its_own_folder(client):
    for game_id in cardboard.list_games():
        folder = cardboard.engine.game_class(game_id).web_folder()
        r = client.get(f"/games/{game_id}/{game_id}.js")
        if folder is None:
            assert r.status_code == 404 and r.json()["error"] == "not_found"
            continue
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
        assert r.text == (folder / f"{game_id}.js").read_text(encoding="utf-8")
    assert client.get("/games/abyss/abyss.css").headers["content-type"].startswith("text/css")
    for bad in ("/games/abyss/../game.py", "/games/abyss/%2e%2e/game.py", "/games/abyss/..%2Frules.py",
                "/games/abyss/missing.js", "/games/chess/chess.js", "/games/abyss/"):
        r = client.get(bad)
        assert r.status_code == 404, (bad, r.status_code, r.text[:80])


# ---------------------------------------------------------------- how to play (issue #23)
HOWTO_SECTIONS = ("Goal", "How scoring works", "The end")


def test_games_carry_a_summary_and_a_playing_time_for_the_lobby_cards(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game_id in ("aban", "aberration", "abomination", "abyss", "hideous-abomination", "pig"):
        g = games[game_id]
        assert 20 <= len(g["summary"]) <= 160 and "\n" not in g["summary"], (game_id, g["summary"])
        assert g["playing_time"].endswith("min") and any(c.isdigit() for c in g["playing_time"]), g
        assert g["how_to_play"] is True, game_id
    assert games["abyss"]["playing_time"] == "30-60 min"


def test_the_rules_index_is_served_as_cardboard_rules_reads_it(client):
    from cardboard.engine import game_class
    from cardboard.rules_index import parse_index

    for game_id in cardboard.list_games():
        r = client.get(f"/api/games/{game_id}/rules")
        assert r.status_code == 200, (game_id, r.text[:200])
        doc = r.json()
        want = parse_index(game_class(game_id).rules_index().read_text(encoding="utf-8"))
        assert doc["game"] == game_id and len(doc["rules"]) == len(want) > 0
        assert [(x["id"], x["section"], x["text"]) for x in doc["rules"]] == [(w.id, w.section, w.text) for w in want]
        assert set(doc["rules"][0]) == {"id", "section", "text"}  # no code or test places
    aban = {x["id"]: x for x in client.get("/api/games/aban/rules").json()["rules"]}
    assert aban["AB-E-6"]["text"] == "Whoever has the most VP wins." and aban["AB-E-6"]["section"] == "End of the Game"
    for bad in ("chess", "x" * 300):
        r = client.get(f"/api/games/{bad}/rules")
        assert r.status_code == 404 and r.json()["error"] == "not_found" and bad[:20] in r.json()["message"]
        assert client.get(f"/api/games/{bad}/howto").status_code == 404


def test_every_game_has_a_how_to_play_with_the_goal_a_turn_scoring_and_the_end(client):
    for game_id in cardboard.list_games():
        doc = client.get(f"/api/games/{game_id}/howto").json()
        html = doc["html"]
        for section in HOWTO_SECTIONS:
            assert f"<h3>{section}</h3>" in html, (game_id, section)
        assert "<h3>A turn in short</h3>" in html or "<h3>A round in short</h3>" in html, game_id
        assert "<h2" not in html and "<h1" not in html  # under the panel's own title
        assert doc["name"] and doc["summary"] and doc["min_players"] >= 1
    pig = client.get("/api/games/pig/howto").json()["html"]
    assert "<strong>Roll</strong>" in pig and "<li>" in pig


def test_how_to_play_html_is_safe_whatever_the_file_says(client, tmp_path, monkeypatch):
    from cardboard.engine import game_class

    evil = tmp_path / "HOWTO.md"
    evil.write_text("## Goal <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n"
                    "[click](javascript:alert(3)) and *fine* [ok](https://example.org)\n", encoding="utf-8")
    monkeypatch.setattr(game_class("pig"), "how_to_play", classmethod(lambda cls: evil))
    html = client.get("/api/games/pig/howto").json()["html"]
    assert "<script" not in html and "<img" not in html and 'href="javascript' not in html  # left as plain text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;img src=x onerror=alert(2)&gt;" in html
    assert "<em>fine</em>" in html and '<a href="https://example.org">ok</a>' in html
    assert html.startswith("<h3>Goal ")


def test_history_and_past_moments_refuse_bad_requests_with_the_reason(client):
    """POST .../history and .../at (issue #23): an unknown table is 404, a forged credential 403,
    a move number out of range or of the wrong type 422, an unknown field 422; nothing changes."""
    t = new_table(client, game="aban", players=1, seats=[{"kind": "human"}], seed=3)
    tid = t["id"]
    assert client.post("/api/tables/nope/history", json={}).status_code == 404
    assert client.post("/api/tables/nope/at", json={"n": 0}).status_code == 404
    assert client.post(f"/api/tables/{tid}/history", json={"token": "x" * 24}).status_code == 403
    for body in ({"n": -1}, {"n": 1}, {"n": "0"}, {"n": 10**12}, {}, {"n": 0, "extra": 1}, {"n": 0, "token": "x" * 101}):
        r = client.post(f"/api/tables/{tid}/at", json=body)
        assert r.status_code == 422, (body, r.status_code, r.text)
    for body in ({"since": -2}, {"since": "a"}, {"since": 0, "other": 1}):
        assert client.post(f"/api/tables/{tid}/history", json=body).status_code == 422, body
    r = client.post(f"/api/tables/{tid}/at", json={"n": 0})
    assert r.status_code == 200 and r.json()["n"] == 0 and r.json()["total"] == 0 and r.json()["seat"] is None
    r = client.post(f"/api/tables/{tid}/history", json={})
    assert r.status_code == 200 and r.json()["n"] == 0
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 0
