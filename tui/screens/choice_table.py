"""A table whose commands are built by choices from a list: a verb key, then its questions
(:mod:`tui.screens.choice_tree`), answered with the arrows and ``enter`` or a digit.

Only what the rules allow now is offered; a verb key that cannot act now says why in one line
(``explain``). ``escape`` asks the previous question again; a refused command leaves the choices
as they were. The game's screen gives its verbs (``VERB``, keys from :func:`verb_bindings`),
builds its ``turn`` in ``refresh_table`` and ends it with :meth:`ChoiceTableScreen.ask`, and says
what its board points at (``show_board``), what the acting player is asked (``turn_prompt``) and
why a verb cannot act now (``explain``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.actions import parse
from textual.binding import Binding
from textual.reactive import var
from textual.widgets import OptionList

from core import language
from core.language import N_, Translator
from core.messages import Command
from core.session import Session
from tui.screens.choice_tree import Choice, Option, SeatTurn, Value, Verb
from tui.screens.table import TableScreen
from tui.widgets.choices import ChoiceList, Row
from tui.widgets.text_line import TextLine

DIGITS = 9  # the options 1…9 have a digit key

TurnT = TypeVar("TurnT", bound=SeatTurn)


def verb_bindings(verbs: Sequence[Verb], explained: Sequence[Verb] | None = None) -> list[Binding]:
    """A key per verb, then a silent fallback that says why it cannot act now (for each verb of
    ``explained``, by default all)."""
    keys = [Binding(v.key, f"verb('{v.action}')", v.title, tooltip=v.tooltip) for v in verbs]
    fallbacks = verbs if explained is None else explained
    keys += [Binding(v.key, f"explain('{v.action}')", show=False) for v in fallbacks]
    return keys


T = Translator("app")
_ = T.gettext

CHOICE_BINDINGS = [  # after the verbs: the digits choose, escape goes back
    Binding(
        "1",
        "choose(0)",
        N_("Choose"),
        key_display="1…9",
        tooltip=N_("Choose option 1…9 of the list"),
    ),
    *[Binding(str(i + 1), f"choose({i})", N_("Choose"), show=False) for i in range(1, DIGITS)],
    Binding("full_stop", "type_key('.')", show=False),  # in a place's name: site 1.3
    Binding("escape", "back", N_("Back"), tooltip=N_("Undo the last choice (back to the verbs)")),
]


class ChoiceTableScreen(TableScreen, Generic[TurnT]):
    """A game table played by choosing a verb, then answering its questions from a list."""

    AUTO_FOCUS = "#choices"
    VERB: ClassVar[Mapping[str, Verb]] = {}  # the game's verbs by action

    verb: var[str | None] = var(None)  # the command being built, by verb action
    picks: var[tuple[Value, ...]] = var(())  # its values chosen so far

    turn: TurnT  # the acting seat's options in the shown state (the game's screen builds it)

    def __init__(self, session: Session, *, reveal_pace: float = 0.0) -> None:
        super().__init__(session, reveal_pace=reveal_pace)
        self.choice: Choice | None = None  # the question the list shows (None: the verbs)
        self._rows: list[Verb | int] = []  # what each row of the list stands for
        self._enabled_keys: tuple[bool, ...] = ()
        self._lines: dict[str, TextLine] = {}
        self.typed = ""  # the start of a place's name typed so far (``1.`` of site 1.3)

    # -- hooks for the game's screen ----------------------------------------------------------

    def show_board(self) -> None:
        """Show what the verb being built and the highlighted option point at."""

    def question(self, choice: Choice) -> str:
        """The words above the options of ``choice``."""
        return choice.stage.question

    def turn_prompt(self, seat: int) -> Text:
        """What the acting ``seat`` is asked to do now (above the list)."""
        return Text.from_markup(f"[b]{self.names[seat]}[/b]")

    def refusal(self, option: Option) -> str:
        """The note for a greyed option chosen anyway."""
        return f"✗ {option.label.split(' ')[0]} {option.reason}"

    async def choose_verb(self, verb: Verb) -> None:
        """A verb's key or row: ask its questions, or say why it cannot act now."""
        if self.turn.can(verb):
            await self._open(verb)
        else:
            await self.action_explain(verb.action)

    async def explain(self, seat: int, action: str) -> None:
        """Why the verb ``action`` cannot act now for ``seat``, in ``note``."""
        self.note = _("✗ Not possible now.")

    # -- what is being built ------------------------------------------------------------------

    @property
    def choices(self) -> ChoiceList:
        return self.query_one(ChoiceList)

    @property
    def building(self) -> Verb | None:
        """The verb whose command is being built, if any."""
        return self.VERB.get(self.verb) if self.verb else None

    def kept_verb(self, seat: int | None) -> Verb | None:
        """The verb being built, if it still stands for the acting ``seat`` (call once per
        new state: it also notes whose turn it is)."""
        verb = self.building
        if self.turn_passed(seat) or (verb is not None and not self.turn.can(verb)):
            return None
        return verb

    def ask(self, verb: Verb | None) -> None:
        """Show ``verb``'s next question (its picks kept while they still fit) or the verbs."""
        picks = self.picks if verb is not None and self.turn.remaining(verb, self.picks) else ()
        self.set_reactive(ChoiceTableScreen.verb, verb.action if verb else None)
        self.set_reactive(ChoiceTableScreen.picks, picks)
        self._show_choices()

    def _show_choices(self) -> None:
        """The list (verbs, or the next question), the board's marks, the prompt, the keys."""
        turn = self.turn
        verb = self.building
        self.choice = turn.choice(verb, self.picks) if verb is not None else None
        self.typed = ""
        if turn.seat is None:
            self._rows = []
            self.choices.clear(self._waiting())
        elif self.choice is None:
            listed = turn.verb_rows()
            self._rows = [verb for verb, _, _ in listed]
            rows = [Row(verb.key, text, not why, why) for verb, text, why in listed]
            self.choices.offer(_("What now?"), rows)
        else:
            options = self.choice.options
            self._rows = list(range(len(options)))
            keyed = self.keyed
            keys = [
                o.key if keyed else str(i + 1) if i < DIGITS else "" for i, o in enumerate(options)
            ]
            rows = [
                Row(k, o.label, o.enabled, o.reason) for k, o in zip(keys, options, strict=True)
            ]
            self.choices.offer(self.question(self.choice), rows)
        self.show_board()
        self.show_prompt(self._prompt())
        self._refresh_keys()
        self.narrate()  # a tutorial's keys follow the question shown

    @property
    def keyed(self) -> bool:
        """Whether the question's answers are named by keys of their own (places: camp 2,
        site 1.3), typed instead of counted, so a key never shifts when an earlier place goes."""
        choice = self.choice
        if choice is None or choice.stage.key is None:
            return False
        return all(o.key for o in choice.options)  # answers of other kinds: counted 1…9

    def show_prompt(self, text: Text) -> None:
        """Put ``text`` on the prompt line (a game may let it wrap)."""
        self._line("#prompt").text = text

    def highlighted(self) -> Value | None:
        """The value of the option the list highlights, if it shows a question."""
        index = self.choices.highlighted
        if self.choice is None or index is None or not 0 <= index < len(self.choice.options):
            return None
        return self.choice.options[index].value

    def _line(self, selector: str) -> TextLine:
        """One of the table's lines (looked up once)."""
        found = self._lines.get(selector)
        if found is None:
            found = self._lines[selector] = self.query_one(selector, TextLine)
        return found

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlight_moved(self) -> None:
        self.show_board()

    def _waiting(self) -> str:
        if self.ended:
            return _("Game over")
        if self.revealing:
            return "…"
        return ""

    def _prompt(self) -> Text:
        state, seat = self.state, self.turn.seat
        if state is None:
            return Text("")
        if seat is not None:
            return self.turn_prompt(seat)
        if self.ended:
            return Text.from_markup(
                _("[b]Game over[/b]: [b]o[/b] shows the scores, [b]q[/b] leaves")
            )
        waiting = list(self.rules.to_move(state))
        who = language.listed([self.names[s] for s in waiting]) or _("The table")
        if self.revealing:
            return Text.from_markup(f"[b]{who}[/b]…")
        where = _("a bot") if self.session.status == "local" else _("at another terminal")
        return Text.from_markup(
            _("[b]{player}[/b] to play [dim]({where})[/dim]").format(player=who, where=where)
        )

    def _refresh_keys(self) -> None:
        """Refresh the footer, only when what the keys can do has changed (it is rebuilt)."""
        shown = [b for b in self.BINDINGS if isinstance(b, Binding) and b.show]
        enabled = tuple(bool(self.check_action(*_parse(b.action))) for b in shown)
        if enabled != self._enabled_keys:
            self._enabled_keys = enabled
            self.refresh_bindings()

    def asked_commands(self, seat: int) -> list[Command]:
        """While a verb's questions are asked, the commands of that verb only."""
        verb = self.building
        commands = super().asked_commands(seat)
        if verb is None:
            return commands
        return [c for c in commands if isinstance(c, verb.kind)] or commands

    def asked_question(self, seat: int) -> str:
        if self.choice is not None:
            return f"{self.names[seat]}: {self.question(self.choice)}"
        return super().asked_question(seat)

    def answer_keys(self) -> dict[str, str]:
        """Each verb's key, by the kind of command it makes (the first verb of a kind)."""
        keys: dict[str, str] = {}
        for verb in self.VERB.values():
            keys.setdefault(verb.kind.TAG, verb.key)
        return keys

    def keys_for(self, command: Command) -> str:
        """The keys that build ``command`` from the question shown now (its verb's letter,
        then each answer's digit or name): ``m 2`` (a tutorial's panel shows them)."""
        path = key_path(self.turn, command, self.building, self.picks)
        if path is None and self.building is not None:  # another answer was chosen: back first
            path = key_path(self.turn, command)
            path = ["esc" * bool(self.picks) or "esc", *path] if path is not None else None
        return " ".join(path) if path is not None else ""

    # -- which keys act now ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "verb":
            verb = self.VERB.get(str(parameters[0])) if parameters else None
            return verb is not None and self.turn.can(verb)
        if action == "choose":
            index = parameters[0] if parameters else 0
            if self.keyed:
                return True  # a digit of a place's name (typing says when none fits)
            return isinstance(index, int) and self._enabled_row(index)
        if action == "type_key":
            return self.keyed
        if action == "back":
            return self.verb is not None
        if action == "scores":
            return self.ended and not self.revealing
        return super().check_action(action, parameters)

    def _enabled_row(self, index: int) -> bool:
        if not 0 <= index < len(self._rows):
            return False
        row = self._rows[index]
        if isinstance(row, Verb):
            return self.turn.can(row)
        return self.choice is not None and self.choice.options[row].enabled

    # -- actions --------------------------------------------------------------------------------

    async def action_verb(self, action: str) -> None:
        """A verb's key."""
        verb = self.VERB.get(action)
        if verb is not None:
            await self.choose_verb(verb)

    async def _open(self, verb: Verb) -> None:
        """Ask ``verb``'s first question (or send it at once when it has none)."""
        self.note = ""
        if not verb.stages:
            commands = self.turn.by_verb[verb.action]
            if commands:
                await self._send(commands[0])
            return
        self.verb = verb.action
        self.picks = ()
        self._show_choices()

    async def action_choose(self, index: int) -> None:
        """A digit key: row ``index`` of the list (open that verb, or answer the question with
        it), or, where answers are named by keys of their own, a digit of that name."""
        if self.keyed:
            await self.action_type_key(str(index + 1))
            return
        await self.choose_row(index)

    async def action_type_key(self, char: str) -> None:
        """One more character of a place's key (``1``, ``.``, ``3`` for site 1.3): the one
        answer it names is chosen; a key that several answers start with (camp 1 and the
        sites 1.x) highlights the first (enter chooses it) and waits for the next."""
        if self.choice is None:
            return
        typed = self.typed + char
        found = self._named(typed)
        if not found and self.typed:
            typed, found = char, self._named(char)  # a fresh start
        if not found:
            self.typed = ""
            self.note = _("✗ No answer here is named {typed}.").format(typed=typed)
            return
        options = self.choice.options
        exact = [i for i in found if _plain(options[i].key) == _plain(typed)]
        if len(found) == 1:
            self.typed = ""
            await self.choose_row(found[0])
            return
        self.typed = typed
        self.choices.highlighted = (exact or found)[0]
        first = options[(exact or found)[0]]
        self.note = _("{typed}… enter chooses {answer}, or type on").format(
            typed=typed, answer=first.label.split(":")[0]
        )

    def _named(self, typed: str) -> list[int]:
        """The answers whose key starts with ``typed`` (dots optional: 13 is site 1.3)."""
        if self.choice is None:
            return []
        want = _plain(typed)
        options = self.choice.options
        return [i for i, o in enumerate(options) if o.key and _plain(o.key).startswith(want)]

    async def choose_row(self, index: int) -> None:
        """Row ``index`` of the list: open that verb, or answer the question with it."""
        if not 0 <= index < len(self._rows):
            return
        row = self._rows[index]
        if isinstance(row, Verb):
            await self.choose_verb(row)
            return
        verb = self.building
        if verb is None or self.choice is None:
            return
        option = self.choice.options[row]
        if not option.enabled:
            self.note = self.refusal(option)
            return
        picks, command = self.turn.settle(verb, (*self.picks, option.value))
        if command is not None:
            await self._send(command)
            return
        self.picks = picks
        self._show_choices()

    @on(OptionList.OptionSelected, "#choices")
    async def _selected(self, message: OptionList.OptionSelected) -> None:
        self.typed = ""
        await self.choose_row(message.option_index)

    def action_back(self) -> None:
        """Ask the previous question again (skipping those with one answer), or leave the verb."""
        self.note = ""
        verb = self.building
        picks = self.turn.back(verb, self.picks) if verb is not None else None
        if picks is None:
            self.verb, self.picks = None, ()
        else:
            self.picks = picks
        self._show_choices()

    async def _send(self, command: Command) -> None:
        """Send the command built; the choices start afresh (the session may publish the
        outcome before ``submit`` returns), or stay as they were if it is refused."""
        verb, picks = self.verb, self.picks
        self.verb, self.picks = None, ()
        if not await self.send(self.turn.seat, command):
            self.verb, self.picks = verb, picks
            self._show_choices()

    async def action_explain(self, action: str) -> None:
        """A verb key that cannot act now: say why, in one line."""
        seat = self.turn.seat
        if seat is None:
            self.note = (
                _("Wait: it is not your turn.") if not self.ended else _("The game is over.")
            )
            return
        await self.explain(seat, action)


