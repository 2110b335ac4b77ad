"""Plain sentences for the event log and the text export ("Red cut a red Tiki from the orchid
forest (m2)"). Every event carries what its sentence needs: ``describe`` sees no state.

Each sentence is one template of the ``kilauea`` catalogue with named arguments, in the reader's
language (:mod:`core.language`); a count goes through ``ngettext``. The words the components
file gives in English (colours, sectors, the action tiles' texts) are marked here and
translated where a sentence is made, never in the events.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.games.kilauea import events as ev
from core.games.kilauea import track
from core.games.kilauea.components import COMPONENTS, Area
from core.games.kilauea.scoring import TIEBREAK
from core.games.kilauea.state import Place
from core.language import N_, Translator, listed
from core.lifecycle import Undone
from core.messages import Event
from core.transcript import Sentences, Who, describe_with, namer

T = Translator("kilauea")
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext

C = COMPONENTS
ORDINALS = (
    N_("The {sector} forest is empty (the first one)"),
    N_("The {sector} forest is empty (the second one)"),
    N_("The {sector} forest is empty (the third one)"),
    N_("The {sector} forest is empty (the fourth one)"),
    N_("The {sector} forest is empty (the fifth one)"),
)
REASONS = {"forests": N_("a third forest is empty"), "turn_limit": N_("the turn limit is reached")}
ENDINGS = {
    "forests": N_("The game ends: a third forest is empty"),
    "turn_limit": N_("The game ends: the turn limit is reached"),
}
SCORINGS = {
    # TRANSLATORS: {sectors} lists each sector's worth per colour; {gains} each player's points.
    "intermediate": N_("Intermediate scoring (VP per island Tiki — {sectors}): {gains}"),
    "final": N_("Final scoring (VP per island Tiki — {sectors}): {gains}"),
}
SECTORS = (N_("hibiscus"), N_("plumeria"), N_("orchid"), N_("ginger"), N_("lehua"))
"""The volcano's sectors by their flowers (components.toml's ``sectors``, marked)."""
TILE_TEXTS = (
    N_("Gain 2 VP."),
    N_("Pay 1 stone: gain 2 VP."),
    N_("Take 2 Sacred Stones from the crater."),
    N_("Pay 3 stones: a Tiki from your canoe to any sector of your island."),
    N_("Pay 1 stone: use any reef tile (paying its cost)."),
    N_("Pay 1 stone: use any reef tile or any volcano tile on the slope (paying its cost)."),
    N_("Move a Tiki from one sector of your island to another."),
    N_("Pay 1 stone: move a Tiki from one sector of your island to another."),
    N_("Move a volcano Tiki to a neighbouring sector."),
    N_("Pay 1 stone: move a volcano Tiki to a neighbouring sector."),
    N_("Move a volcano Tiki to a non-neighbouring sector."),
    N_("Pay 1 stone: move a volcano Tiki to a non-neighbouring sector."),
    N_("Move an accessible forest Tiki to any volcano sector."),
    N_("Cut an accessible Tiki from any forest into your canoe."),
    N_("A Tiki from your canoe to any volcano sector, then take 1 Sacred Stone."),
    N_("Pay 2 stones: a volcano Tiki into your canoe."),
    N_("Pay 3 stones: an accessible forest Tiki to any sector of your island."),
    N_("Pay 4 stones: a volcano Tiki to any sector of your island."),
    N_(
        "An accessible forest Tiki to any volcano sector, then a Tiki of another colour from "
        "that sector into the emptied forest space."
    ),
    N_(
        "Pay 2 stones: a volcano Tiki to another sector, then a Tiki of another colour from "
        "there back to the first sector."
    ),
)
"""The action tiles' texts (components.toml's ``text``, marked: a test holds them equal)."""


def stones(n: int) -> str:
    """``3 Sacred Stones``, as paid or taken (the object of a sentence)."""
    return ngettext("{n} Sacred Stone", "{n} Sacred Stones", n).format(n=n)


def sector(k: int) -> str:
    """Sector ``k``'s flower in the reader's language (``?`` for none)."""
    return _(C.sectors[k]) if 0 <= k < len(C.sectors) else "?"


def colours() -> dict[tuple[str, str], str]:
    """The Tikis' colours (components.toml's ``colours``) in the reader's language, by role:
    "object" (a Tiki cut, built, taken), "subject" (a Tiki that moved), "colour" (the word
    alone); languages that decline adjectives differ between the first two."""
    return {
        # TRANSLATORS: the colour of a Tiki cut, built or taken ("cut a red Tiki").
        ("object", "red"): pgettext("Tiki, object", "red"),
        ("object", "yellow"): pgettext("Tiki, object", "yellow"),
        ("object", "green"): pgettext("Tiki, object", "green"),
        ("object", "blue"): pgettext("Tiki, object", "blue"),
        # TRANSLATORS: the colour of a Tiki that moves ("A red Tiki moved …").
        ("subject", "red"): pgettext("Tiki, subject", "red"),
        ("subject", "yellow"): pgettext("Tiki, subject", "yellow"),
        ("subject", "green"): pgettext("Tiki, subject", "green"),
        ("subject", "blue"): pgettext("Tiki, subject", "blue"),
        # TRANSLATORS: a colour alone, before its worth in a scoring ("red 3 yellow 1").
        ("colour", "red"): pgettext("colour", "red"),
        ("colour", "yellow"): pgettext("colour", "yellow"),
        ("colour", "green"): pgettext("colour", "green"),
        ("colour", "blue"): pgettext("colour", "blue"),
    }


def colour(name: str, role: str = "object") -> str:
    """A Tiki's colour as :func:`colours` says it (as written when unknown)."""
    return colours().get((role, name), name)


