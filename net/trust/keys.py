"""Signing keys, signed messages and sealed boxes: what makes a table safe on a broker nobody
trusts. All the cryptography is libsodium's, through PyNaCl; nothing here is home-made.

Every identity has an Ed25519 key pair (kept in its ``identity.json``, readable by its user
only). Every message a party publishes is a *signed frame*::

    0xc1 "S" | public key (32 bytes) | signature (64 bytes) | body

``0xc1`` is a byte msgpack never uses, so a frame cannot be taken for a plain message. The
signature covers the topic as well as the body, so a signed message cannot be moved to another
table, seat or client. Whoever reads a frame learns which key signed it; who may sign what is
for the reader to decide (the host: the key that took the seat; a player: the table's host).

A seat's private events are *sealed* to its key in a *boxed frame*::

    0xc1 "X" | sender's public key (32 bytes) | box of (topic, body)

a libsodium box (X25519, XSalsa20-Poly1305) between the Curve25519 keys derived from the
sender's and the reader's Ed25519 keys. Only those two can open it, whatever broker carries
it, and only they can make one: a box that opens is the sender's, as surely as a signature (but
only for the reader: what a third party must check, such as a command's proof, is signed
apart). The shared key of each pair is computed once, so a box costs microseconds where a
signature's check costs tens.

A box's length would tell what is in it (a Mauna Kea advanced hand's batch, a few bytes longer
or shorter by its tiles, told ~5 of its 19 bits), so what goes in a box is *padded* first: a
``0x80`` byte, then zeros up to a fixed size (:func:`padded_size`: at least ``PAD_FLOOR`` bytes,
above that Padmé's sizes, each a few significant bits, at most ~12% more), and every box of a
size class has the same length whatever it holds.
"""

from __future__ import annotations

import hashlib
from typing import Any

import nacl.exceptions
import nacl.public
import nacl.signing

from net.errors import NetError

MARK = b"\xc1S"
BOXED = b"\xc1X"
KEY_BYTES = 32
SIG_BYTES = 64
_BOX_HEAD = len(BOXED) + KEY_BYTES
_HEAD = len(MARK) + KEY_BYTES + SIG_BYTES
_DOMAIN = b"caldera-signed-v1\x00"
PAD_FLOOR = 1024  # every box holds at least this many bytes (a batch of events, a command)
_PAD = b"\x80"
MOST_PAIRS = 4096  # shared keys kept (a table's players and the hosts met: a handful)


class Keys:
    """One identity's Ed25519 key pair (and the Curve25519 pair derived from it)."""

    def __init__(self, signing: nacl.signing.SigningKey) -> None:
        self._signing = signing
        self.public: bytes = bytes(signing.verify_key)
        self._box: nacl.public.PrivateKey | None = None
        self._pairs: dict[bytes, nacl.public.Box] = {}

    @classmethod
    def generate(cls) -> Keys:
        return cls(nacl.signing.SigningKey.generate())

    @classmethod
    def from_json(cls, doc: Any) -> Keys:
        """The key pair kept in an identity's ``keys`` field; :class:`NetError` if unreadable."""
        seed = doc.get("ed25519") if isinstance(doc, dict) else None
        try:
            raw = bytes.fromhex(seed) if isinstance(seed, str) else b""
        except ValueError:
            raw = b""
        if len(raw) != KEY_BYTES:
            raise NetError("its signing key is not 32 bytes of hex")
        return cls(nacl.signing.SigningKey(raw))

    def to_json(self) -> dict[str, str]:
        return {"ed25519": bytes(self._signing).hex(), "public": self.public.hex()}

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public)

    def sign(self, topic: str, body: bytes) -> bytes:
        """``body`` as a signed frame for ``topic``."""
        signature = self._signing.sign(_signed_data(topic, body)).signature
        return MARK + self.public + signature + body

    def sign_detached(self, data: bytes) -> bytes:
        """The 64-byte signature of ``data`` (for a record kept apart from any message)."""
        return bytes(self._signing.sign(data).signature)

    def _pair(self, other: bytes) -> nacl.public.Box:
        """The box between this key and Ed25519 key ``other`` (its shared key computed once)."""
        box = self._pairs.get(other)
        if box is None:
            if len(self._pairs) >= MOST_PAIRS:  # made-up senders must not grow it forever
                self._pairs.clear()
            if self._box is None:
                self._box = self._signing.to_curve25519_private_key()
            peer = nacl.signing.VerifyKey(other).to_curve25519_public_key()
            box = self._pairs[other] = nacl.public.Box(self._box, peer)
        return box

    def seal(self, to: bytes, topic: str, body: bytes) -> bytes:
        """``body`` as a boxed frame for ``topic`` that only the holder of Ed25519 key ``to``
        (and we) can open."""
        return BOXED + self.public + bytes(self._pair(to).encrypt(pad(_signed_data(topic, body))))

    def unseal(self, topic: str, payload: bytes) -> tuple[bytes, bytes] | None:
        """``(sender's public key, body)`` of a boxed frame sealed to this key for ``topic``;
        ``None`` for anything else (not for us, forged, cut short, or moved from another
        topic)."""
        if not is_sealed(payload) or len(payload) < _BOX_HEAD:
            return None
        sender = payload[len(BOXED) : _BOX_HEAD]
        try:
            plain = bytes(self._pair(sender).decrypt(payload[_BOX_HEAD:]))
        except (nacl.exceptions.CryptoError, ValueError, TypeError):
            return None
        plain = unpad(plain)
        head = _signed_data(topic, b"")
        return (sender, plain[len(head) :]) if plain.startswith(head) else None


