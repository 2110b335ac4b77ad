"""The sites: digging and discovering, activating a site, moving archaeologists and
guardians, overcoming guardians (the effect engine's asks and steps about them).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak import ops as o
from core.games.arnak.frames import (
    SKIP,
    IdolReward,
    RevealGuardian,
    RevealSite,
    advance,
    push,
    start,
    with_skip,
)
from core.games.arnak.pay import spend
from core.games.arnak.resources import can_pay_res, icons, pay_res, split_pay, travel_options
from core.games.arnak.state import COMPASS, HIDDEN, ArnakState, Frame

CAMP_KEYS = {f"C{n}": f"site:c{n}" for n in range(1, 6)}  # the camps' program keys, made once
CAMP_SPACE_KEYS = {f"C{n}.{k}": f"site:c{n}" for n in range(1, 6) for k in (1, 2)}  # by space


def site_of(space: str) -> str:
    """``C3.2`` -> ``C3`` (a camp site has two spaces); an ``L`` space is its own site."""
    return space[:2] if space[0] == "C" else space


def site_program(state: ArnakState, site: str) -> str | None:
    """The program key of a discovered site's effect (``None`` if undiscovered)."""
    if site[0] == "C":
        return CAMP_KEYS[site]
    tile = state.site_tile.get(site)
    return None if tile is None else "site:" + tile


def occupied_by(state: ArnakState, site: str) -> set[int]:
    return {
        seat
        for space, seat in state.occupant.items()
        if seat is not None and site_of(space) == site
    }


def mine(state: ArnakState, seat: int) -> list[str]:
    """The sites where ``seat`` has an archaeologist."""
    return sorted({site_of(space) for space in state.seats[seat].arch if space is not None})


def discovered_sites(state: ArnakState) -> list[str]:
    camps = [f"C{n}" for n in range(1, 6)]
    return camps + [space for space, tile in state.site_tile.items() if tile is not None]


def free_spaces(state: ArnakState, site: str) -> list[str]:
    return [
        space
        for space in K.spaces()
        if site_of(space) == site
        and space not in state.blocked
        and state.occupant.get(space) is None
    ]


@cache
def board_spaces(side: str) -> tuple[tuple[str, bool, str, tuple[str, ...], int, int], ...]:
    """Every space of board ``side`` with what :func:`dig_targets` asks of it, worked out once:
    (space, a camp's, its site, the travel to reach it, its level, the compasses to discover
    it)."""
    return tuple(
        (
            space,
            space[0] == "C",
            site_of(space),
            K.space_travel(side, space),
            K.level(space),
            K.discover_cost(K.level(space)) if space[0] != "C" else 0,
        )
        for space in K.spaces()
    )


def dig_targets(
    state: ArnakState,
    seat: int,
    discount: list[str],
    compass_off: int,
    camps_only: bool = False,
    free_travel: bool = False,
) -> list[tuple[str, str, str]]:
    """(kind, space, payment) for every dig and discovery ``seat`` can pay now; ``kind`` is
    ``dig`` or ``discover``."""
    player = state.seats[seat]
    if None not in player.arch:
        return []
    out: list[tuple[str, str, str]] = []
    ways: dict[tuple[str, ...], list[str]] = {}  # spaces of the same cost pay alike

    def options_for(cost: tuple[str, ...]) -> list[str]:
        if cost not in ways:
            ways[cost] = travel_options(state, seat, list(cost), discount)
        return ways[cost]

    blocked, occupant, site_tile = state.blocked, state.occupant, state.site_tile
    for space, camp, site, travel, level, discover in board_spaces(state.side):
        if space in blocked or occupant.get(space) is not None:
            continue
        if camps_only and not camp:
            continue
        cost = () if free_travel else travel
        if camp or site_tile.get(site) is not None:
            for p in options_for(cost):
                out.append(("dig", space, p))
            continue
        if (level == 1 and not state.sites1) or (level == 2 and not state.sites2):
            continue
        compasses = max(0, discover - compass_off)
        if player.res[COMPASS] < compasses:
            continue
        for p in options_for(cost):
            out.append(("discover", space, p))
    return out


def place(state: ArnakState, seat: int, space: str) -> None:
    player = state.seats[seat]
    player.arch[player.arch.index(None)] = space
    state.occupant[space] = seat


def start_dig(state: ArnakState, seat: int, space: str, twice: bool = False) -> None:
    """An archaeologist arrived at a discovered site: its effect runs (twice: Passage Shell)."""
    arch = state.seats[seat].arch  # ``place`` and ``site_program``, inlined (every dig)
    arch[arch.index(None)] = space
    state.occupant[space] = seat
    key = CAMP_SPACE_KEYS.get(space)  # a camp's space (the commonest): no slice to make
    if key is None:
        if space[0] == "C":
            key = CAMP_KEYS[space[:2]]
        else:
            tile = state.site_tile.get(space)
            assert tile is not None
            key = "site:" + tile
    start(state, key, seat)
    if twice:
        start(state, key, seat)  # Passage Shell: the site's effect once more


