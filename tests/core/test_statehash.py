"""The state hash keeps its value (clients of every version compare it): its fast canonical
bytes are json's, byte for byte, for every position random games of every game pass through."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from core.bots import RandomBot
from core.games import GAMES, get_rules
from core.referee import Referee
from core.statehash import canonical, json_form, state_hash
from tests.core.test_games_conformance import configs


def floats(doc: Any) -> Iterator[float]:
    """Every float anywhere in a JSON document."""
    if isinstance(doc, float):
        yield doc
    elif isinstance(doc, dict):
        for value in doc.values():
            yield from floats(value)
    elif isinstance(doc, list | tuple):
        for value in doc:
            yield from floats(value)


@pytest.mark.parametrize("game", GAMES)
def test_every_position_hashes_as_its_json_form(game: str) -> None:
    rules = get_rules(game)
    for n, config in enumerate(configs(rules, rules.max_players)):
        players = [f"P{i}" for i in range(int(config["players"]))]
        referee: Referee[Any] = Referee(rules, config, players, seed=f"hash-{game}-{n}")
        referee.begin()
        bot = RandomBot(f"hash-{game}-{n}")
        while not referee.ended:
            for seat in (None, *range(len(players))):
                doc = rules.dump_position(rules.view(referee.state, seat))
                assert list(floats(doc)) == [], "a position holds a float: check canonical"
                assert canonical(doc) == json_form(doc)
            mover = rules.to_move(referee.state)[0]
            referee.submit(mover, bot.choose(rules, rules.view(referee.state, mover), mover))
        assert canonical(rules.dump_position(referee.state)) == json_form(
            rules.dump_position(referee.state)
        )
        assert len(state_hash(rules, referee.state)) == 16


def test_canonical_writes_json_form_for_escapes_and_other_keys() -> None:
    for doc in ({2: "x", 10: "y"}, {"a": "1e5", "B": "0.00001", "\u2028": "\x7f\t\b\\"}):
        assert canonical(doc) == json_form(doc)
    assert canonical({"é": "\x01\n", "a": [True, None, -3]}) == json_form(
        {"é": "\x01\n", "a": [True, None, -3]}
    )
