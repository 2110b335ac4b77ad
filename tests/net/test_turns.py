"""The retained per-player turn topic: a program following a player (a notifier) learns whose
turn it is at each of their tables, at once on subscribing and at every change."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.bots import make_bot
from net.table import turns
from net.trust.keys import Keys
from net.wire import topics
from tests.kit.netkit import (
    RULES,
    RawClient,
    TestBroker,
    close_all,
    join,
    make_host,
    play_all,
    until,
)


def latest(client: RawClient, table: str, identity: str) -> dict[str, Any] | None:
    """The newest turn message ``client`` received for ``identity`` at ``table``."""
    topic = topics.turns(table, identity)
    for got, payload in reversed(client.raw):
        if got == topic:
            opened = turns.read(got, payload)
            return opened[1] if opened is not None else None  # None: cleared
    return None


async def test_a_notifier_follows_a_players_turns(broker: TestBroker, tmp_path: Path) -> None:
    hosts = [make_host(broker.address, tmp_path, table=t, seats=2, turn_limit=2, auto_start=True)
             for t in ("t1", "t2")]  # fmt: skip
    for host in hosts:
        await host.open()
    ann = [await join(broker.address, t, "ann") for t in ("t1", "t2")]
    bob = [await join(broker.address, t, "bob") for t in ("t1", "t2")]
    try:
        first = hosts[0].referee
        assert first is not None
        # a notifier that subscribes late still gets the current state of both tables
        async with RawClient(broker.address, "ann-phone", [topics.my_turns("ann")]) as phone:
            await until(lambda: latest(phone, "t1", "ann") and latest(phone, "t2", "ann"))
            message = latest(phone, "t1", "ann")
            assert message is not None
            seat_key = message.pop("to_move")
            since, last = message.pop("since_ms"), message.pop("last")
            assert isinstance(since, int) and since > 1_700_000_000_000 and isinstance(last, str)
            assert message.pop("clock") is None  # a table without a clock
            moves, turn = message.pop("moves"), message.pop("turn")
            assert moves == 0 and turn == (0 if 1 in seat_key else None), "no move made yet"
            assert message.pop("epoch") == hosts[0].epoch and message.pop("n") >= 1
            assert message == {
                "table": "t1", "game": "maunakea", "title": "Mauna Kea", "seat": 1,
                "players": ["ANN", "BOB"], "your_turn": 1 in seat_key, "status": "playing",
            }  # fmt: skip
            assert [s + 1 for s in hosts[0].rules.to_move(first.state)] == seat_key
            signer, _ = turns.read(*[m for m in phone.raw if m[0].endswith("/t1/ann")][-1])  # type: ignore[misc]
            assert signer == hosts[0].card.key, "signed with the table's key"

            # at every change of turn the notice follows: play t1 a step at a time
            bot = make_bot("maunakea", "random", "turns")
            for _ in range(30):
                if first.ended:
                    break
                await until(lambda: len(ann[0].envelopes) == len(bob[0].envelopes) == first.seq)
                seat = hosts[0].rules.to_move(first.state)[0]
                player = (ann, bob)[seat][0]
                await player.submit(seat, bot.choose(player.rules, player.state, seat))
                now = [s + 1 for s in hosts[0].rules.to_move(first.state)]
                await until(
                    lambda now=now: (latest(phone, "t1", "ann") or {}).get("to_move") == now
                )  # type: ignore[misc]
                assert latest(phone, "t1", "ann")["your_turn"] == (1 in now)  # type: ignore[index]
                assert latest(phone, "t1", "ann")["last"]  # type: ignore[index]  # a move
            notices = {
                topic for topic, _ in phone.raw if topic.startswith(topics.PREFIX + "/turns/")
            }
            t1 = [said for topic, payload in phone.raw if topic == topics.turns("t1", "ann")
                  and (said := turns.read(topic, payload)) is not None]  # fmt: skip
            orders = [(message["epoch"], message["n"]) for _, message in t1]
            assert orders == sorted(orders) and len(set(orders)) == len(orders), "newest last"
            assert notices == {topics.turns("t1", "ann"), topics.turns("t2", "ann")}, "ann's only"

            assert first.ended or latest(phone, "t1", "ann")["status"] == "playing"  # type: ignore[index]
            await play_all([ann[0], bob[0]])
            await until(lambda: (latest(phone, "t1", "ann") or {}).get("status") == "over")
            assert latest(phone, "t1", "ann")["your_turn"] is False  # type: ignore[index]
            await hosts[0].close()  # a closed table takes its notices away
            await until(lambda: phone.raw[-1] == (topics.turns("t1", "ann"), b""))
    finally:
        await close_all(hosts[1], [*ann, *bob])
        await hosts[0].close()


def test_anything_but_a_turn_message_is_refused_in_one_line() -> None:
    """Anyone may retain anything signed by any key on a player's turn topic: a JSON nested
    100,000 deep made ``read`` fail with RecursionError."""
    key = Keys.generate()
    topic = topics.turns("t1", "ann")
    for body, why in [
        (b"[" * 5_000 + b"]" * 5_000, "nested deeper"),
        (b'{"a": "' + b"[" * 50 + b'"}', None),  # brackets inside a string are text
        (b"x" * 20_000, "more than a turn message"),
        (b"{nope", "not JSON"),
        (b"[1, 2]", "not a JSON object"),
    ]:
        if why is None:
            assert turns.read(topic, key.sign(topic, body)) == (key.public.hex(), {"a": "[" * 50})
            continue
        with pytest.raises(turns.NotATurn, match=why) as refused:
            turns.read(topic, key.sign(topic, body))
        assert "\n" not in str(refused.value)
    with pytest.raises(turns.NotATurn, match="not signed"):
        turns.read(topic, b'{"table": "t1"}')
    assert turns.read(topic, b"") is None


def test_a_turn_is_known_by_the_same_number_after_a_resume() -> None:
    """``turn`` (the moves made when a player's turn began) is the same whether the host
    followed the game from its start or began at that point (a table resumed after a crash),
    and stays while the player makes the moves of one turn."""
    from core.referee import Referee
    from net.table.seating import Seating
    from net.wire.messages import SeatListing

    rules = RULES
    seating = Seating(2)
    seating.seats = [SeatListing(client="ann"), SeatListing(client="bob")]

    def notices() -> tuple[turns.TurnNotices, dict[str, dict[str, Any]]]:
        sent: dict[str, dict[str, Any]] = {}

        def retain(topic: str, data: bytes) -> bool:
            if data:
                sent[topic.rsplit("/", 1)[1]] = json.loads(data)
            return True

        return turns.TurnNotices("t1", rules, seating, retain, now=lambda: 0), sent

    referee = Referee(rules, rules.config(2, {"turn_limit": 3}), ["ANN", "BOB"], seed="turns")
    referee.begin()
    live, seen = notices()
    live.update(referee)
    bot = make_bot("maunakea", "random", "turn numbers")
    began: dict[int, int] = {}
    for _ in range(200):
        if referee.ended:
            break
        seat = rules.to_move(referee.state)[0]
        referee.submit(seat, bot.choose(rules, referee.state, seat))
        live.update(referee)
        fresh, told = notices()
        fresh.update(referee)
        for client in ("ann", "bob"):
            assert told[client]["turn"] == seen[client]["turn"], (client, seen[client])
        now = rules.to_move(referee.state)
        for s in now:
            mine = seen[("ann", "bob")[s]]
            assert mine["your_turn"] and isinstance(mine["turn"], int)
            if s in began:
                assert mine["turn"] == began[s], "one turn, however many moves"
            began[s] = mine["turn"]
        began = {s: t for s, t in began.items() if s in now}
    assert referee.ended and seen["ann"]["moves"] > 10
