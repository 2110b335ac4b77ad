"""What the Kilauea screen offers, read from the rules: every path of choices ends in a legal
command and every legal command can be reached; labels say costs; marks point at the board."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from core.bots import make_bot, play_out
from core.games.kilauea import RULES
from core.games.kilauea import commands as cmd
from core.games.kilauea.state import KilaueaState
from core.messages import Command
from core.referee import Referee
from tests.kit.kilauea_builder import ORCHID, Table
from tui.games.kilauea.turn import Turn
from tui.games.kilauea.verbs import CUT, END, MOVE, TILE, VERBS, Verb


def reachable(turn: Turn, verb: Verb, picks: tuple[Any, ...] = ()) -> Iterator[Command]:
    """Every command the choices of ``verb`` can end in, answering each question every way."""
    if verb is END:
        yield from turn.by_verb[verb.action]
        return
    choice = turn.choice(verb, picks)
    assert choice is not None
    for option in choice.options:
        if not option.enabled:
            continue
        settled, command = turn.settle(verb, (*picks, option.value))
        if command is not None:
            yield command
        else:
            yield from reachable(turn, verb, settled)


def positions(seed: str, players: int) -> Iterator[tuple[KilaueaState, int]]:
    """Every position of a greedy bots' game where a seat must act."""
    referee = Referee(RULES, RULES.config(players), ["A", "B", "C", "D"][:players], seed=seed)
    referee.begin()
    bots = {s: make_bot("kilauea", "greedy", f"{seed}{s}") for s in range(players)}
    while not referee.ended:
        state = referee.state
        yield state.copy(), RULES.to_move(state)[0]
        play_out(referee, bots, max_commands=1)


@pytest.mark.parametrize(("seed", "players"), [("choices-a", 2), ("choices-b", 4)])
def test_the_choices_reach_exactly_the_legal_commands(seed: str, players: int) -> None:
    for n, (state, seat) in enumerate(positions(seed, players)):
        if n % 3:
            continue  # a third of the positions keeps the test quick
        turn = Turn(RULES, state, seat)
        found = [c for verb in turn.verbs() for c in reachable(turn, verb)]
        assert sorted(map(repr, found)) == sorted(map(repr, turn.commands)), state.phase


def test_moving_the_canoe_shows_free_steps_then_stones() -> None:
    state = Table(phase="move", canoe="orchid a").canoe(0, "red", "red", "blue").stones(0, 2)
    turn = Turn(RULES, state.crater(0).state(), 0)
    choice = turn.choice(MOVE)
    assert choice is not None
    labels = [o.label for o in choice.options]
    assert labels == [
        "1 space → orchid b · free",
        "2 spaces → ginger a · free",
        "3 spaces → ginger b · pay 1 stone",
        "4 spaces → lehua a · pay 2 stones",
    ]
    marks = turn.marks(MOVE, (), 3)
    assert marks.focus.track == 7  # ginger b


def test_a_tile_that_cannot_be_used_is_listed_with_its_reason() -> None:
    # 9A: pay 3 stones, a forest Tiki to your island; Red holds 1 stone
    state = Table(phase="actions").arrange(reef=[9]).may_use(9).stones(0, 1).state()
    turn = Turn(RULES, state, 0)
    assert not turn.can(TILE)
    (row,) = [r for r in turn.verb_rows() if r[0] is TILE]
    assert row[2] == "not usable now"
    choice = turn.choice(TILE)
    assert choice is not None
    (option,) = choice.options
    assert not option.enabled and option.reason == "costs 3 Sacred Stones, you have 1"
    probe = turn.probe(TILE)
    assert isinstance(probe, str) and "9A costs 3 Sacred Stones" in probe


def test_questions_with_one_answer_are_not_asked() -> None:
    # 4A: move a Tiki between island sectors; the only Tiki is the blue one in orchid
    state = Table(phase="actions").arrange(reef=[4]).may_use(4).island(0, ORCHID, "blue")
    turn = Turn(RULES, state.state(), 0)
    picks, command = turn.settle(TILE, (4,))
    assert command is None
    assert picks == (4, 0, ORCHID, ("", "blue")), "no copy, one sector, one Tiki: only 'where?'"
    choice = turn.choice(TILE, picks)
    assert choice is not None and choice.stage.question == "Where does it go?"
    assert len(choice.options) == 4  # any other island sector
    _, command = turn.settle(TILE, (*picks, choice.options[0].value))
    assert command == cmd.UseTile(4, 0, ORCHID, "", "blue", 0)


def test_the_highlighted_cut_points_at_its_forest_space() -> None:
    state = Table(canoe="orchid a").forest(ORCHID, o1="red", o2="blue", m1="green").state()
    turn = Turn(RULES, state, 0)
    choice = turn.choice(CUT)
    assert choice is not None
    assert [o.label for o in choice.options] == ["red Tiki on o1", "blue Tiki on o2"]
    marks = turn.marks(CUT, (), "o2")
    assert marks.focus.forest == frozenset({(ORCHID, "o2")})


def test_every_verb_has_its_own_key() -> None:
    keys = [verb.key for verb in VERBS]
    assert len(set(keys)) == len(keys)
