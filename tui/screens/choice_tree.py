"""Building a command by a few choices: a verb, then its questions, each answered from a list.

For games whose commands have several parts ("pick a card, then its target, then how to pay"):
the acting seat's legal commands are grouped by verb (a kind of command), and each question
(:class:`Stage`) settles one part, offering exactly the distinct values the legal commands still
allow after the earlier choices. So nothing illegal can be chosen and every legal command can be
reached; the rules decide everything, a game's presenter only words the choices.

A game subclasses :class:`ChoiceTree` with its verbs (``VERBS``) and its legal ``commands``
(:class:`SeatTurn`: those of the acting seat in one state, read from the rules);
:class:`tui.widgets.choices.ChoiceList` shows the verbs or one question's answers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from core.messages import Command
from core.protocol import Rules

Value = Hashable


@dataclass(frozen=True)
class Option:
    """One answer to a stage's question: its value, its words, and the legal commands that
    remain once it is chosen (none for an answer listed but not possible now: ``reason``)."""

    value: Value
    label: str
    commands: tuple[Command, ...]
    reason: str = ""
    key: str = ""  # the key that names it (a place's own name), if its stage names keys

    @property
    def enabled(self) -> bool:
        return bool(self.commands)


@dataclass(frozen=True)
class Stage:
    """One question of a verb: which part of the command it settles, and how to word it."""

    question: str
    value: Callable[[Any], Value]
    label: Callable[[Any, Any], str]  # (the game's tree, a command with that value) -> words
    short: Callable[[Any, Any], str] | None = None  # the same in a few words, once chosen
    blank: Value = None  # the value that means the question does not apply (no copy, say)
    key: Callable[[Any, Any], str] | None = None  # the key that names an answer (``1.3``)
    always: bool = False  # asked even with one answer (it shows a cost: one key confirms)

    def brief(self, tree: Any, command: Any) -> str:
        return (self.short or self.label)(tree, command)


@dataclass(frozen=True)
class Verb:
    """A kind of command, with its key and the questions that complete it."""

    action: str  # the screen's action and the footer's key id
    key: str
    title: str
    kind: type[Command]
    stages: tuple[Stage, ...] = ()
    tooltip: str = ""


@dataclass(frozen=True)
class Choice:
    """The question to answer now while building a command: the verb, the values chosen so far
    and the options of the next stage."""

    verb: Verb
    picks: tuple[Value, ...]
    stage: Stage
    options: tuple[Option, ...]


class ChoiceTree:
    """The acting seat's legal ``commands``, grouped by the game's ``VERBS`` and asked a stage
    at a time (cheap to query once built: one per state)."""

    VERBS: ClassVar[tuple[Verb, ...]] = ()
    commands: list[Command]

    @cached_property
    def by_verb(self) -> dict[str, list[Command]]:
        found: dict[str, list[Command]] = {verb.action: [] for verb in self.VERBS}
        for command in self.commands:
            for verb in self.VERBS:
                if isinstance(command, verb.kind):
                    found[verb.action].append(command)
        return found

    def value_of(self, stage: Stage, command: Command) -> Value:
        """The part of ``command`` that ``stage`` settles (a game may read it with the state
        at hand: the row a research space lies in, say)."""
        return stage.value(command)

    def verbs(self) -> list[Verb]:
        """The verbs with at least one legal command, in the game's order."""
        return [verb for verb in self.VERBS if self.by_verb[verb.action]]

    def can(self, verb: Verb) -> bool:
        return bool(self.by_verb[verb.action])

    def remaining(self, verb: Verb, picks: Sequence[Value]) -> list[Command]:
        """The legal commands of ``verb`` that agree with the values chosen so far."""
        out = []
        for command in self.by_verb[verb.action]:
            if all(
                self.value_of(stage, command) == v
                for stage, v in zip(verb.stages, picks, strict=False)
            ):
                out.append(command)
        return out

    def settle(
        self, verb: Verb, picks: tuple[Value, ...]
    ) -> tuple[tuple[Value, ...], Command | None]:
        """After a choice: the command if it is now complete, else the picks extended through
        every later stage that leaves only one value (nothing to ask)."""
        left = self.remaining(verb, picks)
        while len(picks) < len(verb.stages):
            stage = verb.stages[len(picks)]
            values = {self.value_of(stage, c) for c in left}
            if len(values) != 1 or not picks or self._confirmed(stage, values):
                break
            picks = (*picks, values.pop())
        if len(left) == 1 and picks and len(picks) == len(verb.stages):
            return picks, left[0]
        if len(left) == 1 and picks and not self._asks_later(verb, picks, left[0]):
            return picks, left[0]
        return picks, None

    @staticmethod
    def _confirmed(stage: Stage, values: set[Value]) -> bool:
        """Whether a stage with one answer is still asked: it shows a cost to confirm (an
        answer that pays nothing, its ``blank``, is not)."""
        return stage.always and values != {stage.blank}

    def _asks_later(self, verb: Verb, picks: tuple[Value, ...], command: Command) -> bool:
        """Whether a later stage of the one command left must still be shown to confirm."""
        return any(
            self._confirmed(stage, {self.value_of(stage, command)})
            for stage in verb.stages[len(picks) :]
        )

    def choice(self, verb: Verb, picks: tuple[Value, ...] = ()) -> Choice | None:
        """The next question for ``verb`` after ``picks`` (``None`` for a verb with none)."""
        if len(picks) >= len(verb.stages):
            return None
        stage = verb.stages[len(picks)]
        options: dict[Value, list[Command]] = {}
        for command in self.remaining(verb, picks):
            options.setdefault(self.value_of(stage, command), []).append(command)
        key = stage.key
        found = [
            Option(v, stage.label(self, cs[0]), tuple(cs), key=key(self, cs[0]) if key else "")
            for v, cs in options.items()
        ]
        found += self.unavailable(verb, picks, set(options))
        return Choice(verb, picks, stage, tuple(found))

    def unavailable(
        self, verb: Verb, picks: tuple[Value, ...], offered: set[Value]
    ) -> list[Option]:
        """Answers to list greyed, with their reason, beside the ``offered`` ones (a card
        held but not playable now, say); none by default."""
        return []

    def asked(self, verb: Verb, picks: tuple[Value, ...]) -> bool:
        """Whether the last of ``picks`` was asked (it was not when it was the only value its
        stage allowed; the first question of a verb is always asked)."""
        if len(picks) <= 1:
            return True
        stage = verb.stages[len(picks) - 1]
        values = {self.value_of(stage, c) for c in self.remaining(verb, picks[:-1])}
        return len(values) != 1 or self._confirmed(stage, values)

    def back(self, verb: Verb, picks: tuple[Value, ...]) -> tuple[Value, ...] | None:
        """The picks after going back one question (skipping those that had one answer), or
        ``None`` when back leaves the verb."""
        asked = len(picks) - 1
        while asked >= 0 and not self.asked(verb, picks[: asked + 1]):
            asked -= 1
        return None if asked < 0 else picks[:asked]

    def picked(self, verb: Verb, picks: tuple[Value, ...]) -> str:
        """The choices made so far in words (those settled without asking too, unless the
        question did not apply), then what is asked now."""
        words = []
        for i, value in enumerate(picks):
            stage = verb.stages[i]
            if value != stage.blank:
                left = self.remaining(verb, picks[: i + 1])
                words.append(stage.brief(self, left[0]))
        return " → ".join(words) + " → ?"


@dataclass
class SeatTurn(ChoiceTree):
    """The acting seat's options in one state of a game: its legal commands, read from the
    rules once (none while no seat at this keyboard must act)."""

    rules: Rules[Any]
    state: Any
    seat: int | None  # the seat at this keyboard that must act now, if any
    commands: list[Command] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seat is not None:
            self.commands = self.rules.legal_commands(self.state, self.seat)

    def verb_rows(self) -> list[tuple[Verb, str, str]]:
        """The verbs to list now: each with its words, and why not (empty: it can act)."""
        return [(verb, verb.tooltip, "") for verb in self.verbs()] if self.seat is not None else []
