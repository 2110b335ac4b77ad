"""The one interpreter of Arnak's effect programs (``ops``), run by ``evolve`` after each event.

A running effect is a :class:`~core.games.arnak.state.Frame` on ``state.stack``: it names its
program by a key (``i14`` a card, ``site:s03`` a site tile, ``asst:h04g`` an assistant's gold
side, ``boon:g02``, ``idol:d05``, ``bonus:r07``, ``row:bird:glass:3``, ``slot``, ``discover``;
``/pc.k`` appended names option ``k`` of the op at ``pc``), so frames never copy a program.
:func:`run` steps the top frame's automatic ops until one needs a decision (an *ask*, answered
by ``Choose``: see :func:`options` and :func:`answer`) or a fact the next event must bring
(``frame.ctx["need"]``: a draw, a revealed tile, a peek; emitted by ``flow.forced``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak import ops as o
from core.games.arnak.pay import BOOT, CAR, PLANE, SHIP, payments, spend
from core.games.arnak.state import (
    ARROWHEAD,
    COIN,
    COMPASS,
    HIDDEN,
    JEWEL,
    PUBLIC,
    TABLET,
    TEMPLE,
    ArnakState,
    Assistant,
    Frame,
    Player,
    seen_by,
)

SKIP = "skip"
ICON_WORDS = (BOOT, CAR, SHIP, PLANE)


# --- internal steps the engine adds to programs ------------------------------------------------


@dataclass(frozen=True)
class IdolReward:
    """Discovering: the face-up idol's reward (the idols go to the crates)."""


@dataclass(frozen=True)
class RevealSite:
    """Discovering: the top site tile is placed on the site and its effect runs."""


@dataclass(frozen=True)
class RevealGuardian:
    """Discovering: the top guardian wakes on the site."""


@dataclass(frozen=True)
class UseNow:
    """A bought or gained artifact: resolve its effect now (no tablet), or not."""

    card: str


@dataclass(frozen=True)
class BonusPick:
    """A research token arrived first on a space with bonus tiles: take one (its effect runs)."""


@dataclass(frozen=True)
class KeepCards:
    """The passer's leftover hand cards: keep each or move it to the play area."""


DISCOVER: o.Program = (IdolReward(), RevealSite(), RevealGuardian())  # type: ignore[assignment]
KEEP: o.Program = (KeepCards(),)  # type: ignore[assignment]
BONUS: o.Program = (BonusPick(),)  # type: ignore[assignment]


def base_program(key: str) -> o.Program:
    if key == "discover":
        return DISCOVER
    if key == "keep":
        return KEEP
    if key == "bonuspick":
        return BONUS
    if key.startswith("usenow:"):
        return (UseNow(key[7:]),)  # type: ignore[return-value]
    return K.program(key)


@cache
def program(key: str) -> o.Program:
    """The ops a frame key names (see the module docstring)."""
    base, *path = key.split("/")
    ops = base_program(base)
    for step in path:
        pc, _, k = step.partition(".")
        op = ops[int(pc)]
        if isinstance(op, o.PayThen):
            ops = op.then
        elif isinstance(op, o.Choice | o.PickDistinct):
            ops = op.options[int(k)]
        else:
            raise KeyError(key)
    return ops


def push(state: ArnakState, key: str, seat: int, ctx: dict[str, Any] | None = None) -> None:
    state.stack.append(Frame(key, seat, 0, dict(ctx) if ctx else {}))


def start(state: ArnakState, key: str, seat: int, ctx: dict[str, Any] | None = None) -> None:
    """Start program ``key`` for ``seat`` on top of the stack, where :func:`run` takes it next.
    A program of gains only (most camps and sites, the free cards) asks nothing and waits for
    nothing: it is applied at once, without a frame."""
    gains = gains_only(key)
    if gains is None:
        push(state, key, seat, ctx)
        return
    res, travel = gains
    gain(state, seat, res)
    if travel:
        state.pool.extend(travel)


@cache
def gains_only(key: str) -> tuple[tuple[int, ...], tuple[str, ...]] | None:
    """What program ``key`` gains in all (resources, travel icons), if it only gains."""
    res = [0] * 5
    travel: list[str] = []
    for op in program(key):
        if isinstance(op, o.Gain):
            res = [have + n for have, n in zip(res, op.res, strict=True)]
        elif isinstance(op, o.GainTravel):
            travel += icons(op.travel)
        else:
            return None
    return tuple(res), tuple(travel)


