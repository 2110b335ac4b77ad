"""A lobby closes at once, whatever its looks were doing when it was told to.

Python 3.11's ``asyncio.wait_for`` loses a cancel that comes while the awaited thing has just
finished: the lobby's loop of looks then went on for ever and ``close`` waited for it (a CI run
hung 85 minutes in test_host_resume's ``async with Lobby``). The loop waits with
``asyncio.timeout`` now, which keeps the cancel.
"""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

from net.club.lobby import Lobby
from tests.kit.netkit import FAST, AmqttBroker

ROOT = Path(__file__).resolve().parents[2]


async def test_a_lobby_closes_though_news_woke_its_looks_as_it_closed(
    amqtt_broker: AmqttBroker,
) -> None:
    # the news wakes the looks' loop; the close's cancel lands 0, 1, … loop turns later, so one
    # of them lands when the wake has finished and the loop has not yet run on
    for turns in range(8):
        lobby = Lobby(amqtt_broker.address, name=f"closing{turns}", backoff=FAST)
        await lobby.open()
        await asyncio.sleep(0)  # one turn: the looks' loop sends its looks and waits for news
        lobby._wake.set()
        for _ in range(turns):
            await asyncio.sleep(0)
        closing = asyncio.create_task(lobby.close())
        done, _ = await asyncio.wait({closing}, timeout=10)  # a hang guard, not a speed check
        if not done:
            closing.cancel()  # a second cancel gets through; the test fails all the same
            await asyncio.wait({closing})
        assert done, f"the lobby did not close (the close came {turns} loop turns after news)"


def test_no_module_waits_with_asyncio_wait_for() -> None:
    """``asyncio.timeout`` everywhere in the app: ``wait_for`` on Python 3.11 can lose a cancel
    (a task told to stop then goes on)."""
    found = []
    for package in ("core", "net", "replays", "tui"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr == "wait_for"
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "asyncio"
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == [], found
