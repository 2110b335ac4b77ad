"""``caldera serve`` processes as a lobby knows them, and the lasting key each one signs with.

A server's card and every answer it gives are signed by its key, which lasts from one run to
the next (``<data dir>/servers/<server>.json``, readable by its user only). A lobby believes a
server's card or answer only when that key signed it:

- the key comes from the config file (``[network.servers]``, ``club = "<hex>"``), or else it is
  *pinned* the first time the lobby meets the server on this broker and kept in
  ``known_servers.json`` in the config directory (as ssh keeps its known hosts);
- a card or answer signed by another key is dropped, and the lobby says so once
  (:attr:`ServerBook.notes`): the server's key changed, or someone else speaks for it;
- of its cards (and its Last Will, a signed "gone") the newest is kept, by their order;
- a server is offered only once it has answered a probe (a fresh nonce, answered with its card):
  a retained card alone may be made up, or old. An empty card (anyone may clear one) is a hint
  to ask again, never a verdict.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Mapping
from pathlib import Path

from core.errors import CodecError
from net.club.probes import Probes
from net.config import config_dir, trusted_servers
from net.errors import NetError
from net.trust.keys import Keys, fingerprint, public_from_hex
from net.wire.messages import Gone, Order, ServerListing, ServerReply, read_server_listing
from replays.disk import BadFile, read_json, write_atomically
from replays.unfinished import data_dir

log = logging.getLogger("caldera.net")

KNOWN = "known_servers.json"


def server_keys(server: str) -> Keys:
    """The lasting signing key of server ``server`` on this machine (made on first use)."""
    path = data_dir() / "servers" / f"{server}.json"
    try:
        doc = read_json(path)
        return Keys.from_json(doc.get("keys") if isinstance(doc, dict) else None)
    except FileNotFoundError:
        pass
    except (OSError, NetError) as exc:  # never lose it: kept aside, and the operator told
        aside = path.with_name(path.name + ".unreadable")
        with contextlib.suppress(OSError):
            path.replace(aside)
        log.warning("server %s: %s; kept as %s and a new key made", server, exc, aside.name)
    keys = Keys.generate()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.parent.chmod(0o700)
        write_atomically(path, json.dumps({"format": 1, "keys": keys.to_json()}) + "\n")
    except OSError as exc:  # a read-only data dir: the key lasts this run
        log.warning("server %s: cannot keep its key in %s: %s", server, path, exc)
    return keys


class ServerBook:
    """The servers of one broker a lobby may ask for tables: whose key it trusts, which have
    answered, and their newest cards."""

    def __init__(self, broker: str, trusted: Mapping[str, bytes] | None = None) -> None:
        self.broker = broker  # the known keys are per broker
        if trusted is None:  # the config file's, else none
            trusted = {}
            with contextlib.suppress(NetError):
                trusted = trusted_servers()
        self.trusted = dict(trusted)  # never pinned over
        self.keys: dict[str, bytes] = {**self._known(), **self.trusted}
        self.cards: dict[str, ServerListing] = {}  # the servers that answered: their newest card
        self.orders: dict[str, Order] = {}
        self.heard: dict[str, ServerListing] = {}  # servers met, not answered yet
        self.probes = Probes()
        self.notes: list[str] = []  # what the user should know (a key that changed)

    def _path(self) -> Path:
        return config_dir() / KNOWN

    def _known(self) -> dict[str, bytes]:
        try:
            doc = read_json(self._path())
        except OSError:  # none yet, or a bad file (which _pin keeps as it is)
            return {}
        known = doc.get(self.broker, {}) if isinstance(doc, dict) else {}
        keys = {s: public_from_hex(k) for s, k in known.items()} if isinstance(known, dict) else {}
        return {server: key for server, key in keys.items() if key is not None}

    def vouch(self, server: str, key: bytes | None) -> bool:
        """Whether ``key`` speaks for ``server``: the trusted or pinned key, or (a server never
        met) any, which is pinned from now on."""
        if key is None:
            return False
        known = self.keys.get(server)
        if known is None:
            self.keys[server] = key
            self._pin(server, key)
            return True
        if known != key:
            note = (f"server {server} signs with another key than before ({fingerprint(key)}, "
                    f"not {fingerprint(known)}): it is not used (if its key did change, remove "
                    f"it from {self._path()} or name its key in the config file)")  # fmt: skip
            if note not in self.notes:
                self.notes.append(note)
                log.warning("lobby: %s", note)
            return False
        return True

    def _pin(self, server: str, key: bytes) -> None:
        path = self._path()
        try:
            doc = read_json(path)
        except FileNotFoundError:
            doc = {}
        except BadFile as exc:  # never overwrite the pins a player may still mend
            note = f"{exc}: server {server}'s key is not kept"
            if note not in self.notes:
                self.notes.append(note)
            return
        if not isinstance(doc, dict):
            doc = {}
        doc.setdefault(self.broker, {})[server] = key.hex()
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, json.dumps(doc, indent=1) + "\n")

    def came(
        self, server: str, payload: bytes, sender: bytes | None
    ) -> ServerListing | Gone | None:
        """What came on ``server``'s card topic, signed by ``sender``: its card (or "gone"),
        heard, when it is the server's key's (a probe may be due now); else ``None``."""
        if not payload:
            return None  # cleared: by anyone, so a hint (a live server puts its card back)
        known = self.keys.get(server)
        if sender is None or (known is not None and not self.vouch(server, sender)):
            return None
        try:
            message = read_server_listing(payload)
        except CodecError as exc:
            log.info("lobby: ignoring an unreadable card for server %s: %s", server, exc)
            return None
        named = (message.server, message.key) if isinstance(message, ServerListing) else None
        if named is not None and named != (server, sender.hex()):
            return None
        self.heard_card(server, message)
        return message

    def probe_answered(self, server: str, reply: ServerReply, sender: bytes | None) -> bool:
        """Whether ``reply`` (one ``server``'s key signed) answers our probe; its card, if it is
        the server's own, has it offered from now on."""
        card = reply.card
        if card is None or not self.probes.asked(server, reply.id):
            return False
        if card.server == server and card.key == (sender or b"").hex():
            self.answered(server, card)
        return True

    def heard_card(self, server: str, message: ServerListing | Gone) -> bool:
        """A signed card (or "gone") of ``server``, by its key; whether the lobby's list of
        servers changed."""
        if server in self.cards or server in self.orders:
            return self.take(server, message)
        heard = self.heard.get(server)
        if heard is not None and message.order <= heard.order:
            return False
        if isinstance(message, Gone):
            self.heard.pop(server, None)
            self.probes.drop(server)
            return False
        self.heard[server] = message
        self.probes.want(server)
        return False

    def answered(self, server: str, card: ServerListing) -> bool:
        """``server`` answered a probe with ``card``: it is offered from now on."""
        self.probes.drop(server)
        self.heard.pop(server, None)
        return self.take(server, card)

    def take(self, server: str, message: ServerListing | Gone) -> bool:
        if message.order <= self.orders.get(server, (-1, -1)):
            return False
        self.orders[server] = message.order
        if isinstance(message, Gone):
            return self.cards.pop(server, None) is not None
        self.cards[server] = message
        return True
