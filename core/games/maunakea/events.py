"""Mauna Kea's events: past facts, tagged ``maunakea.*``. Spaces and slots are ``(x, y)`` pairs."""

from __future__ import annotations

from core.games.maunakea import commands as cmd
from core.games.maunakea.components import Slot, Space
from core.messages import EVENTS, Command, Event

register = EVENTS.register


@register("maunakea.start_tiles_laid")
class StartTilesLaid(Event, frozen=True):
    """The shuffled start tiles lie on their slots, each with its artifacts."""

    tiles: tuple[tuple[Slot, int, int], ...]  # (slot, start tile, quarter turns)


@register("maunakea.boats_docked")
class BoatsDocked(Event, frozen=True):
    """The shuffled boats are docked: ``boats[landing]`` is the boat at that landing."""

    boats: tuple[int, ...]


@register("maunakea.start_player_chosen")
class StartPlayerChosen(Event, frozen=True):
    seat: int


@register("maunakea.explorer_placed")
class ExplorerPlaced(Event, frozen=True):
    seat: int
    explorer: int
    space: Space

    def command(self) -> Command:
        return cmd.PlaceExplorer(self.space)


@register("maunakea.tile_drawn")
class TileDrawn(Event, frozen=True):
    """A tile came out of the bag (lava drawn for an opening hand is set aside)."""

    seat: int
    tile: int


@register("maunakea.lava_returned")
class LavaReturned(Event, frozen=True):
    """Lava set aside while drawing opening hands goes back into the bag."""

    tiles: tuple[int, ...]


@register("maunakea.turn_started")
class TurnStarted(Event, frozen=True):
    seat: int
    turn: int


@register("maunakea.tile_placed")
class TilePlaced(Event, frozen=True):
    seat: int
    tile: int
    slot: Slot
    rotation: int

    def command(self) -> Command:
        return cmd.PlaceTile(self.tile, self.slot, self.rotation)


@register("maunakea.tile_spent")
class TileSpent(Event, frozen=True):
    """A tile played for its movement points (added to the turn's pool)."""

    seat: int
    tile: int
    mp: int

    def command(self) -> Command:
        return cmd.SpendTile(self.tile)


@register("maunakea.explorer_moved")
class ExplorerMoved(Event, frozen=True):
    seat: int
    explorer: int
    path: tuple[Space, ...]  # every space entered, in order
    cost: int

    def command(self) -> Command:
        return cmd.Move(self.explorer, self.path[-1])


@register("maunakea.artifact_picked_up")
class ArtifactPickedUp(Event, frozen=True):
    seat: int
    explorer: int
    colour: str

    def command(self) -> Command:
        return cmd.PickUp(self.explorer, self.colour)


@register("maunakea.artifact_dropped")
class ArtifactDropped(Event, frozen=True):
    seat: int
    explorer: int
    colour: str

    def command(self) -> Command:
        return cmd.Drop(self.explorer, self.colour)


@register("maunakea.boat_boarded")
class BoatBoarded(Event, frozen=True):
    """An explorer boards: the boat leaves with its cargo; ``left`` stays on the space."""

    seat: int
    explorer: int
    boat: int
    landing: int
    cargo: tuple[str, ...]
    left: tuple[str, ...]

    def command(self) -> Command:
        return cmd.Board(self.explorer, self.cargo)


@register("maunakea.turn_played")
class TurnPlayed(Event, frozen=True):
    """Every tile in hand is played; unused movement points are lost."""

    seat: int
    unused_mp: int

    def command(self) -> Command:
        return cmd.EndTurn()


@register("maunakea.lava_placed")
class LavaPlaced(Event, frozen=True):
    """Lava extends its flow; whatever stood on the slot leaves the game."""

    tile: int
    slot: Slot
    travel: int  # Direction the flow travels through the tile
    head: Slot  # the head it grew from (differs from ``slot`` when it tunnelled)
    lost_explorers: tuple[tuple[int, int], ...]  # (seat, explorer)
    lost_artifacts: tuple[str, ...]


@register("maunakea.lava_removed")
class LavaRemoved(Event, frozen=True):
    """Lava that cannot be placed anywhere leaves the game."""

    tile: int


@register("maunakea.turn_ended")
class TurnEnded(Event, frozen=True):
    seat: int


@register("maunakea.end_triggered")
class EndTriggered(Event, frozen=True):
    """The game is ending: the current turn finishes, then the others play once more."""

    reason: str
    seat: int
    final_turns: tuple[int, ...]


@register("maunakea.final_scoring")
class FinalScoring(Event, frozen=True):
    scores: tuple[int, ...]
    winners: tuple[int, ...]


# -- advanced game --------------------------------------------------------------------------


@register("maunakea.cards_dealt")
class CardsDealt(Event, frozen=True):
    """Six cards to each player (``hands``); the rest leave the game unseen (``undealt``)."""

    hands: tuple[tuple[str, ...], ...]
    undealt: tuple[str, ...]


@register("maunakea.cards_kept")
class CardsKept(Event, frozen=True):
    """A player keeps 4 of their 6 cards in secret; the other 2 leave unseen."""

    seat: int
    kept: tuple[str, ...]
    discarded: tuple[str, ...]

    def command(self) -> Command:
        return cmd.KeepCards(self.kept)


@register("maunakea.card_moved")
class CardMoved(Event, frozen=True):
    """A jungle, water or mountain movement card moved an explorer, free of MP."""

    seat: int
    card: str
    explorer: int
    path: tuple[Space, ...]

    def command(self) -> Command:
        return cmd.PlayMoveCard(self.card, self.explorer, self.path[-1])


@register("maunakea.earthquake")
class EarthquakeStruck(Event, frozen=True):
    """An earthquake card turned a terrain tile; its artifacts turned with it."""

    seat: int
    card: str
    slot: Slot
    rotation: int

    def command(self) -> Command:
        return cmd.PlayEarthquake(self.card, self.slot, self.rotation)


@register("maunakea.quake_draw_chosen")
class QuakeDrawChosen(Event, frozen=True):
    """After an earthquake: whether the player draws a tile to place."""

    seat: int
    draw: bool

    def command(self) -> Command:
        return cmd.QuakeDraw(self.draw)


@register("maunakea.explorer_rescued")
class ExplorerRescued(Event, frozen=True):
    """A helicopter card flew an explorer and its artifacts off the island."""

    seat: int
    card: str
    explorer: int
    artifacts: tuple[str, ...]

    def command(self) -> Command:
        return cmd.PlayHelicopter(self.card, self.explorer)


@register("maunakea.tasks_revealed")
class TasksRevealed(Event, frozen=True):
    """At scoring every player turns over the cards still in hand."""

    hands: tuple[tuple[str, ...], ...]
