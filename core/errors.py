"""One error class per way of failing; each message is one line a user can read."""

from __future__ import annotations


class CalderaError(Exception):
    """Base of every error Caldera reports to a user as a single line."""


class CodecError(CalderaError):
    """Bytes that are not a valid Caldera message."""


class TooLarge(CodecError):
    """The message is larger than the size limit (checked before decoding)."""


class Malformed(CodecError):
    """Not msgpack, or not shaped like an envelope."""


class UnknownType(CodecError):
    """A type tag no registered event or command carries."""


class UnsupportedVersion(CodecError):
    """A schema version newer than this program knows."""


class BadPayload(CodecError):
    """The payload does not match the schema of its type."""


class IllegalCommand(CalderaError):
    """A command the rules do not allow now; the message says why."""


class PositionError(CalderaError):
    """A JSON position that cannot be loaded."""


class ReplayError(CalderaError):
    """A replay file that cannot be read."""
