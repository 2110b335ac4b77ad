"""A move across terminals, as the player feels it. Prints figures; asserts nothing.

A guest app (headless, 100x40) joins a Mauna Kea table from its lobby over an in-process amqtt
broker on loopback; the table's host (referee) runs beside it with a bot in the other seat.
Each sample: from posting ``enter`` (place an explorer) to the guest's screen showing the
placement, i.e. the command to the host, its check by the rules, the event back over the
broker, folded and shown. Goal: well under 100 ms median on loopback.

    .venv/bin/python bench/net_tui_latency.py
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "network"))


async def placements() -> list[float]:
    from textual import events

    from core.games.maunakea import commands as cmd
    from tests.kit.netkit import AmqttBroker, make_host
    from tests.net.test_tui_tables import join_from_lobby, open_lobby
    from tests.tui.conftest import point_at, wait_for
    from tui.app import CalderaApp
    from tui.games.maunakea.screen import MaunaKeaScreen

    broker = AmqttBroker()
    await broker.start()
    os.environ["CALDERA_BROKER"] = str(broker.address)
    os.environ["CALDERA_DATA_DIR"] = tempfile.mkdtemp()
    host = make_host(broker.address, Path(tempfile.mkdtemp()), table="bench1", seats=2)
    await host.open()
    await host.seat_bot(1, "random")
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    samples: list[float] = []
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await open_lobby(pilot)
            await join_from_lobby(pilot, "bench1", "Bob")
            await host.start()
            await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen))
            screen = app.screen
            assert isinstance(screen, MaunaKeaScreen)
            while True:
                await wait_for(pilot, lambda: screen.acting_seat() is not None or screen.ended)
                state = screen.state
                if screen.ended or state is None or state.phase.value != "placement":
                    break
                cursor = screen.board.cursor
                free = [c.space for c in screen.turn.legal if isinstance(c, cmd.PlaceExplorer)]
                near = min(free, key=lambda t: abs(t[0] - cursor[0]) + abs(t[1] - cursor[1]))
                await point_at(pilot, screen.board, near)
                shown = screen.shown
                start = time.perf_counter()
                app.post_message(events.Key("enter", None))
                while screen.shown <= shown:
                    await asyncio.sleep(0.0002)
                samples.append(time.perf_counter() - start)
    finally:
        await host.close()
        await broker.stop()
    return samples


def main() -> None:
    samples = [s * 1000 for s in asyncio.run(placements())]
    print(
        f"guest keypress -> host -> guest screen (Mauna Kea placement, amqtt on loopback): "
        f"median {statistics.median(samples):.1f} ms, max {max(samples):.1f} ms "
        f"over {len(samples)} moves"
    )


if __name__ == "__main__":
    main()
