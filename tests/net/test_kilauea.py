"""Kilauea across the network, like Mauna Kea: a whole 2-player game over each broker."""

from __future__ import annotations

from pathlib import Path

from core.audit import audit
from core.games import get_rules
from replays.file import read
from tests.kit.netkit import TestBroker, assert_same_game, close_all, join, make_host, play_all


async def test_two_players_play_a_whole_kilauea_game(broker: TestBroker, tmp_path: Path) -> None:
    rules = get_rules("kilauea")
    host = make_host(
        broker.address, tmp_path, rules=rules, seats=2, turn_limit=None, auto_start=True
    )
    await host.open()
    players = [await join(broker.address, "t1", f"k{i}") for i in range(2)]
    try:
        assert all(p.rules.game == "kilauea" for p in players)
        await play_all(players)
        await host.wait_ended(10)
        await assert_same_game(host, players)
        report = audit(read(host.replay_path).envelopes)  # type: ignore[arg-type]
        assert report.ok and report.finished and report.seed_checked
        assert host.referee is not None and len(host.referee.state.emptied) >= 3, "3 forests"
    finally:
        await close_all(host, players)
