"""The bots finish Kilauea games, and the greedy bot beats random bots by a clear margin."""

from __future__ import annotations

import pytest

from core.bots import RandomBot, bot_kinds, make_bot, play_out
from core.games.kilauea import RULES
from core.games.kilauea.greedy import GreedyBot
from core.games.kilauea.state import KilaueaState
from core.referee import Referee
from core.rng import Rng

GAMES = 10  # per player count, over fixed seeds


def test_the_greedy_bot_is_offered() -> None:
    assert bot_kinds("kilauea") == ["random", "easy", "greedy", "medium", "hard"]
    assert isinstance(make_bot("kilauea", "greedy", "s"), GreedyBot)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_beats_random_on_average(players: int) -> None:
    """One greedy seat (rotating) against random seats: it wins nearly every game, and its
    score beats the best random score by a wide margin on average."""
    wins, margins = 0, []
    for game in range(GAMES):
        seat = game % players
        referee: Referee[KilaueaState] = Referee(
            RULES, RULES.config(players), [f"P{i}" for i in range(players)], seed=f"gr-{game}"
        )
        bots = {
            s: GreedyBot(f"g{game}") if s == seat else RandomBot(f"r{game}/{s}")
            for s in range(players)
        }
        referee.begin()
        play_out(referee, bots)
        outcome = referee.outcome()
        assert outcome is not None
        wins += seat in outcome.winners
        margins.append(
            outcome.scores[seat] - max(outcome.scores[:seat] + outcome.scores[seat + 1 :])
        )
    assert wins >= GAMES - 1
    assert sum(margins) / GAMES > 20


def test_greedy_bots_finish_games_by_emptying_forests() -> None:
    for players in (2, 3, 4):
        referee: Referee[KilaueaState] = Referee(
            RULES, RULES.config(players), [f"P{i}" for i in range(players)], seed=f"gg-{players}"
        )
        referee.begin()
        play_out(referee, {s: GreedyBot(f"{players}/{s}") for s in range(players)})
        assert referee.ended
        assert referee.state.end == "forests"


def test_the_greedy_bot_always_picks_a_legal_command() -> None:
    rng = Rng("legal")
    referee: Referee[KilaueaState] = Referee(RULES, RULES.config(3), ["a", "b", "c"], seed="legal")
    referee.begin()
    bot = GreedyBot("legal")
    while not referee.ended:
        seat = RULES.to_move(referee.state)[0]
        command = bot.choose(RULES, RULES.view(referee.state, seat), seat)
        assert command in RULES.legal_commands(referee.state, seat)
        if rng.below(4) == 0:  # now and then a random move, to reach varied positions
            legal = RULES.legal_commands(referee.state, seat)
            command = legal[rng.below(len(legal))]
        referee.submit(seat, command)


def test_the_greedy_bots_shortcuts_match_the_rules() -> None:
    """The greedy bot weighs a command without copying the position: its events for a tile use
    and a canoe move are ``decide``'s, and the value it counts from them is the value of the
    position after the command, for every legal command but a canoe move (which it plays out),
    in every position of random and greedy games."""
    from core.games.kilauea import commands as cmd
    from core.games.kilauea.greedy import after, events_of, parts, value, value_after
    from core.games.kilauea.play import decide, legal_commands

    weighed = set()
    for game in range(6):
        players = 2 + game % 3
        referee: Referee[KilaueaState] = Referee(
            RULES, RULES.config(players), [f"P{i}" for i in range(players)], seed=f"sc-{game}"
        )
        referee.begin()
        kind = GreedyBot if game % 2 else RandomBot
        bots = {s: kind(f"sc{game}/{s}") for s in range(players)}
        while not referee.ended:
            seat = RULES.to_move(referee.state)[0]
            state = referee.state
            base = parts(state, seat)
            for command in legal_commands(state, seat):
                assert events_of(state, seat, command) == decide(state, seat, command)
                weighed.add(type(command))
                if isinstance(command, cmd.MoveCanoe):
                    continue
                assert value_after(state, seat, command, base) == value(
                    after(state, seat, command), seat
                ), command
            referee.submit(seat, bots[seat].choose(RULES, RULES.view(state, seat), seat))
    assert len(weighed) == 7  # drafts, moves, cuts, both builds, tile uses, ends of turn
