"""The commands a seat may give: listing the legal ones, and deciding (validating) one."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from core.errors import IllegalCommand
from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea.board import (
    FIXED_SLOTS,
    LANDING_OF_SPACE,
    SPACE_AT,
    START_SPACES,
    START_TILE_SLOTS,
    on_board,
    slot_name,
    space_name,
    space_on_board,
    spaces_of,
)
from core.games.maunakea.components import ARTIFACT_COLOURS, COMPONENTS, Slot, Terrain
from core.games.maunakea.lava import colour_key
from core.games.maunakea.movement import (
    card_reach,
    costs_within,
    landing_at,
    occupied_indices,
    route,
)
from core.games.maunakea.state import HIDDEN, Explorer, Kind, MaunaKeaState, Phase, Quake, Status
from core.games.maunakea.transcript import artifact_colour, boat_colour
from core.language import Translator
from core.messages import Command, Event

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
NONE = Terrain.NONE
# the members by name: on Python 3.11 ``Phase.TURN`` goes through EnumType's ``__getattr__``
# hook (~70 ns), and commands are listed and decided for every move of every bot
_DRAFT = Phase.DRAFT
_PLACEMENT = Phase.PLACEMENT
_TURN = Phase.TURN
_DECIDE = Quake.DECIDE
_PLACE = Quake.PLACE
_ISLAND = Status.ISLAND
_SUPPLY = Status.SUPPLY
ALL_SLOTS: tuple[Slot, ...] = tuple((c, r) for r in range(9) for c in range(9))
OPEN_SLOTS: tuple[Slot, ...] = tuple(
    slot for slot in ALL_SLOTS if slot not in FIXED_SLOTS and slot not in START_TILE_SLOTS
)
"""The slots a terrain tile may ever be laid on (row by row), empty until one is."""


def empty_slots(state: MaunaKeaState) -> list[Slot]:
    """The slots a terrain tile may be laid on now (``state.empty_slot``), row by row."""
    board = state.board
    return [slot for slot in OPEN_SLOTS if slot not in board]


def cargo_choices(carried: list[str], places: int) -> list[tuple[str, ...]]:
    """Distinct ways to fill ``places`` from what is carried (all of it when it fits)."""
    if len(carried) <= places:
        return [tuple(carried)]
    choices = {tuple(sorted(c, key=colour_key)) for c in combinations(carried, places)}
    return sorted(choices, key=lambda cargo: [colour_key(a) for a in cargo])


def legal_commands(state: MaunaKeaState, seat: int) -> list[Command]:
    if state.phase is _DRAFT:
        dealt = state.dealt[seat] if 0 <= seat < state.players else []
        if not dealt or HIDDEN in dealt:
            return []
        return [cmd.KeepCards(kept) for kept in combinations(dealt, C.cards_kept)]
    if state.phase is _PLACEMENT and seat == state.placer:
        taken = state.occupied()
        return [cmd.PlaceExplorer(space) for space in START_SPACES if space not in taken]
    if state.phase is not _TURN or seat != state.active:
        return []
    if state.quake is _DECIDE:
        return [cmd.QuakeDraw(False), *([cmd.QuakeDraw(True)] if can_quake_draw(state) else [])]
    if state.quake is _PLACE:
        assert state.quake_tile is not None
        return place_tile_commands(state, [state.quake_tile])
    hand = sorted(state.hands[seat])
    explorers = state.on_island(seat)
    out = place_tile_commands(state, hand)
    out.extend(cmd.SpendTile(tile) for tile in hand)
    out.extend(move_commands(state, explorers))
    out.extend(artifact_commands(state, explorers))
    out.extend(boarding_commands(state, explorers))
    if state.advanced:
        out.extend(card_commands(state, seat))
    if not hand:
        out.append(cmd.EndTurn())
    return out


# The parts of a turn's commands, in the order ``legal_commands`` lists them (the greedy bot
# asks for the parts it weighs, not the hundreds of ways to lay a tile).


def place_tile_commands(state: MaunaKeaState, tiles: list[int]) -> list[Command]:
    """Each of ``tiles`` on each empty slot in each of 4 orientations."""
    slots = empty_slots(state)
    return [cmd.PlaceTile(tile, slot, r) for tile in tiles for slot in slots for r in range(4)]


def move_commands(state: MaunaKeaState, explorers: list[Explorer]) -> list[Command]:
    """Every space each explorer can reach with the turn's pool, space by space."""
    out: list[Command] = []
    blocked = occupied_indices(state) if state.pool > 0 else set()
    for explorer in explorers:
        costs = costs_within(state, explorer, state.pool, blocked)  # listed sorted
        out.extend(cmd.Move(explorer.index, SPACE_AT[i]) for i in sorted(costs) if costs[i])
    return out


