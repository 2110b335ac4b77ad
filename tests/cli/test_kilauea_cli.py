"""The command line plays Kilauea: selfplay, verify, export and state, for 2, 3 and 4 players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.games.kilauea import events as ev
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
    # the same draws and moves; only the salt of the seed's commitment is fresh each time
    assert [e.event for e in read(a).envelopes[1:-1]] == [e.event for e in read(b).envelopes[1:-1]]


def test_state_of_a_finished_game_names_the_result_without_refolding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Who won, read from the JSON alone, against the log's own ``GameOver`` event."""
    out = tmp_path / "g.caldera"
    args = ["selfplay", "kilauea", "--players", "3", "--seed", "2", "--bot", "greedy"]
    assert main([*args, "--out", str(out), "--quiet"]) == 0
    over = next(e.event for e in read(out).envelopes if isinstance(e.event, ev.GameOver))
    assert main(["state", str(out)]) == 0
    doc = json.loads(capsys.readouterr().out)
    result = doc["result"]
    assert result["winners"] == list(over.winners)
    assert result["scores"] == list(over.scores) and max(over.scores) > 0
    assert [parts["total"] for parts in result["parts"]] == result["scores"]
    assert all(sum(p.values()) == 2 * p["total"] for p in result["parts"]), "parts add up"
    ranked = [result["scores"][seat] for seat in result["ranking"]]
    assert sorted(result["ranking"]) == [0, 1, 2] and ranked == sorted(ranked, reverse=True)
    words = {"score": "", "shared": "draw"}
    assert result["tiebreak"] == words.get(over.tiebreak, over.tiebreak)
    assert result["ended_by"] == doc["end"] == "forests"
    assert main(["state", str(out), "--at", "40"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] is None
