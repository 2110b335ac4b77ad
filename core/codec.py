"""The one msgpack codec: envelopes, commands, and untrusted bytes.

An envelope is ``{seq, type, v, seat, payload, prev}``: ``type`` is the event's stable tag, ``v``
its schema version and ``prev`` a short hash of the previous envelope's bytes, so any edit or loss
in a log shows. msgpack hands back lists (never tuples) and string map keys only; the typed
conversion in :mod:`core.messages` owns turning those back into tuples and dataclasses.
Decoding never raises anything but a :class:`~core.errors.CodecError`.
"""

from __future__ import annotations

import hashlib
import operator
from collections.abc import Callable
from functools import reduce
from typing import Annotated, Any, Literal

import msgpack
import msgspec

from core.errors import BadPayload, Malformed, TooLarge
from core.messages import COMMANDS, EVENTS, Command, Event, PayloadType

MAX_MESSAGE_BYTES = 256 * 1024
GENESIS = "0" * 16
_ENVELOPE_KEYS = frozenset({"seq", "type", "v", "seat", "payload", "prev"})


def short_hash(data: bytes) -> str:
    """A 64-bit BLAKE2b digest in hex: the link of the hash chain."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def pack(obj: Any) -> bytes:
    """msgpack bytes of plain data (maps, lists, str, int, bytes, bool, None)."""
    data: bytes = msgpack.packb(obj, use_bin_type=True)
    return data


_BYTES = (bytes, bytearray, memoryview)


def unpack(data: bytes, limit: int = MAX_MESSAGE_BYTES) -> Any:
    """Decode untrusted msgpack bytes: size limit first, then a typed error on any fault."""
    if not isinstance(data, _BYTES):
        raise Malformed(f"expected bytes, got {type(data).__name__}")
    if len(data) > limit:
        raise TooLarge(f"message of {len(data)} bytes exceeds the limit of {limit}")
    try:
        # msgpack >= 1.0 defaults: str for strings, lists for arrays, str/bytes map keys only
        return msgpack.unpackb(data)
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise Malformed(f"not a msgpack message ({type(exc).__name__}: {exc})") from None


class Envelope(msgspec.Struct, frozen=True, gc=False):
    """One event as stored and published: position in the log, the event, and the chain link."""

    seq: int
    event: Event
    prev: str

    @property
    def type(self) -> str:
        return type(self.event).TAG

    @property
    def seat(self) -> int | None:
        seat = getattr(self.event, "seat", None)
        return seat if isinstance(seat, int) else None


def envelope_to_wire(env: Envelope) -> dict[str, Any]:
    tag, version, seat, payload = EVENTS.to_wire(env.event)
    return {
        "seq": env.seq,
        "type": tag,
        "v": version,
        "seat": seat,
        "payload": payload,
        "prev": env.prev,
    }


_encode = msgspec.msgpack.Encoder().encode


def encode_envelope(env: Envelope) -> bytes:
    """The envelope's bytes: those ``pack`` gives (msgspec writes the same msgpack as msgpack
    does for the plain values of an envelope, a test checks it, in a third of the time)."""
    return _encode(envelope_to_wire(env))


def envelope_from_wire(obj: Any) -> Envelope:
    """Validate a decoded map and build the envelope (upcasting old event versions).

    ``obj`` is consumed: its payload map may be reused for the typed event.
    """
    if type(obj) is not dict:
        raise Malformed("an envelope must be a map")
    if obj.keys() != _ENVELOPE_KEYS:
        missing = sorted(_ENVELOPE_KEYS - set(obj))
        extra = sorted(map(repr, set(obj) - _ENVELOPE_KEYS))
        raise Malformed(f"envelope keys wrong (missing {missing}, unexpected {extra})")
    seq, seat, prev = obj["seq"], obj["seat"], obj["prev"]
    if type(seq) is not int or seq < 0:
        raise BadPayload("envelope seq must be a non-negative integer")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise BadPayload("envelope seat must be a non-negative integer or nil")
    if type(prev) is not str or len(prev) != 16:
        raise BadPayload("envelope prev must be a 16-character hash")
    event = EVENTS.from_wire(obj["type"], obj["v"], seat, obj["payload"])
    return Envelope(seq, event, prev)


Seq = Annotated[int, msgspec.Meta(ge=0)]
Prev = Annotated[str, msgspec.Meta(min_length=16, max_length=16)]


def _wire_envelope(kind: PayloadType) -> type[Any]:
    """An envelope of one kind as it lies in its bytes, with the checks of
    ``envelope_from_wire``: its ``type`` the tag msgspec picks the struct by, ``v`` the kind's
    current version, a seat only where the kind has one, the payload's fields checked."""
    seat: Any = None if kind.seat_at is None else Seq
    return msgspec.defstruct(
        f"{kind.cls.__name__}Envelope",
        [
            ("seq", Seq),
            ("v", Literal[kind.version]),
            ("seat", seat),
            ("payload", kind.payload),
            ("prev", Prev),
        ],
        tag_field="type",
        tag=kind.tag,
        forbid_unknown_fields=True,
        gc=False,
    )


