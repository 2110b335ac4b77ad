"""The one conformance check every game passes (OpenSpiel's habit): random legal play to the end,
``decide`` accepts every listed command and rejects unlisted ones, ``evolve`` never raises, a copy
of the state is whole and independent, the log survives encode/decode, and the game's own
invariants hold at every event."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from core.bots import RandomBot
from core.codec import Envelope, decode_envelope, encode_envelope
from core.errors import CodecError, IllegalCommand
from core.fold import fold
from core.messages import COMMANDS, Command
from core.protocol import Rules
from core.referee import Referee
from core.rng import Rng

Invariant = Callable[[Any], None]


def mutations(command: Command, rng: Rng) -> list[Command]:
    """Nearby commands: each int field nudged, each tuple field altered, one at a time."""
    out: list[Command] = []
    for name in command.__struct_fields__:
        value = getattr(command, name)
        candidates: list[Any] = []
        if isinstance(value, bool):
            candidates = [not value]
        elif isinstance(value, int):
            candidates = [value + 1, value - 1, value + 7, -1, 10_000]
        elif isinstance(value, str):
            candidates = ["", value + "x"]
        elif isinstance(value, tuple):
            if value and all(isinstance(v, int) for v in value):
                candidates = [tuple(v + 1 for v in value), tuple(-v - 1 for v in value), ()]
            else:
                candidates = [value[:-1], (*value, value[0])] if value else []
        for candidate in candidates:
            mutated = msgspec.structs.replace(command, **{name: candidate})
            try:  # only what the codec's schema lets through can ever reach decide
                COMMANDS.from_wire(*COMMANDS.to_wire(mutated))
            except CodecError:
                continue
            out.append(mutated)
    return rng.shuffled(out)


def check_playout(
    rules: Rules[Any],
    config: Mapping[str, Any],
    seed: str,
    *,
    invariant: Invariant | None = None,
    listed_sample: int = 4,
    unlisted_sample: int = 3,
    check_all_every: int = 0,
    max_commands: int = 100_000,
) -> Referee[Any]:
    """Play one game with random legal commands, checking the protocol at every step."""
    players = [f"P{i}" for i in range(int(config["players"]))]
    referee: Referee[Any] = Referee(rules, config, players, seed=seed)
    referee.begin()
    bot = RandomBot(f"{seed}/bot")
    pick = Rng(f"{seed}/checks")
    steps = 0
    while not referee.ended:
        assert steps < max_commands, "the game did not end"
        movers = rules.to_move(referee.state)
        assert movers, "nobody may act but the game is not over"
        seat = movers[0]
        listed = rules.legal_commands(referee.state, seat)
        assert listed, f"seat {seat} must act but has no legal command"
        listed_set = set(listed)
        assert len(listed_set) == len(listed), "legal_commands lists a command twice"
        others = [s for s in range(len(players)) if s not in movers]
        if steps % 10 == 0:
            assert listed == rules.legal_commands(referee.state, seat), "not deterministic"
            for other in others:
                assert rules.legal_commands(referee.state, other) == [], "a waiting seat acts"
        if check_all_every and steps % check_all_every == 0:
            sample = listed
        else:
            sample = [listed[pick.below(len(listed))] for _ in range(listed_sample)]
        for command in sample:
            rules.decide(referee.state, seat, command)  # must not raise
        tried = 0
        for candidate in mutations(listed[pick.below(len(listed))], pick):
            if tried >= unlisted_sample:
                break
            if candidate in listed_set:
                continue
            tried += 1
            try:
                rules.decide(referee.state, seat, candidate)
            except IllegalCommand:
                pass
            else:
                raise AssertionError(f"decide accepted the unlisted {candidate!r}")
        if others:
            try:
                rules.decide(referee.state, others[0], listed[0])
            except IllegalCommand:
                pass
            else:
                raise AssertionError(f"seat {others[0]} acted out of turn")
        before = len(referee.log)
        copied = rules.copy(referee.state) if steps % 10 == 0 else None
        if steps % 10 == 0:  # now and then through the bot's real path (the seat's view)
            command = bot.choose(rules, rules.view(referee.state, seat), seat)
        else:
            command = listed[pick.below(len(listed))]
        was = rules.dump_position(referee.state) if copied is not None else None
        referee.submit(seat, command)
        steps += 1
        assert len(referee.log) > before
        if copied is not None:
            check_copy(rules, copied, was, referee, referee.log[before:])
    assert rules.outcome(referee.state) is not None
    check_log_round_trip(rules, referee)
    if invariant is not None:
        check_every_event(rules, referee, invariant)
    return referee


def check_copy(
    rules: Rules[Any], copied: Any, was: Any, referee: Referee[Any], since: list[Envelope]
) -> None:
    """A copy taken before a command: the referee's evolving left it as it was, and the same
    events (``since``) make it equal to the referee's state (every field copied, none shared)."""
    assert rules.dump_position(copied) == was, "evolving the state changed a copy of it"
    for env in since:
        if not env.type.startswith("core."):
            copied = rules.evolve(copied, env.event)
    assert copied == referee.state, "a copy, evolved alike, differs from the state"


def check_log_round_trip(rules: Rules[Any], referee: Referee[Any]) -> None:
    """decode(encode(log)) folds to the same state, and the bytes are stable."""
    decoded = [decode_envelope(data) for data in referee.wire]
    assert [encode_envelope(env) for env in decoded] == referee.wire
    _, state = fold(decoded)
    assert rules.dump_position(state) == rules.dump_position(referee.state)


def check_every_event(rules: Rules[Any], referee: Referee[Any], invariant: Invariant) -> None:
    """Re-fold the log event by event, checking the invariant after each one."""
    _, state = fold(referee.log[:1])
    invariant(state)
    for env in referee.log[1:]:
        if env.type.startswith("core."):
            continue
        state = rules.evolve(state, env.event)
        invariant(state)
