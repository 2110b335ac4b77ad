"""The hint key: what the ``hard`` bot would play for the acting seat, worded as the rules word
it, with what it expects to gain. It thinks in the bots' worker pool (:mod:`core.search.workers`)
from the seat's own view, so the screen stays live and the hint knows nothing the seat does not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.bots import make_bot
from core.language import Translator, decimal
from core.protocol import Rules, Seat
from core.search import Decision, calibration, workers
from tui.lines.player import kind_of, lines_for

T = Translator("app")
_ = T.gettext

HINT_BOT = "hard"


async def think(rules: Rules[Any], view: Any, seat: Seat, seed: str) -> Decision:
    """The hard bot's decision for ``seat`` in its ``view`` (in a worker process)."""
    bot = make_bot(rules.game, HINT_BOT, seed)
    decision: Decision = await workers.shared().decide(bot, rules, view, seat)
    return decision


def hint_line(
    rules: Rules[Any],
    view: Any,
    seat: Seat,
    names: Sequence[str],
    decision: Decision,
    width: int | None = None,
) -> str:
    """``Hint: Ann played Airdrop · +2.5 pts · wins 61%``: the command as the log would say it,
    and what the hard bot expects of it (points gained in the next turns, and its winning chance
    where one was calibrated for the game: :mod:`core.search.calibration`).
    Within ``width`` columns the acting seat's name goes first, then the command's words are
    cut (``…``), never the figures."""
    command = decision.command
    words = next(
        (line.text for line in lines_for(rules, view, seat, names) if line.command == command),
        kind_of(command),
    )
    best = decision.best
    head = _("Hint: ")
    tail = _(" · {gain} pts").format(gain=decimal(best.gain, 1, signed=True))
    wins = calibration.chance(rules.game, HINT_BOT, best.win)
    if wins is not None:  # only a chance measured to mean what it says
        tail += _(" · wins {percent}%").format(percent=f"{100 * wins:.0f}")
    room = None if width is None else width - len(head) - len(tail)
    if room is not None and len(words) > room:
        words = words.removeprefix(f"{names[seat]} ") if seat < len(names) else words  # its own
    if room is not None and len(words) > room:
        words = words[: max(room - 1, 0)].rstrip(" ,;:·") + "…"
    return f"{head}{words}{tail}"
