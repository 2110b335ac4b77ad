"""``caldera join TABLE --lines``: a seat at a table across the network, played in the line mode
by a script against the host's bot, to the end of the game."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

from core.audit import audit
from replays.file import read
from tests.cli.test_lines import COUNTED, EVENT, PROMPT, Script, listed_above
from tests.kit.netkit import TestBroker, make_host
from tui.replay.library import saved_replays


async def test_a_script_plays_a_table_in_the_line_mode(broker: TestBroker, tmp_path: Path) -> None:
    host = make_host(broker.address, tmp_path, seats=2, turn_limit=3, auto_start=True,
                     clock="10m")  # fmt: skip
    await host.open()
    host.bots.seat(1, "greedy")
    env = {**os.environ, "CALDERA_CONFIG_DIR": str(tmp_path / "config")}
    script = Script(["join", "t1", "--lines", "--name", "Ann", "--broker", str(broker.address)],
                    env)  # fmt: skip
    pick = random.Random(3)
    undone = 0
    try:
        seated = await asyncio.to_thread(script.until, "At table t1")
        assert seated.startswith("At table t1 in seat 1")
        ending = await asyncio.to_thread(script.until, *PROMPT)
        while "Game over:" not in ending:
            counted = COUNTED.match(script.lines[-2])
            choices = int(counted.group(1)) if counted else listed_above(script.lines)
            script.send(str(pick.randint(1, choices)))
            if counted and not undone:  # a turn with tiles to play: take the first one back
                await asyncio.to_thread(script.until, *PROMPT)
                script.send("undo")
                assert "took back their last move" in await asyncio.to_thread(
                    script.until, "took back", "Refused"
                ), script.tail()
                undone += 1
            ending = await asyncio.to_thread(script.until, *PROMPT)
        said = await asyncio.to_thread(script.until, "replay is in", "replay was not kept")
        assert "in your saved games" in said, script.tail()
        assert await asyncio.to_thread(script.process.wait, 30) == 0, script.tail()
        await host.wait_ended(10)
    finally:
        if script.process.poll() is None:
            script.process.kill()
        await host.close()
    numbered = [m.group(2) for text in script.lines if (m := EVENT.match(text))]
    assert all(said.strip() for said in numbered), "no event is an empty numbered line"
    assert any(said.startswith("Clocks: Ann ") for said in numbered), "the clocks are said"
    report = audit(read(host.replay_path).envelopes)  # type: ignore[arg-type]
    assert report.ok and report.finished and report.undos == 1, report.problems
    (kept,) = saved_replays()  # the joiner's own saved games hold the host's log too
    assert read(kept).raw == read(host.replay_path).raw  # type: ignore[arg-type]
    assert said.endswith(kept.name)
    assert not host.rejections or all("take back" in why for _, why in host.rejections)
