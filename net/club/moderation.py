"""A club's moderators and the keys they timed out of its chats.

The moderators are keys named in the server's config (``caldera serve --moderators FILE``: public
keys, hex, one a line). A moderator's :class:`~net.wire.messages.TimeOut`, signed by their key,
times a key out of the chat at every table of the server and of its lobby for some minutes, with a
reason: its lines are refused until then, and the rooms it sits or watches in are told who and
why (:meth:`net.table.chatting.Chatting.tell_timed_out`). A time-out of 0 minutes lets the key
speak again at once. Given a ``path``, the time-outs are kept there across a restart of the
server (:mod:`net.club.time_outs`): read back at start, the ended ones dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.language import N_
from net.club.time_outs import read_time_outs, write_time_outs
from net.wire.messages import TimeOut

MOST_TIMED_OUT = 4096  # keys timed out at once, at most (the soonest to end forgotten first)


@dataclass(frozen=True)
class Silence:
    """One key's time-out: until ``until`` (the server's monotonic clock), and why."""

    until: float
    reason: str
    minutes: int


class Moderation:
    """Who moderates the club, and who is timed out of its chats now."""

    def __init__(
        self,
        moderators: frozenset[str] = frozenset(),
        clock: Callable[[], float] = time.monotonic,
        path: Path | None = None,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.moderators = moderators
        self.clock = clock
        self.wall = wall  # the wall clock, for the time-outs kept on disk
        self.path = path  # where they are kept (None: not kept)
        self._silences: dict[str, Silence] = {}
        if path is not None:
            now, wall_now = clock(), wall()
            for key, (until, reason, minutes) in read_time_outs(path, wall_now).items():
                if key not in moderators:  # a key named moderator since is not silenced
                    self._silences[key] = Silence(now + until - wall_now, reason, minutes)
            self._trim()

    def refusal(self, moderator: str, order: TimeOut) -> str | None:
        """Why the key ``moderator`` (hex) may not give ``order`` (in English on the wire, read
        in the moderator's language); ``None``: it may."""
        if moderator not in self.moderators:
            return N_("only the club's moderators time players out")
        if order.key == moderator:
            return N_("a moderator does not time themselves out")
        if order.key in self.moderators:
            return N_("a moderator is not timed out (the club's config names them)")
        return None

    def time_out(self, order: TimeOut) -> None:
        """Carry ``order`` out (checked by :meth:`refusal` first)."""
        if order.minutes == 0:
            self._silences.pop(order.key, None)
        else:
            until = self.clock() + order.minutes * 60
            self._silences[order.key] = Silence(until, order.reason, order.minutes)
            self._trim()
        self._keep()

    def _trim(self) -> None:
        """Forget the soonest to end beyond :data:`MOST_TIMED_OUT`."""
        over = len(self._silences) - MOST_TIMED_OUT
        if over > 0:
            for key in sorted(self._silences, key=lambda key: self._silences[key].until)[:over]:
                del self._silences[key]

    def _keep(self) -> None:
        """Write the time-outs not ended yet to :attr:`path` (if any)."""
        if self.path is None:
            return
        now, wall_now = self.clock(), self.wall()
        kept = {key: (wall_now + s.until - now, s.reason, s.minutes)
                for key, s in self._silences.items() if s.until > now}  # fmt: skip
        write_time_outs(self.path, kept)

    def silenced(self, key: str) -> bool:
        """Whether the key ``key`` (hex) is timed out now."""
        silence = self._silences.get(key)
        if silence is None:
            return False
        if self.clock() >= silence.until:
            del self._silences[key]
            return False
        return True
