"""What an event touched, so the board can point at it (the last move of a bot, a replay's
current event)."""

from __future__ import annotations

from core.games.kilauea import events as ev
from core.games.kilauea.components import Area
from core.games.kilauea.state import Place
from core.messages import Event
from tui.games.kilauea.widgets.paint import Spots


def place_spots(place: Place, colour: str, seat: int) -> Spots:
    """The spot of a Tiki's place (an island or a canoe is ``seat``'s own)."""
    if place.area == Area.FOREST:
        return Spots(forest=frozenset({(place.sector, place.space)}))
    if place.area == Area.VOLCANO:
        return Spots(volcano=frozenset({(place.sector, colour)}))
    if place.area == Area.ISLAND:
        return Spots(island=frozenset({(seat, place.sector)}))
    return Spots(canoe=frozenset({seat}))


def union(a: Spots, b: Spots) -> Spots:
    """The places of both (the later track space wins)."""
    return Spots(
        forest=a.forest | b.forest,
        volcano=a.volcano | b.volcano,
        island=a.island | b.island,
        canoe=a.canoe | b.canoe,
        track=b.track if b.track is not None else a.track,
        tiles=a.tiles | b.tiles,
    )


def event_spots(event: Event) -> Spots:
    """The places ``event`` changed (none for the events that move nothing on the board)."""
    match event:
        case ev.TikiDrafted(seat=seat, sector=sector, colour=colour):
            return Spots(volcano=frozenset({(sector, colour)}), canoe=frozenset({seat}))
        case ev.CanoeMoved(space=space):
            return Spots(track=space)
        case ev.TikiCut(seat=seat, forest=forest, space=space):
            return Spots(forest=frozenset({(forest, space)}), canoe=frozenset({seat}))
        case ev.BuiltOnVolcano(seat=seat, sector=sector, colour=colour):
            return Spots(volcano=frozenset({(sector, colour)}), canoe=frozenset({seat}))
        case ev.BuiltOnIsland(seat=seat, sector=sector):
            return Spots(island=frozenset({(seat, sector)}), canoe=frozenset({seat}))
        case ev.TileUsed(tile=tile, copy=copy):
            return Spots(tiles=frozenset({tile, copy} - {0}))
        case ev.TikiMoved(seat=seat, colour=colour, source=source, target=target):
            a, b = place_spots(source, colour, seat), place_spots(target, colour, seat)
            return Spots(
                forest=a.forest | b.forest,
                volcano=a.volcano | b.volcano,
                island=a.island | b.island,
                canoe=a.canoe | b.canoe,
            )
        case ev.VolcanoTileUnlocked(tile=tile):
            return Spots(tiles=frozenset({tile}))
    return Spots()