def canoe_space(position: int) -> str:
    """A canoe space in words (``orchid a``); :func:`track.name` is the export's key."""
    if position == track.DOCK:
        return _("dock")
    k, half = divmod(position, track.HALVES)
    return f"{sector(k)} {C.halves[half]}"


def _place(place: Place, player: str, way: str) -> str:
    """Where a moved Tiki came from (``way`` "from") or went (``way`` "to"), with the
    preposition: each language says both in its own form."""
    k = sector(place.sector)
    match place.area, way:
        case Area.FOREST, "from":
            return _("from the {sector} forest ({space})").format(sector=k, space=place.space)
        case Area.FOREST, _:
            return _("to the {sector} forest ({space})").format(sector=k, space=place.space)
        case Area.VOLCANO, "from":
            return _("from the volcano ({sector})").format(sector=k)
        case Area.VOLCANO, _:
            return _("to the volcano ({sector})").format(sector=k)
        case Area.ISLAND, "from":
            return _("from {player}'s island ({sector})").format(player=player, sector=k)
        case Area.ISLAND, _:
            return _("to {player}'s island ({sector})").format(player=player, sector=k)
        case _, "from":
            return _("from {player}'s canoe").format(player=player)
    return _("to {player}'s canoe").format(player=player)


def face_text(code: str) -> str:
    """``"7B"`` -> its rule text."""
    number, side = int(code[:-1]), code[-1]
    return _(C.face(number, side).text)


def who_of(names: Sequence[str]) -> Who:
    """``who(seat)``: the player's name, ``Seat N`` past the known names, ``?`` for no seat."""
    return namer(names, _("Seat {n}"))


def describe(event: Event, names: Sequence[str]) -> str:
    return describe_with(_SENTENCES, event, names, who_of(names))


def _forests_laid(e: ev.ForestsLaid, who: Who) -> str:
    laid = [
        _("{sector} board {board} ({template})").format(
            sector=sector(k), board=b + 1, template=C.boards[b]["AB".index(side)]
        )
        for k, (b, side) in enumerate(zip(e.boards, e.sides, strict=True))
    ]
    return _("Forests laid: {boards}").format(boards=", ".join(laid))


