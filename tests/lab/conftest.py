"""The lab's tests: small campaigns, and a Ray cluster of two nodes on this machine (loopback
addresses only), started once for the session with `ray start --head` and torn down at the end."""
from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

RAY_HEAD, RAY_NODE = "127.0.0.2", "127.0.0.3"  # two loopback addresses: two nodes, one machine


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def ray_cluster(tmp_path_factory):
    """The address of a running two-node Ray cluster (head + one worker node, one CPU each)."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'cardboard[ray]')")
    exe = Path(sys.executable).with_name("ray")
    if not exe.exists():
        exe = shutil.which("ray")
    if not exe:
        pytest.skip("no `ray` command")
    temp = Path("/tmp") / f"cardboard-ray-{os.getpid()}"  # Ray's socket paths must stay short
    port = _free_port(RAY_HEAD)
    # token authentication with a token of this session only (not ~/.ray/auth_token, which another
    # Ray on the machine may have written): the nodes and this process share it through the environment
    auth = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
    saved = {k: os.environ.get(k) for k in (*auth, "RAY_AUTH_TOKEN_PATH")}
    os.environ.pop("RAY_AUTH_TOKEN_PATH", None)
    os.environ.update(auth)
    _reload_ray_auth()
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    common = ["--block", "--num-cpus=1", "--disable-usage-stats"]
    logs = tmp_path_factory.mktemp("ray")
    procs = []
    try:
        procs.append(subprocess.Popen(
            [str(exe), "start", "--head", f"--node-ip-address={RAY_HEAD}", f"--port={port}",
             "--include-dashboard=false", f"--temp-dir={temp}", f"--ray-client-server-port={_free_port(RAY_HEAD)}",
             *common], stdout=open(logs / "head.log", "w"), stderr=subprocess.STDOUT, env=env,
            start_new_session=True))
        address = f"{RAY_HEAD}:{port}"
        _wait_for(lambda: _gcs_up(RAY_HEAD, port), 60, procs, logs)
        procs.append(subprocess.Popen(
            [str(exe), "start", f"--address={address}", f"--node-ip-address={RAY_NODE}", *common],
            stdout=open(logs / "node.log", "w"), stderr=subprocess.STDOUT, env=env, start_new_session=True))
        ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        _wait_for(lambda: ray.cluster_resources().get("CPU", 0) >= 2 and len([n for n in ray.nodes() if n["Alive"]]) >= 2,
                  60, procs, logs)
        yield address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        for p in reversed(procs):  # `ray start --block` stops the processes it started on SIGTERM
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(temp, ignore_errors=True)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        _reload_ray_auth()


def _reload_ray_auth() -> None:
    """Ray caches its authentication settings when first imported: read them again."""
    try:
        from ray._raylet import AuthenticationTokenLoader, Config
    except ImportError:  # an older Ray without token authentication
        return
    Config.initialize("")
    AuthenticationTokenLoader.instance().reset_cache()


def _gcs_up(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def _wait_for(check, seconds, procs, logs):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if any(p.poll() is not None for p in procs):
            break
        try:
            if check():
                return
        except Exception:  # noqa: BLE001 - not up yet
            pass
        time.sleep(0.3)
    text = "\n".join(f.read_text()[-1500:] for f in sorted(logs.iterdir()))
    pytest.fail(f"the Ray cluster did not start:\n{text}")
