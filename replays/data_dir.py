"""Where Caldera keeps its data: ``$CALDERA_DATA_DIR``, else the platform's data folder. A
module of its own, importing nothing of ours, so the app's log finds its folder without loading
the replays' code."""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "CALDERA_DATA_DIR"


def data_dir() -> Path:
    """Caldera's data directory: ``$CALDERA_DATA_DIR``, else the platform's (not created)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("caldera"))


def cache_dir() -> Path:
    """Where Caldera keeps what it can make again (the menu's first frame): ``cache`` in
    ``$CALDERA_DATA_DIR`` when set, else the platform's cache folder (not created)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser() / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("caldera"))
