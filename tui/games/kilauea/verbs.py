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
from tui.screens.choice_tree import Stage, Verb

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
    return f"{n} Sacred Stone{'' if n == 1 else 's'}"


def few_stones(n: int) -> str:
    """``stones`` in a few words, for the choice lists."""
    return f"{n} stone{'' if n == 1 else 's'}"


# -- the words of each stage -----------------------------------------------------------------


def sector_name(k: int) -> str:
    """A sector's name ("?" for none)."""
    return C.sectors[k] if 0 <= k < len(C.sectors) else "?"


def _draft_sector(turn: Turn, c: cmd.DraftTiki) -> str:
    column = turn.state.volcano[c.sector]
    heights = "  ".join(f"{colour} {h}" for colour, h in zip(C.colours, column, strict=True))
    return f"{sector_name(c.sector)}: {heights}"


def _draft_colour(turn: Turn, c: cmd.DraftTiki) -> str:
    h = turn.state.height(c.sector, c.colour)
    return f"{c.colour} (the {sector_name(c.sector)} column goes from {h} to {h - 1})"


def _steps(turn: Turn, c: cmd.MoveCanoe) -> str:
    assert turn.seat is not None
    to = track.advance(turn.state.players, turn.state.canoe, c.steps)
    paid = max(0, c.steps - play.free_steps(turn.state, turn.seat))
    cost = f"pay {few_stones(paid)}" if paid else "free"
    plural = "" if c.steps == 1 else "s"
    return f"{c.steps} space{plural} → {track.name(to)} · {cost}"


def _cut(turn: Turn, c: cmd.CutTiki) -> str:
    colour = turn.state.forests[c.forest].get(c.space, "?")
    return f"{colour} Tiki on {c.space}"


def _build_volcano(turn: Turn, c: cmd.BuildOnVolcano) -> str:
    assert turn.seat is not None
    h = turn.state.height(c.sector, c.colour)
    gain = play.stones_after_volcano(turn.state, turn.seat)
    take = f", take {few_stones(gain)}" if gain else " (no stone to take)"
    return f"{c.colour}: its column in {sector_name(c.sector)} {h} → {h + 1}{take}"


def _build_island(turn: Turn, c: cmd.BuildOnIsland) -> str:
    return f"{c.colour} on your island in {sector_name(c.sector)}, pay {few_stones(C.island_cost)}"


def cost_text(cost: int) -> str:
    """`2 Sacred Stones` or `free`."""
    return f"{stones(cost)}" if cost else "free"


def _tile(turn: Turn, c: cmd.UseTile) -> str:
    face = turn.state.face(c.tile)
    return f"{face.code} ({cost_text(face.cost)}): {face.text}"


def _copy(turn: Turn, c: cmd.UseTile) -> str:
    face = turn.state.face(c.copy)
    extra = f"+{stones(face.cost)}" if face.cost else "nothing more to pay"
    return f"{face.code} ({extra}): {face.text}"


