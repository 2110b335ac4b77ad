"""The end of a game: scores with their parts, how a tie was broken, the winner; what next."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from core.language import N_, Translator, anywhere, listed
from core.protocol import Outcome, Rules
from core.session import Session
from replays.chat_log import ChatLine, read_chat
from tui.play.seats import seat_colour
from tui.replay.export import ask_export
from tui.screens.needs import chat_of, replay_path_of
from tui.settings.chat import heeded

T = Translator("app")
_ = T.gettext

TIEBREAK = {
    "": "",
    "score": "",
    "draw": N_("A draw: the tie-breaks could not separate the leaders."),
}


def score_table(
    names: Sequence[str], outcome: Outcome, headings: Mapping[str, str] | None = None
) -> Table:
    """Scores by part, one row per player in ranking order (``headings`` names the parts)."""
    parts = list(outcome.parts[0]) if outcome.parts else ["total"]
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column(_("Player"), no_wrap=True)
    for part in parts:
        heading = anywhere((headings or {}).get(part, part.capitalize()))
        table.add_column(heading, justify="right", no_wrap=True)
    ranking = outcome.ranking or tuple(range(len(names)))
    for place, seat in enumerate(ranking, start=1):
        row = outcome.parts[seat] if outcome.parts else {"total": outcome.scores[seat]}
        crown = "★" if seat in outcome.winners else f"{place}."
        name = Text(names[seat], Style(color=seat_colour(seat), bold=True))
        cells = [Text(f"{row.get(p, 0):+d}" if p != "total" else str(row.get(p, 0))) for p in parts]
        cells[-1].stylize("bold")
        table.add_row(crown, name, *cells)
    return table


def verdict(names: Sequence[str], outcome: Outcome, you: int | None = None) -> str:
    """Who won, and how a tie was broken; said to ``you`` (a tutorial's learner, at this
    keyboard) when that seat alone won: "You win!", not the name's "You wins!"."""
    winners = [names[w] for w in outcome.winners]
    if len(winners) > 1:
        return _("{players} share the win.").format(players=listed(winners))
    note = TIEBREAK.get(outcome.tiebreak)
    if note is None:
        # TRANSLATORS: {tiebreak} is the game's own words ("explorers on the island")
        note = _("Tie broken by {tiebreak}.").format(tiebreak=anywhere(outcome.tiebreak))
    else:
        note = _(note) if note else ""
    if you is not None and list(outcome.winners) == [you]:
        return _("You win! {note}").format(note=note).strip()
    return _("{player} wins! {note}").format(player=winners[0], note=note).strip()


def chat_heard(session: Session) -> list[ChatLine]:
    """The table's chat this terminal heard, for an export with the game: a networked table's
    as it is now (the lines said after the end too), else what was kept beside the replay;
    without the lines of players muted or blocked here."""
    chat = chat_of(session)
    if chat is not None:
        return heeded(heard.kept() for heard in chat.transcript)
    path = replay_path_of(session)
    return heeded(read_chat(path)) if path is not None else []


def buttons_width(buttons: Iterable[Button]) -> int:
    """The columns ``buttons`` take in one row: each its label with its border and padding
    (at least a button's least width), and the margin after it."""
    return sum(button_width(b) + 1 for b in buttons)


def button_width(button: Button) -> int:
    """The columns ``button`` takes: its label, padding and border, at least Textual's least."""
    return max(BUTTON_LEAST, cell_len(str(button.label)) + BUTTON_AROUND)


BUTTON_LEAST, BUTTON_AROUND = 16, 4  # Textual's Button: min-width 16, padding 1 and border 1
REAL_BOT = "easy"  # the bot a tutorial's learner meets next


@dataclass(frozen=True)
class RealGame:
    """The game a tutorial's end offers: its game, with the options it taught (a game's
    advanced cards), against :data:`REAL_BOT`."""

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)


