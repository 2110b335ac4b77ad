"""The advanced game with keys only: the secret draft at one keyboard, every action card, the
hands kept hidden between players, and the task cards at the end.

Positions come from ``tests/kit/maunakea_builder.py``. Where a test checks that a hand stays hidden,
the other seat holds a card whose title the viewer's hand does not share (several cards share a
title, so "no other title on screen" would prove nothing otherwise).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from core.bots import make_bot, play_out
from core.games import get_rules
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.components import COMPONENTS as C
from core.games.maunakea.state import Phase, Quake, Status
from core.lifecycle import GameEnded
from core.referee import Referee
from replays.file import Header, ReplayWriter
from tests.kit.maunakea_builder import Builder, lava_id, sl, sp
from tui.app import CalderaApp, Launch
from tui.games.maunakea.draft import DraftScreen
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.games.maunakea.widgets.cards import CardsPanel, card_title
from tui.play.setup import SeatSetup, TableSetup, local_game
from tui.replay.viewer import EVERYTHING, SPECTATOR, Viewer, viewers
from tui.screens.choice import ChoiceScreen, ConfirmScreen
from tui.screens.cover import CoverScreen
from tui.screens.end import EndScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.event_log import EventLog

from .conftest import go_to_event, point_at, screen_text, wait_for

SIZE = (100, 40)


def titles(cards: Iterable[str]) -> set[str]:
    return {card_title(card) for card in cards}


def app_for(doc: dict[str, Any], *, blue_bot: bool = True, seed: str = "advanced") -> CalderaApp:
    """Red at this keyboard; Blue a greedy bot (or a second human) — from ``doc``."""
    blue = SeatSetup("Blue", "greedy" if blue_bot else None)
    setup = TableSetup("maunakea", (SeatSetup("Red"), blue), seed, None, doc)
    return CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)


async def red_to_play(pilot: Any, app: CalderaApp) -> MaunaKeaScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
    screen = app.screen
    assert isinstance(screen, MaunaKeaScreen)
    await wait_for(pilot, lambda: screen.turn.free and screen.turn.seat == 0, "Red's turn")
    return screen


def events_of(screen: MaunaKeaScreen) -> list[Any]:
    return [env.event for env in screen.session.envelopes]


def cards_text(screen: MaunaKeaScreen) -> str:
    return screen.query_one(CardsPanel).render().plain


def with_bag(b: Builder, tiles: list[int]) -> dict[str, Any]:
    """``b``'s position with only ``tiles`` left in the bag (the rest spent: out of the game)."""
    doc = b.position()
    doc["spent_out"] = [t for t in doc["bag"] if t not in tiles]
    doc["bag"] = list(tiles)
    return doc


def footer(pilot: Any) -> str:
    return screen_text(pilot).splitlines()[-1]


# -- the draft ----------------------------------------------------------------------------------