def artifact_commands(state: MaunaKeaState, explorers: list[Explorer]) -> list[Command]:
    """Picking up what lies where an explorer stands (room allowing), dropping what it carries."""
    out: list[Command] = []
    for explorer in explorers:
        assert explorer.space is not None
        if len(explorer.carried) < C.carry_limit:
            here = sorted(set(state.artifacts.get(explorer.space, ())), key=colour_key)
            out.extend(cmd.PickUp(explorer.index, colour) for colour in here)
        for colour in sorted(set(explorer.carried), key=colour_key):
            out.append(cmd.Drop(explorer.index, colour))
    return out


def boarding_commands(state: MaunaKeaState, explorers: list[Explorer]) -> list[Command]:
    """Boarding the boat at an explorer's landing, with each cargo it may take."""
    out: list[Command] = []
    if state.pool >= C.board_cost:
        for explorer in explorers:
            landing = landing_at(state, explorer)
            if landing is not None:
                places = C.boats[state.docked[landing]].places
                for cargo in cargo_choices(explorer.carried, places):
                    out.append(cmd.Board(explorer.index, cargo))
    return out


def can_quake_draw(state: MaunaKeaState) -> bool:
    """A tile can be drawn after an earthquake when the bag has one and a slot is free."""
    return bool(state.bag) and bool(empty_slots(state))


def card_commands(state: MaunaKeaState, seat: int) -> list[Command]:
    """Every way to play the action cards in hand (each card id once, in hand order)."""
    out: list[Command] = []
    explorers = state.on_island(seat)
    for card_id in sorted(set(state.cards[seat]) - {HIDDEN}):
        action = C.card(card_id).action
        if action in ("jungle", "water", "mountain"):
            for explorer in explorers:
                for to in sorted(card_reach(state, explorer, action)):
                    out.append(cmd.PlayMoveCard(card_id, explorer.index, to))
        elif action == "earthquake":
            for slot, rotation in quake_targets(state):
                out.append(cmd.PlayEarthquake(card_id, slot, rotation))
        elif action == "helicopter" and len(explorers) > 1:
            out.extend(cmd.PlayHelicopter(card_id, e.index) for e in explorers)
    return out


def quake_targets(state: MaunaKeaState) -> list[tuple[Slot, int]]:
    """Terrain tiles with no explorer on them, and the other orientations they can take."""
    occupied = state.occupied()
    out: list[tuple[Slot, int]] = []
    for slot, placed in sorted(state.board.items()):
        if placed.kind is Kind.TERRAIN and not occupied.intersection(spaces_of(slot)):
            out.extend((slot, r) for r in range(4) if r != placed.turn)
    return out


def movement_name(action: str) -> str:
    """A movement card by its terrain, in the reader's language ("jungle movement")."""
    names = {
        "jungle": _("jungle movement"),
        "water": _("water movement"),
        "mountain": _("mountain movement"),
    }
    return names.get(action, action)


def _explorer(state: MaunaKeaState, seat: int, index: int) -> Explorer:
    if not 0 <= index < len(state.explorers[seat]):
        raise IllegalCommand(f"there is no explorer {index}")  # internal
    explorer = state.explorers[seat][index]
    if explorer.status is not _ISLAND or explorer.space is None:
        raise IllegalCommand(f"explorer {index} is not on the island")  # internal
    return explorer


def _in_hand(state: MaunaKeaState, seat: int, tile: int) -> None:
    if tile not in state.hands[seat]:
        raise IllegalCommand(f"tile {tile} is not in your hand")  # internal


