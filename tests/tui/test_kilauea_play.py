"""Playing Kilauea with keys only: the draft, moving the canoe, cutting, building, a tile,
ending the turn; refusals with their reason; help and palette; a bot game to the end screen."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from textual.widgets import Static

from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea import track
from core.games.kilauea.state import Phase
from core.lifecycle import GameEnded
from core.protocol import Outcome
from tests.kit.kilauea_builder import ORCHID, Table
from tui.app import CalderaApp, Launch
from tui.games.kilauea.screen import KilaueaScreen
from tui.games.kilauea.widgets.glyphs import CANOE_PAWN
from tui.play.setup import SeatSetup, TableSetup, local_game
from tui.screens.choice import ConfirmScreen
from tui.screens.end import EndScreen, verdict
from tui.screens.help import keys_table
from tui.widgets.text_line import TextLine

from .conftest import screen_text, wait_for

SIZE = (100, 40)
SEATS = (SeatSetup("Red"), SeatSetup("Blue", "greedy"), SeatSetup("Yellow", "greedy"))


def from_table(table: Table, seed: str) -> CalderaApp:
    """Red at this keyboard, Blue and Yellow greedy bots, from the builder's position."""
    setup = TableSetup("kilauea", SEATS, seed, None, table.position())
    return CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)


async def red_to_play(pilot: Any, app: CalderaApp) -> KilaueaScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, KilaueaScreen), "the Kilauea screen")
    screen = app.screen
    assert isinstance(screen, KilaueaScreen)
    await wait_for(pilot, lambda: screen.turn.seat == 0, "Red's turn")
    return screen


def events_since(screen: KilaueaScreen, start: int) -> list[Any]:
    return [env.event for env in screen.session.envelopes[start:]]


def track_line(screen: KilaueaScreen) -> str:
    return next(line for line in screen.board.text().splitlines() if "canoe track" in line)


