"""The menu's saved games as a player reads them: the game played last first, with when it was
last played; where it was played (a table across terminals, and who hosted it); a file damaged
in the middle says so and what can still be had from it; every cell whole at 80×24 and at 120
columns; snapshots at both sizes."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from core.bots import make_bot, play_out
from core.games import get_rules
from core.referee import Referee
from replays.file import Header, ReplayWriter
from replays.header import Table
from tests.kit.forge import offsets
from tui.app import CalderaApp
from tui.replay.library import played_words
from tui.screens.menu import MenuScreen

from .conftest import saved_games, screen_text, wait_for

FIXED_DATA_DIR = Path("/tmp/caldera-snapshot-saved-games")  # shown under the list: must not vary
Snap = Callable[..., bool]


def moment(day: int, hour: int = 12) -> float:
    """A moment of March 2024 (noon UTC: the same date in any time zone a test runs in)."""
    return dt.datetime(2024, 3, day, hour, tzinfo=dt.UTC).timestamp()


def save(
    path: Path,
    game: str,
    players: list[str],
    seed: str,
    *,
    commands: int = 1_000_000,
    table: Table | None = None,
    options: dict[str, Any] | None = None,
) -> Referee[Any]:
    rules = get_rules(game)
    referee = Referee(rules, rules.config(len(players), options or {}), players, seed=seed)
    header = Header.for_game(referee.started, table=table)
    writer = ReplayWriter.create(path, header)
    referee.sinks.append(writer.append)
    with writer:
        referee.begin()
        bots = {s: make_bot(game, "greedy", str(s)) for s in range(len(players))}
        play_out(referee, bots, max_commands=commands)
    return referee


def damage_in_the_middle(source: Path, target: Path) -> None:
    data = bytearray(source.read_bytes())
    at = offsets(bytes(data))
    data[at[len(at) // 2] + 6] ^= 0xFF
    target.write_bytes(bytes(data))


def fill(folder: Path) -> None:
    """Six files whose names sort in another order than when they were last played."""
    folder.mkdir(parents=True, exist_ok=True)
    mk = {"turn_limit": 6}
    save(folder / "a-local.caldera", "maunakea", ["Ana", "Bo"], "a", options=mk)
    save(
        folder / "b-table.caldera",
        "kilauea",
        ["Ann", "Bob", "Cy"],
        "b",
        table=Table("Ann's table", "Ann", "club.example.org:1883"),
        options={"turn_limit": 4},
    )
    save(folder / "c-unfinished.caldera", "arnak", ["Ann", "Bob"], "c", commands=12)
    damage_in_the_middle(folder / "a-local.caldera", folder / "d-damaged.caldera")
    (folder / "e-broken.caldera").write_bytes(b"not a replay at all")
    save(folder / "f-four.caldera", "arnak", ["Alexandra", "Bartholomew", "Cy", "Di"], "f")
    for name, day in (
        ("a-local", 2),
        ("b-table", 9),
        ("c-unfinished", 7),
        ("d-damaged", 5),
        ("e-broken", 1),
        ("f-four", 3),
    ):
        os.utime(folder / f"{name}.caldera", (moment(day), moment(day)))


NEWEST_FIRST = ["b-table", "c-unfinished", "d-damaged", "f-four", "a-local", "e-broken"]


@pytest.fixture
def folder(data_dir: Path) -> Path:
    fill(data_dir / "replays")
    return data_dir / "replays"


async def test_the_game_played_last_comes_first_with_when_it_was_played(folder: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        menu = await saved_games(pilot, 6)
        assert [e.path.stem for e in menu.entries] == NEWEST_FIRST
        await pilot.pause()
        text = screen_text(pilot)
        assert "Last played" in text and played_words(moment(9)) in text  # 09 Mar 2024
        assert "6 games in" in text and "game(s)" not in text


async def test_the_menu_shows_before_its_saved_games_are_read_and_reads_them_again_on_return(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu's first frame comes before the saved games are read (once, after it), and
    coming back to the menu reads them again (a game played meanwhile is listed)."""
    import tui.replay.library

    happened: list[str] = []
    listed = tui.replay.library.saved_replays
    monkeypatch.setattr(
        tui.replay.library, "saved_replays", lambda: happened.append("read") or listed()
    )
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    display = app._display

    def shown(screen: Any, renderable: Any) -> None:
        if renderable is not None and isinstance(screen, MenuScreen):
            happened.append("frame")
        display(screen, renderable)

    app._display = shown  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await saved_games(pilot, 6)
        assert happened[0] == "frame" and happened.count("read") == 1, happened
        await pilot.press("o")  # the file dialog over the menu, then back
        await wait_for(pilot, lambda: not isinstance(app.screen, MenuScreen), "the dialog")
        shutil.copy(folder / "a-local.caldera", folder / "g-copy.caldera")
        await pilot.press("escape")
        await saved_games(pilot, 7)
        assert happened.count("read") == 2, happened


