"""Where a door's players live: each SSH key, or each browser's token, is a lasting player with
a home folder of its own under the door's data folder: its identity and config
(``config/``: ``identity.json``, ``config.toml`` with the name it chose) and its saved games
(``data/``). The app a door starts for a visit runs with that home as its config and data
folders, so the player comes back as themselves, with their games and their seats."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from core.language import N_, Translator
from replays.disk import BadFile, read_toml, write_atomically

T = Translator("net")
_ = T.gettext

NAME_LIMIT = 20


@dataclass(frozen=True)
class Home:
    """One player's folder."""

    folder: Path
    label: str  # what the door calls the player before it knows a name (a key's fingerprint)

    @property
    def config_dir(self) -> Path:
        return self.folder / "config"

    @property
    def data_dir(self) -> Path:
        return self.folder / "data"

    def name(self) -> str | None:
        """The name the player chose, or ``None`` before they chose one."""
        try:
            doc = read_toml(self.config_dir / "config.toml")
        except BadFile:
            return None
        name = doc.get("network", {}).get("name")
        return name if isinstance(name, str) and name else None

    def set_name(self, name: str) -> None:
        """Keep ``name`` (checked with :func:`check_name`) as the name the others see."""
        self.config_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        text = f"[network]\nname = {json.dumps(check_name(name))}\n"
        write_atomically(self.config_dir / "config.toml", text)

    def environment(
        self, broker: str | None, term: str = "xterm-256color", speaks: str | None = None
    ) -> dict[str, str]:
        """The environment of the app started for this player; ``speaks``: the language its
        client asked for (``LANGUAGE``, which the app's locale reads first: a language the
        player chose in the menu still comes before it, :func:`core.language.choose`)."""
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.config_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        env = {
            key: value
            for key, value in os.environ.items()
            if key in ("PATH", "LANG", "LC_ALL", "TZ", "PYTHONPATH", "SYSTEMROOT")
        }
        env.update(
            CALDERA_DATA_DIR=str(self.data_dir),
            CALDERA_CONFIG_DIR=str(self.config_dir),
            CALDERA_CONFINE=str(self.data_dir),  # typed paths stay in it (tui.replay.paths)
            HOME=str(self.folder),
            TERM=term or "xterm-256color",
            COLORTERM="truecolor",
        )
        env.setdefault("LANG", "C.UTF-8")
        if speaks:
            env["LANGUAGE"] = speaks
        if broker:
            env["CALDERA_BROKER"] = broker
        return env


def check_name(text: str) -> str:
    """A player's name as typed, trimmed; ``ValueError`` with one line when it cannot be one."""
    name = " ".join(text.split())
    if not name:
        raise ValueError(_("a name needs at least one letter"))
    if len(name) > NAME_LIMIT:
        raise ValueError(
            T.ngettext(
                "a name has at most {n} character", "a name has at most {n} characters", NAME_LIMIT
            ).format(n=NAME_LIMIT)
        )
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ValueError(_("a name has no control characters"))
    return name


class Homes:
    """The homes of a door's players, under ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def for_key(self, fingerprint: str) -> Home:
        """The home of the SSH key with this fingerprint (``SHA256:…``)."""
        folder = fingerprint.removeprefix("SHA256:").replace("/", "_").replace("+", "-")
        return Home(self.root / "keys" / folder, fingerprint)

    def for_token(self, token: str) -> Home:
        """The home of the browser holding ``token`` (the folder is named by its hash, so the
        folder names on disk do not give the tokens away)."""
        digest = hashlib.sha256(token.encode()).hexdigest()[:32]
        return Home(self.root / "browsers" / digest, N_("this browser"))


def app_command() -> list[str]:
    """The command that starts the app for one visit (this Python, this checkout)."""
    return [sys.executable, "-m", "tui.cli"]
