"""Why the search's move was better, in the game's words: the sentence names, as the game
counts them, what the seat holds by the end of its turn after the better move against the move
played (each difference, signed, and nothing else), says so when the turn ends alike, in the
reader's language; the review's costliest moments and a lesson's verdict carry it (whole, at
80x24)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core import language
from core.fold import state_before
from core.games import GAMES, get_rules
from core.messages import Command
from replays.file import read
from tui.app import CalderaApp, Launch
from tui.replay import review_why
from tui.replay.review_why import why
from tui.replay.review_words import review_lines
from tui.screens.review import SAMPLES, judge

from .conftest import screen_text, wait_for
from .test_review_screen import kilauea_game
from .test_review_timeline import planted, replay

NAMES = ("Ann", "Bob")


def pairs(path: Path) -> Iterator[tuple[Any, int, Command, Command]]:
    """Each decision of the game at ``path`` with two ways open: the position before it, the
    seat, the command played and another legal one."""
    rules = get_rules("kilauea")
    envelopes = read(path).envelopes
    for env in envelopes:
        command, seat = rules.command_for(env.event), getattr(env.event, "seat", None)
        if command is None or not isinstance(seat, int):
            continue
        state = state_before(rules, envelopes, env.seq)
        for other in rules.legal_commands(state, seat):
            if other != command:
                yield state, seat, other, command


def held_after(state: Any, seat: int, command: Command) -> dict[str, int]:
    from tui.games.kilauea import holdings

    rules = get_rules("kilauea")
    after, _then = review_why._turn(rules, holdings, state, seat, command, NAMES)
    return holdings.held(after, seat)


def test_the_why_names_each_difference_the_game_counts_and_nothing_else(tmp_path: Path) -> None:
    from tui.games.kilauea.holdings import counted

    path = tmp_path / "k.caldera"
    kilauea_game(path)
    rules = get_rules("kilauea")
    differ = same = 0
    for state, seat, best, played in pairs(path):
        mine, other = held_after(state, seat, best), held_after(state, seat, played)
        said = why(rules, state, seat, best, played, NAMES)
        assert said.startswith(f"Why: by the end of {NAMES[seat]}'s turn")
        if mine == other:
            same += 1
            assert "holds the same as the move played" in said
            continue
        differ += 1
        for kind in mine:
            n = mine[kind] - other[kind]
            signed = ("+" if n > 0 else "−") + counted(kind, abs(n))
            assert (signed in said) == (n != 0), (kind, n, said)
        if differ >= 6 and same:
            break
    assert differ >= 6 and same, "both kinds of sentence were met"


def test_the_why_speaks_the_readers_language_and_is_nothing_for_the_move_itself(
    tmp_path: Path,
) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    rules = get_rules("kilauea")
    for state, seat, best, played in pairs(path):
        if held_after(state, seat, best) != held_after(state, seat, played):
            break
    assert why(rules, state, seat, played, played, NAMES) == ""
    english = why(rules, state, seat, best, played, NAMES)
    with language.speaking("de"):
        german = why(rules, state, seat, best, played, NAMES)
    assert german.startswith("Warum: Am Ende des Zuges von ") and german != english
    for word in ("Why", "against the move played", "Sacred Stone", "Tikis on the island"):
        assert word not in german


def test_a_german_why_names_the_stones_held_as_a_list_names_them(tmp_path: Path) -> None:
    """A German why says "+1 Heiliger Stein" (the naming case, a whole template), while the
    log's "nimm 1 Heiligen Stein" keeps its own."""
    from core.games.kilauea.transcript import stones

    path = tmp_path / "k.caldera"
    kilauea_game(path)
    rules = get_rules("kilauea")
    met: set[int] = set()
    for state, seat, best, played in pairs(path):
        n = held_after(state, seat, best)["stone"] - held_after(state, seat, played)["stone"]
        if n == 0 or min(abs(n), 2) in met:
            continue
        with language.speaking("de"):
            german = why(rules, state, seat, best, played, NAMES)
        sign = "+" if n > 0 else "−"
        if abs(n) == 1:
            assert f"{sign}1 Heiliger Stein" in german and "Heiligen" not in german, german
        else:
            assert f"{sign}{abs(n)} Heilige Steine" in german, german
        met.add(min(abs(n), 2))
        if met == {1, 2}:
            break
    assert 1 in met, "a turn that ends one Sacred Stone apart"
    with language.speaking("de"):
        assert stones(1) == "1 Heiligen Stein"  # what a seat takes, as the log says it


