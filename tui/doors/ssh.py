"""The SSH door (``caldera ssh-server``): ``ssh`` in and play, with nothing installed.

Each connection gets its own Caldera app in its own process, on a pseudo-terminal that follows
the client's window size, talking to the club's broker like any player. Nothing else is
offered: no shell, no exec, no forwarding of ports, agents or X11. Keys only, never passwords;
any key by default, or only those of an ``authorized_keys`` file. Each key is a lasting player
(:mod:`tui.doors.homes`): its identity, config and saved games; a new key is asked its name once.

Limits: a cap on sessions at once, one session per key (a new login of the same key ends the
old one, whose seats come along: a dropped connection the server still believes open is taken
over at once), an idle timeout; the host key is kept in the door's data folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import struct
import termios
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from tui.doors.homes import Home, Homes, app_command

log = logging.getLogger("caldera.doors")

HOST_KEY = "ssh_host_ed25519_key"


@dataclass(frozen=True)
class Limits:
    """What a door allows at once, and for how long a visitor may sit idle."""

    sessions: int = 20
    """apps running at once, all keys together"""
    idle: float = 1800.0
    """seconds without a key pressed before a session ends"""
    per_key: int = 1
    """sessions of one key at once; a login beyond it ends that key's oldest session"""


class SSHDoor:
    """The SSH server: owns its listener and every session's app process."""

    def __init__(
        self,
        data_dir: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 2222,
        broker: str | None = None,
        limits: Limits = Limits(),
        authorized_keys: Path | None = None,
        command: list[str] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.host = host
        self.port = port
        self.broker = broker
        self.limits = limits
        self.authorized_keys = authorized_keys
        self.command = command or app_command()
        self.homes = Homes(data_dir)
        self.sessions: list[Session] = []
        self._listener: Any = None

    def host_key(self) -> asyncssh.SSHKey:
        """The server's host key, made on first start and kept (0600) in the data folder."""
        path = self.data_dir / HOST_KEY
        if path.exists():
            return asyncssh.read_private_key(path)
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519")
        part = path.with_name(HOST_KEY + ".part")
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(key.export_private_key())
        os.replace(part, path)
        return key

    async def start(self) -> None:
        """Listen; ``port`` is the port it listens on afterwards (given 0: a free one)."""
        self._listener = await asyncssh.create_server(
            lambda: _Connection(self),
            self.host,
            self.port,
            server_host_keys=[self.host_key()],
            encoding=None,
            line_editor=False,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=30,
            keepalive_interval=30,
            keepalive_count_max=4,
        )
        self.port = self._listener.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop listening and end every session (their apps with them)."""
        if self._listener is not None:
            self._listener.close()
            await self._listener.wait_closed()
        await asyncio.gather(*(s.end("The server is going down.") for s in list(self.sessions)))

    def accepts(self, key: asyncssh.SSHKey, peer: str) -> bool:
        """Whether ``key`` may log in from ``peer``: any key, or those of the
        ``authorized_keys`` file (read at each login, so an edit counts at once)."""
        if self.authorized_keys is None:
            return True
        try:
            allowed = asyncssh.read_authorized_keys(str(self.authorized_keys))
        except (OSError, ValueError) as exc:
            log.warning("%s: %s; no key is let in", self.authorized_keys, exc)
            return False
        return allowed.validate(key, peer, peer) is not None

    async def admit(self, session: Session) -> str | None:
        """Take ``session`` in, or say why not: the door is full. A key at its own cap ends
        its oldest session first (and waits until that app is gone, so the identity and the
        seats it held come to this one)."""
        own = [s for s in self.sessions if s.fingerprint == session.fingerprint]
        while len(own) >= self.limits.per_key:
            oldest = own.pop(0)
            await oldest.end("This key logged in again elsewhere: the game goes on there.")
        if len(self.sessions) >= self.limits.sessions:
            return f"The door is full ({self.limits.sessions} players): try again later."
        self.sessions.append(session)
        return None


class _Connection(asyncssh.SSHServer):
    """One client connection: public keys only, sessions only."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.key: asyncssh.SSHKey | None = None
        self.peer = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else ""

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if not self.door.accepts(key, self.peer):
            return False
        self.key = key  # the signed request comes last: the key that logs in
        return True

    def session_requested(self) -> Session | bool:
        if self.key is None:
            return False
        return Session(self.door, self.key.get_fingerprint("sha256"))

    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class Session(asyncssh.SSHServerSession[bytes]):
    """One visit: asks a new key's name, then runs the app on a pseudo-terminal."""

    def __init__(self, door: SSHDoor, fingerprint: str) -> None:
        self.door = door
        self.fingerprint = fingerprint
        self.home: Home = door.homes.for_key(fingerprint)
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.process: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.typed: str | None = None  # the name being typed, while asking
        self.last_input = time.monotonic()
        self._tasks: list[asyncio.Task[Any]] = []
        self._ended = False

    # -- asyncssh's calls -------------------------------------------------------------------

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.has_pty = True
        self.term = term_type or self.term
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        self._spawn(self._begin())

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.typed is not None:
            self._type(data)
        elif self.master is not None:
            with contextlib.suppress(OSError):
                os.write(self.master, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.master is not None:
                _set_size(self.master, self.size)

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._spawn(self.end(None))

    # -- the visit ---------------------------------------------------------------------------

    def _spawn(self, coro: Any) -> None:
        self._tasks.append(asyncio.get_running_loop().create_task(coro))

    def _write(self, text: str) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.write(text.replace("\n", "\r\n").encode())

    async def _begin(self) -> None:
        if not self.has_pty:
            self._write("Caldera is played in a terminal: ssh -t, without a command.\n")
            self._finish(1)
            return
        refused = await self.door.admit(self)
        if refused is not None:
            self._write(refused + "\n")
            self._finish(1)
            return
        self._spawn(self._watch_idle())
        if self.home.name() is None:
            self._write(
                "Welcome to Caldera. This key is new here\n"
                f"({self.fingerprint}).\n"
                "What name shall the other players see? "
            )
            self.typed = ""
            return
        await self._start_app()

    def _type(self, data: bytes) -> None:
        """A key while asking the name: letters, backspace, enter; ctrl-c or ctrl-d leave."""
        assert self.typed is not None
        for char in data.decode("utf-8", "replace"):
            if char in "\r\n":
                try:
                    self.home.set_name(self.typed)
                except ValueError as exc:
                    self._write(f"\n{exc}. What name shall the others see? ")
                    self.typed = ""
                    continue
                self.typed = None
                self._write("\n")
                self._spawn(self._start_app())
                return
            if char in "\x03\x04":
                self._write("\nBye.\n")
                self._finish(0)
                return
            if char in "\x7f\x08":
                if self.typed:
                    self.typed = self.typed[:-1]
                    self._write("\b \b")
            elif char.isprintable() and len(self.typed) < 40:
                self.typed += char
                self._write(char)

    async def _start_app(self) -> None:
        master, slave = os.openpty()
        _set_size(master, self.size)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.door.command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.home.environment(self.door.broker, self.term),
                cwd=self.home.folder,
                start_new_session=True,
                preexec_fn=_take_terminal,
            )
        except OSError as exc:
            os.close(master)
            self._write(f"The app could not start: {exc}\n")
            self._finish(1)
            return
        finally:
            os.close(slave)
        self.master = master
        asyncio.get_running_loop().add_reader(master, self._from_app)
        log.info("%s (%s) plays", self.home.name(), self.fingerprint)
        code = await self.process.wait()
        self._stop_reading()
        self._finish(code)

    def _from_app(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            self._stop_reading()
            return
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.write(data)

    def _stop_reading(self) -> None:
        if self.master is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    async def _watch_idle(self) -> None:
        idle = self.door.limits.idle
        while not self._ended:
            left = self.last_input + idle - time.monotonic()
            if left <= 0:
                minutes = f"{idle / 60:g} minutes" if idle >= 60 else f"{idle:g} seconds"
                await self.end(f"No key pressed for {minutes}: the session ends.")
                return
            await asyncio.sleep(min(left, 60))

    def _finish(self, code: int) -> None:
        """The visit is over: close the channel with the app's exit status."""
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.exit(code)
        self._ended = True
        if self in self.door.sessions:
            self.door.sessions.remove(self)

    async def end(self, why: str | None) -> None:
        """End the visit (``why``: said to the player first): the app gets a hangup, as a
        terminal's app does when the terminal goes, and is killed if it does not go."""
        if why is not None and self.master is not None:
            self._stop_reading()
            self._write(f"\x1b[?1049l\x1b[0m\n{why}\n")
        elif why is not None:
            self._write(f"\n{why}\n")
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGHUP)
            try:
                async with asyncio.timeout(5):
                    await process.wait()
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                await process.wait()
        self._stop_reading()
        self._finish(1 if why else 0)


def _set_size(fd: int, size: tuple[int, int]) -> None:
    """Give the pseudo-terminal this many columns and rows (its app gets SIGWINCH)."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))


def _take_terminal() -> None:
    """In the app's process, before it runs: make the pseudo-terminal its controlling
    terminal (a hangup and window size changes reach it)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
