"""Untrusted bytes: every decoder answers garbage with one CodecError line, and the referee
answers any command bytes with a reason, never an exception and never an event."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Union

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.codec import pack, unpack
from core.errors import CodecError
from net.config import BrokerAddress, load
from net.errors import NetError
from net.table.host import TableHost
from net.trust.keys import Keys
from net.wire.messages import (
    MESSAGES,
    PROTOCOL,
    Batch,
    Check,
    Gone,
    JoinRequest,
    Message,
    OtherProtocol,
    Presence,
    Result,
    SeatListing,
    SyncRequest,
    TableListing,
    TableRequest,
    encode,
    read_command,
    read_host_message,
    read_join,
    read_ladder,
    read_listing,
    read_presence,
    read_said,
    read_say,
    read_server_listing,
    read_server_reply,
    read_server_request,
    read_sync,
    read_table_listing,
)
from net.wire.topics import parse
from tests.kit.netkit import RULES

scalars = (
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=20)
    | st.binary(max_size=20)
)  # fmt: skip
plain = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
READERS = [
    read_listing, read_table_listing, read_server_listing, read_ladder, read_server_request,
    read_server_reply, read_host_message, read_join, read_presence, read_command, read_sync,
    read_say, read_said,
]  # fmt: skip
SEATS = (SeatListing("Alice", "alice", None, True), SeatListing())
CARD = TableListing("t1", "maunakea", "Mauna Kea", "Alice's table", "Alice", "open", SEATS,
                 {"turn_limit": 5}, 3, 0, n=7)  # fmt: skip


@pytest.mark.parametrize(
    "message",
    [CARD, Batch(3, (b"\x90", b"\x91"), ("0" * 16, "1" * 16)), Check(0, ("a" * 16,)),
     Batch(0, (b"\x90",), (), Result("r2", True, seq=5)),
     Result("r1", False, reason="no"), Result(None, True, seq=9)],
)  # fmt: skip
def test_messages_round_trip(message: Any) -> None:
    read = read_table_listing if isinstance(message, TableListing) else read_host_message
    assert read(encode(message)) == message


def test_every_message_kind_has_one_tag_and_reads_back() -> None:
    """One registry: each kind its own tag, and each reads back from its bytes as itself."""
    kinds = [kind for kind in Message.__subclasses__() if not kind.__name__.startswith("_")]
    assert len(MESSAGES) == len(kinds)
    for tag, kind in MESSAGES.items():
        assert kind.__struct_config__.tag == tag
    every = msgspec.msgpack.Decoder(Union[tuple(kinds)])  # noqa: UP007
    for message in (CARD, Gone(3), SyncRequest(4, to=9), Presence(False, "Ann", "c0"),
                    JoinRequest("player", "Ann", 1, nonce="n1", conn="c1", ticket="t1"),
                    TableRequest("r1", "kilauea", 3, bot_delay_ms=250)):  # fmt: skip
        assert every.decode(encode(message)) == message


def test_a_cards_order_and_the_hosts_gone() -> None:
    """What a host says on its card's topic reads back with its order: a "gone" after every
    card of its epoch, before every card of the next."""
    assert read_listing(encode(CARD)) == CARD
    gone = read_listing(encode(Gone(3)))
    assert gone == Gone(3)
    assert CARD.order < gone.order < msgspec.structs.replace(CARD, epoch=4).order


@pytest.mark.parametrize("request_", [SyncRequest(4), SyncRequest(4, to=9)])
def test_sync_requests_round_trip(request_: SyncRequest) -> None:
    assert read_sync(encode(request_)) == request_


def test_a_reader_says_what_is_wrong_in_one_line() -> None:
    bad = {
        pack({"k": "ev", "from": -1}): "host message: Expected `int` >= 0 - at `$.from`",
        pack({"k": "zz"}): "host message: Invalid value 'zz' - at `$.k`",
        pack({"k": "ev", "from": 1, "envs": [b"a"], "hashes": ["0" * 16] * 2}):
            "host message: one hash per envelope",
        b"\xc1": "host message: not a msgpack message",
        pack({"k": "-"}): "host message: no message is of kind '-'",
        pack([1]): "host message: Expected `object`, got `array`",
    }  # fmt: skip
    for data, line in bad.items():
        with pytest.raises(CodecError) as caught:
            read_host_message(data)
        assert str(caught.value) == line


def test_a_card_of_another_protocol_says_who_speaks_which() -> None:
    """A table of protocol 1 (its card has no tag) or of a later one is one line, not a
    validation error."""
    old = {k: v for k, v in unpack(encode(CARD)).items() if k not in ("k", "protocol")}
    with pytest.raises(OtherProtocol) as caught:
        read_listing(pack(old))
    assert str(caught.value) == "this table speaks protocol 1, older than this Caldera's 2"
    later = {**unpack(encode(CARD)), "protocol": PROTOCOL + 1, "seats": "changed"}
    with pytest.raises(OtherProtocol) as caught:
        read_listing(pack(later))
    assert str(caught.value) == f"this table speaks protocol {PROTOCOL + 1}; update Caldera"


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(plain)
def test_readers_raise_only_codec_errors(obj: Any) -> None:
    for read in READERS:
        for data in (pack(obj), pack({"k": "table", **obj} if isinstance(obj, dict) else obj)):
            try:
                read(data)
            except CodecError as exc:
                assert "\n" not in str(exc)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | plain.map(pack))
def test_the_referee_answers_any_command_bytes_with_a_reason(
    tmp_path_factory: Any, data: bytes
) -> None:
    host = _started_host(tmp_path_factory.mktemp("r"))
    seq = host.referee.seq  # type: ignore[union-attr]
    result, _ = host.refereeing.judge("0", "p0", P0.public, data)
    assert not result.ok and result.reason and "\n" not in result.reason
    assert host.referee.seq == seq  # type: ignore[union-attr]


_HOSTS: list[TableHost] = []
P0 = Keys.generate()


def _started_host(replay_dir: Path) -> TableHost:
    """A host that never connects: its judging works offline (publishing is a no-op)."""
    import asyncio

    if _HOSTS:
        return _HOSTS[0]

    async def make() -> TableHost:
        host = TableHost(BrokerAddress(port=1), RULES, 2, table="t", replay_dir=replay_dir)
        await host.seat_bot(1)
        host.seats[0] = SeatListing("P0", "p0", None, True, key=P0.public.hex())
        await host.start()
        return host

    _HOSTS.append(asyncio.run(make()))
    return _HOSTS[0]


def test_topics_parse() -> None:
    assert parse("caldera/v1/tables/t1/cmd/0/alice") is not None
    assert parse("caldera/v1/tables/t1/cmd/0/alice").rest == ("0", "alice")  # type: ignore[union-attr]
    assert parse("caldera/v1/lobby/tables/t1").kind == "tables"  # type: ignore[union-attr]
    assert parse("other/v1/tables/t1/cmd") is None
    assert parse("caldera/v1") is None


def test_broker_addresses_and_the_config_file(tmp_path: Path) -> None:
    assert BrokerAddress.parse("mqtt://bob:pw@club.example:1884") == BrokerAddress(
        "club.example", 1884, "bob", "pw"
    )
    assert BrokerAddress.parse("10.0.0.5") == BrokerAddress("10.0.0.5", 1883)
    assert str(BrokerAddress.parse("mqtt://bob:pw@h:1")) == "mqtt://bob@h:1"  # no password shown
    for bad in ("http://host", "mqtt://", "mqtt://host:99999", "mqtt://host/path"):
        with pytest.raises(NetError):
            BrokerAddress.parse(bad)
    config = tmp_path / "config.toml"
    config.write_text('[network]\nbroker = "mqtt://club:1999"\nusername = "alice"\n'
                      'password = "pw"\nname = "Alice"\n')  # fmt: skip
    loaded = load(path=config, environ={})
    assert loaded.broker == BrokerAddress("club", 1999, "alice", "pw") and loaded.name == "Alice"
    assert load(path=config, environ={"CALDERA_BROKER": "mqtt://env:1"}).broker.host == "env"
    assert load("mqtt://cli:2", path=config, environ={"CALDERA_BROKER": "x"}).broker.host == "cli"
    assert load(path=tmp_path / "none.toml", environ={}).broker == BrokerAddress()
    config.write_text("[network\n")
    with pytest.raises(NetError, match="cannot read"):
        load(path=config, environ={})


def test_a_clusters_nodes_on_the_command_line_and_in_the_config_file(tmp_path: Path) -> None:
    nodes = BrokerAddress.parse("mqtt://bob:pw@a:1, b:2,mqtt://carol@c")
    assert [(n.host, n.port, n.username) for n in nodes.nodes] == [
        ("a", 1, "bob"), ("b", 2, "bob"), ("c", 1883, "carol")
    ]  # fmt: skip
    assert nodes.nodes[1].password == "pw" and nodes.nodes[2].password is None
    assert str(nodes) == "mqtt://bob@a:1,mqtt://bob@b:2,mqtt://carol@c:1883"
    again = BrokerAddress.parse(str(nodes)).nodes  # the passwords are never shown
    assert [(n.host, n.port, n.username) for n in again] == [("a", 1, "bob"), ("b", 2, "bob"),
                                                             ("c", 1883, "carol")]  # fmt: skip
    assert BrokerAddress.parse("a").nodes == (BrokerAddress("a"),)
    for bad in ("a,", ",a", "a,,b", "a,http://b"):
        with pytest.raises(NetError):
            BrokerAddress.parse(bad)
    config = tmp_path / "config.toml"
    config.write_text('[network]\nbroker = ["mqtt://a:1", "b:2"]\nusername = "alice"\n')
    loaded = load(path=config, environ={}).broker
    assert [(n.host, n.port, n.username) for n in loaded.nodes] == [("a", 1, "alice"),
                                                                    ("b", 2, "alice")]  # fmt: skip
    for bad in ("[]", '["a", 3]', '["a,b"]'):
        config.write_text(f"[network]\nbroker = {bad}\n")
        with pytest.raises(NetError, match=r"network\.broker"):
            load(path=config, environ={})


def test_the_club_page_shows_the_tested_broker_files() -> None:
    root = Path(__file__).resolve().parents[2]
    club = (root / "docs" / "club.md").read_text()
    for name in ("mosquitto/caldera.conf", "mosquitto/caldera.acl", "nats/caldera.conf"):
        assert (root / "deploy" / name).read_text() in club
