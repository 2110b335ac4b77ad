"""A chat in the app: a networked table's or a club lobby's, in a modal opened by one key (``T``,
at the table, in its room and in the lobby), and the notices of new lines on the screen beneath.

The modal shows the room's last lines and those that come, muted and blocked players' hidden
(:mod:`tui.settings.chat`), above a line to type in: enter says it. With nothing typed, ``1`` to
``6`` say a quick phrase (each reader reads it in their own language). ``/mute Ann``,
``/unmute Ann``, ``/block Ann``, ``/unblock Ann``, ``/spectators`` (a player hears the
spectators' chat too) and, for a club moderator in the lobby, ``/timeout Ann 10 spam`` work as
in the line mode (:mod:`tui.lines.chat`). The screen's own layout is left alone: a
notification says that someone spoke, and in the room and the lobby the footer's chat key
counts the lines said since the chat was last open (``T Chat (2 new)``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, RichLog, Static

from core.language import N_, Translator
from net.seat.chat import QUICK, ChatRoom, Heard
from net.wire.messages import MOST_SAID, TableListing
from tui.lines.chat import LineChat, Moderate
from tui.netplay.presence import handed_to
from tui.settings.chat import hidden

_, ngettext = Translator("net").gettext, Translator("net").ngettext


def keys_line(room: str, moderator: bool) -> str:
    """The modal's two lines of keys, in the reader's language."""
    phrases = " ".join(f"{i} {_(phrase).rstrip('!.')}" for i, phrase in enumerate(QUICK, 1))
    if room == "lobby":
        more = _("/mute NAME · /timeout NAME MINUTES WHY (moderators) · esc: back")
        if not moderator:
            more = _("/mute NAME hides a player · esc: back")
    else:
        more = _("/mute NAME hides a player · /spectators · esc: back")
    return _("Nothing typed: {phrases}").format(phrases=phrases) + "\n" + more


class ChatNotices:
    """New lines said while ``screen`` is up, each as a notification (not our own, not a
    muted player's, not while the chat itself is open). ``on_top``: only while ``screen`` is
    the one shown (a table's room, under its game's screen, leaves the notices to that).
    ``counted``: the footer's chat key says how many came since the chat was last opened
    (``Chat (2 new)``; :meth:`read` when it opens)."""

    def __init__(
        self, screen: Screen[Any], chat: ChatRoom, *, on_top: bool = False, counted: bool = False
    ) -> None:
        self.screen = screen
        self.on_top = on_top
        self.counted = counted
        self.unread = 0
        self._plain: dict[str, Binding] = {}  # the chat key's own binding, by key
        self.close: Callable[[], None] = chat.subscribe(handed_to(screen, self._heard))

    def _heard(self, heard: Heard) -> None:
        screen = self.screen
        if heard.own or heard.earlier or not screen.is_attached:
            return
        if isinstance(screen.app.screen, ChatScreen):
            return
        if heard.key in hidden():
            return
        if self.counted:
            self.unread += 1
            self._show_unread()
        if self.on_top and screen.app.screen is not screen:
            return
        screen.notify(heard.words, title=_("Chat (T opens it)"), timeout=6, markup=False)

    def read(self) -> None:
        """The chat is open: nothing unread."""
        if self.unread:
            self.unread = 0
            self._show_unread()

    def _show_unread(self) -> None:
        """The footer's chat key with the count of lines unread (none: as it was)."""
        keys = self.screen._bindings.key_to_bindings  # this screen's own (the lists shared)
        for key, bindings in list(keys.items()):
            if not any(binding.action == "chat" for binding in bindings):
                continue
            plain = self._plain.setdefault(key, next(b for b in bindings if b.action == "chat"))
            shown = plain
            if self.unread:
                # TRANSLATORS: the footer's chat key, lines said since the chat was open
                words = ngettext("Chat ({n} new)", "Chat ({n} new)", self.unread)
                shown = replace(plain, description=words.format(n=self.unread))
            keys[key] = [shown if b.action == "chat" else b for b in bindings]  # a list anew
        self.screen.refresh_bindings()


class ChatInput(Input):
    """The line to type in; with nothing typed yet, ``1`` … ``6`` say a quick phrase."""

    class Quick(Message):
        def __init__(self, phrase: str) -> None:
            super().__init__()
            self.phrase = phrase

    async def _on_key(self, event: events.Key) -> None:
        digit = event.character
        if not self.value and digit is not None and digit in "123456" and len(digit) == 1:
            event.stop()
            event.prevent_default()
            self.post_message(self.Quick(QUICK[int(digit) - 1]))  # in English: read translated
            return
        await super()._on_key(event)


class ChatScreen(ModalScreen[None]):
    """A chat, over the table (or its room, or the lobby)."""

    DEFAULT_CSS = """
    ChatScreen { align: center middle; background: $background 60%; }
    ChatScreen #chat {
        width: 90%; max-width: 100; height: 90%; max-height: 30;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ChatScreen #chat-title { text-style: bold; }
    ChatScreen #chat-lines { height: 1fr; border: none; background: $surface; }
    ChatScreen #chat-keys { color: $text-muted; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), tooltip=N_("Back to the table")),
    ]

    def __init__(
        self,
        chat: ChatRoom,
        card: Callable[[], TableListing | None],
        *,
        others: Callable[[], Iterable[tuple[str, str]]] = lambda: (),
        moderate: Moderate | None = None,
    ) -> None:
        super().__init__()
        self.chat = chat
        self.card = card
        self.others = others
        self.moderate = moderate
        self.lines: LineChat | None = None
        self.written: list[str] = []  # what the log shows, as text (for a reader and tests)

    def compose(self) -> ComposeResult:
        with Vertical(id="chat"):
            yield Static(self._title(), id="chat-title", markup=False)
            yield RichLog(id="chat-lines", wrap=True, markup=False, highlight=False)
            yield ChatInput(placeholder=_("Type a line…"), max_length=MOST_SAID, id="chat-input")
            keys = keys_line(self.chat.room, self.moderate is not None)
            yield Static(keys, id="chat-keys", markup=False)

    def _title(self) -> str:
        if self.chat.room == "lobby":
            return _("Chat in the lobby")
        if self.chat.room == "spectators":
            title = _("Chat with the spectators")
        elif self.chat.hearing_spectators:
            title = _("Chat with the players (and the spectators)")
        else:
            title = _("Chat with the players")
        return (
            title if self.chat.on else _("{title} · the host turned chat off").format(title=title)
        )

    def on_mount(self) -> None:
        self.lines = LineChat(self.chat, handed_to(self, self._write), self.card,
                              others=self.others, moderate=self.moderate)  # fmt: skip
        if self.chat.lines:
            self.lines.handles("chat")  # the last lines
        self.query_one(ChatInput).focus()

    def on_unmount(self) -> None:
        if self.lines is not None:
            self.lines.close()

    def _write(self, text: str) -> None:
        if self.is_attached:
            self.written.append(text)
            self.query_one(RichLog).write(text)
            self.query_one("#chat-title", Static).update(self._title())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text or self.lines is None:
            return
        if not text.startswith("/"):
            self.lines.handles(f"say {text}")
        elif not self.lines.handles(text[1:]):
            self._write(_("Type a line to say it, or /mute NAME, /unmute NAME, /block NAME, "
                          "/unblock NAME, /spectators."))  # fmt: skip

    def on_chat_input_quick(self, message: ChatInput.Quick) -> None:
        if self.lines is not None:
            self.lines.handles(f"say {message.phrase}")

    def action_close(self) -> None:
        self.dismiss(None)
