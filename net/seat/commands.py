"""A seat's commands on their way: sent, resent until the host answers, answered once.

Each command goes out with an id of its own; until its :class:`~net.wire.messages.Result`
comes back it is resent every ``retry`` seconds (the host answers a resent command once, from
what it remembers), and everything still waiting fails at once when nobody will answer: the
host went away, closed the table, or the session closed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from net.wire.messages import Result


class _Pending:
    """A command sent and not yet answered (resent until it is)."""

    def __init__(self, topic: str, data: bytes, future: asyncio.Future[Result]) -> None:
        self.topic = topic
        self.data = data
        self.future = future
        self.sent = time.monotonic()


class Outstanding:
    """The commands a seat sent that wait for their answer; ``send(topic, data)`` sends one."""

    def __init__(self, send: Callable[[str, bytes], None]) -> None:
        self._send = send
        self._pending: dict[str, _Pending] = {}

    def send(self, request_id: str, topic: str, data: bytes) -> asyncio.Future[Result]:
        """Send a command; the future is its answer."""
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = pending = _Pending(topic, data, future)
        self._send(pending.topic, pending.data)
        return future

    def drop(self, request_id: str) -> None:
        self._pending.pop(request_id, None)

    def answer(self, result: Result) -> bool:
        """Hand the host's answer to the command it is for; ``False`` if none waits for it."""
        pending = self._pending.get(result.id or "")
        if pending is None or pending.future.done():
            return False
        pending.future.set_result(result)
        return True

    def fail(self, error: Exception) -> None:
        """Nobody will answer: every command waiting fails with ``error``."""
        for pending in self._pending.values():
            if not pending.future.done():
                pending.future.set_exception(error)

    def resend(self, older_than: float | None = None) -> None:
        """Send again every command waiting (``older_than``: only those sent that many seconds
        ago or more)."""
        now = time.monotonic()
        for pending in self._pending.values():
            if older_than is None or now - pending.sent >= older_than:
                pending.sent = now
                self._send(pending.topic, pending.data)
