"""A finished game reviewed: every decision of a seat judged from that seat's view (forced ones
not counted), a random player's play judged worse than a greedy one's, the luck of every draw
measured apart, and only finished games reviewed."""

from __future__ import annotations

import asyncio
import json
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
from core.review import Review, merged, moves, review, review_in, reviewing
from core.search.bot import SearchBot
from core.search.workers import Thinkers
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
    before = path.read_bytes()
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
    kept = path.with_name(path.name + ".review.json")
    assert kept.exists() and path.read_bytes() == before  # beside it; the replay unchanged


def test_a_review_is_kept_beside_its_replay_and_opens_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.caldera"
    played("kilauea", "review-7", {"turn_limit": 4}, ("greedy", "random"), path)
    args = ["review", str(path), "--level", "easy", "--samples", "2"]
    assert main([*args, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (
        doc["players"] == 2
        and doc["decisions"]
        and {"seat", "mark", "best"} <= set(doc["decisions"][0])
    )
    from replays import reviews

    async def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("worked out again")

    monkeypatch.setattr(reviews, "review_in", never)  # the bots' workers, as the app's
    assert main([*args, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == doc
    with pytest.raises(AssertionError, match="worked out again"):  # judged otherwise: not kept
        main([*args[:4], "--samples", "3"])


def test_a_review_is_the_same_twice_and_reads_back_from_json() -> None:
    referee = played("kilauea", "review-4", {"turn_limit": 4}, ("greedy", "random"))
    hooks, level = judge("kilauea")
    first = review(referee.rules, hooks, level, referee.log, samples=4)
    second = review(referee.rules, hooks, level, referee.log, samples=4)
    assert first.to_json() == second.to_json() and first.decisions
    assert Review.from_json(first.to_json()).to_json() == first.to_json()


async def test_a_review_in_parts_in_the_bots_workers_is_the_whole_review() -> None:
    referee = played("kilauea", "review-4", {"turn_limit": 4}, ("greedy", "random"))
    hooks, level = judge("kilauea")
    whole = review(referee.rules, hooks, level, referee.log, samples=4)
    parts = [review(referee.rules, hooks, level, referee.log, samples=4, part=(i, 3))
             for i in range(3)]  # fmt: skip
    assert all(p.decisions or p.draws for p in parts)
    assert merged(parts).to_json() == whole.to_json()
    pool = Thinkers(workers=2)
    told: list[tuple[int, int]] = []
    try:
        away = await review_in(pool, "kilauea", level, referee.log, samples=4,
                               progress=lambda n, total: told.append((n, total)))  # fmt: skip
        assert len(pool.pids) == 2
    finally:
        pool.close()
    assert away.to_json() == whole.to_json()
    total = moves(referee.rules, referee.log, {0, 1})
    assert told[-1] == (total, total) and [n for n, _ in told] == sorted(n for n, _ in told)


async def test_a_bot_waiting_for_a_worker_gets_it_between_a_reviews_jobs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from core import review as reviews
    from tests.core.test_workers import bot, kilauea_decision

    monkeypatch.setattr(reviews, "CHUNK", 6)  # a job of six decisions and draws
    referee = played("kilauea", "review-4", {"turn_limit": 4}, ("greedy", "random"))
    hooks, level = judge("kilauea")
    pool = Thinkers(workers=1)
    began = asyncio.Event()
    try:
        work = review_in(pool, "kilauea", level, referee.log, samples=4,
                         progress=lambda n, t: began.set())  # fmt: skip
        reviewing = asyncio.ensure_future(work)
        await began.wait()  # the review holds the only worker
        at, seat = kilauea_decision()
        view = at.rules.view(at.state, seat)
        await pool.choose(bot("waiting", 8), at.rules, view, seat)
        assert not reviewing.done()  # answered between two of its jobs, not after the last
        away = await reviewing
    finally:
        pool.close()
    assert away.to_json() == review(referee.rules, hooks, level, referee.log, samples=4).to_json()


def test_the_luck_of_a_draw_that_could_only_come_one_way_is_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    referee = played("kilauea", "review-5", {"turn_limit": 4}, ("greedy", "greedy"))
    rules = referee.rules
    hooks, level = judge("kilauea")
    draws = review(rules, hooks, level, referee.log, samples=3).draws
    assert any(any(v for v in d.luck) for d in draws), "some draw mattered"
    from core import review as module

    real = module._luck

    def same_every_time(rules: Any, hooks: Any, level: Any, state: Any, event: Any,
                        *rest: Any) -> Any:  # fmt: skip
        resolve = rules.resolve  # at this draw, every outcome is the one that came
        monkeypatch.setattr(rules, "resolve", lambda s, d: event if s is state else resolve(s, d))
        try:
            return real(rules, hooks, level, state, event, *rest)
        finally:
            monkeypatch.setattr(rules, "resolve", resolve)

    monkeypatch.setattr(module, "_luck", same_every_time)
    alike = review(rules, hooks, level, referee.log, samples=3).draws
    assert alike and all(v == 0 for d in alike for v in d.luck)


def test_two_true_states_with_the_same_view_are_judged_alike() -> None:
    from core.review import _judge

    referee = played("maunakea", "review-6", {"advanced": True, "turn_limit": 3}, ("greedy",) * 2)
    rules = referee.rules
    hooks, level = judge("maunakea")
    from core.fold import state_before

    seq = next(env.seq for env in referee.log[40:] if getattr(env.event, "seat", None) == 0
               and rules.command_for(env.event) is not None)  # fmt: skip
    state = state_before(rules, referee.log, seq)
    other = rules.copy(state)
    other.cards[1], other.undealt = (
        list(other.undealt[: len(other.cards[1])]),
        [*other.cards[1], *other.undealt[len(other.cards[1]) :]],
    )
    assert other.cards[1] != state.cards[1], "Bob holds other cards in the second state"
    assert rules.view(other, 0).cards == rules.view(state, 0).cards  # Ann cannot tell
    command = rules.command_for(referee.log[seq].event)
    judged = []
    for true_state in (state, other):
        bot = SearchBot(hooks, level, "same", timed=False)
        judged.append(_judge(rules, hooks, level, bot, true_state, 0, command, seq, 3))
    assert judged[0] == judged[1]


def test_a_lesson_weighs_the_moves_as_the_review_did() -> None:
    from core.review import weigh_at

    referee = played("kilauea", "review-8", {"turn_limit": 4}, ("greedy", "random"))
    hooks, level = judge("kilauea")
    done = review(referee.rules, hooks, level, referee.log, seats=[1], samples=4)
    judged = next(d for d in done.of(1) if d.best != d.played)
    (best, _), (played_, _) = weigh_at(referee.rules, hooks, level, referee.log, judged.seq,
                                       [judged.best, judged.played], samples=4)  # fmt: skip
    assert best == judged.chance  # the same deals and playouts, the same figures
    assert max(0.0, best - played_) == pytest.approx(judged.chance_lost, abs=1e-5)
    with pytest.raises(CalderaError, match="no seat's decision"):
        weigh_at(referee.rules, hooks, level, referee.log, 0, [judged.best])


def test_a_planted_blunder_is_marked_and_a_forced_move_never() -> None:
    from core.fold import state_before
    from core.review import _weigh

    rules = get_rules("kilauea")
    hooks, level = judge("kilauea")
    greedy = make_bot("kilauea", "greedy", "plant/0")
    planted: list[Any] = []  # the command planted

    class Planter:
        """Greedy, but at a real decision from its third on, the legal command weighed worst
        instead, once one loses a blunder's worth (15 points of winning chance) against the
        best weighed."""

        name, asked = "planter", 0

        def choose(self, rules: Any, view: Any, seat: int) -> Any:
            legal = rules.legal_commands(view, seat)
            self.asked += len(legal) > 1
            if planted or self.asked < 3 or len(legal) < 2:
                return greedy.choose(rules, view, seat)
            bot = SearchBot(hooks, level, "plant", timed=False)
            chances = [c for c, _ in _weigh(rules, hooks, level, view, seat, legal, bot, 0, 6)]
            worst = min(range(len(legal)), key=chances.__getitem__)
            if max(chances) - chances[worst] < 0.15:
                return greedy.choose(rules, view, seat)
            planted.append(legal[worst])
            return legal[worst]

    referee = Referee(rules, rules.config(2, {"turn_limit": 8}), ["Ann", "Bob"], seed="plant")
    referee.begin()
    seqs: list[int] = []

    def seen(referee: Any) -> None:
        if planted and not seqs:
            seqs.append(next(env.seq for env in reversed(referee.log)
                             if rules.command_for(env.event) is not None))  # fmt: skip

    bots = {0: Planter(), 1: make_bot("kilauea", "greedy", "plant/1")}
    play_out(referee, bots, on_command=seen)  # type: ignore[dict-item]
    assert planted and seqs, "a blunder was planted"
    done = review(rules, hooks, level, referee.log, seats=[0], samples=6)
    marked = {d.seq: d.mark for d in done.of(0)}
    assert marked[seqs[0]] in ("mistake", "blunder")
    assert sum(bool(mark) for mark in marked.values()) < len(marked) / 2, "greedy's mostly not"

    forced = [
        env.seq for env in referee.log
        if rules.command_for(env.event) is not None and getattr(env.event, "seat", None) == 0
        and len(rules.legal_commands(rules.view(state_before(rules, referee.log, env.seq), 0), 0))
        < 2
    ]  # fmt: skip
    assert forced and done.forced[0] >= len(forced)
    assert not set(forced) & set(marked), "a forced move is not judged, so never marked"
