"""Hidden information over a real broker: in advanced Mauna Kea games, a seat's client never
receives a byte naming a card another seat holds or set aside (or one never dealt) before it is
played or revealed at scoring, and neither does a spectator, live or downloading the replay."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from core.codec import Envelope
from core.errors import CodecError
from core.games.maunakea import events as ev
from core.games.maunakea.components import COMPONENTS as C
from net.seat.session import NetSession
from net.trust.keys import is_sealed
from net.wire import topics
from net.wire.messages import Batch, read_host_message
from tests.kit.netkit import (
    FAST,
    RawClient,
    TestBroker,
    close_all,
    join,
    keys_of,
    make_host,
    play_all,
    until,
)


def recorded(session: NetSession) -> list[bytes]:
    """Every payload the session's connection hands it, in order, before it is handled."""
    seen: list[bytes] = []
    handle = session.link.on_message
    assert handle is not None

    def record(topic: str, payload: bytes, retain: bool) -> None:
        seen.append(payload)
        handle(topic, payload, retain)

    session.link.on_message = record
    return seen


def public_from(log: Sequence[Envelope]) -> tuple[dict[str, int], dict[str, float]]:
    """Each dealt card's owner, and the event at which each card becomes public."""
    dealt = next(e.event for e in log if isinstance(e.event, ev.CardsDealt))
    owner = {card: seat for seat, hand in enumerate(dealt.hands) for card in hand}
    public: dict[str, float] = {card.id: math.inf for card in C.cards}
    for env in log:
        card = getattr(env.event, "card", None)
        if isinstance(card, str):
            public[card] = min(public[card], env.seq)
        if isinstance(env.event, ev.TasksRevealed):
            for hand in env.event.hands:
                for held in hand:
                    public[held] = min(public[held], env.seq)
    return owner, public


def last_seq_in(payload: bytes) -> int:
    """The last event a payload carries (-1 for cards, presence and other non-event messages)."""
    try:
        message = read_host_message(payload)
    except CodecError:
        return -1
    if isinstance(message, Batch) and message.envs:
        return message.start + len(message.envs) - 1
    return -1


def leaks(payloads: list[bytes], seat: int | None, owner: dict[str, int],
          public: dict[str, float]) -> list[str]:  # fmt: skip
    found = []
    for payload in payloads:
        upto = last_seq_in(payload)
        for card, when in public.items():
            if owner.get(card) != seat and when > upto and card.encode() in payload:
                found.append(f"{card} reached {seat} before event {when}")
    return found


async def test_no_client_ever_receives_another_seats_unplayed_cards(
    broker: TestBroker, tmp_path: Path
) -> None:
    address = broker.address
    for game in range(3):
        table = f"s{game}"
        host = make_host(
            address,
            tmp_path,
            table=table,
            seats=3,
            turn_limit=None,
            options={"advanced": True},
            auto_start=True,
            seed=f"secret-{game}",
        )
        await host.open()
        players = [NetSession(address, table, identity=f"p{i}", name=f"P{i}", backoff=FAST,
                              retry=0.5) for i in range(3)]  # fmt: skip
        watcher = NetSession(address, table, identity="w", spectator=True, backoff=FAST)
        seen = {s.identity: recorded(s) for s in [*players, watcher]}
        late: NetSession | None = None
        try:
            for session in [*players, watcher]:
                await session.open()
            await play_all(players)
            await host.wait_ended(10)
            assert host.referee is not None
            log = host.referee.log
            late = NetSession(address, table, identity="late", spectator=True, backoff=FAST)
            seen["late"] = recorded(late)  # a spectator downloading the whole replay
            await late.open()
            total = len(log)
            await late.wait_until(lambda s=late, n=total: len(s.envelopes) == n, 10)
            owner, public = public_from(log)
            for session in [*players, watcher, late]:
                found = leaks(seen[session.identity], session.seat, owner, public)
                assert not found, found[:3]
            for player in players:  # the check can see card ids: each seat got its own
                assert player.seat is not None
                mine = [c for c, s in owner.items() if s == player.seat]
                assert any(c.encode() in p for p in seen[player.identity] for c in mine)
            assert any(isinstance(e.event, ev.CardsKept) for e in log)
        finally:
            await close_all(host, [*players, watcher, *([late] if late else [])])


async def test_a_sealed_batch_is_as_long_whatever_hand_it_holds(
    broker: TestBroker, tmp_path: Path
) -> None:
    """An outsider reading every seat's stream learns nothing of a hand from a box's length:
    the first batch of each seat at two advanced tables (four hands dealt from two seeds, whose
    batches differ by a few bytes) comes in boxes of one length."""
    address = broker.address
    outsider = RawClient(address, "eve", [topics.seat_events("+", "+", "+")])
    hosts, players = [], []
    async with outsider:
        try:
            for game in range(2):
                table = f"pad{game}"
                host = make_host(address, tmp_path, table=table, seats=2, turn_limit=None,
                                 options={"advanced": True}, auto_start=True,
                                 seed=f"hand-{game}")  # fmt: skip
                hosts.append(host)
                await host.open()
                for i in range(2):
                    players.append(await join(address, table, f"{table}p{i}"))
            for player in players:
                await player.wait_until(lambda p=player: bool(p.envelopes), 10)
            await until(lambda: len({t for t, _ in outsider.raw}) >= 4, 10)
            first: dict[str, bytes] = {}
            for topic, payload in outsider.raw:
                first.setdefault(topic, payload)
            assert all(is_sealed(payload) for payload in first.values())
            bodies = set()
            for topic, payload in first.items():
                owner = topic.rsplit("/", 1)[1]
                opened = keys_of(owner).unseal(topic, payload)
                assert opened is not None
                bodies.add(len(opened[1]))
            assert len(bodies) > 1, "the hands' batches differ in length"
            assert len({len(payload) for payload in first.values()}) == 1, {
                topic: len(payload) for topic, payload in first.items()
            }
        finally:
            for host in hosts:
                await close_all(host, [p for p in players if p.table == host.table])