def test_the_costliest_moments_say_why(tmp_path: Path) -> None:
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    review, _where = planted(path)
    rules = get_rules("kilauea")
    found = judge(rules)
    assert found is not None
    lines = review_lines(rules, read(path).envelopes, NAMES, review, found[1], SAMPLES)
    costly = [d for seat in range(2) for d in review.costliest(seat) if d.best != d.played]
    assert costly
    for judged in costly:
        at = next(i for i, line in enumerate(lines) if line.startswith(f"  event {judged.seq} ("))
        assert lines[at + 1].startswith("    Why: by the end of "), lines[at : at + 2]


async def test_a_lessons_verdict_says_why(tmp_path: Path) -> None:
    from tui.screens.lesson import LessonScreen

    path = tmp_path / "k.caldera"
    kilauea_game(path)
    review, where = planted(path)
    blunder = next(d for d in review.decisions if d.seq == where["blunder"])
    rules = get_rules("kilauea")
    before = state_before(rules, read(path).envelopes, blunder.seq)
    expected = why(rules, before, blunder.seat, blunder.best, blunder.played, NAMES)
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await replay(pilot)
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen), "the lesson")
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(lesson.verdict), "the move weighed")
        assert expected and lesson.verdict.splitlines()[-1] == expected
        await wait_for(pilot, lambda: expected in dialog_text(pilot), "the why shown whole")
        assert "enter tries a move" in screen_text(pilot)  # the keys' line still under it


KEYS = "enter tries a move · n next mistake · escape stops"


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "nl"])
async def test_a_lessons_keys_and_verdict_fit_80x24_in_every_language(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long verdict (a move that is not the search's: what it keeps, what the search
    preferred, and a why twice Kilauea's, as long as an Arnak turn's) and the keys' line under
    it, each whole on the screen (the keys' line was pushed off by one row more)."""
    from tui.screens import lesson as lessons
    from tui.screens.lesson import LessonScreen

    def long_why(*args: Any) -> str:
        said = why(*args)
        return f"{said} {said}"

    monkeypatch.setattr(lessons, "why", long_why)
    path = tmp_path / "k.caldera"
    kilauea_game(path)
    review, where = planted(path)
    blunder = next(d for d in review.decisions if d.seq == where["blunder"])
    with language.speaking(lang):
        keys = language.Translator("app").gettext(KEYS)
        assert (keys == KEYS) == (lang == "en")
        app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await replay(pilot)
            await pilot.press("f")
            await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen), "the lesson")
            lesson = app.screen
            assert isinstance(lesson, LessonScreen)
            other = next(i for i, c in enumerate(lesson.offered) if c != blunder.best)
            await pilot.press(*["down"] * other, "enter")
            await wait_for(pilot, lambda: bool(lesson.verdict), "the move weighed")
            said = lesson.verdict.splitlines()
            assert len(said) == 4, said  # the head, what each keeps, the search's move, why
            await wait_for(pilot, lambda: said[-1] in dialog_text(pilot), "the why shown whole")
            shown = dialog_text(pilot)
            assert all(line in shown for line in said), (said, shown)
            rows = [row.strip().strip("█").strip() for row in screen_text(pilot).splitlines()]
            assert keys in rows, rows


def dialog_text(pilot: Any) -> str:
    """The screen's words as one line: each row without the dialog's frame, joined."""
    rows = [row.strip().strip("█").strip() for row in screen_text(pilot).splitlines()]
    return " ".join(row for row in rows if row)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with language.speaking("en"):
        yield


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_says_why_in_its_own_counts(game: str) -> None:
    """Each game has its holdings (``tui.games.<game>.holdings``), so the why is never left
    out for want of them: at the first decision with two ways open whose turns end apart."""
    from core.bots import make_bot
    from core.referee import Referee

    rules = get_rules(game)
    referee = Referee(rules, rules.config(2, {}), list(NAMES), seed=f"why/{game}")
    referee.begin()
    bots = [make_bot(game, "greedy", f"why/{seat}") for seat in range(2)]
    said = ""
    for _step in range(400):
        seat = rules.to_move(referee.state)[0]
        legal = rules.legal_commands(rules.view(referee.state, seat), seat)
        if len(legal) > 1:
            said = why(rules, referee.state, seat, legal[0], legal[-1], NAMES)
            if "against the move played: " in said:
                break
        referee.submit(seat, bots[seat].choose(rules, rules.view(referee.state, seat), seat))
    assert "against the move played: " in said, said
