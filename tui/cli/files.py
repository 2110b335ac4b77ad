"""Commands on replay files: ``export`` (a replay's events), ``review`` (how each seat played),
``state`` (the position at an event), ``verify`` (hash chain, re-fold, seed audit, who signed
what)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.language import N_, Translator, listed
from tui.cli import shared
from tui.cli.command import Command, Parser, fail

T = Translator("cli")
_, ngettext = T.gettext, T.ngettext


def _export_flags(p: Parser, games: Sequence[str]) -> None:
    shared.replay_file(p)
    p.add_argument(
        "--format",
        choices=("jsonl", "json", "msgpack", "text"),
        default="jsonl",
        help=_(
            "jsonl, json, msgpack: the log's data, the same in every language; text: its "
            "sentences, in the language of --lang (default: %(default)s)"
        ),
    )
    p.add_argument(
        "--seat", type=int, default=None, help=_("export what this seat (1-based) may see")
    )
    p.add_argument("--out", type=Path, default=None, help=_("write here instead of stdout"))
    p.add_argument(
        "--chat",
        action="store_true",
        help=_("with the table's chat kept beside the replay (json and text only)"),
    )


def _verify_flags(p: Parser, games: Sequence[str]) -> None:
    shared.replay_file(p)


def _state_flags(p: Parser, games: Sequence[str]) -> None:
    shared.replay_file(p)
    p.add_argument("--at", type=int, default=None, help=_("event number (default: the end)"))
    p.add_argument(
        "--seat", type=int, default=None, help=_("only what this seat (1-based) may know")
    )


def load(path: Path) -> Any:
    """Read a replay, saying in one line each what is wrong with the file (a torn tail, damage
    in the middle); an unreadable file is a ``CalderaError``."""
    from replays.file import read

    replay = read(path)
    for warning in replay.warnings:
        print(_("caldera: warning: {what}").format(what=warning), file=sys.stderr)
    return replay


def _status(replay: Any) -> int:
    """0, or 1 when the file was damaged (a torn tail): the work was done on the intact part,
    and scripts still notice."""
    return 1 if replay.warnings else 0


def _export(args: argparse.Namespace) -> int:
    from replays import export
    from replays.chat_log import read_chat
    from replays.check import playable
    from tui.settings.chat import heeded

    replay = load(args.file)
    playable(replay)
    envelopes = [*replay.envelopes, *replay.after_gap]  # never drop what could be read
    seat = None if args.seat is None else args.seat - 1
    if seat is not None and seat not in range(len(replay.header.players)):
        return fail(_("--seat is 1 to {n}").format(n=len(replay.header.players)))
    export.check_seat(envelopes, seat)
    if args.chat and args.format not in ("json", "text"):
        return fail(_("--chat goes with --format json or text"))
    chat = heeded(read_chat(args.file)) if args.chat else None  # as the player hears it
    data: str | bytes
    if args.format == "jsonl":
        data = export.to_jsonl(envelopes, seat)
    elif args.format == "json":
        data = export.to_json(envelopes, replay.header.to_wire(), seat, chat)
    elif args.format == "msgpack":
        data = export.to_msgpack(envelopes, seat)
    else:
        data = export.to_text(envelopes, seat) + (export.chat_text(chat) if chat else "")
    if args.out is not None:
        if isinstance(data, str):
            args.out.write_text(data, encoding="utf-8")
        else:
            args.out.write_bytes(data)
    elif isinstance(data, bytes):
        sys.stdout.buffer.write(data)
    else:
        sys.stdout.write(data)
    return _status(replay)


def _state(args: argparse.Namespace) -> int:
    from replays.check import checked_timeline
    from replays.export import check_seat, hides_something

    replay = load(args.file)
    timeline = checked_timeline(replay.envelopes, replay.path.name)  # checked in its one fold
    at = len(timeline) - 1 if args.at is None else args.at
    if not 0 <= at < len(timeline):
        return fail(_("--at must be 0 … {last}").format(last=len(timeline) - 1))
    state = timeline.state_at(at)
    rules = timeline.rules
    if args.seat is not None:
        if args.seat - 1 not in range(len(replay.header.players)):
            return fail(_("--seat is 1 to {n}").format(n=len(replay.header.players)))
        check_seat(replay.envelopes, args.seat - 1)
        state = rules.view(state, args.seat - 1)
    elif replay.ended is None and hides_something(rules, replay.envelopes):
        print(
            _("caldera: the game is unfinished and hides cards: this is a spectator's view"),
            file=sys.stderr,
        )
        state = rules.view(state, None)
    doc = rules.dump_position(state)
    doc["at_event"] = at
    print(json.dumps(doc, ensure_ascii=False, indent=1))
    return _status(replay)


def _verify(args: argparse.Namespace) -> int:
    from core.audit import audit
    from replays import proofs

    replay = load(args.file)
    report = audit(replay.envelopes)
    name = args.file.name
    signed = proofs.check(args.file, replay.envelopes, replay.raw, expected=replay.header.proofs)
    if not report.ok or not signed.ok:
        for problem in report.problems + signed.problems:
            print(f"caldera: {name}: {problem}", file=sys.stderr)
        return 1
    seed = _("seed audited") if report.seed_checked else _("unfinished: seed not yet revealed")
    checked = (
        _(
            "hash chain intact, {commands} commands re-decided, {draws} draws re-drawn ({seed})"
        ).format(commands=report.commands, draws=report.draws, seed=seed)
        if not report.undos
        else ngettext(
            "hash chain intact, {commands} commands re-decided, {undos} take-back checked, "
            "{draws} draws re-drawn ({seed})",
            "hash chain intact, {commands} commands re-decided, {undos} take-backs checked, "
            "{draws} draws re-drawn ({seed})",
            report.undos,
        ).format(commands=report.commands, undos=report.undos, draws=report.draws, seed=seed)
    )
    if replay.warnings:  # what was cut or lost is said above, on stderr
        last = report.events - 1
        damaged = _(
            "{file}: DAMAGED — events 0–{last} check out ({checked}), the rest is not whole"
        )
        print(damaged.format(file=name, last=last, checked=checked))
        return 1
    print(
        _("{file}: OK — {n} events, {checked}").format(file=name, n=report.events, checked=checked)
    )
    if signed.found:
        unsigned = signed.unsigned
        if unsigned is None:
            hosted = _("every event signed by the host")
        else:
            first, last = unsigned
            hosted = (
                _(
                    "the host signed events 0–{before}, events {first}–{last} not yet (the game "
                    "is unfinished: its host stopped before signing them; resuming the table "
                    "signs them)"
                )
                if first
                else _(
                    "events {first}–{last} not yet (the game is unfinished: its host stopped "
                    "before signing them; resuming the table signs them)"
                )
            ).format(before=first - 1, first=first, last=last)
        who = _who_played(signed)
        print(_("{file}: who played: {who}; {hosted}").format(file=name, who=who, hosted=hosted))
    terms = _terms_line(report, replay.envelopes)
    if terms:
        print(f"{name}: {terms}")
    return 0


def _terms_line(report: Any, envelopes: Any) -> str:
    """What the table's own events came to (a table with terms): its terms, and the clock
    readings and timeouts the audit re-checked."""
    from core.clock import describe
    from core.lifecycle import ClockRead, TimeRanOut

    seated = report.book.seated
    if seated is None:
        return ""
    names = envelopes[0].event.players
    reads = sum(isinstance(env.event, ClockRead) for env in envelopes)
    outs = [env.event for env in envelopes if isinstance(env.event, TimeRanOut)]
    line = _("{terms}; {n} clock readings re-checked").format(
        terms=describe(seated, names), n=reads
    )
    if outs:
        said = "; ".join(describe(out, names) for out in outs)
        timeouts = ngettext(
            "{n} timeout re-checked: {which}", "{n} timeouts re-checked: {which}", len(outs)
        )
        line += ", " + timeouts.format(n=len(outs), which=said)
    return line


def _who_played(signed: Any) -> str:
    """``seat 1 signed 12 commands (key k:3f9a2c71), seat 2: 9 by the host's bots``."""
    from net.trust.keys import fingerprint

    seats = sorted({*signed.signed, *signed.by_host, *signed.by_standin})
    parts = []
    for seat in seats:
        words = []
        if seat in signed.signed:
            key = fingerprint(bytes.fromhex(signed.keys[seat]))
            said = _("signed {n} commands (key {key})")
            words.append(said.format(n=signed.signed[seat], key=key))
        if seat in signed.by_standin:
            said = _("{n} by a stand-in (the host's bot, for them)")
            words.append(said.format(n=signed.by_standin[seat]))
        if seat in signed.by_host:
            words.append(_("{n} unsigned (the host's bots)").format(n=signed.by_host[seat]))
        parts.append(_("seat {seat} {what}").format(seat=seat + 1, what=listed(words)))
    return ", ".join(parts) or _("no command")


def _review_flags(p: Parser, games: Sequence[str]) -> None:
    from tui.cli.review import review_flags

    review_flags(p, games)


def _review(args: argparse.Namespace) -> int:
    from tui.cli.review import run_review

    return run_review(args)


COMMANDS = (
    Command("export", N_("export a replay's events"), _export_flags, _export),
    Command(
        "review",
        N_("how each seat played: decisions judged, luck apart"),
        _review_flags,
        _review,
    ),
    Command("state", N_("the JSON position at an event"), _state_flags, _state),
    Command(
        "verify",
        N_("check a replay: hash chain, re-fold, seed audit"),
        _verify_flags,
        _verify,
    ),
)
