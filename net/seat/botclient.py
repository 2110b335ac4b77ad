"""A bot at a networked table as an ordinary client: it holds its seat like a person would, sees
only what its seat may see, and its commands go through the host's checks like anyone's. While
the host is away it waits, like a person, and plays on when the host is back."""

from __future__ import annotations

import asyncio
import logging

from core.bots import Bot
from core.errors import IllegalCommand
from core.language import Translator
from core.search import workers
from net.errors import HostAway, NetError
from net.seat.session import NetSession

log = logging.getLogger("caldera.net")
_ = Translator("net").gettext


def _my_turn(session: NetSession) -> bool:
    seat, state, card = session.seat, session.state, session.card
    if seat is None or state is None or session.ended:
        return False
    if card is not None and seat < len(card.seats) and card.seats[seat].standin is not None:
        return False  # the host's bot is playing our seat for now
    return seat in session.rules.to_move(state)


async def play(session: NetSession, bot: Bot, *, delay: float = 0.0) -> None:
    """Play ``session``'s seat with ``bot`` until the game ends or the table closes."""
    seat = session.seat
    if seat is None:
        raise NetError(_("a bot needs a seat, not a spectator's chair"))
    wake = asyncio.Event()
    session.subscribe(lambda _envs: wake.set())
    session.subscribe_card(lambda _card: wake.set())
    session.subscribe_status(lambda _status: wake.set())
    while not session.ended and session.status != "table closed":  # internal
        if session.desync is not None:
            raise NetError(f"table {session.table}: {session.desync}")
        card = session.card
        if card is not None and card.seats[seat].key != session.keys.public.hex():
            raise NetError(
                _("table {table}: seat {n} is no longer ours").format(
                    table=session.table, n=seat + 1
                )
            )
        if not _my_turn(session) or session.status == "host away":  # internal
            wake.clear()
            await wake.wait()
            continue
        await asyncio.sleep(delay)
        if not _my_turn(session):
            continue
        seq = len(session.envelopes)
        command = await workers.shared().choose(bot, session.rules, session.state, seat)
        if len(session.envelopes) != seq or not _my_turn(session):
            continue  # news came while the bot thought: think again
        try:
            await session.submit(seat, command)
        except HostAway:  # it went in the meantime: wait for it to come back
            continue
        except IllegalCommand as exc:  # e.g. stale after a reconnect: wait for news, try again
            log.info("table %s: seat %d: %s", session.table, seat + 1, exc)
            if session.ended or session.status == "table closed":  # internal
                continue  # the news came with the refusal ("the table is closing")
            wake.clear()
            if session.status == "connected" and _my_turn(session):
                await asyncio.sleep(0.05)
            else:
                await wake.wait()
