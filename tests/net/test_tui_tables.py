"""Playing across terminals in the app, over a real broker (amqtt on a free loopback port):
one app hosts from the menu, a second joins from the lobby (or a plain NetSession, or a headless
host stands in for the other side), and both drive the same screens as local play with keys.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.lifecycle import GameEnded
from net.club.serve import Server
from net.errors import NetError
from net.link.broker import free_port
from net.seat.session import NetSession
from net.table.host import TableHost
from tests.kit.netkit import FAST, AmqttBroker, AmqttProcess, join, make_host
from tests.tui.conftest import point_at, screen_text, wait_for
from tui.app import CalderaApp
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.netplay.chat import ChatScreen
from tui.screens.choice import ChoiceScreen, ConfirmScreen
from tui.screens.end import EndScreen
from tui.screens.host_table import HostScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen
from tui.screens.room import RoomScreen

SIZE = (100, 40)


@pytest.fixture
async def broker(
    amqtt_broker: AmqttBroker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> AsyncIterator[AmqttBroker]:
    """Every app of the test finds this broker as its configured one (no user config file)."""
    monkeypatch.setenv("CALDERA_BROKER", str(amqtt_broker.address))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield amqtt_broker


def new_app() -> CalderaApp:
    return CalderaApp(bot_pace=0, reveal_pace=0)


async def host_from_menu(
    pilot: Pilot[None],
    seats: tuple[str, ...] = ("me", "open"),
    *,
    chat: bool = True,
    **fields: str,
) -> RoomScreen:
    """Menu → h → fill in the host dialog → ctrl+s; returns the room once the table is open."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")
    await pilot.press("h")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, HostScreen), "the host dialog")
    form = pilot.app.screen
    form.query_one("#seats", Select).value = len(seats)
    await pilot.pause()
    for i, kind in enumerate(seats):
        form.query_one(f"#kind-{i}", Select).value = kind
    for field, value in {"name": "Ann", "seed": "net-tui", **fields}.items():
        form.query_one(f"#{field.replace('_', '-')}", Input).value = value
    form.query_one("#chat", Select).value = chat
    await pilot.pause()
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, RoomScreen), "the table room")
    room = pilot.app.screen
    assert isinstance(room, RoomScreen)
    await wait_for(pilot, lambda: room.hosted is not None or bool(room.note), "the table")
    assert room.hosted is not None, room.note
    return room


async def open_lobby(pilot: Pilot[None]) -> LobbyScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")
    await pilot.press("j")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen), "the lobby")
    lobby = pilot.app.screen
    assert isinstance(lobby, LobbyScreen)
    await wait_for(pilot, lambda: lobby.lobby is not None, "the lobby's connection")
    return lobby


