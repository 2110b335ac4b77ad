"""The network's ways of failing, each one line a user can read."""

from __future__ import annotations

from core.errors import CalderaError


class NetError(CalderaError):
    """The broker cannot be reached, or a table does not answer."""


class JoinRefused(NetError):
    """The host would not seat us (the table is full, the seat is taken, the game has begun)."""


class TableClosed(NetError):
    """The table was closed by its host."""


class HostAway(NetError):
    """The table's host is gone for now (its connection died); it may come back."""
