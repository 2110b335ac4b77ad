"""A finished game reviewed: every decision of a seat judged from that seat's view (forced ones
not counted), a random player's play judged worse than a greedy one's, the luck of every draw
measured apart, and only finished games reviewed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from core.bots import make_bot, play_out
from core.errors import CalderaError
from core.games import get_rules
from core.games.maunakea.state import HIDDEN
from core.lifecycle import GameEnded
from core.referee import Referee
from core.review import review, reviewing
from core.search.bot import SearchBot
from replays.file import Header, ReplayWriter
from tui.cli import main


def played(
    game: str, seed: str, options: dict[str, Any], kinds: tuple[str, str], path: Path | None = None
) -> Referee[Any]:
    rules = get_rules(game)
    referee = Referee(rules, rules.config(2, options), ["Ann", "Bob"], seed=seed)
    if path is not None:
        writer = ReplayWriter.create(path, Header.for_game(referee.started))
        referee.sinks.append(writer.append)
    referee.begin()
    play_out(referee, {s: make_bot(game, kind, f"{seed}/{s}") for s, kind in enumerate(kinds)})
    if path is not None:
        writer.close()
    return referee


def judge(game: str) -> Any:
    bot = make_bot(game, "medium", "judge")
    assert isinstance(bot, SearchBot)
    return bot.hooks, reviewing(replace(bot.level, iterations=16), None)


def test_a_random_player_is_judged_worse_than_a_greedy_one() -> None:
    referee = played("kilauea", "review-1", {"turn_limit": 8}, ("greedy", "random"))
    rules = referee.rules
    hooks, level = judge("kilauea")
    done = review(rules, hooks, level, referee.log, samples=6)
    greedy, random = done.accuracy(0), done.accuracy(1)
    assert greedy is not None and random is not None and greedy > random
    assert sum(bool(d.mark) for d in done.of(1)) > sum(bool(d.mark) for d in done.of(0))
    assert done.points_to_decisions(1) > done.points_to_decisions(0)
    for seat in range(2):  # every command of the seat: judged, or forced and not counted
        commands = [
            env for env in referee.log if rules.command_for(env.event) is not None
            and getattr(env.event, "seat", None) == seat
        ]  # fmt: skip
        assert len(done.of(seat)) + done.forced[seat] == len(commands)
        assert all(d.chance_lost >= 0 and d.points_lost >= 0 for d in done.of(seat))
        costliest = done.costliest(seat)
        assert costliest == sorted(costliest, key=lambda d: -d.chance_lost)[: len(costliest)]
    assert done.draws, "Kilauea's tiles are drawn"
    assert done.points_to_luck(0) == pytest.approx(-done.points_to_luck(1))


def test_a_seat_is_judged_from_its_own_view_only() -> None:
    referee = played("maunakea", "review-2", {"advanced": True, "turn_limit": 3}, ("greedy",) * 2)
    hooks, level = judge("maunakea")
    views: list[Any] = []

    def determinize(view: Any, seat: int, rng: Any, memory: Any) -> Any:
        views.append((view, seat))
        return hooks.determinize(view, seat, rng, memory)

    done = review(referee.rules, replace(hooks, determinize=determinize), level, referee.log,
                  seats=[0], samples=2)  # fmt: skip
    assert done.of(0) and not done.of(1) and views
    for view, seat in views:
        assert seat == 0
        assert all(card == HIDDEN for card in view.cards[1]), "Bob's cards are not Ann's to see"


def test_only_a_finished_game_is_reviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.caldera"
    referee = played("kilauea", "review-3", {}, ("greedy", "greedy"), path)
    hooks, level = judge("kilauea")
    cut = [env for env in referee.log if not isinstance(env.event, GameEnded)]
    with pytest.raises(CalderaError, match="only a finished game"):
        review(referee.rules, hooks, level, cut)
    assert main(["review", str(path), "--level", "easy", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert "Ann (seat 1): " in out and "Bob (seat 2): " in out and "accuracy " in out
    assert "points to decisions and" in out
    assert main(["review", str(path), "--seat", "3"]) == 2
    assert capsys.readouterr().err == "caldera: --seat is 1 to 2\n"
