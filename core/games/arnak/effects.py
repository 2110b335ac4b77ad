"""The one interpreter of Arnak's effect programs (``ops``), run by ``evolve`` after each event,
and the effect engine's front door: callers say ``fx.site_of``, ``fx.options``.

A running effect is a frame on ``state.stack`` naming its program by a key
(:mod:`~core.games.arnak.frames`). :func:`run` steps the top frame's automatic ops until one
needs a decision (an *ask*, answered by ``Choose``: see :func:`options` and :func:`answer`) or a
fact the next event must bring (``frame.ctx["need"]``: a draw, a revealed tile, a peek; emitted
by ``flow.forced``). The generic ops (gains, paying, choices) are stepped here; the asks and
steps of each concern live beside it: :mod:`~core.games.arnak.sites`,
:mod:`~core.games.arnak.research`, :mod:`~core.games.arnak.cards`,
:mod:`~core.games.arnak.assistants`, over :mod:`~core.games.arnak.resources`.
"""

from __future__ import annotations

from typing import Any

from core.games.arnak import assistants, cards, research, sites
from core.games.arnak import catalog as K
from core.games.arnak import ops as o
from core.games.arnak.cards import buy, price, row_cards, take_fear, to_exile
from core.games.arnak.frames import (
    SKIP,
    BonusPick,
    KeepCards,
    UseNow,
    advance,
    advance_into,
    current,
    gains_only,
    option_key,
    program,
    push,
    start,
    with_skip,
)
from core.games.arnak.pay import spend
from core.games.arnak.research import do_research, research_options
from core.games.arnak.resources import (
    can_pay_res,
    can_start,
    cost_payable,
    do_upgrade,
    forget_left_hand,
    gain,
    hand_options,
    icons,
    pay_res,
    split_pay,
    take_card,
    travel_options,
    upgrade_options,
)
from core.games.arnak.sites import (
    dig_targets,
    mine,
    site_of,
    site_program,
    start_dig,
    start_discover,
    take_guardian,
)
from core.games.arnak.state import COIN, ArnakState, Frame

__all__ = [  # the engine's vocabulary for its callers (flow, evolve, play, words, the table)
    "SKIP",
    "BonusPick",
    "KeepCards",
    "UseNow",
    "advance",
    "answer",
    "buy",
    "can_pay_res",
    "can_start",
    "current",
    "dig_targets",
    "do_research",
    "forget_left_hand",
    "gain",
    "gains_only",
    "hand_options",
    "icons",
    "mine",
    "options",
    "pay_res",
    "price",
    "program",
    "push",
    "research_options",
    "row_cards",
    "run",
    "secret_answer",
    "site_of",
    "site_program",
    "split_pay",
    "start",
    "start_dig",
    "start_discover",
    "take_card",
    "take_fear",
    "take_guardian",
    "to_exile",
    "travel_options",
]


def run(state: ArnakState) -> None:
    """Step automatic ops until the stack is empty or its top waits for a choice or a fact."""
    stack = state.stack
    while stack:
        frame = stack[-1]
        if "need" in frame.ctx:
            return
        try:  # ``steps_of``, its memo read directly: a call less per step (the commonest)
            steps = PROGRAM_STEPS[frame.key]
        except KeyError:
            steps = steps_of(frame.key)
        pc = frame.pc
        if pc >= len(steps):
            stack.pop()
            continue
        step, op = steps[pc]
        if step is None or not step(state, frame, op):
            return  # an ask (waits for Choose), or a step waiting for a choice or a fact


def steps_of(key: str) -> tuple[tuple[Any, o.Op], ...]:
    """Program ``key``'s ops, each with its step (``None``: an ask), looked up once a key."""
    found = PROGRAM_STEPS.get(key)
    if found is None:
        found = PROGRAM_STEPS[key] = tuple((STEPS.get(type(op)), op) for op in program(key))
    return found


# steps_of's memo, a plain dict that ``run`` reads directly: a hit costs a fifth of a
# ``functools.cache`` call
PROGRAM_STEPS: dict[str, tuple[tuple[Any, o.Op], ...]] = {}


