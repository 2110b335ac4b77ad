"""Plain sentences for the event log and the text export ("Red placed a tile at D4").

Each sentence is one template of the ``maunakea`` catalogue with named arguments, in the
reader's language (:mod:`core.language`); a count goes through ``ngettext``. The words the
components file gives in English (boat and artifact colours, lava shapes, the cards' names) are
marked here and translated where a sentence is made, never in the events.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.maunakea import events as ev
from core.games.maunakea.board import slot_name, space_name
from core.games.maunakea.components import COMPONENTS, Card, Direction
from core.language import N_, Translator, listed
from core.lifecycle import Undone
from core.messages import Event
from core.transcript import Sentences, Who, describe_with, namer

T = Translator("maunakea")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext

C = COMPONENTS
REASONS = {
    "no_explorers": N_("a player has no explorer left on the island"),
    "no_way_off": N_("nobody can leave the island any more"),
    "turn_limit": N_("the turn limit is reached"),
    "tiles_out": N_("the tile supply is used up"),
}
SHAPES = (N_("straight"), N_("left bend"), N_("right bend"), N_("fork left"), N_("fork right"))
"""The lava tiles' shapes (components.toml's ``lava_shapes``, marked)."""


def boat_colours() -> dict[tuple[str, str], str]:
    """The boats' colours (components.toml's ``boats``) in the reader's language, by role:
    "boat" (before or after the word boat: "the brown boat") or "alone" ("N1 brown")."""
    return {
        # TRANSLATORS: a boat's colour in "boarded the brown boat".
        ("boat", "brown"): pgettext("boat", "brown"),
        ("boat", "green"): pgettext("boat", "green"),
        ("boat", "blue"): pgettext("boat", "blue"),
        ("boat", "red"): pgettext("boat", "red"),
        ("boat", "yellow"): pgettext("boat", "yellow"),
        ("boat", "purple"): pgettext("boat", "purple"),
        ("boat", "orange"): pgettext("boat", "orange"),
        ("boat", "teal"): pgettext("boat", "teal"),
        # TRANSLATORS: a boat's colour alone, after its landing ("N1 brown") or on a card.
        ("alone", "brown"): pgettext("boat colour", "brown"),
        ("alone", "green"): pgettext("boat colour", "green"),
        ("alone", "blue"): pgettext("boat colour", "blue"),
        ("alone", "red"): pgettext("boat colour", "red"),
        ("alone", "yellow"): pgettext("boat colour", "yellow"),
        ("alone", "purple"): pgettext("boat colour", "purple"),
        ("alone", "orange"): pgettext("boat colour", "orange"),
        ("alone", "teal"): pgettext("boat colour", "teal"),
    }


def artifact_colours() -> dict[tuple[str, str], str]:
    """The artifacts' colours by role: "artifact" ("picked up a white artifact") or "alone"
    (a cargo's list: "with white, grey")."""
    return {
        # TRANSLATORS: an artifact's colour in "picked up a white artifact".
        ("artifact", "white"): pgettext("artifact", "white"),
        ("artifact", "grey"): pgettext("artifact", "grey"),
        ("artifact", "black"): pgettext("artifact", "black"),
        # TRANSLATORS: an artifact's colour alone, in a list of what an explorer carries.
        ("alone", "white"): pgettext("artifact colour", "white"),
        ("alone", "grey"): pgettext("artifact colour", "grey"),
        ("alone", "black"): pgettext("artifact colour", "black"),
    }


def boat_colour(name: str, role: str = "boat") -> str:
    return boat_colours().get((role, name), name)


def artifact_colour(name: str, role: str = "artifact") -> str:
    return artifact_colours().get((role, name), name)


def direction(travel: int) -> str:
    """A compass point's letter in the reader's language (``E``)."""
    letters = {
        Direction.N: pgettext("compass", "N"),
        Direction.E: pgettext("compass", "E"),
        Direction.S: pgettext("compass", "S"),
        Direction.W: pgettext("compass", "W"),
    }
    return letters[Direction(travel)]


def _glyph(tile: int) -> str:
    return C.flows[C.lava_tile(tile).flow].glyph


def tile_text(tile: int) -> str:
    if C.is_lava(tile):
        lava = C.lava_tile(tile)
        shape = _(lava.shape) if lava.shape in SHAPES else lava.shape
        return _("lava {glyph} ({shape})").format(glyph=_glyph(tile), shape=shape)
    return _("a {mp} MP tile ({squares})").format(mp=C.terrain[tile].mp, squares=_letters(tile))


def _letters(tile: int) -> str:
    """A terrain tile's squares as they lie unturned: J jungle, W water, M mountain."""
    return "".join("·JWM"[s] for s in C.terrain[tile].squares)


def _tile_name(tile: int) -> str:
    """A tile in a hand, by its squares as they lie unturned ("tile JJWM")."""
    if C.is_lava(tile):
        return tile_text(tile)
    return _("tile {squares}").format(squares=_letters(tile))


def card_title(card: Card) -> str:
    """A card's short name in the reader's language ("jungle movement", "3 white: +2")."""
    match card.action:
        case "jungle":
            return _("jungle movement")
        case "water":
            return _("water movement")
        case "mountain":
            return _("mountain movement")
        case "earthquake":
            return _("earthquake")
        case "helicopter":
            return _("helicopter rescue")
    if card.boat is not None:
        return _("{colour} boat: +{vp}").format(colour=boat_colour(card.boat, "alone"), vp=card.vp)
    needs = dict(card.needs)
    if "no_penalty" in needs:
        return _("no penalty for empty places")
    if "explorers" in needs:
        return _("{n} saved explorers: +{vp}").format(n=needs["explorers"], vp=card.vp)
    parts = [_needed(colour, n) for colour, n in card.needs]
    return _("{needs}: +{vp}").format(needs=" + ".join(parts), vp=card.vp)


def needed(colour: str, n: int) -> str:
    """``3 white``: the artifacts of ``colour`` a task card needs, in the reader's language."""
    return _needed(colour, n)


def _needed(colour: str, n: int) -> str:
    match colour:
        case "white":
            return ngettext("{n} white", "{n} white", n).format(n=n)
        case "grey":
            return ngettext("{n} grey", "{n} grey", n).format(n=n)
        case "black":
            return ngettext("{n} black", "{n} black", n).format(n=n)
    return f"{n} {colour}"


def card_text(card: str) -> str:
    return card_title(C.card(card)) if card in C.cards_by_id else _("a hidden card")


def _cards(cards: Sequence[str]) -> str:
    if all(card not in C.cards_by_id for card in cards):
        return ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards))
    return ", ".join(card_text(card) for card in cards)


