"""The test session installs the example plugin game (tests/plugins/pig) in editable mode, so the
suite proves that a game from another package joins cardboard through its entry point alone."""
from __future__ import annotations

import importlib
import site
import subprocess
import sys
import sysconfig
from importlib.metadata import entry_points
from pathlib import Path

PLUGIN = Path(__file__).parent / "plugins" / "pig"


def _plugin_installed() -> bool:
    return any(ep.name == "pig" for ep in entry_points(group="cardboard.games"))


def pytest_configure(config):
    if _plugin_installed():
        return
    # The controller installs it once, before any worker starts; `make test` has done so already.
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(PLUGIN)],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"could not install the example plugin game {PLUGIN}:\n{done.stdout}{done.stderr}")
    site.addsitedir(sysconfig.get_paths()["purelib"])  # read the new editable install's .pth now
    importlib.invalidate_caches()
    from cardboard.engine import registry

    registry.refresh()
    assert _plugin_installed(), "the example plugin game did not install"
