"""The review from the saved games' list: ``r`` on a finished game works its review out (its
progress shown, the review kept beside the replay), and ``r`` again opens the kept one at once,
nothing worked out; an unfinished game offers no review, and a file that cannot be reviewed
says so in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from replays import reviews
from tui.app import CalderaApp
from tui.screens.menu import MenuScreen
from tui.screens.review import ReviewScreen, saved_review

from .conftest import saved_games, wait_for
from .test_review_screen import kilauea_game, review_on_r
from .test_saved_games import save


async def test_r_on_a_saved_game_reviews_it_and_then_opens_the_kept_review_at_once(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = data_dir / "replays"
    folder.mkdir(parents=True)
    path = folder / "k.caldera"
    kilauea_game(path)
    worked: list[int] = []
    told: list[tuple[int, int]] = []
    review_in = reviews.review_in

    async def counted(*args: Any, **kwargs: Any) -> Any:
        worked.append(1)
        progress = kwargs["progress"]

        def tell(move: int, total: int) -> None:
            told.append((move, total))
            progress(move, total)

        return await review_in(*args, **{**kwargs, "progress": tell})

    monkeypatch.setattr(reviews, "review_in", counted)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await saved_games(pilot, 1)
        await pilot.press("tab")  # the list
        review = await review_on_r(pilot, "to decisions", "the review worked out")
        assert worked == [1] and told and told[-1][0] == told[-1][1]  # its progress, to the end
        assert "Ann (seat 1): " in "\n".join(review.lines)
        assert reviews.path_for(path).is_file()  # kept beside the replay
        first = list(review.lines)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is menu, "back to the list")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review again")
        again = app.screen
        assert isinstance(again, ReviewScreen)
        await wait_for(pilot, lambda: again.done is not None, "the kept review")
        assert worked == [1] and again.lines == first  # nothing worked out the second time


async def test_an_unfinished_saved_game_offers_no_review(data_dir: Path) -> None:
    folder = data_dir / "replays"
    folder.mkdir(parents=True)
    save(folder / "u.caldera", "kilauea", ["Ann", "Bob"], "u", commands=6)
    app = CalderaApp(bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await saved_games(pilot, 1)
        await pilot.press("tab")
        assert menu.focused is menu.query_one("#replays", DataTable)
        assert not menu.check_action("review_selected", ())
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_a_file_that_cannot_be_reviewed_says_so_in_one_line(tmp_path: Path) -> None:
    said: list[str] = []

    def notify(message: str, **_kwargs: object) -> None:
        said.append(message)

    broken = tmp_path / "broken.caldera"
    broken.write_bytes(b"not a replay at all")
    unfinished = tmp_path / "u.caldera"
    save(unfinished, "kilauea", ["Ann", "Bob"], "u", commands=6)
    assert saved_review(broken, notify) is None
    assert saved_review(unfinished, notify) is None
    assert len(said) == 2 and all("\n" not in line for line in said)
    assert said[1].startswith("Only a finished game can be reviewed")