def current(state: ArnakState) -> tuple[Frame, Any] | None:
    """The top frame and the op it stands at (after :func:`run`, always waiting)."""
    if not state.stack:
        return None
    frame = state.stack[-1]
    ops = program(frame.key)
    return frame, ops[frame.pc]


# --- helpers ------------------------------------------------------------------------------------


def gain(state: ArnakState, seat: int, res: tuple[int, ...]) -> None:
    have = state.seats[seat].res
    coins, compasses, tablets, arrowheads, jewels = res
    have[COIN] += coins
    have[COMPASS] += compasses
    have[TABLET] += tablets
    have[ARROWHEAD] += arrowheads
    have[JEWEL] += jewels


def can_pay_res(state: ArnakState, seat: int, res: tuple[int, ...]) -> bool:
    have = state.seats[seat].res
    return all(have[i] >= n for i, n in enumerate(res))


def pay_res(state: ArnakState, seat: int, res: tuple[int, ...]) -> None:
    have = state.seats[seat].res
    for i, n in enumerate(res):
        have[i] -= n


def icons(travel: tuple[int, ...]) -> list[str]:
    return [word for word, n in zip(ICON_WORDS, travel, strict=True) for _ in range(n)]


def take_card(cards: list[str], card: str) -> None:
    if card in cards:
        cards.remove(card)
    elif HIDDEN in cards:
        cards.remove(HIDDEN)


def forget_left_hand(player: Player) -> None:
    """Before cards come into a hand unseen: a card all saw arrive but that has left the hand
    since is no longer known to be there (it may come back unseen)."""
    if player.hand_public:
        player.hand_public = [c for c in player.hand_public if c in player.hand]


def to_exile(state: ArnakState, seat: int, card: str) -> None:
    """A card leaves the game: items and artifacts to their exile piles, Fear back to the Fear
    deck, basic cards beside the player's board."""
    if card.startswith("i"):
        state.item_exile.append(card)
    elif card.startswith("a"):
        state.art_exile.append(card)
    elif card.startswith("f"):
        state.fear_deck.append(card)
    else:
        state.seats[seat].exiled.append(card)


def take_fear(state: ArnakState, seat: int) -> None:
    """A Fear card into the play area, a Fear tile once the Fear deck is empty."""
    player = state.seats[seat]
    if state.fear_deck:
        player.play.append(state.fear_deck.pop(0))
    else:
        player.fear_tiles += 1
        state.fear_tiles -= 1


def site_of(space: str) -> str:
    """``C3.2`` -> ``C3`` (a camp site has two spaces); an ``L`` space is its own site."""
    return space[:2] if space[0] == "C" else space


def site_program(state: ArnakState, site: str) -> str | None:
    """The program key of a discovered site's effect (``None`` if undiscovered)."""
    if site[0] == "C":
        return CAMP_KEYS[site]
    tile = state.site_tile.get(site)
    return None if tile is None else "site:" + tile


CAMP_KEYS = {f"C{n}": f"site:c{n}" for n in range(1, 6)}  # the camps' program keys, made once


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


def refill_row_due(state: ArnakState) -> None:
    state.refill_due = True


# --- the asks: options and answers ---------------------------------------------------------------


def exile_options(state: ArnakState, seat: int) -> list[str]:
    player = state.seats[seat]
    out: list[str] = []
    fear_seen = False
    for card in [*player.hand, *player.play]:
        if card == HIDDEN or card in out:
            continue
        if card.startswith("f"):
            if fear_seen:
                continue
            fear_seen = True
        out.append(card)
    if player.fear_tiles:
        out.append("fear_tile")
    return out


def do_exile(state: ArnakState, seat: int, value: str) -> None:
    player = state.seats[seat]
    if value == "fear_tile":
        player.fear_tiles -= 1
        state.fear_tiles += 1
        return
    if value in player.play:
        player.play.remove(value)
    else:  # from the hand (a view of another seat's hand only sees a hidden card go)
        take_card(player.hand, value)
    to_exile(state, seat, value)


def upgrade_options(state: ArnakState, seat: int) -> list[str]:
    res = state.seats[seat].res
    return [v for v, ok in (("T>A", res[TABLET] > 0), ("A>J", res[ARROWHEAD] > 0)) if ok]