def _tile_used(e: ev.TileUsed, who: Who) -> str:
    said = {"player": who(e.seat), "face": e.face, "effect": e.effect, "text": face_text(e.effect)}
    if e.copy and e.paid:
        text = _("{player} used {face} to use {effect}, paying {stones}: {text}")
    elif e.copy:
        text = _("{player} used {face} to use {effect}: {text}")
    elif e.paid:
        text = _("{player} used {face}, paying {stones}: {text}")
    else:
        text = _("{player} used {face}: {text}")
    return text.format(stones=stones(e.paid), **said)


def _tiki_moved(e: ev.TikiMoved, who: Who) -> str:
    player = who(e.seat)
    # TRANSLATORS: {source} is "from the volcano (orchid)" and the like, {target} "to …".
    return _("A {colour} Tiki moved {source} {target}").format(
        colour=colour(e.colour, "subject"),
        source=_place(e.source, player, "from"),
        target=_place(e.target, player, "to"),
    )


def _scoring(e: ev.ScoringRound, who: Who) -> str:
    sectors = "; ".join(
        sector(k)
        + " "
        + " ".join(f"{colour(c, 'colour')} {w}" for c, w in zip(C.colours, worth, strict=True))
        for k, worth in zip(e.sectors, e.worth, strict=True)
    )
    totals = [sum(row[seat] for row in e.points) for seat in range(len(e.points[0]))]
    gains = ", ".join(f"{who(s)} +{p}" for s, p in enumerate(totals))
    template = SCORINGS.get(e.kind)
    if template is None:  # no such scoring in the rules: say the kind as it came
        return _("{kind} scoring (VP per island Tiki — {sectors}): {gains}").format(
            kind=e.kind.capitalize(), sectors=sectors, gains=gains
        )
    return _(template).format(sectors=sectors, gains=gains)


def _bonuses(e: ev.FinalBonuses, who: Who) -> str:
    parts = [
        f"{who(s)} {a} + {st} + {cn}"
        for s, (a, st, cn) in enumerate(zip(e.all_sectors, e.stones, e.canoe, strict=True))
    ]
    return _("Final bonuses (all 5 sectors + stones + canoe): {bonuses}").format(
        bonuses=", ".join(parts)
    )


def _game_over(e: ev.GameOver, who: Who) -> str:
    scores = ", ".join(f"{who(s)} {score}" for s, score in enumerate(e.scores))
    winners = [who(w) for w in e.winners]
    fewer = e.tiebreak == TIEBREAK
    if len(winners) > 1 and fewer:
        text = _(
            "Final scores: {scores} — {winners} share the victory on fewer Tikis on the island"
        )
    elif len(winners) > 1:
        text = _("Final scores: {scores} — {winners} share the victory")
    elif fewer:
        text = _("Final scores: {scores} — {winners} wins on fewer Tikis on the island")
    else:
        text = _("Final scores: {scores} — {winners} wins")
    return text.format(scores=scores, winners=listed(winners))


def _canoe_moved(e: ev.CanoeMoved, who: Who) -> str:
    said = {"player": who(e.seat), "n": e.steps, "space": canoe_space(e.space)}
    if e.paid:
        return ngettext(
            "{player} moved the canoe {n} space to {space}, paying {stones}",
            "{player} moved the canoe {n} spaces to {space}, paying {stones}",
            e.steps,
        ).format(stones=stones(e.paid), **said)
    return ngettext(
        "{player} moved the canoe {n} space to {space}",
        "{player} moved the canoe {n} spaces to {space}",
        e.steps,
    ).format(**said)


def _built_on_volcano(e: ev.BuiltOnVolcano, who: Who) -> str:
    said = {"player": who(e.seat), "colour": colour(e.colour), "sector": sector(e.sector)}
    if e.stones:
        return _(
            "{player} built a {colour} Tiki on the volcano in {sector} and took {stones}"
        ).format(stones=stones(e.stones), **said)
    return _("{player} built a {colour} Tiki on the volcano in {sector}").format(**said)


def _forest_emptied(e: ev.ForestEmptied, who: Who) -> str:
    if 1 <= e.count <= len(ORDINALS):
        return _(ORDINALS[e.count - 1]).format(sector=sector(e.forest))
    return _("The {sector} forest is empty (number {n})").format(sector=sector(e.forest), n=e.count)


