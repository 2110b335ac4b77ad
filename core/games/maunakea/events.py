"""Mauna Kea's events: past facts, tagged ``maunakea.*``. Spaces and slots are ``(x, y)`` pairs."""

from __future__ import annotations

from dataclasses import dataclass

from core.games.maunakea.components import Slot, Space
from core.messages import EVENTS, Event

register = EVENTS.register


@register("maunakea.start_tiles_laid")
@dataclass(frozen=True, slots=True)
class StartTilesLaid(Event):
    """The shuffled start tiles lie on their slots, each with its artifacts."""

    tiles: tuple[tuple[Slot, int, int], ...]  # (slot, start tile, quarter turns)


@register("maunakea.boats_docked")
@dataclass(frozen=True, slots=True)
class BoatsDocked(Event):
    """The shuffled boats are docked: ``boats[landing]`` is the boat at that landing."""

    boats: tuple[int, ...]


@register("maunakea.start_player_chosen")
@dataclass(frozen=True, slots=True)
class StartPlayerChosen(Event):
    seat: int


@register("maunakea.explorer_placed")
@dataclass(frozen=True, slots=True)
class ExplorerPlaced(Event):
    seat: int
    explorer: int
    space: Space


@register("maunakea.tile_drawn")
@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """A tile came out of the bag (lava drawn for an opening hand is set aside)."""

    seat: int
    tile: int


@register("maunakea.lava_returned")
@dataclass(frozen=True, slots=True)
class LavaReturned(Event):
    """Lava set aside while drawing opening hands goes back into the bag."""

    tiles: tuple[int, ...]


@register("maunakea.turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int


@register("maunakea.tile_placed")
@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    seat: int
    tile: int
    slot: Slot
    rotation: int


@register("maunakea.tile_spent")
@dataclass(frozen=True, slots=True)
class TileSpent(Event):
    """A tile played for its movement points (added to the turn's pool)."""

    seat: int
    tile: int
    mp: int


@register("maunakea.explorer_moved")
@dataclass(frozen=True, slots=True)
class ExplorerMoved(Event):
    seat: int
    explorer: int
    path: tuple[Space, ...]  # every space entered, in order
    cost: int


@register("maunakea.artifact_picked_up")
@dataclass(frozen=True, slots=True)
class ArtifactPickedUp(Event):
    seat: int
    explorer: int
    colour: str


@register("maunakea.artifact_dropped")
@dataclass(frozen=True, slots=True)
class ArtifactDropped(Event):
    seat: int
    explorer: int
    colour: str


@register("maunakea.boat_boarded")
@dataclass(frozen=True, slots=True)
class BoatBoarded(Event):
    """An explorer boards: the boat leaves with its cargo; ``left`` stays on the space."""

    seat: int
    explorer: int
    boat: int
    landing: int
    cargo: tuple[str, ...]
    left: tuple[str, ...]


@register("maunakea.turn_played")
@dataclass(frozen=True, slots=True)
class TurnPlayed(Event):
    """Every tile in hand is played; unused movement points are lost."""

    seat: int
    unused_mp: int


@register("maunakea.lava_placed")
@dataclass(frozen=True, slots=True)
class LavaPlaced(Event):
    """Lava extends its flow; whatever stood on the slot leaves the game."""

    tile: int
    slot: Slot
    travel: int  # Direction the flow travels through the tile
    head: Slot  # the head it grew from (differs from ``slot`` when it tunnelled)
    lost_explorers: tuple[tuple[int, int], ...]  # (seat, explorer)
    lost_artifacts: tuple[str, ...]


@register("maunakea.lava_removed")
@dataclass(frozen=True, slots=True)
class LavaRemoved(Event):
    """Lava that cannot be placed anywhere leaves the game."""

    tile: int


@register("maunakea.turn_ended")
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int


@register("maunakea.end_triggered")
@dataclass(frozen=True, slots=True)
class EndTriggered(Event):
    """The game is ending: the current turn finishes, then the others play once more."""

    reason: str
    seat: int
    final_turns: tuple[int, ...]


@register("maunakea.final_scoring")
@dataclass(frozen=True, slots=True)
class FinalScoring(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
