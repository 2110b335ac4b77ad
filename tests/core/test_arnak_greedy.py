"""Arnak's greedy bot: handing its last copy over to the last answer it weighs (instead of
copying once more) rates every command exactly as copying would, also when a command cannot be
followed (a view's hidden card) and the handed-over copy is spoiled."""

from __future__ import annotations

from copy import deepcopy
from zlib import crc32

import pytest

from core.bots import RandomBot
from core.games.arnak import RULES, greedy
from core.games.arnak import events as ev
from core.games.arnak.greedy import GreedyBot
from core.games.arnak.state import PLAYER_SET_ANEW, SET_ANEW, ArnakState
from core.messages import Command, Event
from core.referee import Referee


class Copying(GreedyBot):
    """The bot as it was: every answer weighed on a copy of its own."""

    def rate(
        self, state: ArnakState, seat: int, command: Command, depth: int = 0, spare: bool = False
    ) -> float:
        return super().rate(state, seat, command, depth, False)


@pytest.mark.parametrize("spoil", [False, True])
def test_handing_the_last_copy_over_rates_every_command_as_copying_does(
    spoil: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    evolve = greedy.evolve
    spoiled = 0

    def sometimes_failing(state: ArnakState, event: Event) -> ArnakState:
        nonlocal spoiled
        after = evolve(state, event)
        if spoil and isinstance(event, ev.AnswerGiven) and crc32(event.value.encode()) % 3 == 0:
            spoiled += 1
            raise KeyError("a card this view cannot see")  # after changing the state
        return after

    monkeypatch.setattr(greedy, "evolve", sometimes_failing)
    config = RULES.config(2, {"side": "snake"})
    referee: Referee[ArnakState] = Referee(RULES, config, ["a", "b"], seed="hand-over")
    referee.begin()
    bot, reference, mover = GreedyBot("x"), Copying("x"), RandomBot("hand-over")
    rated = 0
    while not referee.ended:
        seat = RULES.to_move(referee.state)[0]
        view = RULES.view(referee.state, seat)
        for command in RULES.legal_commands(view, seat):
            assert bot.rate(view, seat, command) == reference.rate(view, seat, command), command
            rated += 1
        referee.submit(seat, mover.choose(RULES, view, seat))
    assert rated > 500
    assert spoiled > 50 if spoil else spoiled == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seats_own_commands_change_no_other_player(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The greedy bot's copies share every other seat's player (``ArnakState.copy(mine)``):
    no event it weighs, a seat's command or answer, changes another seat's player, in any
    position of whole games between greedy bots and random ones, on both sides of the board."""
    evolve = greedy.evolve
    checked = 0

    def watching(state: ArnakState, event: Event) -> ArnakState:
        nonlocal checked
        seat = event.seat  # type: ignore[attr-defined]
        others = {s: p.clone() for s, p in enumerate(state.seats) if s != seat}
        after = evolve(state, event)
        for s, before in others.items():
            assert state.seats[s] == before, (event, s)
        checked += 1
        return after

    monkeypatch.setattr(greedy, "evolve", watching)
    for side in ("bird", "snake"):
        config = RULES.config(players, {"side": side})
        referee: Referee[ArnakState] = Referee(
            RULES, config, [f"P{i}" for i in range(players)], seed=f"others-{side}-{players}"
        )
        referee.begin()
        bots = {s: (GreedyBot if s % 2 == 0 else RandomBot)(f"o{s}") for s in range(players)}
        while not referee.ended:
            seat = RULES.to_move(referee.state)[0]
            referee.submit(seat, bots[seat].choose(RULES, RULES.view(referee.state, seat), seat))
    assert checked > 1000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_event_changes_a_pile_the_bots_copies_share(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The greedy bot's copies share the piles and tiles of ``SET_ANEW`` (and each player's of
    ``PLAYER_SET_ANEW``) with the state they copy: every event sets such a pile anew rather
    than changing it in place, so neither the events the bot weighs on its copies nor those
    the referee applies (chance, refills, round ends) change a pile another copy holds, in
    whole games between greedy bots and random ones on both sides of the board."""
    evolve = greedy.evolve
    weighed = applied = 0

    def shared(state: ArnakState) -> tuple[dict[str, object], dict[str, object]]:
        held = {name: getattr(state, name) for name in SET_ANEW}
        for seat, player in enumerate(state.seats):
            held |= {f"{seat}.{name}": getattr(player, name) for name in PLAYER_SET_ANEW}
        return held, deepcopy(held)

    def watching(state: ArnakState, event: Event) -> ArnakState:
        nonlocal weighed
        held, was = shared(state)
        after = evolve(state, event)
        assert held == was, event
        weighed += 1
        return after

    monkeypatch.setattr(greedy, "evolve", watching)
    for side in ("bird", "snake"):
        config = RULES.config(players, {"side": side})
        referee: Referee[ArnakState] = Referee(
            RULES, config, [f"P{i}" for i in range(players)], seed=f"anew-{side}-{players}"
        )
        referee.begin()
        bots = {s: (GreedyBot if s % 2 == 0 else RandomBot)(f"n{s}") for s in range(players)}
        while not referee.ended:
            seat = RULES.to_move(referee.state)[0]
            command = bots[seat].choose(RULES, RULES.view(referee.state, seat), seat)
            held, was = shared(referee.state)
            applied += len(referee.submit(seat, command))
            assert held == was, command
    assert weighed > 1000 and applied > 500
