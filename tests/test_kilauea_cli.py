"""The command line plays Kilauea: selfplay, verify, export and state, for 2, 3 and 4 players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replays.file import read
from tui.cli import main


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_selfplay_then_verify_export_and_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int, bot: str
) -> None:
    out = tmp_path / "g.caldera"
    args = ["selfplay", "kilauea", "--players", str(players), "--seed", "1", "--bot", bot]
    assert main([*args, "--out", str(out)]) == 0
    assert "Kilauea:" in capsys.readouterr().out
    assert main(["verify", str(out)]) == 0
    verified = capsys.readouterr().out
    assert "OK" in verified and "seed audited" in verified
    assert main(["export", "--format", "text", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Sacred Stones dealt" in text and "Intermediate scoring" in text
    assert "Final scores" in text
    assert main(["state", str(out), "--at", "40"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "kilauea" and len(doc["summary"]["sectors"]) == 5
    assert len(read(out).envelopes) > 100


def test_selfplay_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.caldera", tmp_path / "b.caldera"
    for path in (a, b):
        assert main(["selfplay", "kilauea", "--seed", "same", "--quiet", "--out", str(path)]) == 0
    assert [e.event for e in read(a).envelopes] == [e.event for e in read(b).envelopes]
