"""A greedy Kilauea bot: each command is judged by the position it leads to.

The position is valued for the bot's seat as its VP, plus what its island would score in each
scoring still to come (with the volcano as it stands), plus small values for what helps later:
Sacred Stones, Tikis in the canoe, island sectors towards the 15 VP bonus. Moving the canoe is
judged one command deeper, by the best main action it makes possible. Ties go to ending the turn
(no pointless tile uses), then to a seeded draw.
"""

from __future__ import annotations

from typing import Any

from core.games.kilauea import commands as cmd
from core.games.kilauea import flow, scoring
from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.evolve import evolve
from core.games.kilauea.play import decide, legal_commands
from core.games.kilauea.state import KilaueaState, Phase
from core.messages import Command
from core.protocol import Rules, Seat
from core.rng import Rng

C = COMPONENTS
STONE = 0.8
CANOE_TIKI = 1.5
SECTOR_STARTED = 2.5
IN_TURN = (Phase.MAIN, Phase.CUTTING, Phase.ACTIONS)


def value(state: KilaueaState, seat: int) -> float:
    """How good ``state`` looks for ``seat``."""
    scorings_left = 2 - len(state.scorings)
    island = state.islands[seat]
    sectors = len(island) - island.count([])  # the sectors with a Tiki
    bonus = C.all_sectors_vp if sectors == len(C.sectors) else SECTOR_STARTED * sectors
    return (
        state.score(seat)
        + scorings_left * scoring.island_value(state, seat)
        + bonus * (scorings_left > 0)
        + STONE * state.stones[seat]
        + CANOE_TIKI * len(state.canoes[seat])
    )


def after(state: KilaueaState, seat: int, command: Command) -> KilaueaState:
    """The position after ``command`` and its in-turn consequences (freed tiles)."""
    s = state.copy()
    for event in decide(s, seat, command):
        evolve(s, event)
    while s.phase in IN_TURN and (follow := flow.forced(s)):
        for event in follow:
            evolve(s, event)
    return s


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: str) -> None:
        self._rng = Rng(seed)

    def _judge(self, state: KilaueaState, seat: int, command: Command) -> float:
        nxt = after(state, seat, command)
        if isinstance(command, cmd.MoveCanoe):
            follow = legal_commands(nxt, seat)
            return max(value(after(nxt, seat, c), seat) for c in follow)
        return value(nxt, seat)

    def choose(
        self, rules: Rules[Any], state: Any, seat: Seat, commands: list[Command] | None = None
    ) -> Command:
        """The best of the legal ``commands`` (listed here when not given)."""
        if commands is None:
            commands = legal_commands(state, seat)
        if not commands:
            raise RuntimeError(f"seat {seat} has no legal command")
        if len(commands) == 1:
            return commands[0]
        judged = [(self._judge(state, seat, c), isinstance(c, cmd.EndTurn), c) for c in commands]
        best = max(v for v, _, _ in judged)
        top = [(end, c) for v, end, c in judged if v >= best - 1e-9]
        if any(end for end, _ in top):
            return next(c for end, c in top if end)
        return top[self._rng.below(len(top))][1]
