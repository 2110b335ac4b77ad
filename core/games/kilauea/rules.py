"""Kilauea's ``RULES``: the game protocol assembled from its modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.games.kilauea import commands as cmd
from core.games.kilauea import events as ev
from core.games.kilauea import flow, play, position, scoring, transcript
from core.games.kilauea.components import COMPONENTS, SIDES
from core.games.kilauea.evolve import evolve as _evolve
from core.games.kilauea.state import POINT_PARTS, SECTORS, KilaueaState
from core.messages import Command, Event
from core.protocol import Outcome, Seat

C = COMPONENTS
OPTIONS = {"turn_limit", "start_player", "forest_sides"}


class Kilauea:
    """Kilauea (David Bernal & Ferran Renalias, Combo Games 2025), for 2–4 players.

    Options: ``turn_limit`` (not in the rulebook: after that many turns the game ends with the
    final scoring, so bot games always finish), ``start_player`` (a seat, instead of drawing
    one), ``forest_sides`` (5 letters A/B, the side up of boards 1-5, instead of drawing them).
    """

    game = "kilauea"
    title = "Kilauea"
    version = 1
    min_players = 2
    max_players = 4

    def config(self, players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        options = dict(options or {})
        unknown = set(options) - OPTIONS
        if unknown:
            raise ValueError(f"unknown Kilauea option(s): {', '.join(sorted(unknown))}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Kilauea is played by 2 to 4 players")
        turn_limit = options.get("turn_limit")
        if turn_limit is not None and (
            not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1
        ):
            raise ValueError("the turn limit is a positive number of turns")
        start = options.get("start_player")
        if start is not None and (isinstance(start, bool) or start not in range(players)):
            raise ValueError(f"the start player is a seat from 0 to {players - 1}")
        sides = options.get("forest_sides")
        if sides is not None and (
            not isinstance(sides, str) or len(sides) != len(C.boards) or set(sides) - set(SIDES)
        ):
            raise ValueError("forest_sides is 5 letters A or B, one per forest board")
        return {
            "players": players,
            "turn_limit": turn_limit,
            "start_player": start,
            "forest_sides": sides,
        }

    def initial(self, config: Mapping[str, Any]) -> KilaueaState:
        cfg = self.config(
            int(config["players"]), {k: v for k, v in config.items() if k != "players"}
        )
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

    def forced(self, state: KilaueaState) -> list[Event]:
        return flow.forced(state)

    def chance(self, state: KilaueaState) -> tuple[int, ...] | None:
        return flow.chance(state)

    def resolve(self, state: KilaueaState, draws: Sequence[int]) -> Event:
        return flow.resolve(state, draws)

    def to_move(self, state: KilaueaState) -> tuple[Seat, ...]:
        return flow.to_move(state)

    def legal_commands(self, state: KilaueaState, seat: Seat) -> list[Command]:
        return play.legal_commands(state, seat)

    def decide(self, state: KilaueaState, seat: Seat, command: Command) -> list[Event]:
        return play.decide(state, seat, command)

    def evolve(self, state: KilaueaState, event: Event) -> KilaueaState:
        return _evolve(state, event)

    def copy(self, state: KilaueaState) -> KilaueaState:
        return state.copy()

    def fully_known(self, state: KilaueaState) -> bool:
        return True  # nothing in Kilauea is hidden

    def view(self, state: KilaueaState, seat: Seat | None) -> KilaueaState:
        return state.copy()  # nothing is hidden: forests, canoes, stones and islands lie open

    def project(self, event: Event, seat: Seat | None) -> Event:
        return event

    def outcome(self, state: KilaueaState) -> Outcome | None:
        return scoring.outcome(state)

    def dump_position(self, state: KilaueaState) -> dict[str, Any]:
        return position.dump(state)

    def load_position(self, data: Mapping[str, Any]) -> KilaueaState:
        return position.load(data)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return transcript.describe(event, names)

    def command_for(self, event: Event) -> Command | None:
        match event:
            case ev.TikiDrafted(sector=sector, colour=colour):
                return cmd.DraftTiki(sector, colour)
            case ev.CanoeMoved(steps=steps):
                return cmd.MoveCanoe(steps)
            case ev.TikiCut(forest=forest, space=space):
                return cmd.CutTiki(forest, space)
            case ev.BuiltOnVolcano(sector=sector, colour=colour):
                return cmd.BuildOnVolcano(sector, colour)
            case ev.BuiltOnIsland(sector=sector, colour=colour):
                return cmd.BuildOnIsland(sector, colour)
            case ev.TileUsed() as e:
                return cmd.UseTile(e.tile, e.copy, e.sector, e.space, e.colour, e.to, e.back)
            case ev.Passed() | ev.TurnEnded():
                return cmd.EndTurn()
        return None


RULES = Kilauea()
