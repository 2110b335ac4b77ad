"""A tutorial: a real game with a narrator, written as data (issue 45).

A tutorial file (TOML) names a game, its table (the players, a seed, the table options), the bot
that plays every seat but the learner's, and its steps. Each step is said to a seat when that
seat must act (the learner's, usually; a step of the bot's seat scripts the bot's move): a few
lines of text, the rule it meets in the rulebook's words, the move it expects (a pattern: the
command's kind and the fields that matter), other moves it allows, what it says to a wrong move
and the places to look at. After the last step the game goes on as a real one.

:func:`load` checks a file against the rules by playing it through the real engine: every step
must come when its seat is to act, and its expected move must be legal then, or the file is
refused with one line naming the step. The bot is made afresh for each of its moves, seeded by
the position in the log, so the same moves come every time (and after a game is resumed).

Every word a player reads from a file goes through :func:`words`, the one door the catalogues of
issue 44 will translate through.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from core.bots import make_bot
from core.errors import CalderaError, IllegalCommand
from core.games import get_rules
from core.language import DOMAINS, Translator
from core.messages import COMMANDS, Command
from core.options import START_PLAYER, TURN_LIMIT
from core.protocol import Rules
from core.referee import Referee

HERE = Path(__file__).with_name("tutorials")
TABLE_KEYS = frozenset({"game", "title", "intro", "outro", "players", "seed", "bot", "options",
                        "step", "finish", "follows"})  # fmt: skip
FINISHES = ("", "bot")  # after the steps: the learner plays on, or the bot plays to the end
STEP_KEYS = frozenset({"seat", "say", "rule", "expect", "allow", "wrong", "highlight"})
LESSON_OPTIONS = frozenset({TURN_LIMIT.name, START_PLAYER.name})  # a lesson's, not the game's
FINISH_PACE = 0.05  # seconds between the bots' commands once they play the rest for the learner
MOST_MOVES = 5000  # a file whose steps never come is refused, not played for ever


class TutorialError(CalderaError):
    """A tutorial file that cannot be played; the message names the file and the step."""


def words(game: str, text: str) -> str:
    """``text`` of a tutorial of ``game`` in the player's language (the one function every
    tutorial text is read through; as written until the catalogues hold it)."""
    if not text or game not in DOMAINS:
        return text
    return Translator(game).gettext(text)


@dataclass(frozen=True)
class Pattern:
    """A move as a step names it: a command kind (``move_canoe``) and the fields that matter."""

    kind: str  # the command's tag, ``kilauea.move_canoe``
    fields: Mapping[str, Any] = field(default_factory=dict)

    def matches(self, command: Command) -> bool:
        if self.kind != type(command).TAG:
            return False
        values = msgspec.structs.asdict(command)
        return all(_same(values.get(name), value) for name, value in self.fields.items())

    def __str__(self) -> str:
        said = " ".join(f"{k}={v}" for k, v in self.fields.items())
        return f"{self.kind.partition('.')[2]}{' ' + said if said else ''}"


def _same(have: Any, want: Any) -> bool:
    if isinstance(have, tuple | list) and isinstance(want, list | tuple):
        return len(have) == len(want) and all(_same(a, b) for a, b in zip(have, want, strict=True))
    return bool(have == want)


@dataclass(frozen=True)
class Step:
    """One thing the narrator says, at the moment ``seat`` must act (0-based)."""

    number: int  # from 1, as the file's reader counts them
    seat: int
    say: str
    expect: Pattern
    rule: str = ""
    allow: tuple[Pattern, ...] = ()
    wrong: str = ""
    highlight: tuple[str, ...] = ()

    def accepts(self, command: Command) -> bool:
        """Whether ``command`` is this step's move (the expected one, or one it allows)."""
        return self.expect.matches(command) or any(p.matches(command) for p in self.allow)


