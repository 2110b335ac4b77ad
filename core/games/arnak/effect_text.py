"""The small language of Arnak's effect strings (``components.toml``), parsed into programs
of :mod:`.ops`.

Grammar (ASCII, whitespace around operators is free)::

    program := alt
    alt     := seq ("|" seq)*            an option the player chooses (Choice)
    seq     := step (";" step)*          one after the other
    step    := cost "->" step            pay the cost, then the step; unpayable: the step is lost
             | "(" alt ")" | atom

Resources are the letters ``M`` coin, ``C`` compass, ``T`` tablet, ``A`` arrowhead, ``J`` jewel; a
count binds to the next letter (``2CJ`` = 2 compass + 1 jewel). Travel words are ``boot car ship
plane`` (``2boot``). A cost is space-separated terms: resources, travel, ``down`` (card-down: a hand
card to the play area unused, compulsory), ``idol`` (an idol from the crates, out of the game).

Atoms:

- ``+2M``, ``+MCTA``: gain resources. ``+ship``, ``+2plane``: travel for this turn.
- ``+C*guard`` / ``*idols`` / ``*arch``: gain per counted thing, at most 3.
- ``draw(n)``: draw up to n (004: drawing is optional). ``draw_bottom(n)``: from the deck's bottom.
- ``down``: a compulsory card-down with nothing after it (``down -> ...`` with an empty step).
- ``exile``: exile a card from hand or play area, or a Fear tile (optional).
- ``upgrade``: tablet to arrowhead or arrowhead to jewel, once (optional).
- ``fear``: take a Fear card into the play area (a Fear tile once the Fear deck is empty).
- ``pick(n, a, b, ...)``: n different options of those (Army Knife).
- ``pass``: the option also passes (ends the player's round; it is a main action).
- ``dig(disc..., -nC)``: dig or discover now; the travel discount icons, a compass discount.
- ``act(where)``: run a discovered site's effect without travel. ``where``: ``L1`` any level-I,
  ``camp`` any camp, ``camp_free`` an unoccupied camp, ``mine`` a site you occupy, ``there`` the
  site the previous step chose. ``L2=2C``: a level-II site costs that first (Tent). ``twice``: two
  different sites (Star Charts).
- ``act_top(L1|L2)``: the top site tile of that stack, then it goes to the stack's bottom.
- ``relocate(camp[, L1])``: move an archaeologist of yours on a site to a free space of another
  discovered site of those kinds, no travel.
- ``buy(item|artifact|any, -n)``: buy from the card row at a discount (optional).
- ``reveal(item|artifact)``: the deck's top card joins the next buy; back on top if not bought.
- ``get(item|artifact[, to=bottom|hand|top][, from=row|exile])``: take a card free. Items go to the
  deck's bottom unless ``to`` says else; artifacts to the play area with their effect (no tablet).
- ``research(glass|notebook|any, free | -J | -A/-2T)``: research now, free or with one of the
  discounts (``/`` separates alternatives; they apply to temple tiles too).
- ``overcome(mine|alone)``: overcome a guardian free: at a site you occupy, or at a site no other
  player occupies.
- ``recruit``, ``rescue``, ``upgrade_assistant``, ``refresh``, ``refresh_both``, ``swap_assistant``,
  ``borrow(silver|gold)``: assistants.
- Odd cards: ``peek(top|bottom, least-most, back=n)`` (the earrings), ``return_archaeologist``,
  ``all_planes`` (Ocarina), ``move_guardian`` (Crown), ``row_exile`` (Hammer), ``no_guardian_fear``
  (War Mask), ``unslot`` (Stone Key), ``dig_camp_twice`` (Passage Shell), ``temple_pick``.
"""

from __future__ import annotations

import re

from core.games.arnak.ops import (
    NO_RES,
    NO_TRAVEL,
    RESOURCE_LETTERS,
    TRAVEL_WORDS,
    Activate,
    ActivateTop,
    AllPlanes,
    Borrow,
    Buy,
    Choice,
    Cost,
    Dig,
    DigCampTwice,
    Draw,
    Exile,
    Gain,
    GainPer,
    GainTravel,
    Get,
    MoveGuardian,
    NoGuardianFear,
    Op,
    Overcome,
    Pass,
    PayThen,
    Peek,
    PickDistinct,
    Program,
    Recruit,
    Refresh,
    Relocate,
    Res,
    Rescue,
    Research,
    ReturnArchaeologist,
    Reveal,
    RowExile,
    SwapAssistant,
    TakeFear,
    TemplePick,
    Travel,
    Unslot,
    Upgrade,
    UpgradeAssistant,
)


