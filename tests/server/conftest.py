"""A web table app on a temporary store, with bots that do not pause."""
from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)

from fastapi.testclient import TestClient  # noqa: E402

from cardboard.server.app import create_app  # noqa: E402
from cardboard.server.settings import LOOPBACK, ServerSettings  # noqa: E402


def test_settings(tmp_path, **changes) -> ServerSettings:
    """The server's settings for tests: TestClient's host 'testserver' allowed, bots in threads
    (cheap levels only: the process pool has its own test), no pause before a bot's move, the
    undo check inline (so can_undo is in the move's own message; the worker has its own test)."""
    base = {"db": str(tmp_path / "tables.sqlite"), "bot_delay": 0, "bot_pool": "thread", "bot_workers": 2,
            "allowed_hosts": (*LOOPBACK, "testserver"), "synchronous": "NORMAL", "undo_check": "inline"}
    return ServerSettings(**(base | changes))


test_settings.__test__ = False  # a helper, not a test


@pytest.fixture
def settings(tmp_path):
    return test_settings(tmp_path)


@pytest.fixture
def client(settings):
    app = create_app(settings=settings)
    with TestClient(app) as c:
        yield c


def new_table(client, game="abyss", players=2, seats=None, options=None, seed=7):
    """A table; a seed is sent only where one may be chosen (one human seat)."""
    seats = seats or [{"kind": "human"}] * players
    body = {"game": game, "players": players, "seats": seats, "options": options or {}}
    if seed is not None and sum(s["kind"] == "human" for s in seats) <= 1:
        body["seed"] = seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def seed_of(client, table_id) -> int:
    """The table's seed as the server keeps it (tests replay games locally with it)."""
    return client.app.state.service.store.get(table_id).seed


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
