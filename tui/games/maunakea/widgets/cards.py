"""The advanced game's cards as the one who holds them sees them: titles and what they do.

The panel is given a state already seen through someone's eyes (``RULES.view``) and the seats
whose hands it may show; it never looks at another seat's cards.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from core.games.maunakea import transcript
from core.games.maunakea.components import COMPONENTS, Card
from core.games.maunakea.state import MaunaKeaState, Phase
from core.language import N_, Translator
from tui.play.seats import seat_colour
from tui.widgets.theme_colours import readable

C = COMPONENTS
T = Translator("maunakea")
_, ngettext = T.gettext, T.ngettext
DIM = Style(dim=True)
PICKED = Style(reverse=True, bold=True)

ACTION_HINT = {  # one short line under the card's title (the panel is ~33 columns wide)
    # TRANSLATORS: what an action card does, under its title in the hand (at most 32 columns)
    "jungle": N_("over jungle; stops at artifacts"),
    "water": N_("over water; stops at artifacts"),
    "mountain": N_("over mountains to jungle/water"),
    "earthquake": N_("turn a tile; may draw one more"),
    "helicopter": N_("fly an explorer out (not last)"),
}
ACTION_RULE = {  # marked (N_ in each entry): said where shown
    "jungle": N_(
        "Move one of your explorers over any number of connected jungle spaces, free of "
        "MP (it may start on water). It stops on entering a space with an artifact."
    ),
    "water": N_(
        "Move one of your explorers over any number of connected water spaces, free of MP "
        "(it may start on jungle). It stops on entering a space with an artifact."
    ),
    "mountain": N_(
        "Move one of your explorers across connected mountain spaces (at least one), "
        "from jungle or water to a free jungle or water space beyond, free of MP."
    ),
    "earthquake": N_(
        "Turn a terrain tile with no explorer on it (its artifacts turn with it). "
        "Then you may draw a tile and place it: lava flows at once, terrain is laid by you."
    ),
    "helicopter": N_(
        "Fly one of your explorers off the island with its artifacts: they score, the "
        "explorer does not. Never your last explorer on the island."
    ),
}


def card_title(card_id: str) -> str:
    """``"jungle movement"``, ``"3 white: +2"``; a card this view may not see is "a hidden card"
    (in the reader's language)."""
    return transcript.card_text(card_id)


def task_rule(card: Card) -> str:
    """What a task card scores, in the reader's language."""
    needs = dict(card.needs)
    if card.boat is not None:
        colour = transcript.boat_colour(card.boat, "alone")
        return _("At the end: +{vp} if you took the {colour} boat.").format(
            vp=card.vp, colour=colour
        )
    if "no_penalty" in needs:
        return _("At the end: your empty boat places cost nothing.")
    if "explorers" in needs:
        n = needs["explorers"]
        return ngettext(
            "At the end: +{vp} for {n} explorer saved in boats.",
            "At the end: +{vp} for {n} explorers saved in boats.",
            n,
        ).format(vp=card.vp, n=n)
    wanted = " + ".join(transcript.needed(colour, n) for colour, n in card.needs)
    return _("At the end: +{vp} for {needs} saved (each piece serves one card).").format(
        vp=card.vp, needs=wanted
    )


def card_rule(card_id: str) -> str:
    """What the card does, in a sentence or two."""
    if card_id not in C.cards_by_id:
        return ""
    card = C.card(card_id)
    return _(ACTION_RULE[card.action]) if card.action is not None else task_rule(card)


def advanced_help() -> str:
    """The advanced game in brief, every card included (Rich markup, for the help screen)."""
    actions = "\n".join(
        f"  [b]{card_title(f'{action}-1')}[/b]: {_(rule)}" for action, rule in ACTION_RULE.items()
    )
    return (
        _(
            "[b]The advanced game[/b]\n"
            "Each player is dealt 6 cards and keeps 4 in secret; at one keyboard each hand is "
            "shown only after the others have looked away. Action cards are played at any time "
            "in your turn, free of MP, and leave the game. Task cards score at the end; each "
            "saved explorer and artifact serves one card. Spent tiles leave the game; it ends "
            "when a player has no explorer on the island or the bag is empty."
        )
        + "\n"
        + actions
    )


def hands_seen(state: MaunaKeaState, seat: int | None, everything: bool = False) -> tuple[int, ...]:
    """The seats whose hands a viewer sees: every hand once turned over (or "everything"),
    else only the viewer's own."""
    if everything or state.revealed:
        return tuple(range(state.players))
    return (seat,) if seat is not None else ()


class CardsPanel(Widget):
    """The hands this screen may show; a click on an action card picks it."""

    class CardChosen(Message):
        """An action card in the shown hand was clicked."""

        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._state: MaunaKeaState | None = None
        self._names: tuple[str, ...] = ()
        self._seats: tuple[int, ...] = ()
        self._picked: str | None = None
        self._playable: frozenset[str] = frozenset()
        self._hidden = ""
        self._hint = ""

    def show(
        self,
        state: MaunaKeaState,
        names: Sequence[str],
        seats: Sequence[int],
        *,
        picked: str | None = None,
        playable: Collection[str] = (),
        hidden: str = "",
        hint: str = "",
    ) -> None:
        """Show the hands of ``seats`` in ``state`` (a view that may see them). ``playable``
        cards are bold, ``picked`` is highlighted, ``hint`` follows the title (the key to use)
        and ``hidden`` is said when no hand is shown."""
        self._state = state
        self._names = tuple(names)
        self._seats = tuple(seats)
        self._picked = picked
        self._playable = frozenset(playable)
        self._hidden = hidden
        self._hint = hint
        self.display = state.advanced
        self.refresh(layout=True)

    def action_choose_card(self, card: str) -> None:
        self.post_message(self.CardChosen(card))

    def _player(self, seat: int) -> str:
        return self._names[seat] if seat < len(self._names) else _("Seat {n}").format(n=seat + 1)

    def render(self) -> Text:
        return readable(self, self._text())

    def _text(self) -> Text:
        state = self._state
        if state is None or not state.advanced:
            return Text("")
        if not self._seats:
            return Text(self._hidden, DIM)
        if len(self._seats) > 1:
            return self._hands(state)
        return self._hand(state, self._seats[0])

    def _hands(self, state: MaunaKeaState) -> Text:
        """Several hands (turned over at scoring, or a replay of everything): a few lines each,
        never breaking a title."""
        text = Text()
        width = max(self.size.width, 20)
        for seat in self._seats:
            cards = state.cards[seat] or state.dealt[seat]
            items = [card_title(c) for c in cards] or [_("no cards")]
            line = Text(self._player(seat), Style(color=seat_colour(seat), bold=True))
            line.append(":")
            for index, item in enumerate(items):
                word = f" {item}" + ("," if index < len(items) - 1 else "")
                if line.cell_len + len(word) > width:
                    text.append_text(line)
                    text.append("\n")
                    line = Text(" ")
                line.append(word)
            text.append_text(line)
            text.append("\n")
        text.rstrip()
        return text

    def _hand(self, state: MaunaKeaState, seat: int) -> Text:
        text = Text()
        name = Text(self._player(seat), Style(color=seat_colour(seat), bold=True))
        dealt = state.dealt[seat]
        if state.phase is Phase.DRAFT and dealt:
            said = _("{player}: {n} cards dealt, keep {kept}").format(
                player="{player}", n=len(dealt), kept=C.cards_kept
            )
            text.append_text(_named(said, name, Style(bold=True)))
            text.append(f"  {self._hint}\n" if self._hint else "\n", DIM)
            for card in dealt:
                text.append(f"  {card_title(card)}\n")
            text.rstrip()
            return text
        cards = state.cards[seat]
        said = _("{player}'s cards") if cards else _("{player} holds no cards")
        text.append_text(_named(said, name, Style(bold=True)))
        text.append(f"  {self._hint}\n" if self._hint else "\n", DIM)
        tasks = [c for c in cards if c in C.cards_by_id and C.card(c).is_task]
        for card in cards:
            if card not in tasks:
                self._action(text, card)
        if tasks:
            text.append(_("Tasks, scored at the end:") + "\n", DIM)
            for card in tasks:
                text.append(f"  {card_title(card)}\n")
        text.rstrip()
        return text

    def _action(self, text: Text, card_id: str) -> None:
        """An action card (or one this view cannot see): its title and what it does."""
        if card_id not in C.cards_by_id:
            text.append(f"  {card_title(card_id)}\n", DIM)
            return
        action = C.card(card_id).action or ""
        picked = card_id == self._picked
        style = PICKED if picked else Style(bold=card_id in self._playable)
        click = Style(meta={"@click": f"choose_card('{card_id}')"})
        text.append("▸ " if picked else "  ", style + click)
        text.append(card_title(card_id), style + click)
        text.append(f"\n  {_(ACTION_HINT[action])}\n", DIM + click)


def _named(template: str, name: Text, style: Style) -> Text:
    """``template`` (``"{player}'s cards"``, in the reader's language) in ``style``, with the
    player's ``name`` in its own colour where ``{player}`` stands."""
    before, _sep, after = template.partition("{player}")
    out = Text(before, style) if before else Text()
    out.append_text(name)
    if after:
        out.append(after, style)
    return out
