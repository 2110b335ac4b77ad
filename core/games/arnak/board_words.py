"""What a player plans with, in words: each guardian's cost and boon, each research row's cost,
effects and points, a card of the row or of a hand in one line, what a camp, a site or an idol
gives, and the names players use for the places (camp 2, site 1.3, row 4).

Each comes in full words (:mod:`.words`) and in the board's shorthand for narrow panels: the
same words with each resource as a short word (``+2 comp`` two compasses, never a letter: a box
player reads a German "M" as coins) and a few long phrases cut (:func:`short`); :func:`shorthand`
explains every shorthand a table shows. All of it in the reader's language: each shorthand word
is a catalogue entry (``msgctxt "board shorthand"``), and each phrase cut is found as the words'
own entry says it. Shared by the terminal's table, the line mode's ``look`` and anyone who
shows the board to a person.
"""

from __future__ import annotations

import re
from string import Formatter

from core.games.arnak import ops as o
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.components import Side
from core.games.arnak.state import HIDDEN, ArnakState
from core.language import N_, Translator, current

T = Translator("arnak")
_ = T.gettext

MEANINGS: tuple[tuple[str, str], ...] = (
    ("resources", N_("coins, compasses, tablets, arrowheads, jewels (2 comp: two)")),
    ("travel", N_("travel icons (2ship: two ships)")),
    ("vp", N_("victory points")),
    ("● ○", N_("a player's magnifying glass and notebook (R● Red's glass)")),
    ("[R ]", N_("an archaeologist of Red's on a space")),
    ("[XX]", N_("a camp space under a blocking tile")),
    ("idol", N_("an undiscovered site and its face-up idol (+?: a face-down idol too)")),
    (
        "codes",
        N_(
            "an idol's or a bonus tile's effect: exile a card, upgrade (tablet→arrowhead or "
            "arrowhead→jewel), refresh an assistant, draw 1 (or +1 of a resource: coin, comp…)"
        ),
    ),
    ("guardian", N_("a guardian: what overcoming it costs → its boon")),
    ("bonus", N_("a research space's bonus tile ([2] on the temple: two face down)")),
    ("discard", N_("discard a hand card (it goes to your play area unused), then +1 jewel")),
    ("2×2", N_("temple tiles: 2 VP, 2 left")),
    ("fear", N_("take a Fear card")),
    ("assistants", N_("assistants: 12 gold, 8 silver (✗ used this round)")),
    ("guardians", N_("a player's guardians by their boon (○ unused, ✓ used)")),
    ("5/2/3", N_("cards in a player's deck / hand / play area")),
    ("overcome", N_("(research row 7) overcome a guardian where you are")),
    ("◆ ◇", N_("an idol slot filled, empty")),
    ("✓ ○", N_("a guardian's boon used, unused")),
    ("☾", N_("the moon staff: artifacts (compasses) left of it, items (coins) right")),
    ("free", N_("a free action (an artifact costs 1 tablet to play: a main action)")),
    ("G", N_("(80×24 map) a guardian waits at this site (m shows its cost and boon)")),
    ("▶", N_("what the highlighted answer points at (map, track, row)")),
    ("▸", N_("the player to act; the details of the highlighted answer")),
)
"""Every shorthand the Arnak table leaves on screen and what it means: each sign by its key
(a sign itself where it has no words: ``[R ]``; :func:`shorthand` shows them)."""


def res_words() -> tuple[str, ...]:
    """Each resource in the fewest letters a box player still reads as it (``coin comp tablet
    arrow jewel``: a word each, never a letter), in the order of ``Res``."""
    return (
        # TRANSLATORS: the board's shorthand for coins (a short word, never one letter)
        T.pgettext("board shorthand", "coin"),
        # TRANSLATORS: the board's shorthand for compasses
        T.pgettext("board shorthand", "comp"),
        # TRANSLATORS: the board's shorthand for tablets
        T.pgettext("board shorthand", "tablet"),
        # TRANSLATORS: the board's shorthand for arrowheads
        T.pgettext("board shorthand", "arrow"),
        # TRANSLATORS: the board's shorthand for jewels
        T.pgettext("board shorthand", "jewel"),
    )


