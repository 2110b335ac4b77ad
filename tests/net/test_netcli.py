"""The network subcommands as a user runs them: a host that starts its own broker, bots that
join it from other processes, a lobby listing; and one clear line for every mistake."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from net.link.broker import free_port
from tests.cli.test_lines import Script
from tests.kit.lifeline import dies_with_us


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


def test_a_table_with_a_member_list_refuses_a_stranger_from_another_terminal(
    tmp_path: Path,
) -> None:
    """``caldera host --members FILE`` from a shell: a bot whose key is not on the list is
    refused its seat in one line (it may watch) and the table stays open for the members."""
    members = tmp_path / "members.txt"
    members.write_text("# the club\n" + "ab" * 32 + "\n")
    env = {**os.environ, "CALDERA_CONFIG_DIR": str(tmp_path / "config")}
    broker = f"mqtt://127.0.0.1:{free_port()}"
    args = ["host", "maunakea", "--seats", "2", "--table", "mem1", "--members", str(members)]
    host = Script([*args, "--replay-dir", str(tmp_path), "--broker", broker], env)
    try:
        assert "table mem1 is open" in host.until("table mem1 is open")
        code, out, err = finish(caldera("bot", "--table", "mem1", "--broker", broker))
        assert code == 2, (out, err)
        assert err == "caldera: this table seats its members only (you may watch)\n"
        assert host.process.poll() is None  # still open for its members
    finally:
        host.process.kill()
        host.process.wait()


def test_mistakes_get_one_line_and_no_traceback(tmp_path: Path) -> None:
    nobody = f"mqtt://127.0.0.1:{free_port()}"
    not_a_key = tmp_path / "members.txt"
    not_a_key.write_text("ann\n")
    cases = [
        (("bot", "--table", "t1", "--broker", nobody), "cannot connect to the MQTT broker"),
        (("lobby", "--broker", "http://example.org"), "only mqtt:// and mqtts:// are supported"),
        (("bot", "--table", "no/such", "--broker", nobody), "table id"),
        (("host", "chess", "--broker", nobody), "unknown game"),
        (("serve", "--max-tables", "0", "--broker", nobody), "0 is less than 1"),
        (("serve", "--max-tables", "many", "--broker", nobody), "'many' is not a whole number"),
        # a member list is read before a broker is looked for or started (no line about one)
        (
            ("host", "maunakea", "--members", str(not_a_key), "--broker", nobody),
            f"--members: {not_a_key}:1 is not a public key",
        ),
        (
            ("serve", "--members", str(tmp_path / "none.txt"), "--broker", nobody),
            "--members: cannot read",
        ),
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
