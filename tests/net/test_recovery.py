"""A game survives: a player's dropped connection, a player's killed process, a broker restart."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from net.table.host import TableHost
from tests.kit.lifeline import dies_with_us, ended
from tests.kit.netkit import TestBroker, assert_same_game, close_all, join, make_host, play_all
from tests.kit.netkit import until as wait_for


async def test_the_broker_restarts_mid_game_and_nothing_is_lost(
    restartable_broker: TestBroker, tmp_path: Path
) -> None:
    broker = restartable_broker
    host = make_host(broker.address, tmp_path, turn_limit=8, auto_start=True, bot_delay=0.005)
    await host.open()
    first_epoch = host.epoch
    players = [await join(broker.address, "t1", f"p{i}") for i in range(3)]
    watcher = await join(broker.address, "t1", "watcher", spectator=True)
    statuses: list[str] = []
    players[0].subscribe_status(statuses.append)
    try:
        game = asyncio.create_task(play_all(players))
        await wait_for(lambda: host.referee is not None and host.referee.seq > 40)
        await broker.stop()
        await wait_for(lambda: "reconnecting…" in statuses)
        everyone = [*players, watcher]  # the outage lasts until every side has lost the broker
        await wait_for(lambda: not host.link.connected and all(
            s.status.startswith("reconnecting") for s in everyone))  # fmt: skip
        await broker.start()
        await game
        await host.wait_ended(10)
        await watcher.wait_until(lambda: watcher.ended, 10)
        await assert_same_game(host, [*players, watcher])
        assert host.epoch > first_epoch  # the host really lost the broker and came back
        assert statuses[-1] == "connected"
    finally:
        await close_all(host, [*players, watcher])


async def test_a_dropped_player_catches_up_while_a_bot_holds_the_seat(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    host = make_host(amqtt_broker.address, tmp_path, turn_limit=10, auto_start=True,
                     bot_delay=0.002)  # fmt: skip
    await host.open()
    await host.seat_bot(0)
    await host.seat_bot(1)
    victim = await join(amqtt_broker.address, "t1", "victim")
    seen_offline = []
    host.subscribe_card(lambda card: seen_offline.append(not card.seats[2].online))
    statuses: list[str] = []
    victim.subscribe_status(statuses.append)
    try:
        game = asyncio.create_task(play_all([victim]))
        referee = host.referee
        assert referee is not None and victim.seat == 2
        await wait_for(lambda: referee.seq > 20)
        await host.hand_to_bot(2)
        victim.link.backoff = victim.link.backoff.__class__(first=0.5, most=0.5)
        victim.link.drop_connection()
        dropped_at = len(victim.envelopes)
        await wait_for(lambda: referee.seq > dropped_at + 15)  # the game went on without it
        await wait_for(
            lambda: victim.status == "connected" and len(victim.envelopes) >= referee.seq
        )
        assert "reconnecting…" in statuses and any(seen_offline)
        assert host.card.seats[2].online and host.card.seats[2].standin == "random"
        await host.hand_back(2)
        await game
        await host.wait_ended(10)
        await assert_same_game(host, [victim])
    finally:
        await close_all(host, [victim])


def _bot_process(address: str, client: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "bot", "--table", "t1", "--client", client,
         "--broker", address, "--delay", "0.005"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=dies_with_us(),
    )  # fmt: skip


async def test_a_killed_player_comes_back_to_the_same_game(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = str(amqtt_broker.address)
    host: TableHost = make_host(amqtt_broker.address, tmp_path, turn_limit=10, auto_start=True,
                                bot_delay=0.005, standin="random", standin_after=0.2)  # fmt: skip
    await host.open()
    await host.seat_bot(0)
    await host.seat_bot(1)
    first = _bot_process(address, "victim")
    try:
        await wait_for(lambda: host.referee is not None and host.referee.seq > 30, 30)
        referee = host.referee
        assert referee is not None
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        await wait_for(lambda: not host.card.seats[2].online)  # its Last Will
        await wait_for(lambda: host.card.seats[2].standin == "random")
        before = referee.seq
        await wait_for(lambda: referee.seq > before + 10)  # the stand-in plays meanwhile
        second = _bot_process(address, "victim")
        out, err = await ended(second, 60)
        assert second.returncode == 0, err
        assert "holds seat 3" in out
        await host.wait_ended(5)
        assert host.card.seats[2].standin is None  # handed back on its return
        assert f"game over at event {referee.seq - 1}, state hash " in out
        assert out.split("state hash ")[-1].strip() == host.last_hash
        assert all("bot is playing" in r for _, r in host.rejections)
    finally:
        if first.poll() is None:
            first.kill()
        await host.close()
