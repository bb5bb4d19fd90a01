"""The web table: FastAPI app, table service and store (see PROTOCOL.md)."""
from .store import SQLiteStore, Store

__all__ = ["SQLiteStore", "Store", "create_app"]


def create_app(*args, **kwargs):
    from .app import create_app as _create

    return _create(*args, **kwargs)
