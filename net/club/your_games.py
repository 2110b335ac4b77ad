"""Your games: every table of the club where this identity holds a seat, with whose move it is,
your time left and the last move: what the menu's *Your games* and ``caldera games`` show.
Only seats this machine took count (:mod:`net.seat.taken`): a stranger's table that names my
key is not mine.

Derived from what the lobby already follows (:class:`net.club.lobby.Lobby` with ``turns=True``):
the tables' cards (who sits where, the clocks) and this identity's retained turn messages
(:mod:`net.table.turns`: whose move, since when, the last move). Nothing here is kept: it is a view
of those, recomputed at each change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.clock import show_left
from core.language import Translator
from core.titles import title_of
from net.wire.messages import TableListing

_ = Translator("net").gettext


@dataclass(frozen=True)
class MyTable:
    """One table where I hold ``seat`` (seats count from 0 here)."""

    table: str
    game: str
    title: str
    seat: int
    players: tuple[str, ...]
    status: str  # open, playing, over
    to_move: tuple[int, ...] = ()
    since_ms: int | None = None
    last: str = ""
    clocks: Mapping[str, Any] | None = None  # as a table card gives them
    listed: bool = True  # its card is in the lobby (False: only its turn message is left)

    @property
    def your_turn(self) -> bool:
        return self.status == "playing" and self.seat in self.to_move

    def left_ms(self, now_ms: int) -> int | None:
        """My time left at ``now_ms`` (``None``: the table has no clock)."""
        clocks = self.clocks
        if not clocks:
            return None
        left = clocks["left"]
        if self.seat >= len(left):
            return None
        mine = int(left[self.seat])
        if self.seat in clocks["running"]:
            mine -= max(0, now_ms - int(clocks["at"]))
        return mine

    def whose_move(self) -> str:
        """Whose move it is, in the reader's language: ``your move``, ``Ann to move``."""
        if self.status == "open":
            return _("waiting for players")
        if self.status == "over":
            return _("game over")
        if not self.listed:
            return _("its host does not answer")
        if self.your_turn:
            return _("your move")
        names = [self.players[s] for s in self.to_move if 0 <= s < len(self.players)]
        if not names:
            return "…"
        # TRANSLATORS: {players} is one name, or several with commas ("Ann, Bob")
        return _("{players} to move").format(players=", ".join(names))

    def line(self, now_ms: int) -> str:
        """One line: ``k3f9x2 Mauna Kea: your move, you have 1d 3h · Ann, Bob · last: …``."""
        move = self.whose_move()
        left = self.left_ms(now_ms)
        if left is not None and self.status == "playing":
            move = _("{move}, you have {left}").format(move=move, left=show_left(left))
        parts = [f"{self.table} {self.title}: {move}", ", ".join(self.players)]
        if self.last:
            parts.append(_("last: {move}").format(move=self.last))
        return " · ".join(parts)


STATUS = {"running": "playing", "closed": "over", "ended": "over"}


def my_tables(
    cards: Mapping[str, TableListing],
    turns: Mapping[str, Mapping[str, Any]],
    taken: Mapping[str, int],
) -> list[MyTable]:
    """Every table where this machine took a seat (``taken``: table → seat, from
    :func:`net.seat.taken.seats_taken`): mine to move first, then the longest waiting, then the
    rest by table id. A card's word that a table is over beats an older turn message."""
    out: list[MyTable] = []
    for table in sorted((set(cards) | set(turns)) & set(taken)):
        card = cards.get(table)
        turn = turns.get(table)
        seat = taken[table]
        players = tuple(s.name for s in card.seats) if card is not None else ()
        status = STATUS.get(card.status, card.status) if card else "playing"
        if turn is not None:
            players = tuple(str(p) for p in turn.get("players", players))
            if status != "over":
                said = str(turn.get("status", status))
                status = STATUS.get(said, said)
        clocks = (turn or {}).get("clock") or (card.clocks if card is not None else None)
        out.append(
            MyTable(
                table=table,
                game=card.game if card is not None else str((turn or {}).get("game", "")),
                title=title_of(
                    card.game if card is not None else str((turn or {}).get("game", "")),
                    card.title if card is not None else str((turn or {}).get("title", "")),
                ),
                seat=seat,
                players=players,
                status=status,
                to_move=tuple(int(s) - 1 for s in (turn or {}).get("to_move", ())),
                since_ms=(turn or {}).get("since_ms"),
                last=str((turn or {}).get("last", "")),
                clocks=clocks,
                listed=card is not None,
            )
        )
    waiting = {t.table: t.since_ms or 0 for t in out}
    out.sort(key=lambda t: (not t.your_turn, t.status != "playing", waiting[t.table], t.table))
    return out