@dataclass(frozen=True)
class Tutorial:
    """A guided game: the table, the bot of the other seats and the steps."""

    game: str
    title: str
    intro: str
    outro: str
    players: tuple[str, ...]
    seed: str
    bot: str
    options: Mapping[str, Any]
    steps: tuple[Step, ...]
    name: str  # the file's stem: ``kilauea``
    learner: int = 0  # the seat the learner plays (seat 1)
    finish: str = ""  # "bot": after the steps the bot plays the learner's seat to the end
    follows: str = ""  # the tutorial to take first (what it taught is not asked again)

    @property
    def rules(self) -> Rules[Any]:
        return get_rules(self.game)

    def config(self) -> dict[str, Any]:
        return self.rules.config(len(self.players), dict(self.options))

    @property
    def real_options(self) -> dict[str, Any]:
        """The options of the real game offered after it: the game it taught (Mauna Kea's
        advanced cards, Arnak's side), without the lesson's short cuts (turn limit, who
        starts)."""
        return {k: v for k, v in self.options.items() if k not in LESSON_OPTIONS}

    def bot_seed(self, seat: int, seq: int) -> str:
        """The seed of the bot's move for ``seat`` at log position ``seq`` (the same every time)."""
        return f"{self.seed}/tutorial-bot/{seat}/{seq}"

    def bot_move(self, state: Any, seat: int, seq: int) -> Command:
        """The bot's own move (no step for it): made afresh, seeded by the log's position."""
        bot = make_bot(self.game, self.bot, self.bot_seed(seat, seq))
        return bot.choose(self.rules, self.rules.view(state, seat), seat)

    def words(self, text: str) -> str:
        return words(self.game, text)

    def names(self, players: Sequence[str]) -> tuple[str, ...]:
        """The ``players``' names (a game's, as its events hold them) as the table says them:
        the learner's ("You") in the reader's language, the others' as written. The events keep
        the file's names: nothing of a language goes into a log, a replay or an export
        (issue 44)."""
        return tuple(self.words(n) if s == self.learner else n for s, n in enumerate(players))


def step_move(rules: Rules[Any], state: Any, step: Step) -> Command | None:
    """The move a step plays when nobody chooses another: the first legal one its expected
    pattern fits (``None``: no legal move fits it now)."""
    return next((c for c in rules.legal_commands(state, step.seat) if step.expect.matches(c)), None)


def progress(tutorial: Tutorial, rules: Rules[Any], log: Sequence[Any]) -> int:
    """How many steps the commands in ``log`` (envelopes) have done: each command of the seat
    the next step is for does it."""
    done = 0
    for env in log:
        if done >= len(tutorial.steps):
            break
        command = rules.command_for(env.event)
        if command is not None and env.seat == tutorial.steps[done].seat:
            done += 1
    return done


@dataclass(frozen=True)
class Walk:
    """A tutorial played through by its expected moves: each step's move, and every move."""

    moves: tuple[tuple[int, Command], ...]  # (seat, command) in order, the bot's too
    step_moves: tuple[Command, ...]  # the move played at each step
    ended: bool  # the game ended before the steps ran out (or with the last one)


def walk(tutorial: Tutorial, *, to_end: bool = False) -> Walk:
    """Play ``tutorial`` through the real engine by its expected moves (and, with ``to_end``,
    on to the game's end with the bot for every seat); :class:`TutorialError` names the first
    step that cannot be played."""
    rules = tutorial.rules
    referee = Referee(rules, tutorial.config(), tutorial.players, seed=tutorial.seed)
    referee.begin()
    moves: list[tuple[int, Command]] = []
    played: list[Command] = []
    steps = iter(tutorial.steps)
    step = next(steps, None)
    where = tutorial.name
    while not referee.ended and len(moves) < MOST_MOVES:
        seat = rules.to_move(referee.state)[0]
        if step is not None and step.seat == seat:
            command = step_move(rules, referee.state, step)
            if command is None:
                raise TutorialError(
                    f"{where}: step {step.number}: {_why_not(rules, referee, step)}"
                )
            played.append(command)
            step = next(steps, None)
        elif step is not None and seat == tutorial.learner:
            raise TutorialError(
                f"{where}: step {step.number} is for seat {step.seat + 1}, but seat "
                f"{seat + 1} ({tutorial.players[seat]}) must act before it"
            )
        elif step is None and not to_end:
            break
        else:
            command = tutorial.bot_move(referee.state, seat, referee.seq)
        moves.append((seat, command))
        try:
            referee.submit(seat, command)
        except IllegalCommand as exc:  # cannot be: the move was listed as legal
            raise TutorialError(f"{where}: move {len(moves)}: {exc}") from None
    if step is not None:
        raise TutorialError(f"{where}: step {step.number}: the game ended before it came")
    return Walk(tuple(moves), tuple(played), referee.ended)


