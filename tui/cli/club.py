"""The club's commands: ``broker`` (the embedded MQTT broker), ``serve`` (a headless server
hosting tables for others), ``lobby`` (the tables on the broker), ``games`` (your tables there,
one line each) and ``ratings`` (a game's ladder, from a server's replays)."""

from __future__ import annotations

import argparse
import asyncio
import gc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.errors import CalderaError
from core.known_games import GAMES
from core.language import N_, Translator
from core.titles import title_of
from tui.cli import flags, network, shared
from tui.cli.command import Command, Parser, say

T = Translator("cli")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext


def _broker_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument(
        "--listen",
        nargs="?",
        const="0.0.0.0",
        default="127.0.0.1",
        metavar="ADDRESS",
        help=_("open it to the LAN (all interfaces, or ADDRESS); default: this machine only"),
    )
    p.add_argument("--port", type=int, default=1883)


def _serve_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("--server", default=None, help=_("this server's id (default: random)"))
    p.add_argument("--name", default="", help=_("the name shown in the lobby"))
    p.add_argument("--table", default=None, help=_("also open a table with this id at once"))
    p.add_argument("--game", default=next(iter(GAMES)), help=_("the game of that table"))
    p.add_argument("--seats", type=int, default=3, help=_("its seats"))
    p.add_argument("--bots", type=int, default=0,
                   help=_("how many of them the server's bots take"))  # fmt: skip
    flags.add_flags(p, games)
    shared.bot_delay(p, 0.5, _("seconds a bot waits to move"))
    shared.linger(p, _("seconds a finished table stays open"))
    shared.replay_dir(p)
    p.add_argument("--max-tables", type=shared.at_least_one, default=None,
                   help=_("refuse requests beyond this many tables (default 200)"))  # fmt: skip
    p.add_argument("--new-keys", type=int, default=None, metavar="N",
                   help=_("new identities (keys) taken a minute, table requests and seats "
                          "alike (default 30)"))  # fmt: skip
    p.add_argument("--members", type=Path, default=None, metavar="FILE",
                   help=_("the club's members: public keys (hex), one a line; only they may ask "
                          "for tables"))  # fmt: skip
    p.add_argument("--moderators", type=Path, default=None, metavar="FILE",
                   help=_("the club's moderators: public keys (hex), one a line; they may time a "
                          "player out of the chats of its tables and lobby"))  # fmt: skip
    shared.terms(p)
    shared.broker(p)


def _lobby_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("--watch", action="store_true", help=_("keep listing changes until Ctrl-C"))
    p.add_argument("--chat", action="store_true",
                   help=_("talk in the club's lobby chat in the line mode"))  # fmt: skip
    p.add_argument("--name", default=None, help=_("your name in the lobby's chat"))
    shared.broker(p)


# -- caldera broker ----------------------------------------------------------------------------


def _run_broker(args: argparse.Namespace) -> int:
    from net.link.broker import serve_forever

    return network.run(_broker(args.listen, args.port, serve_forever))


async def _broker(host: str, port: int, serve: Any) -> int:
    await serve(host, port, ready=say)
    return 0


# -- caldera serve -------------------------------------------------------------------------------


def _run_serve(args: argparse.Namespace) -> int:
    config = network.setup(args)
    if args.table is not None:
        network.check_options(args)
    elif args.clock or args.rated:
        raise CalderaError(_("--clock and --rated are terms of the table --table opens (none is)"))
    else:
        given = [n for n in getattr(args, "table_options", ()) if getattr(args, n) is not None]
        if given:
            flag = "--" + given[0].replace("_", "-")
            said = _("{flag}: a table option, for the table --table opens (none is)")
            raise CalderaError(said.format(flag=flag))
    members = shared.members(args.members)  # a bad list is said before any broker starts
    moderators = shared.members(args.moderators, "--moderators")
    return network.run_with_broker(config, lambda: _serve(args, config, members, moderators))


