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
from core.language import N_, Translator

T = Translator("arnak")
_, ngettext = T.gettext, T.ngettext

RES_WORDS: tuple[tuple[str, str], ...] = (
    ("coin", "coins"),
    ("compass", "compasses"),
    ("tablet", "tablets"),
    ("arrowhead", "arrowheads"),
    ("jewel", "jewels"),
)
WHERE_WORDS = {
    "L1": N_("a level-I site"),
    "camp": N_("a camp site"),
    "camp_free": N_("an unoccupied camp site"),
    "mine": N_("a site you occupy"),
    "there": N_("that site"),
}


def side(state: ArnakState) -> Side:
    """The board side in play (bird or snake)."""
    return C.sides[state.side]  # type: ignore[index]


def plural(n: int, word: str, words: str | None = None) -> str:
    """``2 compasses``: ``n`` of ``word`` in the reader's language (a word the catalogue does
    not count is said in English, with ``words`` or an ``s`` for more than one)."""
    match word:
        case "coin":
            return ngettext("{n} coin", "{n} coins", n).format(n=n)
        case "compass":
            return ngettext("{n} compass", "{n} compasses", n).format(n=n)
        case "tablet":
            return ngettext("{n} tablet", "{n} tablets", n).format(n=n)
        case "arrowhead":
            return ngettext("{n} arrowhead", "{n} arrowheads", n).format(n=n)
        case "jewel":
            return ngettext("{n} jewel", "{n} jewels", n).format(n=n)
        case "idol":
            return ngettext("{n} idol", "{n} idols", n).format(n=n)
        case "card":
            return ngettext("{n} card", "{n} cards", n).format(n=n)
        case "boot":
            return ngettext("{n} boot", "{n} boots", n).format(n=n)
        case "car":
            return ngettext("{n} car", "{n} cars", n).format(n=n)
        case "ship":
            return ngettext("{n} ship", "{n} ships", n).format(n=n)
        case "plane":
            return ngettext("{n} plane", "{n} planes", n).format(n=n)
    return f"{n} {word if n == 1 else (words or word + 's')}"


def travel_word(t: str) -> str:
    """A travel icon's name (``car``) in the reader's language."""
    words = {"boot": _("boot"), "car": _("car"), "ship": _("ship"), "plane": _("plane")}
    return words.get(t, t)


def res(amounts: tuple[int, ...]) -> str:
    """``(2, 1, 0, 0, 0)`` -> ``2 coins, 1 compass`` (``nothing`` for none)."""
    parts = [plural(n, one, many) for n, (one, many) in zip(amounts, RES_WORDS, strict=True) if n]
    return ", ".join(parts) or _("nothing")


def travel(t: o.Travel) -> str:
    """``car ship`` / ``2 boots`` / ``no travel``."""
    parts = [
        plural(n, w) if n > 1 else travel_word(w)
        for w, n in zip(o.TRAVEL_WORDS, t, strict=True)
        if n
    ]
    return " ".join(parts) or _("no travel")


def cost(c: o.Cost) -> str:
    parts = []
    if c.down:
        parts.append(_("discard a card"))
    if c.idol:
        parts.append(plural(c.idol, "idol"))
    if c.travel.total:
        parts.append(travel(c.travel))
    if any(c.res):
        parts.append(res(c.res))
    return " + ".join(parts) or _("free")


def effect(program: o.Program) -> str:
    """A program in a few words: ``draw 1; dig or discover (ship off)``."""
    return "; ".join(_op(op) for op in program) or _("nothing")


def either(words: list[str]) -> str:
    """``a or b or c``."""
    said = words[0] if words else ""
    for word in words[1:]:
        said = _("{first} or {second}").format(first=said, second=word)
    return said


