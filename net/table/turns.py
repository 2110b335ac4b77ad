"""Whose turn it is, for the programs that follow a player (a phone notifier, a status bar).

The host keeps one retained message per table and seated player, ``turns/<table>/<client>``, so
a program subscribed to ``caldera/v1/turns/+/<client>`` knows at once, and then at every change,
whose turn it is at each of that player's tables. The body is JSON (any program reads it)::

    {"table": "k3f9x2m7qp", "game": "maunakea", "title": "Mauna Kea", "seat": 1,
     "players": ["Ann", "Bob"], "to_move": [2], "your_turn": false, "status": "playing",
     "since_ms": 1767225600000, "last": "Ann placed a tile on D4", "moves": 7, "turn": null,
     "clock": {"spec": "2d", "at": 1767225600000, "left": [172800000, 172800000],
               "running": [1]},
     "epoch": 1767225600123, "n": 4}

Seats count from 1 (but in ``clock``, whose seats count from 0 as in the table's card);
``status`` is ``playing`` or ``over``; ``since_ms`` is when the turn passed to those to move
now (milliseconds since 1970, the host's clock), ``last`` the last move in words, as a
spectator may know it, ``moves`` how many moves the seats have made (take-backs count: it only
grows, and a table resumed after a crash counts the same), ``turn`` while it is the player's
move how many had been made when it became theirs (``null`` otherwise: a notifier knows a turn
of theirs by it, however many moves it takes); ``clock`` (at a table with a clock, else
``null``) what the clocks said then: seat ``s`` had ``left[s]`` ms at ``at``, and the clocks
of ``running`` run from then.
Like every message of the host it is signed with the table's key: the JSON comes after a
98-byte frame (2 bytes ``\xc1S``, the 32-byte public key, the 64-byte Ed25519 signature;
:func:`read` checks it, and refuses in one line anything that is not a turn message).
``epoch`` and ``n`` order two messages of a table: a signed one may be replayed, so a program
keeps the newest. A message goes out only when it changes (but for the time), and is cleared
(an empty retained message) when the player no longer holds the seat or the table closes; each
new connection of the host sends every one again (a broker restarted without its retained
messages has them back), and one that could not be sent goes at the next update.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from core.lifecycle import Undone
from core.protocol import Rules
from core.referee import Referee
from core.titles import english_title
from core.transcript import last_move
from net.table.seating import Seating
from net.trust.keys import open_frame
from net.wire import topics


class TurnNotices:
    """The retained turn messages of one table's seated players."""

    def __init__(
        self,
        table: str,
        rules: Rules[Any],
        seating: Seating,
        retain: Callable[[str, bytes], bool],
        now: Callable[[], int],
        clocks: Callable[[], dict[str, Any] | None] = lambda: None,
        epoch: Callable[[], int] = lambda: 0,
    ) -> None:
        self.table = table
        self.rules = rules
        self.seating = seating
        self.retain = retain  # publishes a retained message
        self.now = now
        self.clocks = clocks
        self.epoch = epoch  # the host's, now: with ``n``, the order of the messages
        self._sent: dict[str, str] = {}  # client -> what its message says now (but the time)
        self._moved: tuple[tuple[int, ...], int, str] = ((), 0, "")  # to move, since, last
        self._n = 0
        self._moves = 0  # the moves in the referee's log up to ``_counted``
        self._counted = 0
        self._epoch_sent = -1  # the host's connection they were last sent on
        self._began: dict[int, int] = {}  # seat to move -> the moves made when its turn began
        self._fresh = True  # nothing followed yet (a new game, or one resumed)

    def moves(self, referee: Referee[Any]) -> int:
        """How many moves the seats made (take-backs too), counted as the log grows."""
        log = referee.log
        if len(log) < self._counted:  # another game's referee: count again
            self._moves = self._counted = 0
        for env in log[self._counted :]:
            if self.rules.command_for(env.event) is not None or isinstance(env.event, Undone):
                self._moves += 1
        self._counted = len(log)
        return self._moves

    def _turns_began(self, referee: Referee[Any], to_move: list[int], moves: int) -> None:
        """When the turn of each seat to move began (seats from 1): now for a seat that was
        not to move before; for those to move when this host began (a table resumed), after
        the last move of another seat in the log."""
        began = {seat: self._began[seat] for seat in to_move if seat in self._began}
        for seat in to_move:
            if seat not in began:
                fresh = self._fresh and moves > 0
                began[seat] = self._moves_before_other(referee, seat - 1, moves) if fresh else moves
        self._began, self._fresh = began, False

    def _moves_before_other(self, referee: Referee[Any], seat: int, moves: int) -> int:
        """The moves made up to the last one by a seat other than ``seat`` (from 0)."""
        for env in reversed(referee.log):
            if self.rules.command_for(env.event) is None and not isinstance(env.event, Undone):
                continue
            if env.seat is not None and env.seat != seat:
                return moves
            moves -= 1
        return moves

    def update(self, referee: Referee[Any] | None) -> None:
        """Publish what changed since the last update (after events, or a seat changing hands)."""
        if referee is None:
            return
        to_move = [] if referee.ended else [s + 1 for s in self.rules.to_move(referee.state)]
        again = self.epoch() != self._epoch_sent  # a new connection: every message again
        self._epoch_sent = self.epoch()
        moves = self.moves(referee)
        if tuple(to_move) != self._moved[0]:
            last = last_move(self.rules, referee.log, referee.players)
            self._moved = (tuple(to_move), self.now(), last)
            self._turns_began(referee, to_move, moves)
        holders: dict[str, int] = {}
        for seat, card in enumerate(self.seating.seats):
            if card.client is not None:
                holders[card.client] = seat
        clock: dict[str, Any] | None = None
        for client, seat in holders.items():
            message: dict[str, Any] = {
                "table": self.table,
                "game": self.rules.game,
                "title": english_title(self.rules),
                "seat": seat + 1,
                "players": list(referee.players),
                "to_move": to_move,
                "your_turn": seat + 1 in to_move,
                "status": "over" if referee.ended else "playing",
                "last": self._moved[2],
                "moves": moves,
                "turn": self._began.get(seat + 1),
            }
            said = json.dumps(message, ensure_ascii=False)
            if again or self._sent.get(client) != said:
                if clock is None:
                    clock = self.clocks() or {}
                self._n += 1
                message.update(since_ms=self._moved[1], clock=clock or None,
                               epoch=self.epoch(), n=self._n)  # fmt: skip
                data = json.dumps(message, ensure_ascii=False).encode()
                if self.retain(topics.turns(self.table, client), data):
                    self._sent[client] = said
                else:  # sent at the next update, or the next connection
                    self._sent.pop(client, None)
                    self._epoch_sent = -1
        for client in [c for c in self._sent if c not in holders]:
            self.retain(topics.turns(self.table, client), b"")
            del self._sent[client]

    def cleared(self) -> list[tuple[str, bytes, bool]]:
        """The last messages of a closing table: every turn message taken away."""
        return [(topics.turns(self.table, client), b"", True) for client in sorted(self._sent)]