async def _serve(
    args: argparse.Namespace, config: Any, members: frozenset[str], moderators: frozenset[str]
) -> int:
    from net.club.serve import Server

    server = Server(
        config.broker,
        server=args.server,
        name=args.name,
        replay_dir=args.replay_dir,
        linger=args.linger,
        announce=lambda line: print(line, flush=True),
        ratings=_ratings_cache(),
        **({} if args.max_tables is None else {"max_tables": args.max_tables}),
        **({} if args.new_keys is None else {"new_keys_per_minute": args.new_keys}),
        members=members,
        moderators=moderators,
    )
    resumed = await server.open()
    try:
        serving = _("server {server} is serving tables on {broker}")
        print(serving.format(server=server.server, broker=config.broker), flush=True)
        key = _("its key, for its players' config files: {entry}")
        entry = f'[network.servers] {server.server} = "{server.keys.public.hex()}"'
        print(key.format(entry=entry), flush=True)
        for host in resumed:
            assert host.referee is not None
            said = _("table {table} resumed at event {n}: {seats}")
            seats = network.seat_line(host.card)
            print(said.format(table=host.table, n=host.referee.seq, seats=seats), flush=True)
        if args.table is not None and args.table not in server.tables:
            options = flags.chosen(args, args.game, args.seats)
            host = await server.open_table(
                args.game,
                args.seats,
                table=args.table,
                bots=args.bots,
                bot_delay=args.bot_delay,
                options=options,
                clock=args.clock,
                on_timeout=args.on_timeout,
                rated=args.rated,
            )
            said = _("table {table} is open: {seats}")
            print(said.format(table=host.table, seats=network.seat_line(host.card)), flush=True)
        await asyncio.Event().wait()
    finally:
        await server.close()
        # the process ends next: its last garbage collection would walk every table's log
        # (2.3 s of a 250-table server's exit on a 2-core machine), for nothing
        gc.freeze()
    return 0


def _ratings_cache() -> Any:
    """The server's ratings cache; without one (its data directory cannot keep it) the server
    goes on unrated, and says so in one line."""
    import sqlite3

    from net.club.ratings_cache import RatingsCache

    try:
        return RatingsCache()
    except (OSError, sqlite3.Error) as exc:
        say(_("the ratings cannot be kept ({why}): this server keeps no ladder").format(why=exc))
        return None


# -- caldera lobby -------------------------------------------------------------------------------


def _run_lobby(args: argparse.Namespace) -> int:
    config = network.setup(args)
    return network.run(_lobby(args, config))


def _table_line(card: Any) -> str:
    taken = len(card.seats) - len(card.open_seats())
    watching = ""
    if card.watching:
        watching = "  · " + ngettext("{n} watching", "{n} watching", card.watching).format(
            n=card.watching
        )
    terms = [_("clock {clock}").format(clock=card.clock)] if card.clock else []
    terms += [_("rated")] if card.rated else []
    watching += f"  · {', '.join(terms)}" if terms else ""
    title = title_of(card.game, card.title)
    return (
        f"{card.table:10} {title:10} {status_word(card.status):8} {taken}/{len(card.seats)}  "
        f"{card.name}  —  {network.seat_line(card)}{watching}"
    )


def status_word(status: str) -> str:
    """A table's status as the lobby's list says it (the card's own word in English)."""
    # TRANSLATORS: a table's status in caldera lobby's list, in a column of 8
    if status == "open":
        return pgettext("table status", "open")
    if status == "running":
        return pgettext("table status", "running")
    if status == "over":
        return pgettext("table status", "over")
    if status == "closed":
        return pgettext("table status", "closed")
    return status


def _closed(table: str) -> str:
    """A table gone from the lobby, in its list's first column."""
    return _("{table} closed").format(table=f"{table:10}")


async def _lobby(args: argparse.Namespace, config: Any) -> int:
    from net.club.lobby import Lobby

    if args.chat:
        return await _lobby_chat(args, config)
    async with Lobby(config.broker) as room:
        await asyncio.sleep(0.5)  # retained cards arrive at once
        if not room.tables:
            print(_("no tables on {broker}").format(broker=config.broker), flush=True)
        for _table, card in sorted(room.tables.items()):
            print(_table_line(card), flush=True)
        for server, offer in sorted(room.servers.items()):
            said = ngettext(
                "server {server}: {name}, {n} tables", "server {server}: {name}, {n} tables",
                offer.tables,
            )  # fmt: skip
            print(said.format(server=server, name=offer.name, n=offer.tables), flush=True)
        for note in room.book.notes:
            say(note)
        if not args.watch:
            return 0

        def changed(table: str, card: Any) -> None:
            print(_table_line(card) if card is not None else _closed(table), flush=True)

        room.subscribe(changed)
        await asyncio.Event().wait()
    return 0


