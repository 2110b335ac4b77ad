"""Playing Arnak with keys only: a free card, a dig with its travel paid, the question a site
asks, the confirmation before wasting travel, refusals with their reason; a bot game to the end."""

from __future__ import annotations

from typing import Any

from core.games.arnak import RULES
from core.games.arnak import events as ev
from tests.kit.arnak_builder import Table
from tui.app import CalderaApp, Launch
from tui.games.arnak.screen import ArnakScreen
from tui.play.setup import SeatSetup, TableSetup
from tui.screens.choice import ConfirmScreen
from tui.screens.cover import CoverScreen

from .conftest import screen_text, wait_for

SIZE = (120, 40)
SEATS = (SeatSetup("Red"), SeatSetup("Blue", "greedy"))


def from_table(table: Table, seed: str, seats: tuple[SeatSetup, ...] = SEATS) -> CalderaApp:
    """Red at this keyboard, Blue a greedy bot, from the builder's position."""
    position = RULES.dump_position(table.state)
    setup = TableSetup("arnak", seats, seed, None, position, {"side": table.state.side})
    return CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)


async def red_to_play(pilot: Any, app: CalderaApp) -> ArnakScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, ArnakScreen), "the Arnak screen")
    screen = app.screen
    assert isinstance(screen, ArnakScreen)
    await wait_for(pilot, lambda: screen.turn.seat == 0, "Red's turn")
    return screen


def option_index(screen: ArnakScreen, value: object) -> int:
    """Where the option with ``value`` is in the list shown now."""
    assert screen.choice is not None
    return next(i for i, o in enumerate(screen.choice.options) if o.value == value)


def keys_for(screen: ArnakScreen, value: object) -> list[str]:
    """The keys that choose the option with ``value`` in the list shown now: its place's own
    key where answers are named (camp 2, site 1.3; enter after a key others start with),
    else its number in the list."""
    index = option_index(screen, value)
    assert screen.choice is not None
    if not screen.keyed:
        return [str(index + 1)]
    key = screen.choice.options[index].key
    others = [o.key for o in screen.choice.options if o.key != key]
    chars = ["full_stop" if ch == "." else ch for ch in key]
    same = sum(o.key == key for o in screen.choice.options)
    if same > 1 or any(k.replace(".", "").startswith(key.replace(".", "")) for k in others):
        down = [o.key for o in screen.choice.options].index(key)
        return [*chars, *["down"] * (index - down), "enter"]
    return chars


def events_since(screen: ArnakScreen, start: int) -> list[Any]:
    return [env.event for env in screen.session.envelopes[start:]]


async def test_a_free_card_a_dig_paid_with_a_card_and_the_site_question() -> None:
    table = Table().hand(0, ["b0fc", "b0es", "f01"]).hand(1, ["b1fc"]).res(0, "1M")
    app = from_table(table, "arnak-dig")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        text = screen_text(pilot)
        assert "Funding · car · +1 coin [free]" in text  # the hand, a card a line
        assert (
            "Red's HAND" in text and "MAP" in text and "● start ○ start" in text
        )  # the track: the players' line

        await pilot.press("p")
        assert "Play which card?" in screen_text(pilot)
        await pilot.press("1")
        await pilot.pause()
        assert events_since(screen, start) == [ev.CardPlayed(0, "b0fc")]
        assert screen.state is not None and screen.state.seats[0].res[0] == 2

        # dig at camp 1 (+2 coins): pick the camp, then which card pays its boot
        await pilot.press("d")
        text = screen_text(pilot)
        assert "camp 1 (boot): +2 coins" in text
        await pilot.press("1")
        await pilot.pause()
        assert "Pay the travel how?" in screen_text(pilot)
        assert "pay with Fear (boot)" in screen_text(pilot)
        await pilot.press(*keys_for(screen, ("f01",)))
        await pilot.pause()
        dug = [e for e in events_since(screen, start) if isinstance(e, ev.SiteDug)]
        assert dug == [ev.SiteDug(0, "C1.1", ("f01",))]
        assert screen.state.seats[0].res[0] == 4  # camp 1 gave 2 coins
        assert "[R ]" in screen_text(pilot)

        # a second main action is refused in one line, without asking the referee
        await pilot.press("d")
        await pilot.pause()
        assert screen.note.startswith("✗ This turn's main action is taken")

        # e: Exploration is still a free action, but it keeps in the hand: nothing is lost,
        # so ending the turn asks nothing (one key)
        await pilot.press("e")
        await wait_for(
            pilot, lambda: ev.TurnEnded(0) in events_since(screen, start), "Red's turn ended"
        )
        assert not isinstance(app.screen, ConfirmScreen)


async def test_a_card_that_asks_a_question_and_a_purchase() -> None:
    # Parrot: discard a card, gain a jewel; then buy Hat from the row
    table = Table().hand(0, ["i14", "b0fc", "b0es"]).res(0, "3M").row(["a02"], ["i28", "i35"])
    app = from_table(table, "arnak-parrot")
    async with app.run_test(size=SIZE) as pilot:
        screen = await red_to_play(pilot, app)
        start = len(screen.session.envelopes)
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(pilot)
        assert "Parrot" in text
        await pilot.press(*keys_for(screen, "i14"))
        await pilot.pause()
        # the question on top opens by itself, in core's words
        assert "Parrot: discard which card?" in screen_text(pilot)
        assert screen.turn.asking
        await pilot.press("1")
        await pilot.pause()
        assert screen.state is not None and screen.state.seats[0].res[4] == 1
        assert not screen.turn.asking
        chose = [e for e in events_since(screen, start) if isinstance(e, ev.AnswerGiven)]
        assert len(chose) == 1


async def test_two_at_one_keyboard_a_cover_before_each_turn_and_only_your_own_hand() -> None:
    # Red holds Parrot, Blue holds Whip: each sees only their own, behind a cover
    table = Table().hand(0, ["i14", "b0fc"]).hand(1, ["i23", "b1es"])
    seats = (SeatSetup("Red"), SeatSetup("Blue"))
    app = from_table(table, "arnak-hotseat", seats)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "Red's cover")
        text = screen_text(pilot)
        assert "Parrot" not in text and "Whip" not in text, "the cover shows no card"
        table_screen = app.screen_stack[-2]
        assert isinstance(table_screen, ArnakScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: table_screen.turn.seat == 0, "Red looks")
        text = screen_text(pilot)
        assert "Red's HAND" in text and "Parrot" in text and "Whip" not in text
        await pilot.press("e")  # pass: asks first
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "pass?")
        await pilot.press("y")
        await wait_for(
            pilot, lambda: table_screen.state is not None and table_screen.state.main_done
        )
        await pilot.press("e")  # Funding unused, but it keeps: nothing asked
        # the leftover cards: still Red's own question, no cover in between
        await wait_for(pilot, lambda: table_screen.turn.asking, "Red's leftover cards")
        await pilot.press(*keys_for(table_screen, "keep"))
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen), "Blue's cover")
        text = screen_text(pilot)
        assert "Parrot" not in text and "Whip" not in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: table_screen.turn.seat == 1, "Blue looks")
        text = screen_text(pilot)
        assert "Blue's HAND" in text and "Whip" in text and "Parrot" not in text
