"""Setting up a local game: the game, 2–4 seats (each a human at this keyboard or a bot), a seed.

The form comes back as it was last used for each game (:mod:`tui.settings.last_choices`), on the
game chosen last; the focus starts on the game. Also used to "continue from here": the seats are
then fixed by the saved position, and nothing is remembered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from core.bots import bot_kinds
from core.games import get_rules
from core.language import N_, Translator, decimal
from tui.games import shown_games
from tui.play.seats import SEAT_NAMES
from tui.play.setup import BOT_ONLY_TURN_LIMIT, SeatSetup, TableSetup
from tui.screens.needs import app_needs
from tui.settings.last_choices import LastChoices, last_choices, last_game, remember
from tui.settings.play import DEFAULT_BOT_PACE
from tui.widgets.form_fields import FORM_KEYS, FieldInput
from tui.widgets.game_options import GameOptions, has_turn_limit, own_options, reoffer
from tui.widgets.header import Header
from tui.widgets.size_note import SizeNote

T = Translator("app")
_ = T.gettext

HUMAN = "human"
DEFAULT_BOT = "greedy"


PACES = (0.0, 0.2, 0.5, 1.0, 2.0)  # seconds between two bot commands


def pace_words(pace: float) -> str:
    """``0.5`` -> "0.5 s between bot moves"; ``0`` -> "instant"."""
    if pace <= 0:
        return _("instant")
    written = f"{pace:g}"
    shown = written if "e" in written else decimal(pace, len(written.partition(".")[2]))
    return _("{seconds} s between bot moves").format(seconds=shown)


def kind_options(game: str) -> list[tuple[str, str]]:
    """(label, value) for the seat kinds: a human, or each bot the game offers, weakest first."""
    bots = [(_("Bot: {kind}").format(kind=kind), kind) for kind in bot_kinds(game)]
    return [(_("Human (this keyboard)"), HUMAN), *bots]


class NewGameScreen(Screen[TableSetup | None]):
    """A form; dismissed with the table's setup, or ``None`` when cancelled."""

    CSS_PATH = "new_game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start")),
        Binding("escape", "cancel", N_("Back")),
        *FORM_KEYS,
    ]

    def __init__(
        self,
        *,
        game: str | None = None,
        players: int = 3,
        names: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
        origin: str = "",
    ) -> None:
        super().__init__()
        if game is None and position is None:
            remembered = last_game()
            game = remembered if remembered in shown_games() else None
        game = game or shown_games()[0]
        self.game = str(position.get("game", game)) if position is not None else game
        self.position = position
        self.origin = origin
        rules = get_rules(self.game)
        self.min_players, self.max_players = rules.min_players, rules.max_players
        self.players = players
        self.names = list(names or SEAT_NAMES[: self.max_players])
        while len(self.names) < self.max_players:
            self.names.append(SEAT_NAMES[len(self.names)])

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="form"):
            if self.position is not None:
                said = _("Continue {origin} as a new game (a new seed).")
                yield Static(said.format(origin=self.origin), id="origin")
            with Horizontal(classes="field"):
                yield Label(_("Game"), classes="field-label")
                yield Select(
                    [(get_rules(g).title, g) for g in sorted(shown_games())],
                    value=self.game,
                    allow_blank=False,
                    id="game",
                    disabled=self.position is not None,
                )
            yield SizeNote(id="size-note")
            with Horizontal(classes="field"):
                yield Label(_("Players"), classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(self.min_players, self.max_players + 1)],
                    value=self.players,
                    allow_blank=False,
                    id="players",
                    disabled=self.position is not None,
                )
            for seat in range(self.max_players):
                with Horizontal(classes="field seat", id=f"seat-{seat}"):  # internal
                    yield Label(_("Seat {n}").format(n=seat + 1), classes="field-label")
                    yield FieldInput(self.names[seat], id=f"name-{seat}", classes="seat-name")
                    yield Select(
                        kind_options(self.game),
                        value=HUMAN if seat == 0 else DEFAULT_BOT,
                        allow_blank=False,
                        id=f"kind-{seat}",
                        classes="seat-kind",
                    )
            with Horizontal(classes="field"):
                yield Label(_("Seed"), classes="field-label")
                yield FieldInput(
                    placeholder=_("random (any text replays the same draws)"), id="seed"
                )
            with Horizontal(classes="field", id="turn-limit-field"):
                yield Label(_("Turn limit"), classes="field-label")
                yield FieldInput(
                    placeholder=_("none (only bots: {limit})").format(limit=BOT_ONLY_TURN_LIMIT),
                    id="turn-limit",
                    type="integer",
                    valid_empty=True,
                    disabled=self.position is not None,
                )
            with Horizontal(classes="field"):
                yield Label(_("Bot pace"), classes="field-label")
                yield Select(self._paces(), value=self._pace(), allow_blank=False, id="bot-pace")
            yield GameOptions(given=self._position_config(), disabled=self.position is not None)
            yield Label("", id="form-error")
            with Horizontal(id="form-buttons"):
                yield Button(_("Start (ctrl+s)"), id="start", variant="primary")
                yield Button(_("Back (esc)"), id="back")
        yield Footer()

    def _pace(self) -> float:
        """The pace the app runs bots at (``--pace``, else the default)."""
        needs = app_needs(self.app)
        return float(needs.bot_pace) if needs is not None else DEFAULT_BOT_PACE

    def _paces(self, *also: float) -> list[tuple[str, float]]:
        """The bot paces offered: the app's own, ``also``'s and a few others, slowest last."""
        paces = sorted({*PACES, self._pace(), *also})
        return [(pace_words(p), p) for p in paces]

    def _position_config(self) -> dict[str, Any]:
        """The configuration of the position continued from (none for a new game)."""
        return dict(self.position.get("config", {})) if self.position is not None else {}

    def on_mount(self) -> None:
        self.title = _("New local game")
        if self.position is None:
            self._recall(self.game)
        self._show_seats()
        self._show_game_options()
        first = "#name-0" if self.position is not None else "#game"  # the game is fixed then
        self.set_focus(self.query_one(first))

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.players = event.value
            self._show_seats()

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        """Another game: its bots in the seat lists, its own options shown."""
        if not isinstance(event.value, str) or event.value == self.game:
            return
        self.game = event.value
        for seat in range(self.max_players):
            reoffer(self.query_one(f"#kind-{seat}", Select), kind_options(self.game), DEFAULT_BOT)
        self._recall(self.game)
        self._show_seats()
        self._show_game_options()

    def _recall(self, game: str) -> None:
        """Fill the form with ``game``'s last choices, where there are any."""
        last = last_choices(game)
        if last is None:
            return
        players = self.query_one("#players", Select)
        if last.players is not None and self.min_players <= last.players <= self.max_players:
            self.players = last.players
            players.value = last.players
        for seat, name in enumerate(last.names[: self.max_players]):
            if name.strip():
                self.query_one(f"#name-{seat}", Input).value = name
        for seat, kind in enumerate(last.seats[: self.max_players]):
            if kind in {value for _, value in kind_options(game)}:
                self.query_one(f"#kind-{seat}", Select).value = kind
        if last.bot_pace is not None and last.bot_pace >= 0:
            pace = self.query_one("#bot-pace", Select)
            pace.set_options(self._paces(last.bot_pace))
            pace.value = last.bot_pace
        limit = "" if last.turn_limit is None or last.turn_limit < 1 else str(last.turn_limit)
        self.query_one("#turn-limit", Input).value = limit
        self.query_one(GameOptions).set_values(game, last.options, self.players)

    def _remember(self, setup: TableSetup) -> None:
        """Keep the form's choices for its game (said in one line if they cannot be kept)."""
        kinds = [self.query_one(f"#kind-{seat}", Select).value for seat in range(self.max_players)]
        choices = LastChoices(
            players=self.players,
            names=tuple(
                self.query_one(f"#name-{seat}", Input).value.strip()
                for seat in range(self.max_players)
            ),
            seats=tuple(str(kind) for kind in kinds),
            bot_pace=setup.bot_pace,
            turn_limit=setup.turn_limit,
            options=dict(setup.game_options),
        )
        try:
            remember(self.game, choices)
        except OSError as exc:
            self.notify(
                _("The form's choices are not kept: {reason}").format(reason=exc),
                severity="warning",
            )

    def on_resize(self) -> None:
        self.query_one(SizeNote).check()

    def _show_game_options(self) -> None:
        self.query_one(SizeNote).show_for(self.game)
        self.query_one(GameOptions).show_for(self.game)
        self.query_one("#turn-limit-field").display = has_turn_limit(self.game)

    def _game_options(self) -> dict[str, Any]:
        """The chosen game's own options (``ValueError`` with one line when one is wrong)."""
        if self.position is not None:
            config = self._position_config()
            return {
                o.name: config[o.name]
                for o in own_options(self.game)
                if config.get(o.name, o.default) != o.default
            }
        return self.query_one(GameOptions).options(self.game, self.players)

    def _show_seats(self) -> None:
        for seat in range(self.max_players):
            self.query_one(f"#seat-{seat}").display = seat < self.players

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_cancel()

    def on_input_submitted(self) -> None:
        self.action_start()

    def setup(self) -> TableSetup:
        """The form as a table setup; ``ValueError`` with one line when something is wrong."""
        seats = []
        for seat in range(self.players):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or SEAT_NAMES[seat]
            kind = self.query_one(f"#kind-{seat}", Select).value
            seats.append(SeatSetup(name, None if kind == HUMAN else str(kind)))
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError(_("each seat needs its own name"))
        limit_text = self.query_one("#turn-limit", Input).value.strip()
        limit = int(limit_text) if limit_text and has_turn_limit(self.game) else None
        if limit is not None and limit < 1:
            raise ValueError(_("the turn limit is a positive number of turns"))
        seed = self.query_one("#seed", Input).value.strip() or None
        options = self._game_options()
        pace = self.query_one("#bot-pace", Select).value
        return TableSetup(
            self.game,
            tuple(seats),
            seed,
            limit,
            self.position,
            options,
            bot_pace=float(pace) if isinstance(pace, int | float) else None,
        )

    def action_start(self) -> None:
        try:
            setup = self.setup()
        except ValueError as exc:
            self.query_one("#form-error", Label).update(str(exc))
            return
        if self.position is None:
            self._remember(setup)
        self.dismiss(setup)

    def action_cancel(self) -> None:
        self.dismiss(None)
