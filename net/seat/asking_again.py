"""What a seat asks its host again: what may have been lost on the way, or while it was away.

After a new connection, or when the host came back (it reconnected, or resumed the table), the
seat asks again for everything: its seat (or it says it is here again), the events it lacks,
the answers to its commands. And every ``retry`` seconds, while connected to an open table, it
asks again for what is still unanswered: a join's answer, the host's hashes that locate a
desync, the missing events, a catch-up no answer came to, a command's result.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from net.seat.commands import Outstanding
from net.seat.following import SeatFollower
from net.seat.joining import Joining


class AskingAgain:
    """A seat's asking again (see the module): :meth:`everything` at once, and the nudges
    every ``retry`` seconds between :meth:`start` and :meth:`stop` while ``asking()`` holds
    (connected, and the table not closed)."""

    def __init__(
        self,
        retry: float,
        asking: Callable[[], bool],
        joining: Joining,
        following: SeatFollower,
        commands: Outstanding,
    ) -> None:
        self.retry = retry
        self._asking = asking
        self._joining = joining
        self._following = following
        self._commands = commands
        self._nudger: asyncio.Task[None] | None = None

    def everything(self) -> None:
        """Ask again for whatever may have been lost: the seat (or say we are here again),
        missing events, answers."""
        catch_up = self._following.catch_up
        catch_up.anew()  # (a host that came back counts anew)
        self._joining.hello()
        if self._joining.joining:
            return
        catch_up.ask(force=True)
        self._commands.resend()

    def start(self, name: str) -> None:
        self._nudger = asyncio.create_task(self._nudge(), name=name)

    async def stop(self) -> None:
        if self._nudger is not None:
            self._nudger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._nudger

    async def _nudge(self) -> None:
        """Every ``retry`` seconds: resend unanswered commands, ask again for missing events."""
        joining, following = self._joining, self._following
        check, catch_up = following.check, following.catch_up
        while True:
            await asyncio.sleep(self.retry)
            if not self._asking():
                continue
            if joining.unanswered(self.retry):
                joining.hello()  # unanswered (lost, or the host was away)
            if joining.joining:
                continue
            if check.mismatch is not None and following.desync is None:
                check.locate_when_known(ask=True)
            elif catch_up.behind:
                catch_up.ask()
            elif not catch_up.caught_up:
                catch_up.ask_again()
            self._commands.resend(older_than=self.retry)
