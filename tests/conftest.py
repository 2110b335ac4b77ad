"""Shared fixtures: no test ever writes into the user's own Caldera data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its saved games in its own directory."""
    folder = tmp_path / "caldera-data"
    monkeypatch.setenv("CALDERA_DATA_DIR", str(folder))
    return folder
