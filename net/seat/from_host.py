"""What a table's host says to one seat on its events and reply topics: read, believed only when
the host signed it (:mod:`net.seat.host_trust`), and handed to the part of the seat it is for.

Events go to the fold (:mod:`net.seat.following`), live on the seat's stream (with its
command's result, if it sent it) or as a catch-up answered on the reply topic, asked in bounded
parts: then the next. The host's hashes go to the fold's check, a command's result to the
commands waiting (:mod:`net.seat.commands`), the answers to a join to :mod:`net.seat.joining`,
a part of the finished game's whole log to :mod:`net.seat.whole_log`, a refused chat line to
the chat.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from core.errors import CodecError
from net.seat.chat import TableChat
from net.seat.commands import Outstanding
from net.seat.following import SeatFollower
from net.seat.host_trust import HostTrust
from net.seat.joining import Joining
from net.seat.whole_log import WholeLog
from net.wire.messages import (
    Batch,
    ChatRefused,
    Check,
    Joined,
    Refused,
    Result,
    Ticket,
    read_host_message,
)

log = logging.getLogger("caldera.net")


class FromHost:
    """A seat's reading of its host's messages (see the module); ``changed()`` is called when
    the fold took something in."""

    def __init__(
        self,
        table: str,
        trust: HostTrust,
        following: SeatFollower,
        joining: Joining,
        commands: Outstanding,
        chat: TableChat,
        whole: WholeLog,
        changed: Callable[[], None],
    ) -> None:
        self.table = table
        self._trust = trust
        self._following = following
        self._joining = joining
        self._commands = commands
        self._chat = chat
        self._whole = whole
        self._changed = changed

    def take(self, topic: str, payload: bytes, sender: bytes | None, reply: bool) -> None:
        """A message on the seat's events topic, or (``reply``) on its reply topic."""
        try:
            message = read_host_message(payload)
        except CodecError as exc:
            log.warning("table %s: unreadable message from the host: %s", self.table, exc)
            return
        if not self._trust.vouches(sender, message, topic):
            return
        match message:
            case Batch(whole=True):
                if reply:
                    self._whole.take(message)  # a part of the whole log asked for
            case Batch():
                self._on_batch(message, reply)
            case Check():
                self._following.learn(message)
                self._changed()
            case Result():
                self._answer(message)
            case Joined() | Refused() | Ticket():
                self._joining.answered(message)
            case ChatRefused() if reply:
                self._chat.refused(message)

    def _on_batch(self, batch: Batch, answer: bool) -> None:
        """Events: live on the seat's stream (with its command's result, if it sent it), or
        a catch-up answered on the reply topic (asked in bounded parts: then the next)."""
        catch_up = self._following.catch_up
        self._following.receive(batch)
        self._changed()
        if answer and batch.result is None:  # a catch-up answered
            catch_up.answered()
        if batch.result is not None:
            self._answer(batch.result)
        if answer and batch.envs and catch_up.missing:
            catch_up.ask(force=True)

    def _answer(self, result: Result) -> None:
        if not self._commands.answer(result) and result.id is None:
            log.warning("table %s: the host rejected a command: %s", self.table, result.reason)
