"""Who played what, proven: a hosted table keeps each seat's signed commands and the host's
signed event hashes beside its replay (its header says so), ``caldera verify`` checks them, and
a replay in which one move was swapped for another legal one (its hash chain rebuilt) no longer
verifies, with its proofs or without them; a replay from before proofs still verifies."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from core.codec import GENESIS, Envelope, encode_envelope, short_hash
from core.fold import fold
from core.statehash import state_hash
from replays import proofs
from replays.file import Header, ReplayWriter, read
from tests.kit.netkit import (
    TestBroker,
    assert_same_game,
    close_all,
    join,
    make_host,
    play_all,
    until,
)
from tui.cli import main


def swap_a_move(original: Path, edited: Path, header: Header | None = None) -> int:
    """Write ``edited``: ``original`` up to its last command, which is replaced by another
    legal one, its chain rebuilt, under ``original``'s header (or ``header``); the proofs
    copied beside it. Returns the swapped event."""
    replay = read(original)
    envelopes = replay.envelopes
    rules, _ = fold(envelopes[:1])
    for at in range(len(envelopes) - 2, 0, -1):
        event = envelopes[at].event
        command, seat = rules.command_for(event), getattr(event, "seat", None)
        if command is None or not isinstance(seat, int):
            continue
        _, state = fold(envelopes[:at])
        others = [c for c in rules.legal_commands(state, seat) if c != command]
        if others:
            break
    else:
        raise AssertionError("no move to swap")
    events = [env.event for env in envelopes[:at]] + rules.decide(state, seat, others[0])
    with ReplayWriter.create(edited, header or replay.header) as writer:
        prev = GENESIS
        for seq, event in enumerate(events):
            data = encode_envelope(Envelope(seq, event, prev))
            writer.append(Envelope(seq, event, prev), data)
            prev = short_hash(data)
    shutil.copy(proofs.path_for(original), proofs.path_for(edited))
    return at


async def test_a_replay_proves_who_played_and_an_edited_move_fails(
    broker: TestBroker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host = make_host(broker.address, tmp_path, seats=3, turn_limit=3, auto_start=True)
    await host.open()
    await host.seat_bot(2)
    players = [await join(broker.address, "t1", name) for name in ("ann", "bob")]
    try:
        await play_all(players)
        await host.wait_ended(10)
        await assert_same_game(host, players)
    finally:
        await close_all(host, players)
    path = host.replay_path
    assert path is not None and proofs.path_for(path).exists() and read(path).header.proofs
    where = read(path).header.table  # the saved-games list says where it was played
    assert where is not None and (where.name, where.host) == (host.name, host.host)
    assert where.broker == f"{broker.address.host}:{broker.address.port}"
    report = proofs.check(path, read(path).envelopes, read(path).raw)
    assert report.ok and set(report.signed) == {0, 1} and set(report.by_host) == {2}
    assert report.keys == {0: players[0].keys.public.hex(), 1: players[1].keys.public.hex()}
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 1 signed" in out and "seat 3 " in out and "the host's bots" in out

    # A host stopped mid-game has not signed its last events yet (it signs at most once a
    # second): the unfinished game still verifies and says so; a finished one must be signed.
    cut = tmp_path / "cut" / "cut.caldera"
    cut.parent.mkdir()
    envelopes, raw = read(path).envelopes, read(path).raw
    with ReplayWriter.create(cut, read(path).header) as writer:
        for env, data in zip(envelopes[:-3], raw[:-3], strict=True):
            writer.append(env, data)
    lines = proofs.path_for(path).read_text().splitlines()
    proofs.path_for(cut).write_text("\n".join(x for x in lines if '"head"' not in x) + "\n")
    assert main(["verify", str(cut)]) == 0
    out = capsys.readouterr().out
    assert f"events 0–{len(envelopes) - 4} not yet (the game is unfinished" in out
    unsigned = tmp_path / "unsigned" / "unsigned.caldera"
    unsigned.parent.mkdir()
    shutil.copy(path, unsigned)
    shutil.copy(proofs.path_for(cut), proofs.path_for(unsigned))
    assert main(["verify", str(unsigned)]) == 1
    assert "are not signed by the host" in capsys.readouterr().err

    edited = tmp_path / "edited.caldera"
    at = swap_a_move(path, edited)
    alone = tmp_path / "alone" / "edited.caldera"  # its proofs deleted: its header wants them
    alone.parent.mkdir()
    shutil.copy(edited, alone)
    assert main(["verify", str(alone)]) == 1
    assert "edited.caldera.proofs is missing" in capsys.readouterr().err
    assert main(["verify", str(edited)]) == 1
    err = capsys.readouterr().err
    # the host signs the chain's head now and then: the problem names the events since the
    # signed head before, among them the swapped one
    found = re.search(r"events? (?:(\d+)–)?(\d+): (?:not the event|one differs)", err)
    assert found is not None, err
    assert int(found[1] or found[2]) <= at <= int(found[2])
    assert f"event {at}: seat" in err and "signed another command" in err


async def test_a_seat_taken_with_a_key_stays_its_holders_in_the_proofs(
    broker: TestBroker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A host that drops a player's proofs (to pass off another game from the same seed as its
    bots', say) no longer gets a plain OK: the seat her key took is hers, and verify fails
    naming it; the host's own seat of a bot stays unsigned; a stand-in's moves are said."""
    host = make_host(broker.address, tmp_path, seats=3, turn_limit=3, auto_start=True)
    await host.open()
    await host.seat_bot(2)
    players = [await join(broker.address, "t1", name) for name in ("ann", "bob")]
    try:
        await play_all(players)
        await host.wait_ended(10)
    finally:
        await close_all(host, players)
    path = host.replay_path
    assert path is not None
    assert main(["verify", str(path)]) == 0
    assert "seat 3 " in capsys.readouterr().out  # the host's bot: unsigned, and fine
    lines = proofs.path_for(path).read_text().splitlines()
    kept = [line for line in lines if not ('"command"' in line and '"seat":1,' in line)]
    assert len(kept) < len(lines)
    proofs.path_for(path).write_text("\n".join(kept) + "\n")  # bob's moves made the host's
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert "seat 2 was taken with key k:" in err and "are not proven" in err, err
    assert "seat 1 " not in err and "seat 3 " not in err


