"""The new-game form's last choices, per game, kept in the config file (:mod:`net.config`)::

    [new_game]
    game = "<game>"            # the game chosen last (its name)

    [new_game.<game>]          # one table per game
    players = 2
    names = ["Ann", "Bob", "Yellow", "Green"]
    seats = ["human", "greedy", "greedy", "greedy"]   # "human" or a bot's kind
    bot_pace = 0.5
    options = { <option> = <value> }   # the game's own options

The form comes back as it was left for that game. Nothing here is needed: a missing file, table
or key, or a value of the wrong kind, means the form's default for that field (the file is the
app's own writing; a hand edit that breaks it costs a default, never the form).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from net.config import config_path
from replays.disk import BadFile, read_toml
from tui.settings.play import TomlValue, save_values

SECTION = "new_game"


@dataclass(frozen=True)
class LastChoices:
    """What the form held for one game when a game was last started from it."""

    players: int | None = None
    names: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()  # "human" or a bot's kind, seat by seat
    bot_pace: float | None = None
    turn_limit: int | None = None
    options: dict[str, Any] = field(default_factory=dict)  # the game's own, as the rules store them


def _read(path: Path | None) -> dict[str, Any]:
    path = path if path is not None else config_path()
    try:
        section = read_toml(path).get(SECTION, {})
    except BadFile:
        return {}  # the settings' own line says what is wrong with the file
    return section if isinstance(section, dict) else {}


def last_game(path: Path | None = None) -> str | None:
    """The game chosen last, if one was."""
    game = _read(path).get("game")
    return game if isinstance(game, str) else None


def last_choices(game: str, path: Path | None = None) -> LastChoices | None:
    """The form's last choices for ``game`` (``None``: never started from the form)."""
    table = _read(path).get(game)
    if not isinstance(table, dict):
        return None

    def strings(key: str) -> tuple[str, ...]:
        value = table.get(key)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        return ()

    def number(key: str, kind: type[int] | type[float]) -> Any:
        value = table.get(key)
        if isinstance(value, bool):
            return None
        if kind is float and isinstance(value, int | float):
            return float(value)
        return value if isinstance(value, int) else None

    options = table.get("options")
    return LastChoices(
        players=number("players", int),
        names=strings("names"),
        seats=strings("seats"),
        bot_pace=number("bot_pace", float),
        turn_limit=number("turn_limit", int),
        options=dict(options) if isinstance(options, dict) else {},
    )


def remember(game: str, choices: LastChoices, path: Path | None = None) -> None:
    """Keep ``choices`` as ``game``'s and ``game`` as the last one chosen (``OSError`` when
    the config file cannot be written)."""
    values: dict[str, TomlValue] = {}
    if choices.players is not None:
        values["players"] = choices.players
    values["names"] = list(choices.names)
    values["seats"] = list(choices.seats)
    if choices.bot_pace is not None:
        values["bot_pace"] = choices.bot_pace
    if choices.turn_limit is not None:
        values["turn_limit"] = choices.turn_limit
    values["options"] = dict(choices.options)
    save_values(SECTION, {"game": game}, path)
    save_values(f"{SECTION}.{game}", values, path, only=True)
