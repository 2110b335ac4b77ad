"""The menu's Your games, over a real broker (amqtt): every table where this app holds a seat,
whose move it is, its clock and the last move, mine first; enter takes the seat back; and the
header of a table says when my move waits at another one."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from core.bots import make_bot
from net.seat.session import NetSession
from net.table.host import TableHost
from net.table.terms import TableTerms
from tests.kit.netkit import AmqttBroker, join, make_host
from tests.kit.set_timepiece import SetTimepiece
from tests.tui.conftest import screen_text, wait_for
from tui.app import CalderaApp
from tui.screens.menu import MenuScreen
from tui.screens.room import RoomScreen
from tui.screens.your_games import YourGamesScreen


async def move(session: NetSession) -> None:
    seat = session.seat
    assert seat is not None
    await session.wait_until(lambda: seat in session.rules.to_move(session.state), 10)
    bot = make_bot(session.rules.game, "random", f"m{len(session.envelopes)}")
    await session.submit(seat, bot.choose(session.rules, session.state, seat))


SIZE = (110, 30)


@pytest.fixture
async def broker(
    amqtt_broker: AmqttBroker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> AsyncIterator[AmqttBroker]:
    monkeypatch.setenv("CALDERA_BROKER", str(amqtt_broker.address))
    yield amqtt_broker


async def test_your_games_lists_my_tables_and_enter_takes_my_seat_back(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    hosts: list[TableHost] = []
    sessions: list[NetSession] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        me, keys = app.identity, app.signing_keys
        timepiece = SetTimepiece(time.time_ns() // 1_000_000)  # the screen reads the wall clock
        for table, seat in (("mine1", 0), ("wait2", 1)):  # my move at one, Bob's at the other
            host = make_host(broker.address, tmp_path, table=table, seats=2, clock="2d",
                             timepiece=timepiece, auto_start=True)  # fmt: skip
            await host.open()
            hosts.append(host)
            sessions.append(await join(broker.address, table, me, keys=keys, seat=seat))
            sessions.append(await join(broker.address, table, "bob", seat=1 - seat))
        for host in hosts:
            await wait_for(pilot, lambda h=host: h.referee is not None, "the games")
        to_move = {h.table: h.rules.to_move(h.referee.state) for h in hosts}  # type: ignore[union-attr]
        assert to_move == {"mine1": (0,), "wait2": (0,)}  # the first seat moves first
        await sessions[0].close()  # I left my tables; Your games finds them again
        await sessions[2].close()
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, YourGamesScreen), "Your games")
        screen = app.screen
        assert isinstance(screen, YourGamesScreen)
        await wait_for(pilot, lambda: len(screen.cards) == 2, "both tables")
        await wait_for(pilot, lambda: "your move" in screen_text(app), "my move")
        text = screen_text(app)
        assert "BOB to move" in text and re.search("2d 0h|1d 23h", text), text
        assert [c.table for c in screen.cards] == ["mine1", "wait2"], "my move first"
        assert app.turn_watch is not None
        await wait_for(pilot, lambda: app.turn_watch.elsewhere("wait2") != "", "the watch")  # type: ignore[union-attr]
        assert app.turn_watch.elsewhere("wait2") == "your move at Mauna Kea mine1"  # type: ignore[union-attr]
        await wait_for(pilot, lambda: "mine1" in app.turn_watch.rang, "mine1 announced")  # type: ignore[union-attr]
        rings: list[int] = []
        notes: list[str] = []
        app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
        app.notify = lambda message, **_: notes.append(str(message))  # type: ignore[method-assign]
        bob = sessions[3]  # Bob moves at wait2: now my move is awaited there too
        while hosts[1].rules.to_move(hosts[1].referee.state) == (0,):  # type: ignore[union-attr]
            await move(bob)
        await wait_for(pilot, lambda: rings == [1], "the bell for my move at wait2")
        assert notes == ["Your move at Mauna Kea wait2"]
        await wait_for(pilot, lambda: [t.your_turn for t in screen.mine()] == [True, True],
                       "both mine")  # fmt: skip
        assert [c.table for c in screen.cards] == ["mine1", "wait2"]
        timepiece.advance(3_600_000)  # an hour of my clock
        await pilot.press("enter")  # back to my seat at mine1

        # The room may push the game's screen before a poll sees it: look through the stack.
        def rooms() -> list[RoomScreen]:
            return [s for s in app.screen_stack if isinstance(s, RoomScreen)]

        try:
            await wait_for(pilot, lambda: bool(rooms()), "the table room")
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the screen's note: {screen.note!r}") from exc
        room = rooms()[0]
        assert room.session is not None
        assert room.session.seat == 0 and room.session.table == "mine1"
    for session in sessions:
        await session.close()
    for host in hosts:
        await host.close()


async def test_caldera_games_beside_a_running_app_prints_one_line_a_table(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    from net.trust.identity import claim

    lease = claim()  # this machine's lasting identity, held as a running app holds it
    me, keys = lease.client, lease.keys
    host = make_host(broker.address, tmp_path, table="cg1", seats=2, clock="1d",
                     auto_start=True)  # fmt: skip
    await host.open()
    sessions = [await join(broker.address, "cg1", "bob", seat=0),
                await join(broker.address, "cg1", me, keys=keys, seat=1)]  # fmt: skip
    try:
        await wait_until(lambda: host.referee is not None)
        done = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "tui.cli", "games", "--broker",
                             str(broker.address)], capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        (line,) = done.stdout.splitlines()
        assert line == f"cg1 Mauna Kea: BOB to move, you have 1d 0h · BOB, {me.upper()}"
    finally:
        lease.release()
        for session in sessions:
            await session.close()
        await host.close()


async def wait_until(condition: Callable[[], object], timeout: float = 30) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


async def test_the_host_form_opens_a_turn_based_rated_table(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    from textual.widgets import Input, Label, Select

    from tui.screens.host_table import HostScreen

    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HostScreen), "the host dialog")
        form = app.screen
        form.query_one("#clock", Input).value = "2x"
        await pilot.press("ctrl+s")
        error = form.query_one("#form-error", Label)
        await wait_for(pilot, lambda: "not a duration" in str(error.render()), "the refusal")
        form.query_one("#clock", Input).value = "2d"
        form.query_one("#rated", Select).value = "rated"
        form.query_one("#on-timeout", Select).value = "drop"
        form.query_one("#name", Input).value = "Ann"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen), "the table room")
        room = app.screen
        assert isinstance(room, RoomScreen)
        await wait_for(pilot, lambda: room.hosted is not None or bool(room.note), "the table")
        assert room.hosted is not None, room.note
        table = room.hosted.host
        assert table is not None
        assert table.terms == TableTerms("2d", "drop", True)
        await wait_for(pilot, lambda: "clock 2d a turn · rated" in screen_text(app), "terms")
