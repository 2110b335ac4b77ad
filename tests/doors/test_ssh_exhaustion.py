"""Nobody wears the SSH door out: connections capped per address and in total (the refused told
why in one line, the players already in still served), silent connections and logins without a
session closed on time, and what the door holds for one client bounded both ways (the app's
output towards a client that does not read, keys towards an app that does not read, window
changes coalesced). Real connections, small limits; every wait is on a condition."""

from __future__ import annotations

import asyncio
import resource
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from tests.doors.test_ssh_door import connect, key, read_until
from tui.doors import ssh
from tui.doors.ssh import TOO_MANY, TOO_MANY_FROM_YOU, Limits, Session, SSHDoor

WRITES_FOREVER = "import os\nwhile True: os.write(1, b'x' * 65536)"
SITS = "import time\nwhile True: time.sleep(60)"


@asynccontextmanager
async def door_with(tmp_path: Path, *, app: str = SITS, **limits: Any) -> AsyncIterator[SSHDoor]:
    door = SSHDoor(tmp_path / "door", port=0, limits=Limits(**limits),
                   command=[sys.executable, "-c", app])  # fmt: skip
    await door.start()
    try:
        yield door
    finally:
        await door.close()


async def until(condition: Callable[[], object], what: str, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.02)


async def silent(door: SSHDoor) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection that never says a word; back once the door has answered (it counts)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
    line = await asyncio.wait_for(reader.readline(), 30)
    assert line.startswith(b"SSH-2.0-"), line
    return reader, writer


async def closed(reader: asyncio.StreamReader, limit: float) -> bool:
    """Whether the door closes this connection within ``limit`` seconds."""
    try:
        async with asyncio.timeout(limit):
            while await reader.read(4096):
                pass
    except TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


async def refusal(door: SSHDoor) -> str:
    """What the door says to a login it refuses."""
    with pytest.raises(asyncssh.DisconnectError) as refused:
        async with connect(door, key()):  # type: ignore[attr-defined]
            pass
    return refused.value.reason


async def playing(door: SSHDoor, client_key: asyncssh.SSHKey) -> Session:
    """The door's session of ``client_key``, its app running."""
    await until(lambda: any(s.master is not None for s in door.sessions), "the app to start")
    return next(s for s in door.sessions if s.fingerprint == client_key.get_fingerprint("sha256"))


def named(door: SSHDoor, client_key: asyncssh.SSHKey) -> asyncssh.SSHKey:
    door.homes.for_key(client_key.get_fingerprint("sha256")).set_name("Ann")
    return client_key


class Sink(asyncssh.SSHClientSession[bytes]):
    """A client's terminal that keeps what it is sent."""

    def __init__(self) -> None:
        self.got = bytearray()

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.got += data


async def test_the_fourth_connection_from_one_address_is_refused_saying_why(
    tmp_path: Path,
) -> None:
    async with door_with(tmp_path, per_address=3, handshake=120) as door:
        held = [await silent(door) for _ in range(3)]
        assert TOO_MANY_FROM_YOU in await refusal(door)
        held.pop()[1].close()
        await until(lambda: len(door.connections) == 2, "the door to see one go")
        async with connect(door, key()):  # type: ignore[attr-defined]
            pass  # room again
        for _, writer in held:
            writer.close()


async def test_a_full_door_refuses_newcomers_and_still_serves_its_player(tmp_path: Path) -> None:
    async with (
        door_with(tmp_path, connections=3, handshake=120) as door,
        connect(door, key()) as conn,  # type: ignore[attr-defined]
    ):
        player = await conn.create_process(term_type="xterm", term_size=(80, 24))
        await read_until(player, "What name shall")
        held = [await silent(door) for _ in range(2)]
        assert TOO_MANY in await refusal(door)
        player.stdin.write("Ann")
        assert "Ann" in await read_until(player, "Ann")
        for _, writer in held:
            writer.close()


async def test_refusals_beyond_a_few_are_closed_at_once_with_the_line(tmp_path: Path) -> None:
    async with door_with(tmp_path, per_address=1, handshake=120) as door:
        let_in = await silent(door)
        told = await silent(door)  # refused: it would be told over SSH once it logs in
        reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
        line = await asyncio.wait_for(reader.readline(), 30)
        assert line.decode().strip() == TOO_MANY_FROM_YOU
        assert await closed(reader, 30)
        for _, w in (let_in, told, (reader, writer)):
            w.close()


async def test_a_connection_that_never_speaks_is_closed_after_the_handshake_time(
    tmp_path: Path,
) -> None:
    async with door_with(tmp_path, handshake=0.5) as door:
        reader, writer = await silent(door)
        assert await closed(reader, 15)  # not the 30 s of a login
        await until(lambda: not door.connections, "the door to forget it")
        writer.close()


async def test_a_login_that_opens_no_session_is_closed(tmp_path: Path) -> None:
    async with door_with(tmp_path, session_wait=0.5) as door:
        async with connect(door, key()) as conn:  # type: ignore[attr-defined]
            await asyncio.wait_for(conn.wait_closed(), 15)
        await until(lambda: not door.connections, "the door to forget it")


async def test_one_session_at_a_time_on_one_connection(tmp_path: Path) -> None:
    async with door_with(tmp_path) as door, connect(door, key()) as conn:  # type: ignore[attr-defined]
        first = await conn.create_process(term_type="xterm", term_size=(80, 24))
        await read_until(first, "What name shall")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", term_size=(80, 24))


