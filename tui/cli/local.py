"""Local play and replays: ``play`` (a game in the app or the line mode, hotseat and bots),
``replay`` (watch a replay file), ``selfplay`` (bots play a whole game into a replay file)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.language import N_, Translator, listed
from tui.cli import flags, shared
from tui.cli.command import Command, Parser, fail, no_flags
from tui.cli.files import load
from tui.play.seats import SEAT_NAMES

if TYPE_CHECKING:
    from tui.app import Launch

_ = Translator("cli").gettext
SELFPLAY_TURN_LIMIT = 200
DEFAULT_BOT = "greedy"


def _play_flags(p: Parser, games: Sequence[str]) -> None:
    shared.game_or_resume(
        p, _("go on with the unfinished game saved in FILE, where it stopped (same seed)")
    )
    p.add_argument(
        "--players",
        type=int,
        default=3,
        help=_("how many seats, 2 to the game's most (default 3)"),
    )
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT[:KIND]",
        help=_("seat (1-based) played by a bot, e.g. --bot 2 --bot 3:random (kind: {kind})").format(
            kind=DEFAULT_BOT
        ),
    )
    shared.seed(p, _("any text; the same seed deals the same game"))
    flags.add_flags(p, games)
    p.add_argument(
        "--pace",
        type=float,
        default=argparse.SUPPRESS,
        help=_("seconds between two bot commands (default 0.5; 0 is instant)"),
    )
    p.add_argument(
        "--lines",
        action="store_true",
        help=_(
            "no full screen: events as sentences, commands as numbered lines (screen readers, "
            "scripts)"
        ),
    )


def _replay_flags(p: Parser, games: Sequence[str]) -> None:
    shared.replay_file(p)
    p.add_argument("--pace", type=float, default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def _selfplay_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("game")
    p.add_argument("--players", type=int, default=3)
    shared.seed(p)
    p.add_argument("--out", required=True, type=Path)
    limited = next((titles for o, titles in flags.declared(games) if o.name == "turn_limit"), [])
    p.add_argument(
        "--turn-limit",
        type=int,
        default=None,
        help=_(
            "end the game after this many turns (default {limit}; 0 for none); only for games "
            "with a turn limit ({games}: the others always end)"
        ).format(limit=SELFPLAY_TURN_LIMIT, games=", ".join(limited)),
    )
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="[SEAT:]KIND",
        help=_(
            "the bot of every seat (KIND) or of one (SEAT:KIND, from 1), e.g. --bot hard "
            "--bot 2:random (default: {kind} everywhere)"
        ).format(kind=DEFAULT_BOT),
    )
    flags.add_flags(p, games, skip=("turn_limit",))
    p.add_argument("--quiet", action="store_true", help=_("no progress line"))


def selfplay_turn_limit(rules: Any, given: int | None) -> int | None:
    """The turn limit of a selfplay game: ``given`` (0: none), else the default, for a game
    that has a turn limit; a ``ValueError`` (one line) if ``given`` for one that has none."""
    if not any(option.name == "turn_limit" for option in rules.options):
        if given is not None:
            own = ", ".join(option.flag for option in rules.options) or "none"
            raise ValueError(
                _("--turn-limit: not an option of {game} (its own: {flags})").format(
                    game=rules.title, flags=own
                )
            )
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
        return fail(str(exc.args[0]) if exc.args else str(exc))
    names = SEAT_NAMES[: args.players]
    referee = Referee(rules, config, names, seed=args.seed)
    try:
        kinds = selfplay_bots(args.bot, args.players, args.game)
        bots = {s: make_bot(args.game, k, f"{referee.seed}/bot/{s}") for s, k in kinds.items()}
    except ValueError as exc:
        return fail(str(exc))
    try:
        writer = ReplayWriter.create(args.out, Header.for_game(referee.started))
    except FileExistsError:
        return fail(_("{file} already exists").format(file=args.out))
    except OSError as exc:
        why = exc.strerror or exc
        return fail(_("cannot write {file}: {why}").format(file=args.out, why=why))
    referee.sinks.append(writer.append)
    last = 0.0
    tty = sys.stderr.isatty() and not args.quiet

    def progress(ref: Referee[Any]) -> None:
        nonlocal last
        now = time.monotonic()
        if tty and now - last > 0.1:
            last = now
            turn = getattr(ref.state, "turn", "?")
            line = _("turn {turn}  events {n}").format(turn=turn, n=ref.seq)
            print("\r" + line, end="", file=sys.stderr, flush=True)

    started = time.monotonic()
    with writer:
        referee.begin()
        play_out(referee, bots, on_command=progress)
    elapsed = time.monotonic() - started
    result = referee.outcome()
    if tty:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    if result is None:
        return fail(_("the bots stopped before the game ended"))
    scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(result.scores))
    winners = listed(names[w] for w in result.winners)
    if not args.quiet:
        how = f" ({result.tiebreak})" if result.tiebreak not in ("", "score") else ""
        said = _("{game}: {scores}; winner {winners}")
        print(said.format(game=rules.title, scores=scores, winners=winners) + how)
        said = _("{n} events in {seconds}s -> {file}")
        print(said.format(n=referee.seq, seconds=f"{elapsed:.2f}", file=args.out))
    return 0


def selfplay_bots(specs: Sequence[str], players: int, game: str) -> dict[int, str]:
    """Every seat's bot (0-based): ``["hard", "2:random"]`` -> hard everywhere but seat 2;
    ``ValueError`` with one line."""
    from core.bots import bot_kinds

    out = dict.fromkeys(range(players), DEFAULT_BOT)
    for spec in specs:
        if ":" in spec or spec.strip().isdigit():
            out.update(parse_bots([spec], players, game))
        elif spec.strip() in bot_kinds(game):
            out = dict.fromkeys(range(players), spec.strip())
        else:
            known = ", ".join(bot_kinds(game))
            raise ValueError(
                _("--bot {spec!r}: unknown bot kind (known: {kinds})").format(
                    spec=spec, kinds=known
                )
            )
    return out


def parse_bots(specs: Sequence[str], players: int, game: str) -> dict[int, str]:
    """``["2", "3:random"]`` -> ``{1: "greedy", 2: "random"}`` (seats 0-based); ``ValueError``."""
    from core.bots import bot_kinds

    kinds = bot_kinds(game)
    bots: dict[int, str] = {}
    for spec in specs:
        seat_text, _colon, kind = spec.partition(":")
        kind = kind.strip() or DEFAULT_BOT
        try:
            seat = int(seat_text)
        except ValueError:
            seat = 0
        if not 1 <= seat <= players:
            raise ValueError(
                _("--bot {spec!r}: the seat is a number from 1 to {players}").format(
                    spec=spec, players=players
                )
            )
        if kind not in kinds:
            known = ", ".join(kinds)
            raise ValueError(
                _("--bot {spec!r}: unknown bot kind (known: {kinds})").format(
                    spec=spec, kinds=known
                )
            )
        bots[seat - 1] = kind
    return bots


def _play(args: argparse.Namespace) -> int | Launch:
    from core.games import get_rules
    from tui.app import Launch
    from tui.games import shown_games
    from tui.play.setup import local_game

    if args.resume is not None:
        if args.game is not None:
            return fail(_("--resume goes on with the saved game: give no game or options"))
        _resumable(args.resume)
        if args.lines:
            return _play_lines(args, None)
        return Launch(resume=args.resume)
    shown = shown_games()
    if args.game is None:
        return fail(
            _("play needs a game ({games}) or --resume FILE").format(games=", ".join(shown))
        )
    try:
        rules = get_rules(args.game)
        if args.game not in shown:
            known = ", ".join(shown)
            raise ValueError(
                _("the terminal cannot show {game} yet (it shows {games})").format(
                    game=rules.title, games=known
                )
            )
        options = flags.chosen(args, args.game, args.players)
        rules.config(args.players, options)
        bots = parse_bots(args.bot, args.players, args.game)
    except (KeyError, ValueError) as exc:
        return fail(str(exc.args[0]) if exc.args else str(exc))
    turn_limit = options.pop("turn_limit", None)
    setup = local_game(
        args.players, bots, game=args.game, seed=args.seed, turn_limit=turn_limit, options=options
    )
    if args.lines:
        return _play_lines(args, setup)
    return Launch(setup=setup)


def _play_lines(args: argparse.Namespace, setup: Any) -> int:
    """A local game in the line mode (``setup``), or the unfinished one in ``args.resume``."""
    import asyncio

    from tui.lines.player import LinePlayer, stdin_line
    from tui.play.setup import open_local_session
    from tui.play.tutorial_table import resume

    pace = args.pace if args.pace is not None else 0.0  # a reader wants the bots' moves at once
    if pace < 0:
        return fail(_("--pace is a number of seconds, 0 or more"))

    async def play() -> int:
        if setup is None:
            session = resume(args.resume, bot_pace=pace)
        else:
            try:
                session = open_local_session(setup, bot_pace=pace)
            except (ValueError, OSError) as exc:
                return fail(str(exc))
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

    replay = load(path)
    if replay.ended is not None:
        raise ReplayError(
            _("{file}: the game is over (caldera replay shows it)").format(file=path.name)
        )
    record = unfinished.find(path, replay.header.seed_hash)
    if record is None:
        unfinished.claim(path, replay.header.seed_hash).release()  # says why, in one line
    elif record.kind != "local":
        raise ReplayError(
            _("{file} is a table: caldera host --resume reopens it").format(file=path.name)
        )
    elif unfinished.held(path):
        raise ReplayError(_("{file} is being played in another process").format(file=path.name))


def _replay(args: argparse.Namespace) -> Launch:
    """The replay file opened before the app starts (a bad file: one line on stderr), its log
    audited once, in the fold the app shows (:mod:`tui.replay.opening`)."""
    from core.errors import CalderaError, ReplayError
    from tui.app import Launch
    from tui.replay.opening import opened

    replay = load(args.file)
    try:
        done = opened(args.file, replay)
    except CalderaError:
        raise
    except Exception as exc:  # a hostile file: one line, as the app would say it
        raise ReplayError(f"{args.file.name}: {exc}") from None
    return Launch(replay=args.file, opened=done)


def _keys(args: argparse.Namespace) -> int:
    """Every key of the app by its name, for the config file's ``[keys]`` table."""
    from tui.app import CalderaApp
    from tui.settings import bindings

    print(_("# name (for config.toml's [keys]), its keys, what it does"))
    for name, named in sorted(bindings.name_bindings(CalderaApp).items()):
        keys = ",".join(dict.fromkeys(b.key for _cls, b in named))
        what = next(
            (b.tooltip or b.description for _cls, b in named if b.tooltip or b.description), ""
        )
        print(f"{name:32} {keys:18} {what}".rstrip())
    return 0


COMMANDS = (
    Command(
        "play",
        N_("start a local game in the app (hotseat and bots)"),
        _play_flags,
        _play,
        table_options=True,
        description=N_(
            "Start a local game in the full-screen app: seat 1 is you, every seat not\n"
            "named by --bot is another human at this keyboard (hotseat), and the game is\n"
            "saved as a replay as it is played."
        ),
        epilog=N_(
            "examples:\n"
            "  caldera play GAME --players 2 --bot 2           you against the greedy bot\n"
            "  caldera play GAME --players 3 --bot 2 --bot 3:random --seed 42\n"
            "  caldera play GAME --players 2 --OPTION VALUE    a table option of the game (above)\n"
            "  caldera play --resume FILE                      go on with an unfinished game\n"
            "GAME is one of {games}."
        ),
    ),
    Command("replay", N_("watch a replay file in the app"), _replay_flags, _replay),
    Command("keys", N_("every key of the app by name, to remap in config.toml"), no_flags, _keys),
    Command(
        "selfplay",
        N_("bots play a whole game into a replay file"),
        _selfplay_flags,
        _selfplay,
        table_options=True,
    ),
)
