"""A retained card kept current by its owner (a table's host, a server).

Anyone may replace a retained message: with an older card of the owner's, replayed (its
signature still holds), with the owner's Last Will of a connection that came back since, or
with nothing (an empty payload clears it). Readers who saw the newer card drop the older by its
order; a newcomer, though, gets whatever the broker retains. So the owner reads its own card's
topic: each card it sent comes back to it, in order; anything else is answered with the
current card, put back at once (at most every ``every`` seconds, the last time late rather
than never).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable

from core.errors import CodecError
from net.wire.messages import Order

log = logging.getLogger("caldera.net")

PUT_BACK_EVERY = 0.05  # seconds between two cards put back over replaced ones, at least


class OwnListing:
    """Tells the owner's cards coming back from something else in their place, and puts the
    current card back (``put_back``) over the latter."""

    def __init__(
        self,
        key: bytes,
        order_of: Callable[[bytes], Order],
        put_back: Callable[[], None],
        every: float = PUT_BACK_EVERY,
    ) -> None:
        self.key = key
        self._order_of = order_of  # a card's (or "gone"'s) bytes -> its order; CodecError if none
        self._put_back = put_back
        self.every = every
        self._unechoed: deque[Order] = deque(maxlen=64)  # cards sent, not seen back yet
        self._last = 0.0  # when the card was last put back (time.monotonic)
        self._timer: asyncio.TimerHandle | None = None
        self.closed = False
        self.put_back = 0  # how many times

    def sent(self, order: Order) -> None:
        """A card with ``order`` went out."""
        self._unechoed.append(order)

    def reset(self) -> None:
        """A new connection: nothing sent on it yet."""
        self._unechoed.clear()

    def seen(self, payload: bytes, sender: bytes | None) -> None:
        """What arrived on the card's topic (``sender``: who signed it)."""
        if self.closed:
            return
        if payload and sender == self.key:
            try:
                order: Order | None = self._order_of(payload)
            except CodecError:
                order = None
            if order in self._unechoed:  # ours, as sent: drop it and any lost before it
                while self._unechoed and self._unechoed.popleft() != order:
                    pass
                return
        if self._timer is not None:
            return  # it goes back soon
        wait = self._last + self.every - time.monotonic()
        if wait > 0:  # replaced again and again: the card goes back at most this often
            self._timer = asyncio.get_running_loop().call_later(wait, self._again)
        else:
            self._again()

    def _again(self) -> None:
        self._timer = None
        if self.closed:
            return
        self._last = time.monotonic()
        self.put_back += 1
        self._put_back()

    def close(self) -> None:
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
