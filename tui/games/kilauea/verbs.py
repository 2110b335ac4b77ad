"""The verbs of a Kilauea turn (move the canoe, cut, build on the volcano or the island, use a
tile, end the turn) and the questions that complete each one, in words.

A question (:class:`Stage`) settles one field of the command (how far, which Tiki, which
colour, which tile, where its Tiki goes) and says each possible answer in a few words; which
answers are possible is read from the rules by :class:`tui.games.kilauea.turn.Turn`, which
imports this module: the words read only the state and the seat of a turn (:class:`Turn`).
"""

from __future__ import annotations

from typing import Protocol

from core.games.kilauea import commands as cmd
from core.games.kilauea import play, track
from core.games.kilauea.components import COMPONENTS, Area, Face
from core.games.kilauea.state import KilaueaState
from core.games.kilauea.transcript import canoe_space, face_text, sector
from core.games.kilauea.transcript import colour as tiki_colour
from core.language import N_, Translator
from tui.screens.choice_tree import Stage, Verb

T = Translator("kilauea")
_, ngettext = T.gettext, T.ngettext

C = COMPONENTS


class Turn(Protocol):
    """What the words of a question read of the turn that asks it."""

    state: KilaueaState
    seat: int | None


def followed_face(state: KilaueaState, c: cmd.UseTile) -> Face:
    """The face whose effect a tile use follows (the copied one for 3A/3B)."""
    face = state.face(c.tile)
    return state.face(c.copy) if face.copy and c.copy else face


def moved_colour(state: KilaueaState, c: cmd.UseTile) -> str:
    """The colour of the Tiki a tile use moves."""
    if c.colour:
        return c.colour
    return state.forests[c.sector].get(c.space, "") if c.space else ""


def stones(n: int) -> str:
    return ngettext("{n} Sacred Stone", "{n} Sacred Stones", n).format(n=n)


def few_stones(n: int) -> str:
    """``stones`` in a few words, for the choice lists."""
    return ngettext("{n} stone", "{n} stones", n).format(n=n)


def colour_word(name: str) -> str:
    """A colour alone ("red 3"), in the reader's language."""
    return tiki_colour(name, "colour")


# -- the words of each stage -----------------------------------------------------------------


def sector_name(k: int) -> str:
    """A sector's name ("?" for none)."""
    return sector(k)


def _draft_sector(turn: Turn, c: cmd.DraftTiki) -> str:
    column = turn.state.volcano[c.sector]
    heights = "  ".join(
        f"{colour_word(colour)} {h}" for colour, h in zip(C.colours, column, strict=True)
    )
    return f"{sector_name(c.sector)}: {heights}"


def _draft_colour(turn: Turn, c: cmd.DraftTiki) -> str:
    h = turn.state.height(c.sector, c.colour)
    return _("{colour} (the {sector} column goes from {h} to {lower})").format(
        colour=colour_word(c.colour), sector=sector_name(c.sector), h=h, lower=h - 1
    )


def _steps(turn: Turn, c: cmd.MoveCanoe) -> str:
    assert turn.seat is not None
    to = track.advance(turn.state.players, turn.state.canoe, c.steps)
    paid = max(0, c.steps - play.free_steps(turn.state, turn.seat))
    cost = _("pay {stones}").format(stones=few_stones(paid)) if paid else _("free")
    steps = ngettext("{n} space", "{n} spaces", c.steps).format(n=c.steps)
    return f"{steps} → {canoe_space(to)} · {cost}"


def _cut(turn: Turn, c: cmd.CutTiki) -> str:
    colour = turn.state.forests[c.forest].get(c.space, "?")
    return _("{colour} Tiki on {space}").format(colour=colour_word(colour), space=c.space)


def _build_volcano(turn: Turn, c: cmd.BuildOnVolcano) -> str:
    assert turn.seat is not None
    h = turn.state.height(c.sector, c.colour)
    gain = play.stones_after_volcano(turn.state, turn.seat)
    said = {"colour": colour_word(c.colour), "sector": sector_name(c.sector), "h": h, "up": h + 1}
    if gain:
        return _("{colour}: its column in {sector} {h} → {up}, take {stones}").format(
            stones=few_stones(gain), **said
        )
    return _("{colour}: its column in {sector} {h} → {up} (no stone to take)").format(**said)


def _build_island(turn: Turn, c: cmd.BuildOnIsland) -> str:
    return _("{colour} on your island in {sector}, pay {stones}").format(
        colour=colour_word(c.colour), sector=sector_name(c.sector), stones=few_stones(C.island_cost)
    )


def cost_text(cost: int) -> str:
    """`2 Sacred Stones` or `free`."""
    return f"{stones(cost)}" if cost else _("free")


def _tile(turn: Turn, c: cmd.UseTile) -> str:
    face = turn.state.face(c.tile)
    return f"{face.code} ({cost_text(face.cost)}): {face_text(face.code)}"


def _copy(turn: Turn, c: cmd.UseTile) -> str:
    face = turn.state.face(c.copy)
    extra = f"+{stones(face.cost)}" if face.cost else _("nothing more to pay")
    return f"{face.code} ({extra}): {face_text(face.code)}"


