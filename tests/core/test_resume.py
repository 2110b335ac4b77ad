"""A referee rebuilt from its log and its secret seed goes on exactly as the one that stopped:
the same draws, byte for byte the same log, wherever the log was cut (even between two events
of one step)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from core.bots import make_bot
from core.errors import ReplayError
from core.games import get_rules
from core.messages import Command
from core.referee import Referee

Played = list[tuple[int, Command]]


def play(
    game: str, seed: str, players: int = 2, version: int | None = None, **options: Any
) -> tuple[Referee[Any], Played]:
    """A whole bot game (under an older rules ``version``, if given), and the commands it took
    (seat, command) in order."""
    rules = get_rules(game)
    referee: Referee[Any] = Referee(
        rules, rules.config(players, options), ["A", "B", "C", "D"][:players], seed=seed
    )
    if version is not None:  # as an older Caldera began it
        referee.started = msgspec.structs.replace(referee.started, rules_version=version)
        referee.state = rules.recorded_under(referee.state, version)
    bots = {s: make_bot(game, "random", f"bot{s}") for s in range(players)}
    played: Played = []
    referee.begin()
    while not referee.ended:
        seat = next(s for s in rules.to_move(referee.state) if s in bots)
        command = bots[seat].choose(rules, rules.view(referee.state, seat), seat)
        played.append((seat, command))
        referee.submit(seat, command)
    return referee, played


def commands_in(referee: Referee[Any], upto: int) -> int:
    """How many commands the first ``upto`` events record."""
    return sum(1 for env in referee.log[1:upto] if referee.rules.command_for(env.event))


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("maunakea", {"turn_limit": 3}),
        ("maunakea", {"turn_limit": 2, "advanced": True}),
        ("kilauea", {"turn_limit": 2}),
    ],
)
def test_a_game_cut_anywhere_resumes_to_the_identical_log(game: str, options: Any) -> None:
    whole, played = play(game, "resume-me", **options)
    for cut in range(1, len(whole.log) - 1):
        referee = Referee.resume(whole.log[:cut], whole.wire[:cut], "resume-me", whole.salt)
        referee.proceed()  # what the cut step still owed, then forced events and draws
        for seat, command in played[commands_in(referee, referee.seq) :]:
            referee.submit(seat, command)
        assert referee.wire == whole.wire, f"cut after event {cut - 1}"


@pytest.mark.parametrize("game", ["maunakea", "kilauea"])
def test_a_game_begun_under_older_rules_goes_on_under_them(game: str) -> None:
    whole, played = play(game, "older", version=1, turn_limit=3)
    assert whole.started.rules_version == 1 < get_rules(game).version
    cut = len(whole.log) // 2
    referee = Referee.resume(whole.log[:cut], whole.wire[:cut], "older", whole.salt)
    assert referee.started.rules_version == 1 and referee.state.rules_version == 1
    referee.proceed()
    for seat, command in played[commands_in(referee, referee.seq) :]:
        referee.submit(seat, command)
    assert referee.wire == whole.wire


def test_only_the_games_own_seed_resumes_it() -> None:
    whole, _ = play("maunakea", "mine", turn_limit=2)
    with pytest.raises(ReplayError, match="does not match the published seed hash"):
        Referee.resume(whole.log[:30], whole.wire[:30], "someone else's guess", whole.salt)
    with pytest.raises(ReplayError, match="does not match the published seed hash"):
        Referee.resume(whole.log[:30], whole.wire[:30], "mine")  # the seed, but not its salt


def test_a_finished_game_is_not_resumed() -> None:
    whole, _ = play("maunakea", "done", turn_limit=2)
    with pytest.raises(ReplayError, match="the game is over"):
        Referee.resume(whole.log, whole.wire, "done", whole.salt)


def test_a_log_that_breaks_the_rules_is_not_resumed() -> None:
    whole, _ = play("maunakea", "edited", turn_limit=2)
    log = list(whole.log[:30])
    log[5], log[6] = log[6], log[5]
    with pytest.raises(ReplayError, match=r"cannot be resumed: event \d+: seat 2 acts out of turn"):
        Referee.resume(log, whole.wire[:30], "edited", whole.salt)
