"""Table options, declared once by each game's rules.

A game lists its options as :class:`Option` values (name, kind, default, range, label, one-line
help). Everything else is derived from that list: validating a table's configuration, the CLI
flags, the new-game and host forms, and the room's options line. Seats are stored 0-based in a
configuration (old replays keep working) and are read and shown 1-based to people.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from core.language import ENGLISH, N_, Translator, anywhere, current

Kind = Literal["bool", "int", "seat", "choice", "text"]

_ = Translator("app").gettext


@dataclass(frozen=True)
class Option:
    """One table option of a game.

    ``kind``: ``bool`` (a switch), ``int`` (a whole number in ``minimum``..``maximum``; ``None``
    when not set), ``seat`` (a seat, 0-based in the configuration and 1-based in every word a
    person reads or types), ``choice`` (one of ``choices``), ``text`` (a string matching
    ``pattern``, normalised to upper case when ``upper``). ``default`` is the value when the
    option is not given (``None``: not set).
    """

    name: str
    kind: Kind
    label: str
    help: str
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    pattern: str = ""
    upper: bool = False
    shown: str = ""  # how the room's line says a set value: "turn limit {}" (default: label)

    @property
    def flag(self) -> str:
        """The command-line flag: ``--turn-limit``."""
        return "--" + self.name.replace("_", "-")

    def check(self, value: Any, players: int) -> Any:
        """``value`` from a configuration, validated; ``ValueError`` with one line otherwise."""
        if value is None:
            return self.default
        match self.kind:
            case "bool":
                if not isinstance(value, bool):
                    raise ValueError(
                        _("{option}: on or off (true or false)").format(option=self.said)
                    )
                return value
            case "int":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError(f"{self.said}: {self._int_range()}")
                if (self.minimum is not None and value < self.minimum) or (
                    self.maximum is not None and value > self.maximum
                ):
                    raise ValueError(f"{self.said}: {self._int_range()}")
                return value
            case "seat":  # 0-based here: a configuration, not what a person typed
                if isinstance(value, bool) or value not in range(players):
                    raise ValueError(
                        _("{option}: {value} is not a seat of a {players}-player table").format(
                            option=self.said, value=repr(value), players=players
                        )
                    )
                return value
            case "choice":
                if value not in self.choices:
                    raise ValueError(self._one_of())
                return value
            case "text":
                if not isinstance(value, str):
                    raise ValueError(f"{self.said}: {anywhere(self.help)}")
                text = value.upper() if self.upper else value
                if self.pattern and not re.fullmatch(self.pattern, text):
                    raise ValueError(f"{self.said}: {anywhere(self.help)}")
                return text
        raise AssertionError(self.kind)  # pragma: no cover

    def parse(self, text: str, players: int) -> Any:
        """A value typed by a person (a form field, a CLI flag): seats count from 1, an empty
        field means "not set"; ``ValueError`` with one line when wrong."""
        text = text.strip()
        if not text:
            return self.default
        match self.kind:
            case "bool":
                lowered = text.lower()
                if lowered in {"1", "yes", "on", "true", "y"}:
                    return True
                if lowered in {"0", "no", "off", "false", "n"}:
                    return False
                raise ValueError(_("{option}: yes or no").format(option=self.said))
            case "int":
                try:
                    number = int(text)
                except ValueError:
                    raise ValueError(f"{self.said}: {self._int_range()}") from None
                return self.check(number, players)
            case "seat":
                try:
                    number = int(text)
                except ValueError:
                    raise ValueError(self._a_seat(players)) from None
                if not 1 <= number <= players:
                    raise ValueError(self._a_seat(players))
                return number - 1
            case "choice":
                lowered = text.lower()
                for choice in self.choices:
                    if choice.lower() == lowered:
                        return choice
                raise ValueError(self._one_of())
            case "text":
                return self.check(text, players)
        raise AssertionError(self.kind)  # pragma: no cover

    def words(self, value: Any, say: Callable[[str], str] = str) -> str:
        """How a set value reads in the room's options line (seats from 1); "" when unset. A
        choice with a default always says which it is ("bird side"): there is no "unset" one.
        ``say`` puts the words (the template, a choice) in the reader's language."""
        if value is None and self.kind == "choice":
            value = self.default
        if value is None or value is False:
            return ""
        if value == self.default and self.kind != "choice":
            return ""
        if self.kind == "bool":
            return say(self.shown) if self.shown else say(self.label).lower()
        shown = value + 1 if self.kind == "seat" else say(value) if self.kind == "choice" else value
        template = say(self.shown) if self.shown else f"{say(self.label).lower()} {{}}"
        return template.format(shown)

    @property
    def said(self) -> str:
        """The option's name in a one-line error, in the reader's language (``turn limit``;
        German keeps its nouns' capitals: ``Zuglimit``)."""
        return self.label.lower() if current() == ENGLISH else anywhere(self.label)

    def _one_of(self) -> str:
        # TRANSLATORS: an option typed wrong: "side: one of bird, snake" (the values as typed)
        return _("{option}: one of {choices}").format(
            option=self.said, choices=", ".join(self.choices)
        )

    def _a_seat(self, players: int) -> str:
        return _("{option}: a seat from 1 to {players}").format(option=self.said, players=players)

    def _int_range(self) -> str:
        # TRANSLATORS: after an option's name in an error: "turn limit: a whole number, at least 1"
        if self.minimum is not None and self.maximum is not None:
            return _("a whole number from {least} to {most}").format(
                least=self.minimum, most=self.maximum
            )
        if self.minimum is not None:
            return _("a whole number, at least {least}").format(least=self.minimum)
        return _("a whole number")


TURN_LIMIT = Option(
    "turn_limit",
    "int",
    N_("Turn limit"),
    N_("end the game after this many turns (a house rule; empty: no limit)"),
    minimum=1,
    shown=N_("turn limit {}"),
)
START_PLAYER = Option(
    "start_player",
    "seat",
    N_("Start player"),
    N_("the seat that starts (empty: drawn at random)"),
    shown=N_("seat {} starts"),
)


def check_options(
    title: str, declared: Sequence[Option], players: int, given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every declared option of a table, validated, with defaults filled in."""
    given = dict(given or {})
    known = {option.name for option in declared}
    unknown = sorted(set(given) - known)
    if unknown:
        raise ValueError(
            _("unknown {game} option(s): {options} (known: {known})").format(
                game=title, options=", ".join(unknown), known=", ".join(sorted(known))
            )
        )
    return {option.name: option.check(given.get(option.name), players) for option in declared}


def options_words(
    declared: Sequence[Option], values: Mapping[str, Any], say: Callable[[str], str] = str
) -> list[str]:
    """The set options in words, in declaration order (``["advanced game", "turn limit 10"]``),
    each said by ``say`` (the reader's language; English as written by default)."""
    words = (option.words(values.get(option.name), say) for option in declared)
    return [word for word in words if word]
