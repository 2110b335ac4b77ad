"""Real receivers for turn notices, started by a test or a bench: an HTTP server (a webhook, an
ntfy topic) and an SMTP server, each on a free port in a thread of its own."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from email import message_from_bytes
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Posted:
    """One POST the HTTP receiver took."""

    path: str
    headers: dict[str, str]
    body: bytes
    at: float  # time.time() when it came

    def json(self) -> Any:
        return json.loads(self.body)


class Receiver:
    """An HTTP server that takes every POST (``status`` is what it answers: 200, or 500 to
    refuse them all for now) and keeps what it took."""

    def __init__(self) -> None:
        self.posts: list[Posted] = []
        self.refused = 0
        self.status = 200
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                status = receiver.status
                with receiver.lock:
                    if status < 300:
                        receiver.posts.append(Posted(self.path, dict(self.headers.items()),
                                                     body, time.time()))  # fmt: skip
                    else:
                        receiver.refused += 1
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def taken(self, path: str | None = None) -> list[Posted]:
        with self.lock:
            return [p for p in self.posts if path is None or p.path == path]

    def notices(self, path: str = "/hook") -> list[dict[str, Any]]:
        """The webhook notices taken at ``path``, as JSON."""
        return [p.json() for p in self.taken(path)]


class MailBox:
    """A real SMTP server (aiosmtpd, in its own thread) that keeps every message it takes."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        from net.link.broker import free_port

        self.messages: list[Message] = []
        self.lock = threading.Lock()
        box = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                with box.lock:
                    box.messages.append(message_from_bytes(envelope.original_content))
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    def __enter__(self) -> MailBox:
        self.controller.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.controller.stop()

    def taken(self) -> list[Message]:
        with self.lock:
            return list(self.messages)
