"""A networked table's chat in the line mode: each line printed as it comes (``Ann says: gg``),
and what the player types for it: ``say TEXT``, ``chat`` (the last lines again), ``mute Ann`` and
``unmute Ann``, ``block Ann`` and ``unblock Ann`` (kept in the config: :mod:`tui.settings.chat`;
a blocked key is hidden in the lobby too and takes no seat at a table you host), ``spectators``
(a player hears the spectators' room too, or no more); for a club moderator in a lobby's chat,
``timeout Ann 10 spam`` (:mod:`net.club.moderating`; 0 minutes lets Ann speak again)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

from core.language import N_, Translator
from net.errors import NetError
from net.seat.chat import ChatRoom, Heard
from net.trust.keys import public_from_hex
from net.wire.messages import MOST_TIMEOUT, TableListing
from tui.settings.chat import blocked, muted, set_blocked, set_muted

_ = Translator("cli").gettext

RECENT = 10  # lines the 'chat' command reads out again
HELP = N_(
    "'say TEXT' talks to the table; 'chat' reads its last lines again; 'mute Ann' hides Ann's "
    "lines (here and at every table; 'unmute Ann' shows them); 'block Ann' hides them in the "
    "lobby too and seats Ann no more at a table you host ('unblock Ann'); 'spectators' lets a "
    "player hear the spectators' chat too."
)


def chat_help() -> str:
    """The chat's part of the line mode's help, in the player's language."""
    return _(HELP)


Moderate = Callable[[str, int, str], Awaitable[object]]  # (key, minutes, reason)


class LineChat:
    """The chat commands and lines of one session (or lobby) in the line mode. ``others``: the
    names and keys of the people around besides the card's seats (a lobby's tables' players);
    ``moderate``: a moderator's time-out, when this chat offers it."""

    def __init__(
        self,
        chat: ChatRoom,
        say: Callable[[str], None],
        card: Callable[[], TableListing | None],
        config: Path | None = None,
        *,
        others: Callable[[], Iterable[tuple[str, str]]] = lambda: (),
        moderate: Moderate | None = None,
    ) -> None:
        self.chat = chat
        self.say = say
        self.card = card
        self.config = config
        self.others = others
        self.moderate = moderate
        self._orders: set[asyncio.Task[None]] = set()
        self.muted = muted(config)
        self.blocked = blocked(config)
        self.close = chat.subscribe(self._heard)  # call it to hear no more

    def shown(self, heard: Heard) -> bool:
        return heard.own or (heard.key not in self.muted and heard.key not in self.blocked)

    def _heard(self, heard: Heard) -> None:
        if self.shown(heard):
            self.say(heard.words)

    def handles(self, typed: str) -> bool:
        """Whether ``typed`` was a chat command (then it was answered)."""
        verb, _sep, rest = typed.strip().partition(" ")
        verb = verb.lower()
        if verb == "say":
            self._say(rest)
        elif verb == "chat" and not rest:
            lines = [h for h in self.chat.lines if self.shown(h)][-RECENT:]
            for heard in lines:
                self.say(heard.words)
            if not lines:
                self.say(_("Nobody has said anything yet."))
        elif verb in ("mute", "unmute") and rest:
            self._mute(rest.strip(), verb == "mute")
        elif verb in ("block", "unblock") and rest:
            self._block(rest.strip(), verb == "block")
        elif verb == "timeout" and self.moderate is not None:
            self._time_out(rest)
        elif verb == "spectators" and not rest:
            if self.chat.room == "lobby":
                self.say(_("A lobby has no spectators' chat."))
                return True
            if self.chat.room == "spectators":
                self.say(_("You are in the spectators' chat."))
                return True
            on = not self.chat.hearing_spectators
            self.chat.hear_spectators(on)
            self.say(_("You hear the spectators' chat now.") if on
                     else _("You no longer hear the spectators' chat."))  # fmt: skip
        else:
            return False
        return True

    def _say(self, text: str) -> None:
        if not text.strip():
            self.say(_("Say what? Type say and your words: say good game"))
            return
        try:
            self.chat.say(text)
        except NetError as exc:
            self.say(_("Not sent: {why}.").format(why=exc))

    def _mute(self, name: str, on: bool) -> None:
        key = self.key_of(name)
        if key is None:
            self.say(_("Nobody called '{name}' is at this table.").format(name=name))
            return
        if key == self.chat.keys.public.hex():
            self.say(_("That is you."))
            return
        try:
            self.muted = set_muted(key, on, self.config)
        except OSError as exc:
            self.say(_("Cannot keep it in the config file: {why}").format(why=exc))
            return
        said = _("{name}'s lines are hidden now.") if on else _("You hear {name} again.")
        self.say(said.format(name=name))

    def _block(self, name: str, on: bool) -> None:
        key = self.key_of(name)
        if key is None:
            self.say(_("Nobody called '{name}' is here.").format(name=name))
            return
        if key == self.chat.keys.public.hex():
            self.say(_("That is you."))
            return
        try:
            self.blocked = set_blocked(key, on, self.config)
        except OSError as exc:
            self.say(_("Cannot keep it in the config file: {why}").format(why=exc))
            return
        said = (_("{name} is blocked: hidden everywhere, and not seated at a table you host.")
                if on else _("{name} is no longer blocked."))  # fmt: skip
        self.say(said.format(name=name))

    def key_of(self, name: str) -> str | None:
        """The key of the player (or spectator who spoke) called ``name`` here; a key (hex)
        names itself."""
        wanted = name.casefold()
        if len(name) == 64 and public_from_hex(wanted) is not None:
            return wanted
        card = self.card()
        for seat in card.seats if card is not None else ():
            if seat.key and seat.name.casefold() == wanted:
                return seat.key
        for heard in reversed(self.chat.lines):
            if heard.key and not heard.refused and heard.name.casefold() == wanted:
                return heard.key
        for other, key in self.others():
            if key and other.casefold() == wanted:
                return key
        return None

    def _time_out(self, rest: str) -> None:
        """``timeout NAME MINUTES REASON``: a moderator's order, sent; its answer said."""
        name, _sep, rest = rest.strip().partition(" ")
        minutes, _sep, reason = rest.strip().partition(" ")
        if not name or not minutes.isdigit() or not 0 <= int(minutes) <= MOST_TIMEOUT:
            self.say(_("Type timeout NAME MINUTES REASON: timeout Ann 10 spam (0 lets Ann speak)."))
            return
        key = self.key_of(name)
        if key is None:
            self.say(_("Nobody called '{name}' is here.").format(name=name))
            return
        assert self.moderate is not None
        order = asyncio.get_running_loop().create_task(
            self._order(name, key, int(minutes), reason.strip())
        )
        self._orders.add(order)
        order.add_done_callback(self._orders.discard)

    async def _order(self, name: str, key: str, minutes: int, reason: str) -> None:
        assert self.moderate is not None
        try:
            await self.moderate(key, minutes, reason)
        except NetError as exc:
            self.say(_("Not timed out: {why}.").format(why=exc))
            return
        if minutes:
            self.say(_("{name} is timed out of the club's chats for {minutes} minutes.").format(
                name=name, minutes=minutes))  # fmt: skip
        else:
            self.say(_("{name} may speak again.").format(name=name))
