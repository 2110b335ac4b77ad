"""The network subcommands of ``caldera``: ``broker``, ``host``, ``serve``, ``bot``, ``lobby``,
``join`` (a seat in the line mode).

Seats are numbered from 1 on the command line, as in ``caldera export --seat``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from core.errors import CalderaError
from core.games import GAMES
from tui import flags

Handler = Callable[[argparse.Namespace], int]


def _say(message: str) -> None:
    print(f"caldera: {message}", file=sys.stderr, flush=True)


def _broker_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--broker",
        default=None,
        help="mqtt://[user:password@]host:port, or a cluster's nodes separated by commas "
        "(default: $CALDERA_BROKER, the config file, or mqtt://127.0.0.1:1883)",
    )
    p.add_argument("--verbose", "-v", action="store_true", help="say more about the network")


def game_or_resume(p: argparse.ArgumentParser, resume_help: str) -> None:
    """A game to begin, or ``--resume FILE``: the unfinished game saved there (``play``,
    ``host``)."""
    p.add_argument("game", nargs="?", help=f"{' or '.join(GAMES)} (not with --resume)")
    p.add_argument("--resume", type=Path, metavar="FILE", default=None, help=resume_help)


COMMANDS = ("broker", "host", "serve", "bot", "lobby")


def add_parsers(sub: Any, games: tuple[str, ...] | Any = ()) -> None:
    """Add the network subcommands to ``caldera``'s subparsers (``games``: those whose table
    options are flags)."""
    br = sub.add_parser("broker", help="run the embedded MQTT broker (amqtt) in the foreground")
    br.add_argument(
        "--listen",
        nargs="?",
        const="0.0.0.0",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="open it to the LAN (all interfaces, or ADDRESS); default: this machine only",
    )
    br.add_argument("--port", type=int, default=1883)

    ho = sub.add_parser("host", help="open a table in the lobby and referee its game")
    game_or_resume(
        ho,
        "open again the table whose unfinished game is in FILE (hosted on this machine): the "
        "same table id, seats and seed; its players come back by themselves",
    )
    ho.add_argument("--seats", type=int, default=3)
    ho.add_argument("--bots", type=int, default=0, help="seats the host's own bots take")
    ho.add_argument("--bot", default="random", help="the kind of those bots")
    _table_options(ho, games)
    ho.add_argument("--linger", type=float, default=30.0,
                    help="at most this many seconds after the game ends, until every player "
                         "has left")  # fmt: skip
    ho.add_argument("--quiet", action="store_true", help="do not print the game's events")
    _broker_option(ho)

    se = sub.add_parser("serve", help="host tables for others, headless")
    se.add_argument("--server", default=None, help="this server's id (default: random)")
    se.add_argument("--name", default="", help="the name shown in the lobby")
    se.add_argument("--table", default=None, help="also open a table with this id at once")
    se.add_argument("--game", default=next(iter(GAMES)), help="the game of that table")
    se.add_argument("--seats", type=int, default=3, help="its seats")
    se.add_argument("--bots", type=int, default=0, help="how many of them the server's bots take")
    flags.add_flags(se, games)
    se.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot waits to move")
    se.add_argument("--linger", type=float, default=30.0,
                    help="seconds a finished table stays open")  # fmt: skip
    se.add_argument("--replay-dir", type=Path, default=None)
    se.add_argument("--max-tables", type=_at_least_one, default=None,
                    help="refuse requests beyond this many tables (default 200)")  # fmt: skip
    _broker_option(se)

    bo = sub.add_parser("bot", help="seat a bot at a table as an ordinary client")
    bo.add_argument("--table", required=True)
    bo.add_argument("--seat", type=int, default=None, help="1-based (default: the first free)")
    bo.add_argument("--kind", default="random")
    bo.add_argument("--name", default=None)
    bo.add_argument("--client", default=None,
                    help="identity (default: this machine's lasting bot identity, the same on "
                         "the next run, so a killed bot takes its seat back)")  # fmt: skip
    bo.add_argument("--delay", type=float, default=0.0, help="seconds to wait before each move")
    bo.add_argument("--seed", default=None)
    _broker_option(bo)

    jo = sub.add_parser("join", help="take a seat at a table and play it in the line mode")
    jo.add_argument("table")
    jo.add_argument("--lines", action="store_true",
                    help="events as sentences, commands as numbered lines (the only mode here: "
                         "the app's lobby, j, joins in full screen)")  # fmt: skip
    jo.add_argument("--seat", type=int, default=None, help="1-based (default: the first free)")
    jo.add_argument("--name", default=None, help="the name the others see")
    jo.add_argument("--watch", action="store_true", help="watch as a spectator")
    _broker_option(jo)

    lo = sub.add_parser("lobby", help="list the tables on the broker")
    lo.add_argument("--watch", action="store_true", help="keep listing changes until Ctrl-C")
    _broker_option(lo)


def _table_options(p: argparse.ArgumentParser, games: Any) -> None:
    p.add_argument("--table", default=None, help="the table's id (default: random)")
    p.add_argument("--name", default=None, help="the table's name in the lobby")
    p.add_argument("--seed", default=None)
    flags.add_flags(p, games)
    p.add_argument("--bot-delay", type=float, default=0.3, help="seconds a bot waits to move")
    p.add_argument("--standin", default="random",
                   help="bot that plays for a dropped player ('none' to wait)")  # fmt: skip
    p.add_argument("--standin-after", type=float, default=15.0,
                   help="seconds a player may be gone before the stand-in plays")  # fmt: skip
    p.add_argument("--replay-dir", type=Path, default=None)


def _run(coro: Coroutine[Any, Any, int]) -> int:
    """Run ``coro``; SIGTERM cancels it like Ctrl-C, so tables close cleanly either way."""

    async def main() -> int:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        if task is not None:
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signal.SIGTERM, task.cancel)
        try:
            return await coro
        except asyncio.CancelledError:
            return 130

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130


def _setup(args: argparse.Namespace) -> Any:
    from net.config import load

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("caldera: %(message)s"))
    net_log = logging.getLogger("caldera.net")
    net_log.addHandler(handler)
    net_log.setLevel(logging.INFO if getattr(args, "verbose", False) else logging.WARNING)
    logging.getLogger("mqtt").setLevel(logging.CRITICAL)  # aiomqtt's own chatter
    return load(getattr(args, "broker", None))


def _ensure_broker(address: Any) -> Any:
    from net.broker import ensure_broker

    return ensure_broker(address, announce=_say)


def _seat_line(card: Any) -> str:
    parts = []
    for i, seat in enumerate(card.seats):
        if seat.is_open:
            parts.append(f"{i + 1}: (open)")
            continue
        mark = "" if seat.online else " (away)"
        standin = f" [{seat.standin} bot standing in]" if seat.standin else ""
        parts.append(f"{i + 1}: {seat.name}{mark}{standin}")
    return ", ".join(parts)


# -- caldera broker ----------------------------------------------------------------------------


def broker(args: argparse.Namespace) -> int:
    from net.broker import serve_forever

    return _run(_broker(args.listen, args.port, serve_forever))


async def _broker(host: str, port: int, serve: Any) -> int:
    await serve(host, port, ready=_say)
    return 0


# -- caldera host --------------------------------------------------------------------------------


def host(args: argparse.Namespace) -> int:

    config = _setup(args)
    if args.resume is not None:
        if args.game is not None:
            raise CalderaError("--resume reopens the saved table: give no game")
    elif args.game is None:
        raise CalderaError(f"host needs a game ({', '.join(GAMES)}) or --resume FILE")
    else:
        _check_options(args)
    embedded = _ensure_broker(config.broker)
    try:
        return _run(_host(args, config))
    finally:
        if embedded is not None:
            embedded.stop()


def _check_options(args: argparse.Namespace) -> None:
    """The table's game and options as given on the command line, checked before anything
    opens (``CalderaError`` with one line)."""
    from core.games import get_rules

    try:
        get_rules(args.game).config(args.seats, flags.chosen(args, args.game, args.seats))
    except KeyError as exc:
        raise CalderaError(str(exc.args[0])) from None
    except ValueError as exc:
        raise CalderaError(str(exc)) from None


def _new_table(args: argparse.Namespace, config: Any) -> Any:
    from core.games import get_rules
    from net.host import TableHost

    try:
        rules = get_rules(args.game)
    except KeyError as exc:
        raise CalderaError(str(exc.args[0])) from None
    try:
        options = flags.chosen(args, args.game, args.seats)
    except ValueError as exc:
        raise CalderaError(str(exc)) from None
    me = config.name or "host"
    try:
        return TableHost(
            config.broker,
            rules,
            args.seats,
            table=args.table,
            name=args.name or f"{me}'s table",
            host=me,
            options=options,
            replay_dir=args.replay_dir,
            seed=args.seed,
            auto_start=True,
            bot_delay=args.bot_delay,
            standin=None if args.standin == "none" else args.standin,
            standin_after=args.standin_after,
        )
    except ValueError as exc:
        raise CalderaError(str(exc)) from None


async def _host(args: argparse.Namespace, config: Any) -> int:
    from net.host import TableHost

    if args.resume is not None:
        table = TableHost.resume(config.broker, args.resume)
    else:
        table = _new_table(args, config)
    rules = table.rules
    names: list[str] = list(table.referee.players) if table.referee is not None else []

    def on_card(card: Any) -> None:
        print(f"[{card.status}] {_seat_line(card)}", flush=True)

    def on_events(envs: Any) -> None:
        for env in envs:
            if env.seq == 0:
                names[:] = env.event.players
                continue
            if args.quiet:
                continue
            text = rules.describe(env.event, names) if env.type != "core.game_ended" else ""
            if text:
                print(f"{env.seq:5d}  {text}", flush=True)

    table.subscribe_card(on_card)
    table.subscribe_events(on_events)
    await table.open()
    try:
        broker = f" --broker {config.broker}" if config.source == "command line" else ""
        if args.resume is not None:
            assert table.referee is not None
            print(
                f"{rules.title} table {table.table} is open again on {config.broker}, at event "
                f"{table.referee.seq} of {table.replay_path}; its players come back by themselves",
                flush=True,
            )
        else:
            for _ in range(args.bots):
                await table.seat_bot(kind=args.bot)
            free = len(table.card.open_seats())
            print(
                f"{rules.title} table {table.table} is open on {config.broker} "
                f"({free} of {args.seats} seats free).\n"
                f"Join it from Caldera's lobby, or seat a bot: caldera bot --table {table.table}"
                + broker,
                flush=True,
            )
        await table.ended.wait()
        result = table.referee.outcome() if table.referee is not None else None
        if result is not None:
            scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(result.scores))
            winners = " and ".join(names[w] for w in result.winners)
            print(f"{rules.title}: {scores}; winner {winners}", flush=True)
        print(f"replay: {table.replay_path}", flush=True)
        await _linger(table, args.linger)
    finally:
        await table.close()
    return 0


async def _linger(table: Any, most: float) -> None:
    """Stay up to ``most`` seconds after the game, for late catch-ups, or until everyone left."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + most
    while loop.time() < deadline and any(s.client and s.online for s in table.card.seats):
        await asyncio.sleep(0.1)


