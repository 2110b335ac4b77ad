"""The end screen's export carries the table's chat (issue 46), over amqtt and Mosquitto: Bob's
app at a networked table, with Ann across the network and Cy watching, plays to the end; ``x``
says the chat goes with a ``.json`` or ``.txt`` export, and what Bob's app heard (a line said
after the end too) comes after the game's events, never inside them; the spectators' line Bob
never heard is not there."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from net.seat.session import NetSession
from tests.kit.netkit import TestBroker, join, make_host, play_all, until
from tests.net.test_tui_tables import SIZE, join_from_lobby, new_app, open_lobby
from tests.tui.conftest import wait_for
from tui.screens.choice import AskScreen
from tui.screens.end import EndScreen
from tui.settings.chat import set_muted

ADVANCED = {"advanced": True}  # hands of cards each seat hides from the other


async def test_the_end_screen_exports_the_game_with_the_chat_heard(
    broker: TestBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    address = broker.address
    monkeypatch.setenv("CALDERA_BROKER", str(address))
    host = make_host(address, tmp_path / "host", table="exp1", seats=2, turn_limit=2,
                     options=ADVANCED)  # fmt: skip
    await host.open()
    ann = await join(address, "exp1", "ann", seat=0)
    cy: NetSession | None = None
    app = new_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await open_lobby(pilot)
            room = await join_from_lobby(pilot, "exp1", "Bob")
            bob = room.session
            assert isinstance(bob, NetSession)
            cy = await join(address, "exp1", "cy", spectator=True)
            await until(lambda: all(p.chat._connection()[1] for p in (ann, bob, cy)))
            ann.chat.say("good luck")
            await wait_for(pilot, lambda: len(bob.chat.transcript) == 1, "Ann's line")
            bob.chat.say("thanks, you too")
            await until(lambda: len(ann.chat.transcript) == 2)
            cy.chat.say("wow")  # the spectators' room: Bob does not hear it
            await until(lambda: [h.text for h in cy.chat.transcript] == ["wow"])

            await host.start()
            ann_plays = asyncio.ensure_future(play_all([ann]))
            await host.hand_to_bot(1, "random")  # the host's bot plays Bob's seat to the end
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
            await ann_plays
            ann.chat.say("gg")  # after the end: the export has it too
            await wait_for(pilot, lambda: len(bob.chat.transcript) == 3, "Ann's gg")

            for name in ("end.txt", "end.json", "muted.txt"):
                if name == "muted.txt":  # Bob mutes Ann: his export has his own line only
                    set_muted(ann.keys.public.hex(), True)
                await pilot.press("x")
                await wait_for(pilot, lambda: isinstance(app.screen, AskScreen), "where to?")
                hint = str(app.screen.query_one(".dialog-hint").render())
                lines = 1 if name == "muted.txt" else 3
                assert f"the table's chat after the game ({lines} line" in hint
                app.screen.query_one("Input").value = str(tmp_path / name)  # type: ignore[attr-defined]
                await pilot.press("enter")
                await wait_for(pilot, lambda n=name: (tmp_path / n).exists(), name)
                await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "back")
    finally:
        for session in (ann, cy):
            if session is not None:
                await session.close()
        await host.close()
    text = (tmp_path / "end.txt").read_text(encoding="utf-8")
    game, _sep, chat = text.partition("Chat at the table (3 lines)\n")
    assert chat == "  ANN: good luck\n  Bob: thanks, you too\n  ANN: gg\n"
    assert "Final scoring" in game and "good luck" not in game
    assert "wow" not in text
    doc = json.loads((tmp_path / "end.json").read_text(encoding="utf-8"))
    assert [(line["name"], line.get("seat"), line["text"]) for line in doc["chat"]] == [
        ("ANN", 1, "good luck"), ("Bob", 2, "thanks, you too"), ("ANN", 1, "gg")]  # fmt: skip
    assert not any("good luck" in json.dumps(event) for event in doc["events"])
    muted = (tmp_path / "muted.txt").read_text(encoding="utf-8")
    assert muted.endswith("Chat at the table (1 line)\n  Bob: thanks, you too\n"), muted