async def test_the_draft_at_one_keyboard_shows_each_player_only_their_own_cards() -> None:
    app = CalderaApp(
        Launch(
            setup=local_game(2, {}, seed="draft-2", options={"advanced": True}, game="maunakea")
        ),
        bot_pace=0,
        reveal_pace=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "Red's cover")
        table = app.screen_stack[-2]
        assert isinstance(table, MaunaKeaScreen)
        dealt = next(e for e in events_of(table) if isinstance(e, ev.CardsDealt))
        red, blue = titles(dealt.hands[0]), titles(dealt.hands[1])
        assert red - blue and blue - red, "the seed deals each a title the other lacks"
        shown = screen_text(pilot)
        assert "Pass the keyboard to Red" in shown
        assert not [t for t in red | blue if t in shown], "the cover shows no card"

        await pilot.press("enter")  # only Red is looking
        await wait_for(pilot, lambda: isinstance(app.screen, DraftScreen), "Red's draft")
        shown = screen_text(pilot)
        assert all(t in shown for t in red)
        assert not [t for t in blue - red if t in shown]
        assert "Keep these" not in footer(pilot), "keeping needs 4 cards"
        await pilot.press("enter")
        assert "Choose 4 cards to keep (0 chosen)" in screen_text(pilot)
        await pilot.press("1", "2", "3", "4", "5")
        assert "You keep 4" in screen_text(pilot), "a fifth card is refused"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "Blue's cover")
        kept = [e for e in events_of(table) if isinstance(e, ev.CardsKept)]
        assert kept == [ev.CardsKept(0, dealt.hands[0][:4], dealt.hands[0][4:])]
        shown = screen_text(pilot)
        assert "Pass the keyboard to Blue" in shown
        assert not [t for t in red | blue if t in shown]

        await pilot.press("enter")  # only Blue is looking
        await wait_for(pilot, lambda: isinstance(app.screen, DraftScreen), "Blue's draft")
        shown = screen_text(pilot)
        assert all(t in shown for t in blue)
        assert not [t for t in red - blue if t in shown]
        assert "Red has chosen" in shown
        await pilot.press("escape")  # a look at the board; c brings the cards back
        assert app.screen is table
        assert "c Card" in footer(pilot)
        await pilot.press("c")
        assert isinstance(app.screen, DraftScreen)
        await pilot.press("3", "4", "5", "6", "enter")
        await wait_for(pilot, lambda: table.state.phase is Phase.PLACEMENT, "placement")
        kept = [e for e in events_of(table) if isinstance(e, ev.CardsKept)]
        assert kept[1] == ev.CardsKept(1, dealt.hands[1][2:], dealt.hands[1][:2])
        log = "\n".join(table.query_one(EventLog).shown())
        assert "Red keeps 4 cards" in log and "Blue keeps 4 cards" in log
        assert not [t for t in red | blue if t in log], "the log names no kept card"


async def test_two_at_one_keyboard_place_explorers_without_covers_and_see_no_cards() -> None:
    """Placing explorers needs no card: no cover per placement, nobody's hand on screen; the
    first turn is covered again."""
    app = CalderaApp(
        Launch(
            setup=local_game(2, {}, seed="draft-2", options={"advanced": True}, game="maunakea")
        ),
        bot_pace=0,
        reveal_pace=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        for name in ("Red", "Blue"):
            await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), f"{name}'s cover")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, DraftScreen), f"{name}'s draft")
            await pilot.press("enter", "1", "2", "3", "4", "enter")
        table = app.screen_stack[-1]
        assert isinstance(table, MaunaKeaScreen)
        await wait_for(pilot, lambda: table.state.phase is Phase.PLACEMENT, "placement")
        everyone = titles(c for hand in table.state.cards for c in hand)
        placed = 0
        while table.state.phase is Phase.PLACEMENT:
            await wait_for(pilot, lambda: table.turn.seat is not None, "a placer")
            assert app.screen is table, "no cover before a placement"
            assert table.hotseat.viewer is None
            assert not [t for t in everyone if t in cards_text(table)], "no hand is shown"
            await point_at(pilot, table.board, sorted(table.turn.start_spaces())[-1])
            await pilot.press("enter")
            await pilot.pause()
            placed += 1
        assert placed == 2 * C.explorers_per_player[2]
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "the first turn's cover")
        starter = table.names[table.state.active]
        assert f"Pass the keyboard to {starter}" in screen_text(pilot)


async def test_with_one_human_the_draft_opens_at_once_and_the_bot_keeps_its_own() -> None:
    setup = local_game(
        2, {1: "greedy"}, seed="draft-1", options={"advanced": True}, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DraftScreen), "Red's draft")
        table = app.screen_stack[-2]
        assert isinstance(table, MaunaKeaScreen)
        await wait_for(pilot, lambda: not table.seen.dealt[1], "the bot keeps its cards")
        assert "Blue has chosen" in screen_text(pilot)
        await pilot.press("2", "4", "5", "6", "enter")
        await wait_for(pilot, lambda: table.state.phase is not Phase.DRAFT, "the draft ends")
        dealt = next(e for e in events_of(table) if isinstance(e, ev.CardsDealt))
        hand = dealt.hands[0]
        assert table.state.cards[0] == [hand[1], hand[3], hand[4], hand[5]]
        assert all(t in cards_text(table) for t in titles(table.state.cards[0]))


# -- playing action cards -------------------------------------------------------------------


