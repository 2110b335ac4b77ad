"""Playing Mauna Kea with keys only: placing explorers, laying and spending tiles, moving,
boarding, refusals with their reason, hotseat, and a bot game to the end screen."""

from __future__ import annotations

from typing import Any

from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.board import LANDING_OF_SPACE, rotated, slot_of, space_name
from core.games.maunakea.components import COMPONENTS, Space, Terrain
from core.games.maunakea.state import MaunaKeaState, Phase
from core.lifecycle import GameEnded
from tui.app import CalderaApp, Launch
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.games.maunakea.widgets.board import IslandBoard
from tui.games.maunakea.widgets.glyphs import TERRAIN_GLYPH
from tui.games.maunakea.widgets.info import space_info
from tui.games.maunakea.widgets.paint import HEADER_ROWS, LABEL_WIDTH
from tui.games.maunakea.widgets.players import PlayersPanel
from tui.play.setup import SeatSetup, TableSetup, local_game
from tui.screens.choice import ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.event_log import EventLog
from tui.widgets.text_line import TextLine

from .conftest import point_at, screen_text, wait_for

C = COMPONENTS
SIZE = (100, 40)


def turn_position(seed: str) -> dict[str, Any]:
    """The position at the start of Red's first turn, the explorers placed by greedy bots."""
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.referee import Referee

    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(2), ["Red", "Blue"], seed=seed)
    referee.begin()
    bots = {s: make_bot("maunakea", "greedy", str(s)) for s in range(2)}
    while not (referee.state.phase is Phase.TURN and referee.state.active == 0):
        play_out(referee, bots, max_commands=1)
    return rules.dump_position(referee.state)


def from_position(doc: dict[str, Any], seed: str) -> TableSetup:
    """Red at this keyboard, Blue a greedy bot, starting from ``doc``."""
    return TableSetup("maunakea", (SeatSetup("Red"), SeatSetup("Blue", "greedy")), seed, None, doc)


def game_app(setup: TableSetup) -> CalderaApp:
    return CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)


def screen_of(app: CalderaApp) -> MaunaKeaScreen:
    screen = app.screen
    assert isinstance(screen, MaunaKeaScreen), type(screen).__name__
    return screen


def events_of(screen: MaunaKeaScreen) -> list[Any]:
    return [env.event for env in screen.session.envelopes]


def text_at(screen: MaunaKeaScreen, space: Space) -> str:
    """The three characters the board shows for ``space`` (scale 3 × 1)."""
    board = screen.board
    row = board.text().splitlines()[HEADER_ROWS + board.scale.height + space[1]]
    x = LABEL_WIDTH + board.scale.width + space[0] * board.scale.width
    return row[x : x + board.scale.width]


async def test_explorers_are_placed_with_the_mouse() -> None:
    """Click a free start space to point at it, click again to place (the pre-game)."""
    app = game_app(local_game(2, {1: "greedy"}, seed="pilot-mouse", game="maunakea"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen))
        screen = screen_of(app)
        while screen.state.phase is not Phase.TURN:
            await wait_for(
                pilot,
                lambda: screen.turn.seat is not None or screen.state.phase is Phase.TURN,
                "Red to place an explorer",
            )
            if screen.state.phase is Phase.TURN:
                break
            target = sorted(screen.turn.start_spaces())[-1]
            scale = screen.board.scale
            offset = (
                LABEL_WIDTH + scale.width * (target[0] + 1) + 1,
                HEADER_ROWS + scale.height * (target[1] + 1),
            )
            before = len(screen.session.envelopes)
            await pilot.click(IslandBoard, offset=offset)
            assert screen.board.cursor == target
            assert len(screen.session.envelopes) == before  # the first click only points
            await pilot.click(IslandBoard, offset=offset)
            await pilot.pause()
            placed = events_of(screen)[before]
            assert placed == ev.ExplorerPlaced(0, placed.explorer, target)
        assert len(screen.state.on_island(0)) == C.explorers_per_player[2]


async def start_turn(pilot: Any, app: CalderaApp) -> MaunaKeaScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the game screen")
    screen = screen_of(app)
    await wait_for(pilot, lambda: screen.turn.playing, "the human's turn")
    return screen


