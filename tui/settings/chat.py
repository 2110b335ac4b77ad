"""Who the player muted in table chat, kept in the ``[chat]`` table of the config file::

    [chat]
    muted = ["3f9a…", …]   # public keys (hex): their lines are not shown, at any table

A player is muted by key, not by name: a name is a label anyone may take (two "Ann"s are two
players), a key is theirs. A file that cannot be read mutes nobody.
"""

from __future__ import annotations

from pathlib import Path

from net.config import config_path
from replays.disk import BadFile, read_toml
from tui.settings.play import save_values

SECTION = "chat"


def muted(path: Path | None = None) -> frozenset[str]:
    """The keys (hex) the player muted."""
    try:
        doc = read_toml(path if path is not None else config_path())
    except BadFile:
        return frozenset()
    section = doc.get(SECTION, {})
    keys = section.get("muted", []) if isinstance(section, dict) else []
    return frozenset(k for k in keys if isinstance(k, str) and isinstance(keys, list))


def set_muted(key: str, on: bool, path: Path | None = None) -> frozenset[str]:
    """Mute (or, with ``on=False``, hear again) the player with public key ``key`` (hex); the
    keys muted now. Raises ``OSError`` when the config file cannot be written."""
    now = muted(path)
    now = now | {key} if on else now - {key}
    save_values(SECTION, {"muted": sorted(now)}, path)
    return now