def _artifacts(items: Sequence[str]) -> str:
    """``white, grey``, or ``nothing``."""
    return ", ".join(artifact_colour(c, "alone") for c in items) if items else _("nothing")


def who_of(names: Sequence[str]) -> Who:
    """``who(seat)``: the player's name, ``Seat N`` past the known names, ``?`` for no seat."""
    return namer(names, _("Seat {n}"))


def describe(event: Event, names: Sequence[str]) -> str:
    return describe_with(_SENTENCES, event, names, who_of(names))


def _path(path: Sequence[tuple[int, int]]) -> str:
    return " → ".join(space_name(s) for s in path)


def _lava_placed(e: ev.LavaPlaced, who: Who) -> str:
    glyph, slot = _glyph(e.tile), slot_name(e.slot)
    losses = [
        _("{player}'s explorer {n} lost").format(player=who(seat), n=index + 1)
        for seat, index in e.lost_explorers
    ]
    if e.lost_artifacts:
        losses.append(
            ngettext(
                "{n} artifact(s) lost ({artifacts})",
                "{n} artifact(s) lost ({artifacts})",
                len(e.lost_artifacts),
            ).format(n=len(e.lost_artifacts), artifacts=_artifacts(e.lost_artifacts))
        )
    if losses:
        return _("Lava {glyph} covered {slot}: {losses}").format(
            glyph=glyph, slot=slot, losses="; ".join(losses)
        )
    if e.slot != e.head:
        text = _("Lava {glyph} tunnelled to {slot} ({direction})")
    else:
        text = _("Lava {glyph} flowed onto {slot} ({direction})")
    return text.format(glyph=glyph, slot=slot, direction=direction(e.travel))


