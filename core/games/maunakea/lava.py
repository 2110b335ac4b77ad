"""Volcanic eruption: where a drawn lava tile goes, and how its flow's heads grow.

The rule (design page): order the flow's live heads by fewest tiles on the branch since it
split, then the "•" branch, then the older head; take the first where the tile fits. The target
is the head's slot, tunnelling one slot further in the head's direction while lava lies there.
A tile fits when every exit leads farther from the volcano (arrows never point toward it).
"""

from __future__ import annotations

from core.games.maunakea.board import (
    FIXED_SLOTS,
    distance_to_volcano,
    on_board,
    spaces_of,
    step,
)
from core.games.maunakea.components import (
    ARTIFACT_COLOURS,
    COMPONENTS,
    SIZE,
    Direction,
    LavaTile,
    Slot,
)
from core.games.maunakea.events import LavaPlaced, LavaRemoved
from core.games.maunakea.state import Head, Kind, MaunaKeaState, Status

C = COMPONENTS
_LAVA = Kind.LAVA  # looked up once: an enum member costs ~70 ns a lookup on Python 3.11


def colour_key(colour: str) -> int:
    return ARTIFACT_COLOURS.index(colour)


def exit_directions(tile: LavaTile, travel: Direction) -> list[tuple[Direction, bool]]:
    """The tile's exits as absolute directions, each with whether it carries the "•"."""
    turn = {"straight": travel, "left": travel.left, "right": travel.right}
    return [(turn[name], tile.dot == name) for name in tile.exits]


def head_order(head: Head) -> tuple[int, bool, int]:
    return head.length, not head.dot, head.age


def target_of(state: MaunaKeaState, head: Head) -> Slot | None:
    """The slot the head's tile goes to: tunnel under lava; ``None`` if it runs off the board."""
    x, y = head.slot
    dx, dy = head.travel.step
    board = state.board
    while 0 <= x < SIZE and 0 <= y < SIZE:  # ``on_board``, inline: the bot asks it each turn
        placed = board.get((x, y))
        if placed is None or placed.kind is not _LAVA:
            return x, y
        x += dx
        y += dy
    return None


def fits(tile: LavaTile, slot: Slot, travel: Direction) -> bool:
    here = distance_to_volcano(slot)
    return slot not in FIXED_SLOTS and all(
        distance_to_volcano(step(slot, d)) > here for d, _ in exit_directions(tile, travel)
    )


def place_lava(state: MaunaKeaState, tile_id: int) -> LavaPlaced | LavaRemoved:
    """The event for a drawn lava tile: where it lands and what it covers, or its removal."""
    tile = C.lava_tile(tile_id)
    for head in sorted(state.heads[tile.flow], key=head_order):
        slot = target_of(state, head)
        if slot is None or not fits(tile, slot, head.travel):
            continue
        spaces = spaces_of(slot)
        lost = [
            e
            for row in state.explorers
            for e in row
            if e.status is Status.ISLAND and e.space in spaces
        ]
        artifacts = [a for s in spaces for a in state.artifacts.get(s, ())]
        artifacts += [a for e in lost for a in e.carried]
        return LavaPlaced(
            tile=tile_id,
            slot=slot,
            travel=int(head.travel),
            head=head.slot,
            lost_explorers=tuple(sorted((e.seat, e.index) for e in lost)),
            lost_artifacts=tuple(sorted(artifacts, key=colour_key)),
        )
    return LavaRemoved(tile_id)


def grow(state: MaunaKeaState, event: LavaPlaced) -> None:
    """Replace the head the tile grew from by heads at the tile's exits (in place)."""
    tile = C.lava_tile(event.tile)
    travel = Direction(event.travel)
    heads = state.heads[tile.flow]
    used = next(h for h in heads if h.slot == event.head and h.travel == travel)
    heads.remove(used)
    exits = exit_directions(tile, travel)
    fork = len(exits) > 1
    for direction, dot in exits:
        nxt = step(event.slot, direction)
        if not on_board(nxt):
            continue
        heads.append(
            Head(
                slot=nxt,
                travel=direction,
                length=0 if fork else used.length + 1,
                dot=dot if fork else used.dot,
                age=state.head_age,
            )
        )
        state.head_age += 1


def initial_heads() -> list[list[Head]]:
    return [[Head(flow.head, flow.travel, 0, False, flow.index)] for flow in C.flows]