def _game_ending(e: ev.GameEnding, who: Who) -> str:
    if e.reason in ENDINGS:
        return _(ENDINGS[e.reason])
    return _("The game ends: {reason}").format(reason=e.reason)


_SENTENCES: Sentences = {
    ev.ForestsLaid: _forests_laid,
    ev.TikisBoxed: lambda e, who: ngettext(
        "{n} Tiki of each colour goes back in the box (2 players)",
        "{n} Tikis of each colour go back in the box (2 players)",
        e.per_colour,
    ).format(n=e.per_colour),
    ev.VolcanoPrepared: lambda e, who: ngettext(
        "A Tiki stands on every volcano column; {n} Sacred Stone in the crater",
        "A Tiki stands on every volcano column; {n} Sacred Stones in the crater",
        e.stones,
    ).format(n=e.stones),
    ev.ForestsFilled: lambda e, who: ngettext(
        "{n} Tiki placed in the forests at random",
        "{n} Tikis placed in the forests at random",
        len(e.tikis),
    ).format(n=len(e.tikis)),
    ev.ActionTilesDealt: lambda e, who: _(
        "Action tiles dealt: reef {reef}; forests {forests}"
    ).format(
        reef=", ".join(f"{t}A" for t in e.reef), forests=", ".join(f"{t}B" for t in e.centres)
    ),
    ev.StartPlayerChosen: lambda e, who: _("{player} is the start player").format(
        player=who(e.seat)
    ),
    ev.StonesDealt: lambda e, who: _("Sacred Stones dealt: {stones}").format(
        stones=", ".join(f"{who(s)} {n}" for s, n in enumerate(e.stones))
    ),
    ev.TikiDrafted: lambda e, who: _(
        "{player} took the {colour} Tiki of the volcano's {sector} sector into their canoe"
    ).format(player=who(e.seat), colour=colour(e.colour), sector=sector(e.sector)),
    ev.TurnStarted: lambda e, who: _("Turn {turn}: {player}").format(
        turn=e.turn, player=who(e.seat)
    ),
    ev.CanoeMoved: _canoe_moved,
    ev.TikiCut: lambda e, who: _(
        "{player} cut a {colour} Tiki from the {sector} forest ({space})"
    ).format(player=who(e.seat), colour=colour(e.colour), sector=sector(e.forest), space=e.space),
    ev.BuiltOnVolcano: _built_on_volcano,
    ev.BuiltOnIsland: lambda e, who: _(
        "{player} paid {stones} and built a {colour} Tiki on their island in {sector}"
    ).format(
        player=who(e.seat), stones=stones(e.paid), colour=colour(e.colour), sector=sector(e.sector)
    ),
    ev.Passed: lambda e, who: _("{player} has no main action in {sector} and passes").format(
        player=who(e.seat), sector=sector(e.sector)
    ),
    ev.TileUsed: _tile_used,
    ev.TikiMoved: _tiki_moved,
    ev.StonesTaken: lambda e, who: _("{player} took {stones} from the crater").format(
        player=who(e.seat), stones=stones(e.stones)
    ),
    ev.PointsGained: lambda e, who: ngettext(
        "{player} gained {points} VP", "{player} gained {points} VP", e.points
    ).format(player=who(e.seat), points=e.points),
    ev.VolcanoTileUnlocked: lambda e, who: _(
        "The {sector} forest's middle row is clear: tile {tile}B goes to the volcano's slope, "
        "and {player} may use it now"
    ).format(sector=sector(e.sector), tile=e.tile, player=who(e.seat)),
    ev.ForestEmptied: _forest_emptied,
    ev.TurnEnded: lambda e, who: _("{player}'s turn ends").format(player=who(e.seat)),
    ev.ScoringRound: _scoring,
    ev.GameEnding: _game_ending,
    ev.FinalBonuses: _bonuses,
    ev.GameOver: _game_over,
    Undone: lambda e, who: _("{player} took back their last move (from event {n} on)").format(
        player=who(e.seat), n=e.back_to
    ),
}
