"""Playing Lost Ruins of Arnak: the map, the research track, the card row, the players' boards,
your hand, what can be done now, the log, and the keys of a turn.

A turn is built by choices from a list (:class:`tui.widgets.choices.ChoiceList`): a verb key
(``p`` play a card, ``d`` dig, ``x`` discover, ``o`` overcome, ``b`` buy, ``r`` research, ``a``
an assistant, ``g`` a boon, ``i`` an idol slot, ``e`` pass or end the turn), then its questions
answered with the arrows and ``enter`` or a digit. When a card, a site or a research step asks
something, the question opens by itself (``c`` opens it again after ``escape``); while it waits,
the free actions' keys still act (004: free actions also during the main action), and the
question is asked again afterwards. Only what the
rules allow now is offered; ``e`` asks first when ending would waste travel or a free action.
The map, the row and the track point (▶) at what the highlighted choice touches.

Several players at one keyboard: a cover passes the keyboard before each one's turn (the table
base), and only the looking player's hand shows.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from core.games.arnak import commands as cmd
from core.games.arnak import events as ev
from core.games.arnak import scoring
from core.games.arnak import words as W
from core.games.arnak.state import ArnakState
from core.language import N_, Translator
from core.messages import Command
from core.session import Session
from tui.games.arnak import panels
from tui.games.arnak.guided import step_focus
from tui.games.arnak.layout import MIN_SIZE, Layout, fit_table, lines, show, tall
from tui.games.arnak.summary import since_last_turn
from tui.games.arnak.turn import (
    ANSWER,
    ASSIST,
    BOON,
    BUY,
    DIG,
    DISCOVER,
    END,
    IDOL,
    OVERCOME,
    PASS,
    PLAY,
    RESEARCH,
    VERB,
    VERBS,
    Turn,
)
from tui.netplay.presence import TableWatch
from tui.screens.choice import ConfirmScreen
from tui.screens.choice_table import CHOICE_BINDINGS, ChoiceTableScreen, verb_bindings
from tui.screens.choice_tree import Choice, Option, Verb
from tui.screens.table import CONFIRM_HINT
from tui.widgets.choices import ChoiceList
from tui.widgets.event_log import EventLog
from tui.widgets.key_footer import KeyFooter
from tui.widgets.table_header import TableHeader
from tui.widgets.text_line import TextLine

DIGITS = 9
LOG_ROOM = 2  # the fewest lines the log keeps beside the hand
PASS_QUESTION = N_(
    "Pass? Your round ends now (free actions may still follow this turn; you can keep leftover "
    "cards for the next round)."
)
SCORE_PARTS = {  # the end screen's headings for the parts of a score
    # TRANSLATORS: the end screen's headings, two lines of at most 9 characters each
    "research": N_("Research"),
    "temple_tiles": N_("Temple\ntiles"),
    "idols": N_("Idols"),
    "guardians": N_("Guard-\nians"),
    "items_and_artifacts": N_("Items &\nartifacts"),
    "fear": N_("Fear"),
    "total": N_("Total"),
}
DRAMATIC = (ev.RoundEnded, ev.RowRefilled)
REASONS = {  # why a verb's key cannot act now, in a line
    "answer": N_("Nothing is asked now."),
    "play": N_("No card in your hand can be played now."),
    "dig": N_("No free space you can pay the travel to (or both archaeologists are out)."),
    "discover": N_("No undiscovered site you can pay the compasses and travel for."),
    "overcome": N_("No guardian where your archaeologists stand that you can pay for."),
    "buy": N_("No card in the row you can pay for."),
    "research": N_("No research step you can pay for."),
    "assistant": N_("No ready assistant."),
    "boon": N_("No unused guardian boon."),
    "idol": N_("No idol in your crates or no empty slot."),
    "end_turn": N_("Take a main action (or pass) before ending the turn."),
}

_ = Translator("arnak").gettext


class ArnakScreen(ChoiceTableScreen[Turn]):
    """A game of Lost Ruins of Arnak as one keyboard plays it."""

    CSS_PATH = "arnak.tcss"
    VERB = VERB
    DRAMATIC = DRAMATIC
    SCORE_PARTS = SCORE_PARTS
    MIN_SIZE = MIN_SIZE
    SHORT_TITLE = "Arnak"
    NOTE_LINES = 2  # a hint with a payment in words ("+2 compasses") takes two lines
    FOOTER_LEAVES_OUT = ("hint", "scroll_log", "toggle_scores", "choose", "back", "undo")
    BINDINGS: ClassVar[list[BindingType]] = [
        *verb_bindings(VERBS, [v for v in VERBS if v not in (PASS, END)]),
        Binding("e", "explain('end_turn')", show=False),
        *CHOICE_BINDINGS,
        Binding("s", "toggle_scores", N_("Score"), tooltip=N_("Show or hide the score so far")),
        Binding("o", "scores", N_("Scores"), show=False, tooltip=N_("Show the final scores again")),
        Binding("t", "type_key('t')", show=False),  # the temple, in a research list
        Binding("0", "type_key('0')", show=False),  # none, in a list of places
        Binding(
            "left_square_bracket",
            "scroll_log(-3)",
            N_("Log"),
            key_display="[ ]",
            tooltip=N_("Scroll the log back ([) and forward (])"),
        ),
        Binding("right_square_bracket", "scroll_log(3)", show=False),
        Binding(
            "m",
            "more",
            N_("More"),
            tooltip=N_(
                "The whole table in words: the track, the row's effects, every board, the log"
            ),
        ),
        Binding("q", "leave", N_("Leave"), tooltip=N_("Leave the game (it stays saved)")),
    ]

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__(session, reveal_pace=reveal_pace)
        self.seen: ArnakState | None = None  # the state through the viewer's eyes
        self.turn = Turn(self.rules, self._blank_state(), None, names=tuple(self.names))
        self.show_score = False
        self._warned_small = True  # the table itself says the size it needs (``_fit``)
        self._painted: dict[str, object] = {}  # what each panel shows now (see ``show_board``)
        self._tall: dict[str, int] = {}  # how many lines each panel takes now
        self._summary: tuple[object, str] = (None, "")  # the others' turns, for (seat, events)
        self._passed = False  # this keyboard's last command was a pass
        self._top: Widget | None = None  # the map and the track's row
        self._details_for: tuple[object, int] = (None, 0)  # a question, its details' lines
        self._noted = 1  # the note's lines (a long hint takes two)

    @property
    def state(self) -> ArnakState | None:
        """The position after the events shown, as the base table folds it."""
        state: ArnakState | None = self._follower.state
        return state

    def _blank_state(self) -> ArnakState:
        state: ArnakState = self.rules.initial(self.rules.config(len(self.names)))
        return state

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TableHeader()
        yield Static("", id="small")
        with Vertical(id="table"):
            yield TextLine(id="status")
            with Horizontal(id="top"):
                yield TextLine(id="map")
                yield TextLine(id="research")
            yield TextLine(id="row")
            yield TextLine(id="players")
            yield TextLine(id="prompt")
            with Horizontal(id="middle"):
                with Vertical(id="desk"):
                    yield ChoiceList(id="choices")
                    yield TextLine(id="cards")  # the hand, where the side has no room to word it
                    yield TextLine(id="note")
                with Vertical(id="side"):
                    yield TextLine(id="details")
                    yield TextLine(id="hand")
                    yield EventLog(id="log")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.title = f"{self.rules.title} — {', '.join(self.names)}"
        self.follow_session()
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        """Too small a terminal: say the size needed instead of a garbled table, and show the
        table again as soon as it fits; any size it fits lays the panels out anew."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        layout = self._layout(width, height)
        small = fit_table(self, layout)
        self.set_class(layout.compact, "-compact")  # the list loses its box
        self.query_one(EventLog).display = not layout.tiny  # in the pane (m)
        if not small:
            self._painted.clear()
            self.show_board()

    def _layout(self, width: int, height: int) -> Layout:
        """How the panels share a terminal of this size (a networked table keeps its header)."""
        return Layout(width, height, club=isinstance(self.session, TableWatch))

    # -- showing ------------------------------------------------------------------------------

    def refresh_table(self) -> None:
        """The state changed: recompute what the acting seat may do and show everything."""
        if self.state is None:
            return
        seat = self.acting_seat()
        self.seen, acting, cover = self.follow_hotseat(seat)
        self.turn = Turn(
            self.rules, acting, seat if not self.covered else None, names=tuple(self.names)
        )
        verb = self.kept_verb(seat)
        if self.turn.asking:
            if verb is None or verb is not ANSWER:
                verb = ANSWER
                self.set_reactive(ArnakScreen.picks, ())
        elif verb is ANSWER:
            verb = None
        self.ask(verb)
        if cover is not None:
            self.cover_for(cover)
        else:
            self._end_if_nothing_left()

    def sent(self, command: Command) -> None:
        """A pass this keyboard sent: its turn ends by itself once nothing else can be done
        (the session may have shown the pass's outcome already)."""
        self._passed = isinstance(command, cmd.Pass)
        self._end_if_nothing_left()

    def _end_if_nothing_left(self) -> None:
        if self._passed and not self.covered and self.turn.commands == [cmd.EndTurn()]:
            self._passed = False  # passed, and nothing is left to do: the turn ends by itself
            self.run_worker(self._open(END))

    def secret_now(self) -> bool:
        """Hands are secret all game long."""
        return True

    def cover_reason(self) -> str:
        state = self.state
        if state is not None and state.stack and state.stack[-1].key == "keep":
            return "round's end (keep or put away your leftover cards)"  # a key  # internal
        return "turn"

    def question(self, choice: Choice) -> str:
        """The list's title: the question (an effect's, when it fits the box; the prompt
        line above always says it whole)."""
        if choice.verb is not ANSWER:
            return _(choice.stage.question)
        asked = self.turn.question()
        room = self.query_one("#desk").size.width - 6
        return asked if len(asked) <= room else _("Your answer")

    def guided_focus(self) -> set[str]:
        """Where a tutorial's step waiting for this keyboard points (nothing at a real game)."""
        said = self.guide
        return step_focus(said.expected) if said is not None and said.mine else set()

    def show_board(self) -> None:
        """Paint the panels whose inputs changed (a key that only moves the highlight repaints
        the map, the track, the row and the details; one that opens a question, usually
        nothing); each panel as tall as its text at this terminal's size."""
        seen = self.seen
        if seen is None or not self.is_mounted:
            return
        size = self.app.size
        fit = self._layout(size.width, size.height)
        value = self.highlighted()
        focus = self.turn.focus(self.building, self.picks, value) | self.guided_focus()
        names = self.names
        scores = tuple(self._scores()) if self.show_score else ()
        looking = None if self.covered else self.viewer
        shown = self._painted
        key = (id(seen), self.shown, fit)
        if shown.get("state") != key:
            shown.clear()
            shown["state"] = key
            self._line("#status").text = panels.status(seen, names, fit.width - 2)
        on_map = {f for f in focus if f[:1] in ("C", "L")}
        on_track = {f for f in focus if f.isdigit()}
        in_row = {f for f in focus if f[:1] in ("i", "a") and f[1:].isdigit()}
        heights = self._tall
        if fit.swap:
            self._tiny_top(seen, on_map, on_track, fit)
        elif shown.get("map") != on_map or shown.get("track") != on_track:
            if shown.get("map") != on_map:
                shown["map"] = on_map
                board = panels.map_text(seen, names, on_map, fit.text_width("map"), fit.map_columns)
                heights["map"] = lines(board)
                self._line("#map").text = board
            if shown.get("track") != on_track:
                shown["track"] = on_track
                track = panels.research_text(seen, names, on_track, fit.text_width("research"))
                heights["track"] = lines(track)
                self._line("#research").text = track
            heights["top"] = top = max(heights["map"], heights["track"])
            tall(self._line("#map"), top)
            tall(self._line("#research"), top)
            if self._top is None:
                self._top = self.query_one("#top")
            tall(self._top, top)
        if shown.get("row") != in_row:
            shown["row"] = in_row
            if fit.compact:  # below 40 rows: name, price and VP (the details say the rest)
                text = panels.row_brief(seen, in_row, fit.text_width("row"), tail=not fit.tiny)
            else:
                text = panels.row_text(seen, in_row, fit.text_width("row"))
            heights["row"] = lines(text)
            show(self._line("#row"), text)
        if fit.tiny:
            scores = tuple(self._scores())
        if shown.get("scores") != (scores, looking):
            shown["scores"] = (scores, looking)
            width = fit.text_width("players")
            if fit.tiny:
                text = panels.scores_line(seen, names, scores, width)
                if looking is not None:
                    own = panels.player_line(seen, names, looking, (), False, track=True)
                    text = Text("\n").join([text, *panels.wrap(own, width)])
            else:
                text = panels.players_text(seen, names, scores, width, track=fit.swap)
            heights["players"] = lines(text)
            show(self._line("#players"), text)
        details = self._details(value)
        if shown.get("details") != details:
            shown["details"] = details
            text = panels.details_text(details, fit.text_width("details"))
            show(self._line("#details"), text, self._details_height(fit, lines(text)))
        room = self._room(fit)
        desk = self._hand_in_desk(fit, seen, looking, room)
        middle = self._middle(fit)
        noted = self._note_lines() if self.note else 0
        if shown.get("looking", -1) != (looking, middle, desk, noted):
            shown["looking"] = (looking, middle, desk, noted)
            listed = self.query_one("#choices")
            if listed.display == desk:  # the list gives the hand its place, or takes it back
                listed.display = not desk
                if not desk:
                    listed.focus()
            cards = self._line("#cards")
            cards.display = desk
            self.query_one("#note").display = bool(noted) or not desk  # its line, when it speaks
            if desk and looking is not None:
                rows = middle - noted
                width = fit.text_width("desk")
                # its title when there is room (the prompt says whose turn, the status travel)
                titled = panels.hand_worded(seen, looking, width, rows - 1) or not (
                    panels.hand_worded(seen, looking, width, rows)
                )
                cards.text = panels.hand_text(
                    seen, names, looking, width, rows - int(titled), title=titled
                )
                show(self._line("#hand"), Text(""), 0)
            else:
                text = panels.hand_text(seen, names, looking, fit.text_width("hand"), room)
                show(self._line("#hand"), text)

    @property
    def _table(self) -> Widget:
        """The table (hidden while the terminal is too small for it)."""
        return self.query_one("#table")

    def watch_note(self, note: str) -> None:
        """A refusal or a hint takes its line back from the hand (which is laid out anew)."""
        super().watch_note(note)
        if not self.is_mounted:
            return
        line = self._line("#note")
        width = line.size.width or self.app.size.width
        tall(line, 2 if len(note) > width else 1)  # a long hint or refusal wraps, never cut
        self._noted = 2 if len(note) > width else 1
        if self._line("#cards").display:
            self.show_board()

    def _tiny_top(
        self, seen: ArnakState, on_map: set[str], on_track: set[str], fit: Layout
    ) -> None:
        """Below 150×46 the map alone, or the research track in its place while a research
        question is open (the places the question offers are always on screen): at 80×24
        three sites a line and the track's rows in shorthand, from 100×30 with the map's title,
        two sites a line and the track in words."""
        track = bool(on_track) or self.building is RESEARCH
        key = (track, frozenset(on_track if track else on_map))
        if self._painted.get("tiny") == key:
            return
        self._painted["tiny"] = key
        width = fit.text_width("map")
        worded = None if not fit.tiny else False
        if track:
            board = panels.research_text(seen, self.names, on_track, width, worded=worded)
        else:
            columns, title = fit.map_columns, not fit.tiny
            board = panels.map_text(
                seen, self.names, on_map, width, columns, title=title, one_line=fit.tiny
            )
        self._tall["top"] = top = lines(board)
        self._line("#map").text = board
        tall(self._line("#map"), top)
        if self._top is None:
            self._top = self.query_one("#top")
        tall(self._top, top)

    def _note_lines(self) -> int:
        """The lines the note (a hint, a refusal) takes now."""
        return self._noted

    def _hand_in_desk(self, fit: Layout, seen: ArnakState, looking: int | None, room: int) -> bool:
        """Whether the hand takes the list's place, each card's effect in words: at 30-odd
        rows, while no verb is open (the prompt then names the verbs' keys) or while the others
        play (the list is empty then), when the side's room would say the hand only in
        shorthand or by names (3 or 4 players at 100×30)."""
        if not fit.compact or looking is None or self.ended:
            return False
        if self.turn.seat is not None and (self.building is not None or self.turn.asking):
            return False
        return not panels.hand_worded(seen, looking, fit.text_width("hand"), room)

    def _details_height(self, fit: Layout, needed: int) -> int:
        """The details pane's lines: at least the layout's room for it, else the most any
        answer highlighted in this list needed, so opening a list or moving the highlight
        back and forth lays nothing out anew (the pane only grows while a list is shown)."""
        least = fit.details_room
        choice = self.choice
        if choice is None:
            return max(needed, least)
        was = self._details_for[1] if self._details_for[0] is choice else least
        tallest = max(needed, was)
        self._details_for = (choice, tallest)
        return tallest

    def _room(self, fit: Layout) -> int:
        """The lines the hand's cards may take: the middle's, less a few lines for the details
        (the same whatever is highlighted, so the hand is not laid out anew at each key) and
        for the log (the title, its own line, is not counted)."""
        log = 0 if fit.tiny else LOG_ROOM  # at 80×24 the log is in the pane (m)
        return max(2, self._middle(fit) - fit.details_room - log - 1)

    def _middle(self, fit: Layout) -> int:
        """The lines between the prompt and the footer."""
        heights = self._tall
        used = int(fit.header) + 1 + heights.get("top", 0) + heights.get("row", 0)
        used += heights.get("players", 0) + heights.get("prompt", 1) + 1  # and the footer
        return fit.height - used

    def show_prompt(self, text: Text) -> None:
        """The prompt, on as many lines as it wraps to (at most 3)."""
        width = max(self.app.size.width - 2, 10)
        wrapped = len(text.wrap(self.app.console, width)) if text.cell_len > width else 1
        show(self._line("#prompt"), text, min(wrapped, 3))
        if self._tall.get("prompt", 1) != min(wrapped, 3):
            self._tall["prompt"] = min(wrapped, 3)
            self.show_board()  # the hand's room changed with the prompt's lines

    def _details(self, value: object) -> str:
        """The words of the highlighted answer (the site, card, row… it names), or, at the
        verbs, what the others did since this player's last turn."""
        if self.building is not None:
            return self.turn.details(self.building, self.picks, value)
        seat = self.turn.seat
        if seat is None:
            return ""
        key = (seat, self.shown)
        if self._summary[0] != key:
            said = self.query_one(EventLog).said()
            envelopes = self.session.envelopes[: self.shown]
            self._summary = (key, since_last_turn(envelopes, said, self.names, seat))
        return self._summary[1]

    def _scores(self) -> list[int]:
        """Each player's points so far: every card bought is public, so the totals are too
        (a networked seat's state counts only the cards it has seen)."""
        state = self.state
        assert state is not None
        return [sum(scoring.parts(state, seat).values()) for seat in range(state.players)]

    def turn_prompt(self, seat: int) -> Text:
        state = self.turn.state
        verb = self.building
        name = self.names[seat]
        if verb is not None and verb is not ANSWER:
            choice = self.choice
            asked = _(choice.stage.question) if choice is not None else "?"
            picked = self.turn.picked(verb, self.picks)[: -len("?")] if self.picks else ""
            out = Text.from_markup(f"[b]{name}[/b] · [dim]{_(verb.title)}:[/dim] {picked}")
            out.append(asked, "bold")
            if self.keyed:
                places = [("2", W.site_name("C2")), ("1.3", W.site_name("L1.3"))]
                places.append(("4", _("row {n}").format(n=4)))
                examples = ", ".join(f"{key} {name}" for key, name in places)
                said = _("type a place's name: {examples}").format(examples=examples)
                out.append(f"  ({said})", "dim")
            return out
        if self.turn.asking:
            free = " ".join(v.key for v in VERBS if v is not ANSWER and self.turn.can(v))
            out = Text.from_markup(f"[b]{name}[/b] · ")
            out.append(self.turn.question(), "bold")
            if free:
                keys = _("  (↑↓ enter or a key; or first a free action ({keys}))")
                out.append(keys.format(keys=free), "dim")
            else:
                out.append(_("  (↑↓ enter or a key)"), "dim")
            return out
        if self._line("#cards").display:  # the hand has the list's place: its verbs here
            return self._verbs_prompt(name)
        main = (
            _("free actions, then [b]e[/b] ends the turn")
            if state.main_done
            else _("one main action (or [b]e[/b] passes), free actions any time")
        )
        return Text.from_markup(f"[b]{name}[/b]: {main}")

    def _verbs_prompt(self, name: str) -> Text:
        """The prompt where the hand hides the list of verbs: the same words, with the keys of
        what can be done now (``Red: one main action (p play, d dig, b buy) or e passes, free
        actions any time (a assistant)``)."""
        turn = self.turn

        def keys(verbs: tuple[Verb, ...]) -> str:
            """`` (p play, d dig)``: the keys of ``verbs`` that act now, in markup."""
            said = [v for v in verbs if turn.can(v)]
            listed = ", ".join(f"[b]{escape(v.key)}[/b] {escape(_(v.title).lower())}" for v in said)
            return f" ({listed})" if said else ""

        main = keys((PLAY, DIG, DISCOVER, OVERCOME, BUY, RESEARCH))
        free = keys((ASSIST, BOON, IDOL))
        out = Text.from_markup(f"[b]{name}[/b]: ")
        if turn.state.main_done:
            now = keys((PLAY, DIG, DISCOVER, OVERCOME, BUY, RESEARCH, ASSIST, BOON, IDOL))
            # TRANSLATORS: {keys} is a list of keys in brackets (" (p play, a assistant)"), or
            # nothing; keep [b]e[/b]
            said = _("free actions, then [b]e[/b] ends the turn{keys}").format(keys=now)
            return out.append_text(Text.from_markup(said))
        # TRANSLATORS: {main} and {free} are lists of keys in brackets (" (p play, d dig)"),
        # or nothing; keep [b]e[/b]
        said = _("one main action{main} or [b]e[/b] passes, free actions any time{free}")
        return out.append_text(Text.from_markup(said.format(main=main, free=free)))

    # -- which keys act now ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_scores":
            size = self.app.size
            tiny = self._layout(size.width, size.height).tiny  # the scores are always shown
            return self.state is not None and not self.ended and not tiny
        if action == "scroll_log":
            size = self.app.size
            return not self._layout(size.width, size.height).tiny  # the log is in the pane
        if action == "more":
            return self.seen is not None
        if action == "choose" and self._line("#cards").display and self._table.display:
            return False  # the hand has the list's place: the verbs' own keys act
        return super().check_action(action, parameters)

    # -- actions --------------------------------------------------------------------------------

    async def choose_verb(self, verb: Verb) -> None:
        """Passing and ending the turn may ask first; any other verb asks its questions."""
        if not self.turn.can(verb):
            await self.action_explain(verb.action)
        elif verb is PASS:
            self.action_pass_round()
        elif verb is END:
            self.action_end_turn()
        else:
            await self._open(verb)

    def action_pass_round(self) -> None:
        """Pass: asked first only when a main action is still open (unless confirm = false)."""
        if not self.settings.confirm or not self.turn.could_act() or self.guided(cmd.Pass()):
            self.run_worker(self._open(PASS))
            return
        question = _(PASS_QUESTION)
        self.app.push_screen(ConfirmScreen(question, hint=CONFIRM_HINT), self._confirmed(PASS))

    def action_end_turn(self) -> None:
        wasted = self.turn.wasted() if self.settings.confirm else []
        if not wasted or self.guided(cmd.EndTurn()):  # a tutorial's step asks for it: no question
            self.run_worker(self._open(END))
            return
        question = _("End the turn? Still unused: {wasted}.").format(wasted="; ".join(wasted))
        self.app.push_screen(ConfirmScreen(question, hint=CONFIRM_HINT), self._confirmed(END))

    def _confirmed(self, verb: Verb) -> Callable[[bool | None], Awaitable[None]]:
        """What a yes to the question before ``verb`` does: the verb, if still possible."""

        async def done(yes: bool | None) -> None:
            if yes and self.turn.can(verb):
                await self._open(verb)

        return done

    def action_scroll_log(self, lines: int) -> None:
        """``[`` shows older lines of the log, ``]`` newer ones (back to the newest)."""
        self.query_one(EventLog).scroll_lines(lines)

    def action_more(self) -> None:
        """The pane with what the table leaves out at this size (all of it, in words)."""
        from tui.games.arnak.more import MoreScreen, sections

        seen = self.seen
        if seen is None:
            return
        log = self.query_one(EventLog).shown()
        width = max(self.app.size.width - 6, 40)
        parts = sections(seen, self.names, tuple(self._scores()), log, width)
        self.app.push_screen(MoreScreen(parts))

    def action_toggle_scores(self) -> None:
        self.show_score = not self.show_score
        self.show_board()

    def refusal(self, option: Option) -> str:
        return f"✗ {option.label.split(' · ')[0]}: {option.reason}"

    async def explain(self, seat: int, action: str) -> None:
        """A verb key that cannot act now: say why, in one line."""
        state = self.turn.state
        if self.turn.asking and action != "answer":
            self.note = "✗ " + _("Answer first: {question} (c shows it)").format(
                question=self.turn.question()
            )
            return
        if state.main_done and action in ("dig", "discover", "overcome", "buy", "research"):
            self.note = "✗ " + _(
                "This turn's main action is taken: free actions, then e ends the turn."
            )
            return
        self.note = "✗ " + _(REASONS.get(action, N_("Not possible now.")))
