"""A table's commands: ``host`` (open a table and referee its game), ``join`` (a seat in the
line mode), ``bot`` (a bot in a seat, as an ordinary client).

Seats are numbered from 1 on the command line, as in ``caldera export --seat``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.errors import CalderaError
from core.known_games import GAMES
from tui.cli import flags, network, shared
from tui.cli.command import Command, Parser, say


def _host_flags(p: Parser, games: Sequence[str]) -> None:
    shared.game_or_resume(
        p,
        "open again the table whose unfinished game is in FILE (hosted on this machine): the "
        "same table id, seats and seed; its players come back by themselves",
    )
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--bots", type=int, default=0, help="seats the host's own bots take")
    p.add_argument("--bot", default="random", help="the kind of those bots")
    p.add_argument("--table", default=None, help="the table's id (default: random)")
    p.add_argument("--name", default=None, help="the table's name in the lobby")
    shared.seed(p)
    flags.add_flags(p, games)
    shared.bot_delay(p, 0.3)
    p.add_argument("--standin", default="random",
                   help="bot that plays for a dropped player ('none' to wait)")  # fmt: skip
    p.add_argument("--standin-after", type=float, default=15.0,
                   help="seconds a player may be gone before the stand-in plays")  # fmt: skip
    p.add_argument("--hints", action="store_true",
                   help="every seat may ask the hard bot what to play (key w)")  # fmt: skip
    p.add_argument("--no-chat", action="store_true",
                   help="no table chat (the lobby shows 'no chat')")  # fmt: skip
    p.add_argument("--members", type=Path, default=None, metavar="FILE",
                   help="the players' public keys (hex), one a line: only they take seats "
                        "(anyone may watch)")  # fmt: skip
    shared.replay_dir(p)
    shared.terms(p)
    shared.linger(p, "at most this many seconds after the game ends, until every player has left")
    p.add_argument("--quiet", action="store_true", help="do not print the game's events")
    shared.broker(p)


def _join_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("table")
    p.add_argument("--lines", action="store_true",
                   help="events as sentences, commands as numbered lines (the only mode here: "
                        "the app's lobby, j, joins in full screen)")  # fmt: skip
    shared.seat(p)
    p.add_argument("--name", default=None, help="the name the others see")
    p.add_argument("--watch", action="store_true", help="watch as a spectator")
    shared.broker(p)


def _bot_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("--table", required=True)
    shared.seat(p)
    p.add_argument("--kind", default="random")
    p.add_argument("--name", default=None)
    p.add_argument("--client", default=None,
                   help="identity (default: this machine's lasting bot identity, the same on "
                        "the next run, so a killed bot takes its seat back)")  # fmt: skip
    p.add_argument("--delay", type=float, default=0.0, help="seconds to wait before each move")
    shared.seed(p)
    shared.broker(p)


# -- caldera host --------------------------------------------------------------------------------


def _run_host(args: argparse.Namespace) -> int:

    config = network.setup(args)
    if args.resume is not None:
        if args.game is not None:
            raise CalderaError("--resume reopens the saved table: give no game")
    elif args.game is None:
        raise CalderaError(f"host needs a game ({', '.join(GAMES)}) or --resume FILE")
    else:
        network.check_options(args)
    members = shared.members(args.members)  # a bad list is said before any broker starts
    return network.run_with_broker(config, lambda: _host(args, config, members))


def _new_table(args: argparse.Namespace, config: Any) -> Any:
    from core.games import get_rules
    from net.table.host import TableHost

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
            clock=args.clock,
            on_timeout=args.on_timeout,
            rated=args.rated,
            hints=args.hints,
            chat=not args.no_chat,
        )
    except ValueError as exc:
        raise CalderaError(str(exc)) from None


async def _host(args: argparse.Namespace, config: Any, members: frozenset[str]) -> int:
    from net.table.host import TableHost

    if args.resume is not None:
        table = TableHost.resume(config.broker, args.resume)
    else:
        table = _new_table(args, config)
    if members:
        from net.club.work import members_only

        table.admit = members_only(members)
    rules = table.rules
    names: list[str] = list(table.referee.players) if table.referee is not None else []

    def on_card(card: Any) -> None:
        print(f"[{card.status}] {network.seat_line(card)}", flush=True)

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
        try:
            await table.ended.wait()
        except asyncio.CancelledError:  # Ctrl-C or SIGTERM: say how to go on
            say(_stopped(table, config))
            raise
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


def _stopped(table: Any, config: Any) -> str:
    """What a host stopped mid-game says: where the game is kept and how to open it again."""
    if table.referee is None or table.replay_path is None:
        return f"stopped: table {table.table} is closed (its game had not begun)"
    broker = f" --broker {config.broker}" if config.source == "command line" else ""
    return (
        f"stopped at event {table.referee.seq}: the game is saved; open table {table.table} "
        f"again with: caldera host --resume {table.replay_path}{broker}"
    )


async def _linger(table: Any, most: float) -> None:
    """Stay up to ``most`` seconds after the game, for late catch-ups, or until everyone left."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + most
    while loop.time() < deadline and any(s.client and s.online for s in table.card.seats):
        await asyncio.sleep(0.1)