def codes() -> dict[str, str]:
    """The codes of an idol's or a bonus tile's effect (``ex`` exile a card, ``up`` upgrade,
    ``rf`` refresh an assistant, ``dr`` draw 1) in the reader's language."""
    return {
        # TRANSLATORS: the board's shorthand for "exile a card" (2-3 letters)
        "ex": T.pgettext("board shorthand", "ex"),
        # TRANSLATORS: the board's shorthand for "upgrade" (2-3 letters)
        "up": T.pgettext("board shorthand", "up"),
        # TRANSLATORS: the board's shorthand for "refresh an assistant" (2-3 letters)
        "rf": T.pgettext("board shorthand", "rf"),
        # TRANSLATORS: the board's shorthand for "draw 1" (2-3 letters)
        "dr": T.pgettext("board shorthand", "dr"),
    }


def shorthand() -> dict[str, str]:
    """Every shorthand the Arnak table leaves on screen and what it means, in the reader's
    language: each sign as the table shows it (``coin comp tablet arrow jewel``, ``G:4
    coin→up``), each explained."""
    coin, jewel = res_words()[0], res_words()[4]
    code = codes()
    car = W.travel_word("car")
    signs = {
        "resources": " ".join(res_words()),
        "travel": " ".join(W.travel_word(t) for t in o.TRAVEL_WORDS),
        "vp": T.pgettext("board shorthand", "VP"),
        "idol": f"?{coin}",
        "codes": " ".join(code.values()),
        "guardian": T.pgettext("board shorthand", "G:{cost}→{boon}").format(
            cost=f"4 {coin}", boon=code["up"]
        ),
        "bonus": f"[{code['up']}]",
        "discard": f"{T.pgettext('board shorthand', 'discard→')}+1 {jewel}",
        "fear": T.pgettext("board shorthand", "+Fear card"),
        "assistants": T.pgettext("board shorthand", "asst {list}").format(
            list=" ".join(
                [
                    T.pgettext("board shorthand", "{n}g").format(n=12),
                    T.pgettext("board shorthand", "{n}s").format(n=8) + "✗",
                ]
            )
        ),
        "guardians": T.pgettext("board shorthand", "guard {boons}").format(boons=f"○+{car}"),
        "overcome": T.pgettext("board shorthand", "overcome a guardian"),
        "free": T.pgettext("board shorthand", "(free)"),
        "G": T.pgettext("board shorthand", "G"),
    }
    return {signs.get(key, key): _(meaning) for key, meaning in MEANINGS}


def legend() -> str:
    """Every shorthand the table leaves on screen, explained, in a line."""
    return " · ".join(f"{short} {meaning}" for short, meaning in shorthand().items())


Cut = tuple[re.Pattern[str], str]
_SPOKEN: dict[str, tuple[list[Cut], list[Cut], list[tuple[str, str]]]] = {}


def _template(long: str, cut: str) -> Cut:
    """A phrase with placeholders (``+{travel} in diesem Zug``) as a pattern that finds it in
    a text, and its cut as the replacement (``+\\g<travel>``)."""
    pattern = ""
    for literal, name, _spec, _conv in Formatter().parse(long):
        pattern += re.escape(literal)
        if name:
            pattern += rf"(?P<{name}>[^;·()]+?)"
    if long.endswith("}"):
        pattern += r"(?=;|·|\)|$)"
    replace = ""
    for literal, name, _spec, _conv in Formatter().parse(cut):
        replace += literal.replace("\\", "\\\\")
        if name:
            replace += rf"\g<{name}>"
    return re.compile(pattern), replace


