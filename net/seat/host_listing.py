"""The host's listing of its table as a seat takes it, and what follows: host away, back, closed.

A seat takes the newest of the host's listings and "gone"s (:mod:`net.seat.host_trust` says
which is newest). The first listing names the game, so the events that came before it are
folded then, and its seats name the players until the log's start does. A "gone" (the host's
Last Will: its connection died) makes the host away at once: a command waiting for its answer
fails with that reason, and the game stays as it was. A listing after a "gone", or one of a new
``epoch`` (the host reconnected, or a killed host resumed the table), says the host came back:
the seat asks again for what may have been lost (:mod:`net.seat.asking_again`), same seat, same
identity. A listing whose status is ``closed`` closes the table for good: the commands waiting
fail.
"""

from __future__ import annotations

from collections.abc import Callable

from core.games import get_rules
from core.language import Translator
from net.errors import HostAway, TableClosed
from net.seat.commands import Outstanding
from net.seat.following import SeatFollower
from net.wire.messages import Gone, TableListing

_ = Translator("net").gettext

CardListener = Callable[[TableListing], None]


class HostListing:
    """The newest listing taken (:attr:`card`), and whether its host is away or closed the
    table (see the module). ``refuse(reason)`` fails the join (a game this program does not
    know), ``ask_again()`` asks again for everything, ``say_status()`` says the seat's status
    anew, ``changed()`` wakes who waits; :attr:`listeners` are told each listing taken."""

    def __init__(
        self,
        table: str,
        following: SeatFollower,
        commands: Outstanding,
        refuse: Callable[[str], None],
        ask_again: Callable[[], None],
        say_status: Callable[[], None],
        changed: Callable[[], None],
    ) -> None:
        self.table = table
        self.card: TableListing | None = None
        self.away = False  # its connection died; it may come back
        self.closed = False  # the host closed the table
        self.listeners: list[CardListener] = []
        self._following = following
        self._commands = commands
        self._refuse = refuse
        self._ask_again = ask_again
        self._say_status = say_status
        self._changed = changed
        self._epoch = -1  # the epoch of the newest listing taken (-1: none yet)

    @property
    def hints(self) -> bool:
        """Whether the table's host allows the hint key at every seat (its listing says)."""
        return self.card is not None and self.card.hints

    def away_words(self) -> str:
        return _("the host of table {table} is away: the game goes on when it comes back").format(
            table=self.table
        )

    def take(self, message: TableListing | Gone) -> None:
        """Take the host's listing or "gone" (one newer than any taken before)."""
        if isinstance(message, TableListing):
            self._take_card(message)
            return
        self.away = True  # its connection died; it may come back
        self._commands.fail(HostAway(self.away_words()))  # nobody will answer them: say so now
        self._say_status()

    def _take_card(self, card: TableListing) -> None:
        following = self._following
        if following.rules is None:  # (rules given to the session are there from the start)
            try:
                following.rules = get_rules(card.game)
            except KeyError as exc:
                self._refuse(str(exc.args[0]))
                return
        self.card = card
        following.drain()
        if not following.players or following.state is None:
            following.players = tuple(seat.name for seat in card.seats)
        came_back, self.away = self.away, False
        if card.status == "closed":
            self.closed = True
            self._commands.fail(TableClosed(_("table {table} was closed").format(table=self.table)))
        if card.epoch != self._epoch or came_back:
            if self._epoch >= 0:
                self._ask_again()  # the host reconnected (or resumed): catch up, resend
            self._epoch = card.epoch
        following.catch_up.learn(card.seq)
        self._say_status()
        for listener in list(self.listeners):
            listener(card)
        self._changed()
