"""The players around the island: tiles in hand, pooled MP, explorers, boats and score so far."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from core.games.maunakea import transcript
from core.games.maunakea.board import rotated
from core.games.maunakea.components import COMPONENTS
from core.games.maunakea.scoring import score_parts
from core.games.maunakea.state import MaunaKeaState, Phase, Status
from core.language import Translator
from tui.games.maunakea.widgets.glyphs import (
    ARTIFACT_GLYPH,
    TERRAIN_GLYPH,
    TERRAIN_STYLE,
    boat_style,
)
from tui.play.seats import seat_colour
from tui.widgets.theme_colours import readable

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
TILE_WIDTH = 6  # characters per tile in a hand, gap included (5 tiles fit in 32)
CHOSEN = Style(reverse=True, bold=True)
DIM = Style(dim=True)


@dataclass(frozen=True)
class TileChoice:
    """The tile a player has picked from their hand, and how it is turned."""

    seat: int
    index: int  # position in the hand
    rotation: int = 0


def cards_held(state: MaunaKeaState, seat: int) -> str:
    """How many cards a seat holds (never which: the panel shows every seat)."""
    if state.phase is Phase.DRAFT:
        return _("choosing cards") if state.dealt[seat] else _("has chosen")
    count = len(state.cards[seat])
    return ngettext("{n} card", "{n} cards", count).format(n=count)


class PlayersPanel(Widget):
    """One block per seat, the seat to move marked ▶, seats played here marked ⌨.

    ``compact`` (the narrow column beside the island at 80×24): a line per seat (its name and
    score), then only the ``focus`` seat's explorers, pool and tiles, two tiles a row."""

    class TileChosen(Message):
        """A tile in hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        compact: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.compact = compact
        self._focus: int | None = None
        self._state: MaunaKeaState | None = None
        self._names: tuple[str, ...] = ()
        self._here: frozenset[int] = frozenset()
        self._choice: TileChoice | None = None

    def show(
        self,
        state: MaunaKeaState,
        names: Sequence[str],
        here: Collection[int],
        choice: TileChoice | None = None,
        focus: int | None = None,
    ) -> None:
        self._state = state
        self._names = tuple(names)
        self._here = frozenset(here)
        self._choice = choice
        self._focus = focus
        self.refresh(layout=True)

    def action_choose_tile(self, index: int) -> None:
        self.post_message(self.TileChosen(index))

    def render(self) -> Text:
        state = self._state
        if state is None:
            return Text("")
        if self.compact:
            return readable(self, self._compact(state))
        text = Text()
        for seat in range(state.players):
            self._seat(text, state, seat)
        on_bag = _("Bag: {n} tiles").format(n=len(state.bag))
        if state.lava_lost:
            on_bag += " · " + _("lava gone: {n}").format(n=len(state.lava_lost))
        text.append(on_bag, DIM)
        return readable(self, text)

    def _seat_name(self, seat: int) -> str:
        return self._names[seat] if seat < len(self._names) else _("Seat {n}").format(n=seat + 1)

    def _compact(self, state: MaunaKeaState) -> Text:
        """A line per seat (▶ name ⌨, score), then the focus seat's explorers, pool, tiles."""
        width = self.size.width or 14
        text = Text()
        for seat in range(state.players):
            colour = Style(color=seat_colour(seat), bold=True)
            mark = "▶" if _acting(state, seat) else " "
            score = f"{score_parts(state, seat)['total']:>3}"
            here = "⌨" if seat in self._here else ""
            room = max(1, width - len(score) - 2 - len(here))
            name = self._seat_name(seat)[:room]
            text.append(f"{mark}{name}", colour)
            text.append(here, DIM)
            text.append(" " * max(1, width - 1 - len(name) - len(here) - len(score)))
            text.append(score + "\n", Style(bold=True))
        focus = self._focus
        if focus is not None and 0 <= focus < state.players:
            explorers = state.explorers[focus]
            counts = {s: sum(e.status is s for e in explorers) for s in Status}
            words = [_counted(Status.ISLAND, counts), _counted(Status.BOAT, counts)]
            if counts[Status.LOST]:
                words.append(_counted(Status.LOST, counts))
            if counts[Status.SUPPLY]:
                words.append(_counted(Status.SUPPLY, counts))
            text.append("\n".join(words) + "\n", DIM)
            if _acting(state, focus) and state.phase is Phase.TURN:
                pool = _("pool {mp} MP").format(mp=state.pool)
                text.append(pool + "\n", Style(color="#ffe14d", bold=True))
            if state.advanced:
                text.append(f"{cards_held(state, focus)}\n", DIM)
            hand = state.hands[focus]
            for at in range(0, len(hand), 2):
                self._hand(text, hand[at : at + 2], focus, first=at, lead="")
        text.append(_("Bag {n}").format(n=len(state.bag)), DIM)
        return text

    def _seat(self, text: Text, state: MaunaKeaState, seat: int) -> None:
        name = self._seat_name(seat)
        colour = Style(color=seat_colour(seat), bold=True)
        acting = _acting(state, seat)
        score = score_parts(state, seat)["total"]
        head = Text()
        head.append("▶ " if acting else "  ", colour)
        head.append(name, colour)
        if seat in self._here:
            head.append(" ⌨", DIM)
        if state.advanced:
            head.append(f" · {cards_held(state, seat)}", DIM)
        if state.end is not None and state.phase is not Phase.OVER:
            left = state.end.to_play.count(seat)
            turns = ngettext("({n} turn left)", "({n} turns left)", left).format(n=left)
            head.append(f" {turns}", DIM)
        tail = _("{score} VP").format(score=f"{score:>3}")
        pad = max(1, self.size.width - head.cell_len - len(tail)) if self.size.width else 2
        text.append_text(head)
        text.append(" " * pad + tail + "\n", Style(bold=True))

        explorers = state.explorers[seat]
        counts = {s: sum(e.status is s for e in explorers) for s in Status}
        line = Text("  ")
        line.append(_counted(Status.ISLAND, counts))
        line.append(f" · {_counted(Status.BOAT, counts)}")
        if counts[Status.LOST]:
            line.append(f" · {_counted(Status.LOST, counts)}")
        if counts[Status.SUPPLY]:
            line.append(f" · {_counted(Status.SUPPLY, counts)}")
        if acting and state.phase is Phase.TURN:
            pool = _("pool {mp} MP").format(mp=state.pool)
            line.append(f"  {pool}", Style(color="#ffe14d", bold=True))
        text.append_text(line)
        text.append("\n")

        boats = [t for t in state.taken if t.seat == seat]
        if boats:
            line = Text("  ")
            for taken in boats:
                boat = C.boats[taken.boat]
                cargo = "".join(ARTIFACT_GLYPH[c] for c in taken.cargo)
                empty = "□" * (boat.places - len(taken.cargo))
                said = transcript.boat_colour(boat.colour, "alone")
                line.append(f" {said} {cargo}{empty} ", boat_style(boat.colour))
                line.append(" ")
            text.append_text(line)
            text.append("\n")
        hand = state.hands[seat]
        if hand:
            self._hand(text, hand, seat)

    def _hand(
        self, text: Text, hand: Sequence[int], seat: int, *, first: int = 0, lead: str = "  "
    ) -> None:
        """The tiles ``hand`` (``first`` is the first one's index in the seat's hand)."""
        choice = self._choice if self._choice and self._choice.seat == seat else None
        labels = Text(lead)
        tops = Text(lead)
        bottoms = Text(lead)
        for index, tile in enumerate(hand, start=first):
            chosen = choice is not None and choice.index == index
            click = Style(meta={"@click": f"choose_tile({index})"})
            label = f"{index + 1}:{C.mp(tile)}MP"
            labels.append(label, (CHOSEN if chosen else Style(bold=True)) + click)
            labels.append(" " * (TILE_WIDTH - len(label)))
            squares = rotated(C.terrain[tile].squares, choice.rotation if chosen and choice else 0)
            for row, (left, right) in ((tops, (0, 1)), (bottoms, (3, 2))):
                for q in (left, right):
                    terrain = squares[q]
                    row.append(f"{TERRAIN_GLYPH[terrain]} ", TERRAIN_STYLE[terrain] + click)
                row.append(" " * (TILE_WIDTH - 4))
        for row in (labels, tops, bottoms):
            row.rstrip()
            text.append_text(row)
            text.append("\n")


def _acting(state: MaunaKeaState, seat: int) -> bool:
    """Whether ``seat`` is the one to play now (its turn, or its explorer to place)."""
    acting = state.active == seat and state.phase in (Phase.TURN, Phase.REFILL)
    return acting or (state.phase is Phase.PLACEMENT and state.placer == seat)


def _counted(status: Status, counts: dict[Status, int]) -> str:
    """``island 5``: how many of a seat's explorers are where ``status`` says (at most 13
    columns: the narrow panel's)."""
    n = counts[status]
    said = {
        # TRANSLATORS: a seat's explorers by where they are (the side panel: at most 13 columns)
        Status.ISLAND: _("island {n}"),
        Status.BOAT: _("saved {n}"),
        Status.LOST: _("lost {n}"),
        Status.SUPPLY: _("to place {n}"),
    }
    return said[status].format(n=n)
