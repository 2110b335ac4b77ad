"""A replay file opened in the app is folded once: its audit's fold is the timeline's and its
sentences' (replays.check.checked_timeline), counted by the rules' own calls; and an edited log
is still refused with the very line the audit alone gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.errors import ReplayError
from core.games.maunakea import RULES
from core.lifecycle import NOT_FOLDED, GameStarted
from replays.check import playable
from replays.file import read
from replays.timeline import SNAPSHOT_EVERY
from tests.kit.forge import rebuilt
from tests.replays.test_replay_faults import EDITS, record_game
from tui.app import CalderaApp
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