def jungle_position() -> dict[str, Any]:
    """Red's explorer on water at c5 by a row of jungle; a white artifact on g5 (h5 beyond)."""
    b = Builder(advanced=True)
    b.tile("B3", "JJJW", turn=1)  # c5 water, d5 d6 c6 jungle
    b.tile("C3", "JJJJ")  # e5 f5 f6 e6
    b.tile("D3", "JJWW")  # g5 h5 jungle, h6 g6 water
    b.explorer(0, 0, "c5")
    b.explorer(1, 0, "e6")
    b.artifacts("g5", "white")
    b.cards(0, "jungle-1", "task-black")
    b.cards(1, "helicopter-1", "task-4-white")  # titles Red does not hold
    return b.position()


async def test_jungle_card_stops_on_an_artifact_and_blue_s_cards_stay_hidden() -> None:
    app = app_for(jungle_position())
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        shown = screen_text(pilot)
        assert "jungle movement" in shown and "1 black: +2" in shown
        assert "helicopter" not in shown.lower() and "4 white" not in shown
        assert "Blue · 2 cards" in shown
        assert "c Card" in footer(pilot) and "Play card" not in footer(pilot)

        await pilot.press("c")
        assert screen.card is not None and screen.card.card == "jungle-1"
        assert screen.explorer == 0 and screen.board.cursor == sp("c5")
        targets = screen._marks_at(screen.board.cursor).targets
        assert sp("g5") in targets and sp("d5") in targets
        assert sp("h5") not in targets, "entering g5 and its artifact ends the move"
        assert "▸ jungle movement" in cards_text(screen)
        await point_at(pilot, screen.board, sp("h5"))
        assert "h5 is not a way this card goes" in str(screen._prompt())
        await pilot.press("enter")
        await pilot.pause()
        assert "jungle movement cannot take that explorer to h5" in screen.note
        await point_at(pilot, screen.board, sp("g5"))
        way = screen._marks_at(sp("g5")).path
        assert sp("g5") in way and sp("d5") in way
        await pilot.press("enter")
        await pilot.pause()
        moved = events_of(screen)[-1]
        assert isinstance(moved, ev.CardMoved) and moved.card == "jungle-1"
        assert moved.explorer == 0 and moved.path[-1] == sp("g5")
        assert screen.card is None and screen.state.pool == 0
        assert "jungle movement" not in cards_text(screen)
        assert "c Card" not in footer(pilot), "no action card is left"


async def test_water_card_goes_round_an_artifact_it_would_stop_on() -> None:
    b = Builder(advanced=True)
    b.tile("B2", "WWWW")  # c3 d3 d4 c4
    b.tile("C2", "WWWW")  # e3 f3 f4 e4
    b.tile("D2", "JJJJ")  # g3 h3 h4 g4
    b.explorer(0, 0, "g3")
    b.explorer(1, 0, "h4")
    b.artifacts("e3", "grey")
    b.cards(0, "water-1")
    app = app_for(b.position())
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("c")
        assert screen.card is not None and screen.card.card == "water-1"
        await point_at(pilot, screen.board, sp("d3"))
        await pilot.press("enter")
        await pilot.pause()
        moved = events_of(screen)[-1]
        assert moved == ev.CardMoved(
            0, "water-1", 0, (sp("f3"), sp("f4"), sp("e4"), sp("d4"), sp("d3"))
        )


async def test_mountain_card_crosses_the_mountains() -> None:
    b = Builder(advanced=True)
    b.tile("B2", "JJMM", turn=1)  # c3 M, d3 J, d4 J, c4 M
    b.tile("B3", "JMMM")  # c5 J, d5 M, d6 M, c6 M
    b.explorer(0, 0, "d3")
    b.explorer(1, 0, "d4")
    b.cards(0, "mountain-1")
    app = app_for(b.position())
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("c")
        assert screen._marks_at(screen.board.cursor).targets == {sp("c5")}
        await point_at(pilot, screen.board, sp("c5"))
        await pilot.press("enter")
        await pilot.pause()
        moved = events_of(screen)[-1]
        assert moved == ev.CardMoved(0, "mountain-1", 0, (sp("c3"), sp("c4"), sp("c5")))


