"""Paying travel: which cards, boons, assistants and pilots can pay a travel cost, and how.

004: a card is played either for its travel or for its effect; a plane pays for anything, a car
or a ship for its own kind or a boot, a boot only for a boot; 2 coins buy a plane at any time;
travel left unused is lost at the end of the turn. ``covers`` assigns the least flexible icon
that fits to each cost (planes are kept longest), which is exact for these four kinds.

A payment is a tuple of source tokens: a hand card's id and ``pilot`` (2 coins for a plane, up
to twice). Travel boons and the travel sides of assistants 7-9 are free actions that put their
icons into this turn's pool, which pays first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from core.games.arnak.state import COIN, HIDDEN, ArnakState

BOOT, CAR, SHIP, PLANE = "boot", "car", "ship", "plane"
ICONS = (BOOT, CAR, SHIP, PLANE)
PILOT = "pilot"
PILOT_COINS = 2

TravelOf = Callable[[str], tuple[str, ...]]


def leftover(cost: Sequence[str], icons: Sequence[str]) -> list[str] | None:
    """The icons left after paying ``cost`` with ``icons``, or ``None`` if they cannot pay."""
    left = left_counts(counts(cost), counts(icons))
    if left is None:
        return None
    return [BOOT] * left[0] + [CAR] * left[1] + [SHIP] * left[2] + [PLANE] * left[3]


def left_counts(need: Counts, have: Counts) -> Counts | None:
    """``leftover`` on counts: cars and ships pay their own kind, planes anything, and boots
    take boots, then spare cars, ships and planes (planes are kept longest)."""
    boots, cars, ships, planes = have
    planes -= need[3]
    cars -= need[1]
    if cars < 0:
        planes += cars
        cars = 0
    ships -= need[2]
    if ships < 0:
        planes += ships
        ships = 0
    boots -= need[0]
    if boots < 0:  # boots are paid by spare cars, then ships, then planes
        used = min(-boots, cars)
        boots += used
        cars -= used
    if boots < 0:
        used = min(-boots, ships)
        boots += used
        ships -= used
    if boots < 0:
        planes += boots
        boots = 0
    if planes < 0:
        return None
    return (boots, cars, ships, planes)


def after_discount(cost: Sequence[str], discount: Sequence[str]) -> list[str]:
    """The cost a discount leaves: each discount icon takes the most demanding cost icon it can
    pay (a plane discount a plane cost first), and an icon it cannot pay does nothing."""
    left = list(cost)
    for icon in discount:
        for want in (PLANE, CAR, SHIP, BOOT):
            if want in left and leftover([want], [icon]) is not None:
                left.remove(want)
                break
    return left


def covers(cost: Sequence[str], icons: Sequence[str]) -> bool:
    return leftover(cost, icons) is not None


def source_icons(state: ArnakState, seat: int, token: str, travel_of: TravelOf) -> tuple[str, ...]:
    """The travel icons one payment source gives (before the Ocarina's planes)."""
    player = state.seats[seat]
    if token == PILOT:
        icons: tuple[str, ...] = (PLANE,)
    else:
        icons = travel_of(token)
    if player.all_planes:
        return tuple(PLANE for _ in icons)
    return icons


def sources(state: ArnakState, seat: int, travel_of: TravelOf, coins_kept: int) -> list[str]:
    """Every payment source ``seat`` has now, one token per source (pilots as many as the
    coins beyond ``coins_kept`` allow, at most 2: no travel cost is bigger)."""
    player = state.seats[seat]
    out = [card for card in player.hand if card != HIDDEN and travel_of(card)]
    pilots = min(2, max(0, player.res[COIN] - coins_kept) // PILOT_COINS)
    out.extend([PILOT] * pilots)
    return out


Counts = tuple[int, int, int, int]  # boot, car, ship, plane


def counts(icons: Sequence[str]) -> Counts:
    return (icons.count(BOOT), icons.count(CAR), icons.count(SHIP), icons.count(PLANE))


def fits(need: Counts, have: Counts) -> bool:
    """``covers`` on counts."""
    return left_counts(need, have) is not None


def _add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def payments(
    state: ArnakState,
    seat: int,
    cost: Sequence[str],
    travel_of: TravelOf,
    *,
    discount: Sequence[str] = (),
    coins_kept: int = 0,
) -> list[tuple[str, ...]]:
    """Every minimal way to pay ``cost`` (after ``discount`` and this turn's pool): the empty
    payment alone when nothing more is needed, else each set of at most two sources of which
    none could be left out. Two Fear cards count as one way."""
    player = state.seats[seat]
    need = counts(after_discount(cost, discount))
    pool = counts([PLANE] * len(state.pool) if player.all_planes else state.pool)
    if fits(need, pool):
        return [()]
    found: list[tuple[str, ...]] = []
    kinds: set[tuple[str, ...]] = set()
    available = sources(state, seat, travel_of, coins_kept)
    given = [_add(pool, counts(source_icons(state, seat, t, travel_of))) for t in available]
    alone = [fits(need, g) for g in given]
    for i, token in enumerate(available):
        kind: tuple[str, ...] = ("fear",) if token.startswith("f") else (token,)
        if alone[i] and kind not in kinds:
            kinds.add(kind)
            found.append((token,))
    for i, j in combinations(range(len(available)), 2):
        if alone[i] or alone[j]:
            continue  # not minimal
        both = _add(given[i], _add(given[j], (-pool[0], -pool[1], -pool[2], -pool[3])))
        if not fits(need, both):
            continue
        picked = (available[i], available[j])
        kind = tuple(sorted("fear" if t.startswith("f") else t for t in picked))
        if kind not in kinds:  # two Fear cards are one way to pay
            kinds.add(kind)
            found.append(picked)
    return found


def spend(
    state: ArnakState,
    seat: int,
    cost: Sequence[str],
    payment: Sequence[str],
    travel_of: TravelOf,
    *,
    discount: Sequence[str] = (),
) -> None:
    """Pay ``cost`` with the discount, the pool and ``payment``; unused icons join the pool."""
    pool = state.pool
    if not payment and not pool:
        return
    player = state.seats[seat]
    given = tuple(pool) if pool else ()
    hand = player.hand
    play = player.play
    for token in payment:
        if token == PILOT:
            given += (PLANE,)
            player.res[COIN] -= PILOT_COINS
        else:
            given += travel_of(token)
            try:  # ``_take``, inlined (every paid dig)
                hand.remove(token)
            except ValueError:
                if HIDDEN in hand:
                    hand.remove(HIDDEN)
            play.append(token)
    if player.all_planes:
        given = (PLANE,) * len(given)
    if discount:
        cost = tuple(after_discount(cost, discount))
    elif type(cost) is not tuple:
        cost = tuple(cost)
    try:  # ``left_over``, its memo read directly (every paid dig)
        left = LEFT_OVER[cost, given]
    except KeyError:
        left = left_over(cost, given)
    if left or pool:  # (an empty pool left empty stays as it is: mostly so)
        state.pool = list(left)


def left_over(cost: tuple[str, ...], given: tuple[str, ...]) -> tuple[str, ...]:
    """The icons ``given`` leaves after paying ``cost`` (none if it cannot), worked out once
    for each pair (travel costs and payments are small: a few hundred pairs at most)."""
    found = LEFT_OVER.get((cost, given))
    if found is None:
        found = LEFT_OVER[cost, given] = tuple(leftover(cost, given) or ())
    return found


LEFT_OVER: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = {}  # left_over's memo