async def test_a_human_turn_with_keys_only() -> None:
    app = game_app(from_position(turn_position("pilot-turn"), "pilot-turn"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        state: MaunaKeaState = screen.state
        seat = screen.turn.seat
        assert seat == 0
        hand = list(state.hands[0])
        turn_start = len(screen.session.envelopes)

        # lay the first tile, turned once, on a chosen empty slot
        await pilot.press("1")
        target_slot = max(c.slot for c in screen.turn.commands if isinstance(c, cmd.PlaceTile))
        cursor = screen.board.cursor
        await point_at(
            pilot,
            screen.board,
            (2 * target_slot[0] + cursor[0] % 2, 2 * target_slot[1] + cursor[1] % 2),
        )
        await pilot.press("r", "enter")
        await pilot.pause()
        laid = [e for e in events_of(screen) if isinstance(e, ev.TilePlaced)]
        assert laid and laid[-1] == ev.TilePlaced(0, hand[0], target_slot, 1)
        squares = rotated(C.terrain[hand[0]].squares, 1)
        tl = (2 * target_slot[0], 2 * target_slot[1])
        assert text_at(screen, tl).strip() == TERRAIN_GLYPH[squares[0]]

        # end turn is refused while tiles remain: the referee's reason, one line
        await pilot.press("e")
        await pilot.pause()
        assert "play every tile first" in screen.note
        assert not any(isinstance(e, ev.TurnPlayed) for e in events_of(screen)[-3:])

        # spend the next tile: the pool shows its movement points
        spent_tile = screen.state.hands[0][0]
        await pilot.press("1", "s")
        await pilot.pause()
        assert isinstance(events_of(screen)[-1], ev.TileSpent)
        pool = screen.state.pool
        assert pool == C.mp(spent_tile)
        assert f"pool {pool} MP" in screen.query_one("#players", PlayersPanel).render().plain

        # pick an explorer, point at the farthest reachable space, move there
        await pilot.press("tab")
        chosen = screen.turn.explorer(screen.explorer)
        assert chosen is not None and screen.board.cursor == chosen.space
        reach = screen.turn.reach(chosen.index)
        assert reach, "the spent tile gives movement points"
        far = max(reach, key=lambda s: (reach[s][0], s))
        await point_at(pilot, screen.board, far)
        assert f"to {space_name(far)}: {reach[far][0]} MP" in str(screen._prompt())
        await pilot.press("enter")
        await pilot.pause()
        moved = events_of(screen)[-1]
        assert isinstance(moved, ev.ExplorerMoved) and moved.path[-1] == far
        assert text_at(screen, far).startswith(f"R{chosen.index + 1}")

        # a move out of reach is refused with the referee's reason; nothing happens
        count = len(screen.session.envelopes)
        here = screen.board.cursor
        empty = [(x, y) for y in range(18) for x in range(18)]
        empty = [s for s in empty if screen.state.terrain(s) is Terrain.NONE]
        blocked = min(empty, key=lambda s: abs(s[0] - here[0]) + abs(s[1] - here[1]))
        await point_at(pilot, screen.board, blocked)
        await pilot.press("enter")
        await pilot.pause()
        assert f"{space_name(blocked)} is an empty slot: no tile lies there yet" in screen.note
        assert len(screen.session.envelopes) == count

        # play the rest of the hand, then end the turn: the bot takes over
        while screen.state.hands[0]:
            await pilot.press("escape", "1", "s")
            await pilot.pause()
        # the pool still holds movement points: ending the turn is asked about first
        left = screen.state.pool
        assert left > 0
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert f"End the turn with {left} MP left unused?" in screen_text(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and not isinstance(events_of(screen)[-1], ev.TurnPlayed)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await pilot.pause()
        played = [e for e in events_of(screen)[turn_start:] if isinstance(e, ev.TurnPlayed)]
        assert played[0].seat == 0
        await wait_for(pilot, lambda: screen.turn.playing, "the bot's turn to pass")
        assert any(getattr(e, "seat", None) == 1 for e in events_of(screen)[-20:])


async def test_shift_arrows_step_one_space() -> None:
    app = game_app(from_position(turn_position("pilot-step"), "pilot-step"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        while not screen.state.pool:
            await pilot.press("1", "s")
            await pilot.pause()
        await pilot.press("tab")
        chosen = screen.turn.explorer(screen.explorer)
        assert chosen is not None and chosen.space is not None
        reach = screen.turn.reach(chosen.index)
        steps = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
        key, (dx, dy) = next(
            (k, d)
            for k, d in steps.items()
            if (chosen.space[0] + d[0], chosen.space[1] + d[1]) in reach
        )
        start = chosen.space
        await pilot.press(f"shift+{key}")
        await pilot.pause()
        moved = events_of(screen)[-1]
        assert isinstance(moved, ev.ExplorerMoved)
        assert moved.path == ((start[0] + dx, start[1] + dy),)


async def test_a_tab_says_the_lines_under_the_board_once() -> None:
    """``tab`` picks the next explorer and moves the cursor onto it: both change the prompt and
    the space's words, which are said once, for the explorer picked and the space it is on."""
    app = game_app(from_position(turn_position("lines-once"), "lines-once"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        said: list[str] = []
        say = screen._say_lines

        def counted() -> None:
            say()
            said.append(str(screen.query_one("#info", TextLine).text))

        screen._say_lines = counted  # type: ignore[method-assign]
        for _ in range(3):
            said.clear()
            await pilot.press("tab")
            await pilot.pause()
            chosen = screen.turn.explorer(screen.explorer)
            assert chosen is not None and chosen.space == screen.board.cursor
            assert len(said) == 1, said
            assert said[0] == str(space_info(screen.seen, screen.board.cursor, screen.names))


def boarding_position() -> dict[str, Any]:
    """Red to play with 2 MP; Red's explorer 1 stands by a 1-place boat carrying three
    artifacts (so the cargo must be chosen). Made from a real game by moving pieces."""
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.games.maunakea.state import Kind, Placed
    from core.referee import Referee

    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(2), ["Red", "Blue"], seed="boarding")
    referee.begin()
    bots = {s: make_bot("maunakea", "greedy", str(s)) for s in range(2)}
    while not (referee.state.phase is Phase.TURN and referee.state.active == 0):
        play_out(referee, bots, max_commands=1)
    state: MaunaKeaState = rules.copy(referee.state)
    landing = next(
        C.landings[i] for i, boat in sorted(state.docked.items()) if C.boats[boat].places == 1
    )
    spot = next(s for s in landing.spaces if state.occupant(s) is None)
    if slot_of(spot) not in state.board:  # lay a jungle tile from the bag under the explorer
        tile = next(t for t in state.bag if C.terrain[t].squares == (Terrain.JUNGLE,) * 4)
        state.bag.remove(tile)
        state.board[slot_of(spot)] = Placed(Kind.TERRAIN, tile, 0)
    explorer = state.explorers[0][0]
    explorer.space = spot
    for space in sorted(state.artifacts):
        while state.artifacts[space] and len(explorer.carried) < 3:
            explorer.carried.append(state.artifacts[space].pop())
    state.artifacts = {k: v for k, v in state.artifacts.items() if v}
    explorer.carried.sort(key=("white", "grey", "black").index)
    state.pool = 2
    doc = rules.dump_position(state)
    rules.load_position(doc)  # a valid position
    return doc


async def test_boarding_asks_for_cargo_when_it_does_not_all_fit() -> None:
    doc = boarding_position()
    setup = TableSetup(
        "maunakea", (SeatSetup("Red"), SeatSetup("Blue", "greedy")), "board", None, doc
    )
    app = game_app(setup)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen))
        screen = screen_of(app)
        await wait_for(pilot, lambda: screen.turn.playing, "Red's turn")
        carried = list(screen.state.explorers[0][0].carried)
        moved_from = screen.state.explorers[0][0].space
        while screen.turn.explorer(screen.explorer) is None or screen.explorer != 0:
            await pilot.press("tab")

        # drop an artifact (choosing which when there are several kinds), pick it up again
        await pilot.press("d")
        await pilot.pause()
        if "ChoiceScreen" in type(app.screen).__name__:
            await pilot.press("1")
            await pilot.pause()
        dropped = events_of(screen)[-1]
        assert isinstance(dropped, ev.ArtifactDropped) and dropped.colour == carried[0]
        assert screen.check_action("pick_up", ())
        await pilot.press("p")
        await pilot.pause()
        if "ChoiceScreen" in type(app.screen).__name__:
            await pilot.press("1")
            await pilot.pause()
        assert events_of(screen)[-1] == ev.ArtifactPickedUp(0, 0, carried[0])
        assert sorted(screen.state.explorers[0][0].carried) == sorted(carried)

        assert screen.check_action("board", ())
        await pilot.press("b")
        await pilot.pause()
        assert "ChoiceScreen" in type(app.screen).__name__
        await pilot.press("1")  # the first cargo offered: the least valuable artifact
        await pilot.pause()
        boarded = events_of(screen)[-1]
        assert isinstance(boarded, ev.BoatBoarded)
        assert len(boarded.cargo) == 1 and sorted(boarded.cargo + boarded.left) == sorted(carried)
        panel = screen.query_one("#players", PlayersPanel).render().plain
        assert f"{C.boats[boarded.boat].colour} " in panel
        assert boarded.landing == LANDING_OF_SPACE[moved_from]


async def test_hotseat_keys_act_for_whoever_is_to_move() -> None:
    app = game_app(local_game(2, {}, seed="hotseat", game="maunakea"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen))
        screen = screen_of(app)
        assert screen.session.controlled == frozenset({0, 1})
        for _ in range(2):
            await wait_for(pilot, lambda: screen.turn.seat is not None)
            free = sorted(screen.turn.start_spaces())
            await point_at(pilot, screen.board, free[0])
            await pilot.press("enter")
            await pilot.pause()
        placed = [e.seat for e in events_of(screen) if isinstance(e, ev.ExplorerPlaced)]
        start = next(e.seat for e in events_of(screen) if isinstance(e, ev.StartPlayerChosen))
        assert placed == [start, 1 - start]


async def test_bots_finish_the_game_and_the_end_screen_shows_the_scores() -> None:
    setup = local_game(
        2, {0: "greedy", 1: "random"}, seed="to-the-end", turn_limit=8, game="maunakea"
    )
    app = game_app(setup)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        end = app.screen
        assert isinstance(end, EndScreen)
        game = app.screen_stack[-2]
        assert isinstance(game, MaunaKeaScreen)
        last = game.session.envelopes[-1].event
        assert isinstance(last, GameEnded)
        assert end.outcome.scores == last.scores
        await wait_for(pilot, lambda: "Explorers" in screen_text(pilot), "the scores shown")
        shown = screen_text(pilot)
        winner = game.names[last.winners[0]]
        assert winner in shown and "Explorers" in shown
        replay = game.session.replay_path  # type: ignore[attr-defined]
        assert replay is not None and replay.exists()

        await pilot.press("escape")  # see the final board, then the scores again
        assert app.screen is game and "Game over" in screen_text(pilot)
        await pilot.press("o")
        assert isinstance(app.screen, EndScreen)

        await pilot.press("n")  # a new game: back to the menu, straight into the form
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen", "NewGameScreen"]
        assert app.sessions == []


async def test_help_and_the_command_palette_name_every_action_of_the_moment() -> None:
    app = game_app(from_position(turn_position("pilot-help"), "pilot-help"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        await pilot.press("1")
        titles = {c.title for c in app.get_system_commands(screen)}
        assert {"Lay", "Turn", "Spend", "Cancel", "Leave", "Help"} <= titles
        assert "End turn" not in titles  # not possible with tiles in hand
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: "Spend" in screen_text(pilot), "the help's keys")
        assert type(app.screen).__name__ == "HelpScreen"
        text = "\n".join(str(s.render()) for s in app.screen.query("Static"))
        assert "♣ jungle 1 MP" in text and "Mauna Kea in brief" in text
        await pilot.press("escape")
        assert app.screen is screen


async def test_draws_and_lava_are_revealed_one_at_a_time() -> None:
    """With a reveal pace, a turn's draws and lava come in one by one, and no key acts until
    everything is shown. (The pace is huge here: the test fires each reveal itself.)"""
    doc = turn_position("pilot-reveal")
    setup = TableSetup("maunakea", (SeatSetup("Red"), SeatSetup("Blue")), "reveal", None, doc)
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=600)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_turn(pilot, app)
        while screen.state.hands[0]:
            await pilot.press("1", "s")
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "MP left: asked")
        await pilot.press("y")
        total = len(screen.session.envelopes)
        steps = 0
        while screen.shown < total:
            assert screen.turn.seat is None  # no key acts on a state not yet shown
            last = screen.session.envelopes[screen.shown - 1].event
            assert isinstance(last, ev.TileDrawn | ev.LavaPlaced | ev.LavaRemoved)
            assert screen.query_one(EventLog).shown()[-1] == screen.rules.describe(
                last, screen.names
            )
            steps += 1
            screen.reveal()  # what the reveal timer does
        assert steps >= 2, "a refill draws more than one tile"
        await pilot.pause()
        assert screen.turn.seat == 1  # Blue, at the same keyboard, plays next
