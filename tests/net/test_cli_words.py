"""What `caldera join` and `caldera host` say in a shell: a join says what it waits for from the
first second (not ten silent seconds before "does not answer"); a host stopped with Ctrl-C
says how to open its table again."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from replays.file import read
from tests.cli.test_lines import Script
from tests.kit.netkit import AmqttBroker


async def test_a_join_says_what_it_waits_for_at_once(
    amqtt_broker: AmqttBroker, tmp_path: Path
) -> None:
    env = {**os.environ, "CALDERA_CONFIG_DIR": str(tmp_path / "config")}
    address = str(amqtt_broker.address)
    script = Script(["join", "nosuch", "--lines", "--broker", address], env)
    try:
        first = await asyncio.to_thread(script.line, 5)  # before any answer could come
        assert first.startswith(f"Joining table nosuch on {address}: asking its host for a seat")
        still = await asyncio.to_thread(script.until, "no answer from table nosuch yet")
        assert still == "… no answer from table nosuch yet (3 s)"
    finally:
        script.process.kill()
        script.process.wait()


async def test_ctrl_c_on_a_host_says_how_to_open_the_table_again(
    amqtt_broker: AmqttBroker, tmp_path: Path
) -> None:
    env = {**os.environ, "CALDERA_CONFIG_DIR": str(tmp_path / "config")}
    address = str(amqtt_broker.address)
    args = ["host", "maunakea", "--seats", "2", "--bots", "2", "--bot-delay", "0.2"]
    script = Script([*args, "--table", "t9", "--replay-dir", str(tmp_path), "--broker", address],
                    env)  # fmt: skip
    try:
        await asyncio.to_thread(script.until, "    3  ")  # the bots have begun to play
        script.process.send_signal(signal.SIGINT)
        assert await asyncio.to_thread(script.process.wait, 30) == 130
        assert script.process.stderr is not None
        said = script.process.stderr.read()
    finally:
        if script.process.poll() is None:
            script.process.kill()
    (replay,) = tmp_path.glob("t9-*.caldera")
    assert "the game is saved; open table t9 again with: " in said, said
    assert f"caldera host --resume {replay} --broker {address}" in said
    assert read(replay).ended is None  # unfinished: there is a game to open again