async def test_a_table_says_where_it_was_played_and_who_hosted_it(folder: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        menu = await saved_games(pilot, 6)
        table, local = menu.entries[0], menu.entries[4]
        assert table.where == "table" and local.where == "here"
        await pilot.press("tab")  # the list; its first row: the table
        await pilot.pause()
        text = screen_text(pilot)
        assert "played at the table “Ann's table”, hosted by Ann" in text
        assert "club.example.org:1883" in text
        menu.query_one(DataTable).move_cursor(row=4)
        await pilot.pause()
        assert "a-local.caldera · played on this terminal" in screen_text(pilot)


async def test_a_file_damaged_in_the_middle_says_what_can_still_be_had(folder: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        menu = await saved_games(pilot, 6)
        damaged = menu.entries[2]
        assert damaged.path.stem == "d-damaged"
        assert damaged.result.startswith("damaged: ") and "events replay" in damaged.result
        assert damaged.state == "damaged" and not damaged.result.startswith("unfinished")
        await pilot.press("tab")
        menu.query_one(DataTable).move_cursor(row=2)
        await pilot.pause()
        text = " ".join(screen_text(pilot).split())
        assert "Damaged in the middle:" in text
        assert "whole event(s) after the damage cannot be replayed but" in text
        assert "caldera export d-damaged.caldera" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (100, 30)])
async def test_every_cell_of_the_list_is_whole(folder: Path, size: tuple[int, int]) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=size) as pilot:
        menu = await saved_games(pilot, 6)
        table = menu.query_one(DataTable)
        await pilot.pause()
        assert table.virtual_size.width <= table.size.width, "no column off to the right"
        shown = [col.label.plain for col in table.columns.values()]
        text = screen_text(pilot)
        for entry in menu.entries:
            assert entry.when in text
        if size[0] >= 120:
            assert "Players" in shown and "Ann's table" not in shown
            assert "Alexandra, Bartholomew, Cy, Di" in " ".join(text.split()) or all(
                name in text for name in ("Alexandra,", "Bartholomew,")
            )
        for key, column in table.columns.items():  # no cell wider than its column: none cut
            for row in table.rows:
                cell = str(table.get_cell(row, key))
                longest = max((len(word) for word in cell.split()), default=0)
                assert longest <= column.width, f"{cell!r} cut in {column.label.plain}"


async def test_the_list_follows_the_terminal_when_it_grows(folder: Path) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await saved_games(pilot, 6)
        table = menu.query_one(DataTable)
        await pilot.pause()
        assert "Players" not in [c.label.plain for c in table.columns.values()]
        await pilot.resize_terminal(130, 40)
        await wait_for(
            pilot,
            lambda: "Players" in [c.label.plain for c in table.columns.values()],
            "the players' column",
        )


