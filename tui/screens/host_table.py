"""Hosting a table: the game, its seats (you, a player from another terminal, or a bot), the
game's options, the table's name and the broker it opens on.

Dismissed with a :class:`tui.netplay.hosting.HostSetup`, or ``None`` when cancelled. Nothing is
opened here: the table room (:mod:`tui.screens.room`) starts the broker and the table.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from core.bots import bot_kinds
from core.clock import check_clock
from core.games import get_rules
from core.language import N_, Translator
from net.errors import NetError
from tui.games import shown_games
from tui.netplay.hosting import ME, OPEN, HostSetup, broker_from_text, network_config
from tui.widgets.form_fields import FORM_KEYS, FieldInput
from tui.widgets.game_options import GameOptions, has_turn_limit, reoffer
from tui.widgets.header import Header
from tui.widgets.size_note import SizeNote

T = Translator("app")
_ = T.gettext

MANUAL = "manual"
STANDIN_AFTER = 15.0
CLOCK_HINT = N_("none · 20m+10s (bank + a turn) · 2d (a turn, turn-based)")
TIMEOUT_RULES = [(N_("A bot plays that turn"), "bot_turn"), (N_("The player is dropped"), "drop")]
RESULTS = [(N_("Casual (not rated)"), "casual"), (N_("Rated (counts for the ladder)"), "rated")]


def seat_kinds(game: str) -> list[tuple[str, str]]:
    """(label, value) for a seat: you, a player from another terminal, or each of the bots."""
    bots = bot_kinds(game)  # weakest first
    return [
        (_("You (this terminal)"), ME),
        (_("Player (other terminal)"), OPEN),
        *[(_("Bot: {kind}").format(kind=kind), kind) for kind in bots],
    ]


HINT_CHOICES = [(N_("off: no seat may ask a bot"), False), (N_("on: every seat may press w"), True)]
CHAT_CHOICES = [
    (N_("on: players and spectators may talk"), True),
    (N_("off: no table chat"), False),
]


def said(choices: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """``choices`` with their labels in the current language."""
    return [(_(label), value) for label, value in choices]


def standin_options(game: str) -> list[tuple[str, str]]:
    """Who plays for a player who dropped out: nobody until the host says so, or a bot."""
    bots = bot_kinds(game)  # weakest first
    return [(_("When I say so (H in the game)"), MANUAL)] + [
        (_("A {bot} bot after {seconds} s").format(bot=kind, seconds=f"{STANDIN_AFTER:g}"), kind)
        for kind in bots
    ]


class HostScreen(Screen[HostSetup | None]):
    """A form; dismissed with the table to host, or ``None``."""

    CSS_PATH: ClassVar[list[str | PurePath]] = ["new_game.tcss", "host_table.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "host", N_("Host")),
        Binding("escape", "cancel", N_("Back")),
        *FORM_KEYS,
    ]

    def __init__(self, *, game: str | None = None, seats: int = 2, name: str = "") -> None:
        super().__init__()
        self.config, self.config_problem = network_config()
        self.player_name = name or self.config.name or "Host"
        self.game = game or shown_games()[0]
        rules = get_rules(self.game)
        self.seats = seats
        self.min_seats, self.max_seats = rules.min_players, rules.max_players

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="form"):
            yield Static(
                _("Open a table others can join from their lobby; the game starts when you say."),
                id="origin",
            )
            with Horizontal(classes="field"):
                yield Label(_("Game"), classes="field-label")
                yield Select(
                    [(get_rules(g).title, g) for g in sorted(shown_games())],
                    value=self.game,
                    allow_blank=False,
                    id="game",
                )
            yield SizeNote(id="size-note")
            with Horizontal(classes="field"):
                yield Label(_("Seats"), classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(2, 5)],
                    value=self.seats,
                    allow_blank=False,
                    id="seats",
                )
            for seat in range(4):
                with Horizontal(classes="field seat", id=f"seat-{seat}"):  # internal
                    yield Label(_("Seat {n}").format(n=seat + 1), classes="field-label")
                    yield Select(
                        seat_kinds(self.game),
                        value=ME if seat == 0 else OPEN,
                        allow_blank=False,
                        id=f"kind-{seat}",
                        classes="seat-kind",
                    )
            with Horizontal(classes="field"):
                yield Label(_("Your name"), classes="field-label")
                yield FieldInput(self.player_name, id="name", max_length=24)
            with Horizontal(classes="field"):
                yield Label(_("Table name"), classes="field-label")
                yield FieldInput(placeholder=_("your name's table"), id="table-name", max_length=24)
            with Horizontal(classes="field"):
                yield Label(_("Seed"), classes="field-label")
                yield FieldInput(placeholder=_("random (any text deals the same game)"), id="seed")
            with Horizontal(classes="field", id="turn-limit-field"):
                yield Label(_("Turn limit"), classes="field-label")
                yield FieldInput(placeholder=_("none"), id="turn-limit", type="integer")
            yield GameOptions()
            with Horizontal(classes="field"):
                yield Label(_("Stand-in"), classes="field-label")
                yield Select(
                    standin_options(self.game), value=MANUAL, allow_blank=False, id="standin"
                )
            with Horizontal(classes="field"):
                yield Label(_("Clock"), classes="field-label")
                yield FieldInput(placeholder=_(CLOCK_HINT), id="clock")
            with Horizontal(classes="field"):
                yield Label(_("Time runs out"), classes="field-label")
                yield Select(
                    said(TIMEOUT_RULES), value="bot_turn", allow_blank=False, id="on-timeout"
                )
            with Horizontal(classes="field"):
                yield Label(_("Result"), classes="field-label")
                yield Select(said(RESULTS), value="casual", allow_blank=False, id="rated")
            with Horizontal(classes="field"):
                yield Label(_("Hints"), classes="field-label")
                yield Select(said(HINT_CHOICES), value=False, allow_blank=False, id="hints")
            with Horizontal(classes="field"):
                yield Label(_("Chat"), classes="field-label")
                yield Select(said(CHAT_CHOICES), value=True, allow_blank=False, id="chat")
            with Horizontal(classes="field"):
                yield Label(_("Broker"), classes="field-label")
                yield FieldInput(str(self.config.broker), id="broker")
            yield Label(
                _("Started here (amqtt) when nothing answers on this machine.")
                + " "
                + (self.config_problem or _("From: {source}.").format(source=self.config.source)),
                id="broker-hint",
            )
            yield Label("", id="form-error")
            with Horizontal(id="form-buttons"):
                yield Button(_("Host (ctrl+s)"), id="host", variant="primary")
                yield Button(_("Back (esc)"), id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Host a table")
        self._show_seats()
        self._show_game_options()
        self.query_one("#game", Select).focus()

    @on(Select.Changed, "#seats")
    def _seats_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.seats = event.value
            self._show_seats()

    @on(Select.Changed, "#game")
    def _game_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.game:
            return
        self.game = event.value
        for seat in range(4):
            reoffer(self.query_one(f"#kind-{seat}", Select), seat_kinds(self.game), OPEN)
        standin = self.query_one("#standin", Select)
        standin.set_options(standin_options(self.game))
        standin.value = MANUAL
        self._show_game_options()

    def _show_seats(self) -> None:
        for seat in range(4):
            self.query_one(f"#seat-{seat}").display = seat < self.seats

    def on_resize(self) -> None:
        self.query_one(SizeNote).check()

    def _show_game_options(self) -> None:
        self.query_one(SizeNote).show_for(self.game)
        self.query_one(GameOptions).show_for(self.game)
        self.query_one("#turn-limit-field").display = has_turn_limit(self.game)

    def _game_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        limit_text = self.query_one("#turn-limit", Input).value.strip()
        if limit_text and has_turn_limit(self.game):
            limit = int(limit_text)
            if limit < 1:
                raise ValueError(_("the turn limit is a positive number of turns"))
            options["turn_limit"] = limit
        return options | self.query_one(GameOptions).options(self.game, self.seats)

    def setup(self) -> HostSetup:
        """The form as a table to host; ``ValueError`` with one line when something is wrong."""
        kinds = tuple(str(self.query_one(f"#kind-{s}", Select).value) for s in range(self.seats))
        if kinds.count(ME) != 1:
            raise ValueError(_("choose one seat for yourself (You, this terminal)"))
        rules = get_rules(self.game)
        if not rules.min_players <= self.seats <= rules.max_players:
            raise ValueError(
                _("{game} takes {least} to {most} players").format(
                    game=rules.title, least=rules.min_players, most=rules.max_players
                )
            )
        options = self._game_options()
        rules.config(self.seats, options)  # ValueError on an option the game refuses
        name = self.query_one("#name", Input).value.strip() or "Host"
        try:
            broker = broker_from_text(self.query_one("#broker", Input).value, self.config.broker)
        except NetError as exc:
            raise ValueError(str(exc)) from None
        standin = str(self.query_one("#standin", Select).value)
        clock = check_clock(self.query_one("#clock", Input).value)  # ValueError: one line
        return HostSetup(
            game=self.game,
            seats=kinds,
            name=name,
            broker=broker,
            table_name=self.query_one("#table-name", Input).value.strip(),
            options=options,
            standin=None if standin == MANUAL else standin,
            standin_after=STANDIN_AFTER,
            hints=self.query_one("#hints", Select).value is True,
            chat=self.query_one("#chat", Select).value is not False,
            seed=self.query_one("#seed", Input).value.strip() or None,
            clock=clock,
            on_timeout=str(self.query_one("#on-timeout", Select).value),
            rated=self.query_one("#rated", Select).value == "rated",
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "host":
            self.action_host()
        elif event.button.id == "back":
            self.action_cancel()

    def on_input_submitted(self) -> None:
        self.action_host()

    def action_host(self) -> None:
        try:
            setup = self.setup()
        except ValueError as exc:
            self.query_one("#form-error", Label).update(str(exc))
            return
        self.dismiss(setup)

    def action_cancel(self) -> None:
        self.dismiss(None)
