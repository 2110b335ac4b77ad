"""What a seat may not see never reaches it; a terminal whose state drifts is caught at the exact
event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from core.codec import decode_envelope, encode_envelope
from core.games.maunakea.events import TileDrawn, TurnStarted
from core.games.maunakea.rules import MaunaKea
from core.messages import Event
from core.statehash import state_hash
from net.wire import topics
from net.wire.messages import Batch, read_host_message
from tests.kit.netkit import RULES, RawClient, TestBroker, close_all, join, make_host, until


class SecretTiles(MaunaKea):
    """Mauna Kea as if drawn tiles were secret: only the drawer sees which tile it drew."""

    def project(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, TileDrawn) and event.seat != seat:
            return replace(event, tile=-1)
        return event


async def test_each_seat_receives_only_what_its_projection_allows(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    host = make_host(address, tmp_path, rules=SecretTiles(), turn_limit=4, auto_start=True)
    await host.open()
    names = ["s0", "s1", "s2"]
    clients = [
        RawClient(address, me, [topics.seat_events("t1", "+", me), topics.reply("t1", me)])
        for me in names
    ]
    eve = RawClient(address, "eve", [topics.public_events("t1"), topics.reply("t1", "eve")])
    spies = [*clients, eve]
    try:
        for spy in spies:
            await spy.__aenter__()
        for seat, client in enumerate(clients):  # seat each raw client, then let bots play
            join = {"role": "player", "name": names[seat], "seat": seat, "bot": None}
            await client.ask("t1", join)
            await until(lambda seat=seat: host.card.seats[seat].client == names[seat])
        assert host.referee is not None
        for seat in range(3):
            await host.hand_to_bot(seat)
        await host.wait_ended(30)
        for spy in spies:  # and a catch-up from the start, which must be projected too
            await spy.send(topics.sync("t1", spy.identity), {"k": "sync", "from": 0})
        referee = host.referee
        drawn = [env for env in referee.log if isinstance(env.event, TileDrawn)]
        assert drawn

        def received(spy: RawClient, kind: str) -> dict[int, Event]:
            """Every event ``spy`` got on its ``kind`` topics (``events`` or ``reply``)."""
            events: dict[int, Event] = {}
            for topic, payload in spy.received:
                route = topics.parse(topic)
                assert route is not None and route.rest[-1] in (spy.identity, "public")
                if route.kind != kind:
                    continue
                message = read_host_message(payload)
                if isinstance(message, Batch):
                    for i, data in enumerate(message.envs):
                        env = decode_envelope(data)
                        assert env.seq == message.start + i
                        events[env.seq] = env.event
            return events

        def every_event(spy: RawClient) -> bool:
            """The whole game came live and again in the catch-up."""
            everything = list(range(referee.seq))
            return all(sorted(received(spy, kind)) == everything for kind in ("events", "reply"))

        await until(lambda: all(every_event(spy) for spy in spies), 30)
        for seat, client in enumerate(clients):
            for kind in ("events", "reply"):
                got = received(client, kind)
                assert sorted(got) == list(range(referee.seq))
                for env in referee.log:
                    assert got[env.seq] == host.rules.project(env.event, seat)
                    if env in drawn:
                        mine = env.event.seat == seat  # type: ignore[attr-defined]
                        assert (got[env.seq].tile >= 0) == mine  # type: ignore[attr-defined]
        for kind in ("events", "reply"):
            public = received(eve, kind)
            assert sorted(public) == list(range(referee.seq))
            assert all(public[env.seq].tile == -1 for env in drawn)  # type: ignore[attr-defined]
    finally:
        for spy in spies:
            await spy.__aexit__(None, None, None)
        await host.close()


class Drifting(MaunaKea):
    """A client whose rules went astray: from turn 2 on it remembers another start player."""

    def evolve(self, state: Any, event: Event) -> Any:
        state = super().evolve(state, event)
        if isinstance(event, TurnStarted) and event.turn == 2:
            state.start_player_option = 3
        return state


async def test_a_desync_is_reported_at_the_exact_event(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    host = make_host(address, tmp_path, turn_limit=4, auto_start=True)
    await host.open()
    honest = await join(address, "t1", "honest", spectator=True)
    drifting = await join(address, "t1", "drifting", spectator=True, rules=Drifting())
    try:
        await host.fill_with_bots()
        await host.wait_ended(10)
        referee = host.referee
        assert referee is not None
        first_wrong = next(
            env.seq for env in referee.log
            if isinstance(env.event, TurnStarted) and env.event.turn == 2
        )  # fmt: skip
        await drifting.wait_until(lambda: drifting.desync is not None, 10)
        assert drifting.desync == f"desync at event {first_wrong} (maunakea.turn_started)"
        assert drifting.status == drifting.desync
        await honest.wait_until(lambda: honest.verified_seq == referee.seq - 1, 10)
        assert honest.desync is None
        assert honest.current_hash == state_hash(RULES, referee.state)
        folded = [encode_envelope(e) for e in drifting.envelopes]  # it stops at the desync
        assert first_wrong < len(folded) <= referee.seq  # it learns at the next hashed event
        assert folded == referee.wire[: len(folded)]
    finally:
        await close_all(host, [honest, drifting])
