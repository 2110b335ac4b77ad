"""Assistants: recruiting, rescuing (the snake side), upgrading, refreshing, swapping and
borrowing them (the effect engine's asks and steps about assistants).
"""

from __future__ import annotations

from typing import Any

from core.games.arnak import ops as o
from core.games.arnak.frames import SKIP, advance, push
from core.games.arnak.resources import take_card
from core.games.arnak.state import HIDDEN, ArnakState, Assistant, Frame


def supply_tops(state: ArnakState) -> list[str]:
    return [f"{i}" for i, stack in enumerate(state.supply) if stack and stack[0] != HIDDEN]


def _ask_recruit(state: ArnakState, frame: Frame, op: o.Recruit) -> list[str]:
    if len(state.seats[frame.seat].assistants) >= 2:
        return [SKIP]
    return supply_tops(state) or [SKIP]


def _answer_recruit(state: ArnakState, frame: Frame, op: o.Recruit, value: str) -> None:
    advance(frame)
    if value != SKIP:
        i = int(value)  # new lists, not changed in place: the bots' copies share them
        supply = state.supply[:]
        stack = supply[i]
        helper = stack[0]
        supply[i] = stack = stack[1:]
        state.supply = supply
        shown = state.supply_shown[:]
        shown[i] = not stack
        state.supply_shown = shown
        state.seats[frame.seat].assistants.append(Assistant(helper))


def _ask_rescue(state: ArnakState, frame: Frame, op: o.Rescue) -> list[str]:
    if len(state.seats[frame.seat].assistants) >= 2 or not state.rescue:
        return [SKIP]
    if "seen" not in frame.ctx:
        return []
    found = [c for c in state.rescue if c != HIDDEN]
    if found and state.rules_version >= 2:
        return [*found, SKIP]  # the glass "kann" rescue one (004): it may decline
    return found or [SKIP]


def _answer_rescue(state: ArnakState, frame: Frame, op: o.Rescue, value: str) -> None:
    advance(frame)
    if value != SKIP:
        was_top = state.rescue[0] == value
        rescue = state.rescue[:]  # a new list: the bots' copies share the old one
        take_card(rescue, value)
        state.rescue = rescue
        if was_top and state.rescue:
            state.rescue_shown = False
        state.seats[frame.seat].assistants.append(Assistant(value, exhausted=True))


def _step_rescue(state: ArnakState, frame: Frame, op: o.Rescue) -> bool:
    if len(state.seats[frame.seat].assistants) >= 2 or not state.rescue:
        advance(frame)
        return True
    if "seen" not in frame.ctx:
        frame.ctx["need"] = "peek"
    return False


def _ask_upgrade_assistant(state: ArnakState, frame: Frame, op: Any) -> list[str]:
    mine_ = state.seats[frame.seat].assistants
    return [str(i) for i, a in enumerate(mine_) if not a.gold] or [SKIP]


def _answer_upgrade_assistant(state: ArnakState, frame: Frame, op: Any, value: str) -> None:
    advance(frame)
    if value != SKIP:
        helper = state.seats[frame.seat].assistants[int(value)]
        helper.gold = True
        helper.exhausted = False


def _ask_refresh(state: ArnakState, frame: Frame, op: o.Refresh) -> list[str]:
    mine_ = state.seats[frame.seat].assistants
    if op.both:
        return ["all"]
    return [str(i) for i, a in enumerate(mine_) if a.exhausted] or [SKIP]


def _answer_refresh(state: ArnakState, frame: Frame, op: o.Refresh, value: str) -> None:
    advance(frame)
    mine_ = state.seats[frame.seat].assistants
    if value == "all":
        for helper in mine_:
            helper.exhausted = False
    elif value != SKIP:
        mine_[int(value)].exhausted = False


def _ask_swap(state: ArnakState, frame: Frame, op: o.SwapAssistant) -> list[str]:
    mine_ = state.seats[frame.seat].assistants
    return [f"{i}>{s}" for i in range(len(mine_)) for s in supply_tops(state)] or [SKIP]


def _answer_swap(state: ArnakState, frame: Frame, op: o.SwapAssistant, value: str) -> None:
    advance(frame)
    if value == SKIP:
        return
    a, _, s = value.partition(">")
    mine_ = state.seats[frame.seat].assistants
    old = mine_[int(a)]
    supply = state.supply[:]  # new lists, not changed in place: the bots' copies share them
    stack = supply[int(s)]
    new = stack[0]
    supply[int(s)] = [old.id, *stack[1:]]
    state.supply = supply
    mine_[int(a)] = Assistant(new, gold=old.gold)


def _ask_borrow(state: ArnakState, frame: Frame, op: o.Borrow) -> list[str]:
    return supply_tops(state) or [SKIP]


def _answer_borrow(state: ArnakState, frame: Frame, op: o.Borrow, value: str) -> None:
    advance(frame)
    if value != SKIP:
        helper = state.supply[int(value)][0]
        push(state, f"asst:{helper}{'g' if op.level == 'gold' else 's'}", frame.seat)


STEPS: dict[type, Any] = {o.Rescue: _step_rescue}
ASKS: dict[type, Any] = {
    o.Recruit: _ask_recruit,
    o.Rescue: _ask_rescue,
    o.UpgradeAssistant: _ask_upgrade_assistant,
    o.Refresh: _ask_refresh,
    o.SwapAssistant: _ask_swap,
    o.Borrow: _ask_borrow,
}
ANSWERS: dict[type, Any] = {
    o.Recruit: _answer_recruit,
    o.Rescue: _answer_rescue,
    o.UpgradeAssistant: _answer_upgrade_assistant,
    o.Refresh: _answer_refresh,
    o.SwapAssistant: _answer_swap,
    o.Borrow: _answer_borrow,
}