@pytest.fixture
def fixed_folder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    shutil.rmtree(FIXED_DATA_DIR, ignore_errors=True)
    monkeypatch.setenv("CALDERA_DATA_DIR", str(FIXED_DATA_DIR))
    fill(FIXED_DATA_DIR / "replays")
    yield FIXED_DATA_DIR
    shutil.rmtree(FIXED_DATA_DIR, ignore_errors=True)


async def listed(pilot: Pilot[Any]) -> None:
    app = pilot.app
    await wait_for(
        pilot, lambda: isinstance(app.screen, MenuScreen) and len(app.screen.entries) == 6
    )
    await pilot.press("tab")  # the list, on the table played last
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_saved_games_snapshot(
    snap_compare: Snap, fixed_folder: Path, size: tuple[int, int]
) -> None:
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    assert snap_compare(app, terminal_size=size, run_before=listed)


@pytest.mark.parametrize("seed", ["order-1", "order-2", "order-3", "order-4"])
def test_a_result_names_the_winner_s_score_first(tmp_path: Path, seed: str) -> None:
    from replays.file import read
    from tui.replay.library import read_entry

    from .test_replay import save_game

    path = tmp_path / "g.caldera"
    save_game(path, seed)
    ended = read(path).ended
    assert ended is not None
    best = max(ended.scores)
    said = read_entry(path).result
    assert f"({best}–" in said and said.endswith(f"–{min(ended.scores)})"), said
    whole, short = read(path), tmp_path / "short.caldera"
    with ReplayWriter.create(short, whole.header) as writer:  # a game just begun: one event
        writer.append(whole.envelopes[0], whole.raw[0])
    assert read_entry(short).result == "unfinished (1 event)"


async def test_a_saved_game_is_deleted_or_renamed_from_the_menu(data_dir: Path) -> None:
    from tui.screens.choice import AskScreen, ConfirmScreen

    folder = data_dir / "replays"
    folder.mkdir(parents=True)
    for name, seed in (("old", "del-1"), ("keep", "del-2")):
        save(folder / f"{name}.caldera", "kilauea", ["Ann", "Bob"], seed,
             options={"turn_limit": 2})  # fmt: skip
    (folder / "old.caldera.proofs").write_text("{}\n")
    (folder / "keep.caldera.review.json").write_text("{}\n")
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await saved_games(pilot, 2)
        await pilot.press("tab")
        table = menu.query_one(DataTable)
        table.move_cursor(row=[e.path.stem for e in menu.entries].index("old"))
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "asked first")
        await pilot.press("y")
        await wait_for(pilot, lambda: menu.loaded and len(menu.entries) == 1, "one game left")
        assert (
            not (folder / "old.caldera").exists() and not (folder / "old.caldera.proofs").exists()
        )
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, AskScreen), "the new name")
        app.screen.query_one("Input").value = "final of the club"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_for(pilot, lambda: (folder / "final of the club.caldera").exists(), "renamed")
        assert (folder / "final of the club.caldera.review.json").exists()
        assert not (folder / "keep.caldera").exists()
        await wait_for(pilot, lambda: [e.path.stem for e in menu.entries] == ["final of the club"])


def test_an_unfinished_game_keeps_its_name_and_one_being_played_stays(tmp_path: Path) -> None:
    from dataclasses import replace

    from tui.replay.library import delete_saved, read_entry, rename_saved

    path = tmp_path / "g.caldera"
    save(path, "kilauea", ["Ann", "Bob"], "del-3", options={"turn_limit": 2})
    entry = read_entry(path)
    with pytest.raises(ValueError, match="being played right now"):
        delete_saved(replace(entry, playing_now=True))
    with pytest.raises(ValueError, match="keeps its name"):
        rename_saved(replace(entry, resumable="local"), "x")
    for bad in ("", "../x", ".hidden"):
        with pytest.raises(ValueError, match="a name has"):
            rename_saved(entry, bad)
    assert path.exists()
