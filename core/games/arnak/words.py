"""Arnak in plain words: effects, costs, the question on top of the pending-decision stack and
each of its answers ("Parrot: discard which card?" · "Exploration (car)").

The rules decide what may be chosen (``effects.options``); this module only says it, for the
terminal's choice lists and anyone else who shows a question to a person.
"""

from __future__ import annotations

from core.games.arnak import catalog as K
from core.games.arnak import effects as fx
from core.games.arnak import ops as o
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.components import Side
from core.games.arnak.research import ROW_FIRST
from core.games.arnak.state import HIDDEN, ArnakState

RES_WORDS: tuple[tuple[str, str], ...] = (
    ("coin", "coins"),
    ("compass", "compasses"),
    ("tablet", "tablets"),
    ("arrowhead", "arrowheads"),
    ("jewel", "jewels"),
)
WHERE_WORDS = {
    "L1": "a level-I site",
    "camp": "a camp site",
    "camp_free": "an unoccupied camp site",
    "mine": "a site you occupy",
    "there": "that site",
}


def side(state: ArnakState) -> Side:
    """The board side in play (bird or snake)."""
    return C.sides[state.side]  # type: ignore[index]


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def res(amounts: tuple[int, ...]) -> str:
    """``(2, 1, 0, 0, 0)`` -> ``2 coins, 1 compass`` (``nothing`` for none)."""
    parts = [plural(n, one, many) for n, (one, many) in zip(amounts, RES_WORDS, strict=True) if n]
    return ", ".join(parts) or "nothing"


def travel(t: o.Travel) -> str:
    """``car ship`` / ``2 boots`` / ``no travel``."""
    parts = [plural(n, w) if n > 1 else w for w, n in zip(o.TRAVEL_WORDS, t, strict=True) if n]
    return " ".join(parts) or "no travel"


def cost(c: o.Cost) -> str:
    parts = []
    if c.down:
        parts.append("discard a card")
    if c.idol:
        parts.append(plural(c.idol, "idol"))
    if c.travel.total:
        parts.append(travel(c.travel))
    if any(c.res):
        parts.append(res(c.res))
    return " + ".join(parts) or "free"


def effect(program: o.Program) -> str:
    """A program in a few words: ``draw 1; dig or discover (ship off)``."""
    return "; ".join(_op(op) for op in program) or "nothing"


