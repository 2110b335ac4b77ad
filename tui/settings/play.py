"""The player's settings, in the ``[play]`` table of the config file (:mod:`net.config`)::

    [play]
    confirm = true           # ask before a command that wastes something (one key confirms)
    bell = true              # ring the terminal bell when it becomes your turn
    theme = "textual-dark"   # the colours (the command palette's "Change theme" keeps it here)
    language = "de"          # en, de, fr, it, nl (the menu's Language keeps it here; --lang wins)

A missing file or key means the default; a file that cannot be read gives one line and the
defaults (:func:`load_settings`). The theme is written back by :func:`save_setting`, which
changes only its own line and leaves the rest of the file as the player wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from core.language import LANGUAGES, Translator, known
from net.config import config_path
from replays.disk import BadFile, read_small, read_toml, write_atomically

_ = Translator("app").gettext

SECTION = "play"
DEFAULT_BOT_PACE = 0.5  # seconds between two bot commands (--pace)


@dataclass(frozen=True)
class Settings:
    """What the player chose (or the defaults)."""

    confirm: bool = True
    bell: bool = True
    theme: str | None = None  # None: Textual's default
    language: str | None = None  # None: the locale's (core.language.choose)
    bindings: Mapping[str, object] = field(default_factory=dict)  # [keys]: tui.settings.bindings


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The settings in the config file, and a line saying what is wrong with it ("" if
    nothing is); a wrong value is ignored, never fatal."""
    path = path if path is not None else config_path()
    try:
        doc = read_toml(path)
    except BadFile as exc:
        return Settings(), str(exc)
    section = doc.get(SECTION, {})
    if not isinstance(section, dict):
        return Settings(), _("{file}: [{section}] must be a table").format(
            file=path, section=SECTION
        )
    values: dict[str, object] = {}
    problems: list[str] = []
    for key, kind in (("confirm", bool), ("bell", bool), ("theme", str), ("language", str)):
        if key not in section:
            continue
        if key == "language" and not (isinstance(section[key], str) and known(section[key])):
            said = _("{setting} must be one of {languages}")
            problems.append(
                said.format(setting=f"{SECTION}.language", languages=", ".join(LANGUAGES))
            )
        elif isinstance(section[key], kind):
            values[key] = section[key]
        else:
            if kind is bool:
                said = _("{setting} must be true or false")
            else:
                said = _("{setting} must be a name in quotes")
            problems.append(said.format(setting=f"{SECTION}.{key}"))
    keys = doc.get("keys", {})
    if isinstance(keys, dict):
        values["bindings"] = keys
    else:
        problems.append(_("[keys] must be a table"))
    line = f"{path}: {'; '.join(problems)}" if problems else ""
    return Settings(**values), line  # type: ignore[arg-type]


TomlValue = str | bool | int | float | list[str] | dict[str, "str | bool | int | float"]


def save_setting(key: str, value: str | bool, path: Path | None = None) -> None:
    """Write ``key = value`` into the ``[play]`` table of the config file (created if need be),
    replacing that key's line if there is one. Raises ``OSError`` when it cannot be written."""
    save_values(SECTION, {key: value}, path)


def save_values(
    section: str,
    values: dict[str, TomlValue],
    path: Path | None = None,
    *,
    only: bool = False,
) -> None:
    """Write ``values`` into the table ``[section]`` of the config file (created if need be),
    each replacing its key's line; ``only``: the table keeps no other key. Every other line of
    the file stays as the player wrote it. Raises ``OSError`` when it cannot be written."""
    path = path if path is not None else config_path()
    try:
        text = read_small(path)
    except FileNotFoundError:
        text = ""
    lines = text.splitlines()
    new = [f"{key} = {_toml(value)}" for key, value in values.items()]
    start = next((i for i, raw in enumerate(lines) if raw.strip() == f"[{section}]"), None)
    if start is None:
        if lines and lines[-1].strip():
            lines.append("")
        lines += [f"[{section}]", *new]
    else:
        end = next(
            (i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")),
            len(lines),
        )
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1  # keep the blank line before the next table
        body = [] if only else lines[start + 1 : end]
        for key, line in zip(values, new, strict=True):
            pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
            at = next((i for i, raw in enumerate(body) if pattern.match(raw)), None)
            if at is None:
                body.append(line)
            else:
                body[at] = line
        lines[start + 1 : end] = body
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, "\n".join(lines) + "\n")  # a full disk never leaves half a file


def _toml(value: TomlValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = ", ".join(f"{k} = {_toml(v)}" for k, v in value.items())
        return "{ " + pairs + " }" if pairs else "{}"
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped) + '"'
