"""A table hosted from the app whose game is unfinished opens again from the saved games (enter):
the same table, the host's seat for this app, the players back in their seats."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.codec import encode_envelope
from net.table.host import TableHost
from replays.file import read
from tests.kit.netkit import AmqttBroker, join
from tests.net.test_tui_tables import SIZE, host_from_menu, until
from tests.tui.conftest import saved_games, screen_text, wait_for
from tui.app import CalderaApp
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.screens.room import RoomScreen


@pytest.fixture
async def broker(
    amqtt_broker: AmqttBroker, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[AmqttBroker]:
    monkeypatch.setenv("CALDERA_BROKER", str(amqtt_broker.address))
    yield amqtt_broker


async def test_a_hosted_table_left_unfinished_opens_again_from_the_saved_games(
    broker: AmqttBroker,
) -> None:
    first = CalderaApp(bot_pace=0, reveal_pace=0)
    async with first.run_test(size=SIZE) as pilot:
        room = await host_from_menu(pilot, seats=("me", "open"), turn_limit="3")
        assert room.hosted is not None and room.hosted.host is not None
        host: TableHost = room.hosted.host
        table, me = host.table, first.identity
        bob = await join(broker.address, table, "bob")
        await until(pilot, lambda: "s starts the game" in screen_text(pilot))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(first.screen, MaunaKeaScreen), "the game")
        await bob.wait_until(lambda: bob.state is not None, 10)
        path = host.replay_path
        assert path is not None
        await first.action_quit()  # quitting closes the table: the game is left unfinished
    await bob.wait_until(lambda: bob.status == "table closed", 10)
    await bob.close()
    events = read(path).raw
    assert read(path).ended is None

    again = CalderaApp(bot_pace=0, reveal_pace=0)
    async with again.run_test(size=SIZE) as pilot:
        menu = await saved_games(pilot, 1)
        assert menu.entries[0].resumable == "table"
        await pilot.press("tab")
        await pilot.pause()
        assert "enter opens the table again" in screen_text(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(again.screen, RoomScreen | MaunaKeaScreen))
        await wait_for(pilot, lambda: isinstance(again.screen, MaunaKeaScreen), "the game")
        game = again.screen
        assert isinstance(game, MaunaKeaScreen)
        await wait_for(pilot, lambda: game.shown == len(events), "the game as it was")
        reopened = next(s for s in again.sessions if getattr(s, "host", None) is not None)
        host = reopened.host  # type: ignore[attr-defined]
        assert host.table == table and host.replay_path == path
        assert host.seats[0].client == again.identity == me  # the same lasting identity
        bob = await join(broker.address, table, "bob")  # Bob takes his seat back
        try:
            assert bob.seat == 1
            await bob.wait_until(lambda: len(bob.envelopes) == len(events), 10)
            assert [encode_envelope(e) for e in bob.envelopes] == events
            await until(pilot, lambda: "●Ann ●BOB" in screen_text(pilot), "Bob back")
        finally:
            await bob.close()
