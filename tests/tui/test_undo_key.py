"""The undo key: ``u`` (or ctrl+z, or the palette's "Undo") takes back the acting seat's last
commands of the turn, one by one. The footer and the palette offer it only while an undo would
be allowed (the screen reads its log with the referee's rule); pressed anyway, ``u`` gets the
referee's one line saying why not."""

from __future__ import annotations

from core.games.kilauea import events as kev
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.board import slot_of
from core.lifecycle import Undone
from tests.kit.kilauea_builder import Table as KTable
from tests.kit.maunakea_builder import Builder
from tui.app import CalderaApp, Launch
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.play.setup import SeatSetup, TableSetup
from tui.screens.choice import ConfirmScreen
from tui.widgets.key_footer import shown_keys

from .conftest import screen_text, wait_for
from .test_kilauea_play import from_table as kilauea_app
from .test_kilauea_play import red_to_play
from .test_play import SIZE, events_of, from_position, game_app, start_turn, turn_position


def notices(app: CalderaApp) -> str:
    return "\n".join(n.message for n in app._notifications)


def undo_offered(app: CalderaApp) -> bool:
    """The footer shows the undo key, and the command palette lists "Undo"."""
    footer = any(key.action == "undo" for key in shown_keys(app.screen))
    palette = "Undo" in [command.title for command in app.get_system_commands(app.screen)]
    assert footer == palette
    return footer


async def test_u_takes_back_a_laid_tile_and_ctrl_z_a_spent_one() -> None:
    app = game_app(from_position(turn_position("undo-key"), "undo-key"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        hand = list(screen.state.hands[0])
        dumped = screen.rules.dump_position(screen.state)
        assert "your turn" in screen.title
        assert not undo_offered(app)  # nothing of this turn yet
        await pilot.press("1", "enter")  # lay tile 1 where the cursor stands
        await pilot.pause()
        laid = events_of(screen)[-1]
        assert isinstance(laid, ev.TilePlaced) and laid.tile == hand[0]
        await wait_for(pilot, lambda: undo_offered(app), "the undo key after my own command")
        await pilot.press("1", "s")  # spend the next one
        await pilot.pause()
        assert isinstance(events_of(screen)[-1], ev.TileSpent)
        assert screen.state.pool > 0

        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(events_of(screen)[-1], Undone)
        assert screen.state.pool == 0 and len(screen.state.hands[0]) == len(hand) - 1
        await wait_for(pilot, lambda: "You took back: Red spent" in notices(app), "the notice")
        await pilot.press("u")
        await pilot.pause()
        assert screen.state.hands[0] == hand
        assert laid.slot not in screen.state.board
        assert screen.rules.dump_position(screen.state) == dumped
        assert "took back their last move" in screen_text(pilot)  # in the log too

        # nothing is left to take back this turn: the key is gone, and pressed says why
        await wait_for(pilot, lambda: not undo_offered(app), "no undo key")
        await pilot.press("u")
        await pilot.pause()
        assert screen.note.startswith("✗ ") and "nothing to take back" in screen.note
        assert sum(isinstance(e, Undone) for e in events_of(screen)) == 2


async def test_undo_is_refused_after_a_tile_drawn_by_an_earthquake() -> None:
    b = Builder(advanced=True)
    b.tile("B2", "JJJW", turn=0)
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    b.cards(0, "earthquake-1")
    setup = TableSetup(
        "maunakea", (SeatSetup("Red"), SeatSetup("Blue", "greedy")), "undo", None, b.position()
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        screen = app.screen
        assert isinstance(screen, MaunaKeaScreen)
        await wait_for(pilot, lambda: screen.turn.playing, "Red's turn")
        await pilot.press("c", "enter")  # the earthquake turns the tile under the cursor
        await pilot.pause()
        assert isinstance(events_of(screen)[-1], ev.EarthquakeStruck)
        await wait_for(pilot, lambda: undo_offered(app), "the undo key")
        await pilot.press("u")  # nothing drawn yet: it comes back
        await pilot.pause()
        assert isinstance(events_of(screen)[-1], Undone)
        assert "earthquake-1" in screen.state.cards[0]
        await pilot.press("c", "enter", "y")  # again, and draw a tile from the bag
        await wait_for(pilot, lambda: screen.state.quake_tile is not None, "the drawn tile")
        await wait_for(pilot, lambda: not undo_offered(app), "no undo key after the draw")
        count = len(events_of(screen))
        await pilot.press("u")
        await pilot.pause()
        assert screen.note.startswith("✗ nothing to take back since this happened: Red drew")
        assert len(events_of(screen)) == count
        assert cmd.QuakeDraw(True) not in screen.turn.legal
        assert slot_of(screen.board.cursor) is not None


async def test_the_undo_key_is_gone_at_another_s_turn() -> None:
    # Red and Blue share this keyboard: at Blue's turn Red's move is not Blue's to take back
    setup = TableSetup(
        "maunakea",
        (SeatSetup("Red"), SeatSetup("Blue")),
        "undo-turns",
        None,
        turn_position("undo-turns"),
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        assert screen.turn.seat == 0
        while screen.state.hands[0]:
            await pilot.press("1", "s")  # Red spends its tiles
            await pilot.pause()
        await wait_for(pilot, lambda: undo_offered(app), "Red's undo key")
        await pilot.press("e")  # and ends the turn with MP left: it asks first
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.turn.seat == 1, "Blue's turn")
        assert not undo_offered(app)
        await pilot.press("u")  # Blue has nothing to take back: one line says why
        await wait_for(pilot, lambda: "nothing to take back" in screen.note, "the reason")


async def test_kilauea_offers_undo_after_each_command_even_one_of_several_events() -> None:
    table = KTable(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    app = kilauea_app(table, "undo-kilauea")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        assert not undo_offered(app)
        await pilot.press("1")  # move the canoe one space
        await wait_for(pilot, lambda: undo_offered(app), "undo after the move")
        await pilot.press("c", "1")  # cut a Tiki: it earns reef tile 2
        await pilot.press("t", "1")  # 2A: a tile used, and the stones it takes (two events)
        await wait_for(pilot, lambda: isinstance(events_of(screen)[-1], kev.StonesTaken), "2A")
        assert undo_offered(app)  # the stones came with the command, nothing was revealed
        await pilot.press("u")
        await wait_for(pilot, lambda: isinstance(events_of(screen)[-1], Undone), "the undo")
        assert isinstance(
            screen.session.envelopes[events_of(screen)[-1].back_to].event, kev.TileUsed
        )
        assert undo_offered(app)  # the cut and the move may still be taken back