class EffectSyntaxError(ValueError):
    """An effect or cost string in the data file does not parse."""


_RES_RE = re.compile(r"^(?:\d*[MCTAJ])+$")
_TRAVEL_RE = re.compile(r"^(\d*)(boot|car|ship|plane)$")


def parse_res(text: str) -> Res:
    """``2CJ`` -> Res(C=2, J=1)."""
    if not _RES_RE.match(text):
        raise EffectSyntaxError(f"not resources: {text!r}")
    counts = dict.fromkeys(RESOURCE_LETTERS, 0)
    for n, letter in re.findall(r"(\d*)([MCTAJ])", text):
        counts[letter] += int(n or 1)
    return Res(**counts)


def parse_travel(text: str) -> Travel | None:
    m = _TRAVEL_RE.match(text)
    if m is None:
        return None
    counts = dict.fromkeys(TRAVEL_WORDS, 0)
    counts[m.group(2)] = int(m.group(1) or 1)
    return Travel(**counts)


def parse_cost(text: str) -> Cost:
    """Space-separated terms: ``down M A``, ``2boot C``, ``plane A``, ``idol``, ``4M``."""
    res, travel, down, idol = NO_RES, NO_TRAVEL, 0, 0
    for term in text.split():
        if term == "down":
            down += 1
        elif term == "idol":
            idol += 1
        elif (t := parse_travel(term)) is not None:
            travel = travel + t
        else:
            res = res + parse_res(term)
    if not text.split():
        raise EffectSyntaxError("empty cost")
    return Cost(res, travel, down, idol)


