"""Every game of ``core.games.GAMES`` under the same checks, found by its name: random legal play to
the end at every player count with the game's invariants after every event (its conservation
hook: ``tests/kit/<game>_invariants.py``, ``check(state)``), ``decide`` agreeing with
``legal_commands``, ``evolve`` never raising, the log surviving encode/decode; folding a seat's
projected log gives that seat's view of the whole game (as JSON positions); and no envelope a seat
receives carries, byte for byte, a secret it may not know.

A new game gets all of this from its ``GAMES`` line; each game's own file adds its own scenarios.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from core.codec import Envelope, encode_envelope
from core.fold import fold
from core.games import GAMES, get_rules
from core.lifecycle import GameStarted
from core.protocol import Rules
from core.referee import Referee
from tests.kit.conformance import check_playout

TURN_LIMIT = 12  # short games: every check runs over whole games, many times

# Games whose view and projection do not yet agree, and why (each entry is a bug of that game's
# rules, found by these tests: the test fails once it is fixed, so the entry goes).
VIEW_FOLD_DIFFERS: dict[str, str] = {}
LEAK_SCAN_DIFFERS: dict[str, str] = {}


def invariant_of(game: str) -> Callable[[Any], None]:
    """The game's conservation hook (``tests/kit/<game>_invariants.py``: ``check(state)``)."""
    module = importlib.import_module(f"tests.kit.{game}_invariants")
    check: Callable[[Any], None] = module.check
    return check


def configs(rules: Rules[Any], players: int) -> Iterator[dict[str, Any]]:
    """The base game, then each on/off option on and each other choice (short games)."""
    names = {option.name for option in rules.options}
    base = {"turn_limit": TURN_LIMIT} if "turn_limit" in names else {}
    yield rules.config(players, base)
    for option in rules.options:
        if option.kind == "bool":
            yield rules.config(players, {**base, option.name: True})
        elif option.kind == "choice":
            for choice in option.choices:
                if choice != option.default:
                    yield rules.config(players, {**base, option.name: choice})


def players_of(game: str) -> list[tuple[str, int]]:
    rules = get_rules(game)
    return [(game, n) for n in range(rules.min_players, rules.max_players + 1)]


EVERY_COUNT = [case for game in GAMES for case in players_of(game)]


def played(game: str, config: Mapping[str, Any], seed: str) -> Referee[Any]:
    return check_playout(get_rules(game), config, seed, listed_sample=1, unlisted_sample=1)


@pytest.mark.parametrize(("game", "players"), EVERY_COUNT)
def test_random_games_end_and_conserve_every_component(game: str, players: int) -> None:
    rules = get_rules(game)
    invariant = invariant_of(game)
    for n, config in enumerate(configs(rules, players)):
        referee = check_playout(
            rules, config, f"registry-{game}-{players}-{n}", invariant=invariant, check_all_every=9
        )
        assert rules.outcome(referee.state) is not None


def projected(rules: Rules[Any], log: list[Envelope], seat: int | None) -> list[Envelope]:
    """The log as ``seat`` receives it (``None``: a spectator)."""
    return [Envelope(env.seq, rules.project(env.event, seat), env.prev) for env in log]


def known_gap(game: str, gaps: Mapping[str, str]) -> Any:
    """``game`` as a test case, expected to fail (strictly) while it is listed in ``gaps``."""
    reason = gaps.get(game)
    mark = pytest.mark.xfail(reason=reason, strict=True) if reason else ()
    return pytest.param(game, marks=mark)


@pytest.mark.parametrize("game", [known_gap(game, VIEW_FOLD_DIFFERS) for game in GAMES])
def test_a_seats_projected_log_folds_to_its_view_of_the_game(game: str) -> None:
    rules = get_rules(game)
    for n, config in enumerate(configs(rules, 3)):
        log = played(game, config, f"view-{game}-{n}").log
        for seat in (0, 1, 2, None):
            mine = projected(rules, log, seat)
            for cut in range(1, len(log) + 1, 5):
                _, whole = fold(log[:cut])
                _, seen = fold(mine[:cut])
                expected = rules.dump_position(rules.view(whole, seat))
                assert rules.dump_position(seen) == expected, f"seat {seat}, {cut} events"


def strings(doc: Any) -> set[str]:
    """Every text of a JSON position (card ids, tile names…)."""
    if isinstance(doc, str):
        return {doc}
    if isinstance(doc, dict):
        return set().union(*(strings(value) for value in doc.values()))
    if isinstance(doc, list):
        return set().union(*(strings(value) for value in doc))
    return set()


def secrets(rules: Rules[Any], state: Any, seat: int | None) -> set[str]:
    """What the whole position names that ``seat``'s view of it does not (2 characters or more:
    a placeholder such as "?" is no secret)."""
    hidden = strings(rules.dump_position(state)) - strings(
        rules.dump_position(rules.view(state, seat))
    )
    return {text for text in hidden if len(text) >= 2}


def leaks(
    rules: Rules[Any], log: list[Envelope], project: Callable[[Any, int | None], Any]
) -> list[str]:
    """Each envelope that carries, in its bytes, a text secret from its reader both before and
    after its event (a card revealed by the event, or hidden by it after being seen, is fair)."""
    found = []
    started = log[0].event
    assert isinstance(started, GameStarted)
    _, state = fold(log[:1])
    seats: list[int | None] = [*range(len(started.players)), None]
    for env in log[1:]:
        if env.type.startswith("core."):
            continue
        before = {seat: secrets(rules, state, seat) for seat in seats}
        state = rules.evolve(state, env.event)
        for seat in seats:
            hidden = before[seat] & secrets(rules, state, seat)
            data = encode_envelope(Envelope(env.seq, project(env.event, seat), env.prev))
            data = data.replace(env.prev.encode(), b"")  # a hash's hex digits name nothing
            found += [f"{text} reached seat {seat} at event {env.seq}" for text in
                      sorted(hidden) if text.encode() in data]  # fmt: skip
    return found


@pytest.mark.parametrize("game", [known_gap(game, LEAK_SCAN_DIFFERS) for game in GAMES])
def test_no_envelope_carries_a_secret_its_reader_may_not_know(game: str) -> None:
    rules = get_rules(game)
    hid_something = False
    for n, config in enumerate(configs(rules, 3)):
        log = played(game, config, f"leak-{game}-{n}").log
        found = leaks(rules, log, rules.project)
        assert not found, found[:3]
        unprojected = leaks(rules, log, lambda event, seat: event)
        hid_something = hid_something or bool(unprojected)
    if hid_something:  # the scan sees secrets: without projection they would reach the seats
        return
    _, state = fold(log)
    assert all(not secrets(rules, state, seat) for seat in (0, 1, 2, None)), "no secret to scan"
