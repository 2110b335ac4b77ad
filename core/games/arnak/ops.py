"""Arnak's effect vocabulary: the typed ops every printed effect is made of. Each component's
effect is a short string in ``components.toml``, parsed once by :mod:`.effect_text` into a
program (a tuple of these ops); one interpreter (``effects.py``) runs them. A newcomer finds a
card's effect by its name in the data file and each op's meaning here.

Resources are ``Res`` (coin, compass, tablet, arrowhead, jewel: ``M C T A J``), travel icons are
``Travel`` (boot, car, ship, plane); a ``Cost`` adds card-down and idols to both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

RESOURCE_LETTERS = "MCTAJ"
RESOURCE_NAMES = ("coin", "compass", "tablet", "arrowhead", "jewel")
TRAVEL_WORDS = ("boot", "car", "ship", "plane")


class Res(NamedTuple):
    """A bundle of resources: coin, compass, tablet, arrowhead, jewel."""

    M: int = 0
    C: int = 0
    T: int = 0
    A: int = 0
    J: int = 0

    def __add__(self, other: tuple[int, ...]) -> Res:  # type: ignore[override]
        return Res(*(a + b for a, b in zip(self, other, strict=True)))

    def scaled(self, n: int) -> Res:
        return Res(*(a * n for a in self))

    def __str__(self) -> str:
        return "".join(
            (f"{n}{ch}" if n > 1 else ch) for ch, n in zip(RESOURCE_LETTERS, self, strict=True) if n
        )


class Travel(NamedTuple):
    """Travel icons: boot, car, ship, plane."""

    boot: int = 0
    car: int = 0
    ship: int = 0
    plane: int = 0

    def __add__(self, other: tuple[int, ...]) -> Travel:  # type: ignore[override]
        return Travel(*(a + b for a, b in zip(self, other, strict=True)))

    @property
    def total(self) -> int:
        return self.boot + self.car + self.ship + self.plane

    def __str__(self) -> str:
        return " ".join(
            (f"{n}{w}" if n > 1 else w) for w, n in zip(TRAVEL_WORDS, self, strict=True) if n
        )


NO_RES = Res()
NO_TRAVEL = Travel()


@dataclass(frozen=True)
class Cost:
    """What a step, a guardian, a bridge or a temple tile asks for."""

    res: Res = NO_RES
    travel: Travel = NO_TRAVEL
    down: int = 0  # card-down: hand cards put into the play area unused (compulsory)
    idol: int = 0  # idols from the crates, removed from the game

    @property
    def is_free(self) -> bool:
        return not any(self.res) and not self.travel.total and not self.down and not self.idol

    def __str__(self) -> str:
        parts = ["down"] * self.down + ["idol"] * self.idol
        return " ".join(p for p in (*parts, str(self.travel), str(self.res)) if p) or "free"


# --- the ops ----------------------------------------------------------------------------------

Where = Literal["L1", "camp", "camp_free", "mine", "there"]
CardKind = Literal["item", "artifact", "any"]
Token = Literal["glass", "notebook", "any"]


@dataclass(frozen=True)
class Gain:
    res: Res


@dataclass(frozen=True)
class GainTravel:
    """Travel icons for this turn (guardian boons, assistants 7-9); lost at the end of the turn."""

    travel: Travel


@dataclass(frozen=True)
class GainPer:
    """``res`` per counted thing, at most ``cap`` times."""

    res: Res
    per: Literal["guard", "idols", "arch"]
    cap: int = 3


@dataclass(frozen=True)
class Draw:
    """Draw up to ``n`` cards (each optional), from the top or the bottom of the deck."""

    n: int
    bottom: bool = False


@dataclass(frozen=True)
class Exile:
    """Optionally exile a card from hand or play area, or a Fear tile."""


@dataclass(frozen=True)
class Upgrade:
    """Optionally trade a tablet for an arrowhead or an arrowhead for a jewel."""


@dataclass(frozen=True)
class TakeFear:
    """A Fear card into the play area; a Fear tile once the Fear deck is empty."""


@dataclass(frozen=True)
class Pass:
    """This option passes: the player's round ends (a main action)."""


@dataclass(frozen=True)
class PayThen:
    """Pay ``cost``, then run ``then``; if the cost cannot be paid the rest is lost."""

    cost: Cost
    then: Program


@dataclass(frozen=True)
class Choice:
    """The player picks one option."""

    options: tuple[Program, ...]


@dataclass(frozen=True)
class PickDistinct:
    """The player picks ``n`` different options, in an order of their choice (Army Knife)."""

    n: int
    options: tuple[Program, ...]


@dataclass(frozen=True)
class Dig:
    """Dig at a discovered site or discover a new one now, with discounts."""

    discount: Travel = NO_TRAVEL
    compass_off: int = 0  # discovery only


