"""One follower of a log (core.follower): the state after each event it followed is the state
the whole log's fold gives there, for every game, undos included; it tells each event with the
position it happens in; and a log it cannot follow is one line naming the event."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots import make_bot, play_out
from core.codec import Envelope
from core.errors import ReplayError
from core.fold import fold
from core.follower import Follower, follow_log
from core.games import GAMES, get_rules
from core.lifecycle import GameStarted, Undo, Undone
from core.referee import Referee
from tests.core.test_undo import at_a_turn_start, quiet


def played(game: str, seed: int) -> list[Envelope]:
    rules = get_rules(game)
    referee: Referee[Any] = Referee(rules, rules.config(2), ("Ann", "Bob"), seed=f"follow-{seed}")
    referee.begin()
    play_out(
        referee, {0: make_bot(game, "random", f"r{seed}"), 1: make_bot(game, "greedy", f"g{seed}")}
    )
    return list(referee.log)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_follower_is_at_every_event_where_the_fold_of_the_log_is(game: str) -> None:
    log = played(game, 3)
    rules = get_rules(game)
    follower = Follower()
    for k in (1, 2, len(log) // 3, len(log) // 2, len(log)):
        follower.follow_all(log[len(follower.log) : k])
        assert follower.seq == k - 1
        assert rules.dump_position(follower.state) == rules.dump_position(fold(log[:k])[1])


def test_a_follower_takes_back_with_the_log_and_tells_each_event_in_its_position() -> None:
    referee = at_a_turn_start()
    rules = referee.rules
    seat = rules.to_move(referee.state)[0]
    for _ in range(2):
        referee.submit(seat, quiet(rules, referee.state, seat))
    referee.submit(seat, Undo())
    assert isinstance(referee.log[-1].event, Undone)
    told: list[tuple[int, Any]] = []
    follower = follow_log(referee.log, on_event=lambda state, env: told.append((env.seq, state)))
    assert rules.dump_position(follower.state) == rules.dump_position(referee.state)
    assert [seq for seq, _ in told] == list(range(len(referee.log)))
    assert told[0][1] is None  # the game had not started before its first event
    assert all(state is not None for _, state in told[1:])


def test_a_timeline_rewinds_from_its_snapshots_and_the_follower_from_the_log_alike() -> None:
    from replays.timeline import Timeline

    referee = at_a_turn_start()
    rules = referee.rules
    seat = rules.to_move(referee.state)[0]
    referee.submit(seat, quiet(rules, referee.state, seat))
    referee.submit(seat, Undo())
    timeline = Timeline(referee.log, every=2)
    for seq in range(len(referee.log)):
        alone = follow_log(referee.log[: seq + 1]).state
        assert rules.dump_position(timeline.state_at(seq)) == rules.dump_position(alone)


def test_an_undo_of_what_comes_after_it_is_one_line() -> None:
    log = played("kilauea", 1)[:10]
    forged = [*log, Envelope(len(log), Undone(0, len(log) + 3), "")]
    with pytest.raises(ReplayError, match=r"^event 10 takes back event 13, not before it$"):
        follow_log(forged)


def test_a_log_that_does_not_begin_the_game_is_refused() -> None:
    log = played("maunakea", 2)
    with pytest.raises(ReplayError, match=r"must begin with core\.game_started"):
        follow_log(log[1:])
    assert isinstance(log[0].event, GameStarted)
