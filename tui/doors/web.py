"""The browser door (``caldera web``): the app in a browser tab, with ``textual-serve``.

Each browser session gets its own app process. A browser keeps its identity between visits: the
first page it loads gives it a token (a cookie only this site reads, never sent to another),
and the token names its home (:mod:`tui.doors.homes`): identity, config, saved games. A cap on
sessions at once and an idle timeout; it listens on 127.0.0.1 unless told otherwise. For a
public club put it behind a reverse proxy with TLS and a login: whoever holds a browser's token
plays as that browser.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import shlex
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from tui.doors.homes import Home, Homes, app_command

log = logging.getLogger("caldera.doors")

COOKIE = "caldera_door"
TOKEN_DAYS = 400  # browsers keep a cookie at most about this long


class WebDoor(Server):
    """textual-serve's server, with a home per browser, a cap and an idle timeout."""

    def __init__(
        self,
        data_dir: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 8000,
        broker: str | None = None,
        sessions: int = 20,
        idle: float = 1800.0,
        public_url: str | None = None,
        command: list[str] | None = None,
    ) -> None:
        super().__init__(
            shlex.join(command or app_command()),
            host=host,
            port=port,
            title="Caldera",
            public_url=public_url,
        )
        self.homes = Homes(data_dir)
        self.broker = broker
        self.sessions = sessions
        self.idle = idle
        self.running: set[str] = set()  # the tokens of the sessions open now
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

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A session: the app of the browser's home, while the browser stays and types."""
        websocket = web.WebSocketResponse(heartbeat=15)
        token = _token(request)
        refused = self._refusal(request, token)
        await websocket.prepare(request)
        if refused is not None or token is None:
            await websocket.send_bytes(f"\r\n{refused}\r\n".encode())
            await websocket.close(code=4000, message=(refused or "").encode()[:120])
            return websocket
        self.running.add(token)
        home = self.homes.for_token(token)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service = _HomeAppService(
            self.command,
            home,
            self.broker,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        watch: asyncio.Task[None] | None = None
        try:
            await service.start(width, height)
            last = [time.monotonic()]
            watch = asyncio.create_task(self._watch_idle(websocket, last))
            await self._relay(websocket, service, last)
        except Exception as error:  # one visit's fault never stops the door
            log.warning("caldera web: a session failed: %s", error)
        finally:
            if watch is not None:
                watch.cancel()
            await service.stop()
            self.running.discard(token)
        return websocket

    def _refusal(self, request: web.Request, token: str | None) -> str | None:
        """Why this websocket may not open a session, or ``None``."""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            return "This page belongs to another site."
        if token is None:
            return "No token: load the page first (cookies must be on)."
        if token in self.running:
            return "This browser plays in another tab already."
        if len(self.running) >= self.sessions:
            return f"The door is full ({self.sessions} players): try again later."
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
                await service.set_terminal_size(
                    to_int(str(data.get("width")), 80), to_int(str(data.get("height")), 24)
                )
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _watch_idle(self, websocket: web.WebSocketResponse, last: list[float]) -> None:
        while True:
            left = last[0] + self.idle - time.monotonic()
            if left <= 0:
                minutes = f"{self.idle / 60:g} minutes" if self.idle >= 60 else f"{self.idle:g} s"
                log.info("caldera web: a session ends, idle for %s", minutes)
                await websocket.close(code=4001, message=b"idle")
                return
            await asyncio.sleep(min(left, 60))

    def run(self) -> None:
        """Serve until Ctrl-C or SIGTERM."""
        self.serve()


class _HomeAppService(AppService):
    """textual-serve's app process, started in a player's home."""

    def __init__(self, command: str, home: Home, broker: str | None, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.home = home
        self.broker = broker

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        served = super()._build_environment(width, height)
        env = self.home.environment(self.broker)  # not the door's own environment
        env.update(
            (key, value)
            for key, value in served.items()
            if key.startswith(("TEXTUAL", "TERM_PROGRAM")) or key in ("COLUMNS", "ROWS")
        )
        return env


def _token(request: web.Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token and 20 <= len(token) <= 100 and token.isascii() else None