async def test_a_turn_move_cut_a_tile_and_end_with_keys_only() -> None:
    table = Table(phase="move", canoe="plumeria b").canoe(0, "red").stones(0, 3)
    app = from_table(table, "pilot-turn")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)

        # the move question is asked at once; steps past the free ones cost a stone each
        assert screen.choice is not None and screen.choice.verb.action == "move"
        text = screen_text(pilot)
        assert "4 spaces → ginger b · free" in text and "5 spaces → lehua a · pay 1 stone" in text
        await pilot.press("1")
        await pilot.pause()
        assert events_since(screen, start) == [ev.CanoeMoved(0, 1, track.parse("orchid a"), 0)]
        assert track_line(screen).count(CANOE_PAWN) == 1
        assert screen.board.text().splitlines()[0].count("orchid") == 1

        # cut the green Tiki on m1 of the orchid forest: it goes into Red's canoe
        await pilot.press("c")
        assert "green Tiki on m1" in screen_text(pilot)
        await pilot.press("1")
        await pilot.pause()
        assert events_since(screen, start)[-1] == ev.TikiCut(0, ORCHID, "m1", "green")
        assert "canoe [RG··]" in screen.board.text()

        # building now is refused, with the referee's reason in one line
        await pilot.press("v")
        await pilot.pause()
        assert screen.note == "✗ you have already taken your main action"
        assert isinstance(events_since(screen, start)[-1], ev.TikiCut)

        # the cut earned reef tile 2: ending the turn now would forfeit it, so it is asked
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "The action tile(s) 2A earned this turn go unused." in screen_text(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and isinstance(events_since(screen, start)[-1], ev.TikiCut)

        # 2A takes 2 stones from the crater: t, then its number
        await pilot.press("t")
        assert "2A (free): Take 2 Sacred Stones from the crater." in screen_text(pilot)
        await pilot.press("1")
        await pilot.pause()
        used = events_since(screen, start)[-2:]
        assert isinstance(used[0], ev.TileUsed) and used[0].face == "2A"
        assert used[1] == ev.StonesTaken(0, 2)
        assert "●●●●●" in screen.board.text()

        await pilot.press("e")
        await pilot.pause()
        assert ev.TurnEnded(0) in events_since(screen, start)
        await wait_for(pilot, lambda: screen.turn.seat == 0, "Blue and Yellow to play")
        seats = {getattr(e, "seat", None) for e in events_since(screen, start)}
        assert {1, 2} <= seats


async def test_building_on_the_volcano_takes_stones_and_the_escape_key_goes_back() -> None:
    table = Table(canoe="orchid a").canoe(0, "red", "blue").stones(0, 1).crater(3)
    app = from_table(table, "pilot-volcano")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("v")
        assert "red: its column in orchid 1 → 2, take 3 stones" in screen_text(pilot)
        await pilot.press("escape")
        assert screen.choice is None and "What now?" in screen_text(pilot)
        await pilot.press("v", "down", "enter")  # the second colour: blue
        await pilot.pause()
        assert events_since(screen, start) == [ev.BuiltOnVolcano(0, ORCHID, "blue", 3)]
        assert "B2▲" in screen.board.text()
        # no tile was earned (the orchid slope is empty): t says why
        await pilot.press("t")
        assert screen.note.startswith("No action tile to use")


async def test_building_on_the_island_and_a_tile_that_moves_a_tiki() -> None:
    # 4A on the reef by orchid a's left (reef tile 1, between plumeria and orchid): move a Tiki
    # between island sectors. Red builds a yellow Tiki in orchid, then moves it to lehua.
    table = (
        Table(canoe="orchid a")
        .arrange(reef=[5, 4, 1, 2, 3])
        .canoe(0, "yellow")
        .stones(0, 2)
        .forest(ORCHID, o1="red")
    )
    app = from_table(table, "pilot-island")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("i", "1")
        await pilot.pause()
        assert events_since(screen, start) == [ev.BuiltOnIsland(0, ORCHID, "yellow", 2)]
        red = next(line for line in screen.board.text().splitlines() if line.startswith("▶ Red"))
        assert "Y" in red
        # no cut, so no reef tile: only ending the turn is left
        assert [verb.action for verb in screen.turn.verbs()] == ["end_turn"]
        await pilot.press("c")
        assert screen.note == "✗ your main action is over"


async def test_a_cut_then_a_reef_tile_with_targets() -> None:
    # reef tile 1 lies between plumeria and orchid: 4A (move a Tiki between island sectors)
    table = (
        Table(canoe="orchid a")
        .arrange(reef=[5, 4, 1, 2, 3])
        .island(0, ORCHID, "yellow")
        .forest(ORCHID, o1="red")
    )
    app = from_table(table, "pilot-tile")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("c", "1", "t", "1")
        assert "Where does it go?" in screen_text(pilot)
        # the only Tiki on Red's island was settled without asking, and is named
        assert "4A → orchid → a yellow Tiki from your island's orchid column → ?" in str(
            screen.query_one("#prompt", TextLine).text
        )
        assert screen.board.marks.chosen.island == frozenset({(0, ORCHID)})
        await pilot.press("4")  # hibiscus, plumeria, ginger, lehua: the fourth is lehua
        await pilot.pause()
        used, moved = events_since(screen, start)[-2:]
        assert isinstance(used, ev.TileUsed) and used.face == "4A"
        assert moved.source.sector == ORCHID and moved.target.sector == 4
        assert screen.state.islands[0][4] == ["yellow"]


async def test_the_draft_is_two_questions_and_bots_draft_in_turn() -> None:
    setup = local_game(2, {1: "greedy"}, game="kilauea", seed="pilot-draft")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        assert screen.state.phase is Phase.DRAFT
        assert "Take a Tiki from which volcano sector?" in screen_text(pilot)
        await pilot.press("3")
        assert "Which colour?" in screen_text(pilot)
        assert screen.board.marks.chosen.volcano  # the orchid columns are pointed at
        assert screen.choice is not None
        first = screen.choice.options[0].value
        await pilot.press("1")
        await pilot.pause()
        drafted = [e for e in events_since(screen, 0) if isinstance(e, ev.TikiDrafted)]
        assert ev.TikiDrafted(0, ORCHID, str(first)) in drafted
        await wait_for(pilot, lambda: screen.turn.seat == 0, "Red again")
        assert screen.state.canoes[0]


async def test_help_and_the_palette_name_the_actions_of_the_moment() -> None:
    app = from_table(Table(canoe="orchid a").canoe(0, "red").stones(0, 2), "pilot-help")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        titles = {c.title for c in app.get_system_commands(screen)}
        assert {"Cut", "Build volcano", "Build island", "Leave", "Help"} <= titles
        assert "Move canoe" not in titles and "End turn" not in titles
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = "\n".join(str(s.render()) for s in app.screen.query(Static))
        assert "Kilauea in brief" in text and "R3▲ a volcano column" in text
        assert "Pay 4 stones: a volcano Tiki to any sector of your island." in text  # 9B
        console = Console(width=100, record=True)
        console.print(keys_table(screen))
        keys = console.export_text()
        assert "Move the highlight over the choices" in keys and "Scroll Left" not in keys
        assert "Cut an accessible Tiki" in keys
        await pilot.press("escape")
        assert app.screen is screen


async def test_bots_finish_a_game_and_the_end_screen_shows_the_parts() -> None:
    setup = local_game(
        3, {0: "greedy", 1: "greedy", 2: "random"}, game="kilauea", seed="kilauea-end"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen)
        game = app.screen_stack[-2]
        assert isinstance(game, KilaueaScreen)
        last = game.session.envelopes[-1].event
        assert isinstance(last, GameEnded)
        assert end.outcome.scores == last.scores
        text = screen_text(pilot)
        for heading in ("1st", "Final", "5 sectors", "Stones", "Canoe", "scoring", "bonus"):
            assert heading in text
        assert f"{end.outcome.scores[last.winners[0]]}" in text and "…" not in text
        assert "The game ended: a third forest is empty." in text
        assert game.names[last.winners[0]] in text
        await pilot.press("escape")
        assert app.screen is game and "Game over" in screen_text(pilot)
        assert not game.turn.verbs()


async def test_a_key_out_of_turn_says_to_wait() -> None:
    table = Table(phase="move", canoe="plumeria b", active=1)
    setup = TableSetup(
        "kilauea",
        (SeatSetup("Red"), SeatSetup("Blue"), SeatSetup("Yellow", "greedy")),
        "wait",
        None,
        table.position(),
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=60, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaScreen))
        screen = app.screen
        assert isinstance(screen, KilaueaScreen)
        await wait_for(pilot, lambda: screen.turn.seat == 1, "Blue (hotseat) to move")
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(screen.session.envelopes[-1].event, ev.CanoeMoved)
        await pilot.press("e")
        await pilot.pause()
        assert screen.note.startswith("✗ take a main action first")
        assert cmd.EndTurn() not in screen.turn.commands


