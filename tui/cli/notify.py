"""``caldera notify``: the bridge that tells players away from the terminal of their turns, their
clocks and their games' ends (a webhook, an ntfy-style topic, email), from the ``[notify]``
table of the config file (:mod:`tui.settings.notify`); it runs until Ctrl-C or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.errors import CalderaError
from core.language import N_, Translator
from tui.cli import network, shared
from tui.cli.command import Command, Parser, say

_ = Translator("cli").gettext

JOURNAL = "notices.json"
RETRY = 5.0  # seconds between two tries of a broker that did not answer at the start


def _notify_flags(p: Parser, games: Sequence[str]) -> None:
    p.add_argument("--journal", type=Path, default=None, metavar="FILE",
                   help=_("what is owed and sent (default: {file}, data folder)").format(
                       file=JOURNAL))  # fmt: skip
    read = _("the config file to read [notify] from (default: config.toml)")
    p.add_argument("--config", type=Path, default=None, metavar="FILE", help=read)
    shared.broker(p)


def _run_notify(args: argparse.Namespace) -> int:
    from net.trust.identity import read_only
    from replays.data_dir import data_dir
    from tui.settings.notify import load_notify

    config = network.setup(args)
    me = config.broker.username
    if me is None:
        mine = read_only()
        me = mine[0] if mine is not None else None
    settings = load_notify(me or "", args.config)  # a bad table is one line, before connecting
    if not settings.club and not me:
        raise CalderaError(_("no identity to follow yet: take a seat at a table first, or name "
                             "the players in [notify.players]"))  # fmt: skip
    journal = args.journal if args.journal is not None else data_dir() / JOURNAL
    return network.run(_notify(config, settings, journal))


async def _notify(config: Any, settings: Any, path: Path) -> int:
    from net.club.notice_senders import Senders
    from net.club.notices import Bridge, Journal
    from net.errors import NetError
    from net.seat.taken import seats_taken

    journal = Journal(path)
    if journal.problem:
        say(journal.problem)

    def mine(player: str, table: str) -> bool:
        return table in seats_taken(player)

    async with Senders(smtp=settings.smtp) as senders:
        said = False
        while True:  # a bridge started before its broker (at boot, say) waits for it
            bridge = Bridge(
                config.broker,
                settings.wants,
                journal,
                senders.send,
                mine=None if settings.club else mine,
                told=lambda line: print(line, flush=True),
            )
            try:
                await bridge.open()
                break
            except NetError as exc:
                if not said:
                    say(_("{reason}; trying again every {seconds} s").format(
                        reason=exc, seconds=f"{RETRY:g}"))  # fmt: skip
                    said = True
                await asyncio.sleep(RETRY)
        try:
            names = ", ".join(w.player for w in settings.wants)
            owed = len(journal.owed)
            following = _("notify: following the turns of {players} on {broker}").format(
                players=names, broker=config.broker)  # fmt: skip
            if owed:
                following += _("; {n} notices owed").format(n=owed)
            print(following, flush=True)
            await asyncio.Event().wait()
        finally:
            await bridge.close()
    return 0


COMMANDS = (
    Command(
        "notify",
        N_("turn notices by webhook, ntfy or email"),
        _notify_flags,
        _run_notify,
    ),
)
