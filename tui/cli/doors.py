"""The doors: ``ssh-server`` (play over ``ssh``) and ``web`` (play in a browser), for players
who installed nothing. Each visit runs the ordinary app in its own process, in the visitor's
home folder, talking to the club's broker (:mod:`tui.doors`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.errors import CalderaError
from core.language import N_, Translator
from tui.cli import network, shared
from tui.cli.command import Command, Parser, say

_ = Translator("cli").gettext


def _door_flags(p: Parser, port: int) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help=_("the address to listen on (default: this machine only)"))  # fmt: skip
    p.add_argument("--port", type=int, default=port, help=_("default {port}").format(port=port))
    p.add_argument("--data-dir", type=Path, default=None,
                   help=_("the door's folder: its players' homes (default: a folder of "
                          "Caldera's data directory)"))  # fmt: skip
    p.add_argument("--sessions", type=shared.at_least_one, default=20,
                   help=_("players at once (default 20)"))  # fmt: skip
    p.add_argument("--idle", type=float, default=30.0,
                   help=_("minutes without a key before a session ends (default 30)"))  # fmt: skip
    shared.broker(p)  # the club's: every player's app uses it (its host and port, no user)


def _ssh_flags(p: Parser, games: Sequence[str]) -> None:
    _door_flags(p, 2222)
    p.add_argument("--connections", type=shared.at_least_one, default=100, metavar="N",
                   help=_("connections at once, logins under way included "
                          "(default 100)"))  # fmt: skip
    p.add_argument("--per-address", type=shared.at_least_one, default=10, metavar="N",
                   help=_("connections at once from one address (default 10)"))  # fmt: skip
    p.add_argument("--authorized-keys", type=Path, default=None, metavar="FILE",
                   help=_("let in only the keys of this file (OpenSSH's format; default: any "
                          "key, each a player of its own)"))  # fmt: skip


def _web_flags(p: Parser, games: Sequence[str]) -> None:
    _door_flags(p, 8000)
    p.add_argument("--public-url", default=None, metavar="URL",
                   help=_("the address browsers reach it at, behind a proxy "
                          "(https://club.example.org)"))  # fmt: skip
    p.add_argument("--per-address", type=shared.at_least_one, default=4, metavar="N",
                   help=_("websockets open at once from one address (default 4)"))  # fmt: skip
    p.add_argument("--forwarded", action="store_true",
                   help=_("behind a proxy: a visitor's address is the last one of its "
                          "X-Forwarded-For header"))  # fmt: skip


def _door_setup(args: argparse.Namespace, kind: str) -> tuple[Path, Any, str, float]:
    """The door's folder, the club's config, the broker its players use (its nodes' hosts and
    ports: the door's own broker user is not theirs), the idle timeout in seconds; logging."""
    from replays.unfinished import data_dir

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("caldera: %(message)s"))
    doors_log = logging.getLogger("caldera.doors")
    doors_log.addHandler(handler)
    doors_log.setLevel(logging.INFO if args.verbose else logging.WARNING)
    if args.idle <= 0:
        raise CalderaError(_("--idle is a number of minutes, more than 0"))
    config = network.setup(args)
    broker = ",".join(
        f"{'mqtts' if node.tls else 'mqtt'}://{node.host}:{node.port}"
        for node in config.broker.nodes
    )
    folder = args.data_dir if args.data_dir is not None else data_dir() / f"{kind}-door"
    return folder.expanduser(), config, broker, args.idle * 60


def _run_ssh(args: argparse.Namespace) -> int:
    from tui.doors.ssh import Limits, SSHDoor

    folder, config, broker, idle = _door_setup(args, "ssh")
    if args.authorized_keys is not None and not args.authorized_keys.is_file():
        said = _("--authorized-keys: no file {file}")
        raise CalderaError(said.format(file=args.authorized_keys))
    door = SSHDoor(
        folder,
        host=args.host,
        port=args.port,
        broker=broker,
        limits=Limits(
            sessions=args.sessions,
            idle=idle,
            connections=args.connections,
            per_address=args.per_address,
        ),
        authorized_keys=args.authorized_keys,
    )

    async def serve() -> int:
        try:
            await door.start()
        except OSError as exc:
            raise CalderaError(_listening(args, exc)) from None
        if args.authorized_keys:
            said = _(
                "caldera ssh-server: {command} (keys in {file}; players' apps use {broker}; host "
                "key and homes in {folder})"
            )
        else:
            said = _(
                "caldera ssh-server: {command} (any key; players' apps use {broker}; host key "
                "and homes in {folder})"
            )
        command = f"ssh -p {door.port} {args.host}"
        shown = said.format(command=command, file=args.authorized_keys, broker=broker,
                            folder=folder)  # fmt: skip
        print(shown, flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await door.close()
        return 0

    return network.run_with_broker(config, serve)


def _run_web(args: argparse.Namespace) -> int:
    from net.link.broker import ensure_broker
    from tui.doors.web import WebDoor, WebLimits

    folder, config, broker, idle = _door_setup(args, "web")
    door = WebDoor(
        folder,
        host=args.host,
        port=args.port,
        broker=broker,
        limits=WebLimits(sessions=args.sessions, idle=idle, per_address=args.per_address),
        forwarded=args.forwarded,
        public_url=args.public_url,
    )
    said = _("caldera web: {address} (players' apps use {broker}; homes in {folder})")
    print(said.format(address=door.public_url, broker=broker, folder=folder), flush=True)

    embedded = ensure_broker(config.broker, announce=say)
    try:
        door.run()
    except OSError as exc:
        raise CalderaError(_listening(args, exc)) from None
    finally:
        if embedded is not None:
            embedded.stop()
    return 0


def _listening(args: argparse.Namespace, exc: OSError) -> str:
    """Why a door cannot listen where it was told, in one line."""
    said = _("cannot listen on {address}: {why}")
    return said.format(address=f"{args.host}:{args.port}", why=exc.strerror)


COMMANDS = (
    Command(
        "ssh-server",
        N_("players come in over ssh, each key a lasting player"),
        _ssh_flags,
        _run_ssh,
    ),
    Command(
        "web",
        N_("players come in from a browser, each a lasting player"),
        _web_flags,
        _run_web,
    ),
)
