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
from core.language import N_, Translator, listed
from tui.cli import flags, network, shared
from tui.cli.command import Command, Parser, say

_ = Translator("cli").gettext


def _host_flags(p: Parser, games: Sequence[str]) -> None:
    shared.game_or_resume(
        p,
        _(
            "open again the table whose unfinished game is in FILE (hosted on this machine): "
            "the same table id, seats and seed; its players come back by themselves"
        ),
    )
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--bots", type=int, default=0, help=_("seats the host's own bots take"))
    p.add_argument("--bot", default="random", help=_("the kind of those bots"))
    p.add_argument("--table", default=None, help=_("the table's id (default: random)"))
    p.add_argument("--name", default=None, help=_("the table's name in the lobby"))
    shared.seed(p)
    flags.add_flags(p, games)
    shared.bot_delay(p, 0.3)
    p.add_argument("--standin", default="random",
                   help=_("bot that plays for a dropped player ('none' to wait)"))  # fmt: skip
    p.add_argument("--standin-after", type=float, default=15.0,
                   help=_("seconds a player may be gone before the stand-in plays"))  # fmt: skip
    p.add_argument("--hints", action="store_true",
                   help=_("every seat may ask the hard bot what to play (key w)"))  # fmt: skip
    p.add_argument("--no-chat", action="store_true",
                   help=_("no table chat (the lobby shows 'no chat')"))  # fmt: skip
    p.add_argument("--members", type=Path, default=None, metavar="FILE",
                   help=_("the players' public keys (hex), one a line: only they take seats "
                          "(anyone may watch)"))  # fmt: skip
    shared.replay_dir(p)
    shared.terms(p)
    shared.linger(
        p, _("at most this many seconds after the game ends, until every player has left")
    )
    p.add_argument("--quiet", action="store_true", help=_("do not print the game's events"))
    shared.broker(p)


def _join_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("table")
    p.add_argument("--lines", action="store_true",
                   help=_("events as sentences, commands as numbered lines (the only mode here: "
                          "the app's lobby, j, joins in full screen)"))  # fmt: skip
    shared.seat(p)
    p.add_argument("--name", default=None, help=_("the name the others see"))
    p.add_argument("--watch", action="store_true", help=_("watch as a spectator"))
    shared.broker(p)


def _bot_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("--table", required=True)
    shared.seat(p)
    p.add_argument("--kind", default="random")
    p.add_argument("--name", default=None)
    p.add_argument("--client", default=None,
                   help=_("identity (default: this machine's lasting bot identity, the same on "
                          "the next run, so a killed bot takes its seat back)"))  # fmt: skip
    p.add_argument("--delay", type=float, default=0.0,
                   help=_("seconds to wait before each move"))  # fmt: skip
    shared.seed(p)
    shared.broker(p)


# -- caldera host --------------------------------------------------------------------------------


def _run_host(args: argparse.Namespace) -> int:

    config = network.setup(args)
    if args.resume is not None:
        if args.game is not None:
            raise CalderaError(_("--resume reopens the saved table: give no game"))
    elif args.game is None:
        said = _("host needs a game ({games}) or --resume FILE")
        raise CalderaError(said.format(games=", ".join(GAMES)))
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
            name=args.name or _("{player}'s table").format(player=me),
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
        print(f"[{card.status}] {network.seat_line(card)}", flush=True)  # the card's word

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
        broker = f" --broker {config.broker}" if config.source == "command line" else ""  # internal
        if args.resume is not None:
            assert table.referee is not None
            said = _(
                "{game} table {table} is open again on {broker}, at event {n} of {file}; its "
                "players come back by themselves"
            )
            print(said.format(game=rules.title, table=table.table, broker=config.broker,
                              n=table.referee.seq, file=table.replay_path), flush=True)  # fmt: skip
        else:
            for _seat in range(args.bots):
                await table.seat_bot(kind=args.bot)
            free = len(table.card.open_seats())
            said = _(
                "{game} table {table} is open on {broker} ({free} of {seats} seats free).\n"
                "Join it from Caldera's lobby, or seat a bot: {command}"
            )
            command = f"caldera bot --table {table.table}{broker}"
            shown = said.format(game=rules.title, table=table.table, broker=config.broker,
                                free=free, seats=args.seats, command=command)  # fmt: skip
            print(shown, flush=True)
        try:
            await table.ended.wait()
        except asyncio.CancelledError:  # Ctrl-C or SIGTERM: say how to go on
            say(_stopped(table, config))
            raise
        result = table.referee.outcome() if table.referee is not None else None
        if result is not None:
            scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(result.scores))
            winners = listed(names[w] for w in result.winners)
            said = _("{game}: {scores}; winner {winners}")
            print(said.format(game=rules.title, scores=scores, winners=winners), flush=True)
        print(_("replay: {file}").format(file=table.replay_path), flush=True)
        await _linger(table, args.linger)
    finally:
        await table.close()
    return 0


