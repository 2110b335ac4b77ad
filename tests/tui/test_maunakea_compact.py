"""Mauna Kea at 80×24 (the size most terminals open at): the compact table shows the whole
island, the prompt, the scores and the tiles of the seat here, says no size notice, and a
whole game start (every explorer placed) and a turn (a tile laid, the others spent, an explorer
moved, the turn ended) are played with the keys its footer shows. ``m`` shows the players, then
the log, then the island again; a larger terminal keeps the full table."""

from __future__ import annotations

from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.board import space_name
from core.games.maunakea.state import Phase
from tui.app import CalderaApp
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.games.maunakea.widgets.paint import COMPACT
from tui.play.setup import local_game
from tui.screens.choice import ConfirmScreen
from tui.widgets.key_footer import KeyFooter

from .conftest import point_at, screen_text, wait_for
from .test_play import events_of, game_app, screen_of
from .test_size_notice import notices

SMALL = (80, 24)


def footer(app: CalderaApp) -> str:
    """The footer's row as the player reads it."""
    strips = app.screen._compositor.render_strips()
    row = app.screen.query_one(KeyFooter).region.y
    return strips[row].text


def lines(app: CalderaApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_a_game_start_and_a_turn_at_80x24_with_the_keys_the_footer_shows() -> None:
    app = game_app(local_game(2, {1: "greedy"}, seed="compact-turn", game="maunakea"))
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        screen = screen_of(app)
        board = screen.board
        await wait_for(pilot, lambda: board.size.height == COMPACT.rows, "the compact island")
        assert board.region.right <= SMALL[0] and board.region.bottom <= SMALL[1] - 3
        assert (board.size.width, board.size.height) == (COMPACT.columns, COMPACT.rows)

        # the pre-game: Red places each explorer on a free start space, the footer says enter
        while True:
            await wait_for(
                pilot,
                lambda: screen.turn.placing_explorers or screen.turn.playing,
                "Red to place an explorer or to play",
            )
            if screen.turn.playing:
                break
            await pilot.pause()
            assert "⏎ Place explorer" in footer(app)
            assert "Red: place an explorer" in screen_text(pilot)
            target = sorted(screen.turn.start_spaces())[0]
            before = len(screen.session.envelopes)
            await point_at(pilot, board, target)
            await pilot.press("enter")
            await wait_for(pilot, lambda n=before: len(screen.session.envelopes) > n, "placed")
            placed = [e for e in events_of(screen)[before:] if isinstance(e, ev.ExplorerPlaced)]
            assert placed and (placed[0].seat, placed[0].space) == (0, target)
        assert screen.state.phase is Phase.TURN and screen.turn.seat == 0
        assert "needs a terminal" not in notices(app)

        # the turn: the tiles are in the narrow column, the footer offers picking one
        await pilot.pause()
        hand = list(screen.state.hands[0])
        assert f"1…{len(hand)} Tile" in footer(app)
        side = "\n".join(line[COMPACT.columns :] for line in lines(app))
        assert "1:" in side and "Red" in side and "Blue" in side  # tiles and scores
        await pilot.press("1")
        await pilot.pause()
        assert "⏎ Lay" in footer(app) and "r Turn" in footer(app) and "s Spend" in footer(app)
        assert "enter lays it at" in screen_text(pilot)
        laid = next(c for c in screen.turn.commands if isinstance(c, cmd.PlaceTile))
        cursor = board.cursor
        await point_at(
            pilot, board, (2 * laid.slot[0] + cursor[0] % 2, 2 * laid.slot[1] + cursor[1] % 2)
        )
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: any(isinstance(e, ev.TilePlaced) for e in events_of(screen)), "laid"
        )
        while screen.turn.hand:  # every other tile spent for its movement points
            count = len(screen.turn.hand)
            await pilot.press("1", "s")
            await wait_for(pilot, lambda n=count: len(screen.turn.hand) < n, "a tile spent")

        # an explorer moved to a space in reach
        await pilot.pause()
        assert "tab Explorer" in footer(app)
        await pilot.press("tab")
        await pilot.pause()
        chosen = screen.turn.explorer(screen.explorer)
        assert chosen is not None
        reach = screen.turn.reach(chosen.index)
        to = min(reach, key=lambda space: (reach[space][0], space))
        await point_at(pilot, board, to)
        await pilot.pause()
        assert "⏎ Move here" in footer(app)
        assert f"to {space_name(to)}:" in screen_text(pilot)
        await pilot.press("enter")
        await wait_for(
            pilot,
            lambda: any(
                isinstance(e, ev.ExplorerMoved) and e.path[-1] == to for e in events_of(screen)
            ),
            "the move",
        )

        # the turn ended (the MP left are asked about), the bot plays, Red's turn again
        await pilot.pause()
        assert "e End turn" in footer(app)
        turns = sum(isinstance(e, ev.TurnStarted) for e in events_of(screen))
        await pilot.press("e")
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await wait_for(
            pilot,
            lambda: (
                sum(isinstance(e, ev.TurnStarted) for e in events_of(screen)) >= turns + 2
                and screen.turn.playing
            ),
            "Red's next turn",
        )
        assert "needs a terminal" not in notices(app)


async def test_m_shows_the_players_then_the_log_then_the_island() -> None:
    app = game_app(local_game(2, {1: "greedy"}, seed="compact-panes", game="maunakea"))
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        screen = screen_of(app)
        await wait_for(pilot, lambda: screen.turn.placing_explorers, "Red to place")
        await pilot.pause()
        assert "m Players" in footer(app)
        assert "Mauna Kea begins" not in screen_text(pilot)  # the log is one key away
        await pilot.press("m")
        await pilot.pause()
        text = screen_text(pilot)
        assert "to place" in text and "Bag:" in text and "lava flows" in text  # and the legend
        assert "m Log" in footer(app)
        await pilot.press("m")
        await pilot.pause()
        assert "Mauna Kea begins" in screen_text(pilot)
        assert "m Island" in footer(app)
        await pilot.press("m")
        await pilot.pause()
        assert "Mauna Kea begins" not in screen_text(pilot)
        assert "m Players" in footer(app)
        # the keys still play the island while a pane is shown
        await pilot.press("m")
        target = sorted(screen.turn.start_spaces())[0]
        before = len(screen.session.envelopes)
        await point_at(pilot, screen.board, target)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(screen.session.envelopes) > before, "placed")


async def test_a_larger_terminal_keeps_the_full_table() -> None:
    app = game_app(local_game(2, {1: "greedy"}, seed="compact-grows", game="maunakea"))
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        screen = screen_of(app)
        await wait_for(pilot, lambda: screen.compact, "the compact table")
        await pilot.press("m")  # a pane open when the terminal grows
        await pilot.resize_terminal(99, 34)
        await wait_for(pilot, lambda: not screen.compact, "the full table")
        await pilot.pause()
        text = screen_text(pilot)
        assert "Mauna Kea begins" in text and "lava flows" in text and "Bag:" in text
        assert "m Players" not in footer(app) and "m Log" not in footer(app)
        assert screen.board.size.height > COMPACT.rows  # the slots' letters are back


async def test_the_help_names_m_once() -> None:
    from tui.screens.help import keys_table

    app = game_app(local_game(2, {1: "greedy"}, seed="compact-help", game="maunakea"))
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        table = keys_table(app.screen)
        keys = [str(cell) for cell in table.columns[0]._cells]
        assert keys.count("m") == 1
