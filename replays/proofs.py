"""Proof records: who played what at a hosted table, signed, kept beside its replay.

A replay's hash chain shows that no event was lost or moved, and the audit that every draw came
from the seed; neither says who played a move (anyone may edit a move for another legal one and
rebuild the chain). So a table's host keeps ``<replay>.proofs`` beside the file, one JSON line
per record:

- ``{"kind": "host", "table": …, "key": …}``: the host's public key;
- ``{"kind": "command", "seq": N, "seat": S, "key": …, "expected_seq": …, "command": …,
  "sig": …}``: the command whose events begin at event N, exactly as seat S's holder signed it
  (Ed25519, over the table, seat, ``expected_seq`` and the command's bytes), with their key;
- ``{"kind": "head", "seq": N, "hash": …, "sig": …}``: the host's signature of event N's hash
  (so of the whole chain up to it), at most a second after it published that event (with the
  state hash), and for the last event once the game ends or the table closes;
- ``{"kind": "seat", "seat": S, "key": …, "sig": …}``: the host's word that the key took seat
  S (written as the game begins, for every seat a key holds);
- ``{"kind": "standin", "seq": N, "seat": S, "sig": …}``: the host's word that its own bot
  played the command whose events begin at N for seat S's holder (a stand-in).

:func:`check` tells, for a replay and its proofs, which seats' commands their holders signed,
and finds any event that differs from what was signed. A seat a key took stays that key's: a
command of it that its holder did not sign, and that no stand-in record claims, is a problem
(a host that swapped a player's moves for its bots' cannot pass them off as its own seats').
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import nacl.exceptions
import nacl.signing

from core.codec import Envelope, command_from_wire, pack, short_hash, unpack
from core.errors import CalderaError
from core.fold import rules_of
from core.lifecycle import GameEnded, GameStarted

SUFFIX = ".proofs"
_COMMAND = b"caldera-command-v1\x00"
_HEAD = b"caldera-head-v1\x00"
_SEAT = b"caldera-seat-v1\x00"
_STANDIN = b"caldera-standin-v1\x00"


def path_for(replay: Path) -> Path:
    return replay.with_name(replay.name + SUFFIX)


def command_data(table: str, seat: int, expected_seq: int, command: bytes) -> bytes:
    """What a seat's holder signs for a command (``command``: its packed wire form)."""
    return _COMMAND + pack([table, seat, expected_seq]) + command


def head_data(table: str, seq: int, digest: str) -> bytes:
    """What the host signs after publishing event ``seq`` (``digest``: that event's hash)."""
    return _HEAD + pack([table, seq, digest])


def seat_data(table: str, seat: int, key: str) -> bytes:
    """What the host signs as the game begins: the key (hex) ``key`` holds seat ``seat``."""
    return _SEAT + pack([table, seat, key])


def standin_data(table: str, seq: int, seat: int) -> bytes:
    """What the host signs for a command its stand-in played for seat ``seat``'s holder."""
    return _STANDIN + pack([table, seq, seat])


def verify(key: bytes, data: bytes, signature: bytes) -> bool:
    try:
        nacl.signing.VerifyKey(key).verify(data, signature)
    except (nacl.exceptions.BadSignatureError, nacl.exceptions.CryptoError, ValueError, TypeError):
        return False
    return True


def files_of(replay: Path | None) -> list[Path]:
    """A replay's file and its proofs' (none without a replay): what a host syncs to the disk."""
    return [] if replay is None else [replay, path_for(replay)]


