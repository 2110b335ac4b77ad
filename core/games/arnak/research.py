"""The research track: where the magnifying glass and the notebook may go, what a step
costs, and what arriving brings (a row's effect, a bonus tile, the temple and its tiles).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak import ops as o
from core.games.arnak.frames import SKIP, BonusPick, advance, push, start, with_skip
from core.games.arnak.resources import can_pay_res, pay_res, take_card
from core.games.arnak.state import HIDDEN, TEMPLE, ArnakState, Frame


def research_moves(state: ArnakState, seat: int, token: str) -> list[str]:
    """Where ``token`` (glass or notebook) may go next (``t0``..``t5``: a temple tile)."""
    player = state.seats[seat]
    here = player.glass if token == "glass" else player.notebook
    if token == "glass" and here == TEMPLE:
        return [f"t{i}" for i, left in enumerate(state.temple_stacks) if left > 0]
    out = []
    for space in K.research_next(state.side, here):
        if token == "notebook" and (
            space == TEMPLE
            or K.research_row(state.side, space) > K.research_row(state.side, player.glass)
        ):
            continue
        out.append(str(space))
    return out


def research_cost(state: ArnakState, to: str) -> o.Cost:
    if to.startswith("t"):
        return K.temple_cost(state.side, int(to[1:]))
    return K.research_cost(state.side, int(to))


def discounted(res: tuple[int, ...], off: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(max(0, a - b) for a, b in zip(res, off, strict=True))


def research_options(state: ArnakState, seat: int, op: o.Research | None) -> list[str]:
    """``token>to`` research steps ``seat`` can pay (``#k`` appended: with discount ``k``)."""
    player = state.seats[seat]
    tokens = ["glass", "notebook"] if op is None or op.token == "any" else [op.token]
    out: list[str] = []
    for token in tokens:
        for to in research_moves(state, seat, token):
            cost = research_cost(state, to)
            if op is not None and op.free:
                out.append(f"{token}>{to}")
                continue
            offs: list[tuple[int, ...]] = (
                [()] if op is None or not op.discounts else list(op.discounts)
            )
            for k, off in enumerate(offs):
                res = discounted(cost.res, off) if off else cost.res
                if can_pay_res(state, seat, res) and cost.idol <= player.idols:
                    tag = f"#{k}" if off and len(offs) > 1 else ""
                    out.append(f"{token}>{to}{tag}")
    return out


def do_research(
    state: ArnakState, seat: int, token: str, to: str, op: o.Research | None = None, k: int = 0
) -> None:
    """Pay and move; then the bonus tile and the row effect (or the temple) run."""
    player = state.seats[seat]
    cost = research_cost(state, to)
    if not (op is not None and op.free):
        res: tuple[int, ...] = cost.res
        if op is not None and op.discounts:
            res = discounted(res, op.discounts[k])
        pay_res(state, seat, res)
        player.idols -= cost.idol
        state.idols_spent += cost.idol
    if to.startswith("t"):
        stack = int(to[1:])
        stacks = state.temple_stacks[:]  # a new list: the bots' copies share the old one
        stacks[stack] -= 1
        state.temple_stacks = stacks
        player.temple_tiles = [*player.temple_tiles, stack]  # copies share the old list
        return
    space = int(to)
    if token == "glass":
        player.glass = space
    else:
        player.notebook = space
    if space == TEMPLE:
        rank = len(state.temple_order)
        state.temple_order = [*state.temple_order, seat]  # copies share the old list
        player.temple_vp = K.temple_vp(rank)
        if state.temple_bonus:
            push(state, "templepick", seat)
        return
    key = row_key(state.side, token, K.research_row(state.side, space))
    if state.bonus.get(space):
        # the first arrival takes the bonus tile (on the snake side's row 7: one of them);
        # 004: the row's effect may come first, if the player wants (rules version 1: never)
        if state.rules_version < 2:
            push(state, key, seat)
            push(state, "bonuspick", seat, {"space": space})
        else:
            push(state, "bonuspick", seat, {"space": space, "row": key})
    else:
        start(state, key, seat)


PlainStep = tuple[int, tuple[tuple[int, int], ...], int, str]


def plain_step(side: str, token: str, to: str) -> PlainStep | None:
    """What :func:`do_research` (no op) does for a step to a research space short of the
    temple: the space, the resources it costs (index and count of each one paid) and its idols,
    the program key of the row's effect; ``None`` for the temple and its tile stacks. Kept in
    ``PLAIN_STEPS`` (the fold reads it for every research action)."""
    if to.startswith("t") or int(to) == TEMPLE:
        return None  # (not kept: rare, and a log could name any stack)
    space = int(to)
    cost = K.research_cost(side, space)
    pays = tuple((i, n) for i, n in enumerate(cost.res) if n)
    found = (space, pays, cost.idol, row_key(side, token, K.research_row(side, space)))
    if token in ("glass", "notebook") and to == str(space):  # (not whatever else a log says)
        PLAIN_STEPS[side, token, to] = found
    return found


PLAIN_STEPS: dict[tuple[str, str, str], PlainStep] = {}  # plain_step's memo


@cache
def row_key(side: str, token: str, row: int) -> str:
    """The program key of a research row's effect for the glass or the notebook."""
    return f"row:{side}:{token}:{row}"


def _ask_research(state: ArnakState, frame: Frame, op: o.Research) -> list[str]:
    return with_skip(research_options(state, frame.seat, op))


def _answer_research(state: ArnakState, frame: Frame, op: o.Research, value: str) -> None:
    advance(frame)
    if value == SKIP:
        return
    token, _, rest = value.partition(">")
    to, _, k = rest.partition("#")
    do_research(state, frame.seat, token, to, op, int(k or 0))


def _step_temple(state: ArnakState, frame: Frame, op: o.TemplePick) -> bool:
    if not state.temple_bonus:
        advance(frame)
        return True
    if "seen" not in frame.ctx:
        frame.ctx["need"] = "peek"
    return False


def _ask_temple(state: ArnakState, frame: Frame, op: o.TemplePick) -> list[str]:
    if "seen" not in frame.ctx:
        return []
    return sorted({c for c in state.temple_bonus if c != HIDDEN}) or [SKIP]


def _answer_temple(state: ArnakState, frame: Frame, op: o.TemplePick, value: str) -> None:
    advance(frame)
    if value != SKIP:
        tiles = state.temple_bonus[:]  # a new list: the bots' copies share the old one
        take_card(tiles, value)
        state.temple_bonus = tiles
        player = state.seats[frame.seat]
        player.bonus_tiles = [*player.bonus_tiles, value]  # copies share the old list
        start(state, "bonus:" + value, frame.seat)


ROW_FIRST = "row"  # the bonus question's answer "the row's effect first, then a bonus tile"


def _ask_bonus(state: ArnakState, frame: Frame, op: BonusPick) -> list[str]:
    tiles = sorted(set(state.bonus.get(frame.ctx["space"], [])))
    if tiles and "row" in frame.ctx:
        return [*tiles, ROW_FIRST]
    return tiles or [SKIP]


def _answer_bonus(state: ArnakState, frame: Frame, op: BonusPick, value: str) -> None:
    """A bonus tile (its effect runs, then the row's unless that came first), or the row's
    effect first (the question comes back for the tile once it is done)."""
    row = frame.ctx.pop("row", None)
    if value == ROW_FIRST:
        start(state, row, frame.seat)
        return
    advance(frame)
    if row is not None:
        push(state, row, frame.seat)  # under the tile's effect: it runs next
    if value != SKIP:
        space = frame.ctx["space"]
        tiles = list(state.bonus[space])
        tiles.remove(value)
        state.bonus = {**state.bonus, space: tiles}  # new: copies of the state share the old
        player = state.seats[frame.seat]
        player.bonus_tiles = [*player.bonus_tiles, value]  # copies share the old list
        start(state, "bonus:" + value, frame.seat)


STEPS: dict[type, Any] = {o.TemplePick: _step_temple}
ASKS: dict[type, Any] = {
    o.Research: _ask_research,
    o.TemplePick: _ask_temple,
    BonusPick: _ask_bonus,
}
ANSWERS: dict[type, Any] = {
    o.Research: _answer_research,
    o.TemplePick: _answer_temple,
    BonusPick: _answer_bonus,
}