def start_discover(state: ArnakState, seat: int, space: str, compass_off: int = 0) -> None:
    level = K.level(space)
    state.seats[seat].res[COMPASS] -= max(0, K.discover_cost(level) - compass_off)
    place(state, seat, space)
    push(state, "discover", seat, {"site": space})


def dig_value(kind: str, space: str, payment: str) -> str:
    return f"{space}={payment}" if payment else space


def _ask_dig(state: ArnakState, frame: Frame, op: o.Dig) -> list[str]:
    found = dig_targets(state, frame.seat, icons(op.discount), op.compass_off)
    return with_skip([dig_value(kind, space, p) for kind, space, p in found])


def _answer_dig(state: ArnakState, frame: Frame, op: o.Dig, value: str) -> None:
    advance(frame)
    if value == SKIP:
        return
    space, _, payment = value.partition("=")
    seat = frame.seat
    spend(
        state,
        seat,
        list(K.space_travel(state.side, space)),
        split_pay(payment),
        K.travel,
        discount=icons(op.discount),
    )
    site = site_of(space)
    if space.startswith("C") or state.site_tile.get(site) is not None:
        start_dig(state, seat, space)
    else:
        start_discover(state, seat, space, op.compass_off)


def _ask_camp_twice(state: ArnakState, frame: Frame, op: o.DigCampTwice) -> list[str]:
    found = dig_targets(state, frame.seat, [], 0, camps_only=True, free_travel=True)
    return with_skip([space for _, space, _ in found])


def _answer_camp_twice(state: ArnakState, frame: Frame, op: o.DigCampTwice, value: str) -> None:
    advance(frame)
    if value != SKIP:
        start_dig(state, frame.seat, value, twice=True)


def activate_targets(state: ArnakState, seat: int, op: o.Activate, frame: Frame) -> list[str]:
    out: list[str] = []
    done = frame.ctx.get("done", [])
    for site in discovered_sites(state):
        if site in done:
            continue
        camp = site.startswith("C")
        ok = False
        for where in op.where:
            if (
                (where == "L1" and not camp and K.level(site) == 1)
                or (where == "camp" and camp)
                or (where == "camp_free" and camp and not occupied_by(state, site))
                or (where == "mine" and site in mine(state, seat))
                or (where == "there" and site == frame.ctx.get("site"))
            ):
                ok = True
        if not ok:
            continue
        dear = any(op.l2_cost) and not camp and K.level(site) == 2
        if dear and not can_pay_res(state, seat, op.l2_cost):
            continue
        out.append(site)
    return out


def _ask_activate(state: ArnakState, frame: Frame, op: o.Activate) -> list[str]:
    return with_skip(activate_targets(state, frame.seat, op, frame))


def _answer_activate(state: ArnakState, frame: Frame, op: o.Activate, value: str) -> None:
    if value == SKIP:
        advance(frame)
        return
    done = [*frame.ctx.get("done", []), value]
    if len(done) >= op.times:
        advance(frame)
    else:
        frame.ctx["done"] = done
    if any(op.l2_cost) and not value.startswith("C") and K.level(value) == 2:
        pay_res(state, frame.seat, op.l2_cost)
    key = site_program(state, value)
    assert key is not None
    start(state, key, frame.seat)


def relocate_targets(state: ArnakState, seat: int, op: o.Relocate) -> list[str]:
    out: list[str] = []
    for space in state.seats[seat].arch:
        if space is None:
            continue
        for site in discovered_sites(state):
            camp = site.startswith("C")
            if not (
                ("camp" in op.to and camp) or ("L1" in op.to and not camp and K.level(site) == 1)
            ):
                continue
            if site == site_of(space):
                continue
            for target in free_spaces(state, site):
                out.append(f"{space}>{target}")
    return out


def _ask_relocate(state: ArnakState, frame: Frame, op: o.Relocate) -> list[str]:
    return with_skip(relocate_targets(state, frame.seat, op))


def _answer_relocate(state: ArnakState, frame: Frame, op: o.Relocate, value: str) -> None:
    advance(frame)
    if value == SKIP:
        frame.ctx["site"] = None
        return
    start, _, target = value.partition(">")
    player = state.seats[frame.seat]
    player.arch[player.arch.index(start)] = target
    state.occupant[start] = None
    state.occupant[target] = frame.seat
    frame.ctx["site"] = site_of(target)


