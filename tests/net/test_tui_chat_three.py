"""Three apps at one networked table talk (issue 46's "two and three apps ... over Mosquitto
and amqtt"): each app joins from the lobby and opens the chat with ``T`` in the table's room; a
typed line and a quick phrase reach the two other apps, each reading the others' lines in its
own chat; a spectator's line (a plain session watching) reaches none of the players. A line
said while a room is up is a notification there, and the footer's chat key counts it until
the chat is opened."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from textual.pilot import Pilot

from net.seat.session import NetSession
from tests.kit.netkit import TestBroker, join, make_host
from tests.net.test_tui_tables import SIZE, join_from_lobby, new_app, open_lobby, until
from tests.tui.conftest import screen_text
from tui.netplay.chat import ChatScreen
from tui.screens.room import RoomScreen


def footer(pilot: Pilot[None]) -> str:
    """The footer's line (the screen's last)."""
    return screen_text(pilot).splitlines()[-1]


async def open_chat(pilot: Pilot[None]) -> ChatScreen:
    await pilot.press("T")
    await until(pilot, lambda: isinstance(pilot.app.screen, ChatScreen), "the chat")
    chat = pilot.app.screen
    assert isinstance(chat, ChatScreen)
    return chat


async def test_three_apps_at_a_table_chat_and_hear_no_spectator(
    broker: TestBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CALDERA_BROKER", str(broker.address))
    host = make_host(broker.address, tmp_path / "host", table="talk3", seats=3, turn_limit=2)
    await host.open()
    dan: NetSession | None = None
    apps = [new_app() for _ in range(3)]
    try:
        async with AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(app.run_test(size=SIZE)) for app in apps]
            rooms: list[RoomScreen] = []
            for pilot, name in zip(pilots, ("Ann", "Bob", "Cy"), strict=True):
                await open_lobby(pilot)
                rooms.append(await join_from_lobby(pilot, "talk3", name))
            sessions = [room.session for room in rooms]
            assert all(isinstance(s, NetSession) for s in sessions)
            for pilot, session in zip(pilots, sessions, strict=True):
                await until(pilot, lambda s=session: s.chat._connection()[1], "a ticket")  # type: ignore[union-attr]
            ann, bob, cy = pilots
            bobs = await open_chat(bob)
            await bob.press(*"early", "enter")  # Ann's room is up: a notice, the footer counts
            await until(ann, lambda: "Chat (1 new)" in footer(ann), "Ann's footer")
            assert any("Bob says: early" in n.message for n in apps[0]._notifications)
            chats = [await open_chat(ann), bobs, await open_chat(cy)]
            await ann.press("escape")  # read: the footer's key as it was
            await until(ann, lambda: isinstance(apps[0].screen, RoomScreen), "Ann's room")
            await until(ann, lambda: "Chat (" not in footer(ann), "Ann's footer read")
            assert " Chat" in footer(ann)
            chats[0] = await open_chat(ann)
            await ann.press(*"hello all", "enter")
            await until(bob, lambda: "Ann says: hello all" in chats[1].written, "Bob reads Ann")
            await until(cy, lambda: "Ann says: hello all" in chats[2].written, "Cy reads Ann")
            await cy.press("2")  # nothing typed: a quick phrase, "Good luck!"
            await until(ann, lambda: "Cy says: Good luck!" in chats[0].written, "Ann reads Cy")
            await until(bob, lambda: "Cy says: Good luck!" in chats[1].written, "Bob reads Cy")
            dan = await join(broker.address, "talk3", "dan", spectator=True)
            await until(ann, lambda: dan.chat._connection()[1], "Dan's ticket")  # type: ignore[union-attr]
            dan.chat.say("who wins?")
            await until(ann, lambda: [h.text for h in dan.chat.lines] == ["who wins?"], "Dan")
            await bob.press(*"thanks", "enter")
            await until(cy, lambda: "Bob says: thanks" in chats[2].written, "Cy reads Bob")
            for chat in chats:
                assert "who wins?" not in "\n".join(chat.written), "a spectator's line"
            for i, session in enumerate(sessions):
                assert session is not None
                said = [h.text for h in session.chat.lines if not h.refused]
                assert said == ["early", "hello all", "Good luck!", "thanks"], (i, said)
    finally:
        if dan is not None:
            await dan.close()
        await host.close()