def decide(state: MaunaKeaState, seat: int, command: Command) -> list[Event]:
    if not 0 <= seat < state.players:
        raise IllegalCommand(f"there is no seat {seat} at this table")  # internal
    if isinstance(command, cmd.PlaceExplorer):
        return _place_explorer(state, seat, command)
    if isinstance(command, cmd.KeepCards):
        return _keep_cards(state, seat, command)
    if state.phase is not _TURN:
        raise IllegalCommand(f"nothing can be played now ({state.phase.value})")  # internal
    if seat != state.active:
        raise IllegalCommand(_("it is not your turn"))
    if state.quake is not None:
        return _after_quake(state, seat, command)
    if isinstance(command, cmd.PlayMoveCard | cmd.PlayEarthquake | cmd.PlayHelicopter):
        return _play_card(state, seat, command)
    if isinstance(command, cmd.PlaceTile):
        _in_hand(state, seat, command.tile)
        return _place_tile(state, seat, command)
    if isinstance(command, cmd.SpendTile):
        _in_hand(state, seat, command.tile)
        return [ev.TileSpent(seat, command.tile, C.mp(command.tile))]
    if isinstance(command, cmd.Move):
        explorer = _explorer(state, seat, command.explorer)
        if command.to == explorer.space:
            raise IllegalCommand(_("the explorer is already there"))
        found = route(state, explorer, state.pool, command.to)
        if found is None and space_on_board(command.to) and state.terrain(command.to) is NONE:
            raise IllegalCommand(
                _("{space} is an empty slot: no tile lies there yet").format(
                    space=space_name(command.to)
                )
            )
        if found is None:
            raise IllegalCommand(
                _("{space} cannot be reached with {mp} MP").format(
                    space=space_name(command.to), mp=state.pool
                )
                if space_on_board(command.to)
                else _("that space is off the board")
            )
        cost, path = found
        return [ev.ExplorerMoved(seat, command.explorer, path, cost)]
    if isinstance(command, cmd.PickUp):
        explorer = _explorer(state, seat, command.explorer)
        assert explorer.space is not None
        if command.colour not in state.artifacts.get(explorer.space, ()):
            raise IllegalCommand(
                _("there is no {colour} artifact here").format(
                    colour=artifact_colour(command.colour)
                )
            )
        if len(explorer.carried) >= C.carry_limit:
            raise IllegalCommand(
                _("an explorer carries at most {n} artifacts").format(n=C.carry_limit)
            )
        return [ev.ArtifactPickedUp(seat, command.explorer, command.colour)]
    if isinstance(command, cmd.Drop):
        explorer = _explorer(state, seat, command.explorer)
        if command.colour not in explorer.carried:
            raise IllegalCommand(
                f"explorer {command.explorer} carries no {command.colour} artifact"  # internal
            )
        return [ev.ArtifactDropped(seat, command.explorer, command.colour)]
    if isinstance(command, cmd.Board):
        return _board(state, seat, command)
    if isinstance(command, cmd.EndTurn):
        if state.hands[seat]:
            left = len(state.hands[seat])
            raise IllegalCommand(_("play every tile first ({n} left in hand)").format(n=left))
        return [ev.TurnPlayed(seat, state.pool)]
    raise IllegalCommand(f"{type(command).__name__} is not a Mauna Kea command")  # internal


def _place_explorer(state: MaunaKeaState, seat: int, command: cmd.PlaceExplorer) -> list[Event]:
    if state.phase is not _PLACEMENT:
        raise IllegalCommand(_("explorers are placed only before the first turn"))
    if seat != state.placer:
        raise IllegalCommand(_("it is not your turn to place an explorer"))
    if command.space not in START_SPACES:
        # TRANSLATORS: Mauna Kea rulebook (de): die 16 Startfelder; (fr) cases de départ
        raise IllegalCommand(_("explorers start on the 16 start spaces next to the volcano"))
    if state.occupant(command.space) is not None:
        raise IllegalCommand(
            _("{space} already holds an explorer").format(space=space_name(command.space))
        )
    index = next(e.index for e in state.explorers[seat] if e.status is _SUPPLY)
    return [ev.ExplorerPlaced(seat, index, command.space)]


def _board(state: MaunaKeaState, seat: int, command: cmd.Board) -> list[Event]:
    explorer = _explorer(state, seat, command.explorer)
    assert explorer.space is not None
    if explorer.space not in LANDING_OF_SPACE:
        raise IllegalCommand(_("boats are boarded from the 4 spaces next to a landing"))
    landing = landing_at(state, explorer)
    if landing is None:
        raise IllegalCommand(_("no boat is left at this landing"))
    if state.pool < C.board_cost:
        raise IllegalCommand(
            _("boarding costs {cost} MP ({mp} left)").format(cost=C.board_cost, mp=state.pool)
        )
    boat = state.docked[landing]
    places = C.boats[boat].places
    if any(colour not in ARTIFACT_COLOURS for colour in command.cargo):
        raise IllegalCommand("cargo lists artifact colours: white, grey, black")  # internal
    if command.cargo not in cargo_choices(explorer.carried, places):
        # TRANSLATORS: {colour} is the colour alone ("braun"); the English keeps its "(s)"
        said = ngettext(
            "the {colour} boat takes {n} artifact(s): choose that many of what the explorer "
            "carries",
            "the {colour} boat takes {n} artifact(s): choose that many of what the explorer "
            "carries",
            places,
        )
        raise IllegalCommand(
            said.format(colour=boat_colour(C.boats[boat].colour, "alone"), n=places)
        )
    left = Counter(explorer.carried)
    left.subtract(command.cargo)
    return [
        ev.BoatBoarded(
            seat,
            command.explorer,
            boat,
            landing,
            command.cargo,
            tuple(sorted(left.elements(), key=colour_key)),
        )
    ]


