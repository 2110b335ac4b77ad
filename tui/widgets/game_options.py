"""The rows of a game's own table options, shared by the new-game and host forms: Mauna Kea's
Advanced switch and Kilauea's forest sides. Only the chosen game's rows are shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Switch

FOREST_SIDES = "random sides, or a letter A/B per board 1–5 (e.g. ABBAB)"


def reoffer(select: Select[str], options: Sequence[tuple[str, str]], fallback: str) -> None:
    """Give ``select`` another game's choices, keeping its value when still offered."""
    value = select.value
    select.set_options(options)
    select.value = value if value in {v for _, v in options} else fallback


def forest_sides(text: str) -> str:
    """Checked forest sides ("" for random); ``ValueError`` with one line when wrong."""
    sides = text.strip().upper()
    if sides and (len(sides) != 5 or set(sides) - {"A", "B"}):
        raise ValueError("forest sides: 5 letters A or B, one per board 1–5 (e.g. ABBAB)")
    return sides


class GameOptions(Vertical):
    """Mauna Kea's Advanced switch, Kilauea's forest sides; ``options(game)`` reads them."""

    DEFAULT_CSS = """
    GameOptions {
        height: auto;
    }
    """

    def __init__(self, *, advanced: bool = False, disabled: bool = False) -> None:
        super().__init__(id="game-options")
        self._advanced = advanced
        self._fixed = disabled  # continuing from a position: the options are the position's

    def compose(self) -> ComposeResult:
        with Horizontal(classes="field", id="advanced-field"):
            yield Label("Advanced", classes="field-label")
            yield Switch(self._advanced, id="advanced", disabled=self._fixed)
            yield Label("Mauna Kea's advanced game: 4 secret cards each", classes="field-hint")
        with Horizontal(classes="field", id="kilauea-options"):
            yield Label("Forests", classes="field-label")
            yield Input(placeholder=FOREST_SIDES, id="forest-sides", disabled=self._fixed)

    def show_for(self, game: str) -> None:
        self.query_one("#advanced-field").display = game == "maunakea"
        self.query_one("#kilauea-options").display = game == "kilauea"

    def options(self, game: str) -> dict[str, Any]:
        """The chosen game's own options (``ValueError`` with one line when one is wrong)."""
        if game == "maunakea":
            return {"advanced": True} if self.query_one("#advanced", Switch).value else {}
        if game == "kilauea":
            sides = forest_sides(self.query_one("#forest-sides", Input).value)
            return {"forest_sides": sides} if sides else {}
        return {}