async def join_from_lobby(pilot: Pilot[None], table: str, name: str) -> RoomScreen:
    """In the lobby: highlight ``table``, enter, type the name, enter (the first free seat)."""
    lobby = pilot.app.screen
    assert isinstance(lobby, LobbyScreen)
    await wait_for(pilot, lambda: table in [c.table for c in lobby.cards], f"table {table} listed")
    while lobby.highlighted is None or lobby.highlighted.table != table:
        await pilot.press("down")
    await pilot.press("enter")
    await wait_for(pilot, lambda: pilot.app.screen.query("#join-name"), "the join dialog")
    await pilot.press(*["backspace"] * 10, *name, "enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, RoomScreen | MaunaKeaScreen))
    room = pilot.app.screen
    assert isinstance(room, RoomScreen), type(room)
    return room


def game_of(pilot: Pilot[None]) -> MaunaKeaScreen:
    screen = pilot.app.screen
    assert isinstance(screen, MaunaKeaScreen), type(screen).__name__
    return screen


async def until(pilot: Pilot[None], condition: Callable[[], Any], what: str = "") -> None:
    await wait_for(pilot, lambda: bool(condition()), what)


async def test_a_table_hosted_from_the_menu_is_joined_from_the_lobby_and_played_by_keys(
    broker: AmqttBroker,
) -> None:
    """Ann hosts (seat 1), Bob joins seat 2 from his lobby; Ann starts; each places an explorer
    with enter. Bob's first try is on Ann's space: the host refuses, Bob reads its reason; his
    next try, moved there with the arrows, arrives at the host and both screens show it."""
    ann, bob = new_app(), new_app()
    async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
        room = await host_from_menu(a, turn_limit="1")
        assert room.hosted is not None and room.hosted.host is not None
        host: TableHost = room.hosted.host
        table = host.table
        assert table in screen_text(a)  # the id to tell friends
        await open_lobby(b)
        guest_room = await join_from_lobby(b, table, "Bob")
        await until(a, lambda: host.seats[1].client == bob.identity, "Bob seated at the host")
        await until(a, lambda: "Bob" in screen_text(a) and "s starts the game" in screen_text(a))
        await a.press("s")
        await until(a, lambda: isinstance(ann.screen, MaunaKeaScreen), "Ann's game screen")
        await until(b, lambda: isinstance(bob.screen, MaunaKeaScreen), "Bob's game screen")
        assert guest_room is not bob.screen
        screens = {0: (a, game_of(a)), 1: (b, game_of(b))}
        await until(a, lambda: any(s.acting_seat() is not None for _, s in screens.values()))
        first = next(seat for seat, (_, s) in screens.items() if s.acting_seat() is not None)
        second = 1 - first
        pilot, screen = screens[first]
        await until(pilot, lambda: "place an explorer on a free start space" in screen_text(pilot),
                    "the first placement's prompt, as at a local table")  # fmt: skip
        await pilot.press("enter")  # the cursor starts on a free start space
        await until(pilot, lambda: host.referee is not None and _placed(host) == 1)
        pilot, screen = screens[second]
        await until(pilot, lambda: screen.acting_seat() == second, "the second player's turn")
        await until(pilot, lambda: "place an explorer on a free start space" in screen_text(pilot),
                    "the other terminal's placement prompt")  # fmt: skip
        taken_space = screen.board.cursor
        await pilot.press("enter")  # where the first explorer stands: refused by the host
        await until(pilot, lambda: screen.note.startswith("✗"), "the refusal")
        assert host.rejections and host.rejections[-1][1] in screen.note
        assert "already holds an explorer" in screen.note
        assert "already holds an explorer" in screen_text(pilot)
        free = [c.space for c in screen.turn.legal if isinstance(c, cmd.PlaceExplorer)]
        target = min(free, key=lambda s: abs(s[0] - taken_space[0]) + abs(s[1] - taken_space[1]))
        await point_at(pilot, screen.board, target)
        await pilot.press("enter")
        await until(pilot, lambda: _placed(host) == 2, "the second placement at the host")
        placed = [e for e in _events(host) if isinstance(e, ev.ExplorerPlaced)]
        assert (placed[-1].seat, placed[-1].space) == (second, target)
        for p, s in screens.values():  # both terminals show it
            await until(p, lambda s=s: s.shown == host.referee.seq)  # type: ignore[union-attr]
            assert s.state is not None and s.state.occupant(target) is not None
        assert "connected · ●Ann ●Bob" in screen_text(b)


def _events(host: TableHost) -> list[Any]:
    assert host.referee is not None
    return [env.event for env in host.referee.log]


def _placed(host: TableHost) -> int:
    return sum(isinstance(e, ev.ExplorerPlaced) for e in _events(host)) if host.referee else 0


async def test_the_lobby_lists_tables_live_and_a_taken_seat_is_refused_in_one_line(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot)
        await until(pilot, lambda: "No tables yet." in screen_text(pilot))
        host = make_host(broker.address, tmp_path, table="live1", seats=2)
        await host.open()
        sitter: NetSession | None = None
        try:
            await until(pilot, lambda: "live1" in screen_text(pilot), "the new table's row")
            assert "0/2" in screen_text(pilot)
            await pilot.press("enter")  # the join dialog for live1, with seats 1 and 2 free
            await until(pilot, lambda: pilot.app.screen.query("#join-name"), "the join dialog")
            sitter = await join(broker.address, "live1", "zed", seat=1)  # takes seat 2 first
            await until(pilot, lambda: lobby.cards and lobby.cards[0].open_seats() == [0])
            await pilot.press("tab", "down", "down", "enter")  # "Seat 2", taken by now
            await until(pilot, lambda: "✗" in lobby.note, "the refusal")
            assert lobby.note == "✗ Table live1: seat 2 is taken by ZED"
            assert isinstance(pilot.app.screen, LobbyScreen)  # no crash, still in the lobby
            assert "1/2" in screen_text(pilot) and "●ZED" in screen_text(pilot)
            await host.close()
            await until(pilot, lambda: not lobby.cards, "the row gone")
            assert "No tables yet." in screen_text(pilot)
        finally:
            if sitter is not None:
                await sitter.close()
            await host.close()


async def test_a_table_of_a_game_this_terminal_cannot_show_is_refused_in_one_line(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    from core.games.maunakea.rules import MaunaKea

    class Phantom(MaunaKea):
        """A game of another Caldera: its rules referee here, this terminal has no screens."""

        game = "phantom"
        title = "Phantom Isle"

    rules = Phantom()
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot)
        host = make_host(broker.address, tmp_path, table="far1", seats=2, rules=rules)
        await host.open()
        try:
            await until(pilot, lambda: "far1" in screen_text(pilot), "the table's row")
            for key in ("enter", "w"):  # neither a seat nor a spectator's chair
                lobby.note = ""
                await pilot.press(key)
                await until(pilot, lambda: bool(lobby.note), "the refusal")
                assert lobby.note == f"This terminal cannot show {rules.title} yet (table far1)."
                assert isinstance(pilot.app.screen, LobbyScreen)
        finally:
            await host.close()


async def test_a_broker_that_does_not_answer_is_one_line(
    broker: AmqttBroker, monkeypatch: pytest.MonkeyPatch
) -> None:
    from net.link.broker import free_port

    monkeypatch.setenv("CALDERA_BROKER", f"mqtt://127.0.0.1:{free_port()}")
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        await until(pilot, lambda: "cannot connect to the MQTT broker" in screen_text(pilot))
        lobby = pilot.app.screen
        assert isinstance(lobby, LobbyScreen)
        await pilot.press("b")  # another broker: the one that runs
        await until(pilot, lambda: pilot.app.screen.query("#answer"), "the broker question")
        pilot.app.screen.query_one("#answer", Input).value = str(broker.address)
        await pilot.press("enter")
        await until(pilot, lambda: lobby.lobby is not None and "connected" in lobby.sub_title)


async def test_a_spectator_watches_a_game_to_its_end_and_its_replay(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    host = make_host(broker.address, tmp_path, table="bots1", seats=2, turn_limit=2,
                     bot_delay=0.02)  # fmt: skip
    await host.open()
    await host.fill_with_bots("greedy")
    app = new_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            lobby = await open_lobby(pilot)
            await until(pilot, lambda: "bots1" in [c.table for c in lobby.cards])
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
            assert "waiting for the host to start" in screen_text(pilot)
            await host.start()
            await until(pilot, lambda: isinstance(app.screen, MaunaKeaScreen | EndScreen))
            screen = next(s for s in app.screen_stack if isinstance(s, MaunaKeaScreen))
            assert screen.session.controlled == frozenset()
            await until(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
            assert isinstance(screen.session.envelopes[-1].event, GameEnded)
            assert len(screen.session.envelopes) == host.referee.seq  # type: ignore[union-attr]
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
            await pilot.press("end")
            await until(pilot, lambda: "Final scoring" in screen_text(pilot))
    finally:
        await host.close()


async def test_reconnecting_is_shown_while_the_broker_is_gone_and_the_game_catches_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broker = AmqttProcess()
    await broker.start()
    monkeypatch.setenv("CALDERA_BROKER", str(broker.address))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    host = make_host(broker.address, tmp_path, table="drop1", seats=2, turn_limit=3,
                     bot_delay=0.05)  # fmt: skip
    await host.open()
    await host.fill_with_bots("greedy")
    app = new_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            lobby = await open_lobby(pilot)
            lobby.lobby.backoff = FAST  # type: ignore[union-attr]
            await until(pilot, lambda: "drop1" in [c.table for c in lobby.cards])
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, RoomScreen))
            await host.start()
            await until(pilot, lambda: isinstance(app.screen, MaunaKeaScreen))
            screen = game_of(pilot)
            await until(pilot, lambda: screen.shown > 40, "some of the game")
            await broker.stop()
            await until(pilot, lambda: "reconnecting…" in screen_text(pilot), "reconnecting…")
            assert screen.sub_title == "reconnecting…"
            await broker.start()
            await until(pilot, lambda: isinstance(app.screen, EndScreen), "the game's end")
            referee = host.referee
            assert referee is not None and referee.ended
            assert len(screen.session.envelopes) == referee.seq  # caught up, nothing lost
            assert screen.shown == referee.seq
            assert screen.sub_title.startswith("connected")
    finally:
        await host.close()
        await broker.stop()


async def test_the_host_hands_a_dropped_seat_to_a_bot_and_back(broker: AmqttBroker) -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        room = await host_from_menu(pilot)
        assert room.hosted is not None and room.hosted.host is not None
        host = room.hosted.host
        bob = await join(broker.address, host.table, "bob")
        await until(pilot, lambda: "s starts the game" in screen_text(pilot))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, MaunaKeaScreen))
        screen = game_of(pilot)
        await bob.close()  # Bob's terminal goes away mid-game
        await until(pilot, lambda: "○BOB(away)" in screen.sub_title, "Bob away in the header")
        assert "H Host" in screen_text(pilot)
        await _host_menu(pilot, "Let a greedy bot play seat 2 (BOB, away)")
        await until(pilot, lambda: host.seats[1].standin == "greedy")
        await until(pilot, lambda: "⚙BOB(bot for now)" in screen.sub_title)
        if screen.acting_seat() == 0:  # Ann first: she places, then the bot does for Bob
            await pilot.press("enter")
        await until(pilot, lambda: any(e.seat == 1 for e in _placements(host)), "the stand-in")
        await _host_menu(pilot, "Give seat 2 back to BOB (away)")
        await until(pilot, lambda: host.seats[1].standin is None)
        await until(pilot, lambda: "○BOB(away)" in screen.sub_title)