def _split_top(text: str, sep: str) -> list[str]:
    """Split at ``sep`` outside parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise EffectSyntaxError(f"unbalanced ')' in {text!r}")
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i + len(sep)
            i += len(sep)
            continue
        i += 1
    if depth:
        raise EffectSyntaxError(f"unbalanced '(' in {text!r}")
    parts.append(text[start:])
    return parts


def parse(text: str) -> Program:
    """An effect string -> its program (``EffectSyntaxError`` naming the bad part)."""
    text = text.strip()
    if not text:
        return ()
    options = [o.strip() for o in _split_top(text, "|")]
    if len(options) > 1:
        return (Choice(tuple(parse(o) for o in options)),)
    ops: list[Op] = []
    for step in _split_top(text, ";"):
        ops.extend(_step(step.strip()))
    return tuple(ops)


def _step(text: str) -> Program:
    if not text:
        raise EffectSyntaxError("empty step")
    arrow = _split_top(text, "->")
    if len(arrow) > 1:
        cost, rest = arrow[0].strip(), "->".join(arrow[1:]).strip()
        return (PayThen(parse_cost(cost), _step(rest)),)
    if text.startswith("(") and _closing(text) == len(text) - 1:
        return parse(text[1:-1])
    return (_atom(text),)


def _closing(text: str) -> int:
    """The index of the parenthesis closing the one at ``text[0]``."""
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return i
    raise EffectSyntaxError(f"unbalanced '(' in {text!r}")


_CALL_RE = re.compile(r"^([a-z_0-9]+)(?:\((.*)\))?$")


def _atom(text: str) -> Op:
    if text == "down":
        return PayThen(Cost(down=1), ())
    if text.startswith("+"):
        return _gain(text[1:])
    m = _CALL_RE.match(text)
    if m is None:
        raise EffectSyntaxError(f"unknown step {text!r}")
    name, argtext = m.group(1), m.group(2)
    args = [a.strip() for a in _split_top(argtext, ",")] if argtext else []
    pos = [a for a in args if "=" not in a]
    kw = dict(a.split("=", 1) for a in args if "=" in a)
    try:
        return _call(name, pos, kw)
    except (KeyError, IndexError, ValueError) as e:
        if isinstance(e, EffectSyntaxError):
            raise
        raise EffectSyntaxError(f"bad step {text!r}: {e}") from None


def _gain(text: str) -> Op:
    base, star, per = text.partition("*")
    if star:
        if per not in ("guard", "idols", "arch"):
            raise EffectSyntaxError(f"unknown count {per!r}")
        return GainPer(parse_res(base), per)  # type: ignore[arg-type]
    travel = parse_travel(base)
    if travel is not None:
        return GainTravel(travel)
    return Gain(parse_res(base))


_BARE: dict[str, Op] = {
    "exile": Exile(),
    "upgrade": Upgrade(),
    "fear": TakeFear(),
    "pass": Pass(),
    "recruit": Recruit(),
    "rescue": Rescue(),
    "upgrade_assistant": UpgradeAssistant(),
    "refresh": Refresh(),
    "refresh_both": Refresh(both=True),
    "swap_assistant": SwapAssistant(),
    "return_archaeologist": ReturnArchaeologist(),
    "all_planes": AllPlanes(),
    "move_guardian": MoveGuardian(),
    "row_exile": RowExile(),
    "no_guardian_fear": NoGuardianFear(),
    "unslot": Unslot(),
    "dig_camp_twice": DigCampTwice(),
    "temple_pick": TemplePick(),
}

_WHERE = ("L1", "camp", "camp_free", "mine", "there")


def _one_of(value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise EffectSyntaxError(f"{value!r} is not one of {', '.join(allowed)}")
    return value


def _call(name: str, pos: list[str], kw: dict[str, str]) -> Op:
    if name in _BARE:
        if pos or kw:
            raise EffectSyntaxError(f"{name} takes no arguments")
        return _BARE[name]
    if name == "pick":
        return PickDistinct(int(pos[0]), tuple(parse(a) for a in pos[1:]))
    if name in ("draw", "draw_bottom"):
        return Draw(int(pos[0]), bottom=name == "draw_bottom")
    if name == "dig":
        discount, compass_off = NO_TRAVEL, 0
        for a in pos:
            if a.startswith("-"):
                off = parse_res(a[1:])
                if off != Res(C=off.C):
                    raise EffectSyntaxError(f"a discovery discount is in compasses, not {a!r}")
                compass_off = off.C
            elif (t := parse_travel(a)) is not None:
                discount = discount + t
            else:
                raise EffectSyntaxError(f"dig: unknown discount {a!r}")
        return Dig(discount, compass_off)
    if name == "act":
        where = tuple(_one_of(a, _WHERE) for a in pos if a != "twice")
        return Activate(
            where,  # type: ignore[arg-type]
            l2_cost=parse_res(kw["L2"]) if "L2" in kw else NO_RES,
            times=2 if "twice" in pos else 1,
        )
    if name == "act_top":
        return ActivateTop(1 if _one_of(pos[0], ("L1", "L2")) == "L1" else 2)
    if name == "relocate":
        return Relocate(tuple(_one_of(a, ("camp", "L1")) for a in pos))  # type: ignore[misc]
    if name == "buy":
        kind = _one_of(pos[0], ("item", "artifact", "any"))
        if not pos[1].startswith("-"):
            raise EffectSyntaxError("buy needs a discount -n")
        return Buy(kind, int(pos[1][1:]))  # type: ignore[arg-type]
    if name == "reveal":
        return Reveal(_one_of(pos[0], ("item", "artifact")))  # type: ignore[arg-type]
    if name == "get":
        kind = _one_of(pos[0], ("item", "artifact"))
        default_to = "play" if kind == "artifact" else "bottom"
        to = _one_of(kw.get("to", default_to), ("bottom", "hand", "top", "play"))
        source = _one_of(kw.get("from", "row"), ("row", "exile"))
        return Get(kind, to, source)  # type: ignore[arg-type]
    if name == "research":
        token = _one_of(pos[0], ("glass", "notebook", "any"))
        rest = pos[1:]
        if rest == ["free"]:
            return Research(token, free=True)  # type: ignore[arg-type]
        discounts = tuple(parse_res(d.strip().lstrip("-")) for r in rest for d in r.split("/"))
        return Research(token, discounts=discounts)  # type: ignore[arg-type]
    if name == "overcome":
        return Overcome(_one_of(pos[0], ("mine", "alone")))  # type: ignore[arg-type]
    if name == "borrow":
        return Borrow(_one_of(pos[0], ("silver", "gold")))  # type: ignore[arg-type]
    if name == "peek":
        end = _one_of(pos[0], ("top", "bottom"))
        least, _, most = pos[1].partition("-")
        return Peek(end, int(least), int(most or least), int(kw.get("back", "0")))  # type: ignore[arg-type]
    raise EffectSyntaxError(f"unknown step {name!r}")