def _stopped(table: Any, config: Any) -> str:
    """What a host stopped mid-game says: where the game is kept and how to open it again."""
    if table.referee is None or table.replay_path is None:
        return _("stopped: table {table} is closed (its game had not begun)").format(
            table=table.table
        )
    broker = f" --broker {config.broker}" if config.source == "command line" else ""  # internal
    said = _("stopped at event {n}: the game is saved; open table {table} again with: {command}")
    command = f"caldera host --resume {table.replay_path}{broker}"
    return said.format(n=table.referee.seq, table=table.table, command=command)


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
        say(
            _("join plays in the line mode: add --lines (the app's lobby, j, joins in full screen)")
        )
        return 2
    config = network.setup(args)
    return network.run(_join(args, config))


async def _join(args: argparse.Namespace, config: Any) -> int:
    from net.seat.session import NetSession
    from net.trust.identity import claim
    from tui.lines.player import LinePlayer, stdin_line

    lease = claim()  # the app's lasting identity and key: a player who comes back gets the seat
    identity = config.broker.username or lease.client
    if args.watch:
        asking = _(
            "Joining table {table} on {broker}: asking its host for a chair (it answers within "
            "{seconds} s)…"
        )
    else:
        asking = _(
            "Joining table {table} on {broker}: asking its host for a seat (it answers within "
            "{seconds} s)…"
        )
    print(asking.format(table=args.table, broker=config.broker, seconds=f"{JOIN_WAIT:g}"),
          flush=True)  # fmt: skip
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
            if session.seat is None:
                said = _(
                    "At table {table} as a spectator; the game begins when every seat is taken."
                ).format(table=args.table)
            else:
                said = _(
                    "At table {table} in seat {seat}; the game begins when every seat is taken."
                ).format(table=args.table, seat=session.seat + 1)
            print(said, flush=True)
            player = LinePlayer(session, stdin_line, sys.stdout)

            def status(now: str) -> None:
                said = _("Table {table}: {status}.").format(table=args.table, status=now)
                player.say(said)  # a reader hears it as it happens
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
    return _("The game's replay is in your saved games: {file}").format(file=kept.path.name)


async def _still_waiting(table: str, every: float = 3.0) -> None:
    """A line every few seconds while the table has not answered (a reader knows it waits)."""
    waited = 0.0
    while True:
        await asyncio.sleep(every)
        waited += every
        said = _("… no answer from table {table} yet ({seconds} s)")
        print(said.format(table=table, seconds=f"{waited:g}"), flush=True)


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
        # net.wire's refusal of a bad name is its own English line, naming what it checks
        lease = claim(f"bot-{topics.check_name(identity, 'client id')}")  # internal
    seat = None if args.seat is None else args.seat - 1
    try:
        session = await NetSession.connect(
            config.broker,
            args.table,
            identity=identity,
            name=args.name or _("{kind} bot").format(kind=args.kind.capitalize()),
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
        said = _("{kind} bot {identity} holds seat {seat} at table {table}")
        print(said.format(kind=args.kind, identity=identity, seat=session.seat + 1,
                          table=args.table), flush=True)  # fmt: skip
        await play(session, brain, delay=args.delay)
        if not session.ended:
            say(_("table {table}: {status}").format(table=args.table, status=session.status))
            return 1
        last = len(session.envelopes) - 1
        try:
            await session.wait_until(lambda: session.verified_seq == last, 5)
            said = _("game over at event {n}, state hash {hash}")
        except TimeoutError:
            said = _(
                "game over at event {n}, state hash {hash} (not checked: the host's last hash did "
                "not come)"
            )
        print(said.format(n=last, hash=session.current_hash), flush=True)
        return 0
    finally:
        await session.close()
        if lease is not None:
            lease.release()


COMMANDS = (
    Command(
        "host",
        N_("open a table in the lobby and referee its game"),
        _host_flags,
        _run_host,
        table_options=True,
    ),
    Command("bot", N_("seat a bot at a table as an ordinary client"), _bot_flags, _run_bot),
    Command(
        "join",
        N_("take a seat at a table and play it in the line mode"),
        _join_flags,
        _run_join,
    ),
)
