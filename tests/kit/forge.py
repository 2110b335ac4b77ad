"""Replay files as a forger (or a failing disk) would leave them, for the tests of bad files."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

from core.codec import GENESIS, short_hash
from replays.file import MAGIC

Edit = Callable[[list[dict[str, Any]], dict[str, Any]], None]  # (event maps, header map)


def offsets(data: bytes) -> list[int]:
    """Where each record starts: the header's, then event 0's, …"""
    pos, out = len(MAGIC), []
    while pos < len(data):
        out.append(pos)
        pos += 8 + struct.unpack_from(">I", data, pos)[0]
    return out


def records(data: bytes) -> list[bytes]:
    pos, out = len(MAGIC), []
    while pos < len(data):
        (size,) = struct.unpack_from(">I", data, pos)
        out.append(data[pos + 4 : pos + 4 + size])
        pos += 8 + size
    return out


def frame(payloads: list[bytes]) -> bytes:
    return MAGIC + b"".join(
        struct.pack(">I", len(p)) + p + struct.pack(">I", zlib.crc32(p)) for p in payloads
    )


def rebuilt(src: Path, dst: Path, edit: Edit) -> None:
    """``src`` edited as a forger would: the maps changed, then every checksum and every link of
    the hash chain written anew, so only the rules can tell."""
    payloads = records(src.read_bytes())
    header = msgpack.unpackb(payloads[0])
    events = [msgpack.unpackb(p) for p in payloads[1:]]
    edit(events, header)
    chained, prev = [], GENESIS
    for event in events:
        event["prev"] = prev
        data = msgpack.packb(event, use_bin_type=True)
        chained.append(data)
        prev = short_hash(data)
    dst.write_bytes(frame([msgpack.packb(header, use_bin_type=True), *chained]))


def set_header(key: str, value: Any) -> Edit:
    """An edit that sets one header field."""

    def edit(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
        header[key] = value

    return edit
