"""What the seat at the keyboard may do now in Mauna Kea, read from the rules' legal commands.

The play screen asks this module which keys make sense, what to lay over the board and what to
say in the prompt; the rules decide everything (``legal_commands``, ``reachable``), nothing here
re-implements a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from core.games.maunakea import commands as cmd
from core.games.maunakea.board import rotated, slot_name, slot_of, space_name
from core.games.maunakea.components import COMPONENTS, Space
from core.games.maunakea.movement import reachable
from core.games.maunakea.state import Explorer, MaunaKeaState, Phase, Quake
from core.language import Translator
from core.messages import Command
from core.protocol import Rules
from tui.games.maunakea.widgets.glyphs import TERRAIN_GLYPH
from tui.games.maunakea.widgets.info import colours_text
from tui.games.maunakea.widgets.paint import Ghost, Marks
from tui.games.maunakea.widgets.players import TileChoice

T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext

C = COMPONENTS
QUAKE_TILE = -1  # the ``TileChoice.index`` of the tile an earthquake drew (not in the hand)


@dataclass
class Turn:
    """The acting seat's options in one state (computed once per state, cheap to query)."""

    rules: Rules[Any]
    state: MaunaKeaState
    seat: int | None  # the seat at this keyboard that must act now, if any
    commands: list[Command] = field(default_factory=list)
    _reach: dict[int | None, dict[Space, tuple[int, tuple[Space, ...]]]] = field(
        default_factory=dict, repr=False
    )

    def __post_init__(self) -> None:
        if self.seat is not None:
            self.commands = self.rules.legal_commands(self.state, self.seat)

    @cached_property
    def legal(self) -> frozenset[Command]:
        return frozenset(self.commands)

    @property
    def placing_explorers(self) -> bool:
        return self.seat is not None and self.state.phase is Phase.PLACEMENT

    @property
    def playing(self) -> bool:
        return self.seat is not None and self.state.phase is Phase.TURN

    @property
    def quake(self) -> Quake | None:
        """Where the acting seat's earthquake stands (decide to draw, place the drawn tile)."""
        return self.state.quake if self.playing else None

    @property
    def free(self) -> bool:
        """The acting seat may play tiles, cards and explorers (no earthquake is pending)."""
        return self.playing and self.state.quake is None

    @property
    def hand(self) -> list[int]:
        return self.state.hands[self.seat] if self.seat is not None else []

    def explorers(self) -> list[Explorer]:
        """The acting seat's explorers on the island (none while an earthquake is pending)."""
        return self.state.on_island(self.seat) if self.free and self.seat is not None else []

    def explorer(self, index: int | None) -> Explorer | None:
        if index is None or self.seat is None:
            return None
        for e in self.explorers():
            if e.index == index:
                return e
        return None

    def explorer_at(self, space: Space) -> Explorer | None:
        for e in self.explorers():
            if e.space == space:
                return e
        return None

    def of_explorer(self, kind: type[Command], index: int | None) -> list[Any]:
        """The legal commands of ``kind`` for explorer ``index`` (pick up, drop, board)."""
        return [
            c
            for c in self.commands
            if isinstance(c, kind) and getattr(c, "explorer", None) == index
        ]

    def reach(self, index: int | None) -> dict[Space, tuple[int, tuple[Space, ...]]]:
        """Where explorer ``index`` can go with the pool: cost and path (cached)."""
        if index not in self._reach:
            explorer = self.explorer(index)
            found = reachable(self.state, explorer, self.state.pool) if explorer else {}
            self._reach[index] = found
        return self._reach[index]

    def start_spaces(self) -> frozenset[Space]:
        return frozenset(c.space for c in self.commands if isinstance(c, cmd.PlaceExplorer))

    def nearest_empty_slot(self, near: Space) -> Space | None:
        """A space in the free slot closest to ``near`` (where a tile could go)."""
        slots = {c.slot for c in self.commands if isinstance(c, cmd.PlaceTile)}
        if not slots:
            return None
        x, y = near
        best = min(slots, key=lambda s: (abs(2 * s[0] - x) + abs(2 * s[1] - y), s))
        return 2 * best[0] + x % 2, 2 * best[1] + y % 2

    def tile(self, choice: TileChoice | None) -> int | None:
        """The tile ``choice`` picked: from the hand, or the one an earthquake drew."""
        if choice is None or self.seat != choice.seat:
            return None
        if choice.index == QUAKE_TILE:
            return self.state.quake_tile if self.quake is Quake.PLACE else None
        if self.quake is not None or choice.index >= len(self.hand):
            return None
        return self.hand[choice.index]

    # -- what the board shows -------------------------------------------------------------

    def marks(
        self,
        cursor: Space,
        choice: TileChoice | None,
        explorer: int | None,
        fresh: frozenset[tuple[int, int]],
    ) -> Marks:
        tile = self.tile(choice)
        if tile is not None and choice is not None:
            slot = slot_of(cursor)
            squares = rotated(C.terrain[tile].squares, choice.rotation)
            return Marks(ghost=Ghost(slot, squares, self.state.empty_slot(slot)), fresh=fresh)
        chosen = self.explorer(explorer)
        if chosen is not None:
            reach = self.reach(explorer)
            path = frozenset(reach[cursor][1]) if cursor in reach else frozenset()
            return Marks(
                reach={s: cost for s, (cost, _path) in reach.items()},
                path=path,
                selected=chosen.space,
                fresh=fresh,
            )
        if self.placing_explorers:
            return Marks(targets=self.start_spaces(), fresh=fresh)
        return Marks(fresh=fresh)

    # -- what the prompt says -------------------------------------------------------------

    def prompt(
        self,
        name: str,
        cursor: Space,
        choice: TileChoice | None,
        explorer: int | None,
        *,
        cards: bool = False,
    ) -> str:
        """What the acting player can do now, in one or two lines of Rich markup (``cards``:
        an action card can be played too)."""
        state = self.state
        if self.placing_explorers:
            return _(
                "[b]{player}[/b]: place an explorer on a free start space [b]›♣‹[/b] "
                "(arrows, then [b]enter[/b])"
            ).format(player=name)
        tile = self.tile(choice)
        if tile is not None and choice is not None:
            t = C.terrain[tile]
            tl, tr, br, bl = (TERRAIN_GLYPH[s] for s in rotated(t.squares, choice.rotation))
            squares = f"{tl}{tr}/{bl}{br}"  # the top row, then the bottom row
            where = slot_name(slot_of(cursor))
            if choice.index == QUAKE_TILE:
                return _(
                    "[b]The earthquake drew a tile[/b] ({squares}): it must be laid now. Arrows "
                    "move it, [b]r[/b] turns it, [b]enter[/b] lays it at [b]{slot}[/b]"
                ).format(squares=squares, slot=where)
            return _(
                "[b]Tile {n}[/b] ({squares}, {mp} MP): arrows move it, [b]r[/b] turns it, "
                "[b]enter[/b] lays it at [b]{slot}[/b], [b]s[/b] spends it for {mp} MP"
            ).format(n=choice.index + 1, squares=squares, mp=t.mp, slot=where)
        chosen = self.explorer(explorer)
        if chosen is not None and chosen.space is not None:
            # TRANSLATORS: put in {load} of "[b]Explorer {n}[/b] on {space}{load}; …"
            carrying = _(" carrying {colours}")
            load = carrying.format(colours=colours_text(chosen.carried)) if chosen.carried else ""
            reach = self.reach(explorer)
            there = ""
            if cursor in reach:
                cost, path = reach[cursor]
                route = " → ".join(space_name(s) for s in path)
                # TRANSLATORS: put in {there} of "[b]Explorer {n}[/b] on {space}{load}; …"
                there = _(" · to [b]{space}[/b]: {cost} MP ({route})").format(
                    space=space_name(cursor), cost=cost, route=route
                )
            elif cursor != chosen.space:
                there = _(" · {space} is out of reach").format(space=space_name(cursor))
            return _(
                "[b]Explorer {n}[/b] on {space}{load}; pool [b]{mp} MP[/b]{there}\n"
                "arrows choose a space, [b]enter[/b] moves there, shift+arrows step"
            ).format(
                n=chosen.index + 1,
                space=space_name(chosen.space),
                load=load,
                mp=state.pool,
                there=there,
            )
        hand = self.hand
        # TRANSLATORS: put in {card} of the two lines below (an action card may be played too)
        card = _(", [b]c[/b] an action card") if cards else ""
        if len(hand) == 1:
            picks = _("[b]1[/b] picks it")
        else:
            picks = _("[b]1–{n}[/b] picks a tile").format(n=len(hand))
        if hand:
            return ngettext(
                "[b]{player}[/b]: {n} tile(s) to play, pool [b]{mp} MP[/b]. {picks} (lay it or "
                "spend it), [b]tab[/b] picks an explorer{card}",
                "[b]{player}[/b]: {n} tile(s) to play, pool [b]{mp} MP[/b]. {picks} (lay it or "
                "spend it), [b]tab[/b] picks an explorer{card}",
                len(hand),
            ).format(player=name, n=len(hand), mp=state.pool, picks=picks, card=card)
        return _(
            "[b]{player}[/b]: every tile is played; pool [b]{mp} MP[/b]. "
            "[b]tab[/b] picks an explorer to move{card}, [b]e[/b] ends the turn"
        ).format(player=name, mp=state.pool, card=card)


def cargo_label(cargo: Sequence[str], places: int) -> str:
    """A boarding option as the cargo dialog lists it."""
    empty = places - len(cargo)
    # TRANSLATORS: a choice in the cargo dialog, when an explorer boards a boat
    load = colours_text(cargo) if cargo else _("no artifacts")
    if empty <= 0:
        return load
    # TRANSLATORS: after a cargo choice: "○ white (1 place(s) left empty)"; Mauna Kea
    # rulebook: a boat's places (Platz / place / plaats); the English keeps its "(s)"
    left = ngettext(" ({n} place(s) left empty)", " ({n} place(s) left empty)", empty)
    return load + left.format(n=empty)
