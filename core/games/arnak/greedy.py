"""The greedy bot: a sensible economy in one step of look-ahead.

For each legal command it applies the command's event to a copy of its own view and values the
result (:data:`value`: :mod:`core.games.arnak.worth` with its default weights): the points it
would score now, plus what resources, cards (and hand cards kept to pay an archaeologist's
travel), assistants and research progress are worth while rounds remain. It takes the best, so
it buys, digs, discovers, overcomes guardians and researches toward the temple when those pay;
passing, by the verb or by a card's option, costs the cards in hand.
"""

from __future__ import annotations

from typing import Any

from core.games.arnak import commands as cmd
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak.evolve import evolve
from core.games.arnak.play import ECHO
from core.games.arnak.state import ArnakState
from core.games.arnak.worth import Worth
from core.messages import Command, Event
from core.protocol import Rules, Seat
from core.rng import Rng

DRAWN = 0.9  # a card about to be drawn (a view does not know which)
PASS_PER_CARD = 0.5  # passing with cards in hand wastes them for the round

value = Worth()
"""What a position is worth to a seat, in points: :class:`Worth` with the default
:class:`~core.games.arnak.worth.Weights` (called as ``value(state, seat)``)."""


def passing_cost(state: ArnakState, seat: int) -> float:
    """What passing now throws away: the cards still in hand (their use this round)."""
    return PASS_PER_CARD * len(state.seats[seat].hand) + 0.01


class Spoiled(Exception):
    """A state handed over to :meth:`GreedyBot.rate` was changed by a command it could not
    follow (its caller builds it again)."""


class GreedyBot:
    name = "greedy"
    worth = staticmethod(value)  # what it weighs positions by (the search's policy has its own)

    def __init__(self, seed: str) -> None:
        self._rng = Rng(seed)

    def choose(
        self, rules: Rules[Any], state: Any, seat: Seat, commands: list[Command] | None = None
    ) -> Command:
        """The best of the legal ``commands`` (listed here when not given), ties drawn."""
        if commands is None:
            commands = rules.legal_commands(state, seat)
        if not commands:
            raise RuntimeError(f"seat {seat} has no legal command")
        if len(commands) == 1:
            return commands[0]
        best: list[Command] = []
        top = float("-inf")
        here: list[float] = []  # the position's own worth, once it is asked
        for command in commands:
            score = self.rate(state, seat, command, here=here)
            if score > top + 1e-9:
                top, best = score, [command]
            elif abs(score - top) <= 1e-9:
                best.append(command)
        return best[self._rng.below(len(best))]

    def rate(
        self,
        state: ArnakState,
        seat: int,
        command: Command,
        depth: int = 0,
        spare: bool = False,
        here: list[float] | None = None,
    ) -> float:
        """The value after ``command``; when it leads to a question of this seat's own, the
        value after its best answer (two questions deep), and cards about to be drawn count.
        ``spare``: ``state`` is the caller's copy it needs no more, changed here instead of
        copied (if the command cannot be followed, :class:`Spoiled` says so). ``here``: where
        ``state``'s own worth is kept once worked out (the caller weighs more commands from it;
        passing and ending the turn both ask it)."""
        kind = type(command)
        if kind is cmd.Pass:
            # passing early wastes the round: only when nothing else helps
            return self._worth_here(state, seat, here) - passing_cost(state, seat)
        if kind is cmd.EndTurn:
            return self._worth_here(state, seat, here) - 0.05
        event: Event
        if kind is cmd.Choose and fx.secret_answer(state):
            event = ev.SecretAnswerGiven(seat, command.value)  # type: ignore[attr-defined]
        else:
            event = ECHO[kind](seat, command)  # type: ignore[no-untyped-call]
        had_passed = state.passed[seat]
        after = state if spare else state.copy(seat)
        try:
            evolve(after, event)
        except (AssertionError, KeyError, IndexError, ValueError):
            if spare:
                raise Spoiled from None
            # a view cannot follow it further: judge it poorly
            return self._worth_here(state, seat, here) - 1
        bonus = 0.0
        if after.passed[seat] and not had_passed:
            bonus -= passing_cost(after, seat)  # a card's option that passes ends the round too
        if kind is cmd.Choose and command.value == fx.SKIP:  # type: ignore[attr-defined]
            bonus -= 0.02
        elif kind is cmd.SlotIdol:
            bonus -= 0.6  # the slot's points are lost for a one-off bonus
        stack = after.stack
        if stack and stack[-1].seat == seat:
            ctx = stack[-1].ctx
            if ctx.get("need") == "draw":
                bonus += DRAWN * int(ctx.get("n", 1)) * value.growth_of(after)
            elif depth < 2 and "need" not in ctx:
                answers = fx.options(after)[:12]
                if answers:
                    best = float("-inf")
                    last = len(answers) - 1
                    for i, answer in enumerate(answers):
                        # the last answer may use ``after`` itself, if this call's own state
                        # is still whole to build it again should that answer spoil it
                        hand_over = i == last and not spare
                        try:
                            score = self.rate(after, seat, cmd.Choose(answer), depth + 1, hand_over)
                        except Spoiled:
                            again = state.copy(seat)
                            evolve(again, event)
                            score = self.worth(again, seat) - 1
                        if score > best:
                            best = score
                    return best + bonus
        return self.worth(after, seat) + bonus

    def _worth_here(self, state: ArnakState, seat: int, here: list[float] | None) -> float:
        if here is None:
            return self.worth(state, seat)
        if not here:
            here.append(self.worth(state, seat))
        return here[0]
