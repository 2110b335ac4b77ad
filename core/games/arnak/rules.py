"""Arnak's ``RULES``: the game protocol assembled from its modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.games.arnak import events as ev
from core.games.arnak import evolve, flow, ledger, play, position, scoring, secrecy, transcript
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.evolve import ALONE
from core.games.arnak.evolve import evolve as _evolve
from core.games.arnak.state import RULES_VERSION, ArnakState, Player
from core.language import N_
from core.messages import Event
from core.options import START_PLAYER, Option
from core.rules_base import RulesBase
from core.titles import TITLES

SIDE = Option(
    "side",
    "choice",
    N_("Side"),
    "the board's side: bird (the basic temple) or snake (the advanced one)",
    default="bird",
    choices=(N_("bird"), N_("snake")),  # the values stored; the form and the room say them
    shown=N_("{} side"),
)


def initial_state(cfg: Mapping[str, Any]) -> ArnakState:
    """Every component in its box order, before any shuffle."""
    players: int = cfg["players"]
    fear = [card.id for card in C.fear]
    seats = []
    for seat in range(players):
        basics = [f"b{seat}{key}" for key in C.basics]
        own = fear[: C.setup.starting_fear]
        fear = fear[C.setup.starting_fear :]
        seats.append(Player(deck=basics + own, deck_seen=[0] * len(basics + own)))
    side = cfg["side"]
    spaces = [s.id for s in C.sides[side].spaces]
    blocked: list[str] = []
    if C.setup.blocked_camps[players] == 5:
        blocked = [f"C{n}.2" for n in range(1, 6)]
    return ArnakState(
        players=players,
        side=side,
        start_player_option=cfg["start_player"],
        turn_limit=cfg.get("turn_limit"),
        passed=[False] * players,
        seats=seats,
        occupant=dict.fromkeys(spaces),
        blocked=blocked,
        site_tile={s: None for s in spaces if s.startswith("L")},
        idol_up={s: None for s in spaces if s.startswith("L")},
        idol_down={s: None for s in spaces if s.startswith("L2")},
        guardian={s: None for s in spaces if s.startswith("L")},
        sites1=[t.id for t in C.sites1],
        sites2=[t.id for t in C.sites2],
        guardians=[g.id for g in C.guardians],
        supply=[[a.id for a in C.assistants], [], []],
        idol_box=[i.id for i in C.idols],
        row_art=[None],
        row_items=[None] * (C.rules.row_size - 1),
        item_deck=[c.id for c in C.items],
        art_deck=[c.id for c in C.artifacts],
        fear_deck=fear,
        fear_tiles=C.rules.fear_tiles,
        bonus_box=[b.id for b in C.bonus_tiles],
        temple_stacks=[players] * len(C.sides[side].temple_stacks),
    )


ACTIONS = (  # a player's own events: their sentences say what was paid and gained
    ev.CardPlayed,
    ev.SiteDug,
    ev.SiteDiscovered,
    ev.GuardianOvercome,
    ev.CardBought,
    ev.ResearchAdvanced,
    ev.AssistantUsed,
    ev.BoonUsed,
    ev.IdolSlotted,
    ev.AnswerGiven,
    ev.SecretAnswerGiven,
    ev.CardsLaidAside,
)


class Arnak(RulesBase[ArnakState]):
    """Lost Ruins of Arnak (Elwen & Mín, CGE 2020), the base game for 2-4 players on either
    side of the board (bird or snake temple)."""

    game = "arnak"
    title = TITLES["arnak"]
    version = RULES_VERSION
    options = (SIDE, START_PLAYER)  # no turn limit: five rounds always end
    parts = (flow, play, evolve, secrecy, scoring, position, transcript)

    def __init__(self) -> None:
        self._first: dict[tuple[tuple[str, Any], ...], ArnakState] = {}  # see ``initial``

    def initial(self, config: Mapping[str, Any]) -> ArnakState:
        """A copy of the table's first state, built once per configuration (building it from
        the components cost as much as folding a few dozen events)."""
        try:
            key = tuple(sorted(config.items()))
            first = self._first.get(key)
        except TypeError:  # an odd stored configuration: validated and built as it comes
            return initial_state(self.table_config(config))
        if first is None:
            first = self._first[key] = initial_state(self.table_config(config))
        return first.copy()

    def recorded_under(self, state: ArnakState, version: int) -> ArnakState:
        state = super().recorded_under(state, version)
        state.rules_version = version  # 1: before 004's three rulings (see RULES_VERSION)
        return state

    evolve_alone = ALONE  # the fold's shortcut for the commonest events (see ``core.fold``)

    def describe_in(self, state: ArnakState, event: Event, names: Sequence[str]) -> str:
        """``event`` in the position it happens in: an answer beside its question, what a
        player's action paid and gained (``Red bought Whip: −2 coins``), and what any other
        event gave or took (``Round 1 ended: … → Red +1 Fear card``), each a difference of
        what a seat holds."""
        answer = event if isinstance(event, ev.AnswerGiven) else None
        chose = answer is not None
        said = transcript.answered(state, answer, names) if answer is not None else None
        if said is None:
            if chose:  # not an answer to what this position asks: said plainly, as it came
                return transcript.describe(event, names, state)
            said = transcript.describe(event, names, state)
        try:
            after = _evolve(state.copy(), event)
        except (KeyError, ValueError, IndexError):  # an event this position cannot take
            return said
        if isinstance(event, ACTIONS):
            moved = not isinstance(event, ev.ResearchAdvanced)
            gained = ledger.change(state, after, event.seat, moved, said)
            if gained and not (chose and ledger.said_in(gained, said)):
                said += (" → " if chose else ": ") + gained
            others = [s for s in range(len(state.seats)) if s != event.seat]
        else:  # a forced or chance event: whom it gave to or took from (a round's Fear)
            others = list(range(len(state.seats)))
        forced = not isinstance(event, ACTIONS)
        each = [(s, ledger.change(state, after, s, refreshed=not forced)) for s in others]
        who = transcript.who_of(names)
        told = [f"{who(s)} {c}" for s, c in each if c]
        if told:
            said += " → " + "; ".join(told)
        return said


RULES = Arnak()
