"""Fair undo in the core: a seat takes back its own last commands within its turn until something
is revealed; the log keeps both the command and its undo, and fold, audit and timeline agree."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.audit import audit
from core.bots import make_bot
from core.codec import Envelope
from core.errors import IllegalCommand
from core.fold import apply, fold, start_state
from core.games import get_rules
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.lifecycle import GameEnded, GameStarted, Undo, Undone
from core.messages import Command
from core.protocol import Rules
from core.referee import Referee
from core.undo import Takebacks
from replays.timeline import Timeline
from tests.kit.maunakea_builder import Builder, sl

RULES = get_rules("maunakea")
NAMES = ("Ann", "Bob")


def quiet(rules: Rules[Any], now: Any, seat: int) -> Command:
    """A legal command of ``seat`` after which it is still its turn and nothing follows by
    itself (no draw, no forced event)."""
    for command in rules.legal_commands(now, seat):
        state = rules.copy(now)
        for event in rules.decide(state, seat, command):
            state = rules.evolve(state, event)
        if not rules.forced(state) and rules.chance(state) is None and seat in rules.to_move(state):
            return command
    raise AssertionError("no quiet command")


def at_a_turn_start(seed: str = "undo") -> Referee[Any]:
    """A 2-player game (bots played the set-up) right after a turn began."""
    referee: Referee[Any] = Referee(RULES, RULES.config(2), NAMES, seed=seed)
    referee.begin()
    bot = make_bot("maunakea", "random", "undo-bot")
    while not isinstance(referee.log[-1].event, ev.TurnStarted):
        seat = RULES.to_move(referee.state)[0]
        referee.submit(seat, bot.choose(RULES, RULES.view(referee.state, seat), seat))
    return referee


def play_out(referee: Referee[Any]) -> None:
    bot = make_bot("maunakea", "random", "undo-bot-2")
    while not referee.ended:
        seat = RULES.to_move(referee.state)[0]
        referee.submit(seat, bot.choose(RULES, RULES.view(referee.state, seat), seat))


def position(state: Any) -> dict[str, Any]:
    return RULES.dump_position(state)


def test_a_seat_takes_back_its_commands_one_by_one_until_its_turn_began() -> None:
    referee = at_a_turn_start()
    seat = RULES.to_move(referee.state)[0]
    start = position(referee.state)
    first = quiet(RULES, referee.state, seat)
    first_seq = referee.seq
    referee.submit(seat, first)
    middle = position(referee.state)
    second = quiet(RULES, referee.state, seat)
    second_seq = referee.seq
    referee.submit(seat, second)
    assert position(referee.state) != middle

    (undone,) = referee.submit(seat, Undo())
    assert undone.event == Undone(seat, second_seq)
    assert position(referee.state) == middle
    referee.submit(seat, Undo())
    assert position(referee.state) == start
    assert referee.log[-1].event == Undone(seat, first_seq)
    with pytest.raises(IllegalCommand, match=r"nothing to take back since this happened: Turn"):
        referee.submit(seat, Undo())
    other = 1 - seat
    with pytest.raises(IllegalCommand, match=f"it is not seat {other + 1}'s turn to act"):
        referee.submit(other, Undo())

    # the log keeps everything; every fold of it agrees with the referee
    assert sum(isinstance(env.event, Undone) for env in referee.log) == 2
    assert position(fold(referee.log)[1]) == position(referee.state)
    timeline = Timeline(referee.log, every=4)
    for seq in range(len(referee.log)):
        assert position(timeline.state_at(seq)) == position(fold(referee.log[: seq + 1])[1])
    report = audit(referee.log, seed=referee.seed, salt=referee.salt)
    assert report.ok, report.problems
    assert report.undos == 2

    # and the game goes on to its end: the finished log verifies with its undos
    referee.submit(seat, second)
    referee.submit(seat, Undo())
    play_out(referee)
    report = audit(referee.log)
    assert report.ok and report.finished and report.seed_checked, report.problems
    assert report.undos == 3
    assert position(fold(referee.log)[1]) == position(referee.state)


def test_an_undo_is_refused_after_a_draw() -> None:
    b = Builder(advanced=True)
    b.tile("B2", "JJJW", turn=0)
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    b.cards(0, "earthquake-1")
    doc = b.position()
    # a fixed seed: the draw below is a terrain tile (a fresh seed sometimes drew lava)
    referee: Referee[Any] = Referee(RULES, doc["config"], NAMES, position=doc, seed="undo-draw-0")
    referee.begin()
    before = position(referee.state)
    referee.submit(0, cmd.PlayEarthquake("earthquake-1", sl("B2"), 1))
    referee.submit(0, Undo())  # nothing drawn yet: the earthquake comes back
    assert position(referee.state) == before
    referee.submit(0, cmd.PlayEarthquake("earthquake-1", sl("B2"), 1))
    referee.submit(0, cmd.QuakeDraw(True))  # a tile comes out of the bag
    with pytest.raises(IllegalCommand, match="nothing to take back since this happened: Ann"):
        referee.submit(0, Undo())
    assert audit(referee.log, seed=referee.seed, salt=referee.salt).ok

    # a log whose Undone takes back what the referee refused is caught by the audit
    drawn = referee.log[-1]
    forged = [*referee.log, Envelope(referee.seq, Undone(0, drawn.seq - 1), "")]
    report = audit(forged, seed=referee.seed, salt=referee.salt)
    assert report.problems == [
        f"event {referee.seq}: seat 1 takes back a move it may not (nothing to take back since "
        f"this happened: {RULES.describe(drawn.event, NAMES)})"
    ]


def test_another_seats_command_ends_what_may_be_taken_back() -> None:
    marks = Takebacks()
    turn = ev.TurnStarted(0, 1)
    marks.revealed(turn)
    marks.command(0, 5, turn)
    marks.command(0, 6, turn)
    assert marks.point(RULES, 0, NAMES) == 6
    marks.undone(6)
    assert marks.point(RULES, 0, NAMES) == 5
    marks.command(1, 7, ev.TurnEnded(1))  # another seat acts (a simultaneous step)
    with pytest.raises(IllegalCommand, match="since this happened: Bob"):
        marks.point(RULES, 0, NAMES)
    assert marks.point(RULES, 1, NAMES) == 7
    with pytest.raises(IllegalCommand, match="nothing to take back yet"):
        Takebacks().point(RULES, 0, NAMES)


def test_a_forged_undo_is_named_by_the_audit() -> None:
    referee = at_a_turn_start("forged")
    seat = RULES.to_move(referee.state)[0]
    referee.submit(seat, quiet(RULES, referee.state, seat))
    referee.submit(seat, quiet(RULES, referee.state, seat))
    referee.submit(seat, Undo())
    undo = referee.log[-1]
    assert isinstance(undo.event, Undone)
    wrong = [*referee.log[:-1], Envelope(undo.seq, Undone(seat, undo.event.back_to - 1), "")]
    problems = audit(wrong, seed=referee.seed, salt=referee.salt).problems
    assert problems and "its last command began at event" in problems[0]
    other = [*referee.log[:-1], Envelope(undo.seq, Undone(1 - seat, undo.event.back_to), "")]
    problems = audit(other, seed=referee.seed, salt=referee.salt).problems
    assert problems == [f"event {undo.seq}: seat {2 - seat} takes back a move out of turn"]


def test_a_resumed_referee_still_knows_what_may_be_taken_back() -> None:
    referee = at_a_turn_start("resumed")
    seat = RULES.to_move(referee.state)[0]
    start = position(referee.state)
    referee.submit(seat, quiet(RULES, referee.state, seat))
    again = Referee.resume(referee.log, referee.wire, referee.seed, referee.salt)
    again.proceed()
    again.submit(seat, Undo())
    assert position(again.state) == start
    assert audit(again.log, seed=again.seed, salt=again.salt).undos == 1


@pytest.mark.parametrize("game", ["maunakea", "kilauea", "arnak"])
def test_each_seat_s_own_view_of_the_log_tells_when_its_undo_is_allowed(game: str) -> None:
    """A terminal decides whether to offer the undo key from the events it was sent (each
    seat's projection) with the referee's own rule, and never disagrees with the referee."""
    rules = get_rules(game)
    config = rules.config(2, {"advanced": True} if game == "maunakea" else {})
    referee: Referee[Any] = Referee(rules, config, NAMES, seed=f"views-{game}")
    seen: list[list[Envelope]] = [[], []]
    views: list[Any] = [None, None]
    takebacks = [Takebacks(), Takebacks()]

    def sink(env: Envelope, _data: bytes) -> None:
        for seat in (0, 1):
            event = env.event
            if isinstance(event, GameStarted):
                views[seat] = rules.view(start_state(rules, event), seat)
                seen[seat].append(env)
                continue
            if not isinstance(event, GameEnded | Undone):
                event = rules.project(event, seat)
            takebacks[seat].follow(rules, views[seat], env.seq, event)
            views[seat] = apply(rules, views[seat], event, seen[seat])
            seen[seat].append(Envelope(env.seq, event, env.prev))

    referee.sinks.append(sink)
    referee.begin()
    bots = {s: make_bot(game, "greedy", f"{game}/{s}") for s in (0, 1)}
    chance = random.Random(game)
    allowed = undone = 0
    for _ in range(400):
        if referee.ended:
            break
        for seat in (0, 1):
            assert takebacks[seat].allows(seat) == referee.takebacks.allows(seat)
        seat = next(iter(rules.to_move(referee.state)))
        if referee.takebacks.allows(seat):
            allowed += 1
            if chance.random() < 0.3:
                referee.submit(seat, Undo())
                undone += 1
                continue
        referee.submit(seat, bots[seat].choose(rules, referee.state, seat))
    assert allowed > 20 and undone > 5  # both answers were checked, undos among them


def test_an_undo_refused_says_why_in_the_reader_s_language() -> None:
    from core import language
    from core.undo import Takebacks

    rules = get_rules("maunakea")
    for code, said in (("en", "there is nothing to take back yet"),
                       ("de", "es gibt noch nichts zurückzunehmen")):  # fmt: skip
        with language.speaking(code), pytest.raises(IllegalCommand, match=said):
            Takebacks().point(rules, 0, ["Ann", "Bob"])