def do_upgrade(state: ArnakState, seat: int, value: str) -> None:
    res = state.seats[seat].res
    if value == "T>A":
        res[TABLET] -= 1
        res[ARROWHEAD] += 1
    else:
        res[ARROWHEAD] -= 1
        res[JEWEL] += 1


def hand_options(state: ArnakState, seat: int) -> list[str]:
    out: list[str] = []
    for card in state.seats[seat].hand:
        if card != HIDDEN and card not in out:
            out.append(card)
    return out


def cost_payable(state: ArnakState, seat: int, cost: o.Cost, discount: list[str]) -> bool:
    player = state.seats[seat]
    if not can_pay_res(state, seat, cost.res):
        return False
    if cost.down > len(player.hand):
        return False
    if cost.idol > player.idols:
        return False
    if cost.travel.total:
        return bool(
            payments(
                state,
                seat,
                icons(cost.travel),
                K.travel,
                discount=discount,
                coins_kept=cost.res[COIN],
            )
        )
    return True


def can_start(state: ArnakState, seat: int, program: o.Program, card: str | None = None) -> bool:
    """Whether an effect can be used at all: its leading cost must be payable (004, Anhang:
    these actions cannot be used without the resources; a card-down with no other card in hand
    cannot be paid). ``card`` is the card being played, which leaves the hand first."""
    if not program or not isinstance(program[0], o.PayThen):
        return True
    cost = program[0].cost
    if card is not None and (cost.down or cost.travel.total):
        state = state.copy()
        take_card(state.seats[seat].hand, card)
    return cost_payable(state, seat, cost, [])


def travel_options(
    state: ArnakState, seat: int, cost: list[str], discount: list[str], coins_kept: int = 0
) -> list[str]:
    found = payments(state, seat, cost, K.travel, discount=discount, coins_kept=coins_kept)
    return ["+".join(p) for p in found]


def split_pay(value: str) -> tuple[str, ...]:
    return tuple(value.split("+")) if value else ()


# ---- digging ----------------------------------------------------------------------------------


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

    for space in K.spaces():
        if space in state.blocked or state.occupant.get(space) is not None:
            continue
        camp = space.startswith("C")
        if camps_only and not camp:
            continue
        site = site_of(space)
        cost = () if free_travel else K.space_travel(state.side, space)
        if camp or state.site_tile.get(site) is not None:
            for p in options_for(cost):
                out.append(("dig", space, p))
            continue
        level = K.level(space)
        if (level == 1 and not state.sites1) or (level == 2 and not state.sites2):
            continue
        compasses = max(0, K.discover_cost(level) - compass_off)
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
    place(state, seat, space)
    key = site_program(state, site_of(space))
    assert key is not None
    start(state, key, seat)
    if twice:
        start(state, key, seat)  # Passage Shell: the site's effect once more


def start_discover(state: ArnakState, seat: int, space: str, compass_off: int = 0) -> None:
    level = K.level(space)
    state.seats[seat].res[COMPASS] -= max(0, K.discover_cost(level) - compass_off)
    place(state, seat, space)
    push(state, "discover", seat, {"site": space})


# --- research ----------------------------------------------------------------------------------


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
        state.temple_stacks[stack] -= 1
        player.temple_tiles.append(stack)
        return
    space = int(to)
    if token == "glass":
        player.glass = space
    else:
        player.notebook = space
    if space == TEMPLE:
        rank = len(state.temple_order)
        state.temple_order.append(seat)
        player.temple_vp = K.temple_vp(rank)
        if state.temple_bonus:
            push(state, "templepick", seat)
        return
    key = row_key(state.side, token, K.research_row(state.side, space))
    if state.bonus.get(space):
        # the first arrival takes the bonus tile (on the snake side's row 7: one of them),
        # which resolves before the row's effect
        push(state, key, seat)
        push(state, "bonuspick", seat, {"space": space})
    else:
        start(state, key, seat)


@cache
def row_key(side: str, token: str, row: int) -> str:
    """The program key of a research row's effect for the glass or the notebook."""
    return f"row:{side}:{token}:{row}"


# --- the interpreter ----------------------------------------------------------------------------

Auto = Callable[[ArnakState, Frame, Any], bool]


