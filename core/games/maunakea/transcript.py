"""Plain sentences for the event log and the text export ("Red placed a tile at D4")."""

from __future__ import annotations

from collections.abc import Sequence

from core.games.maunakea import events as ev
from core.games.maunakea.board import slot_name, space_name
from core.games.maunakea.components import COMPONENTS, Direction
from core.messages import Event
from core.transcript import Sentences, Who, describe_with

C = COMPONENTS
REASONS = {
    "no_explorers": "a player has no explorer left on the island",
    "no_way_off": "nobody can leave the island any more",
    "turn_limit": "the turn limit is reached",
    "tiles_out": "the tile supply is used up",
}


def tile_text(tile: int) -> str:
    if C.is_lava(tile):
        lava = C.lava_tile(tile)
        return f"lava {C.flows[lava.flow].glyph} ({lava.shape})"
    return f"a {C.terrain[tile].mp} MP tile ({_letters(tile)})"


def _letters(tile: int) -> str:
    """A terrain tile's squares as they lie unturned: J jungle, W water, M mountain."""
    return "".join("·JWM"[s] for s in C.terrain[tile].squares)


def _tile_name(tile: int) -> str:
    """A tile in a hand, by its squares as they lie unturned ("tile JJWM")."""
    if C.is_lava(tile):
        return tile_text(tile)
    return f"tile {_letters(tile)}"


def card_text(card: str) -> str:
    return C.card(card).title() if card in C.cards_by_id else "a hidden card"


def _cards(cards: Sequence[str]) -> str:
    if all(card not in C.cards_by_id for card in cards):
        return f"{len(cards)} cards"
    return ", ".join(card_text(card) for card in cards)


def _list(items: Sequence[str]) -> str:
    return ", ".join(items) if items else "nothing"


def describe(event: Event, names: Sequence[str]) -> str:
    return describe_with(_SENTENCES, event, names)


def _lava_placed(e: ev.LavaPlaced, who: Who) -> str:
    glyph = C.flows[C.lava_tile(e.tile).flow].glyph
    verb = "tunnelled to" if e.slot != e.head else "flowed onto"
    losses = [f"{who(seat)}'s explorer {index + 1} lost" for seat, index in e.lost_explorers]
    if e.lost_artifacts:
        losses.append(f"{len(e.lost_artifacts)} artifact(s) lost ({', '.join(e.lost_artifacts)})")
    if losses:
        return f"Lava {glyph} covered {slot_name(e.slot)}: {'; '.join(losses)}"
    return f"Lava {glyph} {verb} {slot_name(e.slot)} ({Direction(e.travel).name})"


def _end(e: ev.EndTriggered, who: Who) -> str:
    reason = REASONS.get(e.reason, e.reason)
    rest = f"; {_list([who(s) for s in e.final_turns])} play once more" if e.final_turns else ""
    return f"The game is ending: {reason}. {who(e.seat)} finishes the turn{rest}"


_SENTENCES: Sentences = {
    ev.StartTilesLaid: lambda e, who: f"{len(e.tiles)} start tiles and their artifacts laid",
    ev.BoatsDocked: lambda e, who: (
        "Boats docked: "
        + ", ".join(f"{C.landings[i].name} {C.boats[b].colour}" for i, b in enumerate(e.boats))
    ),
    ev.StartPlayerChosen: lambda e, who: (
        f"{who(e.seat)} is the start player: {who(e.seat)} places the first explorer; whoever "
        "places the last one takes the first turn"
    ),
    ev.ExplorerPlaced: lambda e, who: (
        f"{who(e.seat)} placed explorer {e.explorer + 1} on {space_name(e.space)}"
    ),
    ev.TileDrawn: lambda e, who: f"{who(e.seat)} drew {tile_text(e.tile)}",
    ev.LavaReturned: lambda e, who: f"{len(e.tiles)} set-aside lava tile(s) go back into the bag",
    ev.TurnStarted: lambda e, who: f"Turn {e.turn}: {who(e.seat)}",
    ev.TilePlaced: lambda e, who: (
        f"{who(e.seat)} placed {_tile_name(e.tile)} at {slot_name(e.slot)}"
        + (f", turned {90 * (e.rotation % 4)}°" if e.rotation % 4 else "")
    ),
    ev.TileSpent: lambda e, who: f"{who(e.seat)} spent {_tile_name(e.tile)} for {e.mp} MP",
    ev.ExplorerMoved: lambda e, who: (
        f"{who(e.seat)} moved explorer {e.explorer + 1} to {space_name(e.path[-1])} "
        f"({e.cost} MP: {' → '.join(space_name(s) for s in e.path)})"
    ),
    ev.ArtifactPickedUp: lambda e, who: (
        f"{who(e.seat)}'s explorer {e.explorer + 1} picked up a {e.colour} artifact"
    ),
    ev.ArtifactDropped: lambda e, who: (
        f"{who(e.seat)}'s explorer {e.explorer + 1} dropped a {e.colour} artifact"
    ),
    ev.BoatBoarded: lambda e, who: (
        f"{who(e.seat)}'s explorer {e.explorer + 1} boarded the {C.boats[e.boat].colour} boat "
        f"with {_list(e.cargo)}" + (f" (left behind: {_list(e.left)})" if e.left else "")
    ),
    ev.TurnPlayed: lambda e, who: (
        f"{who(e.seat)} played every tile" + (f" ({e.unused_mp} MP unused)" if e.unused_mp else "")
    ),
    ev.LavaPlaced: _lava_placed,
    ev.LavaRemoved: lambda e, who: (
        f"Lava {C.flows[C.lava_tile(e.tile).flow].glyph} cannot be placed and leaves the game"
    ),
    ev.TurnEnded: lambda e, who: f"{who(e.seat)}'s turn ends",
    ev.EndTriggered: _end,
    ev.CardsDealt: lambda e, who: (
        f"{len(e.hands[0]) if e.hands else 0} cards dealt to each player; "
        f"{len(e.undealt)} leave the game unseen"
    ),
    ev.CardsKept: lambda e, who: f"{who(e.seat)} keeps {_cards(e.kept)}",
    ev.CardMoved: lambda e, who: (
        f"{who(e.seat)} played {card_text(e.card)}: explorer {e.explorer + 1} to "
        f"{space_name(e.path[-1])} ({' → '.join(space_name(s) for s in e.path)})"
    ),
    ev.EarthquakeStruck: lambda e, who: (
        f"{who(e.seat)} played an earthquake: the tile at {slot_name(e.slot)} turns "
        f"(now {e.rotation} quarter turns)"
    ),
    ev.QuakeDrawChosen: lambda e, who: (
        f"{who(e.seat)} draws a tile after the earthquake"
        if e.draw
        else f"{who(e.seat)} draws no tile after the earthquake"
    ),
    ev.ExplorerRescued: lambda e, who: (
        f"{who(e.seat)} played a helicopter rescue: explorer {e.explorer + 1} flown out with "
        f"{_list(e.artifacts)}"
    ),
    ev.TasksRevealed: lambda e, who: (
        "Cards revealed: "
        + "; ".join(
            f"{who(s)}: {_cards(hand) if hand else 'none'}" for s, hand in enumerate(e.hands)
        )
    ),
    ev.FinalScoring: lambda e, who: (
        "Final scoring: "
        + ", ".join(f"{who(s)} {score}" for s, score in enumerate(e.scores))
        + f" — {' and '.join(who(w) for w in e.winners)} "
        + ("win" if len(e.winners) > 1 else "wins")
    ),
}