def _cuts() -> tuple[list[Cut], list[Cut], list[tuple[str, str]]]:
    """The board's shorthand in the reader's language: each resource's counted forms and
    their short word (``2 compasses`` -> ``2 comp``), the phrases with placeholders cut, and
    the phrases cut, in order, each as the words' catalogue says it (:mod:`.words`) and as
    the shorthand cuts it."""
    code = current()
    found = _SPOKEN.get(code)
    if found is not None:
        return found
    amounts = []
    for (one, many), word in zip(W.RES_WORDS, res_words(), strict=True):
        forms = {W.plural(n, one, many) for n in (1, 2, 5, 21, 1_000_000)}
        counted = {f.replace(str(n), "{n}", 1) for f, n in _counted(forms)}
        for form in sorted(counted, key=len, reverse=True):
            pattern = re.escape(form).replace(re.escape("{n}"), r"(\d+)")
            amounts.append((re.compile(rf"(?<!\w){pattern}(?!\w)"), rf"\1 {word}"))
    templates = [
        _template(_("+{travel} this turn"), T.pgettext("board shorthand", "+{travel}")),
        _template(
            _("move an archaeologist to {sites}"),
            T.pgettext("board shorthand", "move archaeologist to {sites}"),
        ),
        _template(
            _("look at {least}-{most} cards from the deck's top, keep 1"),
            T.pgettext("board shorthand", "see {least}-{most} cards from the deck's top, keep 1"),
        ),
        _template(
            _("look at {least}-{most} cards from the deck's bottom, keep 1"),
            T.pgettext(
                "board shorthand", "see {least}-{most} cards from the deck's bottom, keep 1"
            ),
        ),
    ]
    phrases = [
        (_(" (1 tablet, main)"), T.pgettext("board shorthand", " (tablet, main)")),
        (
            _(" (pay 1 tablet to play; main action)"),
            T.pgettext("board shorthand", " (tablet, main)"),
        ),
        (_("an archaeologist comes home"), T.pgettext("board shorthand", "archaeologist home")),
        (
            _("your travel icons are planes this round"),
            T.pgettext("board shorthand", "travel icons = planes"),
        ),
        (
            _("use a supply assistant (gold)"),
            T.pgettext("board shorthand", "supply assistant (gold)"),
        ),
        (
            _("use a supply assistant (silver)"),
            T.pgettext("board shorthand", "supply assistant (silver)"),
        ),
        (_(" (exiled after)"), T.pgettext("board shorthand", " (exiled)")),
        (_("buy an artifact"), T.pgettext("board shorthand", "buy artifact")),
        (_("buy an item"), T.pgettext("board shorthand", "buy item")),
        (
            _("research ({token}) free").format(token=_("notebook")),
            T.pgettext("board shorthand", "○ research free"),
        ),
        (
            _("research ({token}) free").format(token=_("glass")),
            T.pgettext("board shorthand", "● research free"),
        ),
        (_("glass or notebook"), T.pgettext("board shorthand", "● or ○")),
        (_("discard a card") + " → ", T.pgettext("board shorthand", "discard→")),
        (_("dig or discover"), T.pgettext("board shorthand", "dig")),
        (
            _("upgrade tablet→arrowhead or arrowhead→jewel"),
            T.pgettext("board shorthand", "upgrade tablet→arrow or arrow→jewel"),
        ),
        (
            _("overcome a guardian where you are"),
            T.pgettext("board shorthand", "overcome a guardian here"),
        ),
        (_("recruit an assistant"), T.pgettext("board shorthand", "recruit assistant")),
        (_("upgrade an assistant"), T.pgettext("board shorthand", "upgrade assistant")),
        (_("refresh an assistant"), T.pgettext("board shorthand", "refresh assistant")),
        (_("rescue an assistant"), T.pgettext("board shorthand", "rescue assistant")),
        (_("swap an assistant"), T.pgettext("board shorthand", "swap assistant")),
        (_("gain an artifact"), T.pgettext("board shorthand", "+artifact")),
        (_("gain an item"), T.pgettext("board shorthand", "+item")),
        (_("take a Fear card"), T.pgettext("board shorthand", "+Fear card")),
        (_("exile a card"), T.pgettext("board shorthand", "exile")),
    ]
    found = (amounts, templates, phrases)
    _SPOKEN[code] = found
    return found


