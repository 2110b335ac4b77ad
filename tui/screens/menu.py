"""Caldera's menu: start a local game, open a replay (saved games are listed), host a table
for other terminals or join one from the lobby, quit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.console import Console
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.language import N_, Translator
from tui.play import learn_words
from tui.screens.needs import app_needs, your_turns
from tui.widgets.header import Header

if TYPE_CHECKING:  # the rules, the saved games, the forms and the network load after the
    # menu's first frame, when first used
    from tui.netplay.hosting import HostSetup
    from tui.play.setup import TableSetup
    from tui.replay.library import ReplayEntry

T = Translator("app")
_, ngettext = T.gettext, T.ngettext


def logo() -> Text:
    """The volcano and Caldera's name, with what it is in two lines of the language."""
    # TRANSLATORS: two lines beside the logo, at most 15 characters each
    first, _newline, second = _("volcano-island\nboard games").partition("\n")
    return Text.assemble(
        ("    /\\\n", "bold #ff7a2f"),
        ("   /  \\    ", "bold #ff7a2f"),
        ("C A L D E R A\n", "bold"),
        ("  / /\\ \\   ", "#ffb347"),
        (first + "\n", "dim"),
        (" /_/  \\_\\  ", "#d94e1f"),
        (second, "dim"),
    )


LEFT_WIDTH = 28  # the menu's column (menu.tcss)
SCROLLBAR = 2
PAD = 2  # a list cell's padding, both sides
SHORT_GAME = 9  # a short title's room


@dataclass(frozen=True)
class Column:
    """A column of the saved-games list: what it shows and how wide it is."""

    key: str  # when, game, short_game, where, players, result, state
    title: str
    width: int


def saved_games_columns(entries: Sequence[ReplayEntry], width: int) -> list[Column]:
    """The columns of the saved-games list that fit ``width`` cells: last played, game, where
    (when a game was played across terminals), players and the result when there is room; at
    80 columns the players go (the line under the list names them) and the result is said in a
    word or two ("Ann won", "unfinished"). A column too narrow for a cell wraps it."""
    when = Column("when", _("Last played"), 12)
    games = [game_title(e.game) for e in entries if not e.error] or [_("Game")]
    game_ideal = max(len(t) for t in games)
    fixed = [when]
    if any(e.networked for e in entries):
        fixed.append(Column("where", _("Where"), 5))
    used = sum(c.width + PAD for c in fixed)
    players = max([len(_("Players")), *(len(", ".join(e.players)) for e in entries)])
    results = max((len(e.result or _("unreadable")) for e in entries), default=6)
    room = width - used - 3 * PAD  # game, players and result
    if room >= game_ideal + 12 + 14:  # players at least 12 wide, the result 14
        result = min(max(min(results, 24), 14), room - game_ideal - 12)
        players_width = min(players, room - game_ideal - result)
        result = room - game_ideal - players_width  # the rest: the result's
        middle = [
            Column("game", _("Game"), game_ideal),
            Column("players", _("Players"), players_width),
        ]
        return [fixed[0], middle[0], *fixed[1:], middle[1], Column("result", _("Result"), result)]
    room = width - used - 2 * PAD  # game and state
    game = Column("game", _("Game"), game_ideal)
    if room - game_ideal < 12:
        game = Column("short_game", _("Game"), SHORT_GAME)
    return [fixed[0], game, *fixed[1:], Column("state", _("Result"), max(room - game.width, 8))]


def cell(entry: ReplayEntry, column: Column) -> str:
    """What ``entry`` shows in ``column``."""
    if entry.error:
        return {"when": entry.when, "result": _("unreadable"), "state": _("unreadable")}.get(
            column.key, "?"
        )
    match column.key:
        case "when":
            return entry.when
        case "game":
            return game_title(entry.game)
        case "short_game":
            return short_title(game_title(entry.game), column.width)
        case "where":
            return entry.where
        case "players":
            return ", ".join(entry.players)
        case "result":
            return entry.result
        case _:
            return entry.state


def rows_needed(cells: Sequence[str], columns: Sequence[Column], console: Console) -> int:
    """The lines a row takes with each cell wrapped to its column, worked out here: a
    DataTable's own auto height (``height=None``) can fail on a row filled while its screen is
    not shown (an IndexError inside Textual 8.2's ``_update_dimensions``). A column 0 wide
    shows nothing, in one line (Rich cannot wrap to width 0; the saved-games columns are
    never that narrow now, :func:`saved_games_columns`)."""
    pairs = zip(cells, columns, strict=True)
    return max(
        [
            1,
            *(
                len(Text(text).wrap(console, column.width))
                for text, column in pairs
                if column.width
            ),
        ]
    )


