"""The review in the line mode: a finished line-mode game says how to hear it, and
``caldera review FILE --all`` says, decision by decision, the very judgements and whys
``--format json`` gives (each worked out on its own: two copies of the replay, so neither reads
the other's kept review), in sentences a screen reader reads."""

from __future__ import annotations

import asyncio
import io
import json
import re
import shutil
from pathlib import Path

import pytest

from core.bots import make_bot
from core.games import get_rules
from tui.cli import main
from tui.lines.player import LinePlayer
from tui.play.local_table import LocalSession

JUDGED = re.compile(r"^  event (\d+)(?: \((\w+)\))?: (.*)$")
LOST = re.compile(r" — lost (\d+) points? of winning chance and (\d+\.\d) points; better: ")
SEAT = re.compile(r"^(\w+) \(seat (\d)\): (\d+) decisions judged \((\d+) forced, not counted\), "
                  r"accuracy (\d+)%")  # fmt: skip


def line_game(path: Path) -> str:
    """A Kilauea game between two bots in the line mode, saved at ``path``: what it said."""
    rules = get_rules("kilauea")
    config = rules.config(2, {"turn_limit": 4})
    bots = {0: make_bot("kilauea", "greedy", "0"), 1: make_bot("kilauea", "random", "1")}
    session = LocalSession(rules, config, ("Ann", "Bob"), bots=bots, seed="lr", bot_pace=0)
    session.save_to(path)
    out = io.StringIO()
    player = LinePlayer(session, lambda: "", out)

    async def play() -> None:
        await session.start()
        try:
            assert await asyncio.wait_for(player.run(), 60) == 0
        finally:
            await session.close()

    asyncio.run(play())
    return out.getvalue()


def test_the_line_modes_review_says_the_judgements_of_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lines.caldera"
    said = line_game(path)
    assert said.rstrip().endswith(f"How each seat played: caldera review {path} --all")
    other = tmp_path / "copy.caldera"
    shutil.copy(path, other)
    judged = ["--level", "easy", "--samples", "3"]
    assert main(["review", str(path), "--all", *judged]) == 0
    text = capsys.readouterr().out.splitlines()
    assert main(["review", str(other), "--format", "json", *judged]) == 0
    doc = json.loads(capsys.readouterr().out)

    lines = {int(m.group(1)): m for line in text if (m := JUDGED.match(line))}
    assert set(lines) == {d["seq"] for d in doc["decisions"]} and lines
    for decision in doc["decisions"]:
        m = lines[decision["seq"]]
        assert (m.group(2) or "") == decision["mark"]
        if decision["best"] == decision["played"]:
            assert m.group(3).endswith(" — the search's choice too")
        else:
            lost = LOST.search(m.group(3))
            assert lost is not None, m.group(0)
            assert int(lost.group(1)) == round(decision["chance_lost"] * 100)
            assert lost.group(2) == f"{decision['points_lost']:.1f}"
    said: dict[int, str] = {}  # each decision's why, the line under it (its first listing)
    for line, below in zip(text, [*text[1:], ""], strict=True):
        if (m := JUDGED.match(line)) and int(m.group(1)) not in said:
            said[int(m.group(1))] = below.strip() if below.startswith("    ") else ""
    assert said == {d["seq"]: d["why"] for d in doc["decisions"]}
    assert any(why.startswith("Why: ") for why in said.values())
    for decision in doc["decisions"]:
        assert bool(decision["why"]) == (decision["best"] != decision["played"])
    seats = [m for line in text if (m := SEAT.match(line))]
    assert [m.group(1) for m in seats] == ["Ann", "Bob"]
    for m, seat in zip(seats, doc["seats"], strict=True):
        mine = [d for d in doc["decisions"] if d["seat"] == seat["seat"]]
        assert int(m.group(3)) == len(mine) and int(m.group(4)) == doc["forced"][seat["seat"]]
        assert int(m.group(5)) == round(seat["accuracy"])
        lost = f"{m.group(1)} lost {seat['points_to_decisions']:.1f} points to decisions and "
        assert any(line.strip().startswith(lost) for line in text)