def _source_sector(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    area = effect.move[0] if effect.move else None
    state, seat = turn.state, turn.seat if turn.seat is not None else 0
    if area is Area.FOREST:
        found = state.accessible(c.sector)
        return _("the {sector} forest ({n} accessible)").format(
            sector=sector_name(c.sector), n=len(found)
        )
    if area is Area.VOLCANO:
        column = state.volcano[c.sector]
        heights = " ".join(f"{col[0].upper()}{h}" for col, h in zip(C.colours, column, strict=True))
        return _("the volcano's {sector} sector ({heights})").format(
            sector=sector_name(c.sector), heights=heights
        )
    if area is Area.ISLAND:
        tikis = " ".join(t[0].upper() for t in state.islands[seat][c.sector])
        return _("your island's {sector} column ({tikis})").format(
            sector=sector_name(c.sector), tikis=tikis
        )
    return _("your canoe")


def _source(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    area = effect.move[0] if effect.move else None
    if area is Area.FOREST:
        colour = turn.state.forests[c.sector].get(c.space, "?")
        return _("the {colour} Tiki on {space} of the {sector} forest").format(
            colour=colour_word(colour), space=c.space, sector=sector_name(c.sector)
        )
    if area is Area.VOLCANO:
        h = turn.state.height(c.sector, c.colour)
        return _("a {colour} Tiki from the volcano's {sector} column ({h} high)").format(
            colour=colour_word(c.colour), sector=sector_name(c.sector), h=h
        )
    if area is Area.ISLAND:
        return _("a {colour} Tiki from your island's {sector} column").format(
            colour=colour_word(c.colour), sector=sector_name(c.sector)
        )
    return _("a {colour} Tiki from your canoe").format(colour=colour_word(c.colour))


def _target(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    area = effect.move[1] if effect.move else None
    if area is Area.VOLCANO:
        colour = moved_colour(turn.state, c)
        h = turn.state.height(c.to, colour)
        return _("the volcano's {sector} sector ({colour} column {h} → {up})").format(
            sector=sector_name(c.to), colour=colour_word(colour), h=h, up=h + 1
        )
    if area is Area.ISLAND:
        return _("your island's {sector} column").format(sector=sector_name(c.to))
    return _("your canoe")


def _back(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    if effect.move and effect.move[0] is Area.FOREST:
        text = _("a {colour} Tiki from {sector} back to the {home} forest ({space})")
    else:
        text = _("a {colour} Tiki from {sector} back to the volcano's {home} sector")
    return text.format(
        colour=colour_word(c.back),
        sector=sector_name(c.to),
        home=sector_name(c.sector),
        space=c.space,
    )


DRAFT = Verb(
    "draft",
    "d",
    N_("Take a Tiki"),
    cmd.DraftTiki,
    (
        Stage(N_("Take a Tiki from which volcano sector?"), lambda c: c.sector, _draft_sector),
        Stage(N_("Which colour?"), lambda c: c.colour, _draft_colour),
    ),
    N_("Take a Tiki from the volcano into your canoe (before the first turn)"),
)
MOVE = Verb(
    "move",
    "m",
    N_("Move canoe"),
    cmd.MoveCanoe,
    (Stage(N_("Move the canoe how far clockwise?"), lambda c: c.steps, _steps),),
    N_("Move the canoe clockwise: choose how far (extra steps cost Sacred Stones)"),
)
CUT = Verb(
    "cut",
    "c",
    N_("Cut"),
    cmd.CutTiki,
    (Stage(N_("Cut which accessible Tiki?"), lambda c: c.space, _cut),),
    N_("Cut an accessible Tiki from the canoe's forest into your canoe (1 or 2 in a turn)"),
)
VOLCANO = Verb(
    "volcano",
    "v",
    N_("Build volcano"),
    cmd.BuildOnVolcano,
    (Stage(N_("Put which canoe Tiki on the volcano?"), lambda c: c.colour, _build_volcano),),
    N_("Put a canoe Tiki on its colour's column in the canoe's sector; take up to 3 stones"),
)
ISLAND = Verb(
    "island",
    "i",
    N_("Build island"),
    cmd.BuildOnIsland,
    (Stage(N_("Put which canoe Tiki on your island?"), lambda c: c.colour, _build_island),),
    N_("Pay 2 Sacred Stones: put a canoe Tiki on your island in the canoe's sector"),
)
TILE = Verb(
    "tile",
    "t",
    N_("Use tile"),
    cmd.UseTile,
    (
        Stage(
            N_("Use which action tile? (each once this turn)"),
            lambda c: c.tile,
            _tile,
            lambda turn, c: turn.state.face(c.tile).code,
        ),
        Stage(
            N_("Use which tile's effect?"),
            lambda c: c.copy,
            _copy,
            lambda turn, c: _("its {code}").format(code=turn.state.face(c.copy).code),
            blank=0,
        ),
        Stage(
            N_("Take a Tiki from where?"),
            lambda c: c.sector,
            _source_sector,
            lambda turn, c: sector_name(c.sector),
            blank=-1,  # from your canoe
        ),
        Stage(N_("Which Tiki?"), lambda c: (c.space, c.colour), _source),
        Stage(N_("Where does it go?"), lambda c: c.to, _target),
        Stage(N_("Which Tiki goes back?"), lambda c: c.back, _back, blank=""),
    ),
    N_("Use an action tile this turn earned: its cost, its effect, then its targets"),
)
END = Verb(
    "end_turn",
    "e",
    N_("End turn"),
    cmd.EndTurn,
    (),
    N_("End the turn (unused tiles are lost); with no main action possible, pass"),
)
VERBS = (DRAFT, MOVE, CUT, VOLCANO, ISLAND, TILE, END)
VERB = {verb.action: verb for verb in VERBS}
