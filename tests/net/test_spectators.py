"""Spectators counted: the host counts the terminals watching its table (each client id once,
while it is online and holds no seat; its Last Will ends it) and puts the count on the table's
card; every player's header says "2 watching" (nothing when nobody watches)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.widgets import DataTable

from core.codec import pack
from net.seat.session import NetSession
from net.table.host import TableHost
from net.table.seating import Seating
from net.wire import topics
from net.wire.messages import JoinRequest, TableListing, encode, plain, read_table_listing
from tests.kit.netkit import FAST, Crowd, TestBroker, join, keys_of, make_host, until
from tests.tui.conftest import wait_for
from tui.app import CalderaApp
from tui.cli.club import _table_line
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.screens.table import TableScreen

SIZE = (100, 40)


def test_the_seat_book_counts_each_spectator_once_while_it_is_online() -> None:
    seating = Seating(2)
    assert seating.watching == 0
    seating.watch("eve")
    seating.watch("eve")  # the same client asking again (its join resent)
    assert seating.watching == 0  # it has not received the game yet
    seating.received("eve")
    assert seating.watching == 1
    seating.mark("fay", True)
    seating.watch("fay")
    seating.received("fay")
    assert seating.watching == 2
    seating.mark("fay", False)  # its Last Will (of its current connection: net.table.tickets)
    assert seating.watching == 1
    seating.mark("fay", True)  # back on a new connection: counted once it caught up again
    assert seating.watching == 1
    seating.received("fay")
    assert seating.watching == 2
    seating.sit("eve", "eve", JoinRequest("player", "Eve"))  # a seated player does not watch
    assert seating.watching == 1


def test_the_count_travels_on_the_card() -> None:
    card = TableListing("t1", "maunakea", "Mauna Kea", "t", "Ann", "open", (), watching=2)
    assert read_table_listing(encode(card)).watching == 2
    fewer = {k: v for k, v in plain(card).items() if k != "watching"}
    assert read_table_listing(pack(fewer)).watching == 0  # a card that does not say


def header(screen: TableScreen) -> str:
    """The header's sub-title: the connection, the seats and how many watch."""
    return str(screen.sub_title or "")


def watcher_process(broker: TestBroker, tmp_path: Path, name: str) -> subprocess.Popen[str]:
    """``caldera join t1 --watch --lines`` in a process of its own (to be killed)."""
    env = {**os.environ, "CALDERA_CONFIG_DIR": str(tmp_path / name)}
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "join", "t1", "--watch", "--lines", "--name", name,
         "--broker", str(broker.address)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env,
    )  # fmt: skip


async def test_the_players_headers_count_who_watches(broker: TestBroker, tmp_path: Path) -> None:
    host: TableHost = make_host(broker.address, tmp_path, seats=2, turn_limit=None)
    await host.open()
    ann = await join(broker.address, "t1", "ann")
    await host.seat_bot(1, "greedy")
    await host.start()
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    watchers = []
    killed: subprocess.Popen[str] | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.push_screen(app.play_screen(ann))
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await wait_for(pilot, lambda: "●ANN" in header(screen), "Ann's header")
            assert "watching" not in header(screen)

            watchers.append(await join(broker.address, "t1", "eve", spectator=True))
            await wait_for(pilot, lambda: header(screen).endswith(" · 1 watching"), "1")
            watchers.append(await join(broker.address, "t1", "fay", spectator=True))
            await wait_for(pilot, lambda: header(screen).endswith(" · 2 watching"), "2")
            assert watchers[0].card is not None
            await until(lambda: watchers[0].card is not None and watchers[0].card.watching == 2)

            # a third in a process of its own, killed: the broker's Last Will says it is gone
            killed = watcher_process(broker, tmp_path, "gus")
            await wait_for(pilot, lambda: header(screen).endswith(" · 3 watching"), "3")
            os.kill(killed.pid, signal.SIGKILL)
            killed.wait()
            await wait_for(pilot, lambda: header(screen).endswith(" · 2 watching"), "2 again")

            await watchers.pop().close()  # Fay leaves
            await wait_for(pilot, lambda: header(screen).endswith(" · 1 watching"), "1 again")
            await watchers.pop().close()
            await wait_for(pilot, lambda: "watching" not in header(screen), "nobody watching")
            assert host.card.watching == 0
    finally:
        if killed is not None and killed.poll() is None:
            killed.kill()
            killed.wait()
        for watcher in watchers:
            await watcher.close()
        await ann.close()
        await host.close()


