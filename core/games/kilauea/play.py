"""The commands a seat may give: listing the legal ones, and deciding (validating) one.

Decisions where the rulebook is open (see docs/rules-kilauea.md):
- the canoe never ends a move where it started (at most one space short of a full lap; from the
  dock it may reach any space);
- the rulebook's "you MUST advance your canoe, then perform a main action": the canoe stops only
  where a main action is possible, whenever some move allows one; when none does, every move is
  open and the turn passes;
- the 2 Tikis of a cut are taken one after the other: the first may open the way to the second,
  and the second must come right after the first (before any tile is used);
- a cut takes only as many Tikis as the canoe has room for;
- building on the volcano takes as many stones as it can, up to 3: the crater may hold fewer, and
  a player never holds more than 5 (the rest stay in the crater);
- with no main action possible in the canoe's sector, ending the turn passes.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.errors import IllegalCommand
from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea import forest, tiles, track
from core.games.kilauea.components import COMPONENTS
from core.games.kilauea.state import COLOUR, SECTORS, KilaueaState, Phase
from core.messages import Command, Event

C = COMPONENTS
TURN_PHASES = (Phase.MOVE, Phase.MAIN, Phase.CUTTING, Phase.ACTIONS)


def free_steps(state: KilaueaState, seat: int) -> int:
    """The mandatory step plus one per empty place in the player's canoe."""
    return 1 + state.room_in_canoe(seat)


def most_steps(state: KilaueaState, seat: int) -> int:
    return min(
        track.max_steps(state.players, state.canoe), free_steps(state, seat) + state.stones[seat]
    )


def stones_after_volcano(state: KilaueaState, seat: int) -> int:
    room = C.stone_limit - state.stones[seat]
    return max(0, min(C.stones_after_volcano, state.crater, room))


def _canoe_colours(state: KilaueaState, seat: int) -> list[str]:
    return [colour for colour in C.colours if colour in state.canoes[seat]]


def cuts(state: KilaueaState, seat: int, sector: int | None = None) -> list[Command]:
    """The Tikis ``seat`` may cut in ``sector`` (the canoe's, unless named)."""
    return list(_cuts(state, seat, state.sector if sector is None else sector))


def _cuts(state: KilaueaState, seat: int, k: int) -> Iterator[Command]:
    if state.room_in_canoe(seat) > 0:
        for space in forest.accessible_spaces(state.template(k), state.forests[k]):
            yield cmd.CutTiki(k, space)


def main_actions(state: KilaueaState, seat: int) -> list[Command]:
    """The main actions possible in the canoe's sector: cut, build on the volcano or island."""
    return main_actions_at(state, seat, state.sector, state.stones[seat])


def main_actions_at(state: KilaueaState, seat: int, k: int, stones: int) -> list[Command]:
    """The main actions ``seat`` could take with the canoe in sector ``k`` and ``stones``."""
    return list(_main_actions_at(state, seat, k, stones))


def can_act_at(state: KilaueaState, seat: int, k: int, stones: int) -> bool:
    """Whether :func:`main_actions_at` lists anything (found without listing it all)."""
    return next(_main_actions_at(state, seat, k, stones), None) is not None


def _main_actions_at(state: KilaueaState, seat: int, k: int, stones: int) -> Iterator[Command]:
    yield from _cuts(state, seat, k)
    colours = _canoe_colours(state, seat)
    yield from (cmd.BuildOnVolcano(k, c) for c in colours if state.height(k, c) < C.column_limit)
    if stones >= C.island_cost and len(state.islands[seat][k]) < C.column_limit:
        yield from (cmd.BuildOnIsland(k, c) for c in colours)


def moves(state: KilaueaState, seat: int) -> list[int]:
    """The step counts the canoe may move: those that stop where a main action is possible,
    or every one when none does (the turn then passes). Logs of rules version 1 move freely."""
    every = range(1, most_steps(state, seat) + 1)
    if state.rules_version < 2:
        return list(every)
    free = free_steps(state, seat)
    useful = [
        steps
        for steps in every
        if can_act_at(
            state,
            seat,
            track.sector_of(track.advance(state.players, state.canoe, steps)),
            state.stones[seat] - max(0, steps - free),
        )
    ]
    return useful or list(every)


def legal_commands(state: KilaueaState, seat: int) -> list[Command]:
    phase = state.phase
    if phase is Phase.DRAFT and seat == state.drafter:
        return [
            cmd.DraftTiki(k, colour)
            for k in SECTORS
            for colour in C.colours
            if state.height(k, colour) > 0
        ]
    if phase not in TURN_PHASES or seat != state.active:
        return []
    if phase is Phase.MOVE:
        return [cmd.MoveCanoe(steps) for steps in moves(state, seat)]
    if phase is Phase.MAIN:
        return main_actions(state, seat) or [cmd.EndTurn()]
    out: list[Command] = []
    if phase is Phase.CUTTING and state.cuts < C.cut_at_most:
        out.extend(cuts(state, seat))
    out.extend(tiles.options(state, seat))
    out.append(cmd.EndTurn())
    return out


