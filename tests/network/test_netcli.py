"""The network subcommands as a user runs them: a host that starts its own broker, bots that
join it from other processes, a lobby listing; and one clear line for every mistake."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from net.broker import free_port
from tests.lifeline import dies_with_us


def caldera(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=dies_with_us(),
    )  # fmt: skip


def finish(process: subprocess.Popen[str], timeout: float = 60) -> tuple[int, str, str]:
    """Wait for ``process``; one that hangs is killed and reported with what it printed."""
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return -9, out, f"timed out after {timeout} s\n{err}"
    return process.returncode, out, err


def test_host_starts_a_broker_and_bots_from_other_terminals_play_it(tmp_path: Path) -> None:
    broker = f"mqtt://127.0.0.1:{free_port()}"
    host = caldera("host", "maunakea", "--seats", "3", "--bots", "1", "--table", "cli1",
                   "--turn-limit", "3", "--bot-delay", "0", "--linger", "20", "--verbose",
                   "--replay-dir", str(tmp_path), "--broker", broker)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        listing = ""
        while "cli1" not in listing and time.monotonic() < deadline:
            code, listing, _ = finish(caldera("lobby", "--broker", broker))
        assert "cli1" in listing and "open" in listing and "1/3" in listing
        bots = [caldera("bot", "--table", "cli1", "--broker", broker) for _ in range(2)]
        results = [finish(bot) for bot in bots]
        code, out, err = finish(host)
    finally:
        host.kill()
    assert code == 0, (err, results)  # the bots' output says why a host waited in vain
    assert "started an embedded one (amqtt" in err
    for rc, bot_out, bot_err in results:
        assert rc == 0 and "game over at event" in bot_out, (bot_out, bot_err, out, err)
    assert len({bot_out.split("state hash ")[1] for _, bot_out, _ in results}) == 1
    replay = out.split("replay: ")[1].split()[0]
    code, verified, err = finish(caldera("verify", replay))
    assert code == 0 and "OK" in verified, err


def test_mistakes_get_one_line_and_no_traceback() -> None:
    nobody = f"mqtt://127.0.0.1:{free_port()}"
    cases = [
        (("bot", "--table", "t1", "--broker", nobody), "cannot connect to the MQTT broker"),
        (("lobby", "--broker", "http://example.org"), "only mqtt:// and mqtts:// are supported"),
        (("bot", "--table", "no/such", "--broker", nobody), "table id"),
        (("host", "chess", "--broker", nobody), "unknown game"),
        (("serve", "--max-tables", "0", "--broker", nobody), "0 is less than 1"),
        (("serve", "--max-tables", "many", "--broker", nobody), "'many' is not a whole number"),
    ]
    for args, expected in cases:
        code, _, err = finish(caldera(*args))
        assert code == 2, err
        assert err.count("\n") == 1 and expected in err and "Traceback" not in err


def test_the_standalone_broker_serves_and_stops_on_sigterm() -> None:
    port = free_port()
    broker = caldera("broker", "--port", str(port))
    try:
        deadline = time.monotonic() + 20
        code = -1
        while code != 0 and time.monotonic() < deadline:
            code, listing, _ = finish(caldera("lobby", "--broker", f"mqtt://127.0.0.1:{port}"))
        assert code == 0 and "no tables" in listing
        broker.terminate()
        code, _, err = finish(broker, 10)
        assert "listening on mqtt://127.0.0.1:" in err
        assert code == 0
    finally:
        broker.kill()