async def test_the_lobby_says_how_many_watch(
    broker: TestBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CALDERA_BROKER", str(broker.address))
    host: TableHost = make_host(broker.address, tmp_path, seats=2, turn_limit=None)
    await host.open()
    await host.fill_with_bots("greedy")
    await host.start()
    watcher = await join(broker.address, "t1", "eve", spectator=True)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            await pilot.press("j")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            tables = lobby.query_one("#tables", DataTable)

            def status() -> str:
                cards = [c for c in lobby.cards if c.table == "t1"]
                return str(tables.get_cell("t1", tables.ordered_columns[5].key)) if cards else ""

            # the bots may have finished the game meanwhile: it is watched all the same
            await wait_for(pilot, lambda: status().endswith(" · 1 watching"), "1 watching")
            await watcher.close()
            await wait_for(pilot, lambda: "watching" not in status(), "nobody watching")
        assert "  · 1 watching" not in _table_line(host.card)
        card = msgspec.structs.replace(host.card, watching=2)
        assert _table_line(card).endswith("  · 2 watching")  # caldera lobby's line too
    finally:
        await watcher.close()
        await host.close()


async def test_made_up_spectators_count_only_once_they_received_the_game(
    broker: TestBroker, tmp_path: Path
) -> None:
    """300 made-up spectators, each a key of its own asking to watch as a real client does
    (ticket and all), show nowhere: only a spectator the host sent the game to counts."""
    host: TableHost = make_host(broker.address, tmp_path, seats=2, turn_limit=None)
    await host.open()
    ann = await join(broker.address, "t1", "ann")  # she never moves: the game stays
    await host.seat_bot(1, "greedy")
    await host.start()
    eve = None
    try:
        async with Crowd(broker.address, "t1", 300) as crowd:
            await crowd.ask({"role": "spectator", "name": "x"})
            await until(lambda: len(crowd.joined) == 300, 60)  # every one of them let in
            eve = await join(broker.address, "t1", "eve", spectator=True)
            await until(lambda: host.card.watching == 1)
            assert ann.card is not None
            await until(lambda: ann.card is not None and ann.card.watching == 1)
            await eve.close()
            await until(lambda: host.card.watching == 0)
    finally:
        if eve is not None:
            await eve.close()
        await ann.close()
        await host.close()


async def test_a_spectator_whose_first_catch_up_was_lost_asks_again_and_counts(
    broker: TestBroker, tmp_path: Path
) -> None:
    """A spectator's first catch-up request can be lost (on amqtt the retained card comes while
    it subscribes, before its link is up): it asks again until the host answers, so it counts.
    Before the game starts it lacks no event, so nothing else would make it ask."""
    host: TableHost = make_host(broker.address, tmp_path, seats=2, turn_limit=None)
    await host.open()
    eve = NetSession(broker.address, "t1", identity="eve", name="Eve", spectator=True,
                     backoff=FAST, retry=0.5, keys=keys_of("eve"))  # fmt: skip
    publish, lost = eve.link.publish, []

    def losing_the_first_catch_up(topic: str, payload: bytes, **kwargs: Any) -> bool:
        if topic == topics.sync("t1", "eve") and not lost:
            lost.append(topic)
            return False  # as if the link were not up yet
        return publish(topic, payload, **kwargs)

    eve.link.publish = losing_the_first_catch_up  # type: ignore[method-assign]
    try:
        await eve.open()
        await until(lambda: host.card.watching == 1)
        assert lost
    finally:
        await eve.close()
        await host.close()