def decide(state: KilaueaState, seat: int, command: Command) -> list[Event]:
    if not 0 <= seat < state.players:
        raise IllegalCommand(f"there is no seat {seat} at this table")
    if isinstance(command, cmd.DraftTiki):
        return _draft(state, seat, command)
    if state.phase not in TURN_PHASES:
        raise IllegalCommand(f"nothing can be played now ({state.phase.value})")
    if seat != state.active:
        raise IllegalCommand("it is not your turn")
    if isinstance(command, cmd.MoveCanoe):
        return _move_canoe(state, seat, command)
    if state.phase is Phase.MOVE:
        raise IllegalCommand("move the canoe first (at least 1 space clockwise)")
    if isinstance(command, cmd.CutTiki):
        return _cut(state, seat, command)
    if isinstance(command, cmd.BuildOnVolcano | cmd.BuildOnIsland):
        return _build(state, seat, command)
    if isinstance(command, cmd.UseTile):
        if state.phase is Phase.MAIN:
            raise IllegalCommand("take your main action first; it earns the tiles you may use")
        return tiles.decide(state, seat, command)
    if isinstance(command, cmd.EndTurn):
        if state.phase is Phase.MAIN:
            if main_actions(state, seat):
                raise IllegalCommand(
                    "take a main action first: cut, or build on the volcano or island"
                )
            return [ev.Passed(seat, state.sector), ev.TurnEnded(seat)]
        return [ev.TurnEnded(seat)]
    raise IllegalCommand(f"{type(command).__name__} is not a Kilauea command")


def _draft(state: KilaueaState, seat: int, command: cmd.DraftTiki) -> list[Event]:
    if state.phase is not Phase.DRAFT:
        raise IllegalCommand("Tikis are drafted only before the first turn")
    if seat != state.drafter:
        raise IllegalCommand("it is not your turn to take a Tiki")
    if command.sector not in SECTORS or command.colour not in COLOUR:
        raise IllegalCommand(f"name a sector 0-4 and a colour: {', '.join(C.colours)}")
    if state.height(command.sector, command.colour) <= 0:
        where = C.sectors[command.sector]
        raise IllegalCommand(f"the {command.colour} column in {where} is empty")
    return [ev.TikiDrafted(seat, command.sector, command.colour)]


def _move_canoe(state: KilaueaState, seat: int, command: cmd.MoveCanoe) -> list[Event]:
    if state.phase is not Phase.MOVE:
        raise IllegalCommand("the canoe has already moved this turn")
    most = most_steps(state, seat)
    if not 1 <= command.steps <= most:
        free = free_steps(state, seat)
        raise IllegalCommand(
            f"move the canoe 1 to {most} spaces ({free} free, then 1 Sacred Stone a space; "
            f"never a full lap)"
        )
    paid = max(0, command.steps - free_steps(state, seat))
    space = track.advance(state.players, state.canoe, command.steps)
    allowed = moves(state, seat)
    if command.steps not in allowed:
        where = ", ".join(str(n) for n in allowed)
        raise IllegalCommand(
            f"no main action is possible from {track.name(space)}: the canoe must stop where "
            f"one is (move {where})"
        )
    return [ev.CanoeMoved(seat, command.steps, space, paid)]


def _cut(state: KilaueaState, seat: int, command: cmd.CutTiki) -> list[Event]:
    if state.phase is Phase.ACTIONS:
        raise IllegalCommand("your main action is over")
    if state.phase is Phase.CUTTING and state.cuts >= C.cut_at_most:
        raise IllegalCommand(f"a cut takes at most {C.cut_at_most} Tikis")
    k = state.sector
    if command.forest != k:
        raise IllegalCommand(f"the canoe is in {C.sectors[k]}: cut in forest {k} ({C.sectors[k]})")
    if state.room_in_canoe(seat) <= 0:
        raise IllegalCommand(f"your canoe is full ({C.canoe_limit} Tikis)")
    tikis = state.forests[k]
    if command.space not in tikis:
        raise IllegalCommand(f"the {C.sectors[k]} forest has no Tiki on {command.space!r}")
    template = state.template(k)
    if not forest.is_accessible(template, tikis, command.space):
        blocked = ", ".join(forest.blocking(template, tikis, command.space))
        raise IllegalCommand(f"the Tiki on {command.space} is not accessible ({blocked} first)")
    return [ev.TikiCut(seat, k, command.space, tikis[command.space])]


def _build(
    state: KilaueaState, seat: int, command: cmd.BuildOnVolcano | cmd.BuildOnIsland
) -> list[Event]:
    if state.phase is not Phase.MAIN:
        raise IllegalCommand("you have already taken your main action")
    k = state.sector
    if command.sector != k:
        raise IllegalCommand(f"the canoe is in {C.sectors[k]}: build in sector {k} there")
    if command.colour not in state.canoes[seat]:
        raise IllegalCommand(f"your canoe holds no {command.colour or 'such'} Tiki")
    if isinstance(command, cmd.BuildOnVolcano):
        if state.height(k, command.colour) >= C.column_limit:
            raise IllegalCommand(f"the {command.colour} column in {C.sectors[k]} is full")
        return [ev.BuiltOnVolcano(seat, k, command.colour, stones_after_volcano(state, seat))]
    if state.stones[seat] < C.island_cost:
        raise IllegalCommand(f"building on your island costs {C.island_cost} Sacred Stones")
    if len(state.islands[seat][k]) >= C.column_limit:
        raise IllegalCommand(f"your island's {C.sectors[k]} column is full")
    return [ev.BuiltOnIsland(seat, k, command.colour, C.island_cost)]
