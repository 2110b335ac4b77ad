"""The browser door (``caldera web``): the app in a browser tab, with ``textual-serve``.

Each browser session gets its own app process. A browser keeps its identity between visits: the
first page it loads gives it a token (a cookie only this site reads, never sent to another),
and the token names its home (:mod:`tui.doors.homes`): identity, config, saved games. It listens
on 127.0.0.1 unless told otherwise. For a public club put it behind a reverse proxy with TLS and
a login: whoever holds a browser's token plays as that browser.

What one visitor can hold is bounded (:class:`WebLimits`): apps at once, websockets per address
and in all, the size of one message, the time without a key, the time a browser may leave
unread what it was sent. A refused websocket starts no app and leaves nothing on disk; an ended
one takes its app with it (its whole process group: quit, then terminate, then kill), and a
home that a visit made and left empty is removed. The door's apps end with the door.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import os
import secrets
import shlex
import shutil
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from core import language
from core.language import Translator
from tui.doors.homes import Home, Homes, app_command

T = Translator("net")
_ = T.gettext

log = logging.getLogger("caldera.doors")

COOKIE = "caldera_door"
TOKEN_DAYS = 400  # browsers keep a cookie at most about this long
PR_SET_PDEATHSIG = 1
PAGE = Path(__file__).with_name("page")  # the page's template: textual-serve's, made whole


@dataclass(frozen=True)
class WebLimits:
    """What the browser door allows at once, and for how long."""

    sessions: int = 20
    """apps running at once, all browsers together"""
    idle: float = 1800.0
    """seconds without a key pressed before a session ends"""
    per_address: int = 4
    """websockets open at once from one address (refused with HTTP 429 beyond it)"""
    message: int = 64 * 1024
    """bytes in one websocket message (a longer one ends the session)"""
    stall: float = 60.0
    """seconds a browser may leave unread what it was sent (at most ``idle``)"""
    grace: float = 0.5
    """seconds an app has to quit, then to end after SIGTERM, before it is killed"""

    @property
    def websockets(self) -> int:
        """websockets open at once, all addresses together (HTTP 503 beyond it)"""
        return 2 * self.sessions + self.per_address


class WebDoor(Server):
    """textual-serve's server, with a home per browser and the door's limits."""

    def __init__(
        self,
        data_dir: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 8000,
        broker: str | None = None,
        limits: WebLimits = WebLimits(),
        forwarded: bool = False,
        public_url: str | None = None,
        command: list[str] | None = None,
    ) -> None:
        self.argv = command or app_command()
        super().__init__(
            shlex.join(self.argv), host=host, port=port, title="Caldera", public_url=public_url
        )
        self.templates_path = PAGE  # the door serves all the page needs: no request elsewhere
        self.homes = Homes(data_dir)
        self.broker = broker
        self.limits = limits
        self.forwarded = forwarded  # behind a proxy: the visitor's address is its last hop
        self.running: set[str] = set()  # the tokens of the sessions open now
        self.sockets: Counter[str] = Counter()  # the websockets open now, by address
        self.apps: set[_HomeAppService] = set()
        self.stopping = False
        self.secure = self.public_url.startswith("https")

    def initialize_logging(self) -> None:
        """Caldera's command says what it does in its own lines (no banner, no rich logging)."""

    async def on_startup(self, app: web.Application) -> None:
        log.info("caldera web: serving on %s", self.public_url)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page; a browser without a token gets one here."""
        response: web.StreamResponse = await super().handle_index(request)
        if _token(request) is None:
            response.set_cookie(
                COOKIE,
                secrets.token_urlsafe(32),
                max_age=TOKEN_DAYS * 86400,
                httponly=True,
                samesite="Strict",
                secure=self.secure,
            )
        return response

    def address(self, request: web.Request) -> str:
        """Where a request comes from (behind a proxy: the address the proxy added last)."""
        if self.forwarded:
            hops = request.headers.get("X-Forwarded-For", "").split(",")
            if hops[-1].strip():
                return hops[-1].strip()
        return request.remote or "?"

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A session, unless its address holds too many already or the door is closing; in the
        browser's language (its ``Accept-Language``), else the door's."""
        with language.speaking(speaks(request)):
            return await self._websocket(request)

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = self.address(request)
        if self.stopping:
            raise web.HTTPServiceUnavailable(text=_("The door is closing.") + "\n")
        if self.sockets[address] >= self.limits.per_address:
            log.info(
                "caldera web: refused %s, %d connections open",
                address,
                self.limits.per_address,
            )
            raise web.HTTPTooManyRequests(
                text=_(
                    "Too many connections from your address ({n}): close a tab and try again."
                ).format(n=self.limits.per_address)
                + "\n"
            )
        if self.sockets.total() >= self.limits.websockets:
            raise web.HTTPServiceUnavailable(text=_("The door is full: try again later.") + "\n")
        self.sockets[address] += 1
        try:
            return await self._session(request)
        finally:
            self.sockets[address] -= 1
            if not self.sockets[address]:
                del self.sockets[address]

    async def _session(self, request: web.Request) -> web.WebSocketResponse:
        """The app of the browser's home, while the browser stays, reads and types."""
        limits = self.limits
        websocket = web.WebSocketResponse(heartbeat=15, timeout=2.0, max_msg_size=limits.message)
        token = _token(request)
        refused = self._refusal(request, token)
        await websocket.prepare(request)
        if refused is not None or token is None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(2):
                    await websocket.send_bytes(f"\r\n{refused}\r\n".encode())
                await _close(websocket, 4000, refused or "")
            _abort(request)
            return websocket
        self.running.add(token)
        home = self.homes.for_token(token)
        made = not home.folder.exists()
        gone = asyncio.Event()  # the browser left, or stopped reading what it was sent

        async def to_browser(send: Callable[[Any], Any], data: Any) -> None:
            try:
                async with asyncio.timeout(min(limits.stall, limits.idle)):
                    await send(data)
            except (TimeoutError, ConnectionError) as error:
                if not gone.is_set():
                    log.info("caldera web: a session ends, its browser reads nothing")
                gone.set()
                raise ConnectionResetError("the browser reads nothing") from error  # internal

        service = _HomeAppService(
            self.argv,
            home,
            self.broker,
            language.current(),
            write_bytes=lambda data: to_browser(websocket.send_bytes, data),
            write_str=lambda text: to_browser(websocket.send_str, text),
            close=lambda: _close(websocket, 1000, ""),
            download_manager=self.download_manager,
        )
        self.apps.add(service)
        tasks: list[asyncio.Task[Any]] = []
        try:
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            await service.start(max(1, min(width, 500)), max(1, min(height, 200)))
            last = [time.monotonic()]
            relay = asyncio.create_task(self._relay(websocket, service, last))
            idle = asyncio.create_task(self._watch_idle(last))
            tasks = [relay, idle, asyncio.create_task(gone.wait())]
            if service.task is not None:
                tasks.append(service.task)
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            if idle.done():
                await _close(websocket, 4001, "idle")
            elif relay.done() and not relay.cancelled() and relay.exception() is not None:
                log.warning("caldera web: a session failed: %s", relay.exception())
        except Exception as error:  # one visit's fault never stops the door
            log.warning("caldera web: a session failed: %s", error)
        finally:
            for task in tasks[:3]:
                task.cancel()
            _abort(request)  # whatever the browser did not take is dropped
            await service.end(limits.grace)
            self.apps.discard(service)
            if made:
                _remove_if_empty(home)
            self.running.discard(token)
        return websocket

    def _refusal(self, request: web.Request, token: str | None) -> str | None:
        """Why this websocket may not open a session, or ``None``."""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            return _("This page belongs to another site.")
        if token is None:
            return _("No token: load the page first (cookies must be on).")
        if token in self.running:
            return _("This browser plays in another tab already.")
        if len(self.running) >= self.limits.sessions:
            return T.ngettext(
                "The door is full ({n} player): try again later.",
                "The door is full ({n} players): try again later.",
                self.limits.sessions,
            ).format(n=self.limits.sessions)
        return None

    async def _relay(
        self, websocket: web.WebSocketResponse, service: AppService, last: list[float]
    ) -> None:
        """The browser's keys and sizes to the app (textual-serve's messages)."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            envelope = message.json()
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                last[0] = time.monotonic()
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width = max(1, min(to_int(str(data.get("width")), 80), 500))
                height = max(1, min(to_int(str(data.get("height")), 24), 200))
                await service.set_terminal_size(width, height)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _watch_idle(self, last: list[float]) -> None:
        """Returns once no key came for the idle limit."""
        while (left := last[0] + self.limits.idle - time.monotonic()) > 0:
            await asyncio.sleep(min(left, 60))
        idle = self.limits.idle
        minutes = f"{idle / 60:g} minutes" if idle >= 60 else f"{idle:g} s"
        log.info("caldera web: a session ends, idle for %s", minutes)

    async def end_all(self) -> None:
        """Every app ends (quit, terminate, kill), all at once."""
        self.stopping = True
        await asyncio.gather(*(app.end(self.limits.grace) for app in list(self.apps)))

    def run(self) -> None:
        """Serve until Ctrl-C or SIGTERM; every app ends with the door."""
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        runner = web.AppRunner(await self._make_app(), handle_signals=False, shutdown_timeout=1)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
            await stop.wait()
        finally:
            await self.end_all()
            await runner.cleanup()


class _HomeAppService(AppService):
    """textual-serve's app process, started in a player's home, in a process group of its own
    (the kernel ends it if the door dies)."""

    def __init__(
        self, argv: list[str], home: Home, broker: str | None, speaks: str, **kwargs: Any
    ) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv
        self.home = home
        self.broker = broker
        self.speaks = speaks

    @property
    def task(self) -> asyncio.Task[None] | None:
        """The task relaying the app's output: done once the app's output ends."""
        return self._task

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        served = super()._build_environment(width, height)
        env = self.home.environment(self.broker, speaks=self.speaks)  # not the door's own
        env.update(
            (key, value)
            for key, value in served.items()
            if key.startswith(("TEXTUAL", "TERM_PROGRAM")) or key in ("COLUMNS", "ROWS")
        )
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
            preexec_fn=_dies_with_door(),
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def end(self, grace: float) -> None:
        """The app quits; if it has not within ``grace`` s, SIGTERM; then SIGKILL. Whatever is
        left in its process group is killed."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(grace):
                    await self.send_meta({"type": "quit"})
            for signum in (signal.SIGTERM, signal.SIGKILL):
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(grace):
                        await process.wait()
                    break
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signum)
            await process.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task


async def _close(websocket: web.WebSocketResponse, code: int, message: str) -> None:
    """Close the websocket saying why, without waiting long for a browser that reads nothing."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(2):
            await websocket.close(code=code, message=message.encode()[:120])


def _abort(request: web.Request) -> None:
    if request.transport is not None:
        request.transport.abort()


def _remove_if_empty(home: Home) -> None:
    """A home this visit made and left with nothing in it but the app's log goes."""
    for _, _, files in os.walk(home.folder):
        if any(not name.startswith("caldera.log") for name in files):
            return
    shutil.rmtree(home.folder, ignore_errors=True)


def _dies_with_door() -> Callable[[], None] | None:
    """A ``preexec_fn``: the app gets SIGTERM when the door's process ends, however it ends."""
    if not sys.platform.startswith("linux"):
        return None
    door = os.getpid()
    libc = ctypes.CDLL(None, use_errno=True)

    def preexec() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != door:
            os._exit(1)

    return preexec


def speaks(request: web.Request) -> str:
    """The language a browser asks for (its ``Accept-Language``), else the door's own."""
    asked = language.from_accept_language(request.headers.get("Accept-Language", ""))
    return asked or language.current()


def _token(request: web.Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token and 20 <= len(token) <= 100 and token.isascii() else None