@dataclass(frozen=True)
class DigCampTwice:
    """Passage Shell: dig at a camp site with no travel cost; its effect may run twice."""


@dataclass(frozen=True)
class Activate:
    """Run a discovered site's effect without sending an archaeologist or paying travel."""

    where: tuple[Where, ...]
    l2_cost: Res = NO_RES  # Tent: a level-II site costs this first
    times: int = 1  # Star Charts: 2 different sites


@dataclass(frozen=True)
class ActivateTop:
    """The top tile of a site stack: its effect runs, then it goes to the stack's bottom."""

    level: Literal[1, 2]


@dataclass(frozen=True)
class Relocate:
    """Move one of your archaeologists on a site to a free space of another discovered site."""

    to: tuple[Literal["camp", "L1"], ...]


@dataclass(frozen=True)
class Buy:
    """Buy a card from the row (and a revealed card) at a discount; optional."""

    kind: CardKind
    discount: int


@dataclass(frozen=True)
class Reveal:
    """The top card of a deck joins the next buy; back on top if it is not bought."""

    kind: Literal["item", "artifact"]


@dataclass(frozen=True)
class Get:
    """Take a card free from the row (or the item exile)."""

    kind: Literal["item", "artifact"]
    to: Literal["bottom", "hand", "top", "play"] = "bottom"
    source: Literal["row", "exile"] = "row"


@dataclass(frozen=True)
class Research:
    """Research now: free, or with one of the discounts (temple tiles included)."""

    token: Token
    free: bool = False
    discounts: tuple[Res, ...] = ()


@dataclass(frozen=True)
class Overcome:
    """Overcome a guardian without paying its cost."""

    where: Literal["mine", "alone"]


@dataclass(frozen=True)
class Recruit:
    """Take a silver assistant from the top of a supply stack."""


@dataclass(frozen=True)
class Rescue:
    """Snake side: look through the rescue stack, take one; it arrives exhausted."""


@dataclass(frozen=True)
class UpgradeAssistant:
    """Turn one of your assistants gold side up; it is refreshed."""


@dataclass(frozen=True)
class Refresh:
    """Refresh one of your assistants (both if ``both``)."""

    both: bool = False


@dataclass(frozen=True)
class SwapAssistant:
    """Decorated Horn: swap an assistant for a supply one at the same level."""


@dataclass(frozen=True)
class Borrow:
    """Use one supply assistant's effect (top of a stack, not the rescue stack), unexhausted."""

    level: Literal["silver", "gold"]


@dataclass(frozen=True)
class Peek:
    """The earrings: draw ``least``..``most`` cards from one end, keep 1, put back up to ``back``,
    the rest into the play area unused."""

    end: Literal["top", "bottom"]
    least: int
    most: int
    back: int = 0


@dataclass(frozen=True)
class ReturnArchaeologist:
    """Ocarina: one placed archaeologist of yours goes home (optional)."""


@dataclass(frozen=True)
class AllPlanes:
    """Ocarina: for the rest of the round each of your travel icons is a plane."""


@dataclass(frozen=True)
class MoveGuardian:
    """Crown: a guardian at a site you occupy moves to an unoccupied discovered camp or level-I
    site without one; ``act(there)`` then runs that site."""


@dataclass(frozen=True)
class RowExile:
    """Ornate Hammer: exile the item farthest from the staff."""


@dataclass(frozen=True)
class NoGuardianFear:
    """War Mask: no Fear for guarded sites at this round's end."""


@dataclass(frozen=True)
class Unslot:
    """Stone Key: a slotted idol back to the crates; the slot is empty again."""


@dataclass(frozen=True)
class TemplePick:
    """Arriving at the temple: look through the temple bonus stack secretly, take one."""


Op = (
    Gain
    | GainTravel
    | GainPer
    | Draw
    | Exile
    | Upgrade
    | TakeFear
    | Pass
    | PayThen
    | Choice
    | PickDistinct
    | Dig
    | DigCampTwice
    | Activate
    | ActivateTop
    | Relocate
    | Buy
    | Reveal
    | Get
    | Research
    | Overcome
    | Recruit
    | Rescue
    | UpgradeAssistant
    | Refresh
    | SwapAssistant
    | Borrow
    | Peek
    | ReturnArchaeologist
    | AllPlanes
    | MoveGuardian
    | RowExile
    | NoGuardianFear
    | Unslot
    | TemplePick
)
Program = tuple[Op, ...]


def walk(program: Program) -> list[Op]:
    """Every op of a program, nested ones included (for checks and tests)."""
    out: list[Op] = []
    for op in program:
        out.append(op)
        if isinstance(op, PayThen):
            out.extend(walk(op.then))
        elif isinstance(op, Choice | PickDistinct):
            for option in op.options:
                out.extend(walk(option))
    return out
