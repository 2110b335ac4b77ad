"""Every bad command is rejected with a reason to its sender, makes no event, and the game goes
on: someone else's seat, a stale ``expected_seq``, an illegal move, malformed bytes."""

from __future__ import annotations

import contextlib
from pathlib import Path

import aiomqtt
import pytest

from core.codec import MAX_MESSAGE_BYTES, command_to_wire
from core.errors import IllegalCommand
from core.games.maunakea.commands import EndTurn
from net.wire import topics
from tests.kit.netkit import (
    RawClient,
    TestBroker,
    assert_same_game,
    close_all,
    join,
    make_host,
    play_all,
    until,
)


async def test_bad_commands_get_a_reason_and_the_game_goes_on(
    broker: TestBroker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    host = make_host(broker.address, tmp_path, seats=2, turn_limit=3, auto_start=True)
    await host.open()
    players = [await join(broker.address, "t1", f"p{i}") for i in range(2)]
    try:
        await players[0].wait_until(lambda: players[0].state is not None, 5)
        referee = host.referee
        assert referee is not None
        rules = host.rules
        (mover,) = rules.to_move(referee.state)
        other = 1 - mover
        mover_id, other_id = players[mover].identity, players[other].identity
        legal = rules.legal_commands(referee.state, mover)[0]
        seq = referee.seq

        def request(request_id: str, expected: int, command: object = legal) -> dict[str, object]:
            return {"k": "cmd", "id": request_id, "expected_seq": expected,
                    "command": command_to_wire(command, mover)}  # type: ignore[arg-type]  # fmt: skip

        reply_filters = [topics.reply("t1", ident) for ident in (mover_id, other_id, "mallory")]
        async with (
            RawClient(
                broker.address, mover_id, [reply_filters[0]], keys=players[mover].keys
            ) as as_mover,
            RawClient(
                broker.address, other_id, [reply_filters[1]], keys=players[other].keys
            ) as as_other,
            RawClient(broker.address, "mallory", [reply_filters[2]]) as mallory,
        ):
            # someone else's seat: a seated player, and a client with no seat at all
            await as_other.send(topics.cmd("t1", mover, other_id), request("x1", seq))
            result = await as_other.next_result()
            assert (result.id, result.ok) == ("x1", False)
            assert "is not yours" in result.reason
            await mallory.send(topics.cmd("t1", mover, "mallory"), request("m1", seq))
            assert "is not yours" in (await mallory.next_result()).reason

            # a stale expected_seq, from the seat's rightful holder
            await as_mover.send(topics.cmd("t1", mover, mover_id), request("s1", seq - 1))
            result = await as_mover.next_result()
            assert result.reason.startswith("stale command")

            # malformed: not msgpack, the wrong shape, an unknown type, too large
            await as_mover.send(topics.cmd("t1", mover, mover_id), b"\xc1\x00garbage")
            result = await as_mover.next_result()
            assert result.id is None and result.reason.startswith("malformed command")
            await as_mover.send(topics.cmd("t1", mover, mover_id), {"k": "cmd", "id": "b1"})
            result = await as_mover.next_result()
            assert result.id == "b1" and "missing" in result.reason
            bogus = {"type": "maunakea.teleport", "v": 1, "seat": mover, "payload": {}}
            asked = {"k": "cmd", "id": "b2", "expected_seq": seq, "command": bogus}
            await as_mover.send(topics.cmd("t1", mover, mover_id), asked)
            assert "unknown command type" in (await as_mover.next_result()).reason
            # the table's own events are never a seat's command: a time-out injected by the
            # player it would favour, a hand-over to a bot
            for n, tag in enumerate(("core.time_ran_out", "core.handed_to_bot", "core.clock")):
                forged = {"type": tag, "v": 1, "seat": other, "payload": {"seat": other}}
                asked = {"k": "cmd", "id": f"t{n}", "expected_seq": seq, "command": forged}
                await as_mover.send(topics.cmd("t1", mover, mover_id), asked)
                assert "unknown command type" in (await as_mover.next_result()).reason
            await as_mover.send(
                topics.cmd("t1", mover, mover_id), b"\x00" * (MAX_MESSAGE_BYTES + 1)
            )
            assert "exceeds the limit" in (await as_mover.next_result()).reason
            await as_mover.send(topics.cmd("t1", "9", mover_id), request("b3", seq))  # type: ignore[arg-type]
            assert "no seat" in (await as_mover.next_result()).reason
            # seat levels are read strictly: "²" and "٣" pass str.isdigit(), "01" is int 1
            for n, level in enumerate(["²", "٣", "01", "-1", " 1", "1.0", "", "１"]):
                topic = f"{topics.table_root('t1')}/cmd/{level}/{mover_id}"
                await as_mover.send(topic, request(f"d{n}", seq))
                result = await as_mover.next_result()
                assert (result.id, result.ok) == (f"d{n}", False) and "no seat" in result.reason
            assert referee.seq == seq, "none of them made an event"
            assert not [r for r in caplog.records if r.levelname == "ERROR"], "nothing raised"

        # an illegal move, through the session as a UI would send it
        assert EndTurn() not in rules.legal_commands(referee.state, mover)
        with pytest.raises(IllegalCommand) as illegal:
            await players[mover].submit(mover, EndTurn())
        assert str(illegal.value)

        assert referee.seq == seq  # not one event from all of that
        assert len(host.rejections) == 9 + 3 + 8  # 3 injected events, 8 seat levels read strictly
        await players[mover].submit(mover, legal)  # and the game goes on
        assert referee.seq > seq
        await play_all(players)
        await assert_same_game(host, players)
    finally:
        await close_all(host, players)


async def test_the_embedded_broker_drops_a_message_over_its_limit(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    """A 2 MiB message is refused by the embedded broker from its header (its sender is
    disconnected): the referee never reads it, and the game goes on."""
    host = make_host(amqtt_broker.address, tmp_path, seats=2, turn_limit=3, auto_start=True)
    await host.open()
    players = [await join(amqtt_broker.address, "t1", f"p{i}") for i in range(2)]
    try:
        huge = RawClient(amqtt_broker.address, "p0", [], keys=players[0].keys)
        async with huge:
            with contextlib.suppress(aiomqtt.MqttError):
                await huge.send(topics.cmd("t1", 0, "p0"), b"\x00" * (2 << 20))
            await until(lambda: not huge.client._client.is_connected(), 5)  # knocked off
        await play_all(players)
        await host.wait_ended(10)
        await assert_same_game(host, players)
        assert not any("exceeds" in why or "malformed" in why for _, why in host.rejections)
    finally:
        await close_all(host, players)