JOIN_WAIT = 10.0  # seconds a table's host has to answer a join

# -- caldera join ----------------------------------------------------------------------------------


def _run_join(args: argparse.Namespace) -> int:
    if not args.lines:
        say("join plays in the line mode: add --lines (the app's lobby, j, joins in full screen)")
        return 2
    config = network.setup(args)
    return network.run(_join(args, config))


async def _join(args: argparse.Namespace, config: Any) -> int:
    from net.seat.session import NetSession
    from net.trust.identity import claim
    from tui.lines.player import LinePlayer, stdin_line

    lease = claim()  # the app's lasting identity and key: a player who comes back gets the seat
    identity = config.broker.username or lease.client
    print(
        f"Joining table {args.table} on {config.broker}: asking its host for "
        f"{'a chair' if args.watch else 'a seat'} (it answers within {JOIN_WAIT:g} s)…",
        flush=True,
    )
    waiting = asyncio.create_task(_still_waiting(args.table))
    try:
        try:
            session = await NetSession.connect(
                config.broker,
                args.table,
                timeout=JOIN_WAIT,
                identity=identity,
                name=args.name or lease.name or config.name or identity,
                seat=None if args.seat is None else args.seat - 1,
                spectator=args.watch,
                keys=lease.keys,
            )
        finally:
            waiting.cancel()
        try:
            where = "as a spectator" if session.seat is None else f"in seat {session.seat + 1}"
            print(f"At table {args.table} {where}; the game begins when every seat is taken.",
                  flush=True)  # fmt: skip
            player = LinePlayer(session, stdin_line, sys.stdout)

            def status(now: str) -> None:
                player.say(f"Table {args.table}: {now}.")  # a reader hears it as it happens
                player.wake()

            session.subscribe_status(status)
            code = await player.run()
            if session.ended and session.seat is not None:
                print(await _keep_replay(session), flush=True)
            return code
        finally:
            await session.close()
    finally:
        lease.release()


async def _keep_replay(session: Any) -> str:
    """Keep the finished game's replay in this terminal's saved games too (the host keeps its
    own): a line saying where, or why not."""
    from net.seat.keeping import keep_replay, not_kept
    from tui.replay.library import replays_dir

    try:
        kept = await keep_replay(session, replays_dir())
    except (CalderaError, OSError) as exc:
        return not_kept(exc)
    return f"The game's replay is in your saved games: {kept.path.name}"


async def _still_waiting(table: str, every: float = 3.0) -> None:
    """A line every few seconds while the table has not answered (a reader knows it waits)."""
    waited = 0.0
    while True:
        await asyncio.sleep(every)
        waited += every
        print(f"… no answer from table {table} yet ({waited:g} s)", flush=True)


# -- caldera bot ---------------------------------------------------------------------------------


def _run_bot(args: argparse.Namespace) -> int:
    config = network.setup(args)
    return network.run(_bot(args, config))


async def _bot(args: argparse.Namespace, config: Any) -> int:
    from core.bots import make_bot
    from net.seat.botclient import play
    from net.seat.session import NetSession
    from net.trust.identity import claim
    from net.wire import topics

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
            say(f"table {args.table}: {session.status}")
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


COMMANDS = (
    Command(
        "host",
        "open a table in the lobby and referee its game",
        _host_flags,
        _run_host,
        table_options=True,
    ),
    Command("bot", "seat a bot at a table as an ordinary client", _bot_flags, _run_bot),
    Command("join", "take a seat at a table and play it in the line mode", _join_flags, _run_join),
)
