"""Snapshots of the screens for playing across terminals, at 100×40: the host dialog, the table
room (a table really hosted, on a real broker) and the lobby (listing a table that a real
``caldera host`` process opened).

The room and the lobby show the broker's address: their broker listens on a free loopback port,
which the app in this process writes as ``PORT`` (so the pictures do not vary from run to run).
Update them with ``pytest tests/tui/test_net_snapshots.py --snapshot-update`` and look at the
SVGs before committing.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from net.config import BrokerAddress
from net.link.broker import EmbeddedBroker, free_port
from tests.kit.lifeline import dies_with_us
from tui.app import CalderaApp
from tui.netplay.hosting import HostSetup
from tui.screens.host_table import HostScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.room import RoomScreen

from .conftest import wait_for

SIZE = (100, 40)

Snap = Callable[..., bool]


@pytest.fixture
def quiet_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No user config file is read, nor a broker from this shell's environment."""
    monkeypatch.delenv("CALDERA_BROKER", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture
def snap_broker(monkeypatch: pytest.MonkeyPatch, quiet_config: None) -> Iterator[BrokerAddress]:
    """A broker on a free port, the configured one; the screens write its port as ``PORT``
    (an address written so cannot be read back: anything that did would fail loudly)."""
    address = BrokerAddress("127.0.0.1", free_port())
    monkeypatch.setenv("CALDERA_BROKER", url(address))
    written = BrokerAddress.__str__

    def shown(self: BrokerAddress) -> str:
        text = written(self)
        return text.replace(f":{address.port}", ":PORT") if self.port == address.port else text

    monkeypatch.setattr(BrokerAddress, "__str__", shown)
    broker = EmbeddedBroker.spawn(address, orphan_idle=0)  # it ends with this test run
    try:
        yield address
    finally:
        broker.stop()


def url(address: BrokerAddress) -> str:
    """The broker's real address, for another process."""
    return f"mqtt://{address.host}:{address.port}"


def app() -> CalderaApp:
    return CalderaApp(bot_pace=0, reveal_pace=0)


def test_host_dialog(snap_compare: Snap, quiet_config: None) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HostScreen))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=SIZE, run_before=run_before)


def test_table_room(snap_compare: Snap, snap_broker: BrokerAddress) -> None:
    """Ann hosts 3 seats: hers, one open for a friend, one for a greedy bot."""
    setup = HostSetup(
        game="maunakea",
        seats=("me", "open", "greedy"),
        name="Ann",
        broker=snap_broker,
        table_name="Friday volcano",
        options={"advanced": True, "turn_limit": 12},
        table="snap01",
        seed="snapshot",
    )

    async def run_before(pilot: Pilot[Any]) -> None:
        caldera = pilot.app
        assert isinstance(caldera, CalderaApp)
        room = RoomScreen(caldera.terminal, setup=setup)
        await caldera.push_screen(room)
        await wait_for(pilot, lambda: room.card is not None and room.card.seats[0].online)
        await pilot.pause()

    assert snap_compare(app(), terminal_size=SIZE, run_before=run_before)


def test_lobby(snap_compare: Snap, snap_broker: BrokerAddress, tmp_path: Path) -> None:
    """The lobby lists a table opened by a real ``caldera host`` (one seat a bot, one open)."""
    caldera = Path(sys.executable).with_name("caldera")
    host = subprocess.Popen(
        [
            str(caldera),
            "host",
            "kilauea",
            "--seats",
            "2",
            "--bots",
            "1",
            "--table",
            "snap02",
            "--name",
            "Kilauea night",
            "--replay-dir",
            str(tmp_path),
            "--quiet",
            "--broker",
            url(snap_broker),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        preexec_fn=dies_with_us(),
    )
    try:
        assert host.stdout is not None
        for line in host.stdout:
            if "is open" in line:
                break

        async def run_before(pilot: Pilot[Any]) -> None:
            await pilot.press("j")
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
            lobby = pilot.app.screen
            assert isinstance(lobby, LobbyScreen)
            await wait_for(pilot, lambda: [c.table for c in lobby.cards] == ["snap02"])
            await wait_for(pilot, lambda: "connected" in lobby.sub_title)
            await pilot.pause()

        assert snap_compare(app(), terminal_size=SIZE, run_before=run_before)
    finally:
        host.terminate()
        host.wait(10)