def test_the_end_screen_says_how_a_kilauea_tie_was_broken() -> None:
    names = ("Red", "Blue")
    parts = ({"final": 30, "total": 30}, {"final": 30, "total": 30})
    fewer = Outcome((30, 30), (1,), parts, "fewer Tikis on the island", (1, 0))
    assert verdict(names, fewer) == "Blue wins! Tie broken by fewer Tikis on the island."
    shared = Outcome((30, 30), (0, 1), parts, "shared", (0, 1))
    assert verdict(names, shared) == "Red and Blue share the win."


async def test_the_setup_draws_are_revealed_one_at_a_time() -> None:
    """With a reveal pace, the forests, the Tikis, the tiles and the start player come in one
    by one, and no key acts until everything is shown. (The pace is huge here: the test fires
    each reveal itself.)"""
    setup = local_game(2, {}, game="kilauea", seed="k-reveal")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=600)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, KilaueaScreen))
        screen = app.screen
        assert isinstance(screen, KilaueaScreen)
        total = len(screen.session.envelopes)
        revealed = []
        while screen.shown < total:
            assert screen.turn.seat is None and not screen.turn.verbs()
            revealed.append(type(screen.session.envelopes[screen.shown - 1].event))
            screen.reveal()  # what the reveal timer does
        assert revealed == [
            ev.ForestsLaid,
            ev.ForestsFilled,
            ev.ActionTilesDealt,
            ev.StartPlayerChosen,
        ]
        await pilot.pause()
        assert screen.turn.seat is not None and screen.choice is not None  # the draft asks
