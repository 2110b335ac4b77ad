"""``Rules.look``, the seat's view without the copy that a bot answering at once and the state
hash read: it shows exactly what ``view`` shows (so a bot sees only its seat's view), and the
bots that read it never change it, nor the referee's state it shares parts with."""

from __future__ import annotations

from typing import Any

import pytest

from core.bots import RandomBot, bot_kinds, make_bot
from core.games import GAMES, get_rules
from core.referee import Referee
from tests.core.test_games_conformance import configs


@pytest.mark.parametrize("game", GAMES)
def test_a_look_shows_what_the_view_shows_at_every_event(game: str) -> None:
    rules = get_rules(game)
    for n, config in enumerate(configs(rules, rules.max_players)):
        players = [f"P{i}" for i in range(int(config["players"]))]
        referee: Referee[Any] = Referee(rules, config, players, seed=f"look-{game}-{n}")
        referee.begin()
        bot = RandomBot(f"look-{game}-{n}")
        while True:
            for seat in (None, *range(len(players))):
                looked, viewed = rules.look(referee.state, seat), rules.view(referee.state, seat)
                assert looked == viewed
                assert rules.dump_position(looked) == rules.dump_position(viewed)
            if referee.ended:
                break
            mover = rules.to_move(referee.state)[0]
            referee.submit(mover, bot.choose(rules, rules.look(referee.state, mover), mover))


def at_once(game: str) -> list[str]:
    """The bot kinds that answer in place (a searching bot gets a copy: see net.table.standins)."""
    return [k for k in bot_kinds(game) if not getattr(make_bot(game, k, "x"), "searches", False)]


@pytest.mark.parametrize(("game", "kind"), [(g, k) for g in GAMES for k in at_once(g)])
def test_a_bot_that_answers_at_once_changes_nothing_it_looks_at(game: str, kind: str) -> None:
    rules = get_rules(game)
    for n, config in enumerate(configs(rules, rules.max_players)):
        players = [f"P{i}" for i in range(int(config["players"]))]
        referee: Referee[Any] = Referee(rules, config, players, seed=f"reads-{game}-{n}")
        referee.begin()
        bots = [make_bot(game, kind, f"reads-{game}-{n}-{seat}") for seat in range(len(players))]
        while not referee.ended:
            mover = rules.to_move(referee.state)[0]
            looked = rules.look(referee.state, mover)
            state_before = rules.dump_position(referee.state)
            look_before = rules.dump_position(looked)
            command = bots[mover].choose(rules, looked, mover)
            assert rules.dump_position(referee.state) == state_before
            assert rules.dump_position(looked) == look_before
            referee.submit(mover, command)