def quake_builder() -> Builder:
    """B2 may be turned (artifacts on c3); H8 may not: Red's and Blue's explorers stand there."""
    b = Builder(advanced=True)
    b.tile("B2", "JJJW")  # c3 J, d3 J, d4 J, c4 W
    b.tile("H8", "JJJJ")
    b.artifacts("c3", "white", "grey")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    b.cards(0, "earthquake-1")
    return b


async def test_earthquake_then_the_drawn_tile_is_laid_with_the_ghost() -> None:
    b = quake_builder()
    free = [t.id for t in C.terrain if t.id not in b._used]
    app = app_for(with_bag(b, free[:2]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("c")
        assert screen.board.cursor[0] // 2 == 1 and screen.board.cursor[1] // 2 == 1, "on B2"
        assert screen.board.stride == 2
        assert "B2[/b] turned 1×" in screen._prompt_for("Red")
        await pilot.press("r")
        await pilot.press("enter")
        await pilot.pause()
        struck = events_of(screen)[-1]
        assert struck == ev.EarthquakeStruck(0, "earthquake-1", sl("B2"), 2)
        assert screen.state.artifacts[sp("d4")] == ["white", "grey"], "they turned with it"
        assert "draw a tile and place it?" in str(screen._prompt())
        assert "y Draw" in footer(pilot) and "n No tile" in footer(pilot)
        assert "c Card" not in footer(pilot) and "Tile" not in footer(pilot)

        await pilot.press("y")
        await pilot.pause()
        drawn = events_of(screen)[-1]
        assert isinstance(drawn, ev.TileDrawn) and drawn.tile in free[:2]
        assert screen.state.quake is Quake.PLACE
        assert "must be laid now" in str(screen._prompt())
        ghost = screen._marks_at(screen.board.cursor).ghost
        assert ghost is not None and ghost.fits
        await point_at(pilot, screen.board, (0, 16))  # slot A9
        await pilot.press("escape")  # the drawn tile cannot be put down
        assert screen.choice is not None
        await pilot.press("r", "enter")
        await pilot.pause()
        assert events_of(screen)[-1] == ev.TilePlaced(0, drawn.tile, sl("A9"), 1)
        assert screen.state.quake is None and screen.choice is None


async def test_earthquake_drawing_lava_lets_it_flow() -> None:
    b = quake_builder()
    lava = [lava_id("▲", "straight", 0), lava_id("▲", "straight", 1)]
    app = app_for(with_bag(b, lava))
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("c", "enter")
        await pilot.pause()
        assert isinstance(events_of(screen)[-1], ev.EarthquakeStruck)
        await pilot.press("y")
        await pilot.pause()
        flowed = [e for e in events_of(screen) if isinstance(e, ev.LavaPlaced)]
        assert flowed and flowed[-1].tile in lava
        assert screen.state.quake is None and screen.turn.free
        assert screen.choice is None


async def test_earthquake_without_a_draw() -> None:
    b = quake_builder()
    app = app_for(b.position())
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("c", "enter", "n")
        await pilot.pause()
        assert events_of(screen)[-1] == ev.QuakeDrawChosen(0, False)
        assert screen.turn.free


async def test_helicopter_flies_an_explorer_out_but_never_the_last() -> None:
    b = Builder(advanced=True)
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15", ["grey", "black"])
    b.explorer(0, 1, "p15")
    b.explorer(1, 0, "p16")
    b.cards(0, "helicopter-1", "helicopter-2")
    app = app_for(b.position())
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("c")
        assert screen.card is not None and screen.card.card == "helicopter-1"
        assert screen.explorer == 0
        assert "fly explorer 1 on o15 carrying" in str(screen._prompt())
        await pilot.press("tab")
        assert screen.explorer == 1
        # explorer 2 carries nothing: flying it out is asked about first, and "n" keeps it
        count = len(screen.session.envelopes)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Fly explorer 2 out carrying nothing?" in screen_text(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert len(screen.session.envelopes) == count and app.screen is screen
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert events_of(screen)[-1] == ev.ExplorerRescued(0, "helicopter-1", 0, ("grey", "black"))
        assert screen.state.explorers[0][0].status is Status.RESCUED

        count = len(screen.session.envelopes)
        assert "c Card" not in footer(pilot), "the last explorer: no card to offer"
        await pilot.press("c")
        await pilot.pause()
        assert "never takes a player's last explorer" in screen.note
        assert len(screen.session.envelopes) == count


# -- hands at one keyboard, and the end -----------------------------------------------------


async def test_a_hotseat_turn_passes_behind_a_cover_and_each_sees_only_their_cards() -> None:
    b = Builder(advanced=True)
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    b.cards(0, "jungle-1", "task-black")
    b.cards(1, "helicopter-1", "task-4-white")
    app = app_for(b.position(), blue_bot=False)
    red, blue = {"jungle movement", "1 black: +2"}, {"helicopter rescue", "4 white: +3"}
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "Red's cover")
        table = app.screen_stack[-2]
        assert isinstance(table, MaunaKeaScreen)
        assert not [t for t in red | blue if t in screen_text(pilot)]
        await pilot.press("enter")
        shown = screen_text(pilot)
        assert red <= {t for t in red if t in shown} and not [t for t in blue if t in shown]
        await pilot.press("e")  # Red's hand is empty: the turn ends, Blue draws… and plays
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "Blue's cover")
        assert table.hotseat.viewer is None
        assert "Pass the keyboard to Blue" in screen_text(pilot)
        assert not [t for t in red | blue if t in screen_text(pilot)]
        await pilot.press("enter")
        shown = screen_text(pilot)
        assert all(t in shown for t in blue) and not [t for t in red if t in shown]
        assert table.turn.seat == 1 and table.hotseat.viewer == 1