# -- caldera serve -------------------------------------------------------------------------------


def serve(args: argparse.Namespace) -> int:
    config = _setup(args)
    if args.table is not None:
        _check_options(args)
    else:
        given = [n for n in getattr(args, "table_options", ()) if getattr(args, n) is not None]
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise CalderaError(f"{flag}: a table option, for the table --table opens (none is)")
    embedded = _ensure_broker(config.broker)
    try:
        return _run(_serve(args, config))
    finally:
        if embedded is not None:
            embedded.stop()


def _at_least_one(text: str) -> int:
    """A whole number of at least 1, for argparse (its error is the one line shown)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


async def _serve(args: argparse.Namespace, config: Any) -> int:
    from net.serve import Server

    server = Server(
        config.broker,
        server=args.server,
        name=args.name,
        replay_dir=args.replay_dir,
        linger=args.linger,
        announce=lambda line: print(line, flush=True),
        **({} if args.max_tables is None else {"max_tables": args.max_tables}),
    )
    resumed = await server.open()
    try:
        print(f"server {server.server} is serving tables on {config.broker}", flush=True)
        for host in resumed:
            assert host.referee is not None
            print(
                f"table {host.table} resumed at event {host.referee.seq}: {_seat_line(host.card)}",
                flush=True,
            )
        if args.table is not None and args.table not in server.tables:
            options = flags.chosen(args, args.game, args.seats)
            host = await server.open_table(
                args.game,
                args.seats,
                table=args.table,
                bots=args.bots,
                bot_delay=args.bot_delay,
                options=options,
            )
            print(f"table {host.table} is open: {_seat_line(host.card)}", flush=True)
        await asyncio.Event().wait()
    finally:
        await server.close()
    return 0


# -- caldera bot ---------------------------------------------------------------------------------


def bot(args: argparse.Namespace) -> int:
    config = _setup(args)
    return _run(_bot(args, config))


async def _bot(args: argparse.Namespace, config: Any) -> int:
    from core.bots import make_bot
    from net import topics
    from net.botclient import play
    from net.identity import claim
    from net.session import NetSession

    identity = args.client or config.broker.username
    if not identity:
        lease = claim("bot-identity")  # the same one on the next run: a killed bot comes back
        identity = lease.client
    else:  # a named client keeps its signing key too (its seat is bound to it)
        lease = claim(f"bot-{topics.check_name(identity, 'client id')}")
    seat = None if args.seat is None else args.seat - 1
    try:
        session = await NetSession.connect(
            config.broker,
            args.table,
            identity=identity,
            name=args.name or f"{args.kind.capitalize()} bot",
            seat=seat,
            bot=args.kind,
            keys=lease.keys if lease is not None else None,
        )
    except BaseException:
        if lease is not None:
            lease.release()
        raise
    try:
        assert session.seat is not None
        brain = make_bot(session.rules.game, args.kind, args.seed or f"{args.table}/{identity}")
        print(
            f"{args.kind} bot {identity} holds seat {session.seat + 1} at table {args.table}",
            flush=True,
        )
        await play(session, brain, delay=args.delay)
        if not session.ended:
            _say(f"table {args.table}: {session.status}")
            return 1
        last = len(session.envelopes) - 1
        try:
            await session.wait_until(lambda: session.verified_seq == last, 5)
            checked = ""
        except TimeoutError:
            checked = " (not checked: the host's last hash did not come)"
        print(f"game over at event {last}, state hash {session.current_hash}{checked}", flush=True)
        return 0
    finally:
        await session.close()
        if lease is not None:
            lease.release()


# -- caldera lobby -------------------------------------------------------------------------------


def lobby(args: argparse.Namespace) -> int:
    config = _setup(args)
    return _run(_lobby(args, config))


def _table_line(card: Any) -> str:
    taken = len(card.seats) - len(card.open_seats())
    watching = f"  · {card.watching} watching" if card.watching else ""
    return (
        f"{card.table:10} {card.title:10} {card.status:8} {taken}/{len(card.seats)}  "
        f"{card.name}  —  {_seat_line(card)}{watching}"
    )


async def _lobby(args: argparse.Namespace, config: Any) -> int:
    from net.lobby import Lobby

    async with Lobby(config.broker) as room:
        await asyncio.sleep(0.5)  # retained cards arrive at once
        if not room.tables:
            print(f"no tables on {config.broker}", flush=True)
        for _, card in sorted(room.tables.items()):
            print(_table_line(card), flush=True)
        if not args.watch:
            return 0

        def changed(table: str, card: Any) -> None:
            print(_table_line(card) if card is not None else f"{table:10} closed", flush=True)

        room.subscribe(changed)
        await asyncio.Event().wait()
    return 0


# -- caldera join ----------------------------------------------------------------------------------


def join(args: argparse.Namespace) -> int:
    if not args.lines:
        _say("join plays in the line mode: add --lines (the app's lobby, j, joins in full screen)")
        return 2
    config = _setup(args)
    return _run(_join(args, config))


async def _join(args: argparse.Namespace, config: Any) -> int:
    from net.identity import claim
    from net.session import NetSession
    from tui.lines import LinePlayer, stdin_line

    lease = claim()  # the app's lasting identity and key: a player who comes back gets the seat
    identity = config.broker.username or lease.client
    try:
        session = await NetSession.connect(
            config.broker,
            args.table,
            identity=identity,
            name=args.name or lease.name or config.name or identity,
            seat=None if args.seat is None else args.seat - 1,
            spectator=args.watch,
            keys=lease.keys,
        )
        try:
            where = "as a spectator" if session.seat is None else f"in seat {session.seat + 1}"
            print(f"At table {args.table} {where}; the game begins when every seat is taken.",
                  flush=True)  # fmt: skip
            player = LinePlayer(session, stdin_line, sys.stdout)

            def status(now: str) -> None:
                player.say(f"Table {args.table}: {now}.")  # a reader hears it as it happens
                player.wake()

            session.subscribe_status(status)
            return await player.run()
        finally:
            await session.close()
    finally:
        lease.release()


HANDLERS: dict[str, Handler] = {
    "join": join,
    "broker": broker,
    "host": host,
    "serve": serve,
    "bot": bot,
    "lobby": lobby,
}
