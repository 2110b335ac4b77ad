"""Kilauea's ``RULES``: the game protocol assembled from its modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.games.kilauea import evolve, flow, play, position, scoring, transcript
from core.games.kilauea.components import COMPONENTS, SIDES
from core.games.kilauea.state import POINT_PARTS, RULES_VERSION, SECTORS, KilaueaState
from core.language import N_
from core.options import START_PLAYER, TURN_LIMIT, Option
from core.rules_base import RulesBase
from core.titles import TITLES

C = COMPONENTS
FOREST_SIDES = Option(
    "forest_sides",
    "text",
    N_("Forests"),
    "random sides, or a letter A/B per board 1–5 (e.g. ABBAB)",
    pattern=f"[{''.join(SIDES)}]{{{len(C.boards)}}}",
    upper=True,
    shown=N_("forest sides {}"),
)


class Kilauea(RulesBase[KilaueaState]):
    """Kilauea (David Bernal & Ferran Renalias, Combo Games 2025), for 2–4 players.

    Options: ``turn_limit`` (not in the rulebook: after that many turns the game ends with the
    final scoring, so bot games always finish), ``start_player`` (a seat, instead of drawing
    one), ``forest_sides`` (5 letters A/B, the side up of boards 1-5, instead of drawing them).
    """

    game = "kilauea"
    title = TITLES["kilauea"]
    version = RULES_VERSION
    options = (TURN_LIMIT, START_PLAYER, FOREST_SIDES)
    parts = (flow, play, evolve, scoring, position, transcript)

    def initial(self, config: Mapping[str, Any]) -> KilaueaState:
        cfg = self.table_config(config)
        players = cfg["players"]
        colours = len(C.colours)
        return KilaueaState(
            players=players,
            turn_limit=cfg["turn_limit"],
            start_player_option=cfg["start_player"],
            forest_sides_option=cfg["forest_sides"],
            forests=[{} for _ in SECTORS],
            volcano=[[0] * colours for _ in SECTORS],
            slope=[None for _ in SECTORS],
            supply=[C.tikis_per_colour] * colours,
            box=[0] * colours,
            stone_box=C.stones_total,
            stones=[0] * players,
            canoes=[[] for _ in range(players)],
            islands=[[[] for _ in SECTORS] for _ in range(players)],
            points=[dict.fromkeys(POINT_PARTS, 0) for _ in range(players)],
        )

    def recorded_under(self, state: KilaueaState, version: int) -> KilaueaState:
        state = super().recorded_under(state, version)
        state.rules_version = version  # 1: the canoe stopped anywhere (see RULES_VERSION)
        return state


RULES = Kilauea()
