"""Randomness you can audit: a seeded generator shipped with Caldera.

Keyed BLAKE2b in counter mode, so a seed gives the same draws on every Python version and
platform (``random.shuffle`` promises no such thing). A game publishes :func:`seed_hash` when it
starts and reveals the seed when it ends; anyone can then re-run every draw.

The commitment is salted: ``seed_hash(seed, salt)`` hashes a secret 256-bit salt with the seed,
and the salt is revealed with the seed at the end. A seed someone chose ("42") can then not be
found by hashing guesses until one matches the commitment. (Logs written before salts have an
empty salt and the unsalted commitment, which still verifies.)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_SEED_DOMAIN = b"caldera-seed\x00"


_SALTED_DOMAIN = b"caldera-salted-seed\x00"


def new_seed() -> str:
    """A fresh unguessable seed (256 bits, hex)."""
    return secrets.token_hex(32)


def new_salt() -> str:
    """A fresh secret salt for a seed's commitment (256 bits, hex)."""
    return secrets.token_hex(32)


def seed_hash(seed: str, salt: str = "") -> str:
    """The commitment published at game start: SHA-256 of the salt and the seed, hex (of the
    seed alone when ``salt`` is empty, as logs from before salts have it)."""
    if not salt:
        return hashlib.sha256(_SEED_DOMAIN + seed.encode("utf-8")).hexdigest()
    data = _SALTED_DOMAIN + salt.encode("utf-8") + b"\x00" + seed.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


class Rng:
    """Uniform draws from a seed: ``below(n)`` and ``shuffled(items)``."""

    def __init__(self, seed: str) -> None:
        self._key = hashlib.blake2b(seed.encode("utf-8"), digest_size=32).digest()
        self._counter = 0
        self._words: list[int] = []
        self.draws = 0

    def _next64(self) -> int:
        if not self._words:
            block = hashlib.blake2b(
                self._counter.to_bytes(16, "little"), key=self._key, digest_size=64
            ).digest()
            self._counter += 1
            self._words = [int.from_bytes(block[i : i + 8], "little") for i in range(56, -1, -8)]
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.draws += 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher–Yates shuffle of ``items`` into a new list."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
