"""A hard bot stands in at a networked table (a real broker): the host hands it a seat whose
player went away, it thinks in the host's worker pool from that seat's view, and its commands
reach the player, who finds the same game when the host hands the seat back."""

from __future__ import annotations

from pathlib import Path

from core.codec import unpack
from core.search import SearchBot, workers
from net.wire.messages import encode
from tests.kit.netkit import TestBroker, assert_same_game, close_all, join, make_host, play_all
from tests.kit.netkit import until as wait_for


async def test_a_hard_stand_in_plays_a_dropped_players_seat(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    host = make_host(amqtt_broker.address, tmp_path, seats=2, turn_limit=8, auto_start=True,
                     bot_delay=0.002)  # fmt: skip
    await host.open()
    await host.seat_bot(0)
    player = await join(amqtt_broker.address, "t1", "player")
    try:
        referee = host.referee
        assert referee is not None and player.seat == 1
        await host.hand_to_bot(1, "hard")
        stand_in = host.bots._bots[1]
        assert isinstance(stand_in, SearchBot) and host.card.seats[1].standin == "hard"
        stand_in.level = stand_in.level.budget(4)  # a small budget: the test's, not a level's
        await wait_for(lambda: stand_in.decisions >= 3, 60)  # it played three of its decisions
        assert workers.shared().pids  # ... in a worker process
        seat_commands = [
            env
            for env in referee.log
            if getattr(env.event, "seat", None) == 1 and env.event.command()
        ]
        assert seat_commands
        await host.hand_back(1)
        await play_all([player])
        await host.wait_ended(10)
        await assert_same_game(host, [player])
    finally:
        await close_all(host, [player])


async def test_hints_are_a_table_option_off_by_default(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    """A table offers the hint key at every seat only when its host allows it (its card says
    so); a networked table's default is no hints."""
    plain = make_host(amqtt_broker.address, tmp_path, table="plain", seats=2)
    helped = make_host(amqtt_broker.address, tmp_path, table="helped", seats=2, hints=True)
    await plain.open()
    await helped.open()
    players = [await join(amqtt_broker.address, table, "p") for table in ("plain", "helped")]
    try:
        await wait_for(lambda: all(p.card is not None for p in players))
        assert [p.hints for p in players] == [False, True]
        assert unpack(encode(helped.card))["hints"] is True
    finally:
        await close_all(plain, players[:1])
        await close_all(helped, players[1:])