def overcome_targets(state: ArnakState, seat: int, where: str) -> list[str]:
    out = []
    for site, guardian in state.guardian.items():
        if guardian is None:
            continue
        here = occupied_by(state, site)
        if (where == "mine" and seat in here) or (where == "alone" and not (here - {seat})):
            out.append(site)
    return sorted(out)


def take_guardian(state: ArnakState, seat: int, site: str) -> None:
    guardian = state.guardian[site]
    assert guardian is not None
    state.guardian = {**state.guardian, site: None}  # a new dict: the bots' copies share it
    player = state.seats[seat]
    player.guardians = [*player.guardians, guardian]  # replaced, never changed: copies share it


def _ask_overcome(state: ArnakState, frame: Frame, op: o.Overcome) -> list[str]:
    return with_skip(overcome_targets(state, frame.seat, op.where))


def _answer_overcome(state: ArnakState, frame: Frame, op: o.Overcome, value: str) -> None:
    advance(frame)
    if value != SKIP:
        take_guardian(state, frame.seat, value)


def _ask_return(state: ArnakState, frame: Frame, op: o.ReturnArchaeologist) -> list[str]:
    return with_skip([s for s in state.seats[frame.seat].arch if s is not None])


def _answer_return(state: ArnakState, frame: Frame, op: o.ReturnArchaeologist, value: str) -> None:
    advance(frame)
    if value != SKIP:
        player = state.seats[frame.seat]
        player.arch[player.arch.index(value)] = None
        state.occupant[value] = None


def _ask_move_guardian(state: ArnakState, frame: Frame, op: o.MoveGuardian) -> list[str]:
    out = []
    for site in mine(state, frame.seat):
        if not state.guardian.get(site):
            continue
        for target in discovered_sites(state):
            camp = target.startswith("C")
            if not camp and K.level(target) != 1:
                continue
            if occupied_by(state, target) or state.guardian.get(target):
                continue
            out.append(f"{site}>{target}")
    return with_skip(out)


def _answer_move_guardian(state: ArnakState, frame: Frame, op: o.MoveGuardian, value: str) -> None:
    advance(frame)
    if value == SKIP:
        frame.ctx["site"] = None
        return
    start, _, target = value.partition(">")
    guardian = state.guardian  # set anew, not changed: the bots' copies share it
    state.guardian = {**guardian, target: guardian[start], start: None}
    frame.ctx["site"] = target


def _reveal_top(state: ArnakState, frame: Frame, op: o.ActivateTop) -> bool:
    pile = state.sites1 if op.level == 1 else state.sites2
    if not pile:
        advance(frame)
        return True
    frame.ctx["need"] = "reveal"
    return False


def _idol_reward(state: ArnakState, frame: Frame, op: IdolReward) -> bool:
    space = frame.ctx["site"]
    player = state.seats[frame.seat]
    up = state.idol_up.get(space)
    down = state.idol_down.get(space)
    # new dicts, not changed in place: the bots' copies share them
    if up is not None or space not in state.idol_up:
        state.idol_up = {**state.idol_up, space: None}
    if down is not None or space not in state.idol_down:
        state.idol_down = {**state.idol_down, space: None}
    player.idols += (up is not None) + (down is not None)
    advance(frame)
    if up is not None and up != HIDDEN:
        start(state, "idol:" + up, frame.seat)
    return True


def _reveal_site(state: ArnakState, frame: Frame, op: RevealSite) -> bool:
    frame.ctx["need"] = "site"
    return False


def _reveal_guardian(state: ArnakState, frame: Frame, op: RevealGuardian) -> bool:
    if not state.guardians:
        advance(frame)
        return True
    frame.ctx["need"] = "guardian"
    return False


STEPS: dict[type, Any] = {
    o.ActivateTop: _reveal_top,
    IdolReward: _idol_reward,
    RevealSite: _reveal_site,
    RevealGuardian: _reveal_guardian,
}
ASKS: dict[type, Any] = {
    o.Dig: _ask_dig,
    o.DigCampTwice: _ask_camp_twice,
    o.Activate: _ask_activate,
    o.Relocate: _ask_relocate,
    o.Overcome: _ask_overcome,
    o.ReturnArchaeologist: _ask_return,
    o.MoveGuardian: _ask_move_guardian,
}
ANSWERS: dict[type, Any] = {
    o.Dig: _answer_dig,
    o.DigCampTwice: _answer_camp_twice,
    o.Activate: _answer_activate,
    o.Relocate: _answer_relocate,
    o.Overcome: _answer_overcome,
    o.ReturnArchaeologist: _answer_return,
    o.MoveGuardian: _answer_move_guardian,
}