def _op(op: object) -> str:
    match op:
        case o.Gain(res=r):
            return "+" + res(r)
        case o.GainTravel(travel=t):
            return _("+{travel} this turn").format(travel=travel(t))
        case o.GainPer(res=r, per=per, cap=cap):
            said = {"res": res(r), "cap": cap}
            if per == "guard":
                return _("+{res} per guardian (max {cap})").format(**said)
            if per == "idols":
                return _("+{res} per idol (max {cap})").format(**said)
            return _("+{res} per archaeologist out (max {cap})").format(**said)
        case o.Draw(n=n, bottom=bottom):
            if bottom:
                return _("draw {n} from the bottom").format(n=n)
            return _("draw {n}").format(n=n)
        case o.Exile():
            return _("exile a card")
        case o.Upgrade():
            return _("upgrade tablet→arrowhead or arrowhead→jewel")
        case o.TakeFear():
            return _("take a Fear card")
        case o.Pass():
            return _("pass")
        case o.PayThen(cost=c, then=then):
            # the box's word: discard a card
            paid = cost(c) if c.down else _("pay {cost}").format(cost=cost(c))
            return f"{paid} → {effect(then)}" if then else paid
        case o.Choice(options=options):
            return _(" OR ").join(f"({effect(p)})" if len(p) > 1 else effect(p) for p in options)
        case o.PickDistinct(n=n, options=options):
            return _("{n} different of: {effects}").format(
                n=n, effects=", ".join(effect(p) for p in options)
            )
        case o.Dig(discount=d, compass_off=off):
            extra = [_("{travel} off").format(travel=travel(d))] if d.total else []
            if off:
                extra += [_("{n} compasses off a discovery").format(n=off)]
            if extra:
                return _("dig or discover ({discounts})").format(discounts=", ".join(extra))
            return _("dig or discover")
        case o.DigCampTwice():
            return _("dig at a camp, no travel; its effect twice")
        case o.Activate(where=where, l2_cost=l2, times=times):
            sites = either([_(WHERE_WORDS[w]) for w in where])
            used = (
                _("use {sites} (level II: {cost})").format(sites=sites, cost=res(l2))
                if any(l2)
                else _("use {sites}").format(sites=sites)
            )
            return _("{effect}, {n} different").format(effect=used, n=times) if times > 1 else used
        case o.ActivateTop(level=level):
            if level == 1:
                return _("use the top level-I site tile")
            return _("use the top level-II site tile")
        case o.Relocate(to=to):
            return _("move an archaeologist to {sites}").format(
                sites=either([_(WHERE_WORDS[w]) for w in to])
            )
        case o.Buy(kind=kind, discount=d):
            what = {"any": _("buy a card"), "item": _("buy an item")}.get(
                kind, _("buy an artifact")
            )
            return _("{buy} {n} cheaper").format(buy=what, n=d) if d else what
        case o.Reveal(kind=kind):
            return _("reveal the top item") if kind == "item" else _("reveal the top artifact")
        case o.Get(kind=kind, to=to, source=source):
            return _get(kind, to, source)
        case o.Research(token=token, free=free, discounts=discounts):
            what = {"any": _("glass or notebook"), "glass": _("glass")}.get(token, _("notebook"))
            if free:
                return _("research ({token}) free").format(token=what)
            offs = either([res(d) for d in discounts])
            if offs:
                return _("research ({token}), {discounts} off").format(token=what, discounts=offs)
            return _("research ({token})").format(token=what)
        case o.Overcome(where=where):
            if where == "mine":
                return _("overcome a guardian where you are")
            return _("overcome a guardian alone")
        case o.Recruit():
            return _("recruit an assistant")
        case o.Rescue():
            return _("rescue an assistant")
        case o.UpgradeAssistant():
            return _("upgrade an assistant")
        case o.Refresh(both=both):
            return _("refresh both assistants") if both else _("refresh an assistant")
        case o.SwapAssistant():
            return _("swap an assistant")
        case o.Borrow(level=level):
            if level == "gold":
                return _("use a supply assistant (gold)")
            return _("use a supply assistant (silver)")
        case o.Peek(end=end, least=least, most=most):
            if end == "top":
                text = _("look at {least}-{most} cards from the deck's top, keep 1")
            else:
                text = _("look at {least}-{most} cards from the deck's bottom, keep 1")
            return text.format(least=least, most=most)
        case o.ReturnArchaeologist():
            return _("an archaeologist comes home")
        case o.AllPlanes():
            return _("your travel icons are planes this round")
        case o.MoveGuardian():
            return _("move a guardian")
        case o.RowExile():
            return _("exile the farthest item")
        case o.NoGuardianFear():
            return _("no Fear for guardians this round")
        case o.Unslot():
            return _("an idol back from its slot")
        case o.TemplePick():
            return _("take a temple bonus tile")
    return type(op).__name__


def _get(kind: str, to: str, source: str) -> str:
    """``gain an item from the exile to hand``: a card gained, by where it comes from and goes."""
    exile = source == "exile"
    match kind, to:
        case "item", "hand":
            return _("gain an item from the exile to hand") if exile else _("gain an item to hand")
        case "item", "top":
            if exile:
                return _("gain an item from the exile on your deck")
            return _("gain an item on your deck")
        case "item", _:
            return _("gain an item from the exile") if exile else _("gain an item")
        case _, "hand":
            if exile:
                return _("gain an artifact from the exile to hand")
            return _("gain an artifact to hand")
        case _, "top":
            if exile:
                return _("gain an artifact from the exile on your deck")
            return _("gain an artifact on your deck")
    return _("gain an artifact from the exile") if exile else _("gain an artifact")


