"""The wire's registry and codec: every message a tagged msgspec struct, one encoder, and a
reader per topic that picks the kind by its tag.

:class:`Message` is the base of every message (:mod:`net.wire.messages` declares them), tagged
with its kind (the map's ``k``), as every event's ``type`` names it in :mod:`core.messages`;
:func:`encode` writes any of them and a :class:`Reader` reads the kinds a topic may carry
straight from the bytes into typed values. Everything read from the network is untrusted: a
reader checks the size first, then the shape and every field, and raises a
:class:`~core.errors.CodecError` with one readable line, never anything else; a message of
another protocol (:data:`PROTOCOL`) is :class:`OtherProtocol`, whose line says who speaks which.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Generic, TypeVar

import msgspec

from core.codec import MAX_MESSAGE_BYTES, unpack
from core.errors import BadPayload, CodecError, Malformed, TooLarge

PROTOCOL = 2
"""The version of what Caldera's programs say to each other: 1 before every message had its tag
(``k``), 2 since."""


Count = Annotated[int, msgspec.Meta(ge=0)]
Token = Annotated[str, msgspec.Meta(max_length=32)]  # a nonce or a ticket ("": none)
RequestId = Annotated[str, msgspec.Meta(max_length=64)]
Hash = Annotated[str, msgspec.Meta(min_length=16, max_length=16)]
Signature = Annotated[bytes, msgspec.Meta(min_length=64, max_length=64)]


class OtherProtocol(BadPayload):
    """A message of another protocol than this Caldera's (:data:`PROTOCOL`)."""

    def __init__(self, protocol: int, speaker: str = "this table") -> None:
        self.protocol = protocol
        super().__init__(protocol_line(speaker, protocol))


def update_line(speaker: str) -> str:
    """What a program of this protocol tells one of an older protocol that asked it something
    (in a refusal that program reads: it shows the reason)."""
    return f"{speaker} speaks protocol {PROTOCOL}; update Caldera"


def protocol_line(speaker: str, protocol: int) -> str:
    """The one line that says who speaks which protocol, and who must update."""
    if protocol > PROTOCOL:
        return f"{speaker} speaks protocol {protocol}; update Caldera"
    return f"{speaker} speaks protocol {protocol}, older than this Caldera's {PROTOCOL}"


def one_of(value: str, choices: tuple[str, ...], key: str) -> None:
    """A field that names one of a few words (msgspec makes the ``ValueError`` its line)."""
    if value not in choices:
        raise ValueError(f"{key!r} must be one of {', '.join(choices)}")


class Message(msgspec.Struct, frozen=True, tag_field="k"):
    """One message, tagged with its kind (``k``): a subclass names its tag (``tag="ev"``) and
    is in :data:`MESSAGES` by that (:func:`registry`)."""


class _NeverSent(Message, frozen=True, tag="-"):
    """In every reader's union beside what it reads, so that a map must name its kind."""


def registry() -> dict[str, type[Message]]:
    """Every message kind by its tag, each tag once."""
    kinds: dict[str, type[Message]] = {}
    for kind in Message.__subclasses__():
        if kind is _NeverSent:
            continue
        tag = kind.__struct_config__.tag
        if not isinstance(tag, str) or tag == kind.__name__:
            raise TypeError(f"message {kind.__name__} names no tag of its own")
        if tag in kinds:
            raise TypeError(f"message tag {tag!r} taken by {kinds[tag].__name__} and "
                            f"{kind.__name__}")  # fmt: skip
        kinds[tag] = kind
    return kinds


M = TypeVar("M")

_encode = msgspec.msgpack.Encoder().encode


def encode(message: Message) -> bytes:
    """The bytes of any message."""
    return _encode(message)


class Reader(Generic[M]):
    """Reads what one topic may carry (``kinds``: one message kind, or a union of them) from
    untrusted bytes: a :class:`CodecError` with one line naming ``what`` on any fault."""

    def __init__(self, what: str, kinds: Any, speaker: str = "this table") -> None:
        self.what = what
        self.speaker = speaker
        # msgspec reads a lone tagged struct from a map without its tag; in a union, never
        self._decode: Callable[[bytes], M] = msgspec.msgpack.Decoder(kinds | _NeverSent).decode

    def __call__(self, data: bytes) -> M:
        if not isinstance(data, bytes | bytearray | memoryview):
            raise Malformed(f"{self.what}: expected bytes, got {type(data).__name__}")
        if len(data) > MAX_MESSAGE_BYTES:
            raise TooLarge(f"{self.what} of {len(data)} bytes exceeds {MAX_MESSAGE_BYTES}")
        try:
            message = self._decode(data)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise self._why(data, exc) from None
        if type(message) is _NeverSent:
            raise BadPayload(f"{self.what}: no message is of kind '-'")
        protocol = getattr(message, "protocol", PROTOCOL)
        if protocol != PROTOCOL:
            raise OtherProtocol(protocol, self.speaker)
        return message

    def _why(self, data: bytes, exc: Exception) -> Exception:
        """The line for bytes that did not decode: another protocol's message (a map with no
        tag, or one that names its protocol), or what is wrong with them."""
        try:
            obj = unpack(data)
        except Malformed:
            return Malformed(f"{self.what}: not a msgpack message")
        if isinstance(obj, dict) and "k" not in obj:
            return OtherProtocol(1, self.speaker)
        protocol = obj.get("protocol") if isinstance(obj, dict) else None
        if type(protocol) is int and protocol != PROTOCOL:
            return OtherProtocol(protocol, self.speaker)
        line = " ".join(str(exc).split())[:200]
        return BadPayload(f"{self.what}: {line}")


def peek_id(obj: Any) -> str | None:
    """The request id of a command's map, if it has a readable one (to answer even a bad
    one)."""
    if isinstance(obj, dict) and isinstance(obj.get("id"), str) and len(obj["id"]) <= 64:
        return str(obj["id"])
    return None


def peek(data: bytes, key: str) -> str:
    """The text under ``key`` in a message that did not read (``""`` if it has none): the
    nonce or id of another protocol's request, so that its answer is taken for that one's."""
    try:
        obj = unpack(data)
    except CodecError:
        return ""
    value = obj.get(key) if isinstance(obj, dict) else None
    return value if isinstance(value, str) and len(value) <= 64 else ""


def plain(message: msgspec.Struct) -> Any:
    """A message's fields as plain data (maps, lists, strings, numbers) for a JSON record."""
    return msgspec.to_builtins(message)


def from_plain(obj: Any, kind: type[M]) -> M:
    """A message back from :func:`plain`'s data; a ``BadPayload`` line if it is not one."""
    try:
        return msgspec.convert(obj, kind)
    except msgspec.ValidationError as exc:
        raise BadPayload(f"{getattr(kind, '__name__', 'message')}: {exc}") from None
