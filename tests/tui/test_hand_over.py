"""A local game can hand a seat to a bot mid-game (`H`), and give a bot's seat to the keyboard;
the record kept to resume the game follows, so a resumed game seats the same bots."""

from __future__ import annotations

from replays import unfinished
from tui.app import CalderaApp, Launch
from tui.play.local_table import LocalSession
from tui.play.setup import local_game
from tui.screens.choice import ChoiceScreen
from tui.screens.end import EndScreen
from tui.screens.table import TableScreen

from .conftest import screen_text, wait_for

SIZE = (120, 40)


async def test_a_bot_takes_a_seat_over_and_plays_it_to_the_end() -> None:
    setup = local_game(2, {1: "greedy"}, seed="hand-over", turn_limit=3, game="maunakea")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        session = table.session
        assert isinstance(session, LocalSession) and session.controlled == {0}
        await wait_for(pilot, lambda: table.acting_seat() == 0, "Red's turn")
        await pilot.press("H")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the seats")
        text = screen_text(pilot)
        assert "Let a bot play seat 1 (Red) from now on" in text
        assert "Play seat 2 (Blue) at this keyboard (a greedy bot now)" in text
        await pilot.press("1")
        await wait_for(pilot, lambda: "Which bot plays seat 1 (Red)" in screen_text(pilot), "kinds")
        text = screen_text(pilot)
        for n, kind in enumerate(["random", "easy", "greedy", "medium", "hard"], 1):
            assert f"{n}. {kind}: " in text  # weakest to strongest
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the bots' end")
        assert session.controlled == frozenset() and set(session.bots) == {0, 1}
        assert session.bots[0].name == "greedy"
        assert any(env.seat == 0 for env in session.envelopes[5:]), "Red's bot played"


async def test_a_hard_bot_takes_a_seat_over_and_plays_its_turn() -> None:
    setup = local_game(2, {}, seed="hand-over-hard", turn_limit=3, game="maunakea")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        session = table.session
        assert isinstance(session, LocalSession) and session.controlled == {0, 1}
        await wait_for(pilot, lambda: table.acting_seat() is not None, "a turn")
        seat = table.acting_seat()
        assert seat is not None
        await pilot.press("H")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the seats")
        await pilot.press(str(seat + 1))
        await wait_for(pilot, lambda: "Which bot plays seat" in screen_text(pilot), "the kinds")
        seq = session.referee.seq
        await pilot.press("5")
        await wait_for(pilot, lambda: seat in session.bots, "the seat's bot")
        assert session.bots[seat].name == "hard" and session.controlled == {1 - seat}
        await wait_for(pilot, lambda: table.acting_seat() == 1 - seat, "the other's turn")
        assert session.referee.seq > seq  # the hard bot played the seat's turn
        path = session.replay_path
        assert path is not None
        record = unfinished.find(path, session.referee.started.seed_hash)
        assert record is not None and record.details["bots"] == {str(seat): "hard"}


async def test_the_keyboard_takes_a_bot_s_seat_and_a_resume_keeps_who_plays() -> None:
    setup = local_game(3, {1: "greedy", 2: "greedy"}, seed="take-over", game="maunakea")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen) and isinstance(table.session, LocalSession)
        session = table.session
        await wait_for(pilot, lambda: table.acting_seat() == 0, "Red's turn")
        await pilot.press("H")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the seats")
        await pilot.press("3")  # Yellow plays at this keyboard from now on
        await wait_for(pilot, lambda: session.controlled == {0, 2}, "two seats here")
        assert "Seats" in [c.title for c in app.get_system_commands(table)]
        path = session.replay_path
        assert path is not None
        record = unfinished.find(path, session.referee.started.seed_hash)
        assert record is not None and record.details["bots"] == {"1": "greedy"}
        await session.close()  # left: the game stays saved, to resume
    resumed = LocalSession.resume(path, bot_pace=0)
    try:
        assert resumed.controlled == {0, 2} and set(resumed.bots) == {1}
    finally:
        await resumed.close()
