"""The bot ladder's records: a count run in pieces tallies to the rows one run would print."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bot_ladder import Result, record, row, tally


def result(share: float, score: int) -> Result:
    return Result(share, score, 30.0, (0.2, 0.4), (0.1, 0.3), (180, 180))


def test_pieces_of_a_count_tally_to_one_row_each_game_once(tmp_path: Path) -> None:
    games = {0: result(1.0, 50), 1: result(0.0, 40), 2: result(0.5, 45), 3: result(1.0, 60)}
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for i in (0, 1, 2):
        record(first, "arnak-bird", "hard", i, None, "", games[i])
    record(second, "arnak-bird", "hard", 2, None, "", result(0.0, 1))  # a game run twice
    record(second, "arnak-bird", "hard", 3, None, "", games[3])
    record(second, "arnak-bird", "hard", 9, None, ", points=0.75", games[3])  # another row
    lines = tally([first, second])
    assert len(lines) == 2
    whole = row("arnak-bird", "hard", [games[i] for i in range(4)], None)
    assert lines[0] == f"{whole}   (games 0-3)"
    assert "62.5%" in lines[0] and " 48.8 " in lines[0]  # 2.5 wins of 4; the first record of 2
    assert lines[1].endswith("(games 9-9, points=0.75)")


def test_a_line_that_is_no_record_is_named(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    record(path, "kilauea", "easy", 0, 24, "", result(0.0, 70))
    with path.open("a") as out:
        out.write('{"variant": "kilauea"}\n')
    with pytest.raises(SystemExit, match=r"runs\.jsonl:2: not a ladder record"):
        tally([path])
