"""Export a log: JSON Lines (one event per line, jq-friendly), JSON, msgpack, or a transcript.

Each export is per seat (what that seat may see) or fully revealed (``seat=None`` on a finished
game, or a spectator's view of an unfinished one). While a game that hides cards is unfinished,
a seat's view is for that seat's own terminal only: :func:`check_seat` refuses it here.

An event the rules cannot project or describe is a :class:`ReplayError` naming it.

The data exports are the same in every language (their keys and values are the log's own); the
transcript is in the language spoken (``caldera export --format text --lang de``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from core.clock import describe as table_sentence
from core.codec import Envelope, envelope_to_wire, pack
from core.errors import ReplayError
from core.fold import rules_of
from core.follower import Follower
from core.language import Translator
from core.lifecycle import GameEnded, GameStarted, TableEvent
from core.options import options_words
from core.protocol import Rules
from replays.chat_log import ChatLine

T = Translator("cli")
_, ngettext = T.gettext, T.ngettext

FORMATS = ("jsonl", "json", "msgpack", "text")


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, bytes):
        return value.hex()
    return value


def hides_something(rules: Rules[Any], envelopes: Sequence[Envelope]) -> bool:
    """Whether a spectator sees less of this log than everything (cards in hand, say)."""
    return any(rules.project(env.event, None) != env.event for env in envelopes)


def check_seat(envelopes: Sequence[Envelope], seat: int | None) -> None:
    """Refuse one seat's view of an unfinished game that hides cards (``ReplayError``)."""
    if seat is None or not envelopes or isinstance(envelopes[-1].event, GameEnded):
        return
    started = envelopes[0].event
    if isinstance(started, GameStarted) and hides_something(rules_of(started), envelopes):
        raise ReplayError(
            _(
                "the game is unfinished and its hands are secret: a seat's view is for that "
                "seat's own terminal (a spectator's view is not)"
            )
        )


def visible(envelopes: Sequence[Envelope], seat: int | None) -> Iterator[Envelope]:
    """The envelopes as ``seat`` may see them (``None``: a spectator, or all after the end)."""
    if not envelopes:
        return
    started = envelopes[0].event
    if not isinstance(started, GameStarted):
        yield from envelopes
        return
    rules = rules_of(started)
    finished = isinstance(envelopes[-1].event, GameEnded)
    for env in envelopes:
        if seat is None and finished:
            yield env
            continue
        try:
            seen = rules.project(env.event, seat)
        except Exception as exc:  # an event the rules cannot read: one line, never a traceback
            raise _unreadable(env, exc) from None
        yield Envelope(env.seq, seen, env.prev)


def _unreadable(env: Envelope, exc: Exception) -> ReplayError:
    return ReplayError(
        _("event {seq} ({kind}) does not fit the game: {why}").format(
            seq=env.seq, kind=env.type, why=exc
        )
    )


def to_jsonl(envelopes: Sequence[Envelope], seat: int | None = None) -> str:
    return "".join(
        json.dumps(_jsonable(envelope_to_wire(env)), ensure_ascii=False) + "\n"
        for env in visible(envelopes, seat)
    )


def to_json(
    envelopes: Sequence[Envelope],
    header: dict[str, Any],
    seat: int | None = None,
    chat: Sequence[ChatLine] | None = None,
) -> str:
    """One document: the header, the events and, with ``chat``, the table's chat kept beside
    the replay (:mod:`replays.chat_log`: never part of the events)."""
    doc: dict[str, Any] = {
        "header": _jsonable(header),
        "events": [_jsonable(envelope_to_wire(env)) for env in visible(envelopes, seat)],
    }
    if chat is not None:
        doc["chat"] = [line.to_json() for line in chat]
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def chat_text(chat: Sequence[ChatLine]) -> str:
    """The table's chat as a text export's last part, in the language spoken."""
    n = len(chat)
    lines = [
        ngettext("Chat at the table ({n} line)", "Chat at the table ({n} lines)", n).format(n=n)
    ]
    for line in chat:
        if line.timed_out is not None:
            text = _("a moderator timed {name} out for {minutes} minutes: {reason}").format(
                name=line.name, minutes=line.timed_out, reason=line.text or "-"
            )
        elif line.room == "spectators":
            text = _("{name} (watching): {text}").format(name=line.name, text=line.text)
        else:
            text = _("{name}: {text}").format(name=line.name, text=line.text)
        lines.append(f"  {text}")
    return "\n".join(lines) + "\n"


def to_msgpack(envelopes: Sequence[Envelope], seat: int | None = None) -> bytes:
    return b"".join(pack(envelope_to_wire(env)) for env in visible(envelopes, seat))


def _started(rules: Rules[Any], event: GameStarted) -> str:
    """Its first line: "Game started: 2 players; advanced game" (options in the room's words)."""
    words = options_words(getattr(rules, "options", ()), event.config)
    n = len(event.players)
    if not words:
        return ngettext("Game started: {n} player", "Game started: {n} players", n).format(n=n)
    return ngettext(
        "Game started: {n} player; {options}", "Game started: {n} players; {options}", n
    ).format(n=n, options=", ".join(words))


def to_text(envelopes: Sequence[Envelope], seat: int | None = None) -> str:
    """A readable transcript: one numbered sentence per event, in the language spoken."""
    if not envelopes or not isinstance(envelopes[0].event, GameStarted):
        return ""
    started = envelopes[0].event
    rules: Rules[Any] = rules_of(started)
    names = started.players
    lines = [
        _("{game} — {players} — seed hash {hash}…").format(
            game=rules.title, players=", ".join(names), hash=started.seed_hash[:16]
        ),
    ]
    follower = Follower(rules)  # the position each event happens in, as the reader may know it
    for env in visible(envelopes, seat):
        event = env.event
        if isinstance(event, GameStarted):
            text = _started(rules, event)
        elif isinstance(event, GameEnded):
            text = _("Game over; seed revealed: {seed}").format(seed=event.seed)
        elif isinstance(event, TableEvent):
            text = table_sentence(event, names)
        else:
            try:
                text = rules.describe_in(follower.state, event, names)  # which option was chosen
            except Exception as exc:  # an event the rules cannot read: one line
                raise _unreadable(env, exc) from None
        try:
            follower.follow(env)
        except Exception as exc:
            raise _unreadable(env, exc) from None
        lines.append(f"{env.seq:5d}  {text}")
    return "\n".join(lines) + "\n"
