"""The lobby lines' numbers a club server keeps across a restart (:mod:`net.club.lobby_said`):
the newest of each key read back, a session of over a day dropped, an unreadable line skipped in
one line of the log, and the file kept small by writing it anew."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from net.club.lobby_said import SaidBook


def test_the_newest_number_of_each_key_is_read_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "servers" / "club.lobby-said.jsonl"
    book = SaidBook(path)
    assert book.read(0) == {} and not path.exists()
    numbers = book.read(0)
    for key, order in (("ann", (1000, 1)), ("bob", (1000, 1)), ("ann", (1000, 2)),
                       ("old", (10, 7)), ("ann", (2000, 1))):  # fmt: skip
        numbers[key] = order
        book.note(key, order, numbers)
    with path.open("a", encoding="utf-8") as file:
        file.write('not json\n["ann", 1, "x"]\n[[[[\n["bob", 1000')  # a line cut short at a crash
    again = SaidBook(path).read(500)
    assert again == {"ann": (2000, 1), "bob": (1000, 1)}  # "old" began before 500
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1 and "4 unreadable line(s) skipped" in warnings[0]
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted(lines) == [["ann", 2000, 1], ["bob", 1000, 1]]  # written anew


def test_the_file_is_written_anew_before_it_grows_large(tmp_path: Path) -> None:
    path = tmp_path / "said.jsonl"
    book = SaidBook(path)
    numbers = book.read(0)
    for n in range(1, 5000):
        numbers["ann"] = (1000, n)
        book.note("ann", (1000, n), numbers)
    assert len(path.read_text().splitlines()) <= 4 * 256
    assert SaidBook(path).read(0) == {"ann": (1000, 4999)}


def test_a_folder_that_cannot_be_written_is_told_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    book = SaidBook(blocker / "said.jsonl")  # a folder that is a file
    numbers = book.read(0)
    for n in range(1, 4):
        numbers["ann"] = (1000, n)
        book.note("ann", (1000, n), numbers)
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1 and "cannot keep the lobby lines' numbers" in warnings[0]


def test_every_key_of_the_day_is_read_back_none_forgotten(tmp_path: Path) -> None:
    """More keys than a table keeps (4,096): a key's number forgotten within its day would let
    its captured line be taken again after a restart."""
    path = tmp_path / "said.jsonl"
    book = SaidBook(path)
    numbers = book.read(0)
    for i in range(5000):
        numbers[f"key{i}"] = (1000 + i, 1)
        book.note(f"key{i}", (1000 + i, 1), numbers)
    again = SaidBook(path).read(1000)
    assert len(again) == 5000 and again["key0"] == (1000, 1)
    assert list(again)[-1] == "key4999", "the newest taken last"
