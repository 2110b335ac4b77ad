"""Shared fixtures: no test ever reads or writes the user's own Caldera data or config."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from core import language

try:
    from core.locale import compile_all
except ImportError:  # a venv from before Babel (make reinstalls it): English only
    pass
else:
    compile_all(only_stale=True)  # a catalogue edited since the last build: the tests read it
os.environ["LANGUAGE"] = "en"  # commands run by the tests speak English (the locale's first)

if os.environ.get("PYTEST_XDIST_WORKER"):
    # pytest-xdist's workers inherit COLUMNS=80 and LINES=24 from their launcher, which no real
    # terminal sets: apps started in tmux would take them for their size, Rich would wrap at 80
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)


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


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts in English, and one that speaks another language leaves English."""
    language.use(language.ENGLISH)
    yield
    language.use(language.ENGLISH)
