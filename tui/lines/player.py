"""The line mode: a game as plain lines of text, for a screen reader or a script.

Each event is printed as the sentence the event log shows. When a seat at this terminal must
act, the prompt says whose turn it is and lists the legal commands as short numbered lines
(each in the game's words: what the command does, decided on a copy of the state); with many,
it first says how many of each kind there are, and words typed narrow the list. The player types
a number, or words that pick one line, or ``look`` (the position in sentences, only what the
seat may see; ``look Ann`` about one player), ``undo``, ``help``, ``quit``. Bad input gets one
clear line and the question again. When several players share the terminal, each turn first
says whose it is and waits for enter, so the others can look away before a hand is read out.
It plays any :class:`~core.session.Session`: a local game with bots, or a seat at a table across
the network, where ``say TEXT`` talks to the table and its lines are printed as they come
(:mod:`tui.lines.chat`).
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

import msgspec

from core.clock import describe as clock_sentence
from core.codec import Envelope
from core.errors import CalderaError
from core.follower import Follower
from core.language import N_, Translator, listed
from core.lifecycle import ClockRead, GameEnded, Undo
from core.messages import Command
from core.protocol import Rules, Seat
from core.session import Session
from tui.lines.chat import LineChat, chat_help
from tui.lines.position import look, player_named
from tui.lines.sentences import sentence
from tui.screens.needs import Tutoring, card_of, chat_of, replay_path_of

T = Translator("cli")
_ = T.gettext

CLOSED = "table closed"  # internal
RECENT = 12  # a game taken up again reads out only its last events
MOST_LISTED = 24  # more candidates than this: say the kinds, and ask for words to narrow them
HELP = N_(
    "Type the number of a line, or words from one line (a place, a card or a colour it names, "
    "or its kind as the count of commands says it); words that fit several lines narrow the "
    "list. 'list' reads the whole list, "
    "'all' starts again from every command, 'look' says the position (what you may see; "
    "'look Ann' about one player), 'undo' takes back your last command of this turn, 'quit' "
    "leaves (a local game is saved; at a table your seat stays yours)."
)

ReadLine = Callable[[], str]
QUIT = (["quit"], ["q"], ["exit"])


@dataclass(frozen=True)
class Line:
    """One legal command as the player reads it."""

    command: Command
    text: str
    kind: str

    def fits(self, words: Sequence[str]) -> bool:
        haystack = f"{self.kind} {self.text}".lower()
        return all(word in haystack for word in words)


def asked_once(texts: Sequence[str]) -> str:
    """The question every line begins with (``Site 1.1: which effect? Red:``), said once
    above the lines instead of on each; ``""`` when they share none."""
    if len(texts) < 2:
        return ""
    common = texts[0]
    for text in texts[1:]:
        while not text.startswith(common):
            common = common[:-1]
    if "?" not in common:
        return ""
    end = common.rfind(": ")
    return common[: end + 1] if end > common.find("?") else ""


def said_once(text: str, lines: Sequence[Line], at: int) -> tuple[str, str]:
    """``text`` (line ``at`` of ``lines``) as a head shared with a neighbouring line and the
    rest (a tile's rule, said once above the commands that use it); ``("", text)`` when
    its first sentence is its own."""
    first, sep, rest = text.partition("; ")
    if not sep or not rest:
        return "", text

    def starts(i: int) -> bool:
        return 0 <= i < len(lines) and lines[i].text.partition("; ")[0].endswith(first)

    return (first, rest) if starts(at - 1) or starts(at + 1) else ("", text)


def kind_of(command: Command) -> str:
    """``<game>.place_tile`` -> ``place tile``."""
    return type(command).TAG.rpartition(".")[2].replace("_", " ")


def lines_for(rules: Rules[Any], state: Any, seat: Seat, names: Sequence[str]) -> list[Line]:
    """The legal commands of ``seat``, each worded by the sentences of the events it makes; two
    commands that read alike get the fields that tell them apart."""
    out: list[tuple[Command, str]] = []
    for command in rules.legal_commands(state, seat):
        try:
            events = rules.decide(state, seat, command)
        except CalderaError:
            continue
        said = "; ".join(_sentences(rules, state, events, names))
        out.append((command, said or kind_of(command)))
    alike = Counter(text for _, text in out)
    lines: list[Line] = []
    for command, text in out:
        if alike[text] > 1:
            text = f"{text} ({_fields(command, [c for c, t in out if t == text])})"
        lines.append(Line(command, text, kind_of(command)))
    return lines


def command_words(
    rules: Rules[Any], state: Any, seat: Seat, command: Command, names: Sequence[str]
) -> str:
    """``command`` of ``seat`` at ``state`` in the sentences of the events it would make."""
    try:
        events = rules.decide(state, seat, command)
    except CalderaError:
        return kind_of(command)
    return "; ".join(_sentences(rules, state, events, names)) or kind_of(command)


def _sentences(
    rules: Rules[Any], state: Any, events: Sequence[Any], names: Sequence[str]
) -> list[str]:
    """The sentences of ``events`` a command would make, each read in the position it would
    happen in (a copy of ``state`` carried through them)."""
    out = []
    position = state
    for i, event in enumerate(events):
        out.append(rules.describe_in(position, event, names))
        if i + 1 < len(events):
            position = rules.evolve(rules.copy(position) if i == 0 else position, event)
    return out


def _fields(command: Command, group: Sequence[Command]) -> str:
    """The fields of ``command`` whose values differ within ``group``, as ``name value``."""
    values = msgspec.structs.asdict(command)
    parts = []
    for name, value in values.items():
        if len({repr(msgspec.structs.asdict(other).get(name)) for other in group}) > 1:
            parts.append(f"{name.replace('_', ' ')} {_plain(value)}")
    return ", ".join(parts) or kind_of(command)


def _plain(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "/".join(_plain(v) for v in value)
    return str(value)


class LinePlayer:
    """Plays the seats of ``session`` at this terminal through ``read``/``out``."""

    def __init__(self, session: Session, read: ReadLine, out: TextIO) -> None:
        self.session = session
        self.rules = session.rules
        self.read = read
        self.out = out
        self.printed = 0
        self._looking: Seat | None = None  # the player a shared terminal was last handed to
        self._news = asyncio.Event()
        self._reading: asyncio.Future[str] | None = None  # a line asked for, not taken yet
        self._input_ended = False  # the input ended while the others played (nothing to read)
        self._follower = Follower(self.rules)  # the log folded as far as printed (its own copy)
        self._told = 0  # the tutorial's step last said (a tutorial's session narrates)
        session.subscribe(self._received)
        chat = chat_of(session)  # a networked table's
        self.chat = LineChat(chat, self.say, lambda: card_of(session)) if chat is not None else None

    @property
    def names(self) -> Sequence[str]:
        return self.session.players

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _received(self, _batch: Sequence[Envelope]) -> None:
        self.print_news()
        self._news.set()

    def wake(self) -> None:
        """Look again (the connection or the table changed)."""
        self._news.set()

    def print_news(self) -> None:
        """Print every event not printed yet, as this terminal's player may see it (a local
        game's log holds everything: one player sees their own cards only)."""
        envelopes = self.session.envelopes
        seats = self.session.controlled
        viewer = next(iter(seats)) if len(seats) == 1 else None
        self._fold_to(self.printed)
        for env in envelopes[self.printed :]:
            if isinstance(env.event, GameEnded):
                self.say(f"{env.seq:5d}  {self._scores()}")
                continue
            seen = self.rules.project(env.event, viewer)
            shown = env if seen is env.event else Envelope(env.seq, seen, env.prev)
            said = sentence(self.rules, shown, self.names, self._follower.state)
            if not said and isinstance(env.event, ClockRead):  # the clocks, said in full here
                said = clock_sentence(env.event, self.names)
            if said:  # a table without clocks still records the time: nothing to say
                self.say(f"{env.seq:5d}  {said}")
            self._fold_to(env.seq + 1)
        self.printed = len(envelopes)

    def _fold_to(self, end: int) -> None:
        """Fold the log up to event ``end`` (so each sentence is read in the position it
        happens in: an answer in the game's words, what an action paid and gained)."""
        envelopes = self.session.envelopes
        follower = self._follower
        while len(follower.log) < min(end, len(envelopes)):
            follower.follow(envelopes[len(follower.log)])

    def _scores(self) -> str:
        outcome = self.rules.outcome(self.session.state)
        if outcome is None:
            return _("Game over")
        scores = ", ".join(f"{self.names[s]} {v}" for s, v in enumerate(outcome.scores))
        winners = listed([self.names[w] for w in outcome.winners])
        # TRANSLATORS: the line mode's last line; a script waits for "Game over:" in English
        return _("Game over: {scores}. Winner: {winners}").format(scores=scores, winners=winners)

    def acting(self) -> Seat | None:
        state = self.session.state
        if state is None or self.ended:
            return None
        for seat in self.rules.to_move(state):
            if seat in self.session.controlled:
                return seat
        return None

    @property
    def ended(self) -> bool:
        return bool(self.session.envelopes) and isinstance(
            self.session.envelopes[-1].event, GameEnded
        )

    async def run(self) -> int:
        """Play until the game ends (0) or the player quits (0, the game kept), or the table
        goes away (1)."""
        earlier = len(self.session.envelopes) - self.printed - RECENT
        if earlier > 0:  # a game taken up again: its whole log would be a long read
            self.say(
                _("({n} earlier events are in the replay; the last {recent} follow.)").format(
                    n=earlier, recent=RECENT
                )
            )
            self.printed += earlier
        self.print_news()
        while not self.ended:
            seat = self.acting()
            if seat is None:
                self.narrate_done()  # a tutorial whose bot plays the rest says so first
                self._news.clear()
                if self.session.status == CLOSED:
                    self.say(_("The table is gone ({status}).").format(status=self.session.status))
                    return 1
                if not await self.wait_for_news():
                    self.say(_("You left the game.") + " " + self.resume_hint())
                    return 0
                continue
            if not await self.turn(seat):
                self.say(_("You left the game.") + " " + self.resume_hint())
                return 0
        self.print_news()
        self.farewell()
        return 0

    @property
    def help(self) -> str:
        return _(HELP) if self.chat is None else f"{_(HELP)} {chat_help()}"

    def resume_hint(self) -> str:
        """The command that takes this game up again (a local game's saved file), in a line."""
        path = replay_path_of(self.session)
        if isinstance(self.session, Tutoring):
            source = self.session.source
            name = shlex.quote(self.session.tutorial.name if source is None else str(source))
            return _("Go on with it where you stopped: {command}").format(
                command=f"caldera learn {name} --lines"
            )
        if self.session.status == "local" and path is not None:
            return _("Go on with it: {command}").format(
                command=f"caldera play --resume {shlex.quote(str(path))} --lines"
            )
        return _("Your seat stays yours: join the table again from the lobby (caldera lobby).")

    async def turn(self, seat: Seat) -> bool:
        """Ask ``seat`` for one command and send it; ``False`` when the player quits."""
        if not await self.handed_to(seat):
            return False
        shown = len(self.session.envelopes)
        lines = lines_for(self.rules, self.session.state, seat, self.names)
        candidates = lines
        self.narrate(lines)
        self.say(_("Your turn, {player} (seat {n}).").format(player=self.names[seat], n=seat + 1))
        self.show(candidates, len(lines))
        while len(self.session.envelopes) == shown:
            text = await self._read()
            if text == "":
                return False  # end of input: leave as 'quit' does
            words = text.strip().lower().split()
            if not words:
                self.show(candidates, len(lines))
                continue
            if self.chat is not None and self.chat.handles(text):
                continue
            if words in QUIT:
                return False
            if words[0] == "look":
                self.look(seat, words[1:])
                continue
            if words in (["help"], ["h"], ["?"]):
                self.say(self.help)
                continue
            if words == ["all"]:
                candidates = lines
                self.show(candidates, len(lines))
                continue
            if words == ["list"]:
                self.show(candidates, len(lines), everything=True)
                continue
            if words in (["undo"], ["u"]):
                await self.send(seat, Undo())
                continue
            chosen, candidates = self.pick(words, candidates, lines)
            if chosen is not None:
                await self.send(seat, chosen.command)
        return True

    def narrate(self, lines: Sequence[Line]) -> None:
        """A tutorial's narrator, before its step's question: the step, its words, the rule
        and the line that makes its move (once each step; the steps' end said once)."""
        if not isinstance(self.session, Tutoring):
            return
        said = self.session.narration()
        if said.number == self._told:
            return
        self._told = said.number
        if said.step is None:
            self.say(f"{said.heading}. {said.say}")
            return
        intro = self.session.intro
        if said.number == 1 and intro:
            self.say(f"{intro} {self.session.length}.")
        rule = " " + _("Rule: {rule}").format(rule=said.rule) if said.rule else ""
        number = next((n for n, line in enumerate(lines, 1) if line.command == said.expected), 0)
        typed = ""
        if number:  # TRANSLATORS: the line the learner types to make a tutorial step's move
            typed = " " + _("Type {n}: {move}.").format(n=number, move=lines[number - 1].text)
        self.say(f"{said.heading}. {said.say}{rule}{typed}")

    def narrate_done(self) -> None:
        """A tutorial's last words once its steps are done, when nobody here acts any more."""
        if isinstance(self.session, Tutoring) and self.session.narration().step is None:
            self.narrate([])

    def farewell(self) -> None:
        """After a finished game: how to hear each seat's review (``caldera review``, the same
        judgements as the app's); after a tutorial's: how to play a real one."""
        tutoring = isinstance(self.session, Tutoring)
        path = replay_path_of(self.session)
        if not tutoring and self.session.status == "local" and path is not None:
            self.say(
                _("How each seat played: {command}").format(
                    command=f"caldera review {shlex.quote(str(path))} --all"
                )
            )
        if isinstance(self.session, Tutoring):
            taught = self.session.tutorial
            flags = "".join(f" {flag}" for flag in option_flags(taught.rules, taught.real_options))
            command = f"caldera play {taught.game} --players 2 --bot 2:easy{flags} --lines"
            self.say(_("Now a real game against the easy bot: {command}").format(command=command))

    async def _read(self) -> str:
        """The next line typed (one asked for while waiting is taken first)."""
        if self._reading is None:
            self._reading = read_in_thread(self.read)
        try:
            return await asyncio.shield(self._reading)
        finally:
            if self._reading.done():
                self._reading = None

    async def wait_for_news(self) -> bool:
        """Wait for the table while listening to the keyboard: ``look`` and ``help`` are
        answered, ``quit`` leaves (``False``) even when the table is silent or away. The end
        of the input is no quit here (a spectator's script may read nothing): it is one only
        when the player must act."""
        news = asyncio.ensure_future(self._news.wait())
        try:
            while not news.done():
                if self._input_ended:  # nothing more will be typed: a script that watches
                    await news
                    break
                reading = asyncio.ensure_future(self._read())
                await asyncio.wait({news, reading}, return_when=asyncio.FIRST_COMPLETED)
                if not reading.done():
                    reading.cancel()  # the line itself stays asked for (shielded)
                    break
                if reading.result() == "":  # the input ended: go on watching, as before
                    self._input_ended = True
                    continue
                words = reading.result().strip().lower().split()
                if words in QUIT:
                    return False
                if self.chat is not None and self.chat.handles(reading.result()):
                    continue
                if words and words[0] == "look":
                    self.look(next(iter(self.session.controlled), 0), words[1:])
                elif words in (["help"], ["h"], ["?"]):
                    self.say(self.help)
                elif words:
                    can = _("look, say, help or quit") if self.chat else _("look, help or quit")
                    self.say(
                        _("Not your turn yet ({status}): {can}.").format(
                            status=self.session.status, can=can
                        )
                    )
        finally:
            news.cancel()
        return True

    async def handed_to(self, seat: Seat) -> bool:
        """Several players at this terminal: before ``seat``'s hand and commands are read out,
        say whose turn it is and wait for enter (``False``: the player quit instead)."""
        if len(self.session.controlled) < 2 or seat == self._looking:
            return True
        name = self.names[seat]
        self.say(
            _(
                "{player}'s turn (seat {n}). Only {player} should read on: press enter to hear "
                "{player}'s hand and commands."
            ).format(player=name, n=seat + 1)
        )
        text = await self._read()
        if text == "" or text.strip().lower().split() in QUIT:
            return False
        self._looking = seat
        return True

    def look(self, seat: Seat, words: list[str]) -> None:
        """``look`` (everything ``seat`` may see) or ``look <player>`` (one player)."""
        about = player_named(words, self.names) if words else None
        if words and about is None:
            known = ", ".join(self.names)
            self.say(
                _("There is no player '{name}' here: look at {known} or 1 to {n}.").format(
                    name=" ".join(words), known=known, n=len(self.names)
                )
            )
            return
        state = self.session.state
        for line in look(self.rules, state, self.names, seat, about):
            self.say(line)

    def pick(
        self, words: list[str], candidates: list[Line], lines: list[Line]
    ) -> tuple[Line | None, list[Line]]:
        """The line ``words`` choose, or the narrower list they leave (one line says why)."""
        if len(words) == 1 and words[0].isdigit():
            number = int(words[0])
            if 1 <= number <= len(candidates):
                return candidates[number - 1], candidates
            else:
                self.say(
                    _("There is no line {n}: type 1 to {last}.").format(
                        n=number, last=len(candidates)
                    )
                )
            return None, candidates
        phrase = " ".join(words)
        exact = [line for line in candidates if line.text.lower() == phrase]
        fits = exact or [line for line in candidates if line.fits(words)]
        if not fits and candidates is not lines:
            fits = [line for line in lines if line.fits(words)]  # words for the whole list
        if len(fits) == 1:
            return fits[0], candidates
        if not fits:
            self.say(_("No command fits '{phrase}'. Type help for help.").format(phrase=phrase))
            return None, candidates
        self.show(fits, len(lines), everything=True)  # words narrow: say what they fit
        return None, fits

    def show(self, candidates: Sequence[Line], total: int, everything: bool = False) -> None:
        if len(candidates) <= MOST_LISTED or everything:
            asked = asked_once([line.text for line in candidates])
            if asked:
                self.say(asked)
            head = ""
            for number, line in enumerate(candidates, 1):
                first, rest = said_once(line.text[len(asked) :].strip(), candidates, number - 1)
                if first and first != head:  # what several commands share, said once
                    self.say("  " + _("{shared}, and then:").format(shared=first.rstrip(".")))
                head = first
                self.say(f"  {number}) {rest}")
            if len(candidates) == total:
                self.say(_("Type a number, words, look, undo, help or quit."))
            else:
                self.say(
                    _("Type a number, words, look, undo, help or quit ('all' lists every command).")
                )
            return
        kinds = Counter(line.kind for line in candidates)
        counts = ", ".join(f"{n} {kind}" for kind, n in kinds.items())
        rare = kinds.most_common()[-1][0]
        self.say(
            _("{n} commands: {counts} (words such as '{rare}' narrow them).").format(
                n=len(candidates), counts=counts, rare=rare
            )
        )
        self.say(_("Type words to narrow, a number, list, look, undo, help or quit."))

    async def send(self, seat: Seat, command: Command) -> None:
        try:
            await self.session.submit(seat, command)
        except CalderaError as exc:
            self.say(_("Refused: {reason}").format(reason=exc))


def option_flags(rules: Rules[Any], options: Mapping[str, Any]) -> list[str]:
    """``options`` as ``caldera play`` takes them (``--advanced``, ``--side snake``; seats from 1),
    those left at their default unsaid."""
    flags = []
    for option in rules.options:
        value = options.get(option.name, option.default)
        if value == option.default or value is None or value is False:
            continue
        if option.kind == "bool":
            flags.append(option.flag)
        else:
            flags.append(f"{option.flag} {value + 1 if option.kind == 'seat' else value}")
    return flags


def read_in_thread(read: ReadLine) -> asyncio.Future[str]:
    """``read()`` in a thread of its own, as a future: a daemon, so a line still asked for when
    the game ends never keeps the program from exiting."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def run() -> None:
        text: str | None = None
        failed: BaseException | None = None
        try:
            text = read()
        except BaseException as exc:
            failed = exc
        with contextlib.suppress(RuntimeError):  # the loop closed: the game is over
            loop.call_soon_threadsafe(_settle, future, text, failed)

    threading.Thread(target=run, name="line-reader", daemon=True).start()
    return future


def _settle(future: asyncio.Future[str], text: str | None, exc: BaseException | None) -> None:
    if future.done():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(text or "")


def stdin_line() -> str:
    """One line from standard input ('' at its end)."""
    return sys.stdin.readline()
