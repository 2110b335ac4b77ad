"""Shared fixtures: no test ever reads or writes the user's own Caldera data or config."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its saved games in its own directory."""
    folder = tmp_path / "caldera-data"
    monkeypatch.setenv("CALDERA_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test has its own config directory (no config file, its own identities)."""
    folder = tmp_path / "caldera-config"
    monkeypatch.setenv("CALDERA_CONFIG_DIR", str(folder))
    return folder
