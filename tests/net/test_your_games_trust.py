"""Your games lists only seats this machine took: a stranger's tables naming my identity and
key are not mine, a closed table's replayed turn message is not "your move", and a table whose
card is gone says its host does not answer."""

from __future__ import annotations

from typing import Any

import pytest

from net.club.your_games import my_tables
from net.seat import taken
from net.seat.taken import seats_taken, took_seat
from net.wire.messages import SeatListing, TableListing

ME, KEY = "c-me", "ab" * 32


def card(table: str, status: str = "running") -> TableListing:
    seats = (SeatListing("Me", ME, key=KEY), SeatListing("Eve", "c-eve", key="cd" * 32))
    return TableListing(table, "maunakea", "Mauna Kea", "t", "c-eve", status, seats)


def my_turn(table: str) -> dict[str, Any]:
    return {"table": table, "seat": 1, "players": ["Me", "Eve"], "to_move": [1],
            "status": "playing", "since_ms": 1, "last": ""}  # fmt: skip


def test_a_stranger_s_tables_naming_me_are_not_mine() -> None:
    cards = {f"s{i}": card(f"s{i}") for i in range(25)} | {"mine": card("mine")}
    turns = {f"s{i}": my_turn(f"s{i}") for i in range(25)}  # forged turn messages too
    assert my_tables(cards, turns, seats_taken(ME)) == []
    took_seat(ME, "mine", 0)
    (row,) = my_tables(cards, turns, seats_taken(ME))
    assert (row.table, row.seat) == ("mine", 0)
    assert seats_taken("c-other") == {}


def test_a_closed_table_s_old_turn_message_is_not_my_move() -> None:
    took_seat(ME, "done", 0)
    (row,) = my_tables({"done": card("done", "closed")}, {"done": my_turn("done")}, seats_taken(ME))
    assert row.status == "over" and not row.your_turn and row.whose_move() == "game over"


def test_a_table_whose_card_is_gone_says_its_host_does_not_answer() -> None:
    took_seat(ME, "away", 0)
    (row,) = my_tables({}, {"away": my_turn("away")}, seats_taken(ME))
    assert not row.listed and row.whose_move() == "its host does not answer"


def test_the_record_keeps_the_newest_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(taken, "MOST", 10)
    for i in range(15):
        took_seat(ME, f"t{i}", i % 4)
    took_seat(ME, "t5", 1)  # taken again: the newest now
    kept = seats_taken(ME)
    assert list(kept) == [f"t{i}" for i in range(6, 15)] + ["t5"] and kept["t5"] == 1
