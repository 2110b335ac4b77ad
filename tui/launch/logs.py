"""Where Caldera writes what happened: ``caldera --log FILE``, or for the app a file in the
state folder (``~/.local/state/caldera/caldera.log``). Python's logging, with Textual's handler
beside the file (its devtools console shows the same lines); an app that stops on an error
leaves its traceback here and one line on the screen."""

from __future__ import annotations

import logging
from pathlib import Path

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_current: Path | None = None
_handlers: list[logging.Handler] = []
_level: int | None = None  # the root logger's level before start()


def default_path() -> Path:
    """The platform's state folder, or ``$CALDERA_DATA_DIR`` when that names Caldera's data
    folder (tests, a door's players): what a run writes stays with its data."""
    import os

    import platformdirs

    from replays.data_dir import DATA_DIR_ENV

    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser() / "caldera.log"
    return Path(platformdirs.user_state_dir("caldera")) / "caldera.log"


def start(path: Path | None = None) -> Path | None:
    """Log Caldera's lines (``caldera.*`` and Textual's) to ``path`` (the default file when
    ``None``); the file, or ``None`` when it cannot be opened (the app runs on without)."""
    global _current, _level
    path = path if path is not None else default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    _level = root.level if _level is None else _level
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    from textual.logging import TextualHandler

    textual = TextualHandler(stderr=False, stdout=False)  # the app's log only, never the screen
    textual.setLevel(logging.INFO)
    root.addHandler(textual)
    _handlers.extend((handler, textual))
    _current = path
    return path


def stop() -> None:
    """Stop logging where :func:`start` said (its file is closed)."""
    global _current, _level
    root = logging.getLogger()
    for handler in _handlers:
        root.removeHandler(handler)
        handler.close()
    _handlers.clear()
    if _level is not None:
        root.setLevel(_level)
    _current = _level = None


def current() -> Path | None:
    """The file Caldera logs to in this process (``None``: none)."""
    return _current