_SHARED_SEATS = 8  # seats 0..7 of an event that is its seat alone share one instance each


def _builder(kind: PayloadType) -> Callable[[Any], Envelope]:
    """The function that turns one kind's wire envelope into its :class:`Envelope`: the event
    built from the payload's fields by name and the envelope's seat in its place, written out
    for the kind (as ``dataclasses`` writes ``__init__``), so the fold pays no generic
    unpacking per event (``astuple`` and a starred call cost about as much as the rest)."""
    args = [f"p.{name}" for name in kind.payload.__struct_fields__]
    scope: dict[str, Any] = {"Envelope": Envelope, "cls": kind.cls}
    if kind.seat_at is not None and not args:
        # an event that is its seat alone (a turn's start and end: ~40% of a log) is a frozen
        # value: the few seats a table has share one each, made once
        scope["made"] = tuple(kind.cls(seat) for seat in range(_SHARED_SEATS))
        source = (
            "def build(w):\n"
            "    seat = w.seat\n"
            f"    event = made[seat] if seat < {_SHARED_SEATS} else cls(seat)\n"
            "    return Envelope(w.seq, event, w.prev)\n"
        )
    else:
        if kind.seat_at is not None:
            args.insert(kind.seat_at, "w.seat")
        source = (
            "def build(w):\n"
            "    p = w.payload\n"
            f"    return Envelope(w.seq, cls({', '.join(args)}), w.prev)\n"
        )
    exec(source, scope)  # the field names of our own registered structs only
    built: Callable[[Any], Envelope] = scope["build"]
    return built


def _first_decode(data: bytes) -> Any:
    """Build the reader of every event kind registered so far, then decode ``data`` with it."""
    global _decode
    kinds = {_wire_envelope(kind): kind for kind in EVENTS.payload_types()}
    _BUILD.clear()
    _BUILD.update((wire, _builder(kind)) for wire, kind in kinds.items())
    _decode = msgspec.msgpack.Decoder(reduce(operator.or_, kinds)).decode
    return _decode(data)


def _forget_reader() -> None:
    global _decode
    _decode = _first_decode


_decode: Callable[[bytes], Any] = _first_decode  # bytes -> one kind's wire envelope
_BUILD: dict[type[Any], Callable[[Any], Envelope]] = {}  # its envelope, built (see _builder)
EVENTS.on_change(_forget_reader)  # a game imported later: its kinds join the reader


def decode_envelope(data: bytes, limit: int = MAX_MESSAGE_BYTES) -> Envelope:
    """Decode and validate one envelope from untrusted bytes (a ``CodecError`` on any fault).

    The common case is one msgspec decode straight into typed values: the envelope struct of
    its kind, chosen by its ``type`` (the union of every registered kind's, built once), its
    payload's fields within; the event is built from them and the envelope's seat. Anything
    unusual (an old version, a kind not imported yet or not readable so, a wrong shape, a bad
    value) takes :func:`envelope_from_wire`, which imports, upcasts or explains exactly what is
    wrong, as it always did.
    """
    if type(data) is bytes and len(data) <= limit:
        try:
            wire = _decode(data)
            return _BUILD[type(wire)](wire)
        except Exception:  # any fault: the checked path below names it
            pass
    return envelope_from_wire(unpack(data, limit))


def command_to_wire(command: Command, seat: int | None) -> dict[str, Any]:
    """A command as sent: its tag, version, payload and the seat it is sent for."""
    tag, version, _, payload = COMMANDS.to_wire(command)
    return {"type": tag, "v": version, "seat": seat, "payload": payload}


def command_from_wire(obj: Any) -> tuple[int | None, Command]:
    """Validate a decoded command map; returns (seat, command). Commands carry no seat field."""
    if not isinstance(obj, dict):
        raise Malformed("a command must be a map")
    for key in ("type", "v", "payload"):
        if key not in obj:
            raise Malformed(f"command without {key!r}")
    seat = obj.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
        raise BadPayload("command seat must be a non-negative integer or nil")
    command: Command = COMMANDS.from_wire(obj["type"], obj["v"], None, obj["payload"])
    return seat, command
