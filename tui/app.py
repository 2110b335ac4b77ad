"""Caldera's Textual app: it only composes screens and moves between them.

Menu → new game → play → end → replay → continue from here → play…; every local game is saved
as a replay in the data directory as it is played. Across terminals: menu → host dialog → table
room → play, or menu → lobby → table room → play; every table hosted here and every seat taken
is closed when the app quits or goes back to the menu.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, ScreenStackError, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen

from core.language import N_, Translator
from net.config import config_path
from tui.games import screens_for
from tui.launch import collector
from tui.screens.menu import MenuScreen
from tui.screens.needs import GameScreen, ShowsKeys, replay_path_of
from tui.settings.language import translate_bindings
from tui.settings.play import DEFAULT_BOT_PACE, load_settings, save_setting

T = Translator("app")
_ = T.gettext

if TYPE_CHECKING:  # what the menu does not need loads when first used, after its first frame
    from core.session import Session
    from net.trust.identity import Lease
    from net.trust.keys import Keys
    from tui.netplay.hosting import Closable, Terminal
    from tui.netplay.turn_watch import TurnWatch
    from tui.play.setup import TableSetup
    from tui.replay.opening import Opened
    from tui.screens.end import EndScreen
    from tui.screens.replay import ReplayScreen


TEXTUAL_COMMANDS = ("Theme", "Quit")  # Textual's palette commands this app keeps
HOLD_ROUNDS = 20  # times a key typed too early waits again for its screen to be up


@dataclass(frozen=True)
class Launch:
    """What to show first: the menu, a game (``setup``), a replay file (``replay``; ``opened``:
    its screen, made by ``caldera replay`` before the app starts), an unfinished local game to
    resume (``resume``), or a tutorial (``learn``: a game's name or a tutorial file; ``again``:
    from its start, not where it was left)."""

    setup: TableSetup | None = None
    replay: Path | None = None
    opened: Opened | None = None
    resume: Path | None = None
    learn: str | None = None
    again: bool = False


def _escape_then(key: str) -> bool:
    """Whether ``key`` is a terminal's reading of Escape followed quickly by a digit or a letter
    (it cannot tell that from Alt and the key; Caldera binds no Alt keys)."""
    rest = key.removeprefix("alt+")
    return rest != key and len(rest) == 1 and (rest.isdigit() or rest.islower())


class CalderaApp(App[None]):
    """The terminal table."""

    TITLE = "Caldera"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "question_mark",
            "help",
            N_("Help"),
            key_display="?",
            tooltip=N_("The keys, the board's legend and the game in brief"),
        ),
    ]

    def __init__(
        self,
        launch: Launch | None = None,
        *,
        bot_pace: float = DEFAULT_BOT_PACE,
        reveal_pace: float | None = None,
        keep_frame: bool = False,
    ) -> None:
        super().__init__()
        self.launch = launch or Launch()
        self.keep_frame = keep_frame  # keep the menu's first frame for the next launch's splash
        self.bot_pace = bot_pace
        self.reveal_pace = bot_pace / 2 if reveal_pace is None else reveal_pace
        self.sessions: list[Closable] = []  # local games, seats at tables, tables hosted here
        self.settings, self._settings_problem = load_settings()
        self._held: list[events.Key | events.Paste] | None = None  # typed before it settled
        self._settled: Screen[Any] | None = None  # the last screen keys were handed to
        self._waited = 0  # rounds the held keys have waited
        self.turn_watch: TurnWatch | None = None  # your turns everywhere, once online

    def _handle_exception(self, error: Exception) -> None:
        """An error nothing caught stops the app, as in Textual: its traceback goes to the log,
        and the screen says one line (where the traceback is)."""
        from rich.text import Text

        from tui.launch import logs

        log = logging.getLogger("caldera.app")  # the log stays English
        log.critical(
            "the app stopped on an error", exc_info=(type(error), error, error.__traceback__)
        )
        super()._handle_exception(error)
        where = logs.current()
        told = (
            _("the traceback is in {file}").format(file=where)
            if where
            else _("run with --log FILE to keep it")
        )
        said = _("caldera: the app stopped on an error ({kind}: {error}); {told}")
        self._exit_renderables[:] = [
            Text(said.format(kind=type(error).__name__, error=error, told=told))
        ]

    def on_mount(self) -> None:
        if self._settings_problem:
            self.notify(self._settings_problem, severity="warning")
        chosen = self.settings.theme
        if chosen is not None and chosen in self.available_themes:
            self.theme = chosen
        elif chosen is not None:
            said = _("No theme is called {theme!r}: the default is used").format(theme=chosen)
            self.notify(said, severity="warning")
        if self.settings.bindings:
            self._remap_keys()
        translate_bindings(self)
        self.push_screen(MenuScreen())
        self.call_after_refresh(
            collector.resume
        )  # paused for the launch (see tui.launch.collector)
        if self.keep_frame and self.launch == Launch():
            self.call_after_refresh(self._keep_menu_frame)
        if (config_path().parent / "identity.json").exists():  # a player of tables before
            self.set_timer(1.0, self.watch_turns)  # after the first frame: the network loads
        if self.launch.setup is not None:
            self.run_worker(self.start_game(self.launch.setup))
        elif self.launch.replay is not None:  # `caldera replay FILE`: leaving it leaves the app
            self.open_replay(self.launch.replay, lambda _: self.exit(), self.launch.opened)
        elif self.launch.resume is not None:
            self.run_worker(self.resume_game(self.launch.resume))
        elif self.launch.learn is not None:
            self.run_worker(self.learn(self.launch.learn, again=self.launch.again))

    def _keep_menu_frame(self) -> None:
        """The menu's first frame as terminal text, for the next launch to draw before the
        app has loaded (:mod:`tui.launch.splash`)."""
        from tui.launch import splash

        if not isinstance(self.screen, MenuScreen):
            return  # a key typed early moved on before the first frame
        console = self.console
        lines = self.screen._compositor.render_strips()
        frame = "".join(f"\x1b[{y};1H" + s.render(console) for y, s in enumerate(lines, 1))
        splash.keep(self.size.width, self.size.height, frame)

    def _remap_keys(self) -> None:
        """The config file's ``[keys]``, through Textual's keymap (:mod:`tui.settings.bindings`)."""
        from tui.settings import bindings

        usable, problem = bindings.check(self.settings.bindings, bindings.name_bindings(type(self)))
        if problem:
            self.notify(problem, severity="warning", timeout=10)
        self.set_keymap(usable)

    @cached_property
    def lease(self) -> Lease | None:
        """This app's lasting identity (:mod:`net.trust.identity`), claimed when the network is
        first used; ``None`` when the config directory cannot keep one (said once)."""
        from net.errors import NetError
        from net.trust.identity import claim

        try:
            lease = claim()
        except NetError as exc:
            said = _("{reason}: this run has an identity of its own").format(reason=exc)
            self.notify(said, severity="warning")
            return None
        if lease.note:
            self.notify(lease.note, severity="warning")
        return lease

    @cached_property
    def identity(self) -> str:
        """Who this terminal is at a table: the broker user if one is configured, else the
        lasting identity, the same on every run (coming back to a table with it gives back the
        seat held, after a crash too)."""
        from net.wire.topics import new_id, valid_name
        from tui.netplay.hosting import network_config

        config, _problem = network_config()
        user = config.broker.username
        if user and valid_name(user):
            return user
        lease = self.lease
        return lease.client if lease is not None else new_id("c")

    @property
    def player_name(self) -> str:
        """The name shown at tables: the last one chosen here, else the config file's."""
        from tui.netplay.hosting import network_config

        lease = self.lease
        if lease is not None and lease.name:
            return lease.name
        return network_config()[0].name or ""

    @cached_property
    def signing_keys(self) -> Keys:
        """The signing keys this terminal speaks with at tables: the lasting identity's, else
        (its config directory cannot keep one) this run's own."""
        from net.trust.keys import Keys

        lease = self.lease
        return lease.keys if lease is not None else Keys.generate()

    def remember_name(self, name: str) -> None:
        if self.lease is not None:
            self.lease.rename(name)

    @property
    def terminal(self) -> Terminal:
        """What the network screens need: this terminal's identity, its game screens."""
        from tui.netplay.hosting import Terminal

        return Terminal(
            identity=self.identity,
            play=self.play_screen,
            keep=self.sessions.append,
            bot_delay=self.bot_pace,
            name=self.player_name,
            remember_name=self.remember_name,
            keys=self.signing_keys,
        )

    def play_screen(self, session: Session) -> Screen[None]:
        """The screen that plays ``session``'s game."""
        return screens_for(session.rules.game).play(session, self.reveal_pace)

    # -- moving between screens -----------------------------------------------------------

    async def start_game(self, setup: TableSetup) -> None:
        """Open a local session for ``setup``, show its table and start it."""
        from core.errors import CalderaError
        from tui.play.setup import open_local_session

        try:
            play = screens_for(setup.game).play
            pace = self.bot_pace if setup.bot_pace is None else setup.bot_pace
            session = open_local_session(setup, bot_pace=pace)
        except (OSError, ValueError, CalderaError) as exc:
            self.notify(_("Cannot start the game: {reason}").format(reason=exc), severity="error")
            return
        self.sessions.append(session)
        await self.push_screen(play(session, self.reveal_pace))
        await session.start()

    async def learn(self, name: str, *, again: bool = False) -> None:
        """A tutorial (a game's own by its name, or a file): the one left unfinished, where it
        stopped, unless ``again``."""
        from core.errors import CalderaError
        from tui.play import learn

        try:
            left = None if again else learn.left_unfinished(name)
            if left is not None:
                await self.resume_game(left)
                return
            session = learn.open_named(name, bot_pace=self.bot_pace)
            play = screens_for(session.rules.game).play
        except (OSError, ValueError, CalderaError) as exc:
            self.notify(str(exc), title=_("Cannot start the tutorial"), severity="error")
            return
        self.sessions.append(session)
        await self.push_screen(play(session, self.reveal_pace))
        await session.start()

    async def resume_game(self, path: Path) -> None:
        """Go on with the unfinished local game saved in ``path``, exactly where it stopped."""
        from core.errors import CalderaError
        from tui.play.tutorial_table import resume

        try:
            session = resume(path, bot_pace=self.bot_pace)
            play = screens_for(session.rules.game).play
        except (OSError, ValueError, CalderaError) as exc:
            self.notify(str(exc), title=_("Cannot resume the game"), severity="error")
            return
        self.sessions.append(session)
        await self.push_screen(play(session, self.reveal_pace))
        await session.start()

    def open_replay(
        self,
        path: Path,
        then: Callable[[None], None] | None = None,
        done: Opened | None = None,
    ) -> None:
        """Show the replay in ``path`` (``then``: called once it is left; ``done``: opened
        already, :mod:`tui.replay.opening`); a bad file gives one line, never a traceback."""
        from core.errors import CalderaError
        from replays.file import read
        from tui.replay.opening import opened

        try:
            done = done if done is not None else opened(path, read(path))
        except CalderaError as exc:
            self.notify(str(exc), title=_("Cannot open the replay"), severity="error")
            return
        except Exception as exc:  # a hostile file must not crash the app
            self.notify(f"{path.name}: {exc}", title=_("Cannot replay"), severity="error")
            return
        for warning in done.warnings:
            self.notify(warning, severity="warning")
        self.push_screen(done.screen, then)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Show ``screen``, its keys' labels in the language spoken (tui.settings.language)."""
        translate_bindings(*(() if isinstance(screen, str) else (screen,)))
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Any) -> Any:
        translate_bindings(*(() if isinstance(screen, str) else (screen,)))
        return super().switch_screen(screen)

    def watch_session(self, session: Session) -> None:
        """Replay the game ``session`` played, from its first event."""
        title = ", ".join(session.players)
        path = replay_path_of(session)
        if path is not None:
            title = path.name
        screen = screens_for(session.rules.game).replay(list(session.envelopes), title)
        if isinstance(path, Path):
            screen.replay_path = path  # a review made at the end screen is kept beside it
        self.push_screen(screen)

    async def back_to_menu(self, *, new_game: bool = False) -> None:
        """Close every game and go back to the menu (optionally straight to a new game)."""
        await self._close_sessions()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if new_game:
            menu = self.screen
            if isinstance(menu, MenuScreen):
                menu.action_new_game()

    async def _close_sessions(self) -> None:
        sessions, self.sessions = self.sessions, []
        for session in sessions:
            await session.close()

    async def action_quit(self) -> None:
        await self._close_sessions()
        self.exit()

    def watch_theme(self, theme: str) -> None:
        """A theme chosen (the palette's "Change theme") is kept in the config file."""
        if theme == self.settings.theme:
            return
        self.settings = replace(self.settings, theme=theme)
        try:
            save_setting("theme", theme)
        except OSError as exc:
            self.notify(_("The theme is not kept: {reason}").format(reason=exc), severity="warning")

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:  # fmt: skip
        """Textual's notification, and the screen painted afresh once its toast is gone:
        Textual (8.2) takes an expired toast out of the screen without painting what it
        covered, so a real terminal kept showing it (a tutorial's narrator hidden under its
        intro; the tmux tests of the tutorials read the narrator)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        if threading.get_ident() != self._thread_id:
            return  # from another thread: Textual's own notify is safe there, timers are not
        seconds = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self.set_timer(seconds + 0.1, self._repaint)

    def _repaint(self) -> None:
        with contextlib.suppress(ScreenStackError):  # the app is closing: nothing to paint
            self.screen.refresh()

    def on_unmount(self) -> None:
        lease = self.__dict__.get("lease")  # only if it was claimed
        if lease is not None:
            lease.release()

    def action_help(self) -> None:
        from tui.games import game_help
        from tui.screens.help import HelpScreen, Prose

        if not isinstance(self.screen, HelpScreen):
            rules = self.screen.rules if isinstance(self.screen, GameScreen) else None
            sections: list[str]
            if rules is None:
                sections = [Prose(brief) for brief in game_help()]
            else:
                screens = screens_for(rules.game)
                brief = screens.brief()  # the game in brief is prose: reflowed to the width
                sections = [Prose(s) if s == brief else s for s in screens.help()]
            self.push_screen(HelpScreen(self.screen, sections))

    # -- keys typed before a screen is up --------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and _escape_then(event.key):
            key = event.key.removeprefix("alt+")  # Escape, then a key pressed quickly after it
            if not await self._check_bindings("escape"):  # at once: the key goes where it led
                await self.on_event(events.Key("escape", "\x1b"))
            await self.on_event(events.Key(key, key))
            return
        if isinstance(event, events.Key | events.Paste) and self._hold(event):
            return
        await super().on_event(event)

    def _hold(self, event: events.Key | events.Paste) -> bool:
        """Keep a key that comes before the screen on top is ready for it (``n`` then the
        form's keys in one burst: the form focuses its first field only after the keys already
        read), and hand it out, in the order typed, once it is: never lost."""
        if event.is_forwarded:
            return False
        if self._held is None:
            try:
                if self.screen is self._settled:
                    return False
            except ScreenStackError:  # no screen yet: nothing to wait for
                return False
            self._held = []
            self._waited = 0
            self._hand_out_later()
        self._held.append(event)
        return True

    def _hand_out_later(self) -> None:
        """Hand the held keys out behind everything queued now; a screen not mounted yet has
        its mount (and the focus it asks for) queued later: the keys wait once more then."""
        screen = self.screen
        self.call_later(self._hand_out_held, screen if screen.is_mounted else None)

    async def _hand_out_held(self, mounted: Screen[Any] | None) -> None:
        if mounted is not self.screen and self._waited < HOLD_ROUNDS:
            self._waited += 1
            self._hand_out_later()
            return
        self._settled = self.screen
        held = self._held or []
        while held:
            await super().on_event(held.pop(0))
            if held and self.screen is not self._settled:  # that key opened another screen
                self._waited = 0
                self._hand_out_later()
                return
        self._held = None

    # -- messages from the screens --------------------------------------------------------

    async def on_menu_screen_start_game(self, message: MenuScreen.StartGame) -> None:
        await self.start_game(message.setup)

    def on_menu_screen_host_table(self, message: MenuScreen.HostTable) -> None:
        from tui.screens.room import RoomScreen

        self.remember_name(message.setup.name)
        self.push_screen(RoomScreen(self.terminal, setup=message.setup))
        self.watch_turns()

    def on_menu_screen_reopen_table(self, message: MenuScreen.ReopenTable) -> None:
        from tui.screens.room import RoomScreen

        self.push_screen(RoomScreen(self.terminal, resume=message.path))
        self.watch_turns()

    def on_menu_screen_open_lobby(self) -> None:
        from tui.screens.lobby import LobbyScreen

        self.push_screen(LobbyScreen(self.terminal))
        self.watch_turns()

    def on_menu_screen_open_your_games(self) -> None:
        from tui.screens.your_games import YourGamesScreen

        self.push_screen(YourGamesScreen(self.terminal))
        self.watch_turns()

    def watch_turns(self) -> None:
        """Follow your turns at every table of the club from now on
        (:mod:`tui.netplay.turn_watch`)."""
        if self.turn_watch is not None:
            return
        from tui.netplay.turn_watch import TurnWatch

        self.turn_watch = TurnWatch(self, self.terminal)
        self.run_worker(self.turn_watch.run(), name="turns", group="turns")

    def on_menu_screen_open_replay(self, message: MenuScreen.OpenReplay) -> None:
        self.open_replay(message.path)

    async def on_menu_screen_learn_game(self, message: MenuScreen.LearnGame) -> None:
        await self.learn(message.game, again=message.again)

    async def on_menu_screen_resume_game(self, message: MenuScreen.ResumeGame) -> None:
        await self.resume_game(message.path)

    def on_end_screen_watch_replay(self, message: EndScreen.WatchReplay) -> None:
        self.watch_session(message.session)

    async def on_end_screen_new_game(self) -> None:
        await self.back_to_menu(new_game=True)

    async def on_end_screen_play_real(self, message: EndScreen.PlayReal) -> None:
        """After a tutorial: the real game it taught, the learner against the easy bot."""
        from tui.play.setup import local_game
        from tui.screens.end import REAL_BOT

        await self.back_to_menu()
        offer = message.offer
        await self.start_game(local_game(2, {1: REAL_BOT}, game=offer.game, options=offer.options))

    async def on_end_screen_menu(self) -> None:
        await self.back_to_menu()

    def on_replay_screen_continue_from(self, message: ReplayScreen.ContinueFrom) -> None:
        from tui.screens.new_game import NewGameScreen

        def chosen(setup: TableSetup | None) -> None:
            if setup is not None:
                self.run_worker(self.start_game(setup))

        form = NewGameScreen(
            players=len(message.players),
            names=message.players,
            position=message.position,
            origin=message.origin,
        )
        self.push_screen(form, chosen)

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer shows it: as the table says when that follows the game (the
        tiles in hand), else as Textual would."""
        screen = self.screen
        shown = screen.key_display(binding) if isinstance(screen, ShowsKeys) else None
        return shown or super().get_key_display(binding)

    # -- the command palette: every action of the screen, by name ---------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The app's own actions that can be taken now, once each, with what each does and
        its key; of Textual's, only the theme and quitting (no screenshot, maximize, widget
        keys panel: the help says the keys)."""
        from tui.screens.help import own_actions

        seen: set[str] = set()
        for command in super().get_system_commands(screen):
            if command.title in TEXTUAL_COMMANDS and command.title not in seen:
                seen.add(command.title)
                yield command
        for binding in screen.active_bindings.values():
            b = binding.binding
            if not binding.enabled or not b.description or b.description in seen:
                continue
            if b.action.startswith("app.focus") or b.action not in own_actions(binding.node):
                continue  # moving between fields, or a Textual widget's own key
            seen.add(b.description)
            key = b.key_display or self.get_key_display(b)
            yield SystemCommand(
                b.description,
                " · ".join(part for part in (b.tooltip, _("key {key}").format(key=key)) if part),
                partial(self.run_action, b.action, binding.node),
            )
        game = isinstance(screen, GameScreen) and screen.rules is not None
        helpful = isinstance(screen, MenuScreen) or game
        if helpful and _("Help") not in seen:
            words = _("Keys, the board's legend and the rules")
            yield SystemCommand(_("Help"), words, self.action_help)


__all__ = ["CalderaApp", "Launch"]