def run(state: ArnakState) -> None:
    """Step automatic ops until the stack is empty or its top waits for a choice or a fact."""
    stack = state.stack
    while stack:
        frame = stack[-1]
        if "need" in frame.ctx:
            return
        ops = program(frame.key)
        if frame.pc >= len(ops):
            stack.pop()
            continue
        op = ops[frame.pc]
        step = STEPS.get(type(op))
        if step is None or not step(state, frame, op):
            return  # an ask (waits for Choose), or a step waiting for a choice or a fact


def advance(frame: Frame) -> None:
    frame.pc += 1
    ctx = frame.ctx
    if ctx:
        ctx.pop("picked", None)
        ctx.pop("need", None)


@cache
def option_key(key: str, pc: int, k: int) -> str:
    """The program key of option ``k`` of the op at ``pc`` of program ``key``."""
    return f"{key}/{pc}.{k}"


def _gain(state: ArnakState, frame: Frame, op: o.Gain) -> bool:
    gain(state, frame.seat, op.res)
    advance(frame)
    return True


def _gain_travel(state: ArnakState, frame: Frame, op: o.GainTravel) -> bool:
    state.pool.extend(icons(op.travel))
    advance(frame)
    return True


def count_of(state: ArnakState, seat: int, per: str) -> int:
    player = state.seats[seat]
    if per == "guard":
        here = sum(1 for site in mine(state, seat) if state.guardian.get(site))
        return here + len(player.guardians)
    if per == "idols":
        return player.idols + player.slots
    return sum(1 for space in player.arch if space is not None)


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
        if not cost.down and pay_options(state, frame, op) == [""]:
            pay_cost(state, frame, op, "")  # the pool pays: public knowledge
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
    pay_res(state, seat, cost.res)
    player.idols -= cost.idol
    state.idols_spent += cost.idol
    advance_into(state, frame, 0)


def advance_into(state: ArnakState, frame: Frame, k: int) -> None:
    """Leave the op at ``frame.pc`` and run its option ``k`` next."""
    key = option_key(frame.key, frame.pc, k)
    ctx = dict(frame.ctx)
    advance(frame)
    start(state, key, frame.seat, ctx)


def _no_op(state: ArnakState, frame: Frame, op: Any) -> bool:
    advance(frame)
    return True


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


def _row_exile(state: ArnakState, frame: Frame, op: o.RowExile) -> bool:
    for i in range(len(state.row_items) - 1, -1, -1):
        card = state.row_items[i]
        if card is not None:
            state.row_items[i] = None
            state.item_exile.append(card)
            state.refill_due = True
            break
    advance(frame)
    return True


def _needs_fact(state: ArnakState, frame: Frame, op: Any) -> bool:
    """Ops whose result the next event brings: ask first unless already decided."""
    frame.ctx["need"] = type(op).__name__
    return False


def _reveal_top(state: ArnakState, frame: Frame, op: o.ActivateTop) -> bool:
    pile = state.sites1 if op.level == 1 else state.sites2
    if not pile:
        advance(frame)
        return True
    frame.ctx["need"] = "reveal"
    return False


def _reveal_card(state: ArnakState, frame: Frame, op: o.Reveal) -> bool:
    deck = state.item_deck if op.kind == "item" else state.art_deck
    if not deck:
        advance(frame)
        return True
    frame.ctx["need"] = "reveal"
    return False


def _idol_reward(state: ArnakState, frame: Frame, op: IdolReward) -> bool:
    space = frame.ctx["site"]
    player = state.seats[frame.seat]
    up = state.idol_up.get(space)
    down = state.idol_down.get(space)
    state.idol_up[space] = None
    state.idol_down[space] = None
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


def _pick_distinct(state: ArnakState, frame: Frame, op: o.PickDistinct) -> bool:
    if len(frame.ctx.get("picked", [])) >= op.n:
        advance(frame)
        return True
    return False


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
    o.RowExile: _row_exile,
    o.ActivateTop: _reveal_top,
    o.Reveal: _reveal_card,
    o.PickDistinct: _pick_distinct,
    IdolReward: _idol_reward,
    RevealSite: _reveal_site,
    RevealGuardian: _reveal_guardian,
}


# --- asks: the options of the op on top, and applying an answer ------------------------------


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
    top = current(state)
    return top is not None and isinstance(top[1], o.Peek) and "aside" in top[0].ctx


