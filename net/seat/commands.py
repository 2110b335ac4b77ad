"""A seat's commands on their way: sent, resent until the host answers, answered once.

Each command goes out with an id of its own, signed by the seat's key (the proof it was this
seat's holder, :func:`replays.proofs.command_data`); until its :class:`~net.wire.messages.Result`
comes back it is resent every ``retry`` seconds (the host answers a resent command once, from
what it remembers), and everything still waiting fails at once when nobody will answer: the
host went away, closed the table, or the session closed.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import time
from collections.abc import Callable

import msgspec

from core.errors import IllegalCommand
from core.language import Translator
from core.messages import Command
from core.protocol import Seat
from net.errors import NetError
from net.trust.keys import Keys
from net.wire.messages import CommandRequest, Result, encode
from replays.proofs import command_data

_ = Translator("net").gettext


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
        self._ids = itertools.count()

    def request(
        self, keys: Keys, table: str, identity: str, seat: Seat, command: Command, folded: int
    ) -> CommandRequest:
        """``command`` for ``seat`` as sent by ``identity`` after ``folded`` events, with an id
        of its own, signed by ``keys``."""
        request_id = f"{identity}.{next(self._ids)}.{secrets.token_hex(2)}"
        request = CommandRequest.of(request_id, folded, seat, command)
        signed = command_data(table, seat, request.expected_seq, request.body())
        return msgspec.structs.replace(request, sig=keys.sign_detached(signed))

    async def play(self, request: CommandRequest, topic: str, timeout: float, table: str) -> int:
        """Send ``request`` and wait for its answer: how many events the table has once its
        events are in. :class:`IllegalCommand` with the host's reason if it is rejected,
        :class:`NetError` when no answer came within ``timeout`` seconds."""
        future = self.send(request.id, topic, encode(request))
        try:
            async with asyncio.timeout(timeout):
                result = await future
        except TimeoutError:
            raise NetError(
                _("the host of table {table} did not answer within {seconds} s").format(
                    table=table, seconds=f"{timeout:g}"
                )
            ) from None
        finally:
            self.drop(request.id)
        if not result.ok:
            raise IllegalCommand(result.reason)
        return result.seq

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
