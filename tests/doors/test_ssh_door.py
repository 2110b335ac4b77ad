"""The SSH door's rules, with asyncssh's client: keys only (passwords refused), only a shell
on a terminal (no exec, no forwarding), an authorized_keys file when given, one session per
key, a cap on players and an idle timeout; the host key is kept. The whole game over the real
OpenSSH client is tests/terminal/tmux_ssh.sh."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from tests.kit.doors import plain
from tui.doors.ssh import HOST_KEY, Limits, SSHDoor


@pytest.fixture
async def door(tmp_path: Path) -> AsyncIterator[SSHDoor]:
    door = SSHDoor(tmp_path / "door", port=0, limits=Limits(sessions=2, idle=60))
    await door.start()
    yield door
    await door.close()


def key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def connect(door: SSHDoor, client_key: asyncssh.SSHKey | None, **extra: object) -> object:
    return asyncssh.connect(
        "127.0.0.1", door.port, username="player", known_hosts=None,
        client_keys=[client_key] if client_key else [], agent_path=None, **extra,
    )  # fmt: skip


async def read_until(process: asyncssh.SSHClientProcess[str], text: str) -> str:
    seen = ""
    while text not in plain(seen):
        chunk = await asyncio.wait_for(process.stdout.read(4096), 30)
        if not chunk:
            break
        seen += chunk
    return seen


async def test_passwords_are_refused(door: SSHDoor) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(door, None, password="secret"):  # type: ignore[attr-defined]
            pass


async def test_only_a_shell_on_a_terminal(door: SSHDoor) -> None:
    async with connect(door, key()) as conn:  # type: ignore[attr-defined]
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("ls /")  # no exec
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()  # no subsystem
        shell = await conn.create_process()  # no terminal asked for
        said = await read_until(shell, "terminal")
        assert "Caldera is played in a terminal" in said


async def test_a_new_key_is_asked_its_name_then_the_door_counts_it(door: SSHDoor) -> None:
    first, second, third = key(), key(), key()
    async with connect(door, first) as a, connect(door, second) as b:  # type: ignore[attr-defined]
        pa = await a.create_process(term_type="xterm", term_size=(80, 24))
        assert first.get_fingerprint() in await read_until(pa, "What name shall")
        pb = await b.create_process(term_type="xterm", term_size=(80, 24))
        await read_until(pb, "What name shall")
        async with connect(door, third) as c:  # type: ignore[attr-defined]
            pc = await c.create_process(term_type="xterm", term_size=(80, 24))
            assert "The door is full (2 players)" in await read_until(pc, "full")
        again = await connect(door, first)  # type: ignore[misc]
        p2 = await again.create_process(term_type="xterm", term_size=(80, 24))
        assert "logged in again elsewhere" in await read_until(pa, "elsewhere")
        await read_until(p2, "What name shall")
        again.close()
    assert (door.data_dir / HOST_KEY).stat().st_mode & 0o777 == 0o600


async def test_only_the_authorized_keys_come_in(tmp_path: Path) -> None:
    allowed, other = key(), key()
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(allowed.export_public_key())
    door = SSHDoor(tmp_path / "door", port=0, authorized_keys=keys)
    await door.start()
    try:
        async with connect(door, allowed):  # type: ignore[attr-defined]
            pass
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(door, other):  # type: ignore[attr-defined]
                pass
    finally:
        await door.close()


async def test_an_idle_session_ends_saying_why(tmp_path: Path) -> None:
    door = SSHDoor(tmp_path / "door", port=0, limits=Limits(idle=1))
    await door.start()
    try:
        async with connect(door, key()) as conn:  # type: ignore[attr-defined]
            process = await conn.create_process(term_type="xterm", term_size=(80, 24))
            said = await read_until(process, "the session ends")
            assert "No key pressed for 1 second:" in said
            await asyncio.wait_for(process.wait_closed(), 10)
    finally:
        await door.close()


async def test_each_player_reads_the_door_and_the_menu_in_their_own_language(
    door: SSHDoor,
) -> None:
    """Two players at once, one German, one French (the LANG their client sends): each is asked
    its name, then sees the menu, in its own language."""
    german, french = key(), key()
    async with connect(door, german) as a, connect(door, french) as b:  # type: ignore[attr-defined]
        pa = await a.create_process(
            term_type="xterm", term_size=(80, 24), env={"LANG": "de_DE.UTF-8"}
        )
        pb = await b.create_process(
            term_type="xterm", term_size=(80, 24), env={"LC_ALL": "fr_FR.UTF-8", "FOO": "x"}
        )
        await read_until(pa, "Welchen Namen sollen die anderen sehen?")
        await read_until(pb, "Quel nom les autres joueurs verront-ils ?")
        pa.stdin.write("\r")  # no name: asked again, in German
        await read_until(pa, "ein Name braucht mindestens einen Buchstaben.")
        pa.stdin.write("Anna\r")
        pb.stdin.write("Brigitte\r")
        shown_a = plain(await read_until(pa, "Neues Spiel hier"))
        shown_b = plain(await read_until(pb, "Nouvelle partie"))
        assert "Nouvelle partie" not in shown_a and "New local game" not in shown_a
        assert "Neues Spiel hier" not in shown_b and "New local game" not in shown_b
    homes = sorted((door.data_dir / "keys").glob("*/config/config.toml"))
    assert len(homes) == 2 and all("language" not in home.read_text() for home in homes)