def with_skip(found: list[str]) -> list[str]:
    return [*found, SKIP]


def _ask_draw(state: ArnakState, frame: Frame, op: o.Draw) -> list[str]:
    deck = len(state.seats[frame.seat].deck)
    return [str(n) for n in range(min(op.n, deck), -1, -1)]


def _answer_draw(state: ArnakState, frame: Frame, op: o.Draw, value: str) -> None:
    n = int(value)
    if n == 0:
        advance(frame)
    else:
        frame.ctx["need"] = "draw"
        frame.ctx["n"] = n


def _ask_exile(state: ArnakState, frame: Frame, op: o.Exile) -> list[str]:
    return with_skip(exile_options(state, frame.seat))


def _answer_exile(state: ArnakState, frame: Frame, op: o.Exile, value: str) -> None:
    if value != SKIP:
        do_exile(state, frame.seat, value)
    advance(frame)


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


def row_cards(state: ArnakState, kind: str) -> list[str]:
    out: list[str] = []
    if kind in ("artifact", "any"):
        out.extend(c for c in state.row_art if c is not None)
    if kind in ("item", "any"):
        out.extend(c for c in state.row_items if c is not None)
    return out


def price(card: str) -> tuple[int, int]:
    """(coins, compasses) a card costs."""
    cost = K.card_cost(card)
    return (cost, 0) if card.startswith("i") else (0, cost)


def buy_options(
    state: ArnakState, seat: int, kind: str, discount: int, revealed: str | None
) -> list[str]:
    res = state.seats[seat].res
    cards = row_cards(state, kind)
    if revealed is not None:
        cards.append(revealed)
    out = []
    for card in cards:
        coins, compasses = price(card)
        if res[COIN] >= coins - discount and res[COMPASS] >= compasses - discount:
            out.append(card)
    return out


def take_from_row(state: ArnakState, card: str) -> bool:
    """Remove ``card`` from the row (``False`` if it is not there)."""
    for row in (state.row_art, state.row_items):
        if card in row:
            row[row.index(card)] = None
            state.refill_due = True
            return True
    return False


def buy(state: ArnakState, seat: int, card: str, discount: int) -> None:
    """Pay (less the discount) and take ``card``: an item to the deck's bottom, an artifact to
    the play area with its effect now (no tablet)."""
    coins, compasses = price(card)
    res = state.seats[seat].res
    res[COIN] -= max(0, coins - discount)
    res[COMPASS] -= max(0, compasses - discount)
    gain_card(state, seat, card, "bottom")


def gain_card(state: ArnakState, seat: int, card: str, to: str) -> None:
    if not take_from_row(state, card):
        if card in state.item_exile:
            state.item_exile.remove(card)
        elif state.revealed == card:
            state.revealed = None
    player = state.seats[seat]
    if card.startswith("a"):
        player.play.append(card)
        push(state, "usenow:" + card, seat)
    elif to == "hand":
        player.hand.append(card)
        player.hand_public.append(card)  # taken from the row in plain sight
    elif to == "top":
        player.deck.insert(0, card)
        player.deck_seen.insert(0, PUBLIC)
    else:
        player.deck.append(card)
        player.deck_seen.append(PUBLIC)


def _ask_buy(state: ArnakState, frame: Frame, op: o.Buy) -> list[str]:
    return with_skip(buy_options(state, frame.seat, op.kind, op.discount, state.revealed))


def _answer_buy(state: ArnakState, frame: Frame, op: o.Buy, value: str) -> None:
    advance(frame)
    revealed = state.revealed
    if value != SKIP:
        buy(state, frame.seat, value, op.discount)
    if revealed is not None and state.revealed == revealed:
        # not bought: it goes back face down on its deck
        deck = state.item_deck if revealed.startswith("i") else state.art_deck
        deck.insert(0, revealed)
        state.top_known[0 if revealed.startswith("i") else 1] = True  # all saw it go back
        state.revealed = None


def _ask_get(state: ArnakState, frame: Frame, op: o.Get) -> list[str]:
    found = sorted(set(state.item_exile)) if op.source == "exile" else row_cards(state, op.kind)
    return found or [SKIP]


def _answer_get(state: ArnakState, frame: Frame, op: o.Get, value: str) -> None:
    advance(frame)
    if value != SKIP:
        gain_card(state, frame.seat, value, op.to)