def _op(op: object) -> str:
    match op:
        case o.Gain(res=r):
            return "+" + res(r)
        case o.GainTravel(travel=t):
            return "+" + travel(t) + " this turn"
        case o.GainPer(res=r, per=per, cap=cap):
            what = {"guard": "guardian", "idols": "idol", "arch": "archaeologist out"}[per]
            return f"+{res(r)} per {what} (max {cap})"
        case o.Draw(n=n, bottom=bottom):
            return f"draw {n}" + (" from the bottom" if bottom else "")
        case o.Exile():
            return "exile a card"
        case o.Upgrade():
            return "upgrade tablet→arrowhead or arrowhead→jewel"
        case o.TakeFear():
            return "take a Fear card"
        case o.Pass():
            return "pass"
        case o.PayThen(cost=c, then=then):
            paid = cost(c) if c.down else f"pay {cost(c)}"  # the box's word: discard a card
            return f"{paid} → {effect(then)}" if then else paid
        case o.Choice(options=options):
            return " OR ".join(f"({effect(p)})" if len(p) > 1 else effect(p) for p in options)
        case o.PickDistinct(n=n, options=options):
            return f"{n} different of: " + ", ".join(effect(p) for p in options)
        case o.Dig(discount=d, compass_off=off):
            extra = [travel(d) + " off"] if d.total else []
            extra += [f"{off} compasses off a discovery"] if off else []
            return "dig or discover" + (f" ({', '.join(extra)})" if extra else "")
        case o.DigCampTwice():
            return "dig at a camp, no travel; its effect twice"
        case o.Activate(where=where, l2_cost=l2, times=times):
            sites = " or ".join(WHERE_WORDS[w] for w in where)
            tail = f" (level II: {res(l2)})" if any(l2) else ""
            return f"use {sites}{tail}" + (f", {times} different" if times > 1 else "")
        case o.ActivateTop(level=level):
            return f"use the top level-{'I' * level} site tile"
        case o.Relocate(to=to):
            return "move an archaeologist to " + " or ".join(WHERE_WORDS[w] for w in to)
        case o.Buy(kind=kind, discount=d):
            what = "a card" if kind == "any" else f"an {kind}"
            return f"buy {what}" + (f" {d} cheaper" if d else "")
        case o.Reveal(kind=kind):
            return f"reveal the top {kind}"
        case o.Get(kind=kind, to=to, source=source):
            place = {"bottom": "", "hand": " to hand", "top": " on your deck", "play": ""}[to]
            return f"gain an {kind}{' from the exile' if source == 'exile' else ''}{place}"
        case o.Research(token=token, free=free, discounts=discounts):
            what = "glass or notebook" if token == "any" else token
            if free:
                return f"research ({what}) free"
            offs = " or ".join(res(d) for d in discounts)
            return f"research ({what})" + (f", {offs} off" if offs else "")
        case o.Overcome(where=where):
            return "overcome a guardian " + ("where you are" if where == "mine" else "alone")
        case o.Recruit():
            return "recruit an assistant"
        case o.Rescue():
            return "rescue an assistant"
        case o.UpgradeAssistant():
            return "upgrade an assistant"
        case o.Refresh(both=both):
            return "refresh both assistants" if both else "refresh an assistant"
        case o.SwapAssistant():
            return "swap an assistant"
        case o.Borrow(level=level):
            return f"use a supply assistant ({level})"
        case o.Peek(end=end, least=least, most=most):
            return f"look at {least}-{most} cards from the deck's {end}, keep 1"
        case o.ReturnArchaeologist():
            return "an archaeologist comes home"
        case o.AllPlanes():
            return "your travel icons are planes this round"
        case o.MoveGuardian():
            return "move a guardian"
        case o.RowExile():
            return "exile the farthest item"
        case o.NoGuardianFear():
            return "no Fear for guardians this round"
        case o.Unslot():
            return "an idol back from its slot"
        case o.TemplePick():
            return "take a temple bonus tile"
    return type(op).__name__


# --- components ---------------------------------------------------------------------------------


def card_line(card: str) -> str:
    """A hand card in a line: name, travel icons, effect (``free``: a free action)."""
    if card == HIDDEN:
        return "a hidden card"
    info = C.card(card)
    if info.kind == "fear":
        return "Fear · boot · no effect (-1 VP)"
    head = f"{info.name} · {travel(info.travel)}"
    tags = " [free]" if info.free else ""
    tags += " [exiled after]" if info.exile_self else ""
    main = " (1 tablet, main)" if info.kind == "artifact" else ""
    return f"{head} · {effect(info.effect)}{main}{tags}"


def price(card: str) -> str:
    """An item's price in coins, an artifact's in compasses."""
    coins, compasses = fx.price(card)
    return plural(coins, "coin") if coins else plural(compasses, "compass", "compasses")


def site_name(site: str) -> str:
    """The name players use for a place, as the map shows it and its key types it: ``C3`` ->
    ``camp 3``; ``L1.4`` -> ``site 1.4`` (level I, the 4th); ``L2.1`` -> ``site 2.1``."""
    if site.startswith("C"):
        return f"camp {site[1:].split('.')[0]}"
    return f"site {site[1:]}"


def space_name(space: str) -> str:
    """A camp's space says which of its two it is (the second costs 2 boots)."""
    if space.startswith("C") and space.endswith(".2"):
        return site_name(space) + " (2nd space)"
    return site_name(space)


def site_effect(state: ArnakState, site: str) -> str:
    key = fx.site_program(state, fx.site_of(site))
    return effect(fx.program(key)) if key else "undiscovered"


def guardian_line(gid: str) -> str:
    g = C.guardian(gid)
    return f"overcome: {cost(g.cost)} · boon: {effect(g.boon)}"


def assistant_line(aid: str, gold: bool) -> str:
    a = C.assistant(aid)
    return effect(a.effect(gold)) + (" (main action)" if a.main else "")


# --- the question on top ------------------------------------------------------------------------


