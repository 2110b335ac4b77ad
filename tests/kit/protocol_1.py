"""How a Caldera of protocol 1 (before every message had its tag) read what it was sent: its
readers, kept from ``net/wire/messages.py`` at 5ff65df as they were, trimmed to the checks
(plain maps in, plain maps out). The tests use them to show that such a Caldera lists today's
tables and servers and reads their refusals, so it meets one line, never silence."""

from __future__ import annotations

from typing import Any

from core.errors import BadPayload, Malformed

TABLE_STATUSES = ("open", "running", "over", "closed")


class _Reader:
    def __init__(self, obj: Any, what: str) -> None:
        if not isinstance(obj, dict):
            raise Malformed(f"{what}: expected a map, got {type(obj).__name__}")
        self.obj: dict[str, Any] = obj
        self.what = what

    def get(self, key: str, kinds: type | tuple[type, ...], optional: bool = False) -> Any:
        if key not in self.obj or self.obj[key] is None:
            if optional:
                return None
            raise Malformed(f"{self.what}: missing {key!r}")
        value = self.obj[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and kinds is int):
            raise BadPayload(f"{self.what}: {key!r} has the wrong type ({type(value).__name__})")
        return value


def seat(obj: Any) -> dict[str, Any]:
    r = _Reader(obj, "seat")
    return {"name": r.get("name", str), "online": r.get("online", bool),
            **{k: r.get(k, str, True) for k in ("client", "bot", "standin", "key")}}  # fmt: skip


def table_card(obj: Any) -> dict[str, Any]:
    """``TableListing.from_wire`` of protocol 1 (a card it cannot read, it ignores)."""
    r = _Reader(obj, "table card")
    if r.get("v", int) != 1:
        raise BadPayload("table card: unknown version")
    if r.get("status", str) not in TABLE_STATUSES:
        raise BadPayload("table card: 'status'")
    card = {k: r.get(k, str) for k in ("table", "game", "title", "name", "host")}
    card["seats"] = [seat(s) for s in r.get("seats", list)]
    card["options"] = r.get("options", dict)
    card.update({k: r.get(k, int) for k in ("epoch", "seq")})
    card.update({k: r.get(k, int, True) for k in ("watching", "n")})
    card.update({k: r.get(k, str, True) for k in ("key", "clock")})
    clocks = r.obj.get("clocks")
    if clocks is not None:
        c = _Reader(clocks, "table card's clocks")
        c.get("left", list), c.get("running", list), c.get("spec", str), c.get("at", int)
    return card


def host_message(obj: Any) -> tuple[str, dict[str, Any]]:
    """``host_message_from_wire`` of protocol 1, for the answers an old client is given."""
    r = _Reader(obj, "host message")
    kind = r.get("k", str)
    if kind == "refused":
        return kind, {"reason": r.get("reason", str), "n": r.get("n", str, True) or ""}
    if kind == "result":
        return kind, {"id": r.get("id", str, True), "ok": r.get("ok", bool),
                      "seq": r.get("seq", int), "reason": r.get("reason", str)}  # fmt: skip
    raise BadPayload(f"host message: unknown kind {kind!r}")


def server_card(obj: Any) -> dict[str, Any]:
    r = _Reader(obj, "server card")
    games = r.get("games", list)
    if not all(isinstance(g, str) for g in games):
        raise BadPayload("server card: 'games'")
    return {"server": r.get("server", str), "name": r.get("name", str), "games": games,
            "tables": r.get("tables", int),
            **{k: r.get(k, int, True) for k in ("commands", "at_ms", "epoch", "n")}}  # fmt: skip


def server_reply(obj: Any) -> dict[str, Any]:
    r = _Reader(obj, "server reply")
    card = r.obj.get("card")
    return {"id": r.get("id", str), "table": r.get("table", str, True),
            "reason": r.get("reason", str, True),
            "card": server_card(card) if card is not None else None}  # fmt: skip