def _ask_research(state: ArnakState, frame: Frame, op: o.Research) -> list[str]:
    return with_skip(research_options(state, frame.seat, op))


def _answer_research(state: ArnakState, frame: Frame, op: o.Research, value: str) -> None:
    advance(frame)
    if value == SKIP:
        return
    token, _, rest = value.partition(">")
    to, _, k = rest.partition("#")
    do_research(state, frame.seat, token, to, op, int(k or 0))


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
    state.guardian[site] = None
    state.seats[seat].guardians.append(guardian)


def _ask_overcome(state: ArnakState, frame: Frame, op: o.Overcome) -> list[str]:
    return with_skip(overcome_targets(state, frame.seat, op.where))


def _answer_overcome(state: ArnakState, frame: Frame, op: o.Overcome, value: str) -> None:
    advance(frame)
    if value != SKIP:
        take_guardian(state, frame.seat, value)


def supply_tops(state: ArnakState) -> list[str]:
    return [f"{i}" for i, stack in enumerate(state.supply) if stack and stack[0] != HIDDEN]


def _ask_recruit(state: ArnakState, frame: Frame, op: o.Recruit) -> list[str]:
    if len(state.seats[frame.seat].assistants) >= 2:
        return [SKIP]
    return supply_tops(state) or [SKIP]


def _answer_recruit(state: ArnakState, frame: Frame, op: o.Recruit, value: str) -> None:
    advance(frame)
    if value != SKIP:
        stack = state.supply[int(value)]
        helper = stack.pop(0)
        state.supply_shown[int(value)] = not stack
        state.seats[frame.seat].assistants.append(Assistant(helper))


def _ask_rescue(state: ArnakState, frame: Frame, op: o.Rescue) -> list[str]:
    if len(state.seats[frame.seat].assistants) >= 2 or not state.rescue:
        return [SKIP]
    if "seen" not in frame.ctx:
        return []
    return [c for c in state.rescue if c != HIDDEN] or [SKIP]


def _answer_rescue(state: ArnakState, frame: Frame, op: o.Rescue, value: str) -> None:
    advance(frame)
    if value != SKIP:
        was_top = state.rescue[0] == value
        take_card(state.rescue, value)
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
    stack = state.supply[int(s)]
    new = stack.pop(0)
    stack.insert(0, old.id)
    mine_[int(a)] = Assistant(new, gold=old.gold)


def _ask_borrow(state: ArnakState, frame: Frame, op: o.Borrow) -> list[str]:
    return supply_tops(state) or [SKIP]


def _answer_borrow(state: ArnakState, frame: Frame, op: o.Borrow, value: str) -> None:
    advance(frame)
    if value != SKIP:
        helper = state.supply[int(value)][0]
        push(state, f"asst:{helper}{'g' if op.level == 'gold' else 's'}", frame.seat)


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
    state.guardian[target] = state.guardian[start]
    state.guardian[start] = None
    frame.ctx["site"] = target


def _ask_peek_count(state: ArnakState, frame: Frame, op: o.Peek) -> list[str]:
    if "aside" in frame.ctx:
        return peek_keep_options(state, frame, op)
    deck = len(state.seats[frame.seat].deck)
    most = min(op.most, deck)
    return [str(n) for n in range(op.least, most + 1)] or [SKIP]


def peek_keep_options(state: ArnakState, frame: Frame, op: o.Peek) -> list[str]:
    aside = state.seats[frame.seat].aside
    stage = frame.ctx["aside"]
    cards = [c for c in aside if c != HIDDEN]
    if stage == "keep":
        return sorted(set(cards)) or [SKIP]
    return with_skip(sorted(set(cards)))  # put one back on top


def _answer_peek(state: ArnakState, frame: Frame, op: o.Peek, value: str) -> None:
    player = state.seats[frame.seat]
    stage = frame.ctx.get("aside")
    if stage is None:
        if value == SKIP:
            advance(frame)
            return
        frame.ctx["need"] = "draw"
        frame.ctx["n"] = int(value)
        frame.ctx["aside"] = "keep"
        return
    if stage == "keep":
        if value != SKIP:
            take_card(player.aside, value)
            forget_left_hand(player)
            player.hand.append(value)
        if op.back and player.aside:
            frame.ctx["aside"] = "back"
            return
    elif stage == "back" and value != SKIP:
        take_card(player.aside, value)
        player.deck.insert(0, value)
        player.deck_seen.insert(0, seen_by(frame.seat))  # only its owner saw which
    frame.ctx.pop("aside", None)
    frame.ctx.pop("n", None)
    if player.aside:
        frame.ctx["need"] = "aside"  # the rest go face up into the play area: all see them
    else:
        advance(frame)


