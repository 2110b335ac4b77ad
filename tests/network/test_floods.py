"""Floods of made-up identities on an open broker: each identity is only a key, so what one
costs is bounded per key and shared fairly; a flood by many keys must not starve anybody."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from netkit import FAST, Crowd, TestBroker, join, keys_of, make_host, until

from net.host import TableHost
from net.session import NetSession


async def test_a_flood_of_catch_ups_by_40_identities_does_not_starve_a_spectator(
    broker: TestBroker, tmp_path: Path
) -> None:
    """40 made-up identities ask for the whole game as often as each may (5 a second: 200 a
    second, ten times the spectators' shared budget) while Eve comes to watch: she is the least
    served, so her one request is answered first (it was dropped while they kept going)."""
    host: TableHost = make_host(broker.address, tmp_path, seats=2, turn_limit=None)
    await host.open()
    ann = await join(broker.address, "t1", "ann")  # she never moves: the game stays
    await host.seat_bot(1, "greedy")
    await host.start()
    eve = None
    async with Crowd(broker.address, "t1", 40) as crowd:

        async def flood() -> None:  # each key 5 times a second, spread out evenly
            while True:
                await crowd.sync(0, spread=0.2 / 40)

        flooding = asyncio.create_task(flood())
        try:
            assert host.referee is not None
            await until(lambda: crowd.batches >= 60, 10)  # they were served 3 seconds' worth
            # she asks once and then waits (a client asks again after ``retry`` seconds): her
            # one request must be served, not dropped because the flood took the budget first
            eve = await NetSession.connect(broker.address, "t1", identity="eve", name="Eve",
                                           spectator=True, backoff=FAST, retry=60,
                                           keys=keys_of("eve"))  # fmt: skip
            total = host.referee.seq
            await eve.wait_until(lambda s=eve: len(s.envelopes) >= total, 10)
            assert not flooding.done()
        finally:
            flooding.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await flooding
            if eve is not None:
                await eve.close()
            await ann.close()
            await host.close()
