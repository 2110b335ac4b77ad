"""A table opened again from its record: what its host kept apart when the game began.

When a table's game begins, its host keeps the game's secret seed, who sits where and the
table's terms in a record apart from the replay (:mod:`replays.unfinished`). A host that
stopped opens the table again from it (:meth:`net.table.host.TableHost.resume`): this module
reads the record into the table's rules, its seats and the host's terms, each checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import msgspec

from core.errors import CodecError, ReplayError
from core.protocol import Rules, Seat
from net.errors import NetError
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import SeatListing, from_plain
from replays import unfinished


def rules_of_game(game: str) -> Rules[Any]:
    from core.games import get_rules

    try:
        return get_rules(game)
    except KeyError as exc:
        raise ReplayError(str(exc.args[0])) from None


class KeptTable(NamedTuple):
    """A table as its record keeps it: its rules, its seats and the host's terms (the
    keywords of :class:`~net.table.host.TableHost` besides its address, rules and seats)."""

    rules: Rules[Any]
    seats: list[SeatListing]
    terms: dict[str, Any]


def kept_table(record: unfinished.Unfinished, given: Mapping[Seat, str]) -> KeptTable:
    """The table ``record`` keeps, with the seats ``given`` to other clients (the app's own,
    say: its key is the first that signs for it). A :class:`ReplayError` with one line if
    the record is not a table's or not readable."""
    if record.kind != "table":
        raise ReplayError(f"{record.replay.name} is a local game: caldera play --resume")
    notes = record.details
    try:
        cards = [from_plain(card, SeatListing) for card in notes["seats"]]
        terms = {
            "table": str(notes["table"]),
            "name": str(notes["name"]),
            "host": str(notes["host"]),
            "options": dict(notes["options"]),
            "replay_dir": record.replay.parent,
            "seed": record.seed,
            "bot_delay": float(notes.get("bot_delay", 0.0)),
            "standin": notes.get("standin"),
            "standin_after": float(notes.get("standin_after", 10.0)),
            "hints": notes.get("hints") is True,
            "notes": dict(notes.get("notes", {})),
            "keys": Keys.from_json(notes["host_keys"]) if "host_keys" in notes else None,
            "clock": str(notes.get("clock", "")),
            "on_timeout": str(notes.get("on_timeout", "bot_turn")),
            "rated": notes.get("rated") is True,
            "chat": notes.get("chat") is not False,
        }
        rules = rules_of_game(str(notes["game"]))
    except (KeyError, TypeError, ValueError, CodecError, NetError) as exc:
        raise unreadable(record, exc) from None
    for seat, client in given.items():
        client = topics.check_name(client, "client id")  # its key: the first that signs
        cards[seat] = msgspec.structs.replace(cards[seat], client=client, key=None)
    return KeptTable(rules, cards, terms)


def unreadable(record: unfinished.Unfinished, exc: Exception) -> ReplayError:
    """The one line for a record whose table cannot be made again."""
    return ReplayError(f"the record of {record.replay.name} is not readable ({exc})")