def _ask_use_now(state: ArnakState, frame: Frame, op: UseNow) -> list[str]:
    return ["use", SKIP]


def _answer_use_now(state: ArnakState, frame: Frame, op: UseNow, value: str) -> None:
    advance(frame)
    if value == "use":
        push(state, op.card, frame.seat, {"main": True})


def _ask_keep(state: ArnakState, frame: Frame, op: KeepCards) -> list[str]:
    return ["keep", *hand_options(state, frame.seat)]


def _answer_keep(state: ArnakState, frame: Frame, op: KeepCards, value: str) -> None:
    if value == "keep":
        advance(frame)
        return
    player = state.seats[frame.seat]
    take_card(player.hand, value)
    player.play.append(value)


ASKS: dict[type, Any] = {
    o.Draw: _ask_draw,
    o.Exile: _ask_exile,
    o.Upgrade: _ask_upgrade,
    o.PayThen: _ask_pay,
    o.Choice: _ask_choice,
    o.PickDistinct: _ask_pick,
    o.Dig: _ask_dig,
    o.DigCampTwice: _ask_camp_twice,
    o.Activate: _ask_activate,
    o.Relocate: _ask_relocate,
    o.Buy: _ask_buy,
    o.Get: _ask_get,
    o.Research: _ask_research,
    o.Overcome: _ask_overcome,
    o.Recruit: _ask_recruit,
    o.Rescue: _ask_rescue,
    o.UpgradeAssistant: _ask_upgrade_assistant,
    o.Refresh: _ask_refresh,
    o.SwapAssistant: _ask_swap,
    o.Borrow: _ask_borrow,
    o.ReturnArchaeologist: _ask_return,
    o.MoveGuardian: _ask_move_guardian,
    o.Peek: _ask_peek_count,
    UseNow: _ask_use_now,
    KeepCards: _ask_keep,
}
ANSWERS: dict[type, Any] = {
    o.Draw: _answer_draw,
    o.Exile: _answer_exile,
    o.Upgrade: _answer_upgrade,
    o.PayThen: _answer_pay,
    o.Choice: _answer_choice,
    o.PickDistinct: _answer_pick,
    o.Dig: _answer_dig,
    o.DigCampTwice: _answer_camp_twice,
    o.Activate: _answer_activate,
    o.Relocate: _answer_relocate,
    o.Buy: _answer_buy,
    o.Get: _answer_get,
    o.Research: _answer_research,
    o.Overcome: _answer_overcome,
    o.Recruit: _answer_recruit,
    o.Rescue: _answer_rescue,
    o.UpgradeAssistant: _answer_upgrade_assistant,
    o.Refresh: _answer_refresh,
    o.SwapAssistant: _answer_swap,
    o.Borrow: _answer_borrow,
    o.ReturnArchaeologist: _answer_return,
    o.MoveGuardian: _answer_move_guardian,
    o.Peek: _answer_peek,
    UseNow: _answer_use_now,
    KeepCards: _answer_keep,
}


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
        take_card(state.temple_bonus, value)
        state.seats[frame.seat].bonus_tiles.append(value)
        start(state, "bonus:" + value, frame.seat)


def _ask_bonus(state: ArnakState, frame: Frame, op: BonusPick) -> list[str]:
    return sorted(set(state.bonus.get(frame.ctx["space"], []))) or [SKIP]


def _answer_bonus(state: ArnakState, frame: Frame, op: BonusPick, value: str) -> None:
    advance(frame)
    if value != SKIP:
        state.bonus[frame.ctx["space"]].remove(value)
        state.seats[frame.seat].bonus_tiles.append(value)
        start(state, "bonus:" + value, frame.seat)


STEPS[o.Rescue] = _step_rescue
STEPS[o.TemplePick] = _step_temple
ASKS[o.TemplePick] = _ask_temple
ANSWERS[o.TemplePick] = _answer_temple
ASKS[BonusPick] = _ask_bonus
ANSWERS[BonusPick] = _answer_bonus
