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
    """``"kilauea"`` -> ``"Kilauea"`` (a game this version does not know keeps its name)."""
    try:
        return get_rules(game).title
    except KeyError:
        return game


class MenuScreen(Screen[None]):
    """The first screen: what to do, and the games played so far."""

    CSS_PATH = "menu.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("o", "open_file", "Open file"),
        Binding("h", "host", "Host a table"),
        Binding("j", "join", "Join a table"),
        Binding("enter", "open_selected", "Watch replay"),
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
        note.update(text)

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_selected":
            return self.focused is self.query_one("#replays") and bool(self.entries)
        return True

    def on_descendant_focus(self) -> None:
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
        table = self.query_one("#replays", DataTable)
        row = table.cursor_row
        if 0 <= row < len(self.entries):
            self.post_message(self.OpenReplay(self.entries[row].path))

    @on(DataTable.RowSelected, "#replays")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.entries):
            self.post_message(self.OpenReplay(self.entries[event.cursor_row].path))