MOST_BYTES = 16 * 1024  # a turn message is a few hundred bytes
MOST_DEPTH = 8  # … and nested three deep (a clock's lists)


class NotATurn(ValueError):
    """A payload on a turn topic that is not a turn message: one line says why."""


def read(topic: str, payload: bytes) -> tuple[str, dict[str, Any]] | None:
    """The signer's public key (hex: the table's, as its lobby card gives it; its id is made
    from it: :func:`net.wire.topics.certifies`) and the turn message of a received payload;
    ``None`` for a cleared message. Anything else (not soundly signed, not JSON, too big, or
    nested deeper than a turn message ever is: anyone may retain such a thing on any topic)
    raises :class:`NotATurn` with one line, never anything else."""
    if not payload:
        return None
    opened = open_frame(topic, payload)
    if opened is None:
        raise NotATurn(f"{topic}: not signed, or not by the key it names")
    key, data = opened
    return key.hex(), parse(topic, data)


def parse(topic: str, data: bytes) -> dict[str, Any]:
    """The turn message in ``data`` (its JSON, the signature taken off), or :class:`NotATurn`
    with one line: not JSON, too big, nested deeper than a turn message ever is."""
    if len(data) > MOST_BYTES:
        raise NotATurn(f"{topic}: {len(data)} bytes, more than a turn message ({MOST_BYTES})")
    if _depth(data) > MOST_DEPTH:
        raise NotATurn(f"{topic}: nested deeper than a turn message ({MOST_DEPTH} levels)")
    try:
        message = json.loads(data)
    except ValueError as exc:
        raise NotATurn(f"{topic}: not JSON ({exc})") from None
    if not isinstance(message, dict):
        raise NotATurn(f"{topic}: not a JSON object")
    return message


def order_of(message: dict[str, Any]) -> tuple[int, int]:
    """The (epoch, n) of a turn message: of two, the newer has the greater ((0, 0) for a host
    from before they were ordered)."""
    epoch, n = message.get("epoch", 0), message.get("n", 0)
    if not isinstance(epoch, int) or not isinstance(n, int):
        return (0, 0)
    return (epoch, n)


def _depth(data: bytes) -> int:
    """How deep ``[`` and ``{`` nest in JSON text (outside strings), read before parsing it:
    Python's parser recurses once a level and fails with RecursionError past ~1,000."""
    deepest = depth = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MOST_DEPTH:
                return deepest
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest
