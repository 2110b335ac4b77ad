"""Caldera's menu: start a local game, open a replay (saved games are listed), host a table
for other terminals or join one from the lobby, quit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.games import get_rules
from tui.library import ReplayEntry, read_entry, replays_dir, saved_replays
from tui.screens.new_game import NewGameScreen
from tui.screens.open_replay import OpenReplayScreen
from tui.tables import TableSetup

if TYPE_CHECKING:  # the network loads when a table is first hosted
    from tui.netplay import HostSetup

LOGO = Text.assemble(
    ("      /\\\n", "bold #ff7a2f"),
    ("     /  \\    ", "bold #ff7a2f"),
    ("C A L D E R A\n", "bold"),
    ("    / /\\ \\   ", "#ffb347"),
    ("volcano-island games\n", "dim"),
    ("   /_/  \\_\\  ", "#d94e1f"),
    ("in the terminal", "dim"),
)


def game_title(game: str) -> str:
    """A game's name in its own words (``"<game>"`` -> its title; a game this version does not
    know keeps its name)."""
    try:
        return get_rules(game).title
    except KeyError:
        return game


class MenuScreen(Screen[None]):
    """The first screen: what to do, and the games played so far."""

    CSS_PATH = "menu.tcss"
    # The keys that open a screen are priority bindings: they act as the key is read, so keys
    # typed right behind them (in one burst) reach the new screen instead of the menu's list.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game", priority=True),
        Binding("o", "open_file", "Open file", priority=True),
        Binding("h", "host", "Host a table", priority=True),
        Binding("j", "join", "Join a table", priority=True),
        # priority (so the footer shows what enter does on the list); off the list, check_action
        # lets the key through to the focused widget
        Binding("enter", "resume_selected", "Resume", priority=True, tooltip="Go on with it"),
        Binding("enter", "open_selected", "Watch replay", priority=True),
        Binding("w", "watch_selected", "Watch replay", tooltip="Watch this unfinished game"),
        Binding("f5", "reload", "Reload list", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    class StartGame(Message):
        """Start a local game with this setup."""

        def __init__(self, setup: TableSetup) -> None:
            super().__init__()
            self.setup = setup

    class HostTable(Message):
        """Open a table for other terminals, as set up in the host dialog."""

        def __init__(self, setup: HostSetup) -> None:
            super().__init__()
            self.setup = setup

    class OpenLobby(Message):
        """Show the tables on the broker, to join one."""

    class OpenReplay(Message):
        """Watch the replay in this file."""

        def __init__(self, path: Path) -> None:
            super().__init__()
            self.path = path

    class ResumeGame(Message):
        """Go on with the unfinished local game in this file, where it stopped."""

        def __init__(self, path: Path) -> None:
            super().__init__()
            self.path = path

    class ReopenTable(Message):
        """Open again the table this app hosted, whose unfinished game is in this file."""

        def __init__(self, path: Path) -> None:
            super().__init__()
            self.path = path

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[ReplayEntry] = []
        self.loaded = False  # the saved games have been read at least once

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="menu"):
            with Vertical(id="menu-left"):
                yield Static(LOGO, id="logo")
                yield OptionList(
                    Option("New local game            n", id="new"),
                    Option("Open a replay file…       o", id="open"),
                    Option("Host a table…             h", id="host"),
                    Option("Join a table (lobby)…     j", id="join"),
                    Option("Quit                      q", id="quit"),
                    id="actions",
                )
            with Vertical(id="menu-right"):
                yield Label("Saved games", id="replays-title")
                yield DataTable(id="replays", cursor_type="row", zebra_stripes=True)
                yield Static("", id="replays-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Caldera"
        self.sub_title = "menu"
        table = self.query_one("#replays", DataTable)
        table.add_columns("When", "Game", "Players", "Result")
        self.query_one("#actions", OptionList).focus()
        self.action_reload()

    def on_screen_resume(self) -> None:
        self.action_reload()

    # -- the saved games ------------------------------------------------------------------

    def action_reload(self) -> None:
        self._load_replays()

    @work(thread=True, exclusive=True, group="replays")
    def _load_replays(self) -> None:
        """Read the saved games in a thread (a long game takes a while to check)."""
        paths = saved_replays()
        entries = [read_entry(p) for p in paths]
        self.app.call_from_thread(self._show_replays, entries)

    def _show_replays(self, entries: list[ReplayEntry]) -> None:
        self.entries = entries
        self.loaded = True
        table = self.query_one("#replays", DataTable)
        table.clear()
        for entry in entries:
            if entry.error:
                table.add_row("?", "?", entry.path.name, "unreadable")
            else:
                table.add_row(
                    entry.when,
                    game_title(entry.game),
                    ", ".join(entry.players),
                    entry.result,
                )
        self._describe(table.cursor_row)
        self.refresh_bindings()

    def _describe(self, row: int) -> None:
        """Under the list: the highlighted game in full (or why its file cannot be read)."""
        note = self.query_one("#replays-note", Static)
        folder = replays_dir()
        if not self.entries:
            note.update(Text(f"No saved games yet. They will be kept in {folder}", "dim"))
            return
        text = Text(f"{len(self.entries)} game(s) in {folder}\n", "dim")
        if 0 <= row < len(self.entries):
            entry = self.entries[row]
            if entry.error:
                text.append(entry.error, "bold red")
            else:
                text.append(f"{entry.path.name}: {', '.join(entry.players)} · {entry.result}")
                listed = self.focused is self.query_one("#replays")
                text.append(_resume_words(entry, listed), "bold")
        note.update(text)
        self.refresh_bindings()

    @on(DataTable.RowHighlighted, "#replays")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe(event.cursor_row)

    # -- actions --------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#actions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        match event.option.id:
            case "new":
                self.action_new_game()
            case "open":
                self.action_open_file()
            case "host":
                self.action_host()
            case "join":
                self.action_join()
            case "quit":
                self.app.exit()
            case _:
                pass

    @property
    def selected(self) -> ReplayEntry | None:
        row = self.query_one("#replays", DataTable).cursor_row
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open_selected", "resume_selected", "watch_selected"):
            entry = self.selected
            if self.focused is not self.query_one("#replays") or entry is None:
                return False
            can_resume = _can_resume(entry)
            return can_resume if action != "open_selected" else not can_resume
        return True

    def on_descendant_focus(self) -> None:
        if self.loaded:
            self._describe(self.query_one("#replays", DataTable).cursor_row)
        self.refresh_bindings()

    def action_new_game(self) -> None:
        def started(setup: TableSetup | None) -> None:
            if setup is not None:
                self.post_message(self.StartGame(setup))

        self.app.push_screen(NewGameScreen(), started)

    def action_host(self) -> None:
        from tui.screens.host_table import HostScreen

        def chosen(setup: HostSetup | None) -> None:
            if setup is not None:
                self.post_message(self.HostTable(setup))

        name = str(getattr(self.app, "player_name", ""))  # the name chosen last time
        self.app.push_screen(HostScreen(name=name), chosen)

    def action_join(self) -> None:
        self.post_message(self.OpenLobby())

    def action_open_file(self) -> None:
        def chosen(path: Path | None) -> None:
            if path is not None:
                self.post_message(self.OpenReplay(path))

        self.app.push_screen(OpenReplayScreen(), chosen)

    def action_open_selected(self) -> None:
        """Enter on a saved game: resume it if it can be, else watch its replay."""
        entry = self.selected
        if entry is None:
            return
        if not _can_resume(entry):
            self.post_message(self.OpenReplay(entry.path))
        elif entry.resumable == "table":
            self.post_message(self.ReopenTable(entry.path))
        else:
            self.post_message(self.ResumeGame(entry.path))

    action_resume_selected = action_open_selected

    def action_watch_selected(self) -> None:
        if (entry := self.selected) is not None:
            self.post_message(self.OpenReplay(entry.path))

    @on(DataTable.RowSelected, "#replays")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_selected()


def _can_resume(entry: ReplayEntry) -> bool:
    return bool(entry.resumable) and not entry.playing_now and not entry.error


def _resume_words(entry: ReplayEntry, listed: bool) -> str:
    """What enter does with an unfinished game, under the list (``listed``: the list has the
    focus; else enter acts on the menu, and tab comes first)."""
    first = "" if listed else "tab, then "
    if entry.playing_now:
        return "\nIt is being played right now, in another Caldera."
    if entry.resumable == "local":
        return f"\n{first}enter resumes it where it stopped · w watches its replay"
    if entry.resumable == "table":
        return (
            f"\n{first}enter opens the table again (its players come back) · w watches its replay"
        )
    return ""
