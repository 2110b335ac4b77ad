"""A whole game across the network: every terminal ends with the referee's game."""

from __future__ import annotations

from pathlib import Path

from core.audit import audit
from replays.file import read
from tests.kit.netkit import TestBroker, assert_same_game, close_all, join, make_host, play_all


async def test_three_bots_play_a_whole_game_over_the_broker(
    broker: TestBroker, tmp_path: Path
) -> None:
    host = make_host(broker.address, tmp_path, auto_start=True)
    await host.open()
    players = [await join(broker.address, "t1", f"p{i}") for i in range(3)]
    watcher = await join(broker.address, "t1", "watcher", spectator=True)
    try:
        assert [p.seat for p in players] == [0, 1, 2]
        assert watcher.seat is None and watcher.controlled == frozenset()
        await play_all(players)
        await host.wait_ended(10)
        await watcher.wait_until(lambda: watcher.ended, 10)
        await assert_same_game(host, [*players, watcher])
        assert host.card.status == "over" and host.card.scores is not None
        assert players[0].players == ("P0", "P1", "P2")
        report = audit(read(host.replay_path).envelopes)  # type: ignore[arg-type]
        assert report.ok and report.finished and report.seed_checked
        assert not host.rejections
    finally:
        await close_all(host, [*players, watcher])
