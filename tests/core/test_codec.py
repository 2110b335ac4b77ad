"""The codec: round trips, upcasting, size limits, and garbage that must never crash."""

from __future__ import annotations

import contextlib

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core.games.maunakea  # noqa: F401  (registers Mauna Kea's events)
from core.codec import (
    GENESIS,
    Envelope,
    command_from_wire,
    command_to_wire,
    decode_envelope,
    encode_envelope,
    envelope_from_wire,
    envelope_to_wire,
    pack,
    short_hash,
    unpack,
)
from core.errors import BadPayload, CodecError, Malformed, TooLarge, UnknownType, UnsupportedVersion
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.lifecycle import GameEnded, GameStarted
from core.messages import EVENTS, Catalog, Event

small = st.integers(min_value=0, max_value=2**31)
pair = st.tuples(st.integers(0, 17), st.integers(0, 17))
colour = st.sampled_from(["white", "grey", "black"])
colours = st.lists(colour, max_size=3).map(tuple)

EVENT_STRATEGIES = st.one_of(
    st.builds(
        ev.TilePlaced, seat=st.integers(0, 3), tile=small, slot=pair, rotation=st.integers(0, 3)
    ),
    st.builds(
        ev.ExplorerMoved,
        seat=st.integers(0, 3),
        explorer=st.integers(0, 4),
        path=st.lists(pair, min_size=1, max_size=8).map(tuple),
        cost=small,
    ),
    st.builds(
        ev.BoatBoarded,
        seat=st.integers(0, 3),
        explorer=st.integers(0, 4),
        boat=st.integers(0, 7),
        landing=st.integers(0, 7),
        cargo=colours,
        left=colours,
    ),
    st.builds(
        ev.LavaPlaced,
        tile=small,
        slot=pair,
        travel=st.integers(0, 3),
        head=pair,
        lost_explorers=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4)), max_size=4).map(
            tuple
        ),
        lost_artifacts=colours,
    ),
    st.builds(
        ev.EndTriggered,
        reason=st.text(max_size=20),
        seat=st.integers(0, 3),
        final_turns=st.lists(st.integers(0, 3), max_size=3).map(tuple),
    ),
    st.builds(
        GameStarted,
        game=st.just("maunakea"),
        rules_version=st.integers(1, 9),
        config=st.dictionaries(
            st.text(max_size=8),
            st.integers(-(2**63), 2**63) | st.none() | st.booleans(),
            max_size=4,
        ),
        players=st.lists(st.text(max_size=10), max_size=4).map(tuple),
        seed_hash=st.text(max_size=64),
        position=st.none(),
    ),
    st.builds(
        GameEnded,
        seed=st.text(max_size=40),
        scores=st.lists(st.integers(-50, 50), max_size=4).map(tuple),
        winners=st.lists(st.integers(0, 3), max_size=4).map(tuple),
    ),
)


@given(
    event=EVENT_STRATEGIES, seq=small, prev=st.text("0123456789abcdef", min_size=16, max_size=16)
)
@settings(max_examples=300, deadline=None)
def test_envelopes_round_trip(event: Event, seq: int, prev: str) -> None:
    env = Envelope(seq, event, prev)
    data = encode_envelope(env)
    assert data == pack(envelope_to_wire(env)), "the bytes msgpack itself writes"
    back = decode_envelope(data)
    assert back == env
    assert encode_envelope(back) == data, "re-encoding gives the same bytes (the chain holds)"


@given(data=st.binary(max_size=300))
@settings(max_examples=500, deadline=None)
def test_garbage_bytes_raise_only_codec_errors(data: bytes) -> None:
    with contextlib.suppress(CodecError):
        decode_envelope(data)


VALID = encode_envelope(Envelope(3, ev.TilePlaced(1, 12, (2, 3), 1), GENESIS))


@given(
    flips=st.lists(
        st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), min_size=1, max_size=6
    ),
    cut=st.integers(0, len(VALID)),
)
@settings(max_examples=800, deadline=None)
def test_mutated_envelopes_raise_only_codec_errors(flips: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(VALID)
    for index, value in flips:
        data[index] = value
    with contextlib.suppress(CodecError):
        decode_envelope(bytes(data[:cut] if cut % 3 == 0 else data))


@given(
    obj=st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**63), 2**64 - 1)
        | st.text(max_size=10)
        | st.binary(max_size=10),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=6), children, max_size=4)
        ),
        max_leaves=20,
    )
)
@settings(max_examples=400, deadline=None)
def test_wrongly_shaped_msgpack_raises_only_codec_errors(obj: object) -> None:
    for candidate in (
        obj,
        {
            "seq": 1,
            "type": "maunakea.tile_placed",
            "v": 1,
            "seat": 0,
            "payload": obj,
            "prev": GENESIS,
        },
    ):
        with contextlib.suppress(CodecError):
            decode_envelope(pack(candidate))
        with contextlib.suppress(CodecError):
            command_from_wire(candidate)


def _decoded(data: bytes, checked: bool = False) -> object:
    """What decoding ``data`` gives: the envelope, or the error's type and words. ``checked``
    takes the path every envelope took before the fast one (and unusual ones still take)."""
    try:
        return envelope_from_wire(unpack(data)) if checked else decode_envelope(data)
    except CodecError as exc:
        return type(exc).__name__, str(exc)


