"""What a player holds and pays with: resources, travel icons, the hand.

The shared vocabulary of the effect engine (:mod:`core.games.arnak.effects`): gaining and
paying resources, whether a cost (resources, travel, a card put down, idols) can be paid now,
and the ways to pay travel.
"""

from __future__ import annotations

from core.games.arnak import catalog as K
from core.games.arnak import ops as o
from core.games.arnak.pay import BOOT, CAR, PLANE, SHIP, payments
from core.games.arnak.state import (
    ARROWHEAD,
    COIN,
    COMPASS,
    HIDDEN,
    JEWEL,
    TABLET,
    ArnakState,
    Player,
)

ICON_WORDS = (BOOT, CAR, SHIP, PLANE)


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
    coins, compasses, tablets, arrowheads, jewels = res
    have[COIN] -= coins
    have[COMPASS] -= compasses
    have[TABLET] -= tablets
    have[ARROWHEAD] -= arrowheads
    have[JEWEL] -= jewels


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
        return bool(travel_options(state, seat, icons(cost.travel), discount, cost.res[COIN]))
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
    """Every way to pay the travel ``cost`` (:func:`~core.games.arnak.pay.payments`), each a
    ``+``-joined string of sources. Remembered by what the ways depend on (the cost, the
    discount, the coins kept, the hand, this turn's pool, the coins, the Ocarina's planes): a
    search's playouts ask the same question of many positions alike (82% of its questions are
    repeats; 7% fewer instructions in an Arnak search, the same decisions)."""
    player = state.seats[seat]
    key = (
        tuple(cost),
        tuple(discount),
        coins_kept,
        tuple(player.hand),
        tuple(state.pool),
        player.res[COIN],
        player.all_planes,
    )
    found = TRAVEL_OPTIONS.get(key)
    if found is None:
        if len(TRAVEL_OPTIONS) >= TRAVEL_OPTIONS_KEPT:
            TRAVEL_OPTIONS.clear()
        ways = payments(state, seat, cost, K.travel, discount=discount, coins_kept=coins_kept)
        found = TRAVEL_OPTIONS[key] = tuple("+".join(p) for p in ways)
    return list(found)


TRAVEL_OPTIONS: dict[tuple[object, ...], tuple[str, ...]] = {}  # travel_options' memo
TRAVEL_OPTIONS_KEPT = 20_000  # (cleared when full: a few MB at most)


def split_pay(value: str) -> tuple[str, ...]:
    return tuple(value.split("+")) if value else ()
