"""Replay files: append-only records, torn tails cut back at every byte, edits detected."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.bots import RandomBot, play_out
from core.errors import ReplayError
from core.fold import fold
from core.games.maunakea import RULES
from core.referee import Referee
from replays.file import MAGIC, Header, ReplayWriter, read
from replays.timeline import Timeline


def record_game(path: Path, *, turn_limit: int = 6, seed: str = "rec") -> Referee:
    referee = Referee(RULES, RULES.config(2, {"turn_limit": turn_limit}), ["R", "B"], seed=seed)
    with ReplayWriter.create(path, Header.for_game(referee.started)) as writer:
        referee.sinks.append(writer.append)
        referee.begin()
        play_out(referee, {0: RandomBot("a"), 1: RandomBot("b")})
    return referee


def test_a_written_replay_reads_back_identically(tmp_path: Path) -> None:
    path = tmp_path / "g.caldera"
    referee = record_game(path)
    replay = read(path)
    assert replay.warnings == []
    assert replay.envelopes == referee.log
    assert replay.raw == referee.wire
    assert replay.header.players == ("R", "B") and replay.header.game == "maunakea"
    assert replay.ended is not None


def test_each_event_is_on_disk_as_soon_as_it_happens(tmp_path: Path) -> None:
    path = tmp_path / "live.caldera"
    referee = Referee(RULES, RULES.config(2), ["R", "B"], seed="live")
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    referee.begin()
    assert len(read(path).envelopes) == len(referee.log), "flushed per event, before close"
    writer.close()


def test_a_torn_tail_is_cut_back_at_every_byte_offset(tmp_path: Path) -> None:
    path = tmp_path / "full.caldera"
    record_game(path, turn_limit=1)
    data = path.read_bytes()
    full = read(path)
    boundaries = [len(MAGIC)]
    offset = len(MAGIC)
    for _ in range(1 + len(full.raw)):  # the header, then each event
        size = int.from_bytes(data[offset : offset + 4], "big")
        offset += 4 + size + 4
        boundaries.append(offset)
    assert boundaries[-1] == len(data)
    cut = tmp_path / "cut.caldera"
    for length in range(len(data) + 1):
        cut.write_bytes(data[:length])
        if length < boundaries[1]:
            with pytest.raises(ReplayError):
                read(cut)
            continue
        replay = read(cut)
        whole = sum(1 for b in boundaries[2:] if b <= length)
        assert len(replay.envelopes) == whole
        assert replay.envelopes == full.envelopes[:whole]
        assert bool(replay.warnings) == (length not in boundaries)
        if replay.warnings:
            assert "torn tail" in replay.warnings[0]


def test_resume_cuts_the_torn_tail_and_appends(tmp_path: Path) -> None:
    path = tmp_path / "resume.caldera"
    referee = record_game(path)
    data = path.read_bytes()
    path.write_bytes(data[:-5])
    writer, replay = ReplayWriter.resume(path)
    assert len(replay.envelopes) == len(referee.log) - 1
    writer.append(referee.log[-1], referee.wire[-1])
    writer.close()
    again = read(path)
    assert again.warnings == [] and again.envelopes == referee.log


def test_an_edited_record_breaks_the_hash_chain(tmp_path: Path) -> None:
    path = tmp_path / "edit.caldera"
    referee = record_game(path)
    data = bytearray(path.read_bytes())
    # swap two whole records in the middle: framing and checksums stay valid, the chain breaks
    replay = read(path)
    start = len(MAGIC)
    offsets = []
    for _ in range(len(replay.raw) + 1):
        offsets.append(start)
        start += 8 + int.from_bytes(data[start : start + 4], "big")
    a, b, c = offsets[10], offsets[11], offsets[12]
    swapped = data[:a] + data[b:c] + data[a:b] + data[c:]
    path.write_bytes(bytes(swapped))
    with pytest.raises(ReplayError, match="breaks the hash chain"):
        read(path)
    assert referee.log


def test_corruption_in_the_middle_is_an_error_not_a_tail(tmp_path: Path) -> None:
    path = tmp_path / "mid.caldera"
    record_game(path)
    data = bytearray(path.read_bytes())
    data[len(MAGIC) + 200] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ReplayError):
        read(path)


def test_foreign_and_missing_files_give_one_clear_line(tmp_path: Path) -> None:
    foreign = tmp_path / "notes.txt"
    foreign.write_text("hello")
    with pytest.raises(ReplayError, match="not a Caldera replay"):
        read(foreign)
    with pytest.raises(ReplayError, match="cannot read"):
        read(tmp_path / "absent.caldera")


def test_seeking_gives_the_state_of_a_prefix_fold(tmp_path: Path) -> None:
    referee = record_game(tmp_path / "seek.caldera", turn_limit=20)
    timeline = Timeline(referee.log, every=16)
    for seq in [0, 1, 15, 16, 17, 100, len(referee.log) - 2, len(referee.log) - 1]:
        _, expected = fold(referee.log[: seq + 1])
        assert RULES.dump_position(timeline.state_at(seq)) == RULES.dump_position(expected)
    state = timeline.state_at(50)
    state.turn = 999  # a copy: mutating it must not disturb the timeline
    assert timeline.state_at(50).turn != 999
    with pytest.raises(IndexError):
        timeline.state_at(len(referee.log))


def test_peek_reads_the_header_count_and_ending_without_the_rest(tmp_path: Path) -> None:
    from replays.file import peek

    path = tmp_path / "peek.caldera"
    referee = record_game(path)
    summary = peek(path)
    assert summary.header == read(path).header
    assert summary.events == len(referee.log)
    assert summary.ended == referee.log[-1].event
    path.write_bytes(path.read_bytes()[:-10])
    torn = peek(path)
    assert torn.ended is None and torn.events == len(referee.log) - 1
    assert torn.warnings and "torn tail" in torn.warnings[0]
    (tmp_path / "x.caldera").write_bytes(b"nope")
    with pytest.raises(ReplayError, match="not a Caldera replay"):
        peek(tmp_path / "x.caldera")


def test_a_table_s_header_says_where_it_was_played(tmp_path: Path) -> None:
    from replays.header import Table

    referee = Referee(RULES, RULES.config(2, {}), ["Ann", "Bob"], seed="where")
    table = Table("Ann's table", "Ann", "club.example.org:1883")
    header = Header.for_game(referee.started, table=table)
    assert Header.from_wire(header.to_wire()).table == table
    assert Header.for_game(referee.started).to_wire().get("table") is None  # a local game
    wire = {**header.to_wire(), "table": {"name": 7, "host": "Ann", "broker": ""}}
    with pytest.raises(ReplayError, match="table"):
        Header.from_wire(wire)