class EndScreen(ModalScreen[None]):
    """Shown over the final board when a game ends."""

    CSS_PATH = "end.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "watch", N_("Watch the replay")),
        Binding("n", "new_game", N_("New game")),
        Binding("escape", "close", N_("See the board")),
        Binding("m", "menu", N_("Menu")),
        Binding(
            "x", "export", N_("Export"), tooltip=N_("Export the game: JSON Lines, JSON or text")
        ),
        Binding("r", "review", N_("Review"), show=False, tooltip=N_("How each seat played")),
        Binding("e", "play_real", N_("Real game"), tooltip=N_("A real game against the easy bot")),
    ]

    def __init__(
        self,
        rules: Rules[Any],
        names: Sequence[str],
        outcome: Outcome,
        session: Session,
        *,
        details: RenderableType | None = None,
        headings: Mapping[str, str] | None = None,
        note: str = "",
        offer: RealGame | None = None,
        you: int | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules
        self.names = tuple(names)
        self.outcome = outcome
        self.session = session
        self.details = details  # what the game adds below the scores (task cards, say)
        self.headings = headings
        self.note = note  # e.g. why the game ended
        self.offer = offer  # after a tutorial: the game to play for real against easy
        self.you = you  # the seat the verdict speaks to (a tutorial's learner)

    def compose(self) -> ComposeResult:
        with Vertical(id="end", classes="" if self.details is None else "detailed"):
            yield Label(_("{game}: game over").format(game=self.rules.title), id="end-title")
            yield Static(verdict(self.names, self.outcome, self.you), id="verdict")
            if self.note:
                yield Static(self.note, id="end-note")
            yield Static(score_table(self.names, self.outcome, self.headings), id="scores")
            if self.details is not None:
                yield Static(self.details, id="details")
            with Horizontal(id="end-buttons"):
                if self.offer is not None:
                    # TRANSLATORS: {bot} is a bot's name (easy), kept as it is
                    said = _("Play a real game against {bot} (e)").format(bot=REAL_BOT)
                    yield Button(said, id="real", variant="success")
                yield Button(_("Watch the replay (w)"), id="watch", variant="primary")
                yield Button(_("New game (n)"), id="new")
                yield Button(_("Menu (m)"), id="menu")

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit_buttons)  # once the panel's width is known

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_buttons)

    def fit_buttons(self) -> None:
        """The buttons in one row where they fit, else in two (each whole: a tutorial's offer
        and the German words are longer than 80 columns hold in one row)."""
        row = self.query_one("#end-buttons", Horizontal)
        room = row.size.width
        buttons = list(row.query(Button))
        if room <= 0:
            return
        two = buttons_width(buttons) > room
        row.set_class(two, "-two-rows")
        if two:  # each column as wide as its widest button (grid's auto cuts the labels)
            widths = [max(button_width(b) for b in buttons[c::2]) for c in (0, 1)]
            row.styles.grid_columns = " ".join(str(w + 1) for w in widths)

    class WatchReplay(Message):
        """Rewind the game just played."""

        def __init__(self, session: Session) -> None:
            super().__init__()
            self.session = session

    class NewGame(Message):
        """Set up another game."""

    class PlayReal(Message):
        """After a tutorial: the real game it taught, you against the easy bot."""

        def __init__(self, offer: RealGame) -> None:
            super().__init__()
            self.offer = offer

    class Menu(Message):
        """Back to the menu."""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "watch": self.action_watch,
            "new": self.action_new_game,
            "menu": self.action_menu,
            "real": self.action_play_real,
        }
        if event.button.id in actions:
            actions[event.button.id]()

    def action_watch(self) -> None:
        self.post_message(self.WatchReplay(self.session))

    def action_new_game(self) -> None:
        self.post_message(self.NewGame())

    def action_play_real(self) -> None:
        if self.offer is not None:
            self.post_message(self.PlayReal(self.offer))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offer is not None if action == "play_real" else True

    def action_menu(self) -> None:
        self.post_message(self.Menu())

    def action_review(self) -> None:
        from tui.screens.review import ReviewScreen

        session = self.session
        kept = replay_path_of(session)
        self.app.push_screen(ReviewScreen(session.rules, session.envelopes, self.names, kept))

    def action_export(self) -> None:
        path = replay_path_of(self.session)
        stem = path.stem if path is not None else "-".join(self.names) or "game"
        envelopes = list(self.session.envelopes)
        ask_export(self.app.push_screen, self.notify, envelopes, stem, chat_heard(self.session))

    def action_close(self) -> None:
        self.dismiss(None)