# --- components ---------------------------------------------------------------------------------


def card_line(card: str) -> str:
    """A hand card in a line: name, travel icons, effect (``free``: a free action)."""
    if card == HIDDEN:
        return _("a hidden card")
    info = C.card(card)
    if info.kind == "fear":
        return _("Fear · boot · no effect (-1 VP)")
    head = f"{card_name(card)} · {travel(info.travel)}"
    tags = _(" [free]") if info.free else ""
    tags += _(" [exiled after]") if info.exile_self else ""
    main = _(" (1 tablet, main)") if info.kind == "artifact" else ""
    return f"{head} · {effect(info.effect)}{main}{tags}"


def card_name(card: str) -> str:
    """A card's name in the reader's language (:mod:`core.games.arnak.card_names`: the
    rulebook's for the basic cards and Fear; each catalogue says where the others' come
    from)."""
    if card == HIDDEN:
        return _("a hidden card")
    return _(C.card(card).name)


def component(cid: str) -> str:
    """Any component by its name in the reader's language: a card by its own, the rest by
    kind and number (``guardian 3``)."""
    return _component(cid)


def price(card: str) -> str:
    """An item's price in coins, an artifact's in compasses."""
    coins, compasses = fx.price(card)
    return plural(coins, "coin") if coins else plural(compasses, "compass", "compasses")


def site_name(site: str) -> str:
    """The name players use for a place, as the map shows it and its key types it: ``C3`` ->
    ``camp 3``; ``L1.4`` -> ``site 1.4`` (level I, the 4th); ``L2.1`` -> ``site 2.1``."""
    if site.startswith("C"):
        return _("camp {n}").format(n=site[1:].split(".")[0])
    return _("site {n}").format(n=site[1:])


def space_name(space: str) -> str:
    """A camp's space says which of its two it is (the second costs 2 boots)."""
    if space.startswith("C") and space.endswith(".2"):
        return _("{site} (2nd space)").format(site=site_name(space))
    return site_name(space)


def site_effect(state: ArnakState, site: str) -> str:
    key = fx.site_program(state, fx.site_of(site))
    return effect(fx.program(key)) if key else _("undiscovered")


def guardian_line(gid: str) -> str:
    g = C.guardian(gid)
    return _("overcome: {cost} · boon: {boon}").format(cost=cost(g.cost), boon=effect(g.boon))


def assistant_line(aid: str, gold: bool) -> str:
    a = C.assistant(aid)
    said = effect(a.effect(gold))
    return _("{effect} (main action)").format(effect=said) if a.main else said


# --- the question on top ------------------------------------------------------------------------


def source(key: str, state: ArnakState | None = None) -> str:
    """A frame key in words: the card, site, assistant, idol or research row that asks (a
    site by the place it lies at, when ``state`` tells)."""
    base = key.split("/")[0]
    kind, _sep, rest = base.partition(":")
    if not rest:
        named = {"discover": _("Discovering"), "keep": _("Passing"), "slot": _("Idol slot")}
        named |= {"bonuspick": _("Research bonus"), "templepick": _("The temple")}
        if kind in named:
            return named[kind]
        return card_name(kind) if kind[:1] in "iafb" and _is_card(kind) else kind
    if kind == "site":
        placed = [
            space for space, tile in (state.site_tile if state else {}).items() if tile == rest
        ]
        if rest.startswith("c"):
            return _("Camp {n}").format(n=rest[1:])
        if placed:
            return _("Site {n}").format(n=placed[0][1:])
        if C.site(rest).level == 1:
            return _("A level-I site")
        return _("A level-II site")
    if kind == "asst":
        n = int(rest[1:3])
        if rest.endswith("g"):
            return _("Assistant {n} (gold)").format(n=n)
        return _("Assistant {n} (silver)").format(n=n)
    if kind == "boon":
        return _("Boon of {guardian}").format(guardian=_component(rest))
    if kind == "idol":
        return _("Idol")
    if kind == "bonus":
        return _("Bonus tile")
    if kind == "usenow":
        return _component(rest)
    if kind == "row":
        _side, token, row = rest.split(":")
        if token == "glass":
            return _("Research row {row} (glass)").format(row=row)
        if token == "notebook":
            return _("Research row {row} (notebook)").format(row=row)
        return _("Research row {row} ({token})").format(row=row, token=token)
    return base


