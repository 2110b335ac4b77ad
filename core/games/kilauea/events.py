"""Kilauea's events: past facts, tagged ``kilauea.*``.

Sectors (and the forests and reef tiles that belong to them) are numbered 0-4 clockwise from
hibiscus; colours and forest spaces are named; a Tiki's whereabouts is a :class:`Place`.
"""

from __future__ import annotations

from core.games.kilauea import commands as cmd
from core.games.kilauea.state import Place
from core.messages import EVENTS, Command, Event

register = EVENTS.register

# -- setup ----------------------------------------------------------------------------------


@register("kilauea.forests_laid")
class ForestsLaid(Event, frozen=True):
    """The forest boards lie around the volcano: ``boards[k]`` (0-based) in sector k, with
    ``sides[k]`` ("A" or "B") up."""

    boards: tuple[int, ...]
    sides: tuple[str, ...]


@register("kilauea.tikis_boxed")
class TikisBoxed(Event, frozen=True):
    """With 2 players, this many Tikis of each colour go back in the box."""

    per_colour: int


@register("kilauea.volcano_prepared")
class VolcanoPrepared(Event, frozen=True):
    """A Tiki of its colour on every volcano column space; Sacred Stones in the crater."""

    stones: int


@register("kilauea.forests_filled")
class ForestsFilled(Event, frozen=True):
    """The remaining Tikis, shuffled, on the forest spaces: (forest, space, colour)."""

    tikis: tuple[tuple[int, str, str], ...]


@register("kilauea.action_tiles_dealt")
class ActionTilesDealt(Event, frozen=True):
    """``reef[k]``: the tile (1-10) reef side up between sectors k and k + 1; ``centres[k]``:
    the tile volcano side up in forest k's centre."""

    reef: tuple[int, ...]
    centres: tuple[int, ...]


@register("kilauea.start_player_chosen")
class StartPlayerChosen(Event, frozen=True):
    seat: int


@register("kilauea.stones_dealt")
class StonesDealt(Event, frozen=True):
    """Sacred Stones by turn order (2, 3, 4, 5), as ``stones[seat]``; the rest stay boxed."""

    stones: tuple[int, ...]


@register("kilauea.tiki_drafted")
class TikiDrafted(Event, frozen=True):
    seat: int
    sector: int
    colour: str

    def command(self) -> Command:
        return cmd.DraftTiki(self.sector, self.colour)


# -- a turn ---------------------------------------------------------------------------------


@register("kilauea.turn_started")
class TurnStarted(Event, frozen=True):
    seat: int
    turn: int


@register("kilauea.canoe_moved")
class CanoeMoved(Event, frozen=True):
    """The shared canoe moved ``steps`` spaces to ``space``; ``paid`` stones for extra steps."""

    seat: int
    steps: int
    space: int
    paid: int

    def command(self) -> Command:
        return cmd.MoveCanoe(self.steps)


@register("kilauea.tiki_cut")
class TikiCut(Event, frozen=True):
    """Main action: a Tiki cut from the canoe's forest into the player's canoe."""

    seat: int
    forest: int
    space: str
    colour: str

    def command(self) -> Command:
        return cmd.CutTiki(self.forest, self.space)


@register("kilauea.built_on_volcano")
class BuiltOnVolcano(Event, frozen=True):
    """Main action: a canoe Tiki on its colour's column; ``stones`` taken from the crater."""

    seat: int
    sector: int
    colour: str
    stones: int

    def command(self) -> Command:
        return cmd.BuildOnVolcano(self.sector, self.colour)


@register("kilauea.built_on_island")
class BuiltOnIsland(Event, frozen=True):
    """Main action: ``paid`` stones to the crater, a canoe Tiki onto the island's sector."""

    seat: int
    sector: int
    colour: str
    paid: int

    def command(self) -> Command:
        return cmd.BuildOnIsland(self.sector, self.colour)


@register("kilauea.passed")
class Passed(Event, frozen=True):
    """No main action was possible in the canoe's sector."""

    seat: int
    sector: int

    def command(self) -> Command:
        return cmd.EndTurn()


@register("kilauea.tile_used")
class TileUsed(Event, frozen=True):
    """An action tile used: ``face`` is its side up ("3A"), ``effect`` the face whose effect
    follows (the copied one for 3A/3B), ``paid`` the stones paid to the crater. The remaining
    fields repeat the choices of the command."""

    seat: int
    tile: int
    face: str
    copy: int
    effect: str
    paid: int
    sector: int
    space: str
    colour: str
    to: int
    back: str

    def command(self) -> Command:
        return cmd.UseTile(
            self.tile, self.copy, self.sector, self.space, self.colour, self.to, self.back
        )


@register("kilauea.tiki_moved")
class TikiMoved(Event, frozen=True):
    """A Tiki moved by an action tile (island and canoe places are the player's own)."""

    seat: int
    colour: str
    source: Place
    target: Place


@register("kilauea.stones_taken")
class StonesTaken(Event, frozen=True):
    seat: int
    stones: int


@register("kilauea.points_gained")
class PointsGained(Event, frozen=True):
    seat: int
    points: int


@register("kilauea.volcano_tile_unlocked")
class VolcanoTileUnlocked(Event, frozen=True):
    """A forest's middle row is cleared: its tile moves to the sector's slope, and the player who
    cleared it may use it this turn."""

    seat: int
    sector: int
    tile: int


@register("kilauea.forest_emptied")
class ForestEmptied(Event, frozen=True):
    """The ``count``-th forest to be emptied of Tikis."""

    seat: int
    forest: int
    count: int


@register("kilauea.turn_ended")
class TurnEnded(Event, frozen=True):
    seat: int

    def command(self) -> Command:
        return cmd.EndTurn()


# -- scoring and the end --------------------------------------------------------------------


@register("kilauea.scoring_round")
class ScoringRound(Event, frozen=True):
    """An intermediate or final scoring, sector by sector from the canoe's: ``worth[i][c]`` is
    what one island Tiki of colour c in ``sectors[i]`` scores, ``points[i][seat]`` what each
    player scored there."""

    kind: str
    sectors: tuple[int, ...]
    worth: tuple[tuple[int, ...], ...]
    points: tuple[tuple[int, ...], ...]


@register("kilauea.game_ending")
class GameEnding(Event, frozen=True):
    """``reason``: "forests" (a third forest is empty) or "turn_limit" (the table's option)."""

    reason: str


@register("kilauea.final_bonuses")
class FinalBonuses(Event, frozen=True):
    """Per seat: the all-sectors bonus, VP for Sacred Stones, VP for Tikis in the canoe."""

    all_sectors: tuple[int, ...]
    stones: tuple[int, ...]
    canoe: tuple[int, ...]


@register("kilauea.game_over")
class GameOver(Event, frozen=True):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str