def _placements(host: TableHost) -> list[ev.ExplorerPlaced]:
    return [e for e in _events(host) if isinstance(e, ev.ExplorerPlaced)] if host.referee else []


async def _host_menu(pilot: Pilot[None], label: str) -> None:
    """``H`` over the game, then the menu's line ``label`` by its digit."""
    await pilot.press("H")
    await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen), "the host's menu")
    menu = pilot.app.screen
    assert isinstance(menu, ChoiceScreen)
    assert label in menu.options, menu.options
    await pilot.press(str(menu.options.index(label) + 1))


async def test_closing_the_table_ends_every_screen_with_one_line(broker: AmqttBroker) -> None:
    ann, bob = new_app(), new_app()
    async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
        room = await host_from_menu(a)
        assert room.hosted is not None and room.hosted.host is not None
        host = room.hosted.host
        await open_lobby(b)
        await join_from_lobby(b, host.table, "Bob")
        await until(a, lambda: "s starts the game" in screen_text(a))
        await a.press("s")
        await until(b, lambda: isinstance(bob.screen, MaunaKeaScreen), "Bob's game")
        await until(a, lambda: isinstance(ann.screen, MaunaKeaScreen), "Ann's game")
        await _host_menu(a, "Close the table for everyone")
        await until(a, lambda: isinstance(ann.screen, ConfirmScreen))
        await a.press("y")
        await until(a, lambda: isinstance(ann.screen, MenuScreen), "Ann back at the menu")
        assert host.status == "closed"
        await until(b, lambda: isinstance(bob.screen, LobbyScreen), "Bob back in the lobby")
        assert [n.message for n in bob._notifications] == ["The host closed the table."]
        lobby = bob.screen
        assert isinstance(lobby, LobbyScreen)
        await until(b, lambda: host.table not in [c.table for c in lobby.cards])