def test_a_replay_from_before_proofs_still_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hosted game's replay whose header does not name proofs (written before they were kept,
    or a local game) verifies without them: it only does not say who played."""
    played = tmp_path / "played.caldera"
    assert main(["selfplay", "maunakea", "--players", "2", "--out", str(played)]) == 0
    assert not read(played).header.proofs and not proofs.path_for(played).exists()
    capsys.readouterr()
    assert main(["verify", str(played)]) == 0
    out = capsys.readouterr().out
    assert "OK" in out and "who played" not in out


async def test_a_table_of_bots_alone_hashes_for_whoever_comes_and_signs_its_heads_meanwhile(
    broker: TestBroker, tmp_path: Path
) -> None:
    """Nobody reads a bots-only table's hashes, so none is made while nobody watches (a
    busy server's bot tables spent ~14% of its time on them); its heads are still signed
    every second, a spectator who comes gets the newest state's hash with the game and the
    next ones as they come, and the game's end is hashed whoever watches."""
    host = make_host(broker.address, tmp_path, seats=2, turn_limit=150, auto_start=True,
                     bot_delay=0.005)  # fmt: skip
    await host.open()
    await host.seat_bot(0)
    await host.seat_bot(1)
    watcher = None
    try:
        refereeing = host.refereeing
        await until(lambda: refereeing.proofs.signed > 20)  # a second's check: its head signed
        assert host.hashes == {}
        watcher = await join(broker.address, "t1", "eve", spectator=True)
        await until(lambda: bool(host.hashes))
        first = host.refereeing.newest_hashed
        referee = host.referee
        assert referee is not None
        _, state = fold(referee.log[: first + 1])
        assert host.hashes[first] == state_hash(host.rules, state)
        await until(lambda: host.refereeing.newest_hashed > first)  # then as the game goes
        await watcher.close()
        watcher = None
        await host.wait_ended(120)
        assert referee.seq - 1 in host.hashes  # the end, hashed though nobody watches now
    finally:
        if watcher is not None:
            await watcher.close()
        await host.close()