def _is_card(cid: str) -> bool:
    try:
        C.card(cid)
    except KeyError:
        return False
    return True


def _component(cid: str) -> str:
    """A component by its name (a card's, or ``guardian 3``) in the reader's language."""
    if _is_card(cid):
        return card_name(cid)
    said = C.name(cid)
    if cid[:1] == "g" and cid[1:].isdigit():
        return _("guardian {n}").format(n=int(cid[1:]))
    return said


def _ask(state: ArnakState) -> tuple[object, object] | None:
    top = fx.current(state)
    return None if top is None else (top[0], top[1])


QUESTIONS: dict[type, str] = {
    o.Draw: N_("draw how many cards?"),
    o.Exile: N_("exile which card?"),
    o.Upgrade: N_("upgrade which resource?"),
    o.Choice: N_("which effect?"),
    o.PickDistinct: N_("pick an effect (each once)"),
    o.Dig: N_("dig or discover where?"),
    o.DigCampTwice: N_("dig at which camp?"),
    o.Activate: N_("use which site's effect?"),
    o.Relocate: N_("move which archaeologist where?"),
    o.Buy: N_("buy which card?"),
    o.Get: N_("take which card?"),
    o.Research: N_("research where?"),
    o.Overcome: N_("overcome which guardian?"),
    o.Recruit: N_("recruit from which stack?"),
    o.Rescue: N_("rescue which assistant?"),
    o.UpgradeAssistant: N_("upgrade which assistant?"),
    o.Refresh: N_("refresh which assistant?"),
    o.SwapAssistant: N_("swap which assistant for which?"),
    o.Borrow: N_("use which supply assistant?"),
    o.ReturnArchaeologist: N_("which archaeologist comes home?"),
    o.MoveGuardian: N_("move which guardian where?"),
    o.TemplePick: N_("take which temple bonus tile?"),
    fx.UseNow: N_("use its effect now (no tablet)?"),
    fx.KeepCards: N_("which cards go to the play area? (the rest stay in hand)"),
    fx.BonusPick: N_("take which bonus tile?"),
}


def question(state: ArnakState) -> str:
    """``Parrot: discard which card?`` — the source of the question on top, and the question."""
    top = fx.current(state)
    if top is None:
        return ""
    frame, op = top
    if isinstance(op, o.PayThen):
        if op.cost.down:
            ask = _("discard which card?")
        else:
            ask = _("pay {travel} how?").format(travel=travel(op.cost.travel))
    elif isinstance(op, o.Peek):
        stage = frame.ctx.get("aside")
        if stage == "keep":
            ask = _("keep which card in hand?")
        elif stage == "back":
            ask = _("put which card back on your deck?")
        elif op.end == "top":
            ask = _("look at how many cards from the top of your deck?")
        else:
            ask = _("look at how many cards from the bottom of your deck?")
    else:
        found = QUESTIONS.get(type(op))
        ask = _(found) if found else _("choose")
    return _("{source}: {question}").format(source=source(frame.key, state), question=ask)