def _end(e: ev.EndTriggered, who: Who) -> str:
    reason = _(REASONS[e.reason]) if e.reason in REASONS else e.reason
    said = {"reason": reason, "player": who(e.seat)}
    if e.final_turns:
        return ngettext(
            "The game is ending: {reason}. {player} finishes the turn; {players} play once more",
            "The game is ending: {reason}. {player} finishes the turn; {players} play once more",
            len(e.final_turns),
        ).format(players=", ".join(who(s) for s in e.final_turns), **said)
    return _("The game is ending: {reason}. {player} finishes the turn").format(**said)


def _tile_placed(e: ev.TilePlaced, who: Who) -> str:
    said = {"player": who(e.seat), "tile": _tile_name(e.tile), "slot": slot_name(e.slot)}
    if e.rotation % 4:
        return _("{player} placed {tile} at {slot}, turned {degrees}°").format(
            degrees=90 * (e.rotation % 4), **said
        )
    return _("{player} placed {tile} at {slot}").format(**said)


def _boarded(e: ev.BoatBoarded, who: Who) -> str:
    said = {
        "player": who(e.seat),
        "n": e.explorer + 1,
        "colour": boat_colour(C.boats[e.boat].colour),
        "cargo": _artifacts(e.cargo),
    }
    if e.left:
        return _(
            "{player}'s explorer {n} boarded the {colour} boat with {cargo} (left behind: {left})"
        ).format(left=_artifacts(e.left), **said)
    return _("{player}'s explorer {n} boarded the {colour} boat with {cargo}").format(**said)


def _final(e: ev.FinalScoring, who: Who) -> str:
    scores = ", ".join(f"{who(s)} {score}" for s, score in enumerate(e.scores))
    winners = listed([who(w) for w in e.winners])
    if len(e.winners) > 1:
        return _("Final scoring: {scores} — {winners} win").format(scores=scores, winners=winners)
    return _("Final scoring: {scores} — {winners} wins").format(scores=scores, winners=winners)


def _revealed(e: ev.TasksRevealed, who: Who) -> str:
    hands = "; ".join(
        _("{player}: {cards}").format(player=who(s), cards=_cards(hand) if hand else _("none"))
        for s, hand in enumerate(e.hands)
    )
    return _("Cards revealed: {hands}").format(hands=hands)


