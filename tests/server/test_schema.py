"""The lobby API against its own OpenAPI schema, with schemathesis: whatever it sends, the
server answers without a 5xx (issue #24)."""
from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from cardboard.server.app import create_app  # noqa: E402
from cardboard.server.settings import LOOPBACK, ServerSettings  # noqa: E402

app = create_app(settings=ServerSettings(db=":memory:", bot_delay=0, bot_pool="thread", bot_workers=1,
                                         allowed_hosts=(*LOOPBACK, "testserver"), tables_per_hour=10_000))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_never_answers_5xx(case):
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, case.body, response.text[:300])
    assert response.headers.get("x-content-type-options") in (["nosniff"], "nosniff")
