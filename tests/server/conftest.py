"""A web table app on an in-memory store, with bots that do not pause."""
from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)

from fastapi.testclient import TestClient  # noqa: E402

from cardboard.server.app import create_app  # noqa: E402


@pytest.fixture
def client(tmp_path):
    app = create_app(db=str(tmp_path / "tables.sqlite"), bot_delay=0)
    with TestClient(app) as c:
        yield c


def new_table(client, game="abyss", players=2, seats=None, options=None, seed=7):
    seats = seats or [{"kind": "human"}] * players
    r = client.post("/api/tables", json={"game": game, "players": players, "seats": seats,
                                         "options": options or {}, "seed": seed})
    assert r.status_code == 200, r.text
    return r.json()


def join(client, table_id, name="Ana", seat=None):
    body = {"name": name} if seat is None else {"name": name, "seat": seat}
    r = client.post(f"/api/tables/{table_id}/join", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def recv_state(ws):
    """The next state message (errors fail the test)."""
    m = ws.receive_json()
    assert m["type"] == "state", m
    return m
