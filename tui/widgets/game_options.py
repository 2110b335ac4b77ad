"""The rows of a game's own table options, shared by the new-game and host forms.

Each row is derived from an option the game's rules declare (:mod:`core.options`): a switch for
an on/off option (its state also said in words, "on" or "off", for a monochrome terminal or a
screen reader), a list for a choice, a text field otherwise (seats typed from 1). The turn
limit has its own field in each form (what an empty one means differs). Only the chosen game's
rows are shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Switch

from core.games import get_rules
from core.language import Translator, anywhere
from core.options import TURN_LIMIT, Option
from tui.games import screens_for, shown_games
from tui.widgets.form_fields import FieldInput

T = Translator("app")
_ = T.gettext

OWN_FIELD = (TURN_LIMIT,)  # the forms give it a field of their own


def reoffer(select: Select[str], options: Sequence[tuple[str, str]], fallback: str) -> None:
    """Give ``select`` another game's choices, keeping its value when still offered."""
    value = select.value
    select.set_options(options)
    select.value = value if value in {v for _, v in options} else fallback


def has_turn_limit(game: str) -> bool:
    """Whether ``game`` declares a turn limit (the forms show their field only then)."""
    return TURN_LIMIT in get_rules(game).options


def own_options(game: str) -> tuple[Option, ...]:
    """The options of ``game`` its rows show (all it declares but the turn limit)."""
    return tuple(o for o in get_rules(game).options if o not in OWN_FIELD)


def field_id(option: Option) -> str:
    """The id of an option's field: ``forest_sides`` -> ``forest-sides``."""
    return option.name.replace("_", "-")


class GameOptions(Vertical):
    """Every shown game's own options, one group per game (``#<game>-options``);
    ``options(game, players)`` reads the chosen game's."""

    DEFAULT_CSS = """
    GameOptions, GameOptions > Vertical {
        height: auto;
    }
    """

    def __init__(self, *, given: Mapping[str, Any] | None = None, disabled: bool = False) -> None:
        super().__init__(id="game-options")
        self._given = dict(given or {})  # a position's own configuration, when continuing one
        self._fixed = disabled  # continuing from a position: the options are the position's

    def compose(self) -> ComposeResult:
        for game in shown_games():
            hints = screens_for(game).option_hints
            with Vertical(id=f"{game}-options"):
                for option in own_options(game):
                    with Horizontal(classes="field"):
                        yield Label(anywhere(option.label, game), classes="field-label")
                        hint = anywhere(hints.get(option.name, option.help), game)
                        field = self._field(option, hint, game)
                        yield field
                        if isinstance(field, Switch):
                            yield Label(_on_off(field.value), classes="switch-state")
                        if option.kind in ("bool", "choice"):
                            yield Label(hint, classes="field-hint")

    def _field(self, option: Option, hint: str, game: str) -> Widget:
        given = self._given.get(option.name, option.default)
        if option.kind == "bool":
            return Switch(bool(given), id=field_id(option), disabled=self._fixed)
        if option.kind == "choice":
            return Select(
                [(anywhere(choice, game), choice) for choice in option.choices],
                value=given if given in option.choices else Select.BLANK,
                allow_blank=option.default is None,
                id=field_id(option),
                disabled=self._fixed,
            )
        return FieldInput(
            _shown(option, given),
            placeholder=hint,
            id=field_id(option),
            classes="option-text",
            type="integer" if option.kind in ("int", "seat") else "text",
            disabled=self._fixed,
        )

    def on_switch_changed(self, event: Switch.Changed) -> None:
        row = event.switch.parent
        if isinstance(row, Widget):
            row.query_one(".switch-state", Label).update(_on_off(event.value))

    def set_values(self, game: str, values: Mapping[str, Any], players: int) -> None:
        """Show ``values`` (as the rules store them) in ``game``'s rows; an option not given,
        or given a value it cannot take, shows its default."""
        group = self.query_one(f"#{game}-options")
        for option in own_options(game):
            value = values.get(option.name, option.default)
            field = group.query_one(f"#{field_id(option)}")
            if isinstance(field, Switch):
                field.value = value if isinstance(value, bool) else bool(option.default)
            elif isinstance(field, Select):
                field.value = value if value in option.choices else Select.BLANK
            else:
                assert isinstance(field, Input)
                text = _shown(option, value)
                try:
                    option.parse(text, players)
                except (ValueError, TypeError):
                    text = _shown(option, option.default)
                field.value = text

    def show_for(self, game: str) -> None:
        for shown in shown_games():
            self.query_one(f"#{shown}-options").display = shown == game

    def options(self, game: str, players: int) -> dict[str, Any]:
        """The chosen game's own options that differ from their defaults (``ValueError`` with
        one line when one is wrong)."""
        group = self.query_one(f"#{game}-options")
        chosen: dict[str, Any] = {}
        for option in own_options(game):
            field = group.query_one(f"#{field_id(option)}")
            if isinstance(field, Switch):
                value: Any = field.value
            elif isinstance(field, Select):
                value = None if field.value is Select.BLANK else field.value
            else:
                assert isinstance(field, Input)
                value = option.parse(field.value, players)
            if value is not None and value != option.default:
                chosen[option.name] = value
        return chosen


def _on_off(value: bool) -> str:
    return _("on") if value else _("off")


def _shown(option: Option, value: Any) -> str:
    """A value as its text field shows it (seats from 1; nothing for "not set")."""
    if value is None:
        return ""
    return str(value + 1 if option.kind == "seat" and isinstance(value, int) else value)