def _keep_cards(state: MaunaKeaState, seat: int, command: cmd.KeepCards) -> list[Event]:
    if state.phase is not _DRAFT:
        raise IllegalCommand(_("cards are chosen only before the game begins"))
    dealt = state.dealt[seat]
    if not dealt:
        raise IllegalCommand(_("you have already chosen your cards"))
    if command.cards not in combinations(dealt, C.cards_kept):
        raise IllegalCommand(
            _(
                "keep {kept} different cards of the {dealt} dealt to you (in the order dealt)"
            ).format(kept=C.cards_kept, dealt=len(dealt))
        )
    discarded = tuple(card for card in dealt if card not in command.cards)
    return [ev.CardsKept(seat, command.cards, discarded)]


def _after_quake(state: MaunaKeaState, seat: int, command: Command) -> list[Event]:
    if state.quake is _DECIDE:
        if not isinstance(command, cmd.QuakeDraw):
            raise IllegalCommand(_("first decide whether to draw a tile after the earthquake"))
        if command.draw and not can_quake_draw(state):
            raise IllegalCommand(_("no tile can be drawn and placed (empty bag or no free slot)"))
        return [ev.QuakeDrawChosen(seat, command.draw)]
    if not isinstance(command, cmd.PlaceTile) or command.tile != state.quake_tile:
        raise IllegalCommand(_("place the tile the earthquake drew first"))
    return _place_tile(state, seat, command)


def _place_tile(state: MaunaKeaState, seat: int, command: cmd.PlaceTile) -> list[Event]:
    """A terrain tile goes on any empty slot, in any of 4 orientations."""
    if not on_board(command.slot):
        raise IllegalCommand("that slot is off the board")  # internal
    if not state.empty_slot(command.slot):
        raise IllegalCommand(_("{slot} is not an empty slot").format(slot=slot_name(command.slot)))
    if command.rotation not in range(4):
        raise IllegalCommand("a tile can be turned 0, 1, 2 or 3 quarter turns")  # internal
    return [ev.TilePlaced(seat, command.tile, command.slot, command.rotation)]


def _play_card(
    state: MaunaKeaState,
    seat: int,
    command: cmd.PlayMoveCard | cmd.PlayEarthquake | cmd.PlayHelicopter,
) -> list[Event]:
    if not state.advanced:
        raise IllegalCommand(_("cards are played only in the advanced game"))
    if command.card not in state.cards[seat]:
        raise IllegalCommand(f"{command.card} is not in your hand")  # internal
    action = C.card(command.card).action
    if isinstance(command, cmd.PlayMoveCard):
        if action not in ("jungle", "water", "mountain"):
            raise IllegalCommand(f"{command.card} is not a movement card")  # internal
        explorer = _explorer(state, seat, command.explorer)
        path = card_reach(state, explorer, action).get(command.to)
        if path is None:
            to = space_name(command.to) if space_on_board(command.to) else _("there")
            # TRANSLATORS: {card}: "jungle movement", "water movement", "mountain movement"
            raise IllegalCommand(
                _("{card} cannot take that explorer to {space}").format(
                    card=movement_name(action), space=to
                )
            )
        return [ev.CardMoved(seat, command.card, command.explorer, path)]
    if isinstance(command, cmd.PlayEarthquake):
        if action != "earthquake":
            raise IllegalCommand(f"{command.card} is not an earthquake card")  # internal
        if (command.slot, command.rotation) not in quake_targets(state):
            raise IllegalCommand(
                _("an earthquake turns a terrain tile with no explorer on it to a new orientation")
            )
        return [ev.EarthquakeStruck(seat, command.card, command.slot, command.rotation)]
    if action != "helicopter":
        raise IllegalCommand(f"{command.card} is not a helicopter card")  # internal
    explorer = _explorer(state, seat, command.explorer)
    if len(state.on_island(seat)) < 2:
        raise IllegalCommand(_("the helicopter never takes a player's last explorer"))
    return [ev.ExplorerRescued(seat, command.card, explorer.index, tuple(explorer.carried))]