def _why_not(rules: Rules[Any], referee: Referee[Any], step: Step) -> str:
    """Why no legal move fits ``step``'s expected one: the rules' reason when the pattern names
    a whole command, else that none fits."""
    try:
        kind = COMMANDS.kind_of(step.expect.kind)
        command = msgspec.convert(dict(step.expect.fields), kind)
        rules.decide(referee.state, step.seat, command)
    except IllegalCommand as exc:
        return f"the expected move ({step.expect}) is not legal here: {exc}"
    except (CalderaError, msgspec.ValidationError, TypeError):
        pass
    return f"no legal move fits the expected one ({step.expect})"


# -- reading a file ------------------------------------------------------------------------------


def load(path: Path, *, check: bool = True) -> Tutorial:
    """The tutorial in ``path``, checked against the rules (``check``) by playing it through;
    :class:`TutorialError` with one line otherwise."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TutorialError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TutorialError(f"{path.name}: not a TOML file ({exc})") from None
    tutorial = parse(data, path.stem)
    if check:
        walk(tutorial)
    return tutorial


def builtin(name: str) -> Path:
    """The file of Caldera's own tutorial ``name``: a game's (``maunakea``), or another of that
    game's (``maunakea-advanced``); ``TutorialError`` when there is none."""
    path = HERE / f"{name}.toml"
    if "/" in name or not path.is_file():
        known = ", ".join(builtin_names()) or "none"
        raise TutorialError(f"there is no tutorial of {name!r} (there are: {known})")
    return path


def builtin_games() -> list[str]:
    """The games with a tutorial of their own, in the order Caldera knows them."""
    from core.known_games import GAMES

    return [g for g in GAMES if (HERE / f"{g}.toml").is_file()]


def builtin_names() -> list[str]:
    """Caldera's own tutorials by name: each game's, then its others (``maunakea-advanced``)."""
    from core.known_games import GAMES

    names: list[str] = []
    for game in GAMES:
        if (HERE / f"{game}.toml").is_file():
            names.append(game)
        names += sorted(p.stem for p in HERE.glob(f"{game}-*.toml"))
    return names


def parse(data: Mapping[str, Any], name: str) -> Tutorial:
    """A tutorial from a file's tables (its form only; :func:`walk` checks its moves)."""
    _known_keys(data, TABLE_KEYS, name)
    game = _text(data, "game", name)
    try:
        rules = get_rules(game)
    except KeyError:
        raise TutorialError(f"{name}: no game is called {game!r}") from None
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise TutorialError(f"{name}: players is a list of names, seat 1 the learner's")
    options = dict(data.get("options", {})) if isinstance(data.get("options", {}), dict) else None
    if options is None:
        raise TutorialError(f"{name}: options is a table of the game's options")
    declared = {option.name: option for option in rules.options}
    try:
        for key, value in list(options.items()):
            if key not in declared:
                raise ValueError(f"{rules.title} has no option {key!r} ({', '.join(declared)})")
            options[key] = declared[key].parse(str(value), len(players))  # seats from 1
        rules.config(len(players), options)
    except ValueError as exc:
        raise TutorialError(f"{name}: {exc}") from None
    bot = str(data.get("bot", "greedy"))
    try:
        make_bot(game, bot, "check")
    except ValueError as exc:
        raise TutorialError(f"{name}: {exc}") from None
    finish = data.get("finish", "")
    if finish not in FINISHES:
        raise TutorialError(
            f'{name}: finish is "bot" (the bot plays your seat to the end) or left out'
        )
    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list) or not raw_steps:
        raise TutorialError(f"{name}: no [[step]]: a tutorial has at least one")
    steps = tuple(_step(game, len(players), s, n, name) for n, s in enumerate(raw_steps, 1))
    return Tutorial(
        game=game,
        title=str(data.get("title", f"Learn {rules.title}")),
        intro=str(data.get("intro", "")),
        outro=str(data.get("outro", "")),
        players=tuple(players),
        seed=_text(data, "seed", name),
        bot=bot,
        options=options,
        steps=steps,
        name=name,
        finish=finish,
        follows=str(data.get("follows", "")),
    )


