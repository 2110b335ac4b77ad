"""What wears the SSH door out (issue 48), against a door in its own process:

1. **A client that never reads**: it logs in, its app writes without end, and it reads nothing
   from its socket (with a window that never shuts, the worst case), while it sends window
   changes 250 times a second. Printed: the door's memory (VmRSS) at the start and every few
   seconds.
2. **Silent connections**: ``--silent N`` TCP connections from 127.0.0.2 that never say a word,
   then a newcomer logs in from 127.0.0.1. Printed: whether it got in and how long it took.

The door may open ``--files`` files (soft and hard limit, 1,024 by default: nothing to raise).
``--door FILE`` loads the door from another ``tui/doors/ssh.py`` (e.g. the code before the
fix: ``git show ab798b1:tui/doors/ssh.py > /tmp/ssh_before.py``) to compare.

    .venv/bin/python bench/ssh_exhaustion.py [--seconds 30] [--silent 1100] [--door FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
WRITES_FOREVER = "import os\nwhile True: os.write(1, b'x' * 65536)"


def serve(door_file: str | None, folder: str) -> None:
    """The door's process: listen on a free port, print it, serve until killed."""
    sys.path.insert(0, str(ROOT))
    if door_file:
        spec = importlib.util.spec_from_file_location("door_under_test", door_file)
        assert spec is not None and spec.loader is not None
        ssh: Any = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = ssh
        spec.loader.exec_module(ssh)
    else:
        from tui.doors import ssh

    async def main() -> None:
        door = ssh.SSHDoor(Path(folder), port=0, command=[sys.executable, "-c", WRITES_FOREVER])
        await door.start()
        print(door.port, flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def connect(port: int, client_key: asyncssh.SSHKey, **extra: Any) -> Any:
    return asyncssh.connect("127.0.0.1", port, username="bench", known_hosts=None,
                            client_keys=[client_key], agent_path=None, **extra)  # fmt: skip


async def never_reads(port: int, pid: int, seconds: float) -> None:
    client_key = asyncssh.generate_private_key("ssh-ed25519")
    async with connect(port, client_key) as conn:
        chan, _ = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm",
                                            term_size=(80, 24), window=1 << 30,
                                            encoding=None)  # fmt: skip
        chan.write(b"Bench\r")  # its name, asked once: then the app runs
        await asyncio.sleep(1)
        conn._transport.pause_reading()  # from now on the client reads nothing
        start = time.monotonic()
        print(f"  0 s: door {rss_mb(pid):6.1f} MB")
        step, n = 5.0, 0
        while (elapsed := time.monotonic() - start) < seconds:
            chan.change_terminal_size(80 + n % 40, 24 + n % 10)
            n += 1
            await asyncio.sleep(0.004)
            if elapsed >= step:
                print(f"{step:3.0f} s: door {rss_mb(pid):6.1f} MB ({n} window changes)")
                step += 5
        conn.abort()


async def silent_then_newcomer(port: int, pid: int, count: int) -> None:
    loop = asyncio.get_running_loop()
    silent: list[socket.socket] = []

    async def one() -> bool:
        """A silent connection; whether the door answered it (its SSH version, or a refusal)."""
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind(("127.0.0.2", 0))
        silent.append(sock)
        try:
            async with asyncio.timeout(3):
                await loop.sock_connect(sock, ("127.0.0.1", port))
                return bool(await loop.sock_recv(sock, 256))
        except (TimeoutError, OSError):
            return False

    answered = 0
    for batch in range(0, count, 100):  # a flood as fast as the door takes it
        answered += sum(await asyncio.gather(*(one() for _ in range(min(100, count - batch)))))
    held = len(list(Path(f"/proc/{pid}/fd").iterdir()))
    said = f"{count} silent connections from 127.0.0.2, {answered} answered (door: {held} files)"
    client_key = asyncssh.generate_private_key("ssh-ed25519")
    start = time.monotonic()
    try:
        async with asyncio.timeout(20):
            async with connect(port, client_key) as conn:
                process = await conn.create_process(term_type="xterm", term_size=(80, 24))
                seen = ""
                while "What name" not in seen:
                    seen += await process.stdout.read(4096)
        print(f"{said}: a newcomer asked its name in {(time.monotonic() - start) * 1000:.0f} ms")
    except (TimeoutError, OSError, asyncssh.Error) as exc:
        waited = time.monotonic() - start
        print(f"{said}: a newcomer not in after {waited:.1f} s ({type(exc).__name__})")
    for sock in silent:
        sock.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--silent", type=int, default=1100)
    p.add_argument("--door", default=None, help="another ssh.py to load the door from")
    p.add_argument("--files", type=int, default=1024,
                   help="the door's open files, soft and hard limit (default 1024)")  # fmt: skip
    p.add_argument("--serve", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve:
        serve(args.serve[0] or None, args.serve[1])
        return
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # our side's silent sockets
    for scenario in ("never reads", "silent"):
        with tempfile.TemporaryDirectory() as folder:
            door = subprocess.Popen(
                [sys.executable, __file__, "--serve", args.door or "", folder],
                stdout=subprocess.PIPE, text=True,
                preexec_fn=lambda: resource.setrlimit(
                    resource.RLIMIT_NOFILE, (args.files, args.files)
                ),
            )  # fmt: skip
            try:
                assert door.stdout is not None
                port = int(door.stdout.readline())
                print(f"the door ({args.door or 'this code'}), {scenario}:")
                if scenario == "never reads":
                    asyncio.run(never_reads(port, door.pid, args.seconds))
                else:
                    asyncio.run(silent_then_newcomer(port, door.pid, args.silent))
            finally:
                door.kill()
                door.wait()


if __name__ == "__main__":
    main()
