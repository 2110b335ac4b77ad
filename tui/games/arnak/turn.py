"""What the seat at the keyboard may do now in Arnak, read from the rules' legal commands.

A command is built by a few choices (the shared :class:`tui.screens.choice_tree.ChoiceTree`):
a verb (play a card, dig, discover, overcome, buy, research, an assistant, a boon, an idol, pass,
end the turn), then its questions (which card, which site, how to pay the travel). A question on
top of the rules' pending-decision stack is the verb ``answer``: its options are the rules'
answers, in core's words (:mod:`core.games.arnak.words`). Nothing illegal can be chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.games.arnak import commands as cmd
from core.games.arnak import effects as fx
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, TABLET, ArnakState
from tui.screens.choice_tree import Option, SeatTurn, Stage, Value, Verb


def _card(turn: Turn, c: Any) -> str:
    return W.card_line(c.card)


def _short_card(turn: Turn, c: Any) -> str:
    return C.name(c.card)


def _space(turn: Turn, c: Any) -> str:
    state = turn.state
    if isinstance(c, cmd.Discover):
        level = int(c.space[1])
        compasses = W.plural(C.rules.discover_cost[level].C, "compass", "compasses")
        return (
            f"{W.space_name(c.space)} ({W.travel(W.side(state).space(c.space).travel)}), "
            f"{compasses}"
        )
    travel = W.travel(W.side(state).space(c.space).travel)
    return f"{W.space_name(c.space)} ({travel}): {W.site_effect(state, fx.site_of(c.space))}"


def _short_space(turn: Turn, c: Any) -> str:
    return W.space_name(c.space)


def _pay(turn: Turn, c: Any) -> str:
    return "pay with " + W.pay_words("+".join(c.pay)) if c.pay else "nothing more to pay"


def _guardian(turn: Turn, c: Any) -> str:
    g = turn.state.guardian.get(c.space)
    return f"{W.site_name(c.space)}: " + (W.guardian_line(g) if g else "no guardian")


def _buy(turn: Turn, c: Any) -> str:
    info = C.card(c.card)
    return (
        f"{info.name} ({W.price(c.card)}, {info.vp} VP, {W.travel(info.travel)}): "
        f"{W.effect(info.effect)}"
    )


def _token(turn: Turn, c: Any) -> str:
    player = turn.state.seats[turn.seat or 0]
    here = player.glass if c.token == "glass" else player.notebook
    return f"the {'magnifying glass' if c.token == 'glass' else 'notebook'} (on space {here})"


def _to(turn: Turn, c: Any) -> str:
    return W.research_words(turn.state, c.token, c.to)


def _assistant(turn: Turn, c: Any) -> str:
    helper = turn.state.seats[turn.seat or 0].assistants[c.slot]
    side = "gold" if helper.gold else "silver"
    return f"assistant {int(helper.id[1:])} ({side}): {W.assistant_line(helper.id, helper.gold)}"


def _boon(turn: Turn, c: Any) -> str:
    return f"{C.name(c.guardian)}: {W.effect(C.guardian(c.guardian).boon)}"


def _answer(turn: Turn, c: Any) -> str:
    return W.answer(turn.state, c.value)


PLAY = Verb(
    "play",
    "p",
    "Play",
    cmd.PlayCard,
    (Stage("Play which card?", lambda c: c.card, _card, _short_card),),
    "Play a card from your hand for its effect (an artifact costs 1 tablet)",
)
DIG = Verb(
    "dig",
    "d",
    "Dig",
    cmd.Dig,
    (
        Stage("Dig at which site?", lambda c: c.space, _space, _short_space),
        Stage("Pay the travel how?", lambda c: c.pay, _pay),
    ),
    "Send an archaeologist to a free space of a discovered site, paying its travel",
)
DISCOVER = Verb(
    "discover",
    "x",
    "Discover",
    cmd.Discover,
    (
        Stage("Discover which site?", lambda c: c.space, _space, _short_space),
        Stage("Pay the travel how?", lambda c: c.pay, _pay),
    ),
    "Send an archaeologist to an undiscovered site: its compasses and travel",
)
OVERCOME = Verb(
    "overcome",
    "o",
    "Overcome",
    cmd.Overcome,
    (
        Stage("Overcome which guardian?", lambda c: c.space, _guardian, _short_space),
        Stage("Pay how?", lambda c: c.pay, _pay),
    ),
    "Overcome the guardian where an archaeologist of yours stands",
)
BUY = Verb(
    "buy",
    "b",
    "Buy",
    cmd.Buy,
    (Stage("Buy which card?", lambda c: c.card, _buy, _short_card),),
    "Buy an item (coins) or an artifact (compasses) from the card row",
)
RESEARCH = Verb(
    "research",
    "r",
    "Research",
    cmd.Research,
    (
        Stage("Move which token?", lambda c: c.token, _token, lambda t, c: c.token),
        Stage("Where to?", lambda c: c.to, _to),
    ),
    "Move the magnifying glass or the notebook up the research track",
)
ASSIST = Verb(
    "assistant",
    "a",
    "Assistant",
    cmd.UseAssistant,
    (Stage("Use which assistant?", lambda c: c.slot, _assistant),),
    "Use a ready assistant (it is exhausted until refreshed)",
)
BOON = Verb(
    "boon",
    "g",
    "Boon",
    cmd.UseBoon,
    (Stage("Use which guardian's boon?", lambda c: c.guardian, _boon),),
    "Use an overcome guardian's boon (once a game)",
)
IDOL = Verb(
    "idol",
    "i",
    "Idol slot",
    cmd.SlotIdol,
    (),
    "Put an idol in your leftmost empty slot and take one of its effects",
)
PASS = Verb(
    "pass_round", "e", "Pass", cmd.Pass, (), "Pass: your round ends (free actions may follow)"
)
END = Verb("end_turn", "e", "End turn", cmd.EndTurn, (), "End the turn (unused travel is lost)")
ANSWER = Verb(
    "answer",
    "c",
    "Answer",
    cmd.Choose,
    (Stage("Choose", lambda c: c.value, _answer),),
    "Answer the question the last effect asks",
)
VERBS = (ANSWER, PLAY, DIG, DISCOVER, OVERCOME, BUY, RESEARCH, ASSIST, BOON, IDOL, PASS, END)
VERB = {verb.action: verb for verb in VERBS}
FREE = (cmd.PlayCard, cmd.UseAssistant, cmd.UseBoon, cmd.SlotIdol)


@dataclass
class Turn(SeatTurn):
    """The acting seat's options in one state (computed once per state, cheap to query)."""

    VERBS = VERBS
    state: ArnakState

    @property
    def asking(self) -> bool:
        """The rules wait for an answer to the question on top of the stack."""
        return bool(self.state.stack) and self.can(ANSWER)

    def question(self) -> str:
        return W.question(self.state)

    def unavailable(
        self, verb: Verb, picks: tuple[Value, ...], offered: set[Value]
    ) -> list[Option]:
        """Hand cards that cannot be played now, greyed with the reason."""
        if verb is not PLAY or picks or self.seat is None:
            return []
        player = self.state.seats[self.seat]
        out: list[Option] = []
        seen: set[str] = set()
        for card in player.hand:
            if card in offered or card in seen or card == HIDDEN:
                continue
            seen.add(card)
            info = C.card(card)
            if info.kind == "fear":
                why = "a Fear card has no effect (its boot pays travel)"
            elif self.state.main_done and not info.free:
                why = "this turn's main action is taken"
            elif info.kind == "artifact" and player.res[TABLET] < 1:
                why = "an artifact costs 1 tablet to play"
            else:
                why = "not possible now"
            out.append(Option(card, W.card_line(card), (), why))
        return out

    # -- what the board points at -----------------------------------------------------------

    def focus(self, verb: Verb | None, picks: tuple[Value, ...], value: Value | None) -> set[str]:
        """The map spaces, row cards and research spaces the choice at hand points at."""
        values = [*picks, value] if value is not None else list(picks)
        out: set[str] = set()
        if verb is None or not values:
            return out
        first = values[0]
        if verb in (DIG, DISCOVER, OVERCOME, BUY) and isinstance(first, str):
            out.add(first)
        elif verb is RESEARCH and len(values) > 1 and isinstance(values[1], str):
            out.add(values[1])
        elif verb is ANSWER and isinstance(first, str):
            for part in first.replace("=", ">").split(">"):
                out.add(part)
                if part.startswith("L") or part.startswith("C"):
                    out.add(fx.site_of(part))
            token, _, to = first.partition(">")
            if token in ("glass", "notebook"):
                out.add(to.partition("#")[0])
        return out

    # -- wasted things, for the confirmation of ending the turn -----------------------------

    def wasted(self) -> list[str]:
        """What ending the turn now would leave unused: travel icons, free actions."""
        out = []
        if self.state.pool:
            out.append("travel " + " ".join(self.state.pool))
        free = [c for c in self.commands if isinstance(c, FREE)]
        names = []
        for c in free:
            if isinstance(c, cmd.PlayCard):
                names.append(C.name(c.card))
            elif isinstance(c, cmd.UseAssistant):
                names.append("an assistant")
            elif isinstance(c, cmd.UseBoon):
                names.append(f"the boon of {C.name(c.guardian)}")
            else:
                names.append("an idol slot")
        if names:
            out.append("free actions: " + ", ".join(dict.fromkeys(names)))
        return out

    def verb_rows(self) -> list[tuple[Verb, str, str]]:
        """The verbs to list now, with their words (greyed ones with why not)."""
        rows: list[tuple[Verb, str, str]] = []
        if self.seat is None:
            return rows
        for verb in VERBS:
            if verb is ANSWER:
                if self.asking:
                    rows.append((verb, f"Answer — {self.question()}", ""))
                continue
            n = len({c for c in self.by_verb[verb.action]})
            if not n:
                continue
            text = verb.tooltip
            if verb is PLAY:
                text = "Play a card from your hand"
            rows.append((verb, text, ""))
        return rows
