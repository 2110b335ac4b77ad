"""The embedded broker matches a message only against the topic filters that can match it
(``net.link.broker._Subscriptions``): exactly the subscriptions amqtt's own scan of every filter
finds; and a client that connects gets the retained messages of its own subscriptions only."""

from __future__ import annotations

import logging
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from net.link.broker import _Subscriptions
from tests.kit.netkit import AmqttBroker, RawClient, until

LEVEL = st.sampled_from(["caldera", "v1", "tables", "t1", "t2", "cmd", "0", "", "$SYS"])
TOPIC = st.lists(LEVEL, min_size=1, max_size=6).map("/".join)
FILTER = st.lists(st.one_of(LEVEL, st.just("+")), min_size=1, max_size=6).flatmap(
    lambda levels: st.sampled_from(["/".join(levels), "/".join([*levels, "#"]), "#"])
)


def amqtt_matches(topic: str, a_filter: str) -> bool:
    from amqtt.broker import Broker  # type: ignore[import-untyped]

    matched: bool = Broker._matches(SimpleNamespace(logger=logging.getLogger("t")), topic,
                                    a_filter)  # fmt: skip
    return matched


@given(st.lists(FILTER, max_size=30), st.lists(TOPIC, min_size=1, max_size=10))
def test_the_index_finds_every_filter_amqtt_would_match(
    filters: list[str], topics: list[str]
) -> None:
    index = _Subscriptions()
    for n, a_filter in enumerate(filters):
        index[a_filter] = [n]
    for topic in topics:
        every = [f for f in index if amqtt_matches(topic, f)]
        found = [f for f, _ in index.candidates(topic) if amqtt_matches(topic, f)]
        assert sorted(found) == sorted(every)
        assert len(found) == len(set(found)), "each filter once"


def test_the_index_follows_subscriptions_coming_and_going() -> None:
    index = _Subscriptions({"caldera/v1/tables/t1/cmd/+/+": ["host"]})
    topic = "caldera/v1/tables/t1/cmd/0/ann"
    assert [f for f, _ in index.candidates(topic)] == ["caldera/v1/tables/t1/cmd/+/+"]
    index["caldera/#"] = ["spy"]
    del index["caldera/v1/tables/t1/cmd/+/+"]
    assert index.candidates(topic) == [("caldera/#", ["spy"])]
    index.clear()
    assert index.candidates(topic) == []


async def test_a_newcomer_gets_only_the_retained_messages_it_subscribed_to(
    amqtt_broker: AmqttBroker,
) -> None:
    """amqtt sent every connecting client the retained messages of everybody's subscriptions
    (each table's card, once hosts read their own)."""
    address = amqtt_broker.address
    card, seat = "caldera/v1/lobby/tables/t1", "caldera/v1/tables/t1/events/0/ann"
    async with RawClient(address, "host", [card]) as host:
        await host.replay(card, b"a card")
        await until(lambda: host.captured(card))
        async with (
            RawClient(address, "ann", [seat]) as ann,
            RawClient(address, "lobby", [card]) as lobby,
        ):
            await host.replay(seat, b"an event", retain=False)
            await until(lambda: ann.captured(seat) and lobby.captured(card))
            assert [topic for topic, _ in ann.raw] == [seat]
