"""Plain sentences for the event log and the text export ("Red cut a red Tiki from the orchid
forest (m2)"). Every event carries what its sentence needs: ``describe`` sees no state."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.kilauea import events as ev
from core.games.kilauea import track
from core.games.kilauea.components import COMPONENTS, Area
from core.games.kilauea.state import Place
from core.messages import Event
from core.transcript import Sentences, Who, describe_with

C = COMPONENTS
ORDINALS = ("first", "second", "third", "fourth", "fifth")
REASONS = {"forests": "a third forest is empty", "turn_limit": "the turn limit is reached"}


def stones(n: int) -> str:
    return f"{n} Sacred Stone{'' if n == 1 else 's'}"


def place_text(place: Place, whose: str) -> str:
    sector = C.sectors[place.sector] if 0 <= place.sector < len(C.sectors) else "?"
    if place.area == Area.FOREST:
        return f"the {sector} forest ({place.space})"
    if place.area == Area.VOLCANO:
        return f"the volcano ({sector})"
    if place.area == Area.ISLAND:
        return f"{whose} island ({sector})"
    return f"{whose} canoe"


def face_text(code: str) -> str:
    """``"7B"`` -> its rule text."""
    number, side = int(code[:-1]), code[-1]
    return C.face(number, side).text


def describe(event: Event, names: Sequence[str]) -> str:
    return describe_with(_SENTENCES, event, names)


def _forests_laid(e: ev.ForestsLaid, who: Who) -> str:
    laid = [
        f"{C.sectors[k]} board {b + 1} ({C.boards[b]['AB'.index(side)]})"
        for k, (b, side) in enumerate(zip(e.boards, e.sides, strict=True))
    ]
    return "Forests laid: " + ", ".join(laid)


def _tile_used(e: ev.TileUsed, who: Who) -> str:
    paid = f", paying {stones(e.paid)}" if e.paid else ""
    if e.copy:
        return f"{who(e.seat)} used {e.face} to use {e.effect}{paid}: {face_text(e.effect)}"
    return f"{who(e.seat)} used {e.face}{paid}: {face_text(e.effect)}"


def _tiki_moved(e: ev.TikiMoved, who: Who) -> str:
    whose = f"{who(e.seat)}'s"
    return (
        f"A {e.colour} Tiki moved from {place_text(e.source, whose)} "
        f"to {place_text(e.target, whose)}"
    )


def _scoring(e: ev.ScoringRound, who: Who) -> str:
    sectors = "; ".join(
        f"{C.sectors[k]} "
        + " ".join(f"{colour} {w}" for colour, w in zip(C.colours, worth, strict=True))
        for k, worth in zip(e.sectors, e.worth, strict=True)
    )
    totals = [sum(row[seat] for row in e.points) for seat in range(len(e.points[0]))]
    gains = ", ".join(f"{who(s)} +{p}" for s, p in enumerate(totals))
    return f"{e.kind.capitalize()} scoring (VP per island Tiki — {sectors}): {gains}"


def _bonuses(e: ev.FinalBonuses, who: Who) -> str:
    parts = [
        f"{who(s)} {a} + {st} + {cn}"
        for s, (a, st, cn) in enumerate(zip(e.all_sectors, e.stones, e.canoe, strict=True))
    ]
    return "Final bonuses (all 5 sectors + stones + canoe): " + ", ".join(parts)


def _game_over(e: ev.GameOver, who: Who) -> str:
    scores = ", ".join(f"{who(s)} {score}" for s, score in enumerate(e.scores))
    winners = " and ".join(who(w) for w in e.winners)
    verb = "share the victory" if len(e.winners) > 1 else "wins"
    how = " on fewer Tikis on the island" if e.tiebreak == "fewer Tikis on the island" else ""
    return f"Final scores: {scores} — {winners} {verb}{how}"


_SENTENCES: Sentences = {
    ev.ForestsLaid: _forests_laid,
    ev.TikisBoxed: lambda e, who: (
        f"{e.per_colour} Tikis of each colour go back in the box (2 players)"
    ),
    ev.VolcanoPrepared: lambda e, who: (
        f"A Tiki stands on every volcano column; {stones(e.stones)} in the crater"
    ),
    ev.ForestsFilled: lambda e, who: f"{len(e.tikis)} Tikis placed in the forests at random",
    ev.ActionTilesDealt: lambda e, who: (
        "Action tiles dealt: reef "
        + ", ".join(f"{t}A" for t in e.reef)
        + "; forests "
        + ", ".join(f"{t}B" for t in e.centres)
    ),
    ev.StartPlayerChosen: lambda e, who: f"{who(e.seat)} is the start player",
    ev.StonesDealt: lambda e, who: (
        "Sacred Stones dealt: " + ", ".join(f"{who(s)} {n}" for s, n in enumerate(e.stones))
    ),
    ev.TikiDrafted: lambda e, who: (
        f"{who(e.seat)} took the {e.colour} Tiki of the volcano's {C.sectors[e.sector]} sector "
        f"into their canoe"
    ),
    ev.TurnStarted: lambda e, who: f"Turn {e.turn}: {who(e.seat)}",
    ev.CanoeMoved: lambda e, who: (
        f"{who(e.seat)} moved the canoe {e.steps} space{'' if e.steps == 1 else 's'} to "
        f"{track.name(e.space)}" + (f", paying {stones(e.paid)}" if e.paid else "")
    ),
    ev.TikiCut: lambda e, who: (
        f"{who(e.seat)} cut a {e.colour} Tiki from the {C.sectors[e.forest]} forest ({e.space})"
    ),
    ev.BuiltOnVolcano: lambda e, who: (
        f"{who(e.seat)} built a {e.colour} Tiki on the volcano in {C.sectors[e.sector]}"
        + (f" and took {stones(e.stones)}" if e.stones else "")
    ),
    ev.BuiltOnIsland: lambda e, who: (
        f"{who(e.seat)} paid {stones(e.paid)} and built a {e.colour} Tiki on their island in "
        f"{C.sectors[e.sector]}"
    ),
    ev.Passed: lambda e, who: (
        f"{who(e.seat)} has no main action in {C.sectors[e.sector]} and passes"
    ),
    ev.TileUsed: _tile_used,
    ev.TikiMoved: _tiki_moved,
    ev.StonesTaken: lambda e, who: f"{who(e.seat)} took {stones(e.stones)} from the crater",
    ev.PointsGained: lambda e, who: f"{who(e.seat)} gained {e.points} VP",
    ev.VolcanoTileUnlocked: lambda e, who: (
        f"The {C.sectors[e.sector]} forest's middle row is clear: tile {e.tile}B goes to the "
        f"volcano's slope, and {who(e.seat)} may use it now"
    ),
    ev.ForestEmptied: lambda e, who: (
        f"The {C.sectors[e.forest]} forest is empty "
        f"(the {ORDINALS[e.count - 1] if e.count <= len(ORDINALS) else str(e.count)} one)"
    ),
    ev.TurnEnded: lambda e, who: f"{who(e.seat)}'s turn ends",
    ev.ScoringRound: _scoring,
    ev.GameEnding: lambda e, who: f"The game ends: {REASONS.get(e.reason, e.reason)}",
    ev.FinalBonuses: _bonuses,
    ev.GameOver: _game_over,
}