def options(state: ArnakState) -> list[str]:
    """The answers the top frame's op accepts now (empty: nothing is asked)."""
    top = current(state)
    if top is None:
        return []
    frame, op = top
    if "need" in frame.ctx:
        return []
    asker = ASKS.get(type(op))
    if asker is None:
        return []
    found: list[str] = asker(state, frame, op)
    return found


def answer(state: ArnakState, value: str) -> None:
    """Apply ``value`` (one of :func:`options`) to the top frame's op (``evolve`` then runs
    the stack on)."""
    frame = state.stack[-1]
    op = program(frame.key)[frame.pc]
    ANSWERS[type(op)](state, frame, op, value)


def secret_answer(state: ArnakState) -> bool:
    """Whether the question on top is answered in secret (an earring's cards, seen only by
    their owner: which one is kept in hand, which one goes back on the deck)."""
    stack = state.stack
    if not stack or "aside" not in stack[-1].ctx:  # (asked of every answer the bots weigh)
        return False
    top = current(state)
    return top is not None and isinstance(top[1], o.Peek)


def count_of(state: ArnakState, seat: int, per: str) -> int:
    player = state.seats[seat]
    if per == "guard":
        here = sum(1 for site in mine(state, seat) if state.guardian.get(site))
        return here + len(player.guardians)
    if per == "idols":
        return player.idols + player.slots
    return sum(1 for space in player.arch if space is not None)


def _gain(state: ArnakState, frame: Frame, op: o.Gain) -> bool:
    gain(state, frame.seat, op.res)
    frame.pc += 1  # ``advance``, inlined (the commonest step)
    ctx = frame.ctx
    if ctx:
        ctx.pop("picked", None)
        ctx.pop("need", None)
    return True


def _gain_travel(state: ArnakState, frame: Frame, op: o.GainTravel) -> bool:
    state.pool.extend(icons(op.travel))
    advance(frame)
    return True


def _gain_per(state: ArnakState, frame: Frame, op: o.GainPer) -> bool:
    n = min(op.cap, count_of(state, frame.seat, op.per))
    gain(state, frame.seat, op.res.scaled(n))
    advance(frame)
    return True


def _fear(state: ArnakState, frame: Frame, op: o.TakeFear) -> bool:
    take_fear(state, frame.seat)
    advance(frame)
    return True


def _pass(state: ArnakState, frame: Frame, op: o.Pass) -> bool:
    state.passed[frame.seat] = True
    state.main_done = True
    advance(frame)
    return True


def _pay_then(state: ArnakState, frame: Frame, op: o.PayThen) -> bool:
    """Pay, then run the rest; an unpayable cost loses the rest. Which card goes down and how
    travel is paid are always asked (a view cannot see the hand that decides whether it can be
    paid, so the answer, possibly "skip", must be in the log), unless the turn's pool pays."""
    seat = frame.seat
    cost = op.cost
    if cost.down or cost.travel.total:
        # the pool pays: public knowledge (an empty pool pays no travel: no need to list the
        # ways to pay, which only an answer needs)
        if not cost.down and state.pool and pay_options(state, frame, op) == [""]:
            pay_cost(state, frame, op, "")
            return True
        return False
    if not cost_payable(state, seat, cost, []):
        advance(frame)  # unpayable: the effect is lost
        return True
    pay_cost(state, frame, op, "")
    return True


def pay_options(state: ArnakState, frame: Frame, op: o.PayThen) -> list[str]:
    if op.cost.down:
        return hand_options(state, frame.seat)
    return travel_options(state, frame.seat, icons(op.cost.travel), [], op.cost.res[COIN])


def pay_cost(state: ArnakState, frame: Frame, op: o.PayThen, value: str) -> None:
    seat = frame.seat
    player = state.seats[seat]
    cost = op.cost
    if cost.down:
        take_card(player.hand, value)
        player.play.append(value)
    elif cost.travel.total:
        spend(state, seat, icons(cost.travel), split_pay(value), K.travel)
    if any(cost.res):  # (mostly a card put down alone)
        pay_res(state, seat, cost.res)
    if cost.idol:
        player.idols -= cost.idol
        state.idols_spent += cost.idol
    advance_into(state, frame, 0)


def _all_planes(state: ArnakState, frame: Frame, op: o.AllPlanes) -> bool:
    state.seats[frame.seat].all_planes = True
    advance(frame)
    return True


