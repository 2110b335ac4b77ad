"""The player's settings, in the ``[play]`` table of the config file (:mod:`net.config`)::

    [play]
    confirm = true           # ask before a command that wastes something (one key confirms)
    bell = true              # ring the terminal bell when it becomes your turn
    theme = "textual-dark"   # the colours (the command palette's "Change theme" keeps it here)

A missing file or key means the default; a file that cannot be read gives one line and the
defaults (:func:`load_settings`). The theme is written back by :func:`save_setting`, which
changes only its own line and leaves the rest of the file as the player wrote it.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from net.config import config_path

SECTION = "play"


@dataclass(frozen=True)
class Settings:
    """What the player chose (or the defaults)."""

    confirm: bool = True
    bell: bool = True
    theme: str | None = None  # None: Textual's default


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The settings in the config file, and a line saying what is wrong with it ("" if
    nothing is); a wrong value is ignored, never fatal."""
    path = path if path is not None else config_path()
    try:
        with path.open("rb") as handle:
            doc = tomllib.load(handle)
    except FileNotFoundError:
        return Settings(), ""
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return Settings(), f"cannot read {path}: {exc}"
    section = doc.get(SECTION, {})
    if not isinstance(section, dict):
        return Settings(), f"{path}: [{SECTION}] must be a table"
    values: dict[str, object] = {}
    problems: list[str] = []
    for key, kind in (("confirm", bool), ("bell", bool), ("theme", str)):
        if key not in section:
            continue
        if isinstance(section[key], kind):
            values[key] = section[key]
        else:
            wanted = "true or false" if kind is bool else "a name in quotes"
            problems.append(f"{SECTION}.{key} must be {wanted}")
    line = f"{path}: {'; '.join(problems)}" if problems else ""
    return Settings(**values), line  # type: ignore[arg-type]


def save_setting(key: str, value: str | bool, path: Path | None = None) -> None:
    """Write ``key = value`` into the ``[play]`` table of the config file (created if need be),
    replacing that key's line if there is one. Raises ``OSError`` when it cannot be written."""
    path = path if path is not None else config_path()
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        text = ""
    line = f"{key} = {_toml(value)}"
    lines = text.splitlines()
    start = next((i for i, raw in enumerate(lines) if raw.strip() == f"[{SECTION}]"), None)
    if start is None:
        if lines and lines[-1].strip():
            lines.append("")
        lines += [f"[{SECTION}]", line]
    else:
        end = next(
            (i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")),
            len(lines),
        )
        pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
        at = next((i for i in range(start + 1, end) if pattern.match(lines[i])), None)
        if at is None:
            while end > start + 1 and not lines[end - 1].strip():
                end -= 1  # keep the blank line before the next table
            lines.insert(end, line)
        else:
            lines[at] = line
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", "utf-8")


def _toml(value: str | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
