"""Paths a player types (open a replay, export a game), and the folder they must stay in.

At a terminal of one's own, a typed path is taken as typed. A door's player (SSH or browser) is
a guest on someone else's machine: the door sets ``CALDERA_CONFINE`` to the player's own data
folder, and every typed path is then read inside it (a relative path from it), refused once it
leads outside (``..``, an absolute path elsewhere, a symbolic link out), and a file is written
without following a link at its last step.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.language import Translator

T = Translator("app")
_ = T.gettext

CONFINE = "CALDERA_CONFINE"
REPLAY = ".caldera"


class OutsideFolder(ValueError):
    """A typed path leads outside the folder the player is kept in."""


def confined_to() -> Path | None:
    """The folder a door keeps this player in, or ``None`` at a terminal of one's own."""
    value = os.environ.get(CONFINE)
    return Path(value).resolve() if value else None


def typed_path(text: str) -> Path:
    """The path ``text`` names, as the player may use it; :class:`OutsideFolder` (one line)
    when a door's player names a place outside their own folder."""
    root = confined_to()
    if root is None:
        return Path(text).expanduser()
    if text == "~" or text.startswith("~/"):
        text = "." + text[1:]  # a guest's home is their own folder
    path = root / text  # an absolute ``text`` replaces the root, and is checked like any other
    real = path.resolve()
    if real != root and root not in real.parents:
        raise OutsideFolder(
            _("{path}: only files in your own folder ({folder}/) can be used").format(
                path=text, folder=root.name
            )
        )
    return real


def shown(path: Path) -> str:
    """How a path is shown to the player: relative to their own folder at a door (a guest is
    not told the server's folders), as it is elsewhere."""
    root = confined_to()
    if root is None:
        return str(path)
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return path.name


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8), never through a symbolic link at its last step (a
    link planted after the check cannot redirect the write)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)


def completion(text: str) -> str | None:
    """``text`` completed to the first folder or replay file it begins (a folder ends in
    ``/``), as the player may use it (a door's player: only inside their own folder);
    ``None`` when nothing begins so."""
    folder_text, sep, start = text.rpartition("/")
    base = folder_text + sep  # "", "replays/" or "/"
    try:
        if confined_to() is not None:
            folder = typed_path(base or ".")
        else:
            folder = Path(base).expanduser() if base else Path.cwd()
        names = sorted(os.listdir(folder))
    except (OSError, ValueError):
        return None
    for name in names:
        if not name.startswith(start) or (name.startswith(".") and not start.startswith(".")):
            continue
        if (folder / name).is_dir():
            return f"{base}{name}/"
        if name.endswith(REPLAY):
            return f"{base}{name}"
    return None