@given(
    flips=st.lists(
        st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), min_size=1, max_size=4
    ),
)
@settings(max_examples=800, deadline=None)
def test_the_fast_path_decodes_mutated_envelopes_as_the_checked_path(
    flips: list[tuple[int, int]],
) -> None:
    data = bytearray(VALID)
    for index, value in flips:
        data[index] = value
    assert _decoded(bytes(data)) == _decoded(bytes(data), checked=True)


@given(
    payload=st.dictionaries(
        st.sampled_from(["seat", "tile", "slot", "rotation", "extra"]),
        st.none() | st.integers(-2, 20) | st.booleans() | st.lists(st.integers(0, 9), max_size=3),
        max_size=5,
    ),
    seat=st.none() | st.integers(-1, 3) | st.text(max_size=2),
    version=st.integers(0, 3),
    tag=st.sampled_from(["maunakea.tile_placed", "maunakea.lava_removed", "core.game_ended"]),
)
@settings(max_examples=800, deadline=None)
def test_the_fast_path_decodes_odd_payloads_as_the_checked_path(
    payload: dict[str, object], seat: object, version: int, tag: str
) -> None:
    wire = {"seq": 4, "type": tag, "v": version, "seat": seat, "payload": payload, "prev": GENESIS}
    data = pack(wire)
    assert _decoded(data) == _decoded(data, checked=True)


def test_whole_games_encode_as_msgpack_and_decode_as_the_checked_path() -> None:
    from core.bots import RandomBot, play_out
    from core.games import get_rules
    from core.referee import Referee

    for game, options in (("maunakea", {"advanced": True}), ("kilauea", {})):
        rules = get_rules(game)
        referee = Referee(rules, rules.config(3, options), "ABC", seed=f"fast-{game}")
        referee.begin()
        play_out(referee, {s: RandomBot(str(s)) for s in range(3)})
        assert len(referee.wire) > 100
        for data, env in zip(referee.wire, referee.log, strict=True):
            assert decode_envelope(data) == env == _decoded(data, checked=True)
            assert data == msgpack.packb(envelope_to_wire(env), use_bin_type=True)


def test_typed_errors_say_what_is_wrong() -> None:
    with pytest.raises(TooLarge, match="exceeds the limit"):
        decode_envelope(b"\x00" * 300_000)
    with pytest.raises(Malformed):
        decode_envelope(b"\xc1")
    wire = msgpack.unpackb(VALID)
    wire["type"] = "maunakea.unheard_of"
    with pytest.raises(UnknownType, match="unheard_of"):
        decode_envelope(pack(wire))
    wire = msgpack.unpackb(VALID)
    wire["v"] = 99
    with pytest.raises(UnsupportedVersion, match="newer than this program"):
        decode_envelope(pack(wire))
    wire = msgpack.unpackb(VALID)
    wire["payload"]["tile"] = "twelve"
    with pytest.raises(BadPayload, match=r"tile"):
        decode_envelope(pack(wire))
    wire = msgpack.unpackb(VALID)
    wire["payload"]["seat"] = 2
    with pytest.raises(BadPayload, match="envelope"):
        decode_envelope(pack(wire))


def test_old_versions_are_upcast_on_read() -> None:
    catalog = Catalog("event")

    def v1_to_v2(payload: dict[str, object]) -> dict[str, object]:
        return {"volcano": payload["name"], "height": 0}

    def v2_to_v3(payload: dict[str, object]) -> dict[str, object]:
        return {**payload, "height": 4205}

    @catalog.register("test.erupted", version=3, upcasters={1: v1_to_v2, 2: v2_to_v3})
    class Erupted(Event):
        volcano: str
        height: int

    assert catalog.from_wire("test.erupted", 1, None, {"name": "Mauna Kea"}) == Erupted(
        "Mauna Kea", 4205
    )
    assert catalog.from_wire("test.erupted", 3, None, {"volcano": "K", "height": 1}) == Erupted(
        "K", 1
    )
    assert EVENTS.kind_of("maunakea.tile_placed") is ev.TilePlaced


def test_commands_round_trip_with_the_sender_seat() -> None:
    command = cmd.Board(2, ("white", "grey"))
    seat, back = command_from_wire(msgpack.unpackb(pack(command_to_wire(command, 1))))
    assert (seat, back) == (1, command)


def test_short_hash_is_a_16_hex_digest() -> None:
    assert short_hash(b"") != short_hash(b"x")
    assert len(short_hash(b"abc")) == 16 and int(short_hash(b"abc"), 16) >= 0


def test_events_that_are_their_seat_alone_decode_to_their_own_seat() -> None:
    """A turn's start and end are built once per seat and shared (seats 8 on are built each
    time): every seat still reads back as itself, as the checked path reads it."""
    from core.games.arnak import events as arnak

    for kind in (arnak.TurnStarted, arnak.TurnEnded, arnak.Passed):
        for seat in range(12):
            wire = envelope_to_wire(Envelope(seat + 1, kind(seat), GENESIS))
            back = decode_envelope(pack(wire))
            assert type(back.event) is kind and back.event.seat == seat
            assert back == envelope_from_wire(msgpack.unpackb(pack(wire)))
