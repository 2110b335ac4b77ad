"""The turn notices a player wants (``caldera notify``), in the ``[notify]`` table of the config
file::

    [notify]
    webhook = "https://example.org/caldera"   # a POST of each notice as JSON
    ntfy = "https://ntfy.sh/caldera-alice"    # a POST of its text to an ntfy-style topic
    email = "alice@example.org"               # through [notify.smtp]
    your_move = true                          # when it becomes your move (default: true)
    game_over = true                          # when a game you sit in ends (default: true)
    clock = ["1h", "10m"]                     # before your clock runs out (default: none)

    [notify.smtp]                             # the mail server, for email
    host = "mail.example.org"
    port = 587                                # 465: TLS from the start; 587: STARTTLS
    sender = "caldera@example.org"
    username = "caldera"
    password = "…"

    [notify.players.bob]                      # a club's bridge: each player's own, by their
    email = "bob@example.org"                 # broker user; the keys above are the defaults

Without ``[notify.players]`` the bridge serves the player whose identity it runs under (the
app's, or the configured broker user), at the tables this machine took a seat at. A key that
is wrong stops the bridge with one line naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from core.clock import parse_duration
from core.errors import CalderaError
from net.club.notice_senders import MailServer
from net.club.notices import TARGETS, Wants
from net.config import config_path
from net.wire import topics
from replays.disk import BadFile, read_toml

SECTION = "notify"
KEYS = (*TARGETS, "your_move", "game_over", "clock")


class BadNotify(CalderaError):
    """The ``[notify]`` table is wrong: one line says where."""


@dataclass(frozen=True)
class NotifySettings:
    """Whom a bridge serves and how (``club``: the players are named, not this identity)."""

    wants: tuple[Wants, ...]
    smtp: MailServer | None
    club: bool


def load_notify(me: str, path: Path | None = None) -> NotifySettings:
    """The ``[notify]`` table of the config file, for the player ``me`` unless it names
    players; :class:`BadNotify` (one line) when it is missing or wrong."""
    path = path if path is not None else config_path()
    try:
        doc = read_toml(path)
    except BadFile as exc:
        raise BadNotify(str(exc)) from None
    section = doc.get(SECTION)
    if section is None:
        raise BadNotify(f"{path}: no [{SECTION}] table: say where the notices go "
                        "(webhook, ntfy or email; see docs/notices.md)")  # fmt: skip
    if not isinstance(section, dict):
        raise BadNotify(f"{path}: [{SECTION}] must be a table")
    smtp = _smtp(path, section.get("smtp"))
    players = section.get("players", {})
    if not isinstance(players, dict):
        raise BadNotify(f"{path}: [{SECTION}.players] must be a table of players")
    defaults = {k: v for k, v in section.items() if k not in ("smtp", "players")}
    named = players or {me: {}}
    wants: list[Wants] = []
    for player, own in named.items():
        if not isinstance(own, dict):
            raise BadNotify(f"{path}: [{SECTION}.players.{player}] must be a table")
        if players:
            try:
                topics.check_name(str(player), "player")
            except ValueError as exc:
                raise BadNotify(f"{path}: [{SECTION}.players]: {exc}") from None
        where = f"{SECTION}.players.{player}" if players else SECTION
        wants.append(_wants(path, where, str(player), {**defaults, **own}, smtp))
    return NotifySettings(tuple(wants), smtp, club=bool(players))


def _wants(
    path: Path, where: str, player: str, keys: dict[str, Any], smtp: MailServer | None
) -> Wants:
    for key in keys:
        if key not in KEYS:
            raise BadNotify(f"{path}: {where}.{key}: not a setting (these are: {', '.join(KEYS)})")
    values: dict[str, Any] = {"player": player}
    for key in ("webhook", "ntfy"):
        if key in keys:
            values[key] = _url(path, f"{where}.{key}", keys[key])
    if "email" in keys:
        address = keys["email"]
        if (
            not isinstance(address, str)
            or "@" not in address
            or any(c in address for c in "\r\n <>")
        ):
            raise BadNotify(f"{path}: {where}.email must be an address like alice@example.org")
        if smtp is None:
            raise BadNotify(f"{path}: {where}.email needs a mail server: [{SECTION}.smtp] host")
        values["email"] = address
    for key in ("your_move", "game_over"):
        if key in keys:
            if not isinstance(keys[key], bool):
                raise BadNotify(f"{path}: {where}.{key} must be true or false")
            values[key] = keys[key]
    if "clock" in keys:
        values["clock"] = _reminders(path, f"{where}.clock", keys["clock"])
    wants = Wants(**values)
    if not wants.targets():
        raise BadNotify(f"{path}: {where}: no webhook, ntfy or email to send the notices to")
    return wants


def _url(path: Path, where: str, value: object) -> str:
    parts = urlsplit(value) if isinstance(value, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadNotify(f"{path}: {where} must be an http:// or https:// address")
    return str(value)


def _reminders(path: Path, where: str, value: object) -> tuple[int, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadNotify(f'{path}: {where} must be a list of times like ["1h", "10m"]')
    try:
        times = {parse_duration(v) for v in value}
    except ValueError as exc:
        raise BadNotify(f"{path}: {where}: {exc}") from None
    if 0 in times:
        raise BadNotify(f"{path}: {where}: a reminder 0 before the end comes too late")
    return tuple(sorted(times, reverse=True))


def _smtp(path: Path, section: object) -> MailServer | None:
    if section is None:
        return None
    where = f"{SECTION}.smtp"
    if not isinstance(section, dict):
        raise BadNotify(f"{path}: [{where}] must be a table")
    known = ("host", "port", "sender", "username", "password", "security")
    for key in section:
        if key not in known:
            raise BadNotify(f"{path}: {where}.{key}: not a setting (these are: {', '.join(known)})")
    host = section.get("host")
    if not isinstance(host, str) or not host:
        raise BadNotify(f"{path}: {where}.host must name the mail server")
    port = section.get("port", 25)
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        raise BadNotify(f"{path}: {where}.port must be a port number")
    texts = {k: section.get(k, "") for k in ("username", "password", "security")}
    texts["sender"] = section.get("sender", "caldera@localhost")
    for key, text in texts.items():
        if not isinstance(text, str):
            raise BadNotify(f"{path}: {where}.{key} must be text")
    if texts["security"] not in ("", "none", "starttls", "tls"):
        raise BadNotify(f"{path}: {where}.security must be none, starttls or tls")
    if "@" not in texts["sender"]:
        raise BadNotify(f"{path}: {where}.sender must be an address like caldera@example.org")
    return MailServer(host=host, port=port, **texts)