def short_title(title: str, width: int) -> str:
    """A game's title in ``width`` cells: whole if it fits, else its last word (the name a
    game with a long title goes by)."""
    return title if len(title) <= width else title.split()[-1]


def action_label(words: str, key: str) -> str:
    """A line of the menu: its words, then its key at the right (the list is 22 wide)."""
    return f"{words:<20} {key}"


def game_title(game: str) -> str:
    """A game's name in its own words (``"<game>"`` -> its title; a game this version does not
    know keeps its name)."""
    from core.games import get_rules

    try:
        return get_rules(game).title
    except KeyError:
        return game


ON_THE_LIST = ("delete_selected", "rename_selected", "review_selected")
"""Actions on the highlighted saved game, offered while the list has the focus."""


class MenuScreen(Screen[None]):
    """The first screen: what to do, and the games played so far."""

    CSS_PATH = "menu.tcss"
    # The keys that open a screen are priority bindings: they act as the key is read, so keys
    # typed right behind them (in one burst) reach the new screen instead of the menu's list.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", N_("New game"), priority=True, show=False),  # the list says them
        Binding("t", "learn", learn_words.KEY_LABEL, priority=True, show=False),
        Binding("o", "open_file", N_("Open file"), priority=True, show=False),
        Binding("h", "host", N_("Host a table"), priority=True, show=False),
        Binding("j", "join", N_("Join a table"), priority=True, show=False),
        Binding("g", "your_games", N_("Your games"), priority=True, show=False),
        # priority (so the footer shows what enter does on the list); off the list, check_action
        # lets the key through to the focused widget
        Binding("l", "language", N_("Language"), priority=True, show=False),
        Binding(
            "enter", "resume_selected", N_("Resume"), priority=True, tooltip=N_("Go on with it")
        ),
        Binding("enter", "open_selected", N_("Watch replay"), priority=True),
        Binding(
            "w", "watch_selected", N_("Watch replay"), tooltip=N_("Watch this unfinished game")
        ),
        Binding("d,delete", "delete_selected", N_("Delete"), tooltip=N_("Delete this saved game")),
        Binding(
            "f2",
            "rename_selected",
            N_("Rename"),
            tooltip=N_("Give this saved game another name"),
        ),
        Binding("r", "review_selected", N_("Review"), show=False),  # said under the list
        Binding("f5", "reload", N_("Reload list"), show=False),
        Binding("q", "app.quit", N_("Quit")),
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

    class OpenYourGames(Message):
        """Show the tables where this terminal holds a seat."""

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
        self._listing = False  # the list is read again whenever the menu shows again
        self._columns: list[Column] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="menu"):
            with Vertical(id="menu-left"):
                yield Static(logo(), id="logo")
                yield OptionList(
                    Option(action_label(_("New local game"), "n"), id="new"),
                    Option(action_label(_(learn_words.MENU_LABEL), "t"), id="learn"),
                    Option(action_label(_("Open a replay file…"), "o"), id="open"),
                    Option(action_label(_("Host a table…"), "h"), id="host"),
                    Option(action_label(_("Join a table…"), "j"), id="join"),
                    Option(action_label(_("Your games"), "g"), id="games"),
                    Option(action_label(_("Language…"), "l"), id="language"),
                    Option(action_label(_("Quit"), "q"), id="quit"),
                    id="actions",
                )
            with Vertical(id="menu-right"):
                yield Label(_("Saved games"), id="replays-title")
                yield DataTable(id="replays", cursor_type="row", zebra_stripes=True)
                yield Static("", id="replays-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Caldera"
        self.sub_title = _("menu")
        self.query_one("#actions", OptionList).focus()
        self.call_after_refresh(self._first_list)  # the menu shows first, then its list
        self.set_interval(2.0, self._show_your_turns)

    def _first_list(self) -> None:
        self._listing = True
        self.action_reload()

    def on_screen_resume(self) -> None:
        if self._listing:  # back from another screen (the first showing lists after its frame)
            self.action_reload()

    # -- the saved games ------------------------------------------------------------------

    def action_reload(self) -> None:
        self._load_replays()

    @work(thread=True, exclusive=True, group="replays")
    def _load_replays(self) -> None:
        """Read the saved games in a thread (a long game takes a while to check)."""
        from tui.replay.library import read_entry, saved_replays

        paths = saved_replays()
        entries = [read_entry(p) for p in paths]
        self.app.call_from_thread(self._show_replays, entries)

    def _show_replays(self, entries: list[ReplayEntry]) -> None:
        if not self.query("#replays"):
            return  # the menu closed (the app quit) while its games were read
        self.entries = sorted(entries, key=lambda e: e.played, reverse=True)
        self.loaded = True
        self._fill()
        self._describe(self.query_one("#replays", DataTable).cursor_row)
        self.refresh_bindings()

    def on_resize(self) -> None:
        self.call_after_refresh(self._fill)  # once the list has its new width

    def _fill(self) -> None:
        """The saved games in the columns that fit the list's width, each cell whole (a long
        one wraps onto a second line rather than being cut)."""
        table = self.query_one("#replays", DataTable)
        width = table.size.width or max(self.size.width - LEFT_WIDTH - 4, 40)
        columns = saved_games_columns(self.entries, width - SCROLLBAR)
        if self.loaded and columns == self._columns and table.row_count == len(self.entries):
            return
        self._columns = columns
        row = table.cursor_row
        table.clear(columns=True)
        for column in columns:
            table.add_column(column.title, width=column.width, key=column.key)
        for entry in self.entries:
            cells = [cell(entry, column) for column in columns]
            table.add_row(*cells, height=rows_needed(cells, columns, self.app.console))
        if self.entries:
            table.move_cursor(row=min(max(row, 0), len(self.entries) - 1))

    def _describe(self, row: int) -> None:
        """Under the list: the highlighted game in full (or why its file cannot be read)."""
        from tui.replay import paths
        from tui.replay.library import replays_dir

        note = self.query_one("#replays-note", Static)
        folder = paths.shown(replays_dir())  # at a door: the player's own folder, not the server's
        if paths.confined_to() is not None:
            folder = _("your {folder}/ folder").format(folder=folder)
        if not self.entries:
            empty = _("No saved games yet. They will be kept in {folder}")
            note.update(Text(empty.format(folder=folder), "dim"))
            return
        count = len(self.entries)
        games = ngettext("{count} game in {folder}", "{count} games in {folder}", count)
        text = Text(games.format(count=count, folder=folder) + "\n", "dim")
        if 0 <= row < len(self.entries):
            entry = self.entries[row]
            if entry.error:
                text.append(entry.error, "bold red")
            else:
                title = game_title(entry.game)
                text.append(f"{title}: {', '.join(entry.players)} · {entry.result}\n")
                played = _("{file} · played {where}").format(
                    file=entry.path.name, where=entry.where_words
                )
                text.append(played, "dim")
                if entry.damage:
                    text.append(f"\n{entry.damage}", "bold yellow")
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
            case "games":
                self.action_your_games()
            case "language":
                self.action_language()
            case "learn":
                self.action_learn()
            case "quit":
                self.app.exit()
            case _:
                pass

    @property
    def selected(self) -> ReplayEntry | None:
        row = self.query_one("#replays", DataTable).cursor_row
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open_selected", "resume_selected", "watch_selected", *ON_THE_LIST):
            entry = self.selected
            if self.focused is not self.query_one("#replays") or entry is None:
                return False
            if action in ON_THE_LIST:
                return action != "review_selected" or (entry.finished and not entry.error)
            can_resume = _can_resume(entry)
            return can_resume if action != "open_selected" else not can_resume
        return True

    def on_descendant_focus(self) -> None:
        if self.loaded:
            self._describe(self.query_one("#replays", DataTable).cursor_row)
        self.refresh_bindings()

    def action_new_game(self) -> None:
        from tui.screens.new_game import NewGameScreen

        def started(setup: TableSetup | None) -> None:
            if setup is not None:
                self.post_message(self.StartGame(setup))

        self.app.push_screen(NewGameScreen(), started)

    def action_host(self) -> None:
        from tui.screens.host_table import HostScreen

        def chosen(setup: HostSetup | None) -> None:
            if setup is not None:
                self.post_message(self.HostTable(setup))

        needs = app_needs(self.app)
        name = needs.player_name if needs is not None else ""  # the name chosen last time
        self.app.push_screen(HostScreen(name=name), chosen)

    def action_join(self) -> None:
        self.post_message(self.OpenLobby())

    def action_your_games(self) -> None:
        self.post_message(self.OpenYourGames())

    def _show_your_turns(self) -> None:
        """The menu says how many of your tables wait for your move (``Your games · 2!``)."""
        watch = your_turns(self.app)
        waiting = sum(t.your_turn for t in watch.tables()) if watch is not None else 0
        words = ngettext("Your move at {n} table", "Your move at {n} tables", waiting)
        label = action_label(words.format(n=waiting) if waiting else _("Your games"), "g")
        actions = self.query_one("#actions", OptionList)
        index = actions.get_option_index("games")
        if str(actions.get_option_at_index(index).prompt) != label:
            actions.replace_option_prompt("games", label)

    class LearnGame(Message):
        """A tutorial: ``game``'s own, from the start (``again``) or where it was left."""

        def __init__(self, game: str, again: bool) -> None:
            super().__init__()
            self.game = game
            self.again = again

    def action_learn(self) -> None:
        """``t``: the games with a tutorial (the one left unfinished: go on, or start again)."""
        from tui.play import learn
        from tui.screens.choice import ChoiceScreen

        offered = learn.offered()

        def chosen(index: int | None) -> None:
            if index is not None:
                game, again, _words = offered[index]
                self.post_message(self.LearnGame(game, again))

        labels = [words for _game, _again, words in offered]
        self.app.push_screen(ChoiceScreen(_(learn_words.PICK_TITLE), labels), chosen)

    def action_language(self) -> None:
        """``l``: the languages, each in its own words; the one chosen is spoken at once (the
        menu is drawn again in it) and kept for the next runs."""
        from core import language
        from tui.screens.choice import ChoiceScreen
        from tui.settings.language import remember

        codes = list(language.LANGUAGES)
        names = [
            f"{name} ({code})" + (" ●" if code == language.current() else "")
            for code, name in language.LANGUAGES.items()
        ]

        def chosen(index: int | None) -> None:
            if index is None:
                return
            try:
                remember(codes[index])
            except OSError as exc:
                self.notify(_("Not kept for the next runs: {why}").format(why=exc))
            self.app.switch_screen(MenuScreen())

        self.app.push_screen(ChoiceScreen(_("The language Caldera speaks"), names), chosen)

    def action_open_file(self) -> None:
        from tui.screens.open_replay import OpenReplayScreen

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

    def action_delete_selected(self) -> None:
        """``d`` on a saved game: asked first, then the file and what it keeps beside it go."""
        from tui.replay.library import delete_saved
        from tui.screens.choice import ConfirmScreen

        entry = self.selected
        if entry is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.notify(delete_saved(entry))
            except (ValueError, OSError) as exc:
                self.notify(_("Not deleted: {why}").format(why=exc), severity="error")
            self.action_reload()

        question = _("Delete {file} ({what}) for good?").format(
            file=entry.path.name, what=entry.result or _("a saved game")
        )
        self.app.push_screen(ConfirmScreen(question), answered)

    def action_rename_selected(self) -> None:
        """``F2`` on a saved game: a new file name, in the same folder."""
        from tui.replay.library import rename_saved
        from tui.screens.choice import AskScreen

        entry = self.selected
        if entry is None:
            return

        def answered(name: str | None) -> None:
            if not name:
                return
            try:
                self.notify(_("Renamed to {file}").format(file=rename_saved(entry, name).name))
            except (ValueError, OSError) as exc:
                self.notify(_("Not renamed: {why}").format(why=exc), severity="error")
            self.action_reload()

        hint = _("a new name for the file; .caldera is added")
        ask = AskScreen(_("Rename the saved game"), entry.path.stem, hint)
        self.app.push_screen(ask, answered)

    def action_review_selected(self) -> None:
        """``r`` on a finished saved game: its review, the one kept beside it at once, else
        worked out with its progress (:class:`~tui.screens.review.ReviewScreen`)."""
        from tui.screens.review import saved_review

        if (entry := self.selected) is not None:
            screen = saved_review(entry.path, self.notify)
            if screen is not None:
                self.app.push_screen(screen)

    @on(DataTable.RowSelected, "#replays")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_selected()


def _can_resume(entry: ReplayEntry) -> bool:
    return bool(entry.resumable) and not entry.playing_now and not entry.error


def _resume_words(entry: ReplayEntry, listed: bool) -> str:
    """What enter does with an unfinished game, under the list (``listed``: the list has the
    focus; else enter acts on the menu, and tab comes first)."""
    if entry.playing_now:
        return "\n" + _("It is being played right now, in another Caldera.")
    if entry.resumable == "local":
        said = (
            _("enter resumes it where it stopped · w watches its replay")
            if listed
            else _("tab, then enter resumes it where it stopped · w watches its replay")
        )
        return "\n" + said
    if entry.resumable == "table":
        said = (
            _("enter opens the table again (its players come back) · w watches its replay")
            if listed
            else _(
                "tab, then enter opens the table again (its players come back) · "
                "w watches its replay"
            )
        )
        return "\n" + said
    if entry.finished:
        said = (
            _("r reviews how each seat played")
            if listed
            else _("tab, then r reviews how each seat played")
        )
        return "\n" + said
    return ""
