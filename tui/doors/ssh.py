"""The SSH door (``caldera ssh-server``): ``ssh`` in and play, with nothing installed.

Each connection gets its own Caldera app in its own process, on a pseudo-terminal that follows
the client's window size, talking to the club's broker like any player. Nothing else is
offered: no shell, no exec, no forwarding of ports, agents or X11. Keys only, never passwords;
any key by default, or only those of an ``authorized_keys`` file. Each key is a lasting player
(:mod:`tui.doors.homes`): its identity, config and saved games; a new key is asked its name once.

Limits: a cap on sessions at once, one session per key (a new login of the same key ends the
old one, whose seats come along: a dropped connection the server still believes open is taken
over at once), an idle timeout; the host key is kept in the door's data folder.

Nobody wears the door out: connections are capped per address and in total (the refused are
told so in one line), a connection must ask to log in within seconds and open its session
within seconds of logging in, and what the door holds for one connection is bounded both ways:
the app's output waits in its terminal while a client does not read (and the client's keys
wait in the client while the app does not read), window changes are applied at most ten times
a second, and a client that leaves replies unread is dropped. The caps leave room, in the
process's open files, for the players already in.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import ipaddress
import logging
import os
import resource
import signal
import struct
import termios
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import asyncssh

from core import language
from core.language import N_, Translator
from tui.doors.homes import Home, Homes, app_command

T = Translator("net")
_ = T.gettext

log = logging.getLogger("caldera.doors")

HOST_KEY = "ssh_host_ed25519_key"

TOO_MANY_FROM_YOU = N_("Too many connections from your address; try again later.")
TOO_MANY = N_("Too many connections to this server; try again later.")
SPEAKS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""the client's variables the door reads its player's language from (OpenSSH sends ``LANG`` and
``LC_*`` where its config says ``SendEnv``); nothing else a client sends reaches the app"""

REFUSALS = 32
"""refused connections told why at once (each is a short key exchange); more are closed unsaid"""
SPARE_FILES = 64
"""open files the door keeps for itself: its listener, logs, an embedded broker's own"""
FILES_PER_SESSION = 4
"""open files one player's session may take: its terminal, its app's broker connection, spare"""
RESIZE_GAP = 0.1
"""seconds between two window sizes given to an app: a storm of resizes is one redraw a tick"""
DROP_AT = 4
"""a connection whose unsent bytes pass ``DROP_AT`` times the buffer (replies it never reads) is
dropped"""