def key_path(
    turn: SeatTurn, command: Command, open_verb: Verb | None = None, picks: tuple[Value, ...] = ()
) -> list[str] | None:
    """The keys that build ``command`` in ``turn``: the verb's letter (none when ``open_verb``
    is its verb, asked from ``picks``), then for each question the answer's digit, or its own
    name where the answers are named (``enter`` after the arrows past the ninth); ``None``
    when no choices reach it."""
    for verb in turn.verbs():
        if command not in turn.by_verb[verb.action]:
            continue
        keys = [] if verb is open_verb else [verb.key]
        at = picks if verb is open_verb else ()
        for _ in range(len(verb.stages) + 1):
            choice = turn.choice(verb, at)
            if choice is None:
                return keys
            found = [i for i, o in enumerate(choice.options) if command in o.commands]
            if not found:
                return None
            index = found[0]
            option = choice.options[index]
            named = choice.stage.key is not None and all(o.key for o in choice.options)
            keys.append(option.key if named else str(index + 1) if index < DIGITS else
                        f"↓×{index} enter")  # fmt: skip
            at, done = turn.settle(verb, (*at, option.value))
            if done is not None:
                return keys if done == command else None
        return keys
    return None


def _plain(key: str) -> str:
    """A key as typed, dots optional: ``1.3`` and ``13`` name the same site."""
    return key.replace(".", "").lower()


def _parse(action: str) -> tuple[str, tuple[object, ...]]:
    """``"choose(0)"`` -> ``("choose", (0,))`` (as Textual reads an action)."""
    _namespace, name, parameters = parse(action)
    return name, parameters