_SENTENCES: Sentences = {
    ev.StartTilesLaid: lambda e, who: ngettext(
        "{n} start tile and its artifacts laid",
        "{n} start tiles and their artifacts laid",
        len(e.tiles),
    ).format(n=len(e.tiles)),
    ev.BoatsDocked: lambda e, who: _("Boats docked: {boats}").format(
        boats=", ".join(
            f"{C.landings[i].name} {boat_colour(C.boats[b].colour, 'alone')}"
            for i, b in enumerate(e.boats)
        )
    ),
    ev.StartPlayerChosen: lambda e, who: _(
        "{player} is the start player: {player} places the first explorer; whoever places the "
        "last one takes the first turn"
    ).format(player=who(e.seat)),
    ev.ExplorerPlaced: lambda e, who: _("{player} placed explorer {n} on {space}").format(
        player=who(e.seat), n=e.explorer + 1, space=space_name(e.space)
    ),
    ev.TileDrawn: lambda e, who: _("{player} drew {tile}").format(
        player=who(e.seat), tile=tile_text(e.tile)
    ),
    ev.LavaReturned: lambda e, who: ngettext(
        "{n} set-aside lava tile(s) go back into the bag",
        "{n} set-aside lava tile(s) go back into the bag",
        len(e.tiles),
    ).format(n=len(e.tiles)),
    ev.TurnStarted: lambda e, who: _("Turn {turn}: {player}").format(
        turn=e.turn, player=who(e.seat)
    ),
    ev.TilePlaced: _tile_placed,
    ev.TileSpent: lambda e, who: _("{player} spent {tile} for {mp} MP").format(
        player=who(e.seat), tile=_tile_name(e.tile), mp=e.mp
    ),
    ev.ExplorerMoved: lambda e, who: _(
        "{player} moved explorer {n} to {space} ({cost} MP: {path})"
    ).format(
        player=who(e.seat),
        n=e.explorer + 1,
        space=space_name(e.path[-1]),
        cost=e.cost,
        path=_path(e.path),
    ),
    ev.ArtifactPickedUp: lambda e, who: _(
        "{player}'s explorer {n} picked up a {colour} artifact"
    ).format(player=who(e.seat), n=e.explorer + 1, colour=artifact_colour(e.colour)),
    ev.ArtifactDropped: lambda e, who: _(
        "{player}'s explorer {n} dropped a {colour} artifact"
    ).format(player=who(e.seat), n=e.explorer + 1, colour=artifact_colour(e.colour)),
    ev.BoatBoarded: _boarded,
    ev.TurnPlayed: lambda e, who: (
        _("{player} played every tile ({mp} MP unused)").format(player=who(e.seat), mp=e.unused_mp)
        if e.unused_mp
        else _("{player} played every tile").format(player=who(e.seat))
    ),
    ev.LavaPlaced: _lava_placed,
    ev.LavaRemoved: lambda e, who: _("Lava {glyph} cannot be placed and leaves the game").format(
        glyph=_glyph(e.tile)
    ),
    ev.TurnEnded: lambda e, who: _("{player}'s turn ends").format(player=who(e.seat)),
    ev.EndTriggered: _end,
    ev.CardsDealt: lambda e, who: _(
        "{n} cards dealt to each player; {undealt} leave the game unseen"
    ).format(n=len(e.hands[0]) if e.hands else 0, undealt=len(e.undealt)),
    ev.CardsKept: lambda e, who: _("{player} keeps {cards}").format(
        player=who(e.seat), cards=_cards(e.kept)
    ),
    ev.CardMoved: lambda e, who: _(
        "{player} played {card}: explorer {n} to {space} ({path})"
    ).format(
        player=who(e.seat),
        card=card_text(e.card),
        n=e.explorer + 1,
        space=space_name(e.path[-1]),
        path=_path(e.path),
    ),
    ev.EarthquakeStruck: lambda e, who: ngettext(
        "{player} played an earthquake: the tile at {slot} turns (now {n} quarter turns)",
        "{player} played an earthquake: the tile at {slot} turns (now {n} quarter turns)",
        e.rotation,
    ).format(player=who(e.seat), slot=slot_name(e.slot), n=e.rotation),
    ev.QuakeDrawChosen: lambda e, who: (
        _("{player} draws a tile after the earthquake")
        if e.draw
        else _("{player} draws no tile after the earthquake")
    ).format(player=who(e.seat)),
    ev.ExplorerRescued: lambda e, who: _(
        "{player} played a helicopter rescue: explorer {n} flown out with {artifacts}"
    ).format(player=who(e.seat), n=e.explorer + 1, artifacts=_artifacts(e.artifacts)),
    ev.TasksRevealed: _revealed,
    ev.FinalScoring: _final,
    Undone: lambda e, who: _("{player} took back their last move (from event {n} on)").format(
        player=who(e.seat), n=e.back_to
    ),
}
