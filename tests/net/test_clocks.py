"""Turn-based and real-time clocks at a hosted table, over a real Mosquitto: an absent player's
seat waits, a clock that runs out brings a bot in as the table's terms say (both in the log,
with the reason), a restarted server keeps the clocks, and the replay's audit re-checks every
reading and timeout. Time is the test's own timepiece (tests/kit/set_timepiece.py): nothing
sleeps through real minutes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.audit import audit
from core.bots import make_bot
from core.errors import IllegalCommand
from core.lifecycle import ClockRead, HandedBack, HandedToBot, Seated, TimeRanOut, Undo
from net.club.serve import Server
from net.errors import NetError
from net.seat.botclient import play
from net.seat.session import NetSession
from net.table.host import TableHost
from net.table.terms import TableTerms
from replays import proofs
from replays.file import read
from tests.kit.netkit import FAST, TestBroker, close_all, join, make_host, until
from tests.kit.set_timepiece import SetTimepiece

DAY = 86_400_000
pytestmark = pytest.mark.mosquitto


def events(host: TableHost, kind: type[Any]) -> list[Any]:
    assert host.referee is not None
    return [env.event for env in host.referee.log if isinstance(env.event, kind)]


def to_move(host: TableHost) -> int:
    assert host.referee is not None
    return host.rules.to_move(host.referee.state)[0]


async def move(session: NetSession, host: TableHost) -> None:
    """One command of ``session``'s seat, chosen by a random bot once the session has every
    event the host logged (the host's state says whose turn it is; the other seat's last
    command may still be on its way to this session)."""
    seat = session.seat
    assert seat is not None and host.referee is not None
    log = host.referee.log
    await until(lambda: len(session.envelopes) >= len(log))
    bot = make_bot(session.rules.game, "random", f"m/{session.identity}/{len(session.envelopes)}")
    await session.submit(seat, bot.choose(session.rules, session.state, seat))


async def turn_based(
    broker: TestBroker, tmp_path: Path, timepiece: SetTimepiece, **kw: Any
) -> TableHost:
    host = make_host(broker.address, tmp_path, seats=2, turn_limit=4, clock="1d", rated=True,
                     standin="random", standin_after=0.05, timepiece=timepiece, **kw)  # fmt: skip
    await host.open()
    return host


async def test_a_turn_based_table_waits_for_an_absent_player_and_a_timeout_plays_that_turn(
    mosquitto_broker: TestBroker, tmp_path: Path
) -> None:
    timepiece = SetTimepiece()
    host = await turn_based(mosquitto_broker, tmp_path, timepiece)
    ann = await join(mosquitto_broker.address, "t1", "ann", seat=0)
    bob = await join(mosquitto_broker.address, "t1", "bob", seat=1)
    sessions = [ann, bob]
    try:
        await host.start()
        seated = events(host, Seated)[0]
        assert seated.clock == "1d" and seated.rated and seated.keys[0] == ann.keys.public.hex()
        first = to_move(host)
        absent = sessions[first]
        await absent.close()  # the player to move leaves for a while
        await until(lambda: not host.seats[first].online)
        timepiece.advance(DAY - 1000)  # most of a day later: still their turn, nobody stood in
        assert host.bots._standin_timers == {} and host.seats[first].standin is None
        back = await join(mosquitto_broker.address, "t1", absent.identity)
        sessions[first] = back
        assert back.seat == first
        await back.wait_until(lambda: len(back.envelopes) == host.referee.seq)  # type: ignore[union-attr]
        while to_move(host) == first:  # the returning player plays their turn
            await move(back, host)
        late = to_move(host)
        timepiece.advance(DAY + 1)  # the other lets a whole day pass
        await until(lambda: events(host, HandedBack))
        (out,) = events(host, TimeRanOut)
        assert (out.seat, out.then) == (late, "bot_turn")
        assert events(host, HandedToBot)[0] == HandedToBot(late, "random", "time ran out")
        assert to_move(host) != late and host.seats[late].standin is None  # the seat is theirs
        assert host.card.clocks is not None and host.card.clocks["running"] == [to_move(host)]
        assert audit(host.referee.log).ok  # type: ignore[union-attr]
    finally:
        await close_all(host, sessions)


async def test_a_dropped_player_is_played_to_the_end_and_the_replay_checks_the_timeout(
    mosquitto_broker: TestBroker, tmp_path: Path
) -> None:
    timepiece = SetTimepiece()
    host = await turn_based(mosquitto_broker, tmp_path, timepiece, on_timeout="drop")
    sessions = [await join(mosquitto_broker.address, "t1", n, seat=i)
                for i, n in enumerate(("ann", "bob"))]  # fmt: skip
    try:
        await host.start()
        dropped = to_move(host)
        timepiece.advance(DAY)
        await until(lambda: events(host, TimeRanOut))
        with pytest.raises(IllegalCommand, match="you were dropped"):
            await sessions[dropped].submit(dropped, Undo())
        other = sessions[1 - dropped]
        await play(other, make_bot("maunakea", "random", "other"))
        await host.wait_ended(30)
        path = host.replay_path
        assert path is not None
        replay = read(path)
        report = audit(replay.envelopes)
        assert report.ok and report.book.abandoned == {dropped}, report.problems
        signed = proofs.check(path, replay.envelopes, replay.raw, expected=True)
        assert signed.ok and signed.signed.get(1 - dropped, 0) > 0
        assert signed.signed.get(dropped, 0) == 0 and signed.by_standin.get(dropped, 0) > 0
        verify = subprocess.run([sys.executable, "-m", "tui.cli", "verify", str(path)],
                                capture_output=True, text=True, timeout=60)  # fmt: skip
        assert verify.returncode == 0, verify.stderr
        name = ("ANN", "BOB")[dropped]
        assert (
            f"a rated game, clock 1d a turn; when a clock runs out, the player is dropped; "
            f"{len(events(host, ClockRead))} clock readings re-checked, 1 timeout "
            f"re-checked: {name}'s time ran out: {name} is dropped and a bot plays the seat "
            "to the end"
        ) in verify.stdout
    finally:
        await close_all(host, sessions)


async def test_a_restarted_server_keeps_the_clocks(
    mosquitto_broker: TestBroker, tmp_path: Path
) -> None:
    timepiece = SetTimepiece()
    server = Server(mosquitto_broker.address, replay_dir=tmp_path, backoff=FAST, sweep=None,
                    timepiece=timepiece)  # fmt: skip
    await server.open()
    host = await server.open_table("maunakea", 2, table="rt1", clock="5m+10s",
                                   options={"turn_limit": 6})  # fmt: skip
    sessions = [await join(mosquitto_broker.address, "rt1", n) for n in ("ann", "bob")]
    again: Server | None = None
    try:
        await until(lambda: host.referee is not None)
        for _ in range(3):
            timepiece.advance(20_000)
            await move(sessions[to_move(host)], host)
        before = events(host, ClockRead)[-1]
        assert min(before.left) < 300_000  # someone's clock ran
        await server.close()  # the server stops (its game unfinished)
        timepiece.advance(3_600_000)  # an hour later it starts again
        again = Server(mosquitto_broker.address, replay_dir=tmp_path, backoff=FAST, sweep=None,
                       timepiece=timepiece)  # fmt: skip
        (resumed,) = await again.open()
        read_again = events(resumed, ClockRead)[-1]
        assert read_again.why == "resumed" and read_again.left == before.left
        mover = to_move(resumed)
        await until(lambda: resumed.card.clocks is not None)
        timepiece.advance(before.left[mover] + 1)  # now their bank runs out
        await until(lambda: events(resumed, TimeRanOut))
        assert events(resumed, TimeRanOut)[0].seat == mover
        assert audit(resumed.referee.log).ok  # type: ignore[union-attr]
    finally:
        for session in sessions:
            await session.close()
        if again is not None:
            await again.close()


async def test_a_lobbys_request_carries_the_tables_terms(
    mosquitto_broker: TestBroker, tmp_path: Path
) -> None:
    from net.club.lobby import Lobby

    server = Server(mosquitto_broker.address, replay_dir=tmp_path, backoff=FAST, sweep=None)
    await server.open()
    try:
        async with Lobby(mosquitto_broker.address, backoff=FAST) as lobby:
            table = await lobby.request_table("kilauea", 2, clock="3d", on_timeout="drop",
                                              rated=True)  # fmt: skip
            host = server.tables[table]
            assert host.terms == TableTerms("3d", "drop", True)
            await lobby.wait_for(lambda lb: table in lb.tables)
            assert (lobby.tables[table].clock, lobby.tables[table].rated) == ("3d", True)
            with pytest.raises(NetError, match="not a duration"):
                await lobby.request_table("kilauea", 2, clock="soon")
    finally:
        await server.close()
