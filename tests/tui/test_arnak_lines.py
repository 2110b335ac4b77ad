"""Arnak in the line mode: ``look`` says what a player plans with (what each camp gives, the
idols on undiscovered sites, each discovered site's guardian with its cost and boon, the
research track's rows with their effects and points, the card row's effects, each player's
guardians with their boon used or not); a question is said once above its answers; a word such
as ``dig`` lists the commands it fits; quitting says the command that goes on with the game;
the news read each answer in the game's words, never "Red chose 3"."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

from core.games.arnak import RULES
from core.games.arnak import board_words as B
from tests.kit.arnak_builder import Table
from tui.lines.player import LinePlayer, asked_once, lines_for
from tui.lines.position import look
from tui.play.setup import SeatSetup, TableSetup, open_local_session

NAMES = ("Red", "Blue")


def _position() -> Table:
    return (
        Table()
        .site("L1.2", "s02", guardian="g08")
        .idol("L1.1", "d01")
        .guardians(0, ["g01", "g07"], used=("g07",))
        .row(["a12"], ["i16", "i31"])
        .hand(0, ["b0fc", "f01"])
        .hand(1, ["b1fc"])
    )


def test_look_says_camps_idols_guardians_research_and_the_rows_effects() -> None:
    said = look(RULES, _position().state, NAMES, 0, None)
    text = "\n".join(said)
    for n, gives in ((1, "+2 coins"), (2, "+2 compasses"), (5, "discard a card → +1 jewel")):
        assert f"  camp {n} (a boot; its 2nd space 2 boots): {gives}." in said
    assert "site 1.1 (car): undiscovered, 3 compasses to discover; idol +1 coin" in text
    assert f"site 1.2 (car): +1 coin, 1 arrowhead · guardian: {B.guardian('g08')}" in text
    row7 = (
        "  Row 7: 1 coin + 1 tablet + 1 arrowhead or 1 tablet + 1 jewel · glass +1 compass, "
        "16 VP · notebook overcome a guardian where you are, 10 VP."
    )
    assert row7 in said
    assert any(
        line.startswith("  Row 1: ") and "recruit an assistant, 0 VP" in line for line in said
    )
    assert any(line.startswith("  temple (glass only): ") for line in said)
    assert f"  1: {B.card('a12')}." in said
    assert f"  3: {B.card('i31')}." in said  # Revolver: pay 1 compass → overcome a guardian…
    assert "a guardian (boon +ship this turn, not used yet)" in text
    assert f"a guardian (boon {B.boon('g07')}, used)" in text


def test_a_question_is_said_once_above_its_answers() -> None:
    texts = ["Idol slot: which effect? Red: +1 coin", "Idol slot: which effect? Red: draw 1"]
    assert asked_once(texts) == "Idol slot: which effect? Red:"
    assert asked_once(["Red dug at camp 1: +2 coins", "Red dug at camp 2: +2 compasses"]) == ""


def _script(lines: list[str]) -> Iterator[str]:
    yield from lines


async def test_dig_lists_the_digs_and_quit_says_how_to_go_on() -> None:
    table = Table().hand(0, ["b0fc", "b0es", "f01"]).hand(1, ["b1fc"])
    position = RULES.dump_position(table.state)
    seats = (SeatSetup("Red"), SeatSetup("Blue", "greedy"))
    setup = TableSetup("arnak", seats, "lines", None, position, {"side": "bird"})
    session = open_local_session(setup, bot_pace=0)
    out = io.StringIO()
    answers = _script(["dig", "quit"])
    player = LinePlayer(session, lambda: next(answers) + "\n", out)
    await session.start()
    try:
        assert await player.run() == 0
    finally:
        await session.close()
    said = out.getvalue().splitlines()
    digs = [line for line in said if re.match(r"^  \d+\) Red dug at ", line)]
    camps = {re.search(r"camp \d", line)[0] for line in digs}  # type: ignore[index]
    assert camps == {f"camp {n}" for n in range(1, 6)}, said  # every dig listed, not counted
    gains = [line for line in digs if "camp 5" not in line]  # camp 5 first asks for a card
    assert gains and all(": +" in line for line in gains), digs  # each says what it gains
    quit_line = said[-1] if said else ""
    assert "Go on with it: caldera play --resume " in "\n".join(said[-2:]), quit_line
    assert session.replay_path is not None and str(session.replay_path) in "\n".join(said)
    assert not any(re.search(r" chose \d", line) for line in said)


def test_a_dig_paid_with_a_fear_card_says_no_fear_card_gained() -> None:
    """A Fear card paying a dig's boot stays the player's (hand to play area): the line mode's
    answers said "+1 Fear card" beside every such payment, steering a player away from it."""
    table = Table().hand(0, ["f01", "b0fc"])
    view = RULES.view(table.state, 0)
    digs = [line.text for line in lines_for(RULES, view, 0, NAMES) if "dug at camp 1" in line.text]
    by_fear = [text for text in digs if "paying with Fear" in text]
    assert by_fear and all(text.endswith(": +2 coins") for text in by_fear), digs
    assert not any("Fear card" in text for text in digs), digs
