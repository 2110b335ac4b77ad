"""The layers import one way only (core ← replays ← net ← tui): core loads neither the TUI nor
the network stack, replays never load net or the TUI, net never loads the TUI, for every game;
and a game's package in one layer names no other game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


def loaded_after(imports: list[str], watched: tuple[str, ...]) -> list[str]:
    """Which of the ``watched`` top-level packages a fresh interpreter holds after ``imports``."""
    code = (
        f"import json, sys; import {', '.join(imports)};"
        f"print(json.dumps(sorted(m for m in {watched!r} if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(out.stdout)
    return loaded


def modules_of(package: str) -> list[str]:
    return sorted(
        f"{package}.{path.stem}"
        for path in (ROOT / package).glob("*.py")
        if path.stem != "__init__"
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_a_games_rules_load_no_textual_network_or_other_layer(game: str) -> None:
    imports = ["core.referee", "core.audit", "core.bots", f"core.games.{game}"]
    watched = ("textual", "aiomqtt", "amqtt", "paho", "tui", "net", "replays")
    assert loaded_after(imports, watched) == []


def test_replays_do_not_import_net_or_tui() -> None:
    imports = [*modules_of("replays"), *(f"core.games.{game}" for game in GAMES)]
    assert loaded_after(imports, ("textual", "aiomqtt", "tui", "net")) == []


def test_net_does_not_import_the_tui() -> None:
    imports = [*modules_of("net"), *(f"core.games.{game}" for game in GAMES)]
    assert loaded_after(imports, ("textual", "tui")) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_a_games_packages_name_no_other_game(game: str) -> None:
    others = [other for other in GAMES if other != game]
    for folder in (ROOT / "core" / "games" / game, ROOT / "tui" / "games" / game):
        for path in sorted(folder.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for other in others:
                assert f"games.{other}" not in text, f"{path.relative_to(ROOT)} imports {other}"