class ProofWriter:
    """Appends proof records to a replay's ``.proofs`` file (flushed as written)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = path.open("a", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        if self._file is not None:
            self._file.write(json.dumps(record, separators=(",", ":")) + "\n")
            self._file.flush()

    def close(self) -> None:
        file, self._file = self._file, None
        if file is not None:
            file.close()


@dataclass
class ProofReport:
    """What the proofs show: each seat's signing key and how many of its commands are signed
    (``signed``), commands played for a seat by the host's bots (``by_host``), the last event
    the host signed, and every problem found."""

    found: bool = False
    table: str = ""  # the table the host kept them for
    host_key: str = ""
    keys: dict[int, str] = field(default_factory=dict)
    signed: dict[int, int] = field(default_factory=dict)
    by_host: dict[int, int] = field(default_factory=dict)
    by_host_at: list[tuple[int, int]] = field(default_factory=list)  # (event, seat) of each
    holders: dict[int, str] = field(default_factory=dict)  # seat -> the key that took it
    by_standin: dict[int, int] = field(default_factory=dict)  # a stand-in's, for a holder
    last_signed: int = -1
    unsigned: tuple[int, int] | None = None  # an unfinished game's last events, not signed yet
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def check(
    replay: Path, envelopes: Sequence[Envelope], wire: Sequence[bytes], *, expected: bool = False
) -> ProofReport:
    """Check ``replay``'s proofs against its events (and their bytes, ``wire``); a replay
    without proofs (a local game) gives ``found=False`` and no problem, unless its header says
    its host kept them (``expected``): then their absence is the problem."""
    report = ProofReport()
    try:
        lines = path_for(replay).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        if expected:
            report.problems.append(
                f"its host kept proofs of who played, but {path_for(replay).name} is missing"
            )
        return report
    except OSError as exc:
        report.problems.append(f"its proofs cannot be read: {exc}")
        return report
    report.found = True
    try:
        records = [json.loads(line) for line in lines if line.strip()]
    except ValueError:
        records = []
        with contextlib.suppress(ValueError):  # a torn last line: keep the whole ones
            records = [json.loads(line) for line in lines[:-1] if line.strip()]
    host = next((r for r in records if isinstance(r, dict) and r.get("kind") == "host"), None)
    if host is None or not envelopes or not isinstance(envelopes[0].event, GameStarted):
        report.problems.append("its proofs name no host")
        return report
    try:
        rules = rules_of(envelopes[0].event)
        table, host_key = str(host["table"]), bytes.fromhex(host["key"])
        report.host_key, report.table = host["key"], table
        commands: dict[int, dict[str, Any]] = {}
        standins: set[tuple[int, int]] = set()  # (event, seat) the host's stand-in played
        after = -1  # the event of the head before this one
        for record in records:
            kind = record.get("kind")
            if kind == "head":
                seq = int(record["seq"])
                signed = verify(
                    host_key, head_data(table, seq, record["hash"]), bytes.fromhex(record["sig"])
                )
                if not signed:
                    report.problems.append(f"event {seq}: a head proof the host did not sign")
                elif seq >= len(wire) or short_hash(wire[seq]) != record["hash"]:
                    report.problems.append(_not_signed(after + 1, seq))
                else:
                    report.last_signed = max(report.last_signed, seq)
                after = seq
            elif kind == "command":
                commands[int(record["seq"])] = record
            elif kind == "seat":
                taken, holder = int(record["seat"]), str(record["key"])
                said = seat_data(table, taken, holder)
                if not verify(host_key, said, bytes.fromhex(record["sig"])):
                    report.problems.append(f"seat {taken + 1}: a seat proof the host did not sign")
                else:
                    report.holders.setdefault(taken, holder)
            elif kind == "standin":
                at, played = int(record["seq"]), int(record["seat"])
                if verify(host_key, standin_data(table, at, played), bytes.fromhex(record["sig"])):
                    standins.add((at, played))
        unproven: dict[int, list[int]] = {}  # a holder's seat -> its commands nobody proved
        for env in envelopes[1:]:
            command = rules.command_for(env.event)
            seat = getattr(env.event, "seat", None)
            if command is None or not isinstance(seat, int):
                continue
            proof = commands.get(env.seq)
            if proof is None and (env.seq, seat) in standins:
                report.by_standin[seat] = report.by_standin.get(seat, 0) + 1
                report.by_host_at.append((env.seq, seat))
                continue
            if proof is None and seat in report.holders:
                unproven.setdefault(seat, []).append(env.seq)
                continue
            if proof is None:
                report.by_host[seat] = report.by_host.get(seat, 0) + 1
                report.by_host_at.append((env.seq, seat))
                continue
            key, body = bytes.fromhex(proof["key"]), bytes.fromhex(proof["command"])
            data = command_data(table, seat, int(proof["expected_seq"]), body)
            if int(proof["seat"]) != seat or not verify(key, data, bytes.fromhex(proof["sig"])):
                report.problems.append(f"event {env.seq}: seat {seat + 1}'s proof is not signed")
                continue
            _, signed_command = command_from_wire(unpack(body))
            if signed_command != command:
                report.problems.append(
                    f"event {env.seq}: seat {seat + 1} signed another command than the log's"
                )
                continue
            holder = report.holders.get(seat, proof["key"])
            if report.keys.setdefault(seat, holder) != proof["key"]:
                report.problems.append(f"event {env.seq}: seat {seat + 1} signed with another key")
                continue
            report.signed[seat] = report.signed.get(seat, 0) + 1
        for seat, events in sorted(unproven.items()):
            report.problems.append(_unproven(seat, report.holders[seat], events))
    except (KeyError, TypeError, ValueError, AttributeError, CalderaError) as exc:
        report.problems.append(f"its proofs are not readable ({type(exc).__name__}: {exc})")
        return report
    if not report.problems and report.last_signed < len(envelopes) - 1:
        tail = (report.last_signed + 1, len(envelopes) - 1)
        if isinstance(envelopes[-1].event, GameEnded):
            report.problems.append(f"events {tail[0]}–{tail[1]} are not signed by the host")
        else:  # the host signs at most once a second: a host that stopped left these unsigned
            report.unsigned = tail
    return report


def _unproven(seat: int, key: str, events: Sequence[int]) -> str:
    """The problem of a seat a key took whose commands its holder did not sign."""
    shown = ", ".join(map(str, events[:5])) + (", …" if len(events) > 5 else "")
    plural = "s" if len(events) != 1 else ""
    return (
        f"seat {seat + 1} was taken with key {_fingerprint(key)}, but {len(events)} of its "
        f"command{plural} (event{plural} {shown}) are not proven: neither signed by that key "
        "nor a stand-in's"
    )


def _fingerprint(key: str) -> str:
    """``k:3f9a2c71``, as :func:`net.trust.keys.fingerprint` shows a key (``key``: hex)."""
    try:
        return "k:" + hashlib.blake2b(bytes.fromhex(key), digest_size=4).hexdigest()
    except ValueError:
        return repr(key[:16])


def _not_signed(first: int, last: int) -> str:
    """The problem of a signed head that the log's event ``last`` does not match: an event
    since the head before (``first`` on) differs from the one the host signed."""
    if first >= last:
        return f"event {last}: not the event the host signed"
    return f"events {first}–{last}: one differs from what the host signed"