def _no_guardian_fear(state: ArnakState, frame: Frame, op: o.NoGuardianFear) -> bool:
    state.seats[frame.seat].no_guardian_fear = True
    advance(frame)
    return True


def _unslot(state: ArnakState, frame: Frame, op: o.Unslot) -> bool:
    player = state.seats[frame.seat]
    if player.slots:
        player.slots -= 1
        player.idols += 1
    advance(frame)
    return True


def _pick_distinct(state: ArnakState, frame: Frame, op: o.PickDistinct) -> bool:
    if len(frame.ctx.get("picked", [])) >= op.n:
        advance(frame)
        return True
    return False


def _ask_upgrade(state: ArnakState, frame: Frame, op: o.Upgrade) -> list[str]:
    return with_skip(upgrade_options(state, frame.seat))


def _answer_upgrade(state: ArnakState, frame: Frame, op: o.Upgrade, value: str) -> None:
    if value != SKIP:
        do_upgrade(state, frame.seat, value)
    advance(frame)


def _ask_pay(state: ArnakState, frame: Frame, op: o.PayThen) -> list[str]:
    player = state.seats[frame.seat]
    if not can_pay_res(state, frame.seat, op.cost.res) or player.idols < op.cost.idol:
        return [SKIP]
    return pay_options(state, frame, op) or [SKIP]


def _answer_pay(state: ArnakState, frame: Frame, op: o.PayThen, value: str) -> None:
    if value == SKIP:
        advance(frame)  # it cannot be paid: the rest is lost
    else:
        pay_cost(state, frame, op, value)


def option_open(state: ArnakState, frame: Frame, option: o.Program) -> bool:
    """An option is offered if its leading cost can be paid (and a pass option only while
    the turn's main action is open)."""
    if not option:
        return True
    first = option[0]
    if isinstance(first, o.Pass):
        return not state.main_done or frame.ctx.get("main", False)
    if isinstance(first, o.PayThen):
        return cost_payable(state, frame.seat, first.cost, [])
    return True


def _ask_choice(state: ArnakState, frame: Frame, op: o.Choice) -> list[str]:
    found = [str(k) for k, option in enumerate(op.options) if option_open(state, frame, option)]
    return found or [SKIP]


def _answer_choice(state: ArnakState, frame: Frame, op: o.Choice, value: str) -> None:
    if value == SKIP:
        advance(frame)
    else:
        advance_into(state, frame, int(value))


def _ask_pick(state: ArnakState, frame: Frame, op: o.PickDistinct) -> list[str]:
    picked = frame.ctx.get("picked", [])
    found = [
        str(k)
        for k, option in enumerate(op.options)
        if k not in picked and option_open(state, frame, option)
    ]
    return found or [SKIP]


def _answer_pick(state: ArnakState, frame: Frame, op: o.PickDistinct, value: str) -> None:
    if value == SKIP:
        advance(frame)
        return
    k = int(value)
    frame.ctx["picked"] = [*frame.ctx.get("picked", []), k]
    start(state, option_key(frame.key, frame.pc, k), frame.seat)


STEPS: dict[type, Any] = {
    o.Gain: _gain,
    o.GainTravel: _gain_travel,
    o.GainPer: _gain_per,
    o.TakeFear: _fear,
    o.Pass: _pass,
    o.PayThen: _pay_then,
    o.AllPlanes: _all_planes,
    o.NoGuardianFear: _no_guardian_fear,
    o.Unslot: _unslot,
    o.PickDistinct: _pick_distinct,
    **sites.STEPS,
    **research.STEPS,
    **cards.STEPS,
    **assistants.STEPS,
}
ASKS: dict[type, Any] = {
    o.Upgrade: _ask_upgrade,
    o.PayThen: _ask_pay,
    o.Choice: _ask_choice,
    o.PickDistinct: _ask_pick,
    **sites.ASKS,
    **research.ASKS,
    **cards.ASKS,
    **assistants.ASKS,
}
ANSWERS: dict[type, Any] = {
    o.Upgrade: _answer_upgrade,
    o.PayThen: _answer_pay,
    o.Choice: _answer_choice,
    o.PickDistinct: _answer_pick,
    **sites.ANSWERS,
    **research.ANSWERS,
    **cards.ANSWERS,
    **assistants.ANSWERS,
}
