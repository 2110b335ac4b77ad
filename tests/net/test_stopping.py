"""A ``caldera serve`` stopped by SIGTERM while its tables play loses no event: every event a
spectator saw is in its table's replay, each replay's proofs sign its last event, and the
server started again resumes every table at the event it stopped at. (How fast it stops is
bench/serve_stop.py's: no timed test.)"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from pathlib import Path

from net.club.lobby import Lobby
from net.seat.session import NetSession
from replays import proofs
from replays.file import read
from tests.kit.lifeline import dies_with_us, ended, stopped
from tests.kit.netkit import FAST, TestBroker, join, until

TABLES = 4


def serve(broker: TestBroker, replay_dir: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--server", "stop", "--linger", "60",
         "--replay-dir", str(replay_dir), "--broker", str(broker.address)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=dies_with_us(),
    )  # fmt: skip


def events_kept(replay_dir: Path) -> dict[str, list[bytes]]:
    """Each table's events in its replay, as written (a table's file is named by its id)."""
    kept = {}
    for path in replay_dir.glob("*.caldera"):
        replay = read(path)
        assert not replay.warnings, replay.warnings  # no torn tail: each file closed whole
        kept[path.name.split("-")[0]] = replay.raw
    return kept


def last_head(replay_dir: Path, table: str) -> int:
    """The newest event whose chain head the table's proofs sign."""
    (path,) = replay_dir.glob(f"{table}-*.caldera")
    lines = proofs.path_for(path).read_text().splitlines()
    heads = [record["seq"] for line in lines if (record := json.loads(line))["kind"] == "head"]
    return max(heads)


async def test_a_serve_stopped_by_sigterm_loses_no_event(
    broker: TestBroker, tmp_path: Path
) -> None:
    server = serve(broker, tmp_path)
    watchers: list[NetSession] = []
    try:
        async with Lobby(broker.address, name="stopper", backoff=FAST) as lobby:
            await lobby.wait_for(lambda lb: "stop" in lb.servers, 30)
            tables = [await lobby.request_table("maunakea", 2, bots=2, bot_delay=0.01,
                                                options={"turn_limit": 100_000}, timeout=30)
                      for _ in range(TABLES)]  # fmt: skip
            for n, table in enumerate(tables):
                watchers.append(await join(broker.address, table, f"eve{n}", spectator=True))
            await until(lambda: all(len(w.envelopes) > 40 for w in watchers), 60)
            server.send_signal(signal.SIGTERM)
            _, err = await ended(server, 60)
            assert server.returncode == 130, err
            seen = {w.table: len(w.envelopes) for w in watchers}
            # the tables were closed, not left to their Last Wills
            await lobby.wait_for(lambda lb: not any(t in lb.tables for t in tables), 30)
        kept = events_kept(tmp_path)
        for table in tables:
            assert len(kept[table]) >= seen[table], (table, len(kept[table]), seen[table])
            assert last_head(tmp_path, table) == len(kept[table]) - 1  # the proofs end with it

        server = serve(broker, tmp_path)  # started again: every table goes on where it stopped
        resumed: dict[str, int] = {}
        while len(resumed) < TABLES:
            line = await until_line(server)
            words = line.split()
            if line.startswith("table ") and "resumed at event" in line:
                resumed[words[1]] = int(words[5].rstrip(":"))
        assert set(resumed) == set(tables)
        assert all(resumed[t] >= len(kept[t]) for t in tables), (resumed, seen)
        await until(lambda: all(len(w.envelopes) > len(kept[w.table]) + 10 for w in watchers), 60)
        server.send_signal(signal.SIGTERM)
        await ended(server, 60)
        assert server.returncode == 130
        again = events_kept(tmp_path)
        for table in tables:  # the same events first, then the game went on from them
            assert again[table][: len(kept[table])] == kept[table]
            assert len(again[table]) > len(kept[table]) + 10
            assert last_head(tmp_path, table) == len(again[table]) - 1
    finally:
        for watcher in watchers:
            await watcher.close()
        stopped(server)


async def until_line(process: subprocess.Popen[str]) -> str:
    """The next line the process prints (a test's timeout if it prints none)."""
    assert process.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 60)
    assert line, "the server exited"
    return line
