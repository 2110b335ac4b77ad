"""Mauna Kea's ``RULES``: the game protocol assembled from its modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.games.maunakea import flow, play, position, scoring, secrecy, transcript
from core.games.maunakea.components import COMPONENTS
from core.games.maunakea.evolve import evolve as _evolve
from core.games.maunakea.lava import initial_heads
from core.games.maunakea.state import RULES_VERSION, Explorer, MaunaKeaState
from core.messages import Command, Event
from core.options import START_PLAYER, TURN_LIMIT, Option
from core.protocol import Outcome, Seat
from core.rules_base import RulesBase

C = COMPONENTS
ADVANCED = Option(
    "advanced",
    "bool",
    "Advanced",
    "the rulebook's advanced game: 4 secret cards each",
    default=False,
    shown="advanced game",
)


class MaunaKea(RulesBase[MaunaKeaState]):
    """Mauna Kea (Touko Tahkokallio, HUCH! & friends 2013) for 2–4 players, with the rulebook's
    advanced game (cards, secret hands, the earlier ending) as the ``advanced`` option."""

    game = "maunakea"
    title = "Mauna Kea"
    version = RULES_VERSION
    options = (ADVANCED, TURN_LIMIT, START_PLAYER)

    def initial(self, config: Mapping[str, Any]) -> MaunaKeaState:
        cfg = self.table_config(config)
        players = cfg["players"]
        per_player = C.explorers_per_player[players]
        return MaunaKeaState(
            players=players,
            advanced=cfg["advanced"],
            turn_limit=cfg["turn_limit"],
            start_player_option=cfg["start_player"],
            explorers=[[Explorer(s, i) for i in range(per_player)] for s in range(players)],
            hands=[[] for _ in range(players)],
            dealt=[[] for _ in range(players)],
            cards=[[] for _ in range(players)],
            discarded=[[] for _ in range(players)],
            bag=list(range(C.island_tiles)),
            heads=initial_heads(),
            head_age=len(C.flows),
        )

    def recorded_under(self, state: MaunaKeaState, version: int) -> MaunaKeaState:
        state = super().recorded_under(state, version)
        state.rules_version = version  # 1: the old "nobody can leave" (see RULES_VERSION)
        return state

    def forced(self, state: MaunaKeaState) -> list[Event]:
        return flow.forced(state)

    def chance(self, state: MaunaKeaState) -> tuple[int, ...] | None:
        return flow.chance(state)

    def resolve(self, state: MaunaKeaState, draws: Sequence[int]) -> Event:
        return flow.resolve(state, draws)

    def to_move(self, state: MaunaKeaState) -> tuple[Seat, ...]:
        return flow.to_move(state)

    def legal_commands(self, state: MaunaKeaState, seat: Seat) -> list[Command]:
        return play.legal_commands(state, seat)

    def decide(self, state: MaunaKeaState, seat: Seat, command: Command) -> list[Event]:
        return play.decide(state, seat, command)

    evolve = staticmethod(_evolve)  # the fold's hot call, without a wrapper

    def fully_known(self, state: MaunaKeaState) -> bool:
        return secrecy.fully_known(state)

    def view(self, state: MaunaKeaState, seat: Seat | None) -> MaunaKeaState:
        return secrecy.view(state, seat)  # the base game hides nothing: tiles lie face up

    def look(self, state: MaunaKeaState, seat: Seat | None) -> MaunaKeaState:
        return secrecy.look(state, seat)

    def project(self, event: Event, seat: Seat | None) -> Event:
        return secrecy.project(event, seat)

    def outcome(self, state: MaunaKeaState) -> Outcome | None:
        return scoring.outcome(state)

    def dump_position(self, state: MaunaKeaState) -> dict[str, Any]:
        return position.dump(state)

    def load_position(self, data: Mapping[str, Any]) -> MaunaKeaState:
        return position.load(data)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return transcript.describe(event, names)


RULES = MaunaKea()