SERVER_WAIT = 10.0  # seconds the club's servers have to answer a lobby opened for its chat


async def _lobby_chat(args: argparse.Namespace, config: Any) -> int:
    """``caldera lobby --chat``: the tables, then the lobby's chat in the line mode, under this
    terminal's lasting identity (its key signs each line) until ``quit``."""
    import sys

    from net.club.lobby import Lobby
    from net.trust.identity import claim
    from tui.lines.lobby import LineLobby
    from tui.lines.player import stdin_line

    lease = claim()
    try:
        identity = config.broker.username or lease.client
        name = args.name or lease.name or config.name or identity
        async with Lobby(config.broker, identity=identity, name=name, keys=lease.keys) as room:
            try:
                await room.wait_for(lambda lobby: bool(lobby.servers), SERVER_WAIT)
            except TimeoutError:
                said = _("no club server answered on {broker} within {seconds} s: the lobby's "
                         "chat is a club server's (caldera serve)")  # fmt: skip
                say(said.format(broker=config.broker, seconds=f"{SERVER_WAIT:g}"))
                return 1
            await asyncio.sleep(0.3)  # the retained cards arrive at once
            for _table, card in sorted(room.tables.items()):
                print(_table_line(card), flush=True)
            if args.watch:

                def changed(table: str, card: Any) -> None:
                    print(_table_line(card) if card is not None else _closed(table),
                          flush=True)  # fmt: skip

                room.subscribe(changed)
            return await LineLobby(room, stdin_line, sys.stdout, _table_line).run()
    finally:
        lease.release()


# -- caldera games, caldera ratings -----------------------------------------------------------


def _games_flags(p: Parser, games: Sequence[str]) -> None:
    shared.broker(p)


def _run_games(args: argparse.Namespace) -> int:
    from net.trust.identity import read_only
    from tui.cli.club_lines import games_lines

    config = network.setup(args)
    mine = read_only()  # the app's lasting identity, read even while a running app holds it
    lines: list[str] = []

    async def collect() -> int:
        assert mine is not None
        client, keys = mine
        lines.extend(await games_lines(config.broker, config.broker.username or client, keys))
        return 0

    status = network.run(collect()) if mine is not None else 0
    for line in lines or [_("no tables of yours on {broker}").format(broker=config.broker)]:
        print(line, flush=True)
    return status


def _ratings_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("--game", default=None, help=_("only this game's ladder"))
    p.add_argument("--rebuild", action="store_true", help=_("fold every replay again"))
    shared.replay_dir(p)
    p.add_argument("--cache", type=Path, default=None, help=_("the ratings cache (SQLite)"))


def _run_ratings(args: argparse.Namespace) -> int:
    from net.table.host import default_replay_dir
    from tui.cli.club_lines import ratings_lines

    folder = args.replay_dir if args.replay_dir is not None else default_replay_dir()
    for line in ratings_lines(folder, args.cache, args.game, args.rebuild):
        print(line, flush=True)
    return 0


COMMANDS = (
    Command(
        "broker",
        N_("run the embedded MQTT broker (amqtt) in the foreground"),
        _broker_flags,
        _run_broker,
    ),
    Command(
        "serve",
        N_("host tables for others, headless"),
        _serve_flags,
        _run_serve,
        table_options=True,
    ),
    Command("lobby", N_("list the tables on the broker"), _lobby_flags, _run_lobby),
    Command(
        "games",
        N_("your tables at the club: one line each, whose move"),
        _games_flags,
        _run_games,
    ),
    Command(
        "ratings",
        N_("the club's ladder of a game (this server's replays)"),
        _ratings_flags,
        _run_ratings,
    ),
)
