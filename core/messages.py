"""Events and commands: frozen dataclasses registered under stable string tags.

Stored and published messages are keyed by tag (``maunakea.tile_placed``), never by a Python
import path, so modules can be renamed without breaking old replays. Each tag has a schema
version; payloads written by an older version are upcast on read, one version at a time.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, TypeVar, get_args

import msgspec

from core.errors import BadPayload, UnknownType, UnsupportedVersion
from core.known_games import module_of

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


class Event(msgspec.Struct, frozen=True, gc=False):
    """A past fact (``TilePlaced``): a frozen value object. Only events are stored, published
    and folded. msgspec Structs rather than dataclasses: the fold builds them 2-3× faster, and
    ``gc=False`` is safe because they hold plain data only (never a reference cycle)."""

    TAG: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1

    def command(self) -> Command | None:
        """The command whose first event this is (``None`` for forced and chance events): an
        event that records a seat's command overrides this, next to its own definition."""
        return None


class Command(msgspec.Struct, frozen=True, gc=False):
    """A request (``PlaceTile``), a frozen value object the rules turn into events or reject."""

    TAG: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1


M = TypeVar("M", bound="type[Event] | type[Command]")


@dataclass
class _Kind:
    cls: type[Any]
    version: int
    upcasters: dict[int, Upcaster] = field(default_factory=dict)
    has_seat: bool = False


class PayloadType(NamedTuple):
    """One kind's current-version payload as msgspec decodes it from its msgpack bytes: a struct
    of the message's fields but the seat, which the envelope carries (a payload with any other
    key, the seat included, is refused by it and left to the checked path). The message is then
    built from those fields and the envelope's seat, which goes at ``seat_at`` (``None``: the
    kind has no seat)."""

    tag: str
    version: int
    cls: type[Any]
    payload: type[Any]
    seat_at: int | None


def _payload_type(tag: str, kind: _Kind) -> PayloadType | None:
    """The payload type of a kind, or ``None`` when its fields are not all positional or one
    holds ``Any`` (msgpack and msgspec differ there on odd input, such as integer map keys, so
    those few messages keep the checked path)."""
    cls = kind.cls
    fields = msgspec.structs.fields(cls)
    if cls.__match_args__ != cls.__struct_fields__ or any(_holds_any(f.type) for f in fields):
        return None
    spec: list[Any] = []
    for f in fields:
        if f.name == "seat":
            continue
        if f.default is not msgspec.NODEFAULT:
            spec.append((f.name, f.type, f.default))
        elif f.default_factory is not msgspec.NODEFAULT:
            spec.append((f.name, f.type, msgspec.field(default_factory=f.default_factory)))
        else:
            spec.append((f.name, f.type))
    payload = msgspec.defstruct(
        f"{cls.__name__}Payload", spec, forbid_unknown_fields=True, gc=False
    )
    seat_at = [f.name for f in fields].index("seat") if kind.has_seat else None
    return PayloadType(tag, kind.version, cls, payload, seat_at)


def _holds_any(annotation: Any) -> bool:
    return annotation is Any or any(_holds_any(arg) for arg in get_args(annotation))


