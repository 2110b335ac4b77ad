"""The ``caldera`` command: the app with no arguments, subcommands for scripts and tests.

Every error a user can meet is one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from core.errors import CalderaError
from tui import flags, netcli
from tui.seats import SEAT_NAMES

SELFPLAY_TURN_LIMIT = 200
DEFAULT_BOT = "greedy"


def _fail(message: str) -> int:
    print(f"caldera: {message}", file=sys.stderr)
    return 2


COMMANDS = ("play", "replay", "selfplay", "export", "state", "verify", *netcli.COMMANDS)


class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line (argparse prints the whole usage first);
    its subcommands' parsers are of the same kind."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _parser(games: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The command line; ``games``: those whose table options are flags (``flags.flag_games``)."""
    p = _OneLineParser(prog="caldera", description=__doc__)
    p.add_argument(
        "--pace",
        type=float,
        default=None,
        help="seconds between two bot commands in the app (default 0.5; 0 is instant)",
    )
    sub = p.add_subparsers(dest="command")

    pl = sub.add_parser(
        "play",
        help="start a local game in the app (hotseat and bots)",
        description="Start a local game in the full-screen app: seat 1 is you, every seat not\n"
        "named by --bot is another human at this keyboard (hotseat), and the game is\n"
        "saved as a replay as it is played.",
        epilog="examples:\n"
        "  caldera play maunakea --players 2 --bot 2       you against the greedy bot\n"
        "  caldera play maunakea --players 2 --advanced    two humans, the advanced game\n"
        "  caldera play kilauea --players 3 --bot 2 --bot 3:random --forest-sides ABBAB\n"
        "  caldera play --resume FILE                      go on with an unfinished game",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    netcli.game_or_resume(
        pl, "go on with the unfinished game saved in FILE, where it stopped (same seed)"
    )
    pl.add_argument(
        "--players", type=int, default=3, help="how many seats, 2 to the game's most (default 3)"
    )
    pl.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT[:KIND]",
        help=f"seat (1-based) played by a bot, e.g. --bot 2 --bot 3:random (kind: {DEFAULT_BOT})",
    )
    pl.add_argument("--seed", default=None, help="any text; the same seed deals the same game")
    flags.add_flags(pl, games)
    pl.add_argument(
        "--pace",
        type=float,
        default=argparse.SUPPRESS,
        help="seconds between two bot commands (default 0.5; 0 is instant)",
    )
    pl.add_argument(
        "--lines",
        action="store_true",
        help="no full screen: events as sentences, commands as numbered lines (screen readers, "
        "scripts)",
    )

    rp = sub.add_parser("replay", help="watch a replay file in the app")
    rp.add_argument("file", type=Path)
    rp.add_argument("--pace", type=float, default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    sp = sub.add_parser("selfplay", help="bots play a whole game into a replay file")
    sp.add_argument("game")
    sp.add_argument("--players", type=int, default=3)
    sp.add_argument("--seed", default=None)
    sp.add_argument("--out", required=True, type=Path)
    sp.add_argument(
        "--turn-limit",
        type=int,
        default=None,
        help=f"end the game after this many turns (default {SELFPLAY_TURN_LIMIT}; 0 for none); "
        "only for games with a turn limit (Mauna Kea, Kilauea: Arnak's five rounds always end)",
    )
    sp.add_argument("--bot", default="random", help="bot kind for every seat")
    flags.add_flags(sp, games, skip=("turn_limit",))
    sp.add_argument("--quiet", action="store_true", help="no progress line")

    ex = sub.add_parser("export", help="export a replay's events")
    ex.add_argument("file", type=Path)
    ex.add_argument("--format", choices=("jsonl", "json", "msgpack", "text"), default="jsonl")
    ex.add_argument(
        "--seat", type=int, default=None, help="export what this seat (1-based) may see"
    )
    ex.add_argument("--out", type=Path, default=None, help="write here instead of stdout")

    st = sub.add_parser("state", help="the JSON position at an event")
    st.add_argument("file", type=Path)
    st.add_argument("--at", type=int, default=None, help="event number (default: the end)")
    st.add_argument("--seat", type=int, default=None, help="only what this seat (1-based) may know")

    ve = sub.add_parser("verify", help="check a replay: hash chain, re-fold, seed audit")
    ve.add_argument("file", type=Path)

    netcli.add_parsers(sub, games)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args = _parser(flags.flag_games(words, COMMANDS)).parse_args(words)
    try:
        if args.command is None:
            return _run_app(args, None)
        handler = {
            "play": _play,
            "replay": _replay,
            "selfplay": _selfplay,
            "export": _export,
            "state": _state,
            "verify": _verify,
            **netcli.HANDLERS,
        }[args.command]
        return handler(args)
    except CalderaError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `caldera export … | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def selfplay_turn_limit(rules: Any, given: int | None) -> int | None:
    """The turn limit of a selfplay game: ``given`` (0: none), else the default, for a game
    that has a turn limit; a ``ValueError`` (one line) if ``given`` for one that has none."""
    if not any(option.name == "turn_limit" for option in rules.options):
        if given is not None:
            own = ", ".join(option.flag for option in rules.options) or "none"
            raise ValueError(f"--turn-limit: not an option of {rules.title} (its own: {own})")
        return None
    return SELFPLAY_TURN_LIMIT if given is None else given


def _selfplay(args: argparse.Namespace) -> int:
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.referee import Referee
    from replays.file import Header, ReplayWriter

    try:
        rules = get_rules(args.game)
        options = flags.chosen(args, args.game, args.players)
        limit = selfplay_turn_limit(rules, args.turn_limit)
        if limit:
            options["turn_limit"] = limit
        config = rules.config(args.players, options)
    except (KeyError, ValueError) as exc:
        return _fail(str(exc.args[0]) if exc.args else str(exc))
    names = SEAT_NAMES[: args.players]
    referee = Referee(rules, config, names, seed=args.seed)
    try:
        bots = {
            s: make_bot(args.game, args.bot, f"{referee.seed}/bot/{s}") for s in range(args.players)
        }
    except ValueError as exc:
        return _fail(str(exc))
    try:
        writer = ReplayWriter.create(args.out, Header.for_game(referee.started))
    except FileExistsError:
        return _fail(f"{args.out} already exists")
    except OSError as exc:
        return _fail(f"cannot write {args.out}: {exc.strerror or exc}")
    referee.sinks.append(writer.append)
    last = 0.0
    tty = sys.stderr.isatty() and not args.quiet

    def progress(ref: Referee[Any]) -> None:
        nonlocal last
        now = time.monotonic()
        if tty and now - last > 0.1:
            last = now
            turn = getattr(ref.state, "turn", "?")
            print(f"\rturn {turn}  events {ref.seq}", end="", file=sys.stderr, flush=True)

    started = time.monotonic()
    with writer:
        referee.begin()
        play_out(referee, bots, on_command=progress)
    elapsed = time.monotonic() - started
    result = referee.outcome()
    if tty:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    if result is None:
        return _fail("the bots stopped before the game ended")
    scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(result.scores))
    winners = " and ".join(names[w] for w in result.winners)
    if not args.quiet:
        print(
            f"{rules.title}: {scores}; winner {winners}"
            f"{' (' + result.tiebreak + ')' if result.tiebreak not in ('', 'score') else ''}"
        )
        print(f"{referee.seq} events in {elapsed:.2f}s -> {args.out}")
    return 0


def _load(path: Path) -> Any:
    """Read a replay, saying in one line each what is wrong with the file (a torn tail, damage
    in the middle); an unreadable file is a ``CalderaError``."""
    from replays.file import read

    replay = read(path)
    for warning in replay.warnings:
        print(f"caldera: warning: {warning}", file=sys.stderr)
    return replay


def _status(replay: Any) -> int:
    """0, or 1 when the file was damaged (a torn tail): the work was done on the intact part,
    and scripts still notice."""
    return 1 if replay.warnings else 0


def _export(args: argparse.Namespace) -> int:
    from replays import export
    from replays.check import playable

    replay = _load(args.file)
    playable(replay)
    envelopes = [*replay.envelopes, *replay.after_gap]  # never drop what could be read
    seat = None if args.seat is None else args.seat - 1
    if seat is not None and seat not in range(len(replay.header.players)):
        return _fail(f"--seat is 1 to {len(replay.header.players)}")
    export.check_seat(envelopes, seat)
    data: str | bytes
    if args.format == "jsonl":
        data = export.to_jsonl(envelopes, seat)
    elif args.format == "json":
        data = export.to_json(envelopes, replay.header.to_wire(), seat)
    elif args.format == "msgpack":
        data = export.to_msgpack(envelopes, seat)
    else:
        data = export.to_text(envelopes, seat)
    if args.out is not None:
        if isinstance(data, str):
            args.out.write_text(data, encoding="utf-8")
        else:
            args.out.write_bytes(data)
    elif isinstance(data, bytes):
        sys.stdout.buffer.write(data)
    else:
        sys.stdout.write(data)
    return _status(replay)


def _state(args: argparse.Namespace) -> int:
    from replays.check import playable
    from replays.export import check_seat, hides_something
    from replays.timeline import Timeline

    replay = _load(args.file)
    playable(replay)
    timeline = Timeline(replay.envelopes)
    at = len(timeline) - 1 if args.at is None else args.at
    if not 0 <= at < len(timeline):
        return _fail(f"--at must be 0 … {len(timeline) - 1}")
    state = timeline.state_at(at)
    rules = timeline.rules
    if args.seat is not None:
        if args.seat - 1 not in range(len(replay.header.players)):
            return _fail(f"--seat is 1 to {len(replay.header.players)}")
        check_seat(replay.envelopes, args.seat - 1)
        state = rules.view(state, args.seat - 1)
    elif replay.ended is None and hides_something(rules, replay.envelopes):
        print(
            "caldera: the game is unfinished and hides cards: this is a spectator's view",
            file=sys.stderr,
        )
        state = rules.view(state, None)
    doc = rules.dump_position(state)
    doc["at_event"] = at
    print(json.dumps(doc, ensure_ascii=False, indent=1))
    return _status(replay)


def _verify(args: argparse.Namespace) -> int:
    from core.audit import audit
    from replays import proofs

    replay = _load(args.file)
    report = audit(replay.envelopes)
    name = args.file.name
    signed = proofs.check(args.file, replay.envelopes, replay.raw, expected=replay.header.proofs)
    if not report.ok or not signed.ok:
        for problem in report.problems + signed.problems:
            print(f"caldera: {name}: {problem}", file=sys.stderr)
        return 1
    seed = "seed audited" if report.seed_checked else "unfinished: seed not yet revealed"
    plural = "s" if report.undos != 1 else ""
    undos = f", {report.undos} take-back{plural} checked" if report.undos else ""
    checked = (
        f"hash chain intact, {report.commands} commands re-decided{undos}, {report.draws} draws "
        f"re-drawn ({seed})"
    )
    if replay.warnings:  # what was cut or lost is said above, on stderr
        last = report.events - 1
        print(f"{name}: DAMAGED — events 0–{last} check out ({checked}), the rest is not whole")
        return 1
    print(f"{name}: OK — {report.events} events, {checked}")
    if signed.found:
        unsigned = signed.unsigned
        if unsigned is None:
            hosted = "every event signed by the host"
        else:
            first, last = unsigned
            done = f"the host signed events 0–{first - 1}, " if first else ""
            hosted = (
                f"{done}events {first}–{last} not yet (the game is unfinished: its host stopped "
                "before signing them; resuming the table signs them)"
            )
        print(f"{name}: who played: {_who_played(signed)}; {hosted}")
    return 0


def _who_played(signed: Any) -> str:
    """``seat 1 signed 12 commands (key k:3f9a2c71), seat 2: 9 by the host's bots``."""
    from net.keys import fingerprint

    seats = sorted({*signed.signed, *signed.by_host})
    parts = []
    for seat in seats:
        words = []
        if seat in signed.signed:
            key = fingerprint(bytes.fromhex(signed.keys[seat]))
            words.append(f"signed {signed.signed[seat]} commands (key {key})")
        if seat in signed.by_host:
            words.append(f"{signed.by_host[seat]} unsigned (the host's bots)")
        parts.append(f"seat {seat + 1} " + " and ".join(words))
    return ", ".join(parts) or "no command"


def parse_bots(specs: Sequence[str], players: int, game: str) -> dict[int, str]:
    """``["2", "3:random"]`` -> ``{1: "greedy", 2: "random"}`` (seats 0-based); ``ValueError``."""
    from core.bots import bot_kinds

    kinds = bot_kinds(game)
    bots: dict[int, str] = {}
    for spec in specs:
        seat_text, _, kind = spec.partition(":")
        kind = kind.strip() or DEFAULT_BOT
        try:
            seat = int(seat_text)
        except ValueError:
            raise ValueError(f"--bot {spec!r}: the seat is a number from 1 to {players}") from None
        if not 1 <= seat <= players:
            raise ValueError(f"--bot {spec!r}: the seat is a number from 1 to {players}")
        if kind not in kinds:
            raise ValueError(f"--bot {spec!r}: unknown bot kind (known: {', '.join(kinds)})")
        bots[seat - 1] = kind
    return bots


def _play(args: argparse.Namespace) -> int:
    from core.games import get_rules
    from tui.app import Launch
    from tui.games import shown_games
    from tui.tables import local_game

    if args.resume is not None:
        if args.game is not None:
            return _fail("--resume goes on with the saved game: give no game or options")
        _resumable(args.resume)
        if args.lines:
            return _play_lines(args, None)
        return _run_app(args, Launch(resume=args.resume))
    shown = shown_games()
    if args.game is None:
        return _fail(f"play needs a game ({', '.join(shown)}) or --resume FILE")
    try:
        rules = get_rules(args.game)
        if args.game not in shown:
            known = ", ".join(shown)
            raise ValueError(f"the terminal cannot show {rules.title} yet (it shows {known})")
        options = flags.chosen(args, args.game, args.players)
        rules.config(args.players, options)
        bots = parse_bots(args.bot, args.players, args.game)
    except (KeyError, ValueError) as exc:
        return _fail(str(exc.args[0]) if exc.args else str(exc))
    turn_limit = options.pop("turn_limit", None)
    setup = local_game(
        args.players, bots, game=args.game, seed=args.seed, turn_limit=turn_limit, options=options
    )
    if args.lines:
        return _play_lines(args, setup)
    return _run_app(args, Launch(setup=setup))


def _play_lines(args: argparse.Namespace, setup: Any) -> int:
    """A local game in the line mode (``setup``), or the unfinished one in ``args.resume``."""
    import asyncio

    from tui.lines import LinePlayer, stdin_line
    from tui.session import LocalSession
    from tui.tables import open_local_session

    pace = args.pace if args.pace is not None else 0.0  # a reader wants the bots' moves at once
    if pace < 0:
        return _fail("--pace is a number of seconds, 0 or more")

    async def play() -> int:
        if setup is None:
            session = LocalSession.resume(args.resume, bot_pace=pace)
        else:
            try:
                session = open_local_session(setup, bot_pace=pace)
            except (ValueError, OSError) as exc:
                return _fail(str(exc))
        player = LinePlayer(session, stdin_line, sys.stdout)
        try:
            await session.start()
            code = await player.run()
        finally:
            await session.close()
        print(f"Replay: {session.replay_path}", flush=True)
        return code

    return asyncio.run(play())


def _resumable(path: Path) -> None:
    """Check, before the app starts, that ``path`` holds a local game this machine can resume
    (a ``CalderaError`` with one line otherwise)."""
    from core.errors import ReplayError
    from replays import unfinished

    replay = _load(path)
    if replay.ended is not None:
        raise ReplayError(f"{path.name}: the game is over (caldera replay shows it)")
    record = unfinished.find(path, replay.header.seed_hash)
    if record is None:
        unfinished.claim(path, replay.header.seed_hash).release()  # says why, in one line
    elif record.kind != "local":
        raise ReplayError(f"{path.name} is a table: caldera host --resume reopens it")
    elif unfinished.held(path):
        raise ReplayError(f"{path.name} is being played in another process")


def _replay(args: argparse.Namespace) -> int:
    from replays.check import playable
    from tui.app import Launch

    playable(_load(args.file))  # a bad file: one line on stderr, before the app starts
    return _run_app(args, Launch(replay=args.file))


def _run_app(args: argparse.Namespace, launch: Any) -> int:
    from tui.app import CalderaApp
    from tui.session import DEFAULT_BOT_PACE

    pace = args.pace if args.pace is not None else DEFAULT_BOT_PACE
    if pace < 0:
        return _fail("--pace is a number of seconds, 0 or more")
    CalderaApp(launch, bot_pace=pace).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