def source(key: str, state: ArnakState | None = None) -> str:
    """A frame key in words: the card, site, assistant, idol or research row that asks (a
    site by the place it lies at, when ``state`` tells)."""
    base = key.split("/")[0]
    kind, _, rest = base.partition(":")
    if not rest:
        named = {"discover": "Discovering", "keep": "Passing", "slot": "Idol slot"}
        named |= {"bonuspick": "Research bonus", "templepick": "The temple"}
        return named.get(kind, C.name(kind) if kind[:1] in "iafb" else kind)
    if kind == "site":
        placed = [
            space for space, tile in (state.site_tile if state else {}).items() if tile == rest
        ]
        if rest.startswith("c"):
            return f"Camp {rest[1:]}"
        if placed:
            return f"Site {placed[0][1:]}"
        return f"A level-{'I' * C.site(rest).level} site"
    if kind == "asst":
        return f"Assistant {int(rest[1:3])} ({'gold' if rest.endswith('g') else 'silver'})"
    if kind == "boon":
        return f"Boon of {C.name(rest)}"
    if kind == "idol":
        return "Idol"
    if kind == "bonus":
        return "Bonus tile"
    if kind == "usenow":
        return C.name(rest)
    if kind == "row":
        _side, token, row = rest.split(":")
        return f"Research row {row} ({token})"
    return base


def _ask(state: ArnakState) -> tuple[object, object] | None:
    top = fx.current(state)
    return None if top is None else (top[0], top[1])


QUESTIONS: dict[type, str] = {
    o.Draw: "draw how many cards?",
    o.Exile: "exile which card?",
    o.Upgrade: "upgrade which resource?",
    o.Choice: "which effect?",
    o.PickDistinct: "pick an effect (each once)",
    o.Dig: "dig or discover where?",
    o.DigCampTwice: "dig at which camp?",
    o.Activate: "use which site's effect?",
    o.Relocate: "move which archaeologist where?",
    o.Buy: "buy which card?",
    o.Get: "take which card?",
    o.Research: "research where?",
    o.Overcome: "overcome which guardian?",
    o.Recruit: "recruit from which stack?",
    o.Rescue: "rescue which assistant?",
    o.UpgradeAssistant: "upgrade which assistant?",
    o.Refresh: "refresh which assistant?",
    o.SwapAssistant: "swap which assistant for which?",
    o.Borrow: "use which supply assistant?",
    o.ReturnArchaeologist: "which archaeologist comes home?",
    o.MoveGuardian: "move which guardian where?",
    o.TemplePick: "take which temple bonus tile?",
    fx.UseNow: "use its effect now (no tablet)?",
    fx.KeepCards: "which cards go to the play area? (the rest stay in hand)",
    fx.BonusPick: "take which bonus tile?",
}


def question(state: ArnakState) -> str:
    """``Parrot: discard which card?`` — the source of the question on top, and the question."""
    top = fx.current(state)
    if top is None:
        return ""
    frame, op = top
    if isinstance(op, o.PayThen):
        ask = "discard which card?" if op.cost.down else f"pay {travel(op.cost.travel)} how?"
    elif isinstance(op, o.Peek):
        stage = frame.ctx.get("aside")
        ask = {
            None: f"look at how many cards from the {op.end} of your deck?",
            "keep": "keep which card in hand?",
            "back": "put which card back on your deck?",
        }[stage]
    else:
        ask = QUESTIONS.get(type(op), "choose")
    return f"{source(frame.key, state)}: {ask}"


def pay_words(value: str) -> str:
    """A travel payment ``b0fc+pilot`` in words."""
    if not value:
        return "no travel to pay"
    words = []
    for part in value.split("+"):
        if part == "pilot":
            words.append("a plane for 2 coins")
        else:
            words.append(C.name(part) + f" ({travel(C.card(part).travel)})")
    return " + ".join(words)


