"""Mauna Kea's ``RULES``: the game protocol assembled from its modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from core.games.maunakea import evolve, flow, play, position, scoring, secrecy, transcript
from core.games.maunakea.commands import ADVANCED as ADVANCED_COMMANDS
from core.games.maunakea.components import COMPONENTS
from core.games.maunakea.lava import initial_heads
from core.games.maunakea.state import RULES_VERSION, Explorer, MaunaKeaState
from core.language import N_
from core.options import START_PLAYER, TURN_LIMIT, Option
from core.rules_base import RulesBase
from core.titles import TITLES

C = COMPONENTS
ADVANCED = Option(
    "advanced",
    "bool",
    N_("Advanced"),
    "the rulebook's advanced game: 4 secret cards each",
    default=False,
    shown=N_("advanced game"),
)


class MaunaKea(RulesBase[MaunaKeaState]):
    """Mauna Kea (Touko Tahkokallio, HUCH! & friends 2013) for 2–4 players, with the rulebook's
    advanced game (cards, secret hands, the earlier ending) as the ``advanced`` option."""

    game = "maunakea"
    title = TITLES["maunakea"]
    version = RULES_VERSION
    options = (ADVANCED, TURN_LIMIT, START_PLAYER)
    parts = (flow, play, evolve, secrecy, scoring, position, transcript)
    option_commands: ClassVar[Mapping[str, tuple[str, ...]]] = {"advanced": ADVANCED_COMMANDS}

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


RULES = MaunaKea()
