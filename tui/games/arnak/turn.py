"""What the seat at the keyboard may do now in Arnak, read from the rules' legal commands.

A command is built by a few choices (the shared :class:`tui.screens.choice_tree.ChoiceTree`):
a verb (play a card, dig, discover, overcome, buy, research, an assistant, a boon, an idol, pass,
end the turn), then its questions (which card, which site, how to pay the travel). A question on
top of the rules' pending-decision stack is the verb ``answer``: its options are the rules'
answers, in core's words (:mod:`core.games.arnak.words`). Nothing illegal can be chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.games.arnak import board_words as B
from core.games.arnak import commands as cmd
from core.games.arnak import effects as fx
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import HIDDEN, TABLET, ArnakState
from core.language import N_, Translator
from core.messages import Command
from tui.screens.choice_tree import Option, SeatTurn, Stage, Value, Verb

T = Translator("arnak")
_, ngettext = T.gettext, T.ngettext


def _all(turn: Turn, action: str) -> list[Any]:
    """The legal commands of a verb (their fields read by kind)."""
    return list(turn.by_verb[action])


def _any(commands: list[Command]) -> list[Any]:
    return list(commands)


def _card(turn: Turn, c: Any) -> str:
    return W.card_line(c.card)


def _short_card(turn: Turn, c: Any) -> str:
    return W.card_name(c.card)


def _space(turn: Turn, c: Any) -> str:
    state = turn.state
    travel = W.travel(W.side(state).space(c.space).travel)
    if isinstance(c, cmd.Discover):
        level = int(c.space[1])
        compasses = W.plural(C.rules.discover_cost[level].C, "compass", "compasses")
        face_up = state.idol_up.get(c.space)
        said = {"site": W.space_name(c.space), "travel": travel, "cost": compasses}
        if face_up and face_up != HIDDEN:
            return _("{site} ({travel}): discover for {cost}, its idol {idol}").format(
                idol=B.idol(face_up), **said
            )
        return _("{site} ({travel}): discover for {cost}").format(**said)
    return f"{W.space_name(c.space)} ({travel}): {W.site_effect(state, fx.site_of(c.space))}"


def _short_space(turn: Turn, c: Any) -> str:
    return W.space_name(c.space)


def _place_key(turn: Turn, c: Any) -> str:
    return B.place_key(c.space)


def _row_key(turn: Turn, c: Any) -> str:
    """A card of the row by its place in the row, 1… left to right."""
    cards = [*turn.state.row_art, *turn.state.row_items]
    return str(cards.index(c.card) + 1) if c.card in cards else ""


def _research_key(turn: Turn, c: Any) -> str:
    return _research_place(turn.state, c.to)


def _research_where(turn: Turn, c: Any) -> str:
    """A row to research into: what the token gets there, and each cost it may pay."""
    same = [
        x
        for x in _all(turn, "research")
        if x.token == c.token and _research_place(turn.state, x.to) == _research_key(turn, c)
    ]
    if len(same) == 1:
        return W.research_words(turn.state, c.token, c.to)
    said = [W.research_words(turn.state, x.token, x.to) for x in same]
    return _ways(_common(said), len(said))


def _ways(words: str, n: int) -> str:
    """``row 3 … (2 ways: asked next)``: a place several answers share, how many there are."""
    return ngettext("{words} ({n} way: asked next)", "{words} ({n} ways: asked next)", n).format(
        words=words, n=n
    )


def _research_place(state: ArnakState, to: str) -> str:
    """A research space by its row (``4``); the temple and its tiles ``t``."""
    if to.startswith("t") or not to.isdigit():
        return "t"
    row = W.side(state).research_space(int(to)).row
    return "t" if row > len(W.side(state).rows) else str(row)


def _answer_place(turn: Turn, value: str) -> str:
    """The place an answer names, as its key types it (``5`` camp 5, ``1.3`` site 1.3, ``4``
    research row 4, ``t`` the temple; ``0`` none of them, beside places); ``""`` for an
    answer of another kind."""
    if value == fx.SKIP:
        return "0"
    head = value.partition("=")[0].partition(">")
    if head[0] in ("glass", "notebook") and head[2]:
        return _research_place(turn.state, head[2].partition("#")[0])
    space = head[2] if head[2][:1] in ("C", "L") else head[0]
    if space[:1] in ("C", "L") and space[1:2].isdigit():
        return B.place_key(space)
    return ""


def _answers_name_places(turn: Turn) -> bool:
    """Whether the question on top offers places (then every answer has a key: a place its
    name, ``none`` 0)."""
    values = [c.value for c in _all(turn, "answer") if isinstance(c.value, str)]
    return any(_answer_place(turn, v) not in ("", "0") for v in values)


def answer_focus(value: str) -> set[str]:
    """The map spaces and research spaces an answer names."""
    out: set[str] = set()
    for part in value.replace("=", ">").split(">"):
        out.add(part)
        if part.startswith("L") or part.startswith("C"):
            out.add(fx.site_of(part))
    token, _sep, to = value.partition(">")
    if token in ("glass", "notebook"):
        out.add(to.partition("#")[0])
    return out


def _answer_key(turn: Turn, c: Any) -> str:
    """An answer that names a place by that place's key; in a question that offers places,
    ``none`` is 0; others have none (and the list is counted 1…9)."""
    value = c.value
    if not isinstance(value, str):
        return ""
    key = _answer_place(turn, value)
    if key == "0" and not _answers_name_places(turn):
        return ""
    return key


def _answer_first(turn: Turn, c: Any) -> str:
    """The place an answer names, in words shared by the answers at that place (a single
    answer whole)."""
    group = turn.value_of(ANSWER.stages[0], c)
    same = [x for x in _all(turn, "answer") if turn.value_of(ANSWER.stages[0], x) == group]
    said = [W.answer(turn.state, x.value) for x in same]
    if len(said) == 1:
        return said[0]
    common = _common(said)
    key = _answer_place(turn, c.value)
    if len(common) < 6:
        return ngettext(
            "{place}: {n} way (asked next)", "{place}: {n} ways (asked next)", len(said)
        ).format(place=_place_word(turn, c.value, key), n=len(said))
    return _ways(common, len(said))


def _place_word(turn: Turn, value: str, key: str) -> str:
    if key == "t":
        return T.pgettext("research space", "the temple")
    head = value.partition("=")[0].partition(">")
    if head[0] in ("glass", "notebook"):
        return _("row {n}").format(n=key)
    space = head[2] if head[2][:1] in ("C", "L") else head[0]
    return W.site_name(space)


def _common(said: list[str]) -> str:
    """The words several answers start with, cut where a part of them ends."""
    first = said[0]
    n = 0
    while n < len(first) and all(len(s) > n and s[n] == first[n] for s in said):
        n += 1
    head = first[:n]
    cuts = [head.rfind(sep) for sep in (" · ", ": ", " (")]
    cut = max(cuts)
    return head[:cut].rstrip() if n < len(first) and cut > 0 else head


def _answer_then(turn: Turn, c: Any) -> str:
    return W.answer(turn.state, c.value)


def _dig_pay(c: Any) -> Value:
    """A dig's payment; at a camp's 2nd space, that space too (the payments differ)."""
    return ("2nd", *c.pay) if c.space.endswith(".2") else c.pay


def _pay(turn: Turn, c: Any) -> str:
    if c.pay:
        paid = _("pay with {payment}").format(payment=W.pay_words("+".join(c.pay)))
    else:
        paid = _("nothing more to pay")
    if getattr(c, "space", "").startswith("C"):
        which = _("2nd space (2 boots)") if c.space.endswith(".2") else _("1st space (a boot)")
        return f"{which}: {paid}"
    return paid


def _guardian(turn: Turn, c: Any) -> str:
    g = turn.state.guardian.get(c.space)
    return _("the guardian at {site}: {guardian}").format(
        site=W.site_name(c.space), guardian=B.guardian(g) if g else _("none")
    )


def _buy(turn: Turn, c: Any) -> str:
    info = C.card(c.card)
    return _("{card} ({price}, {vp} VP, {travel}): {effect}").format(
        card=W.card_name(c.card),
        price=W.price(c.card),
        vp=info.vp,
        travel=W.travel(info.travel),
        effect=W.effect(info.effect),
    )


def _token(turn: Turn, c: Any) -> str:
    player = turn.state.seats[turn.seat or 0]
    here = player.glass if c.token == "glass" else player.notebook
    where = B.research_space_name(W.side(turn.state), here)
    if c.token == "glass":
        return _("the magnifying glass (now at {where})").format(where=where)
    return _("the notebook (now at {where})").format(where=where)


def _to(turn: Turn, c: Any) -> str:
    return W.research_words(turn.state, c.token, c.to)


def _assistant(turn: Turn, c: Any) -> str:
    helper = turn.state.seats[turn.seat or 0].assistants[c.slot]
    said = {"n": int(helper.id[1:]), "effect": W.assistant_line(helper.id, helper.gold)}
    if helper.gold:
        return _("assistant {n} (gold): {effect}").format(**said)
    return _("assistant {n} (silver): {effect}").format(**said)


def _boon(turn: Turn, c: Any) -> str:
    return f"{W.component(c.guardian)}: {W.effect(C.guardian(c.guardian).boon)}"


def _answer(turn: Turn, c: Any) -> str:
    return W.answer(turn.state, c.value)


PLAY = Verb(
    "play",
    "p",
    N_("Play"),
    cmd.PlayCard,
    (Stage(N_("Play which card?"), lambda c: c.card, _card, _short_card),),
    N_("Play a card from your hand for its effect (an artifact costs 1 tablet)"),
)
DIG = Verb(
    "dig",
    "d",
    N_("Dig"),
    cmd.Dig,
    (
        Stage(N_("Dig at which site?"), lambda c: c.space, _space, _short_space, key=_place_key),
        Stage(N_("Pay the travel how?"), _dig_pay, _pay, blank=(), always=True),
    ),
    N_("Send an archaeologist to a free space of a discovered site, paying its travel"),
)
DISCOVER = Verb(
    "discover",
    "x",
    N_("Discover"),
    cmd.Discover,
    (
        Stage(N_("Discover which site?"), lambda c: c.space, _space, _short_space, key=_place_key),
        Stage(N_("Pay the travel how?"), lambda c: c.pay, _pay, blank=(), always=True),
    ),
    N_("Send an archaeologist to an undiscovered site: its compasses and travel"),
)
OVERCOME = Verb(
    "overcome",
    "o",
    N_("Overcome"),
    cmd.Overcome,
    (
        Stage(
            N_("Overcome which guardian?"),
            lambda c: c.space,
            _guardian,
            _short_space,
            key=_place_key,
        ),
        Stage(N_("Pay how?"), lambda c: c.pay, _pay, blank=(), always=True),
    ),
    N_("Overcome the guardian where an archaeologist of yours stands"),
)
BUY = Verb(
    "buy",
    "b",
    N_("Buy"),
    cmd.Buy,
    (Stage(N_("Buy which card?"), lambda c: c.card, _buy, _short_card, key=_row_key),),
    N_("Buy an item (coins) or an artifact (compasses) from the card row"),
)
RESEARCH = Verb(
    "research",
    "r",
    N_("Research"),
    cmd.Research,
    (
        Stage(N_("Move which token?"), lambda c: c.token, _token, lambda t, c: c.token),
        Stage(
            N_("Where to?"), lambda c: c.to, _research_where, _to, key=_research_key, always=True
        ),
        Stage(N_("Pay how?"), lambda c: c.to, _to),
    ),
    N_("Move the magnifying glass or the notebook up the research track"),
)
ASSIST = Verb(
    "assistant",
    "a",
    N_("Assistant"),
    cmd.UseAssistant,
    (Stage(N_("Use which assistant?"), lambda c: c.slot, _assistant),),
    N_("Use a ready assistant (it is exhausted until refreshed)"),
)
BOON = Verb(
    "boon",
    "g",
    N_("Boon"),
    cmd.UseBoon,
    (Stage(N_("Use which guardian's boon?"), lambda c: c.guardian, _boon),),
    N_("Use an overcome guardian's boon (once a game)"),
)
IDOL = Verb(
    "idol",
    "i",
    N_("Idol slot"),
    cmd.SlotIdol,
    (),
    N_("Put an idol in your leftmost empty slot and take one of its effects"),
)
PASS = Verb(
    "pass_round",
    "e",
    N_("Pass"),
    cmd.Pass,
    (),
    N_("Pass: your round ends (free actions may follow)"),
)
END = Verb(
    "end_turn", "e", N_("End turn"), cmd.EndTurn, (), N_("End the turn (unused travel is lost)")
)
ANSWER = Verb(
    "answer",
    "c",
    N_("Answer"),
    cmd.Choose,
    (
        Stage(N_("Choose"), lambda c: c.value, _answer_first, _answer_then, key=_answer_key),
        Stage(N_("Choose"), lambda c: c.value, _answer_then),
    ),
    N_("Answer the question the last effect asks"),
)
ROW_WORDS = {  # the verbs as the list of what can be done says them (short: it is narrow)
    "play": N_("Play a card from your hand"),
    "dig": N_("Dig at a discovered site (pay its travel)"),
    "discover": N_("Discover a site (its compasses and travel)"),
    "overcome": N_("Overcome a guardian where you stand"),
    "buy": N_("Buy a card from the row"),
    "research": N_("Research: the glass or the notebook up a row"),
    "assistant": N_("Use a ready assistant"),
    "boon": N_("Use a guardian's boon"),
    "idol": N_("An idol into a slot"),
    "pass_round": N_("Pass (your round ends)"),
    "end_turn": N_("End the turn"),
}
VERBS = (ANSWER, PLAY, DIG, DISCOVER, OVERCOME, BUY, RESEARCH, ASSIST, BOON, IDOL, PASS, END)
VERB = {verb.action: verb for verb in VERBS}


@dataclass
class Turn(SeatTurn):
    """The acting seat's options in one state (computed once per state, cheap to query)."""

    VERBS = VERBS
    state: ArnakState
    names: tuple[str, ...] = ()  # the players' names, for the details of a site
    _firsts: dict[int, dict[object, Value]] = field(default_factory=dict, repr=False)

    @property
    def asking(self) -> bool:
        """The rules wait for an answer to the question on top of the stack."""
        return bool(self.state.stack) and self.can(ANSWER)

    def question(self) -> str:
        return W.question(self.state)

    def value_of(self, stage: Stage, command: Any) -> Value:
        """The place a command names, where several commands name one (a camp's two spaces, a
        research row's two spaces, a site paid two ways): the first such command's value, so
        the place is one answer (its key its name) and what differs is asked next."""
        if stage is DIG.stages[0]:
            return self._first(stage, command, fx.site_of(command.space))
        if stage is RESEARCH.stages[1]:
            return self._first(stage, command, (command.token, _research_key(self, command)))
        if stage is ANSWER.stages[0] and isinstance(command.value, str):
            place = _answer_place(self, command.value)
            if place not in ("", "0"):
                return self._first(stage, command, place)
        return stage.value(command)

    def _first(self, stage: Stage, command: Any, place: object) -> Value:
        firsts = self._firsts.setdefault(id(stage), {})
        if not firsts:
            for verb in (DIG, RESEARCH, ANSWER):
                if stage in verb.stages:
                    for c in _any(self.by_verb[verb.action]):
                        firsts.setdefault(self._place_of(stage, c), stage.value(c))
        return firsts.get(place, stage.value(command))

    def _place_of(self, stage: Stage, command: Any) -> object:
        if stage is DIG.stages[0]:
            return fx.site_of(command.space)
        if stage is RESEARCH.stages[1]:
            return (command.token, _research_key(self, command))
        place = _answer_place(self, command.value) if isinstance(command.value, str) else ""
        return place if place not in ("", "0") else command.value

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
                why = _("a Fear card has no effect (its boot pays travel)")
            elif self.state.main_done and not info.free:
                why = _("this turn's main action is taken")
            elif info.kind == "artifact" and player.res[TABLET] < 1:
                why = _("an artifact costs 1 tablet to play")
            else:
                why = _("not possible now")
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
        elif verb is RESEARCH and len(values) > 1:
            out |= {c.to for c in _any(self.remaining(verb, values))}
        elif verb is ANSWER:
            for command in _any(self.remaining(verb, values)):
                if isinstance(command.value, str):
                    out |= answer_focus(command.value)
        return out

    # -- the details of the highlighted answer ----------------------------------------------

    def details(self, verb: Verb | None, picks: tuple[Value, ...], value: Value | None) -> str:
        """What the highlighted answer names, in words: the card, the site (what it gives,
        its guardian, who is there), the research row, the assistant or the boon."""
        if verb is None or value is None:
            return ""
        state = self.state
        names = [_("seat {n}").format(n=s + 1) for s in range(state.players)]
        if verb is PLAY and isinstance(value, str):
            return B.card(value)
        if verb is BUY and isinstance(value, str):
            return _("card {n} of the row: {card}").format(
                n=_row_key(self, cmd.Buy(value)), card=B.card(value)
            )
        if verb in (DIG, DISCOVER, OVERCOME) and isinstance(value, str) and not picks:
            return B.site(state, self.names or names, value)
        if verb is RESEARCH and isinstance(value, str):
            if not picks:
                return self._token_details(value)
            return self._research_details(_any(self.remaining(verb, (*picks, value)))[0].to)
        if verb is BOON and isinstance(value, str):
            return _("{guardian}'s boon (once a game): {boon}").format(
                guardian=W.component(value), boon=B.boon(value)
            )
        if verb is ANSWER:
            found = _any(self.remaining(verb, (*picks, value)))
            if found and isinstance(found[0].value, str):
                return self._answer_details(found[0].value)
        return ""

    def _token_details(self, token: str) -> str:
        player = self.state.seats[self.seat or 0]
        here = player.glass if token == "glass" else player.notebook
        where = B.research_space_name(W.side(self.state), here)
        if token == "glass":
            return _("the magnifying glass, now at {where}").format(where=where)
        return _("the notebook (never above the glass), now at {where}").format(where=where)

    def _research_details(self, to: str) -> str:
        board = W.side(self.state)
        if to.startswith("t"):
            return B.temple(board)
        spot = board.research_space(int(to))
        if spot.row > len(board.rows):
            return B.temple(board)
        said = B.research_row(board, spot.row)
        tiles = [t for t in self.state.bonus.get(spot.space, []) if t != HIDDEN]
        if tiles:
            effects = ", ".join(W.effect(C.bonus_tile(t).effect) for t in tiles)
            said += _(" · bonus tile {effects}").format(effects=effects)
        return said

    def _answer_details(self, value: str) -> str:
        head = value.partition("=")[0]
        token, _sep, to = head.partition(">")
        if token in ("glass", "notebook") and to:
            return self._research_details(to.partition("#")[0])
        space = to if to[:1] in ("C", "L") else token
        if space[:1] in ("C", "L") and space[1:2].isdigit():
            names = self.names or [_("seat {n}").format(n=s + 1) for s in range(self.state.players)]
            return B.site(self.state, names, space)
        if value[:1] in "iaf" and value[1:3].isdigit():
            return B.card(value)
        if value[:1] == "g" and value[1:3].isdigit():
            return _("guardian: {guardian}").format(guardian=B.guardian(value))
        return ""

    # -- wasted things, for the confirmation of ending the turn -----------------------------

    def wasted(self) -> list[str]:
        """What ending the turn now would lose: the travel icons left this turn (cards in
        hand, assistants, boons and idols keep for a later turn)."""
        pool = " ".join(W.travel_word(t) for t in self.state.pool)
        return [_("travel {pool} (lost at the turn's end)").format(pool=pool)] if pool else []

    def could_act(self) -> bool:
        """Whether a main action other than passing is open (so passing gives something up)."""
        if self.state.main_done:
            return False
        mains = (cmd.Dig, cmd.Discover, cmd.Overcome, cmd.Buy, cmd.Research)
        if any(isinstance(c, mains) for c in self.commands):
            return True
        return any(isinstance(c, cmd.PlayCard) and not C.card(c.card).free for c in self.commands)

    def verb_rows(self) -> list[tuple[Verb, str, str]]:
        """The verbs to list now, with their words (greyed ones with why not)."""
        rows: list[tuple[Verb, str, str]] = []
        if self.seat is None:
            return rows
        for verb in VERBS:
            if verb is ANSWER:
                if self.asking:
                    answer = _("Answer — {question}").format(question=self.question())
                    rows.append((verb, answer, ""))
                continue
            n = len({c for c in self.by_verb[verb.action]})
            if not n:
                continue
            rows.append((verb, _(ROW_WORDS.get(verb.action, verb.tooltip)), ""))
        return rows