def finished_position() -> dict[str, Any]:
    """The bag is empty: the game ends after Red's turn. Red saved 3 whites in the brown boat
    and flew a black artifact out; Blue saved nothing."""
    b = Builder(advanced=True)
    b.tile("H8", "JJJJ")
    b.explorer(0, 0, "o15")
    b.explorer(1, 0, "p16")
    b.doc["explorers"][0][1] = {"status": "boat", "space": None, "carried": []}
    b.doc["taken"] = [{"seat": 0, "boat": "brown", "explorer": 1, "cargo": ["white"] * 3}]
    b.doc["docked"] = {k: v for k, v in b.doc["docked"].items() if v != "brown"}
    b.rescue(0, 2, "helicopter-1", ["black"])
    b.cards(0, "task-3-white-a", "task-red-boat", "task-no-penalty-a", "jungle-1")
    b.cards(1, "task-2-grey", "earthquake-2")
    return with_bag(b, [])


async def test_the_end_screen_shows_each_task_card_and_what_served_it() -> None:
    app = app_for(finished_position())
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen)
        red = end.outcome.parts[0]
        assert red["helicopter"] == C.artifact_vp["black"] and red["tasks"] == 2
        shown = screen_text(pilot)
        assert "Helicopter" in shown and "Tasks" in shown
        assert "✓ 3 white: +2 — served by 3 ○ white" in shown
        assert "✗ red boat: +1 — not fulfilled" in shown
        assert "✓ no penalty for empty places — empty boat places cost nothing" in shown
        assert "✗ 2 grey: +2 — not fulfilled" in shown
        assert "Blue's hand at the end: 2 grey: +2, earthquake" in shown, "turned over"
        assert "✈ 1 explorer(s) flown out with 1 ◉ black" in shown
        assert isinstance(screen.session.envelopes[-2].event, ev.FinalScoring)


async def test_help_and_the_palette_name_the_card_keys() -> None:
    app = app_for(jungle_position())
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        palette = {c.title for c in app.get_system_commands(screen)}
        assert "Card" in palette and "Play card" not in palette
        await pilot.press("c")
        palette = {c.title for c in app.get_system_commands(screen)}
        assert {"Play card", "Cancel", "Explorer"} <= palette
        from tui.screens.help import keys_table

        keys = {str(row) for row in keys_table(screen).columns[1]._cells}
        assert {"Pick your next action card (in the draft: show the cards dealt to you)"} <= keys
        assert "After an earthquake: draw a tile" in keys
        assert screen.help_extra.startswith("[b]The advanced game")