def _source_sector(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    area = effect.move[0] if effect.move else None
    state, seat = turn.state, turn.seat if turn.seat is not None else 0
    if area is Area.FOREST:
        found = state.accessible(c.sector)
        return f"the {sector_name(c.sector)} forest ({len(found)} accessible)"
    if area is Area.VOLCANO:
        column = state.volcano[c.sector]
        heights = " ".join(f"{col[0].upper()}{h}" for col, h in zip(C.colours, column, strict=True))
        return f"the volcano's {sector_name(c.sector)} sector ({heights})"
    if area is Area.ISLAND:
        tikis = " ".join(t[0].upper() for t in state.islands[seat][c.sector])
        return f"your island's {sector_name(c.sector)} column ({tikis})"
    return "your canoe"


def _source(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    area = effect.move[0] if effect.move else None
    if area is Area.FOREST:
        colour = turn.state.forests[c.sector].get(c.space, "?")
        return f"the {colour} Tiki on {c.space} of the {sector_name(c.sector)} forest"
    if area is Area.VOLCANO:
        h = turn.state.height(c.sector, c.colour)
        return f"a {c.colour} Tiki from the volcano's {sector_name(c.sector)} column ({h} high)"
    if area is Area.ISLAND:
        return f"a {c.colour} Tiki from your island's {sector_name(c.sector)} column"
    return f"a {c.colour} Tiki from your canoe"


def _target(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    area = effect.move[1] if effect.move else None
    if area is Area.VOLCANO:
        colour = moved_colour(turn.state, c)
        h = turn.state.height(c.to, colour)
        return f"the volcano's {sector_name(c.to)} sector ({colour} column {h} → {h + 1})"
    if area is Area.ISLAND:
        return f"your island's {sector_name(c.to)} column"
    return "your canoe"


def _back(turn: Turn, c: cmd.UseTile) -> str:
    effect = followed_face(turn.state, c)
    if effect.move and effect.move[0] is Area.FOREST:
        home = f"the {sector_name(c.sector)} forest ({c.space})"
    else:
        home = f"the volcano's {sector_name(c.sector)} sector"
    return f"a {c.back} Tiki from {sector_name(c.to)} back to {home}"


DRAFT = Verb(
    "draft",
    "d",
    "Take a Tiki",
    cmd.DraftTiki,
    (
        Stage("Take a Tiki from which volcano sector?", lambda c: c.sector, _draft_sector),
        Stage("Which colour?", lambda c: c.colour, _draft_colour),
    ),
    "Take a Tiki from the volcano into your canoe (before the first turn)",
)
MOVE = Verb(
    "move",
    "m",
    "Move canoe",
    cmd.MoveCanoe,
    (Stage("Move the canoe how far clockwise?", lambda c: c.steps, _steps),),
    "Move the canoe clockwise: choose how far (extra steps cost Sacred Stones)",
)
CUT = Verb(
    "cut",
    "c",
    "Cut",
    cmd.CutTiki,
    (Stage("Cut which accessible Tiki?", lambda c: c.space, _cut),),
    "Cut an accessible Tiki from the canoe's forest into your canoe (1 or 2 in a turn)",
)
VOLCANO = Verb(
    "volcano",
    "v",
    "Build volcano",
    cmd.BuildOnVolcano,
    (Stage("Put which canoe Tiki on the volcano?", lambda c: c.colour, _build_volcano),),
    "Put a canoe Tiki on its colour's column in the canoe's sector; take up to 3 stones",
)
ISLAND = Verb(
    "island",
    "i",
    "Build island",
    cmd.BuildOnIsland,
    (Stage("Put which canoe Tiki on your island?", lambda c: c.colour, _build_island),),
    "Pay 2 Sacred Stones: put a canoe Tiki on your island in the canoe's sector",
)
TILE = Verb(
    "tile",
    "t",
    "Use tile",
    cmd.UseTile,
    (
        Stage(
            "Use which action tile? (each once this turn)",
            lambda c: c.tile,
            _tile,
            lambda turn, c: turn.state.face(c.tile).code,
        ),
        Stage(
            "Use which tile's effect?",
            lambda c: c.copy,
            _copy,
            lambda turn, c: f"its {turn.state.face(c.copy).code}",
            blank=0,
        ),
        Stage(
            "Take a Tiki from where?",
            lambda c: c.sector,
            _source_sector,
            lambda turn, c: sector_name(c.sector),
            blank=-1,  # from your canoe
        ),
        Stage("Which Tiki?", lambda c: (c.space, c.colour), _source),
        Stage("Where does it go?", lambda c: c.to, _target),
        Stage("Which Tiki goes back?", lambda c: c.back, _back, blank=""),
    ),
    "Use an action tile this turn earned: its cost, its effect, then its targets",
)
END = Verb(
    "end_turn",
    "e",
    "End turn",
    cmd.EndTurn,
    (),
    "End the turn (unused tiles are lost); with no main action possible, pass",
)
VERBS = (DRAFT, MOVE, CUT, VOLCANO, ISLAND, TILE, END)
VERB = {verb.action: verb for verb in VERBS}