def padded_size(length: int) -> int:
    """The size ``length`` bytes (and the pad's first byte) are padded to: ``PAD_FLOOR`` at
    least, then Padmé's (the length rounded up so that only its top ~log2(log2) bits are
    free: a box's length leaks at most that many bits, for at most ~12% more bytes)."""
    length += len(_PAD)
    if length <= PAD_FLOOR:
        return PAD_FLOOR
    exponent = length.bit_length() - 1
    free = exponent - (exponent.bit_length() - 1) - 1
    mask = (1 << free) - 1
    return (length + mask) & ~mask


def pad(data: bytes) -> bytes:
    """``data``, a ``0x80`` byte and zeros up to :func:`padded_size` (ISO/IEC 7816-4)."""
    return data + _PAD + bytes(padded_size(len(data)) - len(data) - len(_PAD))


def unpad(data: bytes) -> bytes:
    """What :func:`pad` padded (``b""`` when ``data`` is not padded: it then opens nothing)."""
    end = len(data.rstrip(b"\x00")) - len(_PAD)
    return data[:end] if end >= 0 and data[end : end + len(_PAD)] == _PAD else b""


def _signed_data(topic: str, body: bytes) -> bytes:
    return _DOMAIN + topic.encode("utf-8") + b"\x00" + body


def is_signed(payload: bytes) -> bool:
    return payload[: len(MARK)] == MARK


def open_frame(topic: str, payload: bytes) -> tuple[bytes, bytes] | None:
    """``(signer's public key, body)`` of a signed frame whose signature holds for ``topic``;
    ``None`` for anything else (unsigned, cut short, forged, or moved from another topic)."""
    if not is_signed(payload) or len(payload) < _HEAD:
        return None
    key = payload[len(MARK) : len(MARK) + KEY_BYTES]
    signature = payload[len(MARK) + KEY_BYTES : _HEAD]
    body = payload[_HEAD:]
    if not verify(key, _signed_data(topic, body), signature):
        return None
    return key, body


def verify(public: bytes, data: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s Ed25519 signature of ``data``."""
    try:
        nacl.signing.VerifyKey(public).verify(data, signature)
    except (nacl.exceptions.BadSignatureError, nacl.exceptions.CryptoError, ValueError, TypeError):
        return False
    return True


def is_sealed(payload: bytes) -> bool:
    return payload[: len(BOXED)] == BOXED


def fingerprint(public: bytes) -> str:
    """A short name for a public key, to show and compare (``k:3f9a2c71``)."""
    return "k:" + hashlib.blake2b(public, digest_size=4).hexdigest()


def public_from_hex(text: Any) -> bytes | None:
    """A public key written as hex on the wire, or ``None`` if it is not one."""
    if not isinstance(text, str) or len(text) != 2 * KEY_BYTES:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None
