"""What the network commands share: running one until Ctrl-C or SIGTERM, the config and logging
they start from, the embedded broker, a table card's seats in one line."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Coroutine
from typing import Any

from core.errors import CalderaError
from core.language import Translator
from tui.cli import flags
from tui.cli.command import say

_ = Translator("cli").gettext


def run(coro: Coroutine[Any, Any, int]) -> int:
    """Run ``coro``; SIGTERM cancels it like Ctrl-C, so tables close cleanly either way; a
    second signal while they close stops the process at once (their Last Wills then say the
    host is gone, and the unfinished games resume later as after a crash)."""

    async def main() -> int:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        signals = 0

        def stop() -> None:
            nonlocal signals
            signals += 1
            if signals == 1 and task is not None:
                say(_("stopping (a second Ctrl-C or SIGTERM stops at once)"))
                task.cancel()
            else:
                say(_("stopped at once, without closing the tables"))
                os._exit(130)

        if task is not None:
            for number in (signal.SIGTERM, signal.SIGINT):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.add_signal_handler(number, stop)
        try:
            return await coro
        except asyncio.CancelledError:
            return 130

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130


def setup(args: argparse.Namespace) -> Any:
    from net.config import load

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("caldera: %(message)s"))
    net_log = logging.getLogger("caldera.net")
    net_log.addHandler(handler)
    net_log.setLevel(logging.INFO if getattr(args, "verbose", False) else logging.WARNING)
    logging.getLogger("mqtt").setLevel(logging.CRITICAL)  # aiomqtt's own chatter
    return load(getattr(args, "broker", None))


def run_with_broker(config: Any, work: Callable[[], Coroutine[Any, Any, int]]) -> int:
    """:func:`run` ``work()``, beside an embedded broker when none answers at the config's
    address (it stops when the work ends)."""
    from net.link.broker import ensure_broker

    embedded = ensure_broker(config.broker, announce=say)
    try:
        return run(work())
    finally:
        if embedded is not None:
            embedded.stop()


def seat_line(card: Any) -> str:
    """Each seat from 1, who holds it: ``1: Ann, 2: Bob (away) [random bot standing in], 3:
    (open)``."""
    parts = []
    for i, seat in enumerate(card.seats):
        if seat.is_open:
            parts.append(_("{seat}: (open)").format(seat=i + 1))
            continue
        said = _("{seat}: {player}") if seat.online else _("{seat}: {player} (away)")
        said = said.format(seat=i + 1, player=seat.name)
        if seat.standin:
            said = _("{seat_and_player} [{bot} bot standing in]").format(
                seat_and_player=said, bot=seat.standin
            )
        parts.append(said)
    return ", ".join(parts)


def check_options(args: argparse.Namespace) -> None:
    """The table's game and options as given on the command line, checked before anything
    opens (``CalderaError`` with one line)."""
    from core.games import get_rules

    try:
        get_rules(args.game).config(args.seats, flags.chosen(args, args.game, args.seats))
    except KeyError as exc:
        raise CalderaError(str(exc.args[0])) from None
    except ValueError as exc:
        raise CalderaError(str(exc)) from None