def _counted(forms: set[str]) -> list[tuple[str, int]]:
    """Each counted form with the number it was said for (``2 Münzen``, 2)."""
    out = []
    for form in forms:
        number = re.search(r"\d+", form)
        if number is not None:
            out.append((form, int(number.group())))
    return out


def res_short(res: tuple[int, ...], sep: str = "+") -> str:
    """A bundle of resources in the board's shorthand: ``(1, 0, 1, 1, 0)`` ->
    ``coin+tablet+arrow``, ``(0, 0, 2, 1, 0)`` -> ``2 tablet+arrow`` (``free`` for none)."""
    parts = [f"{n} {w}" if n > 1 else w for n, w in zip(res, res_words(), strict=True) if n]
    return sep.join(parts) or _("free")


def short(text: str) -> str:
    """Worded effects or costs in the board's shorthand: ``+1 coin, 2 compasses`` -> ``+1 coin
    2 comp``, a few long phrases cut (``exile a card`` -> ``exile``), in the reader's
    language."""
    amounts, templates, phrases = _cuts()
    words = "|".join(re.escape(w) for w in res_words())
    out = text
    for long, cut in phrases:  # whole phrases first: some count a resource ("1 tablet")
        out = out.replace(long, cut)
    for pattern, replace in templates:
        out = pattern.sub(replace, out)
    for pattern, replace in amounts:
        out = pattern.sub(replace, out)
    return re.sub(rf"(?<!\w)({words}), (?=\d+ (?:{words})(?!\w))", r"\1 ", out)


# --- places --------------------------------------------------------------------------------------


def place(space: str) -> str:
    """The name a player uses for a place and types as its key: ``camp 2``, ``site 1.3``."""
    return W.site_name(space)


def place_key(space: str) -> str:
    """The key of a place in a list of places: ``2`` for camp 2, ``1.3`` for site 1.3."""
    if space.startswith("C"):
        return space[1:].split(".")[0]
    return space[1:]


# --- components ----------------------------------------------------------------------------------


def guardian(gid: str) -> str:
    """``pay 1 coin, 1 compass, 1 arrowhead · boon: +ship this turn``."""
    g = C.guardian(gid)
    return _("overcome for {cost} · boon: {boon}").format(cost=cost(g.cost), boon=W.effect(g.boon))


def guardian_short(gid: str) -> str:
    """``M C A → boon +ship``: a guardian in the board's shorthand."""
    g = C.guardian(gid)
    return T.pgettext("board shorthand", "{cost} → boon {boon}").format(
        cost=short(W.cost(g.cost)), boon=short(W.effect(g.boon))
    )


def boon_codes() -> dict[str, str]:
    """A guardian's boon, as the words say it, by its code (:func:`codes`): ``exile a card``
    ``ex``."""
    code = codes()
    return {
        _("exile a card"): code["ex"],
        _("draw {n}").format(n=1): code["dr"],
        _("upgrade tablet→arrowhead or arrowhead→jewel"): code["up"],
    }


def guardian_code(gid: str) -> str:
    """``G:4 coin→up``: a guardian's cost and boon in the narrowest shorthand (its boon by the
    codes of :func:`shorthand`)."""
    g = C.guardian(gid)
    said = W.effect(g.boon)
    cost = g.cost
    discard = T.pgettext("board shorthand", "discard")
    parts = [discard] * cost.down + ([travel_short(cost.travel)] if cost.travel.total else [])
    parts += [res_short(cost.res)] if any(cost.res) else []
    boon = boon_codes().get(said, short(said)).replace(" ", "")
    return T.pgettext("board shorthand", "G:{cost}→{boon}").format(cost="+".join(parts), boon=boon)