def pay_words(value: str) -> str:
    """A travel payment ``b0fc+pilot`` in words."""
    if not value:
        return _("no travel to pay")
    words = []
    for part in value.split("+"):
        if part == "pilot":
            words.append(_("a plane for 2 coins"))
        else:
            words.append(f"{card_name(part)} ({travel(C.card(part).travel)})")
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
        return _("use it now") if value == "use" else _("not now")
    if value == fx.SKIP:
        return _("none (skip)")
    if isinstance(op, o.Draw | o.Peek) and value.isdigit():
        return plural(int(value), "card")
    if isinstance(op, o.Exile):
        return _("a Fear tile (-2 VP)") if value == "fear_tile" else card_line(value)
    if isinstance(op, o.Upgrade):
        if value == "T>A":
            return _("a tablet into an arrowhead")
        return _("an arrowhead into a jewel")
    if isinstance(op, o.PayThen):
        return card_line(value) if op.cost.down else pay_words(value)
    if isinstance(op, o.Choice | o.PickDistinct):
        return effect(op.options[int(value)])
    if isinstance(op, o.Dig | o.DigCampTwice):
        space, _sep, pay = value.partition("=")
        cheaper = op.compass_off if isinstance(op, o.Dig) else 0
        where = _place_words(state, space, cheaper)
        if pay:
            return _("{place} · pay {payment}").format(place=where, payment=pay_words(pay))
        return where
    if isinstance(op, o.Activate):
        return f"{site_name(value)}: {site_effect(state, value)}"
    if isinstance(op, o.Relocate | o.MoveGuardian):
        start, _sep, target = value.partition(">")
        return f"{site_name(start)} → {space_name(target)}: {site_effect(state, target)}"
    if isinstance(op, o.Buy | o.Get):
        info = C.card(value)
        return _("{card} ({price}, {vp} VP): {effect}").format(
            card=card_name(value), price=price(value), vp=info.vp, effect=effect(info.effect)
        )
    if isinstance(op, o.Research):
        token, _sep, rest = value.partition(">")
        to, _sep, k = rest.partition("#")
        said = research_words(state, token, to)
        if k:
            return _("{research} ({discount} off)").format(
                research=said, discount=res(op.discounts[int(k)])
            )
        return said
    if isinstance(op, o.Overcome):
        g = state.guardian.get(value)
        where = _("the guardian at {site}").format(site=site_name(value))
        return f"{where} · {guardian_line(g)}" if g else where
    if isinstance(op, o.Recruit | o.Borrow):
        stack = state.supply[int(value)]
        top_one = stack[0] if stack else HIDDEN
        gold = isinstance(op, o.Borrow) and op.level == "gold"
        return _("stack {n}: {assistant}").format(
            n=int(value) + 1, assistant=assistant_line(top_one, gold)
        )
    if isinstance(op, o.Rescue):
        return _("assistant {n}: {assistant}").format(
            n=int(value[1:]), assistant=assistant_line(value, False)
        )
    if isinstance(op, o.UpgradeAssistant | o.Refresh):
        if value == "all":
            return _("both assistants")
        helper = player.assistants[int(value)]
        return _("your assistant {n}: {assistant}").format(
            n=int(value) + 1, assistant=assistant_line(helper.id, helper.gold)
        )
    if isinstance(op, o.SwapAssistant):
        mine, _sep, pile = value.partition(">")
        new = state.supply[int(pile)][0]
        return _("your assistant {n} for stack {stack}'s ({assistant})").format(
            n=int(mine) + 1, stack=int(pile) + 1, assistant=_assistant_name(new)
        )
    if isinstance(op, o.ReturnArchaeologist):
        return _("the one at {site}").format(site=site_name(value))
    if isinstance(op, fx.KeepCards):
        return _("done: keep the rest in hand") if value == "keep" else card_line(value)
    if isinstance(op, fx.BonusPick) and value == ROW_FIRST:
        return _("first the row's effect ({effect}), then a tile").format(
            effect=effect(fx.program(frame.ctx["row"]))
        )
    if isinstance(op, o.TemplePick | fx.BonusPick):
        return _("a bonus tile: {effect}").format(effect=effect(C.bonus_tile(value).effect))
    return card_line(value) if value[:1] in "iafb" and value[1:2].isdigit() else value


def _assistant_name(aid: str) -> str:
    """``assistant 3`` (as :meth:`C.name` says it), in the reader's language."""
    said = C.name(aid)
    if aid[:1] == "h" and aid[1:].isdigit():
        return _("assistant {n}").format(n=int(aid[1:]))
    return said


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
        return _("discover {site} ({cost})").format(
            site=where, cost=plural(cost, "compass", "compasses")
        )
    return f"{where}: {site_effect(state, site)}"


def research_words(state: ArnakState, token: str, to: str) -> str:
    """``glass>5`` in words: where the token goes, what it costs and gives."""
    if to.startswith("t"):
        stack = side(state).temple_stacks[int(to[1:])]
        return _("a {vp}-VP temple tile for {cost}").format(vp=stack.vp, cost=cost(stack.cost))
    space = int(to)
    board = side(state)
    spot = board.research_space(space)
    row = board.row(spot.row) if spot.row <= len(board.rows) else None
    gives = effect(row.glass if token == "glass" else row.notebook) if row else _("the temple")
    said = {"row": spot.row, "space": space, "cost": cost(spot.cost), "gives": gives}
    if token == "glass":
        return _("glass to row {row} (space {space}) for {cost}: {gives}").format(**said)
    if token == "notebook":
        return _("notebook to row {row} (space {space}) for {cost}: {gives}").format(**said)
    return _("{token} to row {row} (space {space}) for {cost}: {gives}").format(token=token, **said)
