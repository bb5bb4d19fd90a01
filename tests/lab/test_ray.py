"""The Ray backend on a two-node cluster on this machine gives the store the local backend gives."""
from __future__ import annotations

import pytest

from cardboard.lab import run_campaign

from .test_runs import reference, rows, small  # noqa: F401 - the module fixture is shared

pytestmark = pytest.mark.ray


def test_ray_backend_on_a_two_node_cluster_gives_the_same_store(ray_cluster, tmp_path, reference):  # noqa: F811
    import ray

    path = tmp_path / "ray.sqlite"
    summary = run_campaign(small(), path, backend="ray", address=ray_cluster, show=False)
    assert summary["workers"] == 2 and summary["errors"] == 0
    assert rows(path) == reference
    assert len([n for n in ray.nodes() if n["Alive"]]) == 2
