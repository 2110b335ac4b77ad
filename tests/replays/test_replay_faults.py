"""Every way a replay file can be wrong is one line and a non-zero exit, and nothing that could
be read is dropped silently: a bad header field, an edited log whose checksums and hash chain
were rebuilt, damage in the middle of a file (told apart from a torn tail), a truncated file."""

from __future__ import annotations

import copy
import json
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.bots import RandomBot, play_out
from core.errors import ReplayError
from core.games.maunakea import RULES
from core.referee import Referee
from replays.file import Header, ReplayWriter, read
from tests.kit.forge import Edit, offsets, rebuilt, set_header
from tui.cli import main


def record_game(path: Path, *, turn_limit: int = 4, seed: str = "faults", stop: int = 0) -> None:
    """A 2-player game to its end (or, with ``stop``, only its first ``stop`` events)."""
    referee = Referee(RULES, RULES.config(2, {"turn_limit": turn_limit}), ["R", "B"], seed=seed)
    referee.begin()
    play_out(referee, {0: RandomBot("a"), 1: RandomBot("b")})
    with ReplayWriter.create(path, Header.for_game(referee.started)) as writer:
        for env, data in list(zip(referee.log, referee.wire, strict=True))[: stop or None]:
            writer.append(env, data)


def one_line_and_nonzero(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``caldera ARGS``: it must fail with exactly one line on stderr."""
    code = main(args)
    err = capsys.readouterr().err
    assert code != 0, f"caldera {' '.join(args)} exited 0"
    assert err.count("\n") == 1 and err.startswith("caldera: "), err
    return err


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("faults") / "finished.caldera"
    record_game(path)
    return path


@pytest.fixture(scope="module")
def unfinished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Its draws cannot be checked yet (the seed is not revealed): only the rules can."""
    path = tmp_path_factory.mktemp("faults") / "unfinished.caldera"
    record_game(path, stop=40)
    return path


# -- the header ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rules_version", float("inf")),
        ("rules_version", "1"),
        ("rules_version", True),
        ("created", "0001-01-01T00:00:00+14:00"),
        ("created", "yesterday"),
        ("players", "R, B"),
        ("seed_hash", "abc"),
        ("game", ["maunakea"]),
    ],
)
def test_a_bad_header_field_is_named_in_one_line(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: Any
) -> None:
    bad = tmp_path / "bad.caldera"
    rebuilt(finished, bad, set_header(field, value))
    with pytest.raises(ReplayError, match=f"header's {field}"):
        read(bad)
    for command in ("verify", "state", "export", "replay"):
        err = one_line_and_nonzero([command, str(bad)], capsys)
        assert field in err


