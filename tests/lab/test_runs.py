"""Same results everywhere (local at 1 and 2 workers, in-process, Ray), resume after a kill,
a store for one campaign only, a crashing game kept as a record."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardboard.engine import ConfigError
from cardboard.lab import Store, run_campaign

from .helpers import campaign

ROOT = Path(__file__).resolve().parents[2]


def small():
    return campaign(players=[2, 3], games=5, variants=[{"name": "jailer8", "content": {"set": {"lords.jailer.cost": 8}},
                                                        "focus": {"feature": "lord.jailer"}}])


def rows(path):
    store = Store(path)
    try:
        return store.rows(times=False)
    finally:
        store.close()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    path = tmp_path_factory.mktemp("ref") / "inline.sqlite"
    summary = run_campaign(small(), path, workers=0, show=False)
    assert summary["played"] == summary["stored"] == 2 * 2 * 5 and summary["errors"] == 0
    return rows(path)


def test_local_backend_at_one_and_two_workers_gives_the_same_store(tmp_path, reference):
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.sqlite"
        summary = run_campaign(small(), path, backend="local", workers=workers, show=False)
        assert summary["workers"] == workers
        assert rows(path) == reference
    # every record has what the issue asks for
    r = reference[0]
    assert {"seed", "cell", "agents", "scores", "winners", "moves", "features"} <= set(r)
    assert len(r["features"]) == r["players"] and "lord.jailer" in r["features"][0]
    assert {x["variant"] for x in reference} == {"base", "jailer8"}


def test_a_resumed_run_adds_only_what_is_missing(tmp_path, reference):
    path = tmp_path / "part.sqlite"
    first = run_campaign(small(), path, workers=0, show=False, stop_after=7)
    assert 7 <= first["stored"] < 20
    again = run_campaign(small(), path, workers=0, show=False)
    assert again["planned"] == 20 - first["stored"] and again["stored"] == 20
    assert rows(path) == reference
    assert run_campaign(small(), path, workers=0, show=False)["planned"] == 0


def test_more_games_continue_a_store_and_another_campaign_is_refused(tmp_path):
    path = tmp_path / "s.sqlite"
    run_campaign(campaign(players=[2], games=2), path, workers=0, show=False)
    more = run_campaign(campaign(players=[2], games=3), path, workers=0, show=False)
    assert more["planned"] == 1 and more["stored"] == 3
    with pytest.raises(ConfigError, match="holds games of another campaign"):
        run_campaign(campaign(players=[2], games=3, seed=2), path, workers=0, show=False)


def test_a_game_that_fails_is_stored_with_its_error_and_the_run_goes_on(tmp_path):
    path = tmp_path / "e.sqlite"
    summary = run_campaign(campaign(players=[2], games=3, max_moves=5), path, workers=0, show=False)
    assert summary["errors"] == 3 and summary["stored"] == 3
    assert all("did not end in 5 moves" in r["error"] for r in rows(path))


def test_a_campaign_killed_mid_run_and_resumed_equals_an_uninterrupted_one(tmp_path, reference):
    """`cardboard lab run` killed (SIGKILL: no clean-up at all) once some games are stored, then run again."""
    spec = tmp_path / "c.toml"
    spec.write_text('name = "t"\ngame = "abyss"\nplayers = [2, 3]\ngames = 5\nseed = 1\nagents = ["random", "greedy"]\n'
                    '[[variants]]\nname = "jailer8"\nfocus = { feature = "lord.jailer" }\n'
                    'content = { set = { "lords.jailer.cost" = 8 } }\n')
    store = tmp_path / "k.sqlite"
    cmd = [sys.executable, "-m", "cardboard.cli", "lab", "run", str(spec), "--store", str(store), "--workers", "1",
           "--batch-seconds", "0.01"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        stored = 0
        while time.monotonic() < deadline and proc.poll() is None:
            if store.exists():
                try:
                    stored = len(rows(store))
                except Exception:  # noqa: BLE001 - the table may not exist yet
                    stored = 0
                if stored >= 3:
                    break
            time.sleep(0.02)
        killed = proc.poll() is None
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
    partial = rows(store)
    assert killed and 3 <= len(partial) < 20, "the run ended before it could be killed"
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert rows(store) == reference


def test_a_batch_plays_each_game_with_the_collector_paused_and_freezes_what_it_leaves(monkeypatch):
    """Issue #27: the lab plays its games as the arena does (`bulk_play`), so the caches a game
    grows are frozen out of the collector's walks instead of waiting, unwalked, for the next
    collection after the batch."""
    import gc

    from cardboard.engine import collector
    from cardboard.lab import play

    class Kept:
        pass

    seen, kept = [], []

    def one(campaign, cell, k):
        seen.append(gc.isenabled())
        kept.append(Kept())
        return {"cell": cell.key, "k": k}

    monkeypatch.setattr(play, "play_one", one)
    monkeypatch.setattr(collector, "_next_sweep", float("inf"))
    c = small()
    items = [(cell.key, 0) for cell in c.cells()][:3]
    try:
        assert [r["k"] for r in play.play_batch(c, items)] == [0, 0, 0]
        assert seen == [False] * 3 and gc.isenabled()
        assert not any(o is kept[0] or o is kept[-1] for o in gc.get_objects())
    finally:
        gc.unfreeze()
