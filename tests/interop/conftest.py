"""The research adapters' tests need the interop extra (numpy, gymnasium, pettingzoo, open-spiel)."""
import pytest

for module in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
    pytest.importorskip(module, reason="the interop extra is not installed (pip install -e '.[interop]')")
