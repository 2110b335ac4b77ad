"""Undo across terminals: the referee judges it, every terminal folds the take-back."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.audit import audit
from core.bots import make_bot
from core.errors import IllegalCommand
from core.games.maunakea import events as ev
from core.lifecycle import Undo, Undone
from core.statehash import state_hash
from replays.file import read
from tests.core.test_undo import quiet
from tests.kit.netkit import (
    TestBroker,
    assert_same_game,
    close_all,
    join,
    make_host,
    play_all,
    until,
)


async def test_a_take_back_reaches_every_terminal(broker: TestBroker, tmp_path: Path) -> None:
    host = make_host(broker.address, tmp_path, seats=2, auto_start=True)
    await host.open()
    players = [await join(broker.address, "t1", f"p{i}") for i in range(2)]
    watcher = await join(broker.address, "t1", "watcher", spectator=True)
    everyone = [*players, watcher]
    rules = host.rules
    bot = make_bot("maunakea", "random", "undo")
    try:
        referee = host.referee
        assert referee is not None

        async def in_step() -> None:
            await until(lambda: all(len(s.envelopes) == referee.seq for s in everyone))

        await in_step()
        while not isinstance(referee.log[-1].event, ev.TurnStarted):
            seat = rules.to_move(referee.state)[0]
            await players[seat].submit(seat, bot.choose(rules, players[seat].state, seat))
            await in_step()
        seat = rules.to_move(referee.state)[0]
        before = state_hash(rules, referee.state)
        command = quiet(rules, players[seat].state, seat)
        await players[seat].submit(seat, command)
        await in_step()
        assert all(state_hash(rules, s.state) != before for s in everyone)

        await players[seat].submit(seat, Undo())
        await in_step()
        assert isinstance(referee.log[-1].event, Undone)
        assert all(state_hash(rules, s.state) == before for s in everyone), "all went back"
        with pytest.raises(IllegalCommand, match="nothing to take back since this happened"):
            await players[seat].submit(seat, Undo())
        with pytest.raises(IllegalCommand, match="not seat"):
            await players[1 - seat].submit(1 - seat, Undo())

        await play_all(players)
        await host.wait_ended(10)
        await watcher.wait_until(lambda: watcher.ended, 10)
        await assert_same_game(host, everyone)
        report = audit(read(host.replay_path).envelopes)  # type: ignore[arg-type]
        assert report.ok and report.finished and report.undos == 1, report.problems
    finally:
        await close_all(host, everyone)
