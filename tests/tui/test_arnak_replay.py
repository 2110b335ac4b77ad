"""Watching an Arnak game again: the table at any event, seen by everyone once the game is over,
by one seat (only their hand), or by a spectator (no hand at all)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from core.bots import make_bot, play_out
from core.games import get_rules
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN
from core.referee import Referee
from replays.file import Header, ReplayWriter
from tui.app import CalderaApp, Launch
from tui.games.arnak.replay import ArnakReplayScreen
from tui.replay.viewer import SPECTATOR, Viewer

from .conftest import go_to_event, screen_text, wait_for

SIZE = (120, 40)
RULES = get_rules("arnak")


def save_game(path: Path, seed: str, players: int = 3) -> Referee[Any]:
    """A greedy bots' Arnak game written to ``path``."""
    names = ["Ana", "Bo", "Cy", "Di"][:players]
    referee = Referee(RULES, RULES.config(players, {"side": "snake"}), names, seed=seed)
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        bots = {s: make_bot("arnak", "greedy", str(s)) for s in range(players)}
        play_out(referee, bots)
    return referee


async def test_the_replay_shows_the_table_and_only_the_hands_its_viewer_may_see(
    tmp_path: Path,
) -> None:
    path = tmp_path / "arnak.caldera"
    save_game(path, "a-replay")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ArnakReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ArnakReplayScreen)
        await go_to_event(pilot, 150)
        text = screen_text(pilot)
        assert "MAP" in text and " ● " in text and "event 150" in text
        state = screen.state
        active = state.active
        # a finished game is seen whole: the hand of the seat to act, by name
        hand = [C.name(c) for c in state.seats[active].hand]
        assert f"{screen.names[active]}'s HAND" in text
        assert all(name in text for name in hand)

        screen.view_as(Viewer(1))
        await pilot.pause()
        assert all(c == HIDDEN for s in (0, 2) for c in screen.state.seats[s].hand)
        assert "Bo's HAND" in screen_text(pilot)

        screen.view_as(SPECTATOR)
        await pilot.pause()
        assert all(c == HIDDEN for p in screen.state.seats for c in p.hand)
        assert "only the player whose eyes the table shows sees a hand" in screen_text(pilot)


async def test_the_replays_log_says_each_answer_in_the_games_words(tmp_path: Path) -> None:
    path = tmp_path / "arnak.caldera"
    save_game(path, "a-replay-words", players=2)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ArnakReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ArnakReplayScreen)
        said = [text for _, text in screen._sentences]
        answers = [text for text in said if "? " in text]
        assert answers, "the bots answered questions"
        assert not [text for text in said if re.search(r" chose \d", text)], said
        assert any(": +" in text for text in said)  # an action's gains