async def test_a_table_whose_broker_stops_with_it_tells_its_guests_where_they_are(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ann's app starts the broker for her table (none answered at the configured address),
    so closing the table stops it: Bob, back in his lobby, read "reconnecting…" for ever. Now
    the closed card says the broker stops with it, and Bob reads so, with what to do."""
    address = f"mqtt://127.0.0.1:{free_port()}"  # nobody there: the host starts one
    monkeypatch.setenv("CALDERA_BROKER", address)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    ann, bob = new_app(), new_app()
    async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
        room = await host_from_menu(a)
        assert room.hosted is not None and room.hosted.host is not None
        assert room.hosted.embedded is not None, "the app started the broker"
        table = room.hosted.host.table
        await open_lobby(b)
        await join_from_lobby(b, table, "Bob")
        await until(a, lambda: "Bob" in screen_text(a))
        await a.press("c")
        await until(a, lambda: isinstance(ann.screen, ConfirmScreen))
        await a.press("y")
        await until(a, lambda: isinstance(ann.screen, MenuScreen), "Ann back at the menu")
        await until(b, lambda: isinstance(bob.screen, LobbyScreen), "Bob back in the lobby")
        (said,) = [n.message for n in bob._notifications]
        assert said.startswith("The host closed the table, and its broker") and address in said
        await until(b, lambda: "its host's broker" in screen_text(b)
                    and "chooses another broker" in screen_text(b),
                    "the lobby says where Bob is")  # fmt: skip
        assert "reconnecting" not in screen_text(b)


async def test_a_seat_at_an_advanced_table_sees_only_its_own_cards(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    """Bob's screen folds what the host sent his seat: Ann's hand is hidden in it, and none of
    her cards' titles is on his screen while he drafts (only his own)."""
    from core.games.maunakea.state import HIDDEN
    from tui.games.maunakea.widgets.cards import card_title

    host = make_host(broker.address, tmp_path, table="adv1", seats=2, options={"advanced": True})
    await host.open()
    app = new_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await open_lobby(pilot)
            await join_from_lobby(pilot, "adv1", "Bob")
            ann = await join(broker.address, "adv1", "ann")
            await host.start()
            await until(pilot, lambda: any(
                isinstance(s, MaunaKeaScreen) and s.state is not None for s in app.screen_stack
            ), "Bob's game")  # fmt: skip
            screen = next(s for s in app.screen_stack if isinstance(s, MaunaKeaScreen))
            (bob,) = screen.session.controlled
            await until(pilot, lambda: screen.seen.dealt[bob], "Bob's cards dealt")
            referee = host.referee
            assert referee is not None
            anns, bobs = referee.state.dealt[1 - bob], referee.state.dealt[bob]
            assert screen.state is not None
            assert all(card == HIDDEN for card in screen.state.dealt[1 - bob])  # not in the fold
            assert list(screen.state.dealt[bob]) == list(bobs)
            await pilot.pause()
            text = screen_text(pilot)
            mine = {card_title(c) for c in bobs}
            assert any(title in text for title in mine)
            for title in {card_title(c) for c in anns} - mine:
                assert title not in text, f"Ann's {title} shows on Bob's screen"
            await ann.close()
    finally:
        await host.close()


async def test_a_guest_who_leaves_a_running_game_takes_the_same_seat_back_from_the_lobby(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    host = make_host(broker.address, tmp_path, table="back1", seats=2, bot_delay=0.02)
    await host.open()
    await host.seat_bot(1, "greedy")
    app = new_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            lobby = await open_lobby(pilot)
            await join_from_lobby(pilot, "back1", "Bob")
            await host.start()
            await until(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "Bob's game")
            first = game_of(pilot)
            (seat,) = first.session.controlled
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert "Your seat stays yours" in screen_text(pilot)
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
            await until(pilot, lambda: "playing (your seat)" in screen_text(pilot))
            await until(pilot, lambda: not host.seats[seat].online, "Bob away at the host")
            await pilot.press("enter")  # no dialog: straight back to the seat held
            await until(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the game again")
            again = game_of(pilot)
            assert again is not first and again.session.controlled == {seat}
            referee = host.referee
            assert referee is not None
            await until(pilot, lambda: again.shown == referee.seq, "caught up")
            await until(pilot, lambda: host.seats[seat].online, "Bob back at the host")
            assert lobby.note == ""
    finally:
        await host.close()


async def test_the_chat_modal_says_lines_quick_phrases_and_announces_new_ones(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    """T in the room opens the chat: a typed line and a quick phrase (3, nothing typed) reach
    the other seat, whose lines show in it; at the table a new line is a notification, and T
    opens the chat there too."""
    host = make_host(broker.address, tmp_path, table="chat1", seats=2, turn_limit=2)
    await host.open()
    bob = await join(broker.address, "chat1", "bob", seat=1)
    app = new_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await open_lobby(pilot)
            room = await join_from_lobby(pilot, "chat1", "Ann")
            assert room.session is not None
            await until(pilot, lambda: room.session.chat._connection()[1], "a ticket")  # type: ignore[union-attr]
            await pilot.press("T")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat")
            chat = app.screen
            assert isinstance(chat, ChatScreen)
            await pilot.press(*"hi 1 bob", "enter")  # digits typed after a word are text
            await pilot.press("3")  # nothing typed: a quick phrase
            said = ["hi 1 bob", "Good game!"]
            await until(pilot, lambda: [h.text for h in bob.chat.lines] == said, "Bob hears")
            bob.chat.say("see you at the table")
            await until(pilot, lambda: "BOB says: see you at the table" in chat.written)
            assert "Ann says: hi 1 bob" in chat.written
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, RoomScreen), "back in the room")
            await host.start()
            await until(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
            table = next(s for s in app.screen_stack if isinstance(s, MaunaKeaScreen))
            await until(pilot, lambda: table._chat_notices, "the table listens")
            bob.chat.say("good luck")
            await until(pilot, lambda: any("BOB says: good luck" in n.message
                                           for n in app._notifications), "a notice")  # fmt: skip
            await pilot.press("T")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat at the table")
            assert "BOB says: good luck" in app.screen.written  # type: ignore[attr-defined]
    finally:
        await bob.close()
        await host.close()


async def test_a_table_hosted_without_chat_says_so_and_refuses_lines(broker: AmqttBroker) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        room = await host_from_menu(pilot, chat=False)
        assert room.hosted is not None and not room.hosted.host.chatting.on
        await until(pilot, lambda: "no chat" in screen_text(pilot), "the room says it")
        await until(pilot, lambda: room.session is not None and room.session.card is not None)
        await pilot.press("T")
        await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat")
        await pilot.press(*"hello", "enter")
        chat = app.screen
        assert isinstance(chat, ChatScreen)
        await until(pilot, lambda: chat.written, "its answer")
        assert chat.written == ["Not sent: the host turned chat off at this table."]


async def test_two_apps_talk_in_the_lobby_and_a_moderator_times_one_out(
    broker: AmqttBroker, tmp_path: Path
) -> None:
    """Two apps in one club's lobby at 80x24: T opens its chat; Bea's line reaches Al's app (a
    notification, then the chat), Al's quick phrase reaches Bea; Al, a moderator the server's
    config names, times Bea out with a reason that Bea reads, and her next line is refused."""
    al_app, bea_app = new_app(), new_app()
    server = None
    async with al_app.run_test(size=(80, 24)) as al, bea_app.run_test(size=(80, 24)) as bea:
        try:
            al_lobby, bea_lobby = await open_lobby(al), await open_lobby(bea)
            assert al_lobby.lobby is not None and bea_lobby.lobby is not None
            al_key = al_lobby.lobby.keys.public.hex()
            bea_key = bea_lobby.lobby.keys.public.hex()
            assert al_key != bea_key
            server = Server(broker.address, server="club", replay_dir=tmp_path, backoff=FAST,
                            moderators=frozenset({al_key}))  # fmt: skip
            await server.open()
            for pilot, screen in ((al, al_lobby), (bea, bea_lobby)):
                await until(pilot, lambda s=screen: s.lobby and "club" in s.lobby.servers)
            await bea.press("T")
            await until(bea, lambda: isinstance(bea_app.screen, ChatScreen), "Bea's chat")
            bea_chat = bea_app.screen
            assert isinstance(bea_chat, ChatScreen)
            assert "Chat in the lobby" in screen_text(bea)
            await bea.press(*"hello club", "enter")
            await until(al, lambda: any("says: hello club" in n.message
                                        for n in al_app._notifications), "Al's notice")  # fmt: skip
            await al.press("T")
            await until(al, lambda: isinstance(al_app.screen, ChatScreen), "Al's chat")
            al_chat = al_app.screen
            assert isinstance(al_chat, ChatScreen)
            assert any("says: hello club" in line for line in al_chat.written)
            await al.press("2")  # nothing typed: a quick phrase
            await until(bea, lambda: any(w.endswith("says: Good luck!") for w in bea_chat.written))
            await al.press(*f"/timeout {bea_key} 5 shouting", "enter")
            told = "out for 5 minutes: shouting"
            await until(bea, lambda: any(told in line for line in bea_chat.written), "Bea told")
            await until(al, lambda: any("timed out of the club's chats for 5 minutes" in line
                                        for line in al_chat.written), "Al's answer")  # fmt: skip
            await bea.press(*"HELLO CLUB", "enter")
            await until(bea, lambda: any(line.startswith("Not sent: a moderator timed you out")
                                         for line in bea_chat.written), "refused")  # fmt: skip
            assert not any("HELLO CLUB" in line for line in al_chat.written)
        finally:
            if server is not None:
                await server.close()


async def test_the_host_turns_the_tables_chat_off_and_on_from_its_menu(
    broker: AmqttBroker,
) -> None:
    """H over the game: the host turns the table's chat off (Bob's card says so, his line is
    not sent) and on again (his line reaches Ann)."""
    ann, bob = new_app(), new_app()
    async with ann.run_test(size=SIZE) as a, bob.run_test(size=SIZE) as b:
        room = await host_from_menu(a)
        assert room.hosted is not None and room.hosted.host is not None
        host = room.hosted.host
        await open_lobby(b)
        guest = await join_from_lobby(b, host.table, "Bob")
        await until(a, lambda: "s starts the game" in screen_text(a))
        await a.press("s")
        await until(b, lambda: isinstance(bob.screen, MaunaKeaScreen), "Bob's game")
        await until(a, lambda: isinstance(ann.screen, MaunaKeaScreen), "Ann's game")
        session = guest.session
        assert session is not None
        await _host_menu(a, "Turn the table's chat off")
        await until(b, lambda: session.card is not None and not session.card.chat, "Bob's card")
        with pytest.raises(NetError, match="turned chat off"):
            session.chat.say("hello?")
        await _host_menu(a, "Turn the table's chat on")
        await until(b, lambda: session.card is not None and session.card.chat, "chat again")
        session.chat.say("thanks")
        mine = room.hosted.session
        assert mine is not None
        await until(a, lambda: [h.text for h in mine.chat.lines] == ["thanks"], "Ann reads it")