def boon(gid: str) -> str:
    return W.effect(C.guardian(gid).boon)


def idol(iid: str) -> str:
    """What an idol tile gives when its site is discovered."""
    return W.effect(C.idol(iid).reward)


def site_tile(tile: str) -> str:
    """What a camp or site tile gives when an archaeologist digs there."""
    return W.effect(C.site(tile).effect)


def card(cid: str) -> str:
    """A card in a line: ``Axe (2 coins, 2 VP, ship): exile a card; +1 compass``; an artifact
    costs a tablet to play, a free card is marked (free)."""
    if cid == HIDDEN:
        return _("a hidden card")
    info = C.card(cid)
    if info.kind == "fear":
        return _("Fear (boot, -1 VP): no effect")
    said = {"card": W.card_name(cid), "travel": W.travel(info.travel), "effect": effect_of(cid)}
    if info.kind in ("item", "artifact"):
        if info.vp:
            return _("{card} ({price}, {vp} VP, {travel}): {effect}").format(
                price=W.price(cid), vp=info.vp, **said
            )
        return _("{card} ({price}, {travel}): {effect}").format(price=W.price(cid), **said)
    if info.vp:
        return _("{card} ({vp} VP, {travel}): {effect}").format(vp=info.vp, **said)
    return _("{card} ({travel}): {effect}").format(**said)


def effect_of(cid: str) -> str:
    """A card's effect with what playing it costs or how it counts (main, free, exiled)."""
    info = C.card(cid)
    if info.kind == "fear":
        return _("no effect")
    tags = ""
    if info.kind == "artifact":
        tags += _(" (pay 1 tablet to play; main action)")
    elif info.free:
        tags += _(" (free)")
    if info.exile_self:
        tags += _(" (exiled after)")
    return W.effect(info.effect) + tags


def card_short(cid: str) -> str:
    """A card in the board's shorthand: ``2 coins, 2 VP, ship: exile; +1 comp``."""
    if cid == HIDDEN:
        return "?"
    info = C.card(cid)
    if info.kind in ("fear", "basic"):
        return f"{W.card_name(cid)} {W.travel(info.travel)}: {short(effect_of(cid))}"
    tags = _(" (free)") if info.free else ""
    return (
        _("{price}, {vp} VP, {travel}: {effect}").format(
            price=W.price(cid),
            vp=info.vp,
            travel=W.travel(info.travel),
            effect=short(W.effect(info.effect)),
        )
        + tags
    )


# --- the research track --------------------------------------------------------------------------


def cost(c: o.Cost) -> str:
    """A cost with ``+`` between its parts (``1 coin + 2 tablets``), to list several with
    ``or`` or commas between them."""
    return W.cost(c).replace(", ", " + ")


def row_cost(board: Side, row: int) -> str:
    """What moving into a row costs (each of its spaces, ``or`` between them)."""
    costs = [cost(s.cost) for s in board.research if s.row == row]
    return W.either(list(dict.fromkeys(costs)))


def research_row(board: Side, row: int) -> str:
    """``row 3: 2 tablets or 1 arrowhead · glass +1 compass, 4 VP · notebook upgrade an
    assistant, 2 VP`` (the rows numbered as the board and every question count them)."""
    info = board.row(row)
    return _(
        "row {row}: {cost} · glass {glass}, {glass_vp} VP · notebook {notebook}, {notebook_vp} VP"
    ).format(
        row=row,
        cost=row_cost(board, row),
        glass=W.effect(info.glass),
        glass_vp=info.glass_vp,
        notebook=W.effect(info.notebook),
        notebook_vp=info.notebook_vp,
    )


def temple(board: Side) -> str:
    """The Lost Temple: the glass only; its tiles' costs and points."""
    tiles = ", ".join(
        _("{vp} VP for {cost}").format(vp=t.vp, cost=cost(t.cost)) for t in board.temple_stacks
    )
    return _("temple (glass only): {cost}; its tiles {tiles}").format(
        cost=cost(board.research_space(14).cost), tiles=tiles
    )