class Catalog:
    """The registry of one family of messages (events or commands) by tag."""

    def __init__(self, family: str) -> None:
        self.family = family
        self._kinds: dict[str, _Kind] = {}
        self._payloads: dict[str, PayloadType | None] = {}  # see ``payload_types``
        self._changed: list[Callable[[], None]] = []

    def register(
        self, tag: str, version: int = 1, upcasters: dict[int, Upcaster] | None = None
    ) -> Callable[[M], M]:
        """Class decorator: register ``cls`` under ``tag`` at schema ``version``.

        ``upcasters[v]`` turns a version-``v`` payload into a version ``v + 1`` payload.
        """

        def wrap(cls: M) -> M:
            if tag in self._kinds and self._kinds[tag].cls is not cls:
                raise ValueError(f"{self.family} tag {tag!r} registered twice")
            cls.TAG = tag
            cls.VERSION = version
            has_seat = "seat" in getattr(cls, "__struct_fields__", ())
            self._kinds[tag] = _Kind(cls, version, dict(upcasters or {}), has_seat)
            for changed in self._changed:
                changed()
            return cls

        return wrap

    def tags(self) -> list[str]:
        return sorted(self._kinds)

    def _lookup(self, tag: str) -> _Kind | None:
        kind = self._kinds.get(tag)
        if kind is None:
            # a game registers its messages when its module is first imported
            module = module_of(tag)
            if module is not None:
                importlib.import_module(module)
            kind = self._kinds.get(tag)
        return kind

    def current(self, tag: Any) -> _Kind | None:
        """The registered kind of an already-imported tag, or ``None`` (no import attempted)."""
        return self._kinds.get(tag) if type(tag) is str else None

    def kind_of(self, tag: str) -> type[Any]:
        kind = self._lookup(tag)
        if kind is None:
            raise UnknownType(f"unknown {self.family} type {tag!r}")
        return kind.cls

    def to_wire(self, message: Any) -> tuple[str, int, int | None, Payload]:
        """Split a message into (tag, version, seat, payload); ``seat`` leaves the payload."""
        payload: Payload = msgspec.to_builtins(message)
        seat = payload.pop("seat", None)
        return type(message).TAG, type(message).VERSION, seat, payload

    def from_wire(self, tag: str, version: int, seat: int | None, payload: Payload) -> Any:
        """Build the typed message, upcasting old versions; raises a ``CodecError``.

        ``payload`` may be consumed (the fold decodes a fresh map per message).
        """
        kind = self._kinds.get(tag) if type(tag) is str else None
        if (  # the fold's fast path: a current version, a well-formed map
            kind is not None
            and type(version) is int
            and version == kind.version
            and type(payload) is dict
            and "seat" not in payload
        ):
            return _build(kind, tag, seat, payload)
        return self._from_wire_checked(tag, version, seat, payload)

    def payload_types(self) -> list[PayloadType]:
        """The payload type of every kind registered so far that msgspec can read straight
        from its bytes (see :class:`PayloadType`): the fold's fast path (``core.codec``)."""
        out = []
        for tag, kind in self._kinds.items():
            if tag not in self._payloads:
                self._payloads[tag] = _payload_type(tag, kind)
            found = self._payloads[tag]
            if found is not None:
                out.append(found)
        return out

    def on_change(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` after each kind registered from now on (a game imported later)."""
        self._changed.append(changed)

    def _from_wire_checked(self, tag: Any, version: Any, seat: int | None, payload: Any) -> Any:
        if type(tag) is not str:
            raise BadPayload(f"{self.family} type must be a string, not {type(tag).__name__}")
        kind = self._kinds.get(tag) or self._lookup(tag)
        if kind is None:
            raise UnknownType(f"unknown {self.family} type {tag!r}")
        if type(version) is not int or version < 1:
            raise BadPayload(f"{tag}: schema version must be a positive integer")
        if version > kind.version:
            raise UnsupportedVersion(
                f"{tag} v{version} is newer than this program (knows v{kind.version})"
            )
        if type(payload) is not dict:
            raise BadPayload(f"{tag}: payload must be a map")
        while version < kind.version:
            upcast = kind.upcasters.get(version)
            if upcast is None:
                raise UnsupportedVersion(f"{tag} v{version} cannot be read (no upcaster)")
            payload = upcast(dict(payload))
            version += 1
        if "seat" in payload:
            raise BadPayload(f"{tag}: the seat belongs in the envelope, not the payload")
        return _build(kind, tag, seat, payload)


def _build(kind: _Kind, tag: str, seat: int | None, payload: Payload) -> Any:
    """The typed message from a current-version payload (the seat comes from the envelope)."""
    if kind.has_seat:
        payload["seat"] = seat
    elif seat is not None:
        raise BadPayload(f"{tag}: this type carries no seat")
    try:
        return msgspec.convert(payload, kind.cls)
    except msgspec.ValidationError as exc:
        raise BadPayload(f"{tag}: {exc}") from None


EVENTS = Catalog("event")
COMMANDS = Catalog("command")
