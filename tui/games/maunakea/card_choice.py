"""What the acting seat may do with its action cards now, read from the rules' legal commands.

Like :mod:`tui.games.maunakea.turn`, nothing here re-implements a rule: the cards, explorers,
destinations and tiles offered are exactly those of ``legal_commands``; ``movement.card_reach``
only supplies the way to draw on the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.games.maunakea import commands as cmd
from core.games.maunakea.board import rotated, slot_name, slot_of, space_name, spaces_of
from core.games.maunakea.components import COMPONENTS, Slot, Space
from core.games.maunakea.movement import card_reach
from core.games.maunakea.state import Kind, Quake
from core.language import Translator
from tui.games.maunakea.turn import Turn
from tui.games.maunakea.widgets.cards import card_title
from tui.games.maunakea.widgets.glyphs import TERRAIN_GLYPH
from tui.games.maunakea.widgets.info import colours_text
from tui.games.maunakea.widgets.paint import Ghost, Marks

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
MOVES = ("jungle", "water", "mountain")
CardCommand = cmd.PlayMoveCard | cmd.PlayEarthquake | cmd.PlayHelicopter


@dataclass(frozen=True)
class CardChoice:
    """The action card a player has picked; for an earthquake, how far the tile would turn."""

    seat: int
    card: str
    turns: int = 1  # earthquake: quarter turns clockwise from where the tile lies (1–3)

    def turned(self) -> CardChoice:
        return CardChoice(self.seat, self.card, self.turns % 3 + 1)


class CardOptions:
    """The acting seat's action cards and what each can do in one state."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self.state = turn.state
        self.by_card: dict[str, list[CardCommand]] = {}
        for command in turn.commands:
            if isinstance(command, CardCommand):
                self.by_card.setdefault(command.card, []).append(command)

    @property
    def hand(self) -> list[str]:
        seat = self.turn.seat
        return self.state.cards[seat] if seat is not None and self.state.advanced else []

    def action_cards(self) -> list[str]:
        """The action cards in hand, in hand order."""
        return [c for c in self.hand if c in C.cards_by_id and C.card(c).action is not None]

    @property
    def playable(self) -> list[str]:
        """The action cards in hand that can be played now, in hand order."""
        return [c for c in self.hand if c in self.by_card]

    def choice(self, choice: CardChoice | None) -> CardChoice | None:
        """``choice`` if its card can still be played by the acting seat, else ``None``."""
        if choice is None or choice.seat != self.turn.seat or choice.card not in self.by_card:
            return None
        return choice

    @staticmethod
    def action(card: str) -> str:
        return C.card(card).action or ""

    def explorers(self, card: str) -> list[int]:
        """The explorers a movement or helicopter card can take now."""
        return sorted(
            {
                c.explorer
                for c in self.by_card.get(card, [])
                if isinstance(c, cmd.PlayMoveCard | cmd.PlayHelicopter)
            }
        )

    def destinations(self, card: str, explorer: int | None) -> dict[Space, tuple[Space, ...]]:
        """Where a movement card can take ``explorer``, with the way it goes."""
        tos = [
            c.to
            for c in self.by_card.get(card, [])
            if isinstance(c, cmd.PlayMoveCard) and c.explorer == explorer
        ]
        chosen = self.turn.explorer(explorer)
        ways = card_reach(self.state, chosen, self.action(card)) if chosen else {}
        return {to: ways.get(to, (to,)) for to in tos}

    def quake_slots(self, card: str) -> frozenset[Slot]:
        return frozenset(
            c.slot for c in self.by_card.get(card, []) if isinstance(c, cmd.PlayEarthquake)
        )

    def quake_rotation(self, choice: CardChoice, slot: Slot) -> int | None:
        """The orientation ``choice`` would give the tile at ``slot``, if that is legal."""
        placed = self.state.board.get(slot)
        if placed is None:
            return None
        rotation = (placed.turn + choice.turns) % 4
        legal = cmd.PlayEarthquake(choice.card, slot, rotation) in self.turn.legal
        return rotation if legal else None

    def nearest_quake_slot(self, card: str, near: Space) -> Space | None:
        """A space of the tile closest to ``near`` that the earthquake can turn."""
        slots = self.quake_slots(card)
        if not slots:
            return None
        x, y = near
        best = min(slots, key=lambda s: (abs(2 * s[0] - x) + abs(2 * s[1] - y), s))
        return 2 * best[0] + x % 2, 2 * best[1] + y % 2

    # -- what the board shows -------------------------------------------------------------

    def marks(
        self,
        choice: CardChoice,
        explorer: int | None,
        cursor: Space,
        fresh: frozenset[Slot],
    ) -> Marks:
        action = self.action(choice.card)
        chosen = self.turn.explorer(explorer)
        selected = chosen.space if chosen is not None else None
        if action in MOVES:
            ways = self.destinations(choice.card, explorer)
            way = frozenset(ways.get(cursor, ()))
            return Marks(targets=frozenset(ways), path=way, selected=selected, fresh=fresh)
        if action == "earthquake":
            slot = slot_of(cursor)
            placed = self.state.board.get(slot)
            rotation = self.quake_rotation(choice, slot)
            if placed is not None and placed.kind is Kind.TERRAIN and rotation is not None:
                squares = rotated(C.terrain[placed.tile].squares, rotation)
                return Marks(ghost=Ghost(slot, squares, True), fresh=fresh)
            here = tuple(self.state.terrain(s) for s in spaces_of(slot))
            return Marks(ghost=Ghost(slot, here, False), fresh=fresh)
        return Marks(selected=selected, fresh=fresh)

    # -- what the prompt says -------------------------------------------------------------

    def prompt(self, choice: CardChoice, explorer: int | None, cursor: Space) -> str:
        """What to do with the picked card, in one or two lines of Rich markup."""
        card = choice.card
        title = card_title(card).capitalize()
        action = self.action(card)
        chosen = self.turn.explorer(explorer)
        if action == "earthquake":
            slot = slot_of(cursor)
            rotation = self.quake_rotation(choice, slot)
            where = slot_name(slot)
            # TRANSLATORS: an earthquake card's prompt (keep the keys: r, enter, escape, tab);
            # Mauna Kea rulebook (de): Erdbeben, Plättchen; (fr) tremblement de terre, tuile
            if rotation is None:
                state = _("[b]{slot}[/b] cannot turn (only terrain tiles with no explorer)").format(
                    slot=where
                )
            else:
                tl, tr, br, bl = (
                    TERRAIN_GLYPH[s] for s in rotated(C.terrain[self._tile(slot)].squares, rotation)
                )
                state = _("[b]{slot}[/b] turned {n}× ({squares}), artifacts too").format(
                    slot=where, n=choice.turns, squares=f"{tl}{tr}/{bl}{br}"
                )
            return _(
                "[b]{card}[/b]: {state}\n"
                "arrows: another tile, [b]r[/b]: turn more, [b]enter[/b]: confirm, "
                "[b]escape[/b]: put the card down"
            ).format(card=title, state=state)
        if chosen is None or chosen.space is None:
            return _("[b]{card}[/b]: [b]tab[/b] picks the explorer").format(card=title)
        # TRANSLATORS: put in {load} of "explorer {n} on {space}{load}"
        load = _(" carrying {colours}").format(colours=colours_text(chosen.carried))
        # TRANSLATORS: put in {explorer} of a card's prompt ("fly {explorer} off the island")
        who = _("explorer {n} on {space}{load}").format(
            n=chosen.index + 1, space=space_name(chosen.space), load=load if chosen.carried else ""
        )
        # TRANSLATORS: put in {others} of a card's prompt, when another explorer may be chosen
        others = _(", [b]tab[/b]: another explorer") if len(self.explorers(card)) > 1 else ""
        if action == "helicopter":
            # TRANSLATORS: the helicopter card's prompt; Mauna Kea rulebook (de): Hubschrauber
            return _(
                "[b]{card}[/b]: fly {explorer} off the island\n"
                "[b]enter[/b]: fly it{others}, [b]escape[/b]: put the card down"
            ).format(card=title, explorer=who, others=others)
        ways = self.destinations(card, explorer)
        if cursor in ways:
            route = " → ".join(map(space_name, ways[cursor]))
            there = f" → [b]{space_name(cursor)}[/b] ({route})"
        elif cursor != chosen.space:
            # TRANSLATORS: put in {there} of a movement card's prompt
            there = _(" · {space} is not a way this card goes").format(space=space_name(cursor))
        else:
            # TRANSLATORS: put in {there} of a movement card's prompt (the English keeps "(s)")
            there = ngettext(
                " · {n} space(s) marked ›‹", " · {n} space(s) marked ›‹", len(ways)
            ).format(n=len(ways))
        # TRANSLATORS: a movement card's prompt (keep the keys: enter, escape, tab)
        return _(
            "[b]{card}[/b]: {explorer}{there}\n"
            "arrows: a marked space, [b]enter[/b]: move there{others}, "
            "[b]escape[/b]: put the card down"
        ).format(card=title, explorer=who, there=there, others=others)

    def _tile(self, slot: Slot) -> int:
        return self.state.board[slot].tile

    def after_quake(self, name: str) -> str:
        """The prompt while an earthquake waits for its draw decision."""
        if self.turn.quake is not Quake.DECIDE:
            return ""
        # TRANSLATORS: after an earthquake card (keep the keys: y, n); Mauna Kea rulebook (de):
        # Plättchen ziehen und anlegen
        if cmd.QuakeDraw(True) in self.turn.legal:
            return _(
                "[b]{card}[/b]: after the earthquake, draw a tile and place it? "
                "[b]y[/b] draws one (lava flows at once, terrain you lay), [b]n[/b] draws none"
            ).format(card=name)
        return _(
            "[b]{card}[/b]: after the earthquake no tile can be drawn (the bag is empty or no "
            "slot is free): [b]n[/b] goes on"
        ).format(card=name)