def research_space_name(board: Side, space: int) -> str:
    """``row 3`` (``the temple``, ``the start``): how a research space is named."""
    if space == 0:
        return T.pgettext("research space", "the start")
    spot = board.research_space(space)
    if spot.row > len(board.rows):
        return T.pgettext("research space", "the temple")
    return _("row {n}").format(n=spot.row)


def site(state: ArnakState, names: tuple[str, ...] | list[str], space: str) -> str:
    """Everything about a place in a sentence: its travel, what it gives (or its idol and the
    compasses to discover it), its guardian's cost and boon, who is there."""
    board = W.side(state)
    here = space if space.startswith("L") or "." in space else f"{space}.1"
    travel = W.travel(board.space(here).travel)
    name = place(space)
    if space.startswith("C"):
        camp = space.split(".")[0]
        spaces = [s for s in (f"{camp}.1", f"{camp}.2") if s not in state.blocked]
        who = [names[seat] for s in spaces if (seat := state.occupant.get(s)) is not None]
        gives = site_tile("c" + camp[1:])
        there = _(" · there: {players}").format(players=", ".join(who)) if who else ""
        return (
            _("{camp} (a boot; its 2nd space 2 boots): {gives}").format(camp=name, gives=gives)
            + there
        )
    tile = state.site_tile.get(space)
    seat = state.occupant.get(space)
    there = _(" · there: {players}").format(players=names[seat]) if seat is not None else ""
    if tile is None:
        level = int(space[1])
        face_up = state.idol_up.get(space)
        cost = W.plural(C.rules.discover_cost[level].C, "compass", "compasses")
        said = {"site": name, "travel": travel, "cost": cost}
        if face_up and face_up != HIDDEN:
            said["idol"] = idol(face_up)
            if state.idol_down.get(space):
                text = _(
                    "{site} ({travel}): undiscovered, {cost} to discover; idol {idol} and a "
                    "face-down idol"
                )
            else:
                text = _("{site} ({travel}): undiscovered, {cost} to discover; idol {idol}")
        elif state.idol_down.get(space):
            text = _(
                "{site} ({travel}): undiscovered, {cost} to discover; an idol and a face-down idol"
            )
        else:
            text = _("{site} ({travel}): undiscovered, {cost} to discover; an idol")
        return text.format(**said) + there
    out = f"{name} ({travel}): {site_tile(tile)}"
    g = state.guardian.get(space)
    if g:
        out += _(" · guardian: {guardian}").format(guardian=guardian(g))
    return out + there


_PRINTED = re.compile(r"\+(\d*)([MCTAJ])\b")  # +2M in the data: two coins


def tile_short(text: str) -> str:
    """An idol's or a bonus tile's effect as printed in the data (``+M``, ``exile``,
    ``draw(1)``), for the narrowest panels: ``+1 coin``, ``exile``, ``draw 1``."""
    words = res_words()
    text = _PRINTED.sub(lambda m: f"+{m[1] or 1} {words[o.RESOURCE_LETTERS.index(m[2])]}", text)
    text = text.replace("down -> ", T.pgettext("board shorthand", "discard→")).replace(" -> ", "→")
    text = text.replace("draw(1)", _("draw {n}").format(n=1)).replace("; ", " ")
    for word, said in (  # the data's own words
        ("exile", T.pgettext("board shorthand", "exile")),
        ("upgrade", T.pgettext("board shorthand", "upgrade")),
        ("refresh", T.pgettext("board shorthand", "refresh")),
    ):
        text = text.replace(word, said)
    return text


def travel_short(travel: o.Travel) -> str:
    """``2ship``, ``car ship``: travel icons without spaces inside a count."""
    return " ".join(
        f"{n if n > 1 else ''}{W.travel_word(w)}"
        for w, n in zip(o.TRAVEL_WORDS, travel, strict=True)
        if n
    ) or _("no travel")
