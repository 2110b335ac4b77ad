"""Arnak's choice tree over random games: every legal command of every decision is reachable by
the questions the table asks, each answer in words (no id left bare, nothing raises), and the
words of every question the rules ask on top of the stack."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable

import pytest

from core.bots import make_bot
from core.games import get_rules
from core.games.arnak import effects as fx
from core.games.arnak import words as W
from core.referee import Referee
from tests.kit.arnak_builder import Table
from tui.games.arnak import panels
from tui.games.arnak.turn import ANSWER, VERBS, Turn
from tui.screens.choice_tree import Verb

RULES = get_rules("arnak")
NAMES = ("Red", "Blue", "Yellow", "Green")
BARE_ID = re.compile(r"\b(?:[iafgdhrst]\d\d|b\d[fe][cs])\b")  # a card or tile id, not its name


def reachable(turn: Turn, verb: Verb, picks: tuple[Hashable, ...] = ()) -> list[object]:
    """Every command the list lets a player build from ``picks`` on, walking each answer."""
    choice = turn.choice(verb, picks)
    if choice is None:
        return list(turn.remaining(verb, picks))
    out: list[object] = []
    for option in choice.options:
        assert option.label and not BARE_ID.search(option.label), option.label
        if not option.enabled:
            assert option.reason
            continue
        more, command = turn.settle(verb, (*picks, option.value))
        if command is not None:
            out.append(command)
        else:
            out.extend(reachable(turn, verb, more))
    return out


@pytest.mark.parametrize(("players", "side", "seed"), [(2, "bird", 1), (4, "snake", 2)])
def test_every_legal_command_is_reachable_in_words(players: int, side: str, seed: int) -> None:
    referee = Referee(RULES, RULES.config(players, {"side": side}), NAMES[:players], seed=str(seed))
    referee.begin()
    rng = random.Random(seed)
    bots = [make_bot("arnak", "greedy", str(s)) for s in range(players)]
    questions = set()
    while not referee.ended:
        state = referee.state
        (seat,) = RULES.to_move(state)
        turn = Turn(RULES, state, seat)
        built = [c for verb in VERBS for c in reachable(turn, verb)]
        assert sorted(map(repr, built)) == sorted(map(repr, set(turn.commands)))
        if turn.asking:
            question = turn.question()
            assert ": " in question, question  # its source, then the question
            questions.add(question.split(": ", 1)[1])
            assert turn.verbs()[0] is ANSWER
        rows = turn.verb_rows()
        assert all(text for _, text, _ in rows)
        panels.map_text(state, NAMES, turn.focus(turn.verbs()[0], (), None))
        panels.research_text(state, NAMES)
        panels.players_text(state, NAMES, [0] * players)
        panels.hand_text(state, NAMES, seat)
        # half the time the greedy bot's move, else a random one: both sides of the rules
        if rng.random() < 0.5:
            command = bots[seat].choose(RULES, RULES.view(state, seat), seat)
        else:
            command = rng.choice(turn.commands)
        referee.submit(seat, command)
    assert len(questions) >= 8, questions
    assert fx.current(referee.state) is None and W.question(referee.state) == ""


def test_a_hand_of_long_cards_is_wrapped_whole_never_cut() -> None:
    cards = ["i14", "b0fc", "b0es", "f01", "i23", "a02", "i01", "a13"]
    table = Table().hand(0, cards)
    for width in (37, 48, 61):
        text = panels.hand_text(table.state, NAMES, 0, width).plain
        assert all(len(line) <= width for line in text.splitlines()), width
        joined = text.replace("\n  ", " ")  # a card's wrapped lines, joined again
        for card in cards:
            assert "• " + W.card_line(card) in joined, (width, card)
