"""Real receivers for turn notices, started by a test or a bench: an HTTP server (a webhook, an
ntfy topic) and an SMTP server, each on a free port in a thread of its own.

Each keeps every copy it took, and tells the distinct deliveries apart as a receiver that
heeds the notices' idempotency ids would: a webhook's ``Idempotency-Key``, ntfy's
``X-Sequence-ID``, a mail's ``Message-ID``."""

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
        self.answering = threading.Event()  # cleared: a POST is kept, its answer held back
        self.answering.set()
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
                receiver.answering.wait(60)
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

    def distinct(self, path: str | None = None) -> list[Posted]:
        """The first copy of each delivery taken (at ``path``), by its idempotency id."""
        return _first_of(self.taken(path), lambda p: _id(p.headers))

    def copies(self, path: str | None = None) -> list[Posted]:
        """The copies taken after the first of their delivery."""
        first = {id(p) for p in self.distinct(path)}
        return [p for p in self.taken(path) if id(p) not in first]


def _id(headers: dict[str, str]) -> str:
    found = {k.lower(): v for k, v in headers.items()}
    return found.get("idempotency-key") or found.get("x-sequence-id") or ""


def _first_of(items: list[Any], ident: Any) -> list[Any]:
    seen: set[str] = set()
    first = []
    for item in items:
        key = ident(item)
        if not key or key not in seen:
            seen.add(key)
            first.append(item)
    return first


class MailBox:
    """A real SMTP server (aiosmtpd, in its own thread) that keeps every message it takes."""

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller

        from net.link.broker import free_port

        self.messages: list[Message] = []
        self.times: list[float] = []  # time.time() when each came
        self.lock = threading.Lock()
        box = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                with box.lock:
                    box.messages.append(message_from_bytes(envelope.original_content))
                    box.times.append(time.time())
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

    def distinct(self) -> list[tuple[float, Message]]:
        """The first copy of each mail taken, by its ``Message-ID``, with when it came."""
        with self.lock:
            came = list(zip(self.times, self.messages, strict=True))
        return _first_of(came, lambda c: str(c[1]["Message-ID"] or ""))
