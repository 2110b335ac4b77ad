"""Where turn notices go (:mod:`net.club.notices`): a webhook (an HTTP POST of the notice as
JSON), an ntfy-style topic (an HTTP POST of its text to ``https://host/topic``) or email.

Each notice carries its key, its idempotency id: a webhook's JSON ``key`` and its
``Idempotency-Key`` header; an ntfy message's ``X-Sequence-ID`` (made from it: ntfy 2.16 and
later show a second message of one sequence in place of the first, not beside it) and its
``X-Caldera-Key``; a mail's ``Message-ID`` (made from it) and its ``X-Caldera-Key``. So a
receiver keeps one of the copies a bridge sends again when it cannot know whether a try
arrived (it was killed before the answer, or no answer came); such a copy says ``again``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate
from types import TracebackType

import aiohttp

from net.club.notices import Notice, NotSent

TIMEOUT = 10.0  # seconds a receiver has to answer
AGENT = "caldera-notify/1"


@dataclass(frozen=True)
class MailServer:
    """The SMTP server email goes through (``security``: ``tls`` from the start, ``starttls``,
    ``none``; ``""``: by the port, 465 TLS, 587 STARTTLS, else none)."""

    host: str
    port: int = 25
    sender: str = "caldera@localhost"
    username: str = ""
    password: str = ""
    security: str = ""


class Senders:
    """Sends notices to their targets; one HTTP session for all (open it with ``async with``)."""

    def __init__(self, timeout: float = TIMEOUT, smtp: MailServer | None = None) -> None:
        self.timeout = timeout
        self.smtp = smtp
        self._http: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> Senders:
        self._http = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=self.timeout),
            headers={"User-Agent": AGENT},
        )
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def send(self, target: str, notice: Notice) -> None:
        """Send ``notice`` to ``target`` (``webhook:URL``, ``ntfy:URL``, ``email:ADDRESS``);
        :class:`NotSent` with one line."""
        kind, _, where = target.partition(":")
        if kind == "webhook":
            data = json.dumps(notice.body(), ensure_ascii=False).encode()
            headers = {"Content-Type": "application/json", "Idempotency-Key": notice.key}
            await self._post(where, data, headers)
        elif kind == "ntfy":
            headers = {
                "Content-Type": "text/plain; charset=utf-8",
                "X-Caldera-Key": notice.key,
                "X-Sequence-ID": sequence_id(notice.key),
                "Title": _header(notice.heading),
                "Tags": NTFY_TAGS[notice.kind],
            }
            if notice.kind == "clock":
                headers["Priority"] = "high"
            await self._post(where, notice.text.encode(), headers)
        elif kind == "email":
            if self.smtp is None:
                raise NotSent("email: no mail server ([notify.smtp])")
            await asyncio.to_thread(_mail, self.smtp, where, notice, self.timeout)
        else:
            raise NotSent(f"{kind}: not a kind of target this bridge knows")

    async def _post(self, url: str, data: bytes, headers: dict[str, str]) -> None:
        http = self._http
        assert http is not None, "open the senders first (async with)"
        try:
            async with http.post(url, data=data, headers=headers) as answer:
                if answer.status >= 300:
                    raise NotSent(f"{url} answered {answer.status} {answer.reason or ''}".strip())
                await answer.read()
        except aiohttp.ClientConnectorError as exc:  # never connected: nothing went
            raise NotSent(f"{url}: {exc}") from None
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:  # it may have arrived
            raise NotSent(f"{url}: {exc or type(exc).__name__}", maybe_taken=True) from None


def sequence_id(key: str) -> str:
    """The ntfy sequence id of a notice's key (ntfy wants 1 to 64 of ``[A-Za-z0-9_-]``)."""
    return "caldera-" + hashlib.sha256(key.encode()).hexdigest()[:32]


NTFY_TAGS = {"your_move": "game_die", "clock": "hourglass", "game_over": "checkered_flag"}


def _header(text: str) -> str:
    """An HTTP header's value: latin-1 only (ntfy reads UTF-8 titles in RFC 2047 too; a title
    in plain ASCII is the sure way)."""
    return text.encode("ascii", "replace").decode("ascii")


def _mail(server: MailServer, to: str, notice: Notice, timeout: float) -> None:
    """Send ``notice`` to ``to`` through ``server`` (in a thread: smtplib blocks)."""
    message = EmailMessage()
    message["From"] = server.sender
    message["To"] = to
    message["Subject"] = notice.heading
    message["Date"] = formatdate(localtime=False)
    domain = server.sender.rpartition("@")[2] or "localhost"
    message["Message-ID"] = f"<caldera.{_msgid(notice.key)}@{domain}>"  # the same every time
    message["X-Caldera-Key"] = notice.key
    if notice.again:  # an earlier try may have arrived: the same Message-ID
        message["X-Caldera-Again"] = "yes"
    message.set_content(notice.text + "\n")
    security = server.security or {465: "tls", 587: "starttls"}.get(server.port, "none")
    try:
        client: smtplib.SMTP
        if security == "tls":
            client = smtplib.SMTP_SSL(server.host, server.port, timeout=timeout,
                                      context=ssl.create_default_context())  # fmt: skip
        else:
            client = smtplib.SMTP(server.host, server.port, timeout=timeout)
        with client:
            if security == "starttls":
                client.starttls(context=ssl.create_default_context())
            if server.username:
                client.login(server.username, server.password)
            client.send_message(message)
    except (smtplib.SMTPResponseException, ConnectionRefusedError) as exc:  # refused: not taken
        raise NotSent(f"mail server {server.host}:{server.port}: {exc}") from None
    except (smtplib.SMTPException, OSError) as exc:  # cut off: it may have been taken
        raise NotSent(f"mail server {server.host}:{server.port}: {exc}", maybe_taken=True) from None


def _msgid(key: str) -> str:
    """The notice's key in a Message-ID (letters, digits and a few marks)."""
    return "".join(c if c.isalnum() or c in "-." else "." for c in key)
