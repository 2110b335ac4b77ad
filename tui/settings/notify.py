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
from core.language import Translator
from net.club.notice_senders import MailServer
from net.club.notices import TARGETS, Wants
from net.config import config_path
from net.wire import topics
from replays.disk import BadFile, read_toml

_ = Translator("app").gettext

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
        said = _("{file}: no [{section}] table: say where the notices go (webhook, ntfy or "
                 "email; see docs/notices.md)")  # fmt: skip
        raise BadNotify(said.format(file=path, section=SECTION))
    if not isinstance(section, dict):
        raise BadNotify(_("{file}: [{section}] must be a table").format(file=path, section=SECTION))
    smtp = _smtp(path, section.get("smtp"))
    players = section.get("players", {})
    if not isinstance(players, dict):
        said = _("{file}: [{section}] must be a table of players")
        raise BadNotify(said.format(file=path, section=f"{SECTION}.players"))
    defaults = {k: v for k, v in section.items() if k not in ("smtp", "players")}
    named = players or {me: {}}
    wants: list[Wants] = []
    for player, own in named.items():
        if not isinstance(own, dict):
            said = _("{file}: [{section}] must be a table")
            raise BadNotify(said.format(file=path, section=f"{SECTION}.players.{player}"))
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
            said = _("{file}: {setting}: not a setting (these are: {known})")
            raise BadNotify(said.format(file=path, setting=f"{where}.{key}", known=", ".join(KEYS)))
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
            said = _("{file}: {setting} must be an address like alice@example.org")
            raise BadNotify(said.format(file=path, setting=f"{where}.email"))
        if smtp is None:
            said = _("{file}: {setting} needs a mail server: [{section}] host")
            raise BadNotify(said.format(file=path, setting=f"{where}.email",
                                        section=f"{SECTION}.smtp"))  # fmt: skip
        values["email"] = address
    for key in ("your_move", "game_over"):
        if key in keys:
            if not isinstance(keys[key], bool):
                said = _("{file}: {setting} must be true or false")
                raise BadNotify(said.format(file=path, setting=f"{where}.{key}"))
            values[key] = keys[key]
    if "clock" in keys:
        values["clock"] = _reminders(path, f"{where}.clock", keys["clock"])
    wants = Wants(**values)
    if not wants.targets():
        said = _("{file}: {setting}: no webhook, ntfy or email to send the notices to")
        raise BadNotify(said.format(file=path, setting=where))
    return wants


def _url(path: Path, where: str, value: object) -> str:
    parts = urlsplit(value) if isinstance(value, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        said = _("{file}: {setting} must be an http:// or https:// address")
        raise BadNotify(said.format(file=path, setting=where))
    return str(value)


def _reminders(path: Path, where: str, value: object) -> tuple[int, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        said = _('{file}: {setting} must be a list of times like ["1h", "10m"]')
        raise BadNotify(said.format(file=path, setting=where))
    try:
        times = {parse_duration(v) for v in value}
    except ValueError as exc:
        raise BadNotify(f"{path}: {where}: {exc}") from None
    if 0 in times:
        said = _("{file}: {setting}: a reminder 0 before the end comes too late")
        raise BadNotify(said.format(file=path, setting=where))
    return tuple(sorted(times, reverse=True))


def _smtp(path: Path, section: object) -> MailServer | None:
    if section is None:
        return None
    where = f"{SECTION}.smtp"
    if not isinstance(section, dict):
        raise BadNotify(_("{file}: [{section}] must be a table").format(file=path, section=where))
    known = ("host", "port", "sender", "username", "password", "security")
    for key in section:
        if key not in known:
            said = _("{file}: {setting}: not a setting (these are: {known})")
            raise BadNotify(
                said.format(file=path, setting=f"{where}.{key}", known=", ".join(known))
            )
    host = section.get("host")
    if not isinstance(host, str) or not host:
        said = _("{file}: {setting} must name the mail server")
        raise BadNotify(said.format(file=path, setting=f"{where}.host"))
    port = section.get("port", 25)
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        said = _("{file}: {setting} must be a port number")
        raise BadNotify(said.format(file=path, setting=f"{where}.port"))
    texts = {k: section.get(k, "") for k in ("username", "password", "security")}
    texts["sender"] = section.get("sender", "caldera@localhost")
    for key, text in texts.items():
        if not isinstance(text, str):
            said = _("{file}: {setting} must be text")
            raise BadNotify(said.format(file=path, setting=f"{where}.{key}"))
    if texts["security"] not in ("", "none", "starttls", "tls"):
        said = _("{file}: {setting} must be none, starttls or tls")
        raise BadNotify(said.format(file=path, setting=f"{where}.security"))
    if "@" not in texts["sender"]:
        said = _("{file}: {setting} must be an address like caldera@example.org")
        raise BadNotify(said.format(file=path, setting=f"{where}.sender"))
    return MailServer(host=host, port=port, **texts)