def test_a_refused_keep_is_never_offered() -> None:
    """The draft dialog offers to keep only what ``legal_commands`` lists."""
    screen = DraftScreen(0, "Red", ["jungle-1", "water-1"], [("jungle-1",)], [])
    screen.chosen = frozenset({1})
    assert not screen.check_action("keep", ())
    screen.chosen = frozenset({0})
    assert screen.check_action("keep", ())
    assert cmd.KeepCards(screen.kept()) == cmd.KeepCards(("jungle-1",))


# -- replays: whose eyes ------------------------------------------------------------------------


def save_advanced(path: Path, seed: str, *, finish: bool = True) -> list[Any]:
    """A greedy bot game of the advanced game written to ``path``; returns its events."""
    rules = get_rules("maunakea")
    config = rules.config(2, {"advanced": True, "turn_limit": 6})
    referee = Referee(rules, config, ["Ana", "Bo"], seed=seed)
    writer = ReplayWriter.create(path, Header.for_game(referee.started))
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        bots = {s: make_bot("maunakea", "greedy", str(s)) for s in range(2)}
        play_out(referee, bots, max_commands=1_000_000 if finish else 12)
    return [env.event for env in referee.log]


async def goto(pilot: Any, seq: int) -> None:
    await go_to_event(pilot, seq)
    await pilot.pause()


async def test_a_finished_replay_shows_every_hand_or_one_seat_s_view(tmp_path: Path) -> None:
    path = tmp_path / "advanced.caldera"
    events = save_advanced(path, "replay-views")
    kept = {e.seat: e.kept for e in events if isinstance(e, ev.CardsKept)}
    ana, bo = titles(kept[0]), titles(kept[1])
    assert ana - bo and bo - ana, "the seed gives each a title the other lacks"
    drafted = max(i for i, e in enumerate(events) if isinstance(e, ev.CardsKept))
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.viewer == EVERYTHING, "a finished game: every hand by default"
        await goto(pilot, drafted)
        shown = screen_text(pilot)
        assert all(t in shown for t in ana | bo)

        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the viewers")
        assert "Everything" in screen_text(pilot)
        await pilot.press("3")  # Ana's view
        await pilot.pause()
        assert replay.viewer == Viewer(0) and "as Ana sees it" in replay.sub_title
        shown = screen_text(pilot)
        assert all(t in shown for t in ana)
        assert not [t for t in bo - ana if t in shown], "Bo's hand stays hidden from Ana"
        assert "Bo keeps 4 cards" in "\n".join(replay.query_one(EventLog).shown())

        await pilot.press("v", "2")  # a spectator
        await pilot.pause()
        shown = screen_text(pilot)
        assert replay.viewer == SPECTATOR and not [t for t in ana | bo if t in shown]
        await pilot.press("end")
        revealed = next(e for e in events if isinstance(e, ev.TasksRevealed))
        shown = screen_text(pilot)
        assert all(t in shown for t in titles(revealed.hands[0] + revealed.hands[1])), (
            "at the end every hand is turned over, whoever watches"
        )


async def test_an_unfinished_replay_hides_every_hand_and_offers_no_seat_s_view(
    tmp_path: Path,
) -> None:
    """A seat's view of an unfinished game is for that seat's own terminal: the replay of an
    unfinished game shows a spectator's view only, and `v` offers no other eyes."""
    path = tmp_path / "unfinished.caldera"
    events = save_advanced(path, "replay-unfinished", finish=False)
    assert not isinstance(events[-1], GameEnded)
    held = set().union(*(titles(e.kept) for e in events if isinstance(e, ev.CardsKept)))
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.viewer == SPECTATOR
        assert viewers(2, replay.finished) == [SPECTATOR]
        for seq in range(replay.last + 1):  # at no event does any kept card show
            replay.position = seq
            await pilot.pause()
            assert held and not [t for t in held if t in screen_text(pilot)], f"event {seq}"
        await pilot.press("v")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert replay.viewer == SPECTATOR
        assert "View as" not in screen_text(pilot)  # the footer does not offer it
        assert "Spectators see no hand" in screen_text(pilot)
        assert "v: view as" not in screen_text(pilot)  # nor does the hands' panel