def answer(state: ArnakState, value: str) -> str:
    """One answer to the question on top, in words."""
    top = fx.current(state)
    if top is None:
        return value
    frame, op = top
    seat = frame.seat
    player = state.seats[seat]
    if isinstance(op, fx.UseNow):
        return "use it now" if value == "use" else "not now"
    if value == fx.SKIP:
        return "none (skip)"
    if isinstance(op, o.Draw | o.Peek) and value.isdigit():
        return plural(int(value), "card")
    if isinstance(op, o.Exile):
        return "a Fear tile (-2 VP)" if value == "fear_tile" else card_line(value)
    if isinstance(op, o.Upgrade):
        return "a tablet into an arrowhead" if value == "T>A" else "an arrowhead into a jewel"
    if isinstance(op, o.PayThen):
        return card_line(value) if op.cost.down else pay_words(value)
    if isinstance(op, o.Choice | o.PickDistinct):
        return effect(op.options[int(value)])
    if isinstance(op, o.Dig | o.DigCampTwice):
        space, _, pay = value.partition("=")
        cheaper = op.compass_off if isinstance(op, o.Dig) else 0
        return _place_words(state, space, cheaper) + (f" · pay {pay_words(pay)}" if pay else "")
    if isinstance(op, o.Activate):
        return f"{site_name(value)}: {site_effect(state, value)}"
    if isinstance(op, o.Relocate | o.MoveGuardian):
        start, _, target = value.partition(">")
        return f"{site_name(start)} → {space_name(target)}: {site_effect(state, target)}"
    if isinstance(op, o.Buy | o.Get):
        info = C.card(value)
        return f"{info.name} ({price(value)}, {info.vp} VP): {effect(info.effect)}"
    if isinstance(op, o.Research):
        token, _, rest = value.partition(">")
        to, _, k = rest.partition("#")
        off = f" ({res(op.discounts[int(k)])} off)" if k else ""
        return research_words(state, token, to) + off
    if isinstance(op, o.Overcome):
        g = state.guardian.get(value)
        return f"the guardian at {site_name(value)}" + (f" · {guardian_line(g)}" if g else "")
    if isinstance(op, o.Recruit | o.Borrow):
        stack = state.supply[int(value)]
        top_one = stack[0] if stack else HIDDEN
        gold = isinstance(op, o.Borrow) and op.level == "gold"
        return f"stack {int(value) + 1}: {assistant_line(top_one, gold)}"
    if isinstance(op, o.Rescue):
        return f"assistant {int(value[1:])}: {assistant_line(value, False)}"
    if isinstance(op, o.UpgradeAssistant | o.Refresh):
        if value == "all":
            return "both assistants"
        helper = player.assistants[int(value)]
        return f"your assistant {int(value) + 1}: {assistant_line(helper.id, helper.gold)}"
    if isinstance(op, o.SwapAssistant):
        mine, _, pile = value.partition(">")
        new = state.supply[int(pile)][0]
        return f"your assistant {int(mine) + 1} for stack {int(pile) + 1}'s ({C.name(new)})"
    if isinstance(op, o.ReturnArchaeologist):
        return f"the one at {site_name(value)}"
    if isinstance(op, fx.KeepCards):
        return "done: keep the rest in hand" if value == "keep" else card_line(value)
    if isinstance(op, fx.BonusPick) and value == ROW_FIRST:
        return f"first the row's effect ({effect(fx.program(frame.ctx['row']))}), then a tile"
    if isinstance(op, o.TemplePick | fx.BonusPick):
        return f"a bonus tile: {effect(C.bonus_tile(value).effect)}"
    return card_line(value) if value[:1] in "iafb" and value[1:2].isdigit() else value


def _place_words(state: ArnakState, space: str, compass_off: int = 0) -> str:
    """A space to dig at, or to discover at the compasses it costs (less ``compass_off``, a
    card's discount: what is paid)."""
    site = fx.site_of(space)
    where = site_name(space)
    if space.startswith("C"):
        return f"{space_name(space)}: {site_effect(state, site)}"
    if state.site_tile.get(site) is None:
        level = K.level(space)
        cost = max(0, K.discover_cost(level) - compass_off)
        return f"discover {where} ({plural(cost, 'compass', 'compasses')})"
    return f"{where}: {site_effect(state, site)}"


def research_words(state: ArnakState, token: str, to: str) -> str:
    """``glass>5`` in words: where the token goes, what it costs and gives."""
    if to.startswith("t"):
        stack = side(state).temple_stacks[int(to[1:])]
        return f"a {stack.vp}-VP temple tile for {cost(stack.cost)}"
    space = int(to)
    board = side(state)
    spot = board.research_space(space)
    row = board.row(spot.row) if spot.row <= len(board.rows) else None
    gives = effect(row.glass if token == "glass" else row.notebook) if row else "the temple"
    return f"{token} to row {spot.row} (space {space}) for {cost(spot.cost)}: {gives}"
