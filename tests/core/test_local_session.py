"""LocalSession: the Session protocol over an in-process referee, with bots and a replay file."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from core.bots import make_bot
from core.codec import Envelope
from core.errors import IllegalCommand
from core.games import get_rules
from core.games.maunakea import commands as cmd
from core.lifecycle import GameEnded
from core.session import Session
from replays.file import read
from tui.play.local_table import LocalSession
from tui.play.setup import BOT_ONLY_TURN_LIMIT, SeatSetup, TableSetup, open_local_session
from tui.replay.library import read_entry, saved_replays

RULES = get_rules("maunakea")


def session(bots: dict[int, str], **kw: Any) -> LocalSession:
    return LocalSession(
        RULES,
        RULES.config(2, {"turn_limit": 5}),
        ["Ana", "Bo"],
        bots={s: make_bot("maunakea", k, str(s)) for s, k in bots.items()},
        seed="local",
        bot_pace=0,
        **kw,
    )


async def until(condition: Any) -> None:
    """Let the loop run until ``condition()`` holds (a hang guard, not a speed check)."""
    for _ in range(4000):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("never happened")


def test_it_is_a_session() -> None:
    s: Session = session({1: "greedy"})
    assert s.status == "local"
    assert s.controlled == frozenset({0})


async def test_bots_play_a_whole_game_and_every_event_is_saved(tmp_path: Path) -> None:
    table = session({0: "greedy", 1: "random"})
    table.save_to(tmp_path / "game.caldera")
    heard: list[Envelope] = []
    table.subscribe(heard.extend)
    await table.start()
    await until(lambda: table.ended)
    await table.close()
    assert [e.seq for e in heard] == list(range(len(table.envelopes)))
    assert isinstance(heard[-1].event, GameEnded)
    saved = read(tmp_path / "game.caldera")
    assert [e.event for e in saved.envelopes] == [e.event for e in table.envelopes]


async def test_commands_for_seats_not_at_this_keyboard_are_refused() -> None:
    table = session({1: "greedy"})
    await table.start()
    with pytest.raises(IllegalCommand, match="not played at this keyboard"):
        await table.submit(1, cmd.EndTurn())
    with pytest.raises(IllegalCommand):
        await table.submit(0, cmd.EndTurn())  # placement phase: the rules refuse it
    await table.close()
    with pytest.raises(IllegalCommand, match="closed"):
        await table.submit(0, cmd.EndTurn())


async def test_closing_stops_the_bots_and_keeps_an_unfinished_game(tmp_path: Path) -> None:
    table = session({0: "greedy", 1: "greedy"})
    table.bot_pace = 0.05
    table.save_to(tmp_path / "half.caldera")
    await table.start()
    await until(lambda: len(table.envelopes) > 20)
    await table.close()
    count = len(table.envelopes)
    running = [t for t in asyncio.all_tasks() if t.get_name() == "caldera-bots" and not t.done()]
    assert not running  # the bots were stopped, not left to play on
    with pytest.raises(IllegalCommand, match="closed"):
        await table.submit(0, cmd.EndTurn())  # and nothing wakes them again
    assert len(table.envelopes) == count
    entry = read_entry(tmp_path / "half.caldera")
    assert entry.result.startswith("unfinished") and entry.events == count


async def test_a_table_setup_opens_a_saved_session(tmp_path: Path) -> None:
    setup = TableSetup("maunakea", (SeatSetup("Ana", "greedy"), SeatSetup("Bo", "random")))
    assert setup.options() == {"turn_limit": BOT_ONLY_TURN_LIMIT}
    table = open_local_session(setup, bot_pace=0)
    assert table.replay_path is not None and table.replay_path.exists()
    assert saved_replays() == [table.replay_path]
    await table.close()
    with pytest.raises(ValueError, match="unknown bot"):
        open_local_session(TableSetup("maunakea", (SeatSetup("A", "clever"), SeatSetup("B"))))


async def test_the_seed_is_kept_apart_until_the_game_ends(tmp_path: Path, data_dir: Path) -> None:
    """The replay file never holds the seed of an unfinished game: the record beside it does,
    readable by this user only, and it is gone once the file reveals the seed."""
    from replays import unfinished

    table = session({1: "random"})
    path = tmp_path / "secret.caldera"
    table.save_to(path)
    (record,) = unfinished.records()
    assert (record.seed, record.kind, record.details) == (
        "local",
        "local",
        {"bots": {"1": "random"}},
    )
    folder = unfinished.records_dir()
    assert folder.is_relative_to(data_dir) and oct(folder.stat().st_mode & 0o777) == "0o700"
    assert all(oct(p.stat().st_mode & 0o777) == "0o600" for p in folder.glob("*.json"))
    await table.start()
    await until(lambda: 0 in RULES.to_move(table.state))  # Ana's turn: the game waits for her
    assert b"local" not in path.read_bytes()  # the seed is "local"
    ana = make_bot("maunakea", "random", "ana")
    while not table.ended:
        await until(lambda: table.ended or 0 in RULES.to_move(table.state))
        if not table.ended:
            await table.submit(0, ana.choose(RULES, RULES.view(table.state, 0), 0))
    await table.close()
    assert unfinished.records() == []
    ended = read(path).ended
    assert ended is not None and ended.seed == "local"


async def test_a_game_that_was_left_resumes_where_it_stopped(tmp_path: Path) -> None:
    from core.audit import audit

    path = tmp_path / "left.caldera"
    first = session({1: "greedy"})  # Ana plays at the keyboard, Bo is a bot
    first.save_to(path)
    await first.start()
    ana = make_bot("maunakea", "random", "ana")

    async def ana_plays(table: LocalSession, commands: int) -> None:
        for _ in range(commands):
            await until(lambda: table.ended or 0 in RULES.to_move(table.state))
            if table.ended:
                return
            await table.submit(0, ana.choose(RULES, RULES.view(table.state, 0), 0))

    await ana_plays(first, 8)
    await first.close()
    before = read(path).raw
    assert read(path).ended is None

    again = LocalSession.resume(path, bot_pace=0)
    assert again.referee.wire == before and again.referee.seed == "local"
    assert again.controlled == frozenset({0}) and set(again.bots) == {1}
    await again.start()
    await ana_plays(again, 10_000)
    await until(lambda: again.ended)
    await again.close()
    replay = read(path)
    assert replay.raw[: len(before)] == before and replay.warnings == []
    report = audit(replay.envelopes)
    assert report.ok and report.seed_checked  # one log, every draw from the game's own seed


async def test_what_cannot_be_resumed_says_why_in_one_line(tmp_path: Path) -> None:
    from core.errors import ReplayError
    from replays import unfinished

    path = tmp_path / "once.caldera"
    table = session({1: "random"})  # waits for Ana at the keyboard
    table.save_to(path)
    await table.start()
    await until(lambda: 0 in RULES.to_move(table.state))
    with pytest.raises(ReplayError, match="being played in another process"):
        LocalSession.resume(path)  # the first session still holds it
    await table.close()
    for record in unfinished.records_dir().glob("*.json"):
        record.unlink()
    with pytest.raises(ReplayError, match="seed of this unfinished game is not kept"):
        LocalSession.resume(path)
    finished = tmp_path / "done.caldera"
    done = session({0: "random", 1: "random"})
    done.save_to(finished)
    await done.start()
    await until(lambda: done.ended)
    await done.close()
    with pytest.raises(ReplayError) as over:
        LocalSession.resume(finished)
    assert "\n" not in str(over.value)
