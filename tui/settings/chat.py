"""Who the player muted or blocked in chat, kept in the ``[chat]`` table of the config file::

    [chat]
    muted = ["3f9a…", …]     # public keys (hex): their lines are not shown, at any table
    blocked = ["77c0…", …]   # … nor in the lobby, and they take no seat at a table you host

A player is muted by key, not by name: a name is a label anyone may take (two "Ann"s are two
players), a key is theirs. Blocking goes further than muting: a blocked key's lines, and the
notices naming it, are hidden in every chat, and a table this terminal hosts seats it no more
(it may still watch). A file that cannot be read mutes and blocks nobody. What the player
exports of a table's chat leaves out the lines of those they muted or blocked, as the app
does on screen (:func:`heeded`); the chat kept beside the replay keeps them, so a player heard
again is in the next export.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from net.config import config_path
from replays.chat_log import ChatLine
from replays.disk import BadFile, read_toml
from tui.settings.play import save_values

SECTION = "chat"
# on the wire: English, as every terminal reads it
NOT_SEATED = "this table's host does not seat you (you may watch)"  # internal


def _keys(name: str, path: Path | None) -> frozenset[str]:
    try:
        doc = read_toml(path if path is not None else config_path())
    except BadFile:
        return frozenset()
    section = doc.get(SECTION, {})
    keys = section.get(name, []) if isinstance(section, dict) else []
    return frozenset(k for k in keys if isinstance(k, str) and isinstance(keys, list))


def _set(name: str, key: str, on: bool, path: Path | None) -> frozenset[str]:
    now = _keys(name, path)
    now = now | {key} if on else now - {key}
    save_values(SECTION, {name: sorted(now)}, path)
    return now


def muted(path: Path | None = None) -> frozenset[str]:
    """The keys (hex) the player muted."""
    return _keys("muted", path)


def set_muted(key: str, on: bool, path: Path | None = None) -> frozenset[str]:
    """Mute (or, with ``on=False``, hear again) the player with public key ``key`` (hex); the
    keys muted now. Raises ``OSError`` when the config file cannot be written."""
    return _set("muted", key, on, path)


def blocked(path: Path | None = None) -> frozenset[str]:
    """The keys (hex) the player blocked."""
    return _keys("blocked", path)


def set_blocked(key: str, on: bool, path: Path | None = None) -> frozenset[str]:
    """Block (or, with ``on=False``, unblock) the player with public key ``key`` (hex); the
    keys blocked now. Raises ``OSError`` when the config file cannot be written."""
    return _set("blocked", key, on, path)


def hidden(path: Path | None = None) -> frozenset[str]:
    """The keys whose lines are not shown: muted or blocked."""
    return muted(path) | blocked(path)


def seats_for(path: Path | None = None) -> Callable[[str], str | None]:
    """A hosted table's admission of a new seat (``TableHost.admit``): none for a key the player
    blocked (read when it asks, so a block counts at once)."""
    return lambda key: NOT_SEATED if key in blocked(path) else None


def heeded(lines: Iterable[ChatLine], path: Path | None = None) -> list[ChatLine]:
    """``lines`` without those of the keys the player muted or blocked, nor the time-outs
    naming them (what goes into an export of the chat)."""
    gone = hidden(path)
    return [line for line in lines if line.key not in gone]