def _known_keys(data: Mapping[str, Any], keys: frozenset[str], where: str) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        known = ", ".join(sorted(keys))
        raise TutorialError(f"{where}: unknown key {unknown[0]!r} (known: {known})")


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise TutorialError(f"{where}: {key} must be given, as text")
    return value


def _step(game: str, players: int, data: Any, number: int, name: str) -> Step:
    where = f"{name}: step {number}"
    if not isinstance(data, dict):
        raise TutorialError(f"{where}: a step is a table")
    _known_keys(data, STEP_KEYS, where)
    seat = data.get("seat", 1)
    if not isinstance(seat, int) or not 1 <= seat <= players:
        raise TutorialError(f"{where}: seat is a number from 1 to {players}")
    if "expect" not in data:
        raise TutorialError(f"{where}: no expect (the move it asks for)")
    allow = data.get("allow", [])
    if not isinstance(allow, list):
        raise TutorialError(f"{where}: allow is a list of moves")
    highlight = data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
        raise TutorialError(f"{where}: highlight is a list of places, as text")
    return Step(
        number=number,
        seat=seat - 1,
        say=_text(data, "say", where),
        expect=pattern(game, data["expect"], where),
        rule=str(data.get("rule", "")),
        allow=tuple(pattern(game, a, where) for a in allow),
        wrong=str(data.get("wrong", "")),
        highlight=tuple(highlight),
    )


def pattern(game: str, data: Any, where: str) -> Pattern:
    """A move as a file writes it: ``{ kind = "move_canoe", steps = 2 }`` or just the kind."""
    if isinstance(data, str):
        data = {"kind": data}
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise TutorialError(f'{where}: a move is a table with its kind, e.g. {{ kind = "..." }}')
    fields = {k: v for k, v in data.items() if k != "kind"}
    tag = f"{game}.{data['kind']}"
    try:
        kind = COMMANDS.kind_of(tag)
    except CalderaError:
        kinds = ", ".join(t.partition(".")[2] for t in game_kinds(game))
        raise TutorialError(f"{where}: {game} has no move {data['kind']!r} ({kinds})") from None
    known = set(getattr(kind, "__struct_fields__", ()))
    strange = sorted(set(fields) - known)
    if strange:
        raise TutorialError(f"{where}: {data['kind']} has no field {strange[0]!r}")
    return Pattern(tag, fields)


def game_kinds(game: str, config: Mapping[str, Any] | None = None) -> list[str]:
    """Every kind of command ``game``'s rules define (their tags), counted from the registry;
    with a table's ``config``, only those its game has (not an option's that is off)."""
    rules = get_rules(game)  # importing the game registers its commands
    off: set[str] = set()
    if config is not None:
        for option, tags in getattr(rules, "option_commands", {}).items():
            if not config.get(option):
                off.update(tags)
    return [tag for tag in COMMANDS.tags() if tag.startswith(f"{game}.") and tag not in off]


def covered(tutorial: Tutorial) -> Iterator[str]:
    """The command kinds the steps' expected moves are of, with those of the tutorial it
    follows (Caldera's own, by name)."""
    kinds = [step.expect.kind for step in tutorial.steps]
    if tutorial.follows:
        kinds += covered(load(builtin(tutorial.follows), check=False))
    yield from dict.fromkeys(kinds)