@dataclass(frozen=True)
class Limits:
    """What a door allows at once, and for how long a visitor may sit idle."""

    sessions: int = 20
    """apps running at once, all keys together"""
    idle: float = 1800.0
    """seconds without a key pressed before a session ends"""
    per_key: int = 1
    """sessions of one key at once; a login beyond it ends that key's oldest session"""
    connections: int = 100
    """connections at once, players and logins under way together"""
    per_address: int = 10
    """connections at once from one address (an IPv6 /64 is one address)"""
    handshake: float = 10.0
    """seconds from connecting until the client asks to log in"""
    login: float = 30.0
    """seconds from connecting until the login is done"""
    session_wait: float = 10.0
    """seconds a logged-in connection may go without a session (after its login, after its
    session ends) before it is closed"""
    buffer: int = 256 * 1024
    """bytes the door holds for one connection: the app's output a client has not taken yet
    (beyond it the app waits), and the keys its app has not taken yet"""


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
        self.connections: list[_Connection] = []
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
        """Listen; ``port`` is the port it listens on afterwards (given 0: a free one). The
        process may open as many files as the system lets it, and the cap on connections is
        lowered, saying so, if the players' sessions would not fit beside it."""
        files = raise_open_files()
        room = files - descriptors_needed(replace(self.limits, connections=0))
        if self.limits.connections > room:
            if room < self.limits.sessions:
                raise OSError(
                    _(
                        "{sessions} sessions need about {needed} open files; this system "
                        "allows {files} (ulimit -n)"
                    ).format(
                        sessions=self.limits.sessions,
                        needed=descriptors_needed(self.limits),
                        files=files,
                    )
                )
            log.warning(
                "%d connections at most, not %d: this system allows %d open files (ulimit -n)",
                room, self.limits.connections, files,
            )  # fmt: skip
            self.limits = replace(self.limits, connections=room)
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
            login_timeout=self.limits.login,
            window=self.limits.buffer,
            keepalive_interval=30,
            keepalive_count_max=4,
        )
        self.port = self._listener.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop listening and end every session (their apps with them)."""
        if self._listener is not None:
            self._listener.close()
            await self._listener.wait_closed()
        down = N_("The server is going down.")
        await asyncio.gather(*(s.end(s.say(down)) for s in list(self.sessions)))
        for connection in list(self.connections):
            connection.close()

    def knock(self, connection: _Connection) -> str | None:
        """Why ``connection``, just made, is refused, or None: its address or the door has
        too many connections already (the refused do not count)."""
        let_in = [c for c in self.connections if c.refused is None]
        if sum(c.address == connection.address for c in let_in) >= self.limits.per_address:
            return _(TOO_MANY_FROM_YOU)
        if len(let_in) >= self.limits.connections:
            return _(TOO_MANY)
        return None

    def may_explain(self, connection: _Connection) -> bool:
        """Whether a refused ``connection`` is told why over SSH (a key exchange, then the
        line), or closed at once: few refusals at a time, from one address and in all."""
        refused = [c for c in self.connections if c.refused is not None and c is not connection]
        from_there = sum(c.address == connection.address for c in refused)
        return len(refused) < REFUSALS and from_there < self.limits.per_address

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
            again = N_("This key logged in again elsewhere: the game goes on there.")
            await oldest.end(oldest.say(again))
        if len(self.sessions) >= self.limits.sessions:
            with language.speaking(session.speaks):
                return T.ngettext(
                    "The door is full ({n} player): try again later.",
                    "The door is full ({n} players): try again later.",
                    self.limits.sessions,
                ).format(n=self.limits.sessions)
        self.sessions.append(session)
        return None


class _Connection(asyncssh.SSHServer):
    """One client connection: public keys only, one session at a time, on time."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.key: asyncssh.SSHKey | None = None
        self.peer = ""
        self.address = ""
        self.conn: asyncssh.SSHServerConnection | None = None
        self.refused: str | None = None
        self.session: Session | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._watch: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else ""
        self.address = address_of(self.peer)
        self.refused = self.door.knock(self)
        self.door.connections.append(self)
        loop = asyncio.get_running_loop()
        if self.refused is not None and not self.door.may_explain(self):
            # No key exchange spent on it: the line goes before the SSH version, unencrypted
            # (a client shows it at best in its debug output), and the connection is closed.
            transport = _transport(conn)
            if transport is not None:
                transport.write(self.refused.encode() + b"\r\n")
            loop.call_soon(conn.abort)
            return
        limit = self.door.limits.handshake
        # TRANSLATORS: {seconds} is a number, perhaps with a fraction
        why = _("No login within {seconds} seconds.").format(seconds=f"{limit:g}")
        self._timer = loop.call_later(limit, self._close, why)
        self._watch = loop.call_later(1.0, self._watch_unsent)

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self._timer, self._watch):
            if timer is not None:
                timer.cancel()
        self._timer = self._watch = None
        if self in self.door.connections:
            self.door.connections.remove(self)
        self.conn = None

    def begin_auth(self, username: str) -> bool:
        if self.refused is not None:
            self._close(self.refused, asyncssh.DISC_TOO_MANY_CONNECTIONS)
            return True
        if self._timer is not None:
            self._timer.cancel()  # the login's own timeout (asyncssh's) runs on
            self._timer = None
        return True

    def auth_completed(self) -> None:
        self._await_session()

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
        if self.key is None or self.session is not None:
            return False  # one session at a time on one connection
        self.session = Session(self.door, self.key.get_fingerprint("sha256"), self)
        return self.session

    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False

    # -- the door's side -----------------------------------------------------------------------

    def session_started(self) -> None:
        """The session asked for its shell: the connection is in use."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def session_over(self, session: Session) -> None:
        """``session`` is done: the connection may open another soon, or is closed."""
        if self.session is session:
            self.session = None
            self._await_session()

    def _await_session(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self.conn is None:
            return
        wait = self.door.limits.session_wait
        why = _("No session opened within {seconds} seconds.").format(seconds=f"{wait:g}")
        self._timer = asyncio.get_running_loop().call_later(wait, self._close, why)

    def unsent(self) -> int:
        """Bytes written to this connection that its socket has not taken yet."""
        transport = _transport(self.conn) if self.conn is not None else None
        return transport.get_write_buffer_size() if transport is not None else 0

    def check_unsent(self) -> None:
        """Drop a client that leaves far more than the buffer unread: only replies it asked
        for and never reads get there (the app's output waits in its terminal first)."""
        if self.conn is not None and self.unsent() > DROP_AT * self.door.limits.buffer:
            log.warning("%s: dropped, it does not read what it is sent", self.peer)
            self.conn.abort()

    def _watch_unsent(self) -> None:
        self._watch = None
        self.check_unsent()
        if self.conn is not None:
            self._watch = asyncio.get_running_loop().call_later(1.0, self._watch_unsent)

    def _close(self, why: str, code: int = asyncssh.DISC_BY_APPLICATION) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.conn is not None:
            self.conn.disconnect(code, why)

    def close(self) -> None:
        """End the connection (its session, if any, already ended)."""
        if self.conn is not None:
            self.conn.close()


class Session(asyncssh.SSHServerSession[bytes]):
    """One visit: asks a new key's name, then runs the app on a pseudo-terminal."""

    def __init__(self, door: SSHDoor, fingerprint: str, connection: _Connection) -> None:
        self.door = door
        self.fingerprint = fingerprint
        self.connection = connection
        self.home: Home = door.homes.for_key(fingerprint)
        self.speaks = language.current()  # the door's, until the client says its own
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.process: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.typed: str | None = None  # the name being typed, while asking
        self.last_input = time.monotonic()
        self.reading_app = False  # the door reads the app's terminal (not while the client lags)
        self.reading_keys = True  # the door takes the client's keys (not while the app lags)
        self._to_app = b""  # keys the app's terminal has not taken yet
        self._behind = False  # the client has not taken the buffer's worth yet
        self._poll: asyncio.TimerHandle | None = None
        self._resize: asyncio.TimerHandle | None = None
        self._resized = 0.0
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
        self.connection.session_started()
        with contextlib.suppress(Exception):
            sent = self.chan.get_environment()
            asked = language.from_environment({k: sent[k] for k in SPEAKS if k in sent})
            self.speaks = asked or self.speaks
        self._spawn(self._begin())

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.typed is not None:
            self._type(data)
        elif self.master is not None:
            self._to_app += data
            self._give_keys()
        self._flow()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.master is not None and self._resize is None:
                wait = self._resized + RESIZE_GAP - time.monotonic()
                self._resize = asyncio.get_running_loop().call_later(max(wait, 0), self._apply_size)
        self.connection.check_unsent()

    def resume_writing(self) -> None:
        self._flow()

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._spawn(self.end(None))

    # -- the visit ---------------------------------------------------------------------------

    def _spawn(self, coro: Any) -> None:
        self._tasks.append(asyncio.get_running_loop().create_task(coro))

    def say(self, message: str, **values: object) -> str:
        """``message`` (marked for the net catalogue) in this player's language, filled in."""
        with language.speaking(self.speaks):
            return _(message).format(**values)

    def _write(self, text: str) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.write(text.replace("\n", "\r\n").encode())

    # -- what the door holds for the client, both ways ---------------------------------------

    def held(self) -> int:
        """Bytes the door holds for this client: the channel's unsent output (beyond what the
        client's window lets through) and what the connection's socket has not taken."""
        held = 0
        if self.chan is not None:
            with contextlib.suppress(Exception):
                held = self.chan.get_write_buffer_size()
        held += self.connection.unsent()
        return held

    def _flow(self) -> None:
        """Read the app's terminal only while the client takes what it is sent (the app then
        waits, its output in its terminal), and the client's keys only while the app takes
        them (the client then waits, its keys in its SSH window): nothing piles up here."""
        if self._ended or self.chan is None:
            return
        limit = self.door.limits.buffer
        held = self.held()
        self._behind = held > limit // 2 if self._behind else held >= limit
        reading_app = self.master is not None and not self._behind
        if reading_app != self.reading_app and self.master is not None:
            loop = asyncio.get_running_loop()
            if reading_app:
                loop.add_reader(self.master, self._from_app)
            else:
                loop.remove_reader(self.master)
            self.reading_app = reading_app
        reading_keys = not self._behind and not self._to_app
        if reading_keys != self.reading_keys:
            with contextlib.suppress(Exception):
                if reading_keys:
                    self.chan.resume_reading()
                else:
                    self.chan.pause_reading()
            self.reading_keys = reading_keys
        if self._behind and self._poll is None:  # the socket's side says nothing when it drains
            self._poll = asyncio.get_running_loop().call_later(0.05, self._polled)

    def _polled(self) -> None:
        self._poll = None
        self._flow()
        self.connection.check_unsent()

    def _give_keys(self) -> None:
        """Write the client's keys to the app's terminal, as much as it takes now."""
        if self.master is None:
            self._to_app = b""
            return
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self.master, self._to_app) if self._to_app else 0
        except BlockingIOError:
            written = 0
        except OSError:  # the app is gone
            written = len(self._to_app)
        self._to_app = self._to_app[written:]
        if self._to_app:
            loop.add_writer(self.master, self._keys_taken)
        else:
            loop.remove_writer(self.master)

    def _keys_taken(self) -> None:
        self._give_keys()
        self._flow()

    def _apply_size(self) -> None:
        self._resize = None
        self._resized = time.monotonic()
        if self.master is not None:
            _set_size(self.master, self.size)

    async def _begin(self) -> None:
        if not self.has_pty:
            self._write(self.say(N_("Caldera is played in a terminal: ssh -t, without a command.")))
            self._write("\n")
            self._finish(1)
            return
        refused = await self.door.admit(self)
        if refused is not None:
            self._write(refused + "\n")
            self._finish(1)
            return
        self._spawn(self._watch_idle())
        if self.home.name() is None:
            # TRANSLATORS: three lines; the player types the name after the last one's space
            welcome = N_(
                "Welcome to Caldera. This key is new here\n"
                "({fingerprint}).\n"
                "What name shall the other players see? "
            )
            self._write(self.say(welcome, fingerprint=self.fingerprint))
            self.typed = ""
            return
        await self._start_app()

    def _type(self, data: bytes) -> None:
        """A key while asking the name: letters, backspace, enter; ctrl-c or ctrl-d leave."""
        assert self.typed is not None
        for char in data.decode("utf-8", "replace"):
            if char in "\r\n":
                try:
                    with language.speaking(self.speaks):
                        self.home.set_name(self.typed)
                except ValueError as exc:
                    again = N_("{why}. What name shall the others see? ")
                    self._write("\n" + self.say(again, why=exc))
                    self.typed = ""
                    continue
                self.typed = None
                self._write("\n")
                self._spawn(self._start_app())
                return
            if char in "\x03\x04":
                self._write("\n" + self.say(N_("Bye.")) + "\n")
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
                env=self.home.environment(self.door.broker, self.term, self.speaks),
                cwd=self.home.folder,
                start_new_session=True,
                preexec_fn=_take_terminal,
            )
        except OSError as exc:
            os.close(master)
            self._write(self.say(N_("The app could not start: {why}"), why=exc) + "\n")
            self._finish(1)
            return
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._resized = time.monotonic()
        self._flow()
        log.info("%s (%s) plays", self.home.name(), self.fingerprint)
        code = await self.process.wait()
        self._stop_reading()
        self._finish(code)

    def _from_app(self) -> None:
        assert self.master is not None
        room = self.door.limits.buffer - self.held()
        if room <= 0:
            self._flow()
            return
        try:
            data = os.read(self.master, min(65536, room))
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            self._stop_reading()
            return
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.write(data)
        self._flow()

    def _stop_reading(self) -> None:
        for timer in (self._poll, self._resize):
            if timer is not None:
                timer.cancel()
        self._poll = self._resize = None
        if self.master is not None:
            loop = asyncio.get_running_loop()
            with contextlib.suppress(Exception):
                loop.remove_reader(self.master)
            with contextlib.suppress(Exception):
                loop.remove_writer(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None
            self.reading_app = False
            self._to_app = b""

    def idle_words(self, idle: float) -> str:
        """Why a session idle for ``idle`` seconds ends, in this player's language."""
        idle = float(idle)
        with language.speaking(self.speaks):
            if idle >= 60:
                minutes = idle / 60
                return T.ngettext(
                    "No key pressed for {n} minute: the session ends.",
                    "No key pressed for {n} minutes: the session ends.",
                    int(minutes) if minutes.is_integer() else 2,
                ).format(n=f"{minutes:g}")
            return T.ngettext(
                "No key pressed for {n} second: the session ends.",
                "No key pressed for {n} seconds: the session ends.",
                int(idle) if idle.is_integer() else 2,
            ).format(n=f"{idle:g}")

    async def _watch_idle(self) -> None:
        idle = self.door.limits.idle
        while not self._ended:
            left = self.last_input + idle - time.monotonic()
            if left <= 0:
                await self.end(self.idle_words(idle))
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
        self.connection.session_over(self)

    async def end(self, why: str | None) -> None:
        """End the visit (``why``: said to the player first, in their language, :meth:`say`):
        the app gets a hangup, as a terminal's app does when the terminal goes, and is killed if
        it does not go."""
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


def address_of(peer: str) -> str:
    """The address the per-address cap counts ``peer`` under: an IPv4 address, or an IPv6
    address's /64 (one host's usual share)."""
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return peer
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def descriptors_needed(limits: Limits) -> int:
    """Open files the door may need at its limits: every connection, the refusals told why,
    each player's session, the door's own."""
    return limits.connections + REFUSALS + FILES_PER_SESSION * limits.sessions + SPARE_FILES


def raise_open_files() -> int:
    """Let this process open as many files as the system allows (the soft limit up to the
    hard one); how many that is."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY:
        return want
    if soft >= want:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ValueError, OSError):
        return soft
    return want


def _transport(conn: Any) -> asyncio.WriteTransport | None:
    """The socket transport under an asyncssh connection: asyncssh keeps it to itself, and
    its write buffer is what a client that does not read leaves in the door's memory."""
    transport = getattr(conn, "_transport", None)
    return transport if isinstance(transport, asyncio.WriteTransport) else None