async def test_a_client_whose_window_stays_shut_holds_no_more_than_the_buffer(
    tmp_path: Path,
) -> None:
    cap = 64 * 1024
    total = 4 * 1024 * 1024  # far beyond the client's window and the door's buffer
    app = f"import os, time\nos.write(1, b'x' * {total} + b'END')\ntime.sleep(600)"
    async with door_with(tmp_path, app=app, buffer=cap) as door:
        client_key = named(door, key())
        async with connect(door, client_key) as conn:  # type: ignore[attr-defined]
            chan, sink = await conn.create_session(
                Sink, term_type="xterm", term_size=(80, 24), encoding=None, window=cap
            )
            chan.pause_reading()  # the client takes nothing more: its window stays shut
            session = await playing(door, client_key)
            most = 0

            def stopped() -> bool:
                nonlocal most
                most = max(most, session.held())
                return not session.reading_app or most > 4 * cap

            await until(stopped, "the door to stop reading the app")
            assert most <= cap * 1.1, most  # a packet's framing over the buffer at most
            chan.resume_reading()  # and nothing was lost: it all comes once the client reads
            await until(lambda: sink.got.endswith(b"END"), "the app's whole output")
            assert sink.got.count(b"x") == total


async def test_a_client_that_never_reads_its_socket_holds_no_more_than_the_buffer(
    tmp_path: Path,
) -> None:
    cap = 64 * 1024
    async with door_with(tmp_path, app=WRITES_FOREVER, buffer=cap) as door:
        client_key = named(door, key())
        async with connect(door, client_key) as conn:  # type: ignore[attr-defined]
            await conn.create_session(
                Sink, term_type="xterm", term_size=(80, 24), encoding=None, window=1 << 30
            )  # a window that never shuts: what piles up is in the door's socket buffer
            conn._transport.pause_reading()  # the client stops reading its socket
            session = await playing(door, client_key)
            most = 0

            def stopped() -> bool:
                nonlocal most
                most = max(most, session.held())
                return not session.reading_app or most > 4 * cap

            await until(stopped, "the door to stop reading the app")
            assert most <= cap * 1.1, most
            conn.abort()


@pytest.mark.timeout(120)  # without the fix the door blocks in a write, and its loop with it
async def test_keys_an_app_does_not_read_wait_in_the_client(tmp_path: Path) -> None:
    async with door_with(tmp_path, buffer=64 * 1024) as door:
        client_key = named(door, key())
        async with connect(door, client_key) as conn:  # type: ignore[attr-defined]
            chan, _ = await conn.create_session(
                Sink, term_type="xterm", term_size=(80, 24), encoding=None
            )
            session = await playing(door, client_key)
            chan.write(b"k" * (4 * 1024 * 1024))  # the app (asleep) reads none of it
            await until(lambda: not session.reading_keys, "the door to stop taking keys")
            assert len(session._to_app) <= 64 * 1024
            conn.abort()


async def test_a_storm_of_window_changes_is_a_few_resizes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes: list[tuple[int, int]] = []
    real = ssh._set_size

    def counted(fd: int, size: tuple[int, int]) -> None:
        sizes.append(size)
        real(fd, size)

    monkeypatch.setattr(ssh, "_set_size", counted)
    async with door_with(tmp_path) as door:
        client_key = named(door, key())
        async with connect(door, client_key) as conn:  # type: ignore[attr-defined]
            chan, _ = await conn.create_session(
                Sink, term_type="xterm", term_size=(80, 24), encoding=None
            )
            await playing(door, client_key)
            sizes.clear()
            began = time.monotonic()
            for n in range(300):
                chan.change_terminal_size(81 + n % 50, 24 + n % 10)
            chan.change_terminal_size(120, 40)
            await until(lambda: sizes and sizes[-1] == (120, 40), "the last size")
            elapsed = time.monotonic() - began
            assert len(sizes) <= elapsed / ssh.RESIZE_GAP + 2, (len(sizes), elapsed)


async def test_the_door_may_open_every_file_it_is_allowed_and_caps_to_fit(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with door_with(tmp_path, connections=10**9) as door:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        assert hard == resource.RLIM_INFINITY or soft == hard
        assert door.limits.connections < 10**9
        assert ssh.descriptors_needed(door.limits) <= soft
        assert "connections at most" in caplog.text


def test_an_ipv6_host_is_one_address_by_its_64() -> None:
    assert ssh.address_of("2001:db8::1") == ssh.address_of("2001:db8::ffff:2")
    assert ssh.address_of("2001:db8::1") != ssh.address_of("2001:db8:0:1::1")
    assert ssh.address_of("::ffff:192.0.2.7") == "192.0.2.7"


def test_the_caps_are_flags_of_caldera_ssh_server_with_the_doors_defaults() -> None:
    from tui.cli import _parser

    words = ["ssh-server", "--connections", "7", "--per-address", "2"]
    args = _parser((), words).parse_args(words)
    assert (args.connections, args.per_address) == (7, 2)
    args = _parser((), ["ssh-server"]).parse_args(["ssh-server"])
    assert (args.connections, args.per_address) == (Limits.connections, Limits.per_address)