def test_a_header_that_disagrees_with_event_0_is_refused(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "other.caldera"
    rebuilt(finished, bad, set_header("game", "kilauea"))  # Kilauea's screens on Mauna Kea's events
    with pytest.raises(ReplayError, match="header's game differs from event 0"):
        read(bad)
    one_line_and_nonzero(["verify", str(bad)], capsys)


def test_the_console_script_prints_no_traceback_for_rules_version_inf(
    finished: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "inf.caldera"
    rebuilt(finished, bad, set_header("rules_version", float("inf")))
    exe = Path(sys.executable).with_name("caldera")
    for command in ("verify", "state", "export"):
        out = subprocess.run([exe, command, str(bad)], capture_output=True, text=True, check=False)
        assert out.returncode != 0 and "Traceback" not in out.stderr
        assert out.stderr.strip().count("\n") == 0 and "rules_version" in out.stderr


# -- edited logs, checksums and chain rebuilt --------------------------------------------------


def _payload(index: int, key: str, value: Any) -> Edit:
    def edit(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
        events[index]["payload"][key] = value

    return edit


def _both(key: str, value: Any) -> Edit:
    """Event 0 and the header changed alike (so they still agree)."""

    def edit(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
        events[0]["payload"][key] = value
        header[key] = value

    return edit


def _config(key: str, value: Any) -> Edit:
    def edit(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
        config = copy.deepcopy(events[0]["payload"]["config"])
        config[key] = value
        events[0]["payload"]["config"] = config
        header["config"] = config

    return edit


def _first_tile(index: int, value: Any) -> Edit:
    def edit(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
        events[1]["payload"]["tiles"][0][index] = value

    return edit


def _seat(index: int, seat: int) -> Edit:
    def edit(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
        events[index]["seat"] = seat

    return edit


EDITS: dict[str, tuple[Edit, int]] = {  # what is changed, and the event that must be named
    "a start tile that does not exist": (_first_tile(1, 99), 1),
    "a start tile off the island": (_first_tile(0, [99, 99]), 1),
    "an explorer placed in the sea": (_payload(4, "space", [500, 500]), 4),
    "a seat the table does not have": (_seat(4, 9), 4),
    "nine players in the configuration": (_config("players", 9), 0),
    "another game's name": (_both("game", "kilauea"), 0),
    "one player name for two seats": (_both("players", ["R"]), 0),
    "a position that is not one": (_payload(0, "position", {"x": 1}), 0),
}


@pytest.mark.parametrize("which", ["finished", "unfinished"])
@pytest.mark.parametrize("what", sorted(EDITS))
def test_an_edited_log_is_one_line_naming_the_event(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    which: str,
    what: str,
) -> None:
    edit, seq = EDITS[what]
    bad = tmp_path / "edited.caldera"
    rebuilt(request.getfixturevalue(which), bad, edit)
    read(bad)  # framing, checksums and the hash chain are all fine: only the rules can tell
    for args in (
        ["verify"],
        ["state"],
        ["state", "--at", "0"],
        ["export"],
        ["export", "--format", "text"],
        ["export", "--format", "json"],
        ["export", "--seat", "1"],
        ["replay"],
    ):
        err = one_line_and_nonzero([*args, str(bad)], capsys)
        assert f"event {seq}" in err, err


# -- damage in the middle, a torn tail -----------------------------------------------------------


@pytest.mark.parametrize("how", ["length field", "payload byte"])
def test_damage_in_the_middle_is_told_apart_from_a_torn_tail(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    data = bytearray(finished.read_bytes())
    at = offsets(bytes(data))[1 + 10]  # event 10's record
    if how == "length field":
        struct.pack_into(">I", data, at, 0x7FFFFFFF)
    else:
        data[at + 6] ^= 0xFF
    bad = tmp_path / "mid.caldera"
    bad.write_bytes(bytes(data))
    whole = read(finished)
    last = len(whole.envelopes) - 1

    replay = read(bad)
    assert [env.seq for env in replay.envelopes] == list(range(10))
    assert [env.seq for env in replay.after_gap] == list(range(11, last + 1))
    assert replay.after_gap == whole.envelopes[11:], "nothing readable after it is dropped"
    (damage,) = replay.damage
    assert not damage.torn and damage.first_lost == 10 and damage.resumes_at == 11
    (warning,) = replay.warnings
    assert "not a torn tail" in warning and "event 10 is lost" in warning
    assert f"events 11–{last}" in warning

    assert main(["verify", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert "OK" not in out and "event 10 is lost" in err
    assert main(["export", str(bad)]) == 1
    out, err = capsys.readouterr()
    exported = [json.loads(line)["seq"] for line in out.splitlines()]
    assert exported == [s for s in range(last + 1) if s != 10]
    with pytest.raises(ReplayError, match="damaged"):
        ReplayWriter.resume(bad)  # cutting it back would lose events 11 on
    assert bad.read_bytes() == bytes(data), "the file is left as it was"


def test_two_damaged_records_each_say_what_they_cost(finished: Path, tmp_path: Path) -> None:
    data = bytearray(finished.read_bytes())
    starts = offsets(bytes(data))
    data[starts[1 + 5] + 6] ^= 0xFF
    data[starts[1 + 20] + 6] ^= 0xFF
    bad = tmp_path / "twice.caldera"
    bad.write_bytes(bytes(data))
    replay = read(bad)
    assert [d.first_lost for d in replay.damage] == [5, 20]
    assert [d.after for d in replay.damage] == [14, len(read(finished).envelopes) - 21]
    assert "event 5 is lost" in replay.warnings[0] and "event 20 is lost" in replay.warnings[1]


def test_a_torn_tail_is_still_a_torn_tail(finished: Path, tmp_path: Path) -> None:
    data = finished.read_bytes()
    torn = tmp_path / "torn.caldera"
    torn.write_bytes(data[:-7])
    replay = read(torn)
    (damage,) = replay.damage
    assert damage.torn and replay.after_gap == []
    last = len(read(finished).envelopes) - 2
    assert f"torn tail of {len(data) - offsets(data)[-1] - 7} byte(s)" in replay.warnings[0]
    assert f"events 0–{last} are whole" in replay.warnings[0]


def test_verify_of_a_truncated_file_never_says_ok(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    torn = tmp_path / "torn.caldera"
    torn.write_bytes(finished.read_bytes()[:-3])
    assert main(["verify", str(torn)]) == 1
    out, err = capsys.readouterr()
    assert "OK" not in out and "DAMAGED" in out
    assert "torn tail" in err and "is lost" in err
