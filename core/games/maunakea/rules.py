"""Mauna Kea's ``RULES``: the game protocol assembled from its modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.games.maunakea import commands as cmd
from core.games.maunakea import events as ev
from core.games.maunakea import flow, play, position, scoring, secrecy, transcript
from core.games.maunakea.components import COMPONENTS
from core.games.maunakea.evolve import evolve as _evolve
from core.games.maunakea.lava import initial_heads
from core.games.maunakea.state import Explorer, MaunaKeaState
from core.messages import Command, Event
from core.protocol import Outcome, Seat

C = COMPONENTS
OPTIONS = {"advanced", "turn_limit", "start_player"}


class MaunaKea:
    """Mauna Kea (Touko Tahkokallio, HUCH! & friends 2013) for 2–4 players, with the rulebook's
    advanced game (cards, secret hands, the earlier ending) as the ``advanced`` option."""

    game = "maunakea"
    title = "Mauna Kea"
    version = 1
    min_players = 2
    max_players = 4

    def config(self, players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        options = dict(options or {})
        unknown = set(options) - OPTIONS
        if unknown:
            raise ValueError(f"unknown Mauna Kea option(s): {', '.join(sorted(unknown))}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Mauna Kea is played by 2 to 4 players")
        turn_limit = options.get("turn_limit")
        if turn_limit is not None and (not isinstance(turn_limit, int) or turn_limit < 1):
            raise ValueError("the turn limit is a positive number of turns")
        start = options.get("start_player")
        if start is not None and start not in range(players):
            raise ValueError(f"the start player is a seat from 1 to {players}")
        return {
            "players": players,
            "advanced": bool(options.get("advanced", False)),
            "turn_limit": turn_limit,
            "start_player": start,
        }

    def initial(self, config: Mapping[str, Any]) -> MaunaKeaState:
        cfg = self.config(
            int(config["players"]), {k: v for k, v in config.items() if k != "players"}
        )
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

    def evolve(self, state: MaunaKeaState, event: Event) -> MaunaKeaState:
        return _evolve(state, event)

    def copy(self, state: MaunaKeaState) -> MaunaKeaState:
        return state.copy()

    def fully_known(self, state: MaunaKeaState) -> bool:
        return secrecy.fully_known(state)

    def view(self, state: MaunaKeaState, seat: Seat | None) -> MaunaKeaState:
        return secrecy.view(state, seat)  # the base game hides nothing: tiles lie face up

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

    def command_for(self, event: Event) -> Command | None:
        match event:
            case ev.ExplorerPlaced(space=space):
                return cmd.PlaceExplorer(space)
            case ev.TilePlaced(tile=tile, slot=slot, rotation=rotation):
                return cmd.PlaceTile(tile, slot, rotation)
            case ev.TileSpent(tile=tile):
                return cmd.SpendTile(tile)
            case ev.ExplorerMoved(explorer=explorer, path=path):
                return cmd.Move(explorer, path[-1])
            case ev.ArtifactPickedUp(explorer=explorer, colour=colour):
                return cmd.PickUp(explorer, colour)
            case ev.ArtifactDropped(explorer=explorer, colour=colour):
                return cmd.Drop(explorer, colour)
            case ev.BoatBoarded(explorer=explorer, cargo=cargo):
                return cmd.Board(explorer, cargo)
            case ev.TurnPlayed():
                return cmd.EndTurn()
            case ev.CardsKept(kept=kept):
                return cmd.KeepCards(kept)
            case ev.CardMoved(card=card, explorer=explorer, path=path):
                return cmd.PlayMoveCard(card, explorer, path[-1])
            case ev.EarthquakeStruck(card=card, slot=slot, rotation=rotation):
                return cmd.PlayEarthquake(card, slot, rotation)
            case ev.QuakeDrawChosen(draw=draw):
                return cmd.QuakeDraw(draw)
            case ev.ExplorerRescued(card=card, explorer=explorer):
                return cmd.PlayHelicopter(card, explorer)
        return None


RULES = MaunaKea()
