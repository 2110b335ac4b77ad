"""The command line plays Arnak: selfplay on either side, verify, export and state; and the
greedy bot beats the random one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench.arnak_bots import game
from core.bots import Bot, RandomBot
from core.games.arnak.greedy import GreedyBot
from replays.file import read
from tui.cli import main


@pytest.mark.parametrize(
    ("players", "side", "bot"), [(2, "bird", "greedy"), (4, "snake", "random")]
)
def test_selfplay_then_verify_export_and_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int, side: str, bot: str
) -> None:
    out = tmp_path / "g.caldera"
    args = ["selfplay", "arnak", "--players", str(players), "--seed", "1", "--side", side]
    assert main([*args, "--bot", bot, "--out", str(out)]) == 0
    assert "Lost Ruins of Arnak:" in capsys.readouterr().out
    assert main(["verify", str(out)]) == 0
    assert "seed audited" in capsys.readouterr().out
    assert main(["export", "--format", "text", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Round 5 ended" in text and "The card row was refilled" in text
    # an answer is said beside its question ("Camp 5: discard which card? Ann: Funding …"),
    # never as the option's place ("Ann chose 3")
    assert re.search(r"\? \w+: ", text) and not re.search(r" chose \d", text), text[:2000]
    assert main(["state", str(out)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "arnak" and doc["config"]["side"] == side
    result = doc["result"]
    assert result["ended_by"] == "round_five"
    assert [p["total"] for p in result["parts"]] == result["scores"]
    assert main(["state", str(out), "--at", "60", "--seat", "1"]) == 0
    seat_view = json.loads(capsys.readouterr().out)["state"]
    assert set(seat_view["seats"][1]["hand"]) == {"?"} or not seat_view["seats"][1]["hand"]
    assert set(seat_view["item_deck"]) == {"?"}
    assert len(read(out).envelopes) > 150


def test_selfplay_rejects_an_unknown_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "arnak", "--side", "lizard", "--out", "x.caldera"]) == 2
    assert capsys.readouterr().err == "caldera: side: one of bird, snake\n"  # one line


OWN = "(its own: --side, --start-player)"


@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "arnak", "--turn-limit", "5"],
        ["selfplay", "arnak", "--turn-limit", "0"],
        ["play", "arnak", "--turn-limit", "5"],
        ["host", "arnak", "--turn-limit", "5"],
        ["serve", "--table", "t1", "--game", "arnak", "--turn-limit", "5"],
    ],
)
def test_a_turn_limit_for_arnak_is_refused_in_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Arnak has no turn limit (five rounds always end): the flag is refused, not ignored."""
    out = tmp_path / "g.caldera"
    if argv[0] == "selfplay":
        argv = [*argv, "--out", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"caldera: --turn-limit: not an option of Lost Ruins of Arnak {OWN}\n"
    assert not out.exists()


def test_serve_refuses_a_table_option_without_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--turn-limit", "5"]) == 2
    err = capsys.readouterr().err
    assert err == "caldera: --turn-limit: a table option, for the table --table opens (none is)\n"


def test_selfplay_keeps_its_turn_limit_for_the_games_that_have_one(tmp_path: Path) -> None:
    out = tmp_path / "m.caldera"
    argv = ["selfplay", "maunakea", "--players", "2", "--seed", "1", "--quiet"]
    assert main([*argv, "--out", str(out)]) == 0
    assert read(out).header.config["turn_limit"] == 200  # the selfplay default
    assert main([*argv, "--turn-limit", "0", "--out", str(tmp_path / "n.caldera")]) == 0
    assert read(tmp_path / "n.caldera").header.config["turn_limit"] is None


def test_greedy_beats_random() -> None:
    wins = 0
    for i in range(6):
        seat = i % 2
        bots: dict[int, Bot] = {seat: GreedyBot(f"g{i}"), 1 - seat: RandomBot(f"r{i}")}
        outcome = game(2, ("bird", "snake")[i // 3], f"duel-{i}", bots).outcome()
        assert outcome is not None
        wins += outcome.winners == (seat,)
    assert wins >= 5
