"""A replay file opened in the app is folded once: its audit's fold is the timeline's and its
sentences' (replays.check.checked_timeline), counted by the rules' own calls, from the menu as by
``caldera replay FILE`` (which opens it before the app starts); and an edited log is still
refused with the very line the audit alone gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import replays.file
import tui.cli as cli
from core.errors import ReplayError
from core.games.maunakea import RULES
from core.lifecycle import NOT_FOLDED, GameStarted
from replays.check import playable
from replays.file import read
from replays.timeline import SNAPSHOT_EVERY
from tests.kit.forge import rebuilt
from tests.replays.test_replay_faults import EDITS, record_game
from tui.app import CalderaApp, Launch
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen

from .conftest import wait_for


async def test_a_replay_file_opens_with_one_fold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "once.caldera"
    record_game(path, turn_limit=6, seed="once")
    log = read(path).envelopes
    skipped = NOT_FOLDED | {GameStarted}
    folded = [env for env in log if type(env.event) not in skipped]
    calls = {"initial": 0, "evolve": 0}
    initial, evolve = RULES.initial, RULES.evolve

    def counted_initial(config: Any) -> Any:
        calls["initial"] += 1
        return initial(config)

    def counted_evolve(state: Any, event: Any) -> Any:
        calls["evolve"] += 1
        return evolve(state, event)

    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        monkeypatch.setattr(RULES, "initial", counted_initial)
        monkeypatch.setattr(RULES, "evolve", counted_evolve)
        app.open_replay(path)
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, ReplayScreen) and app.screen.state is not None,
            "the replay's board",
        )
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert len(replay.timeline) == len(log) and len(folded) > SNAPSHOT_EVERY
        assert calls == {"initial": 1, "evolve": len(folded)}  # each event folded once
        assert len(replay._sentences) == len(log)  # worded in that same fold


async def test_caldera_replay_file_reads_and_folds_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``caldera replay FILE`` audits the file before the app starts (so a bad one is a line on
    stderr), and the app shows that very fold: one read, one state started, each event evolved
    once (the command line's audit and the app's made it two of each)."""
    path = tmp_path / "cli.caldera"
    record_game(path, turn_limit=6, seed="cli")
    log = read(path).envelopes
    folded = [env for env in log if type(env.event) not in NOT_FOLDED | {GameStarted}]
    calls = {"read": 0, "initial": 0, "evolve": 0}
    reader, initial, evolve = replays.file.read, RULES.initial, RULES.evolve

    def counted(name: str, call: Any) -> Any:
        def count(*args: Any) -> Any:
            calls[name] += 1
            return call(*args)

        return count

    launched: list[Launch] = []
    monkeypatch.setattr(cli, "_run_app", lambda _args, launch: launched.append(launch) or 0)
    monkeypatch.setattr(replays.file, "read", counted("read", reader))
    monkeypatch.setattr(RULES, "initial", counted("initial", initial))
    monkeypatch.setattr(RULES, "evolve", counted("evolve", evolve))
    assert cli.main(["replay", str(path)]) == 0
    app = CalderaApp(launched[0], bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, ReplayScreen) and app.screen.state is not None,
            "the replay's board",
        )
        assert isinstance(app.screen, ReplayScreen) and len(app.screen.timeline) == len(log)
    assert calls == {"read": 1, "initial": 1, "evolve": len(folded)}


async def test_an_edited_log_opened_in_the_app_is_the_audits_one_line(
    tmp_path: Path,
) -> None:
    finished, unfinished = tmp_path / "finished.caldera", tmp_path / "unfinished.caldera"
    record_game(finished)
    record_game(unfinished, stop=40)
    expected: dict[Path, str] = {}
    for which in (finished, unfinished):
        for k, (edit, _seq) in enumerate(EDITS.values()):
            bad = tmp_path / f"{which.stem}-{k}.caldera"
            rebuilt(which, bad, edit)
            with pytest.raises(ReplayError) as refused:
                playable(read(bad))
            expected[bad] = str(refused.value)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        for bad, line in expected.items():
            app.open_replay(bad)
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            note = list(app._notifications)[-1]
            assert (note.title, note.message) == ("Cannot open the replay", line), bad.name
