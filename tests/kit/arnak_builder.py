"""Build an Arnak position by hand and play commands on it through a real referee.

``Table(players=2, side="bird")`` is round 1, seat 1 (0) to act, empty hands, decks and card row,
no resources; every component lies in its box order (piles unshuffled). Setters move named
components there from wherever they are (so the position stays conserved):

    t = Table()
    t.hand(0, ["i14", "b0fc"]).res(0, "2C").site("L1.1", "s03", guardian="g05")
    t.do(cmd.PlayCard("i14"))       # decide + evolve, then forced events until a seat must act
    t.choose("b0fc")                 # answer the question on top of the stack
    t.legal(), t.options(), t.state, t.events (every event since the table started)

The referee starts lazily at the first command from the position built so far; setters called
after that change its state directly. Chance (a round end's shuffles) is resolved by the
referee's seeded generator.
"""

from __future__ import annotations

from typing import Any

from core.games.arnak import RULES
from core.games.arnak import effects as fx
from core.games.arnak.rules import initial_state
from core.games.arnak.state import ArnakState, Assistant
from core.messages import Command, Event
from core.referee import Referee

RES = "MCTAJ"


def parse_res(text: str) -> list[int]:
    """``"2M1C"`` or ``"2MC"`` -> [2, 1, 0, 0, 0]."""
    out = [0] * 5
    n = ""
    for ch in text:
        if ch.isdigit():
            n += ch
        else:
            out[RES.index(ch)] += int(n or 1)
            n = ""
    return out


class Table:
    def __init__(self, players: int = 2, side: str = "bird", seed: str = "builder") -> None:
        self.config = RULES.config(players, {"side": side, "start_player": 0})
        state = initial_state(self.config)
        state.phase = "turn"
        state.setup_step = 99
        state.turn = 1
        for seat in state.seats:  # the starting decks wait beside the boards
            state.fear_deck += [c for c in seat.deck if c.startswith("f")]
            seat.exiled = [c for c in seat.deck if not c.startswith("f")]
            seat.deck = []
            seat.deck_seen = []
        box = state.supply[0]
        state.supply = [box[:4], box[4:8], box[8:]]
        self._state = state
        self.referee: Referee[ArnakState] | None = None
        self.seed = seed

    # --- the position ------------------------------------------------------------------------

    @property
    def state(self) -> ArnakState:
        return self.referee.state if self.referee is not None else self._state

    @property
    def events(self) -> list[Event]:
        return [] if self.referee is None else [env.event for env in self.referee.log[1:]]

    def _remove(self, card: str) -> None:
        """Take ``card`` from wherever it lies (so placing it keeps every component once)."""
        s = self.state
        piles: list[list[Any]] = [
            s.item_deck,
            s.art_deck,
            s.item_exile,
            s.art_exile,
            s.fear_deck,
            s.sites1,
            s.sites2,
            s.guardians,
            s.idol_box,
            s.bonus_box,
            s.temple_bonus,
            s.rescue,
            *s.supply,
            *s.bonus.values(),
        ]
        for p in s.seats:
            piles += [p.deck, p.hand, p.play, p.aside, p.exiled]
        for pile in piles:
            if card in pile:
                pile.remove(card)
                return
        for row in (s.row_art, s.row_items):
            if card in row:
                row[row.index(card)] = None
                return
        if card.startswith("f"):
            raise ValueError(f"{card} is nowhere (all Fear cards are in use?)")

    def _place(self, seat: int, zone: str, cards: list[str]) -> Table:
        player = self.state.seats[seat]
        for card in getattr(player, zone):
            fx.to_exile(self.state, seat, card)
        setattr(player, zone, [])
        for card in cards:
            self._remove(card)
            getattr(player, zone).append(card)
        self._sync()
        return self

    def hand(self, seat: int, cards: list[str]) -> Table:
        return self._place(seat, "hand", cards)

    def deck(self, seat: int, cards: list[str]) -> Table:
        """Cards top first."""
        return self._place(seat, "deck", cards)

    def play(self, seat: int, cards: list[str]) -> Table:
        return self._place(seat, "play", cards)

    def res(self, seat: int, text: str) -> Table:
        self.state.seats[seat].res = parse_res(text)
        return self

    def arch(self, seat: int, spaces: list[str]) -> Table:
        s = self.state
        player = s.seats[seat]
        for space in player.arch:
            if space is not None:
                s.occupant[space] = None
        player.arch = [*spaces, *[None] * (2 - len(spaces))]
        for space in spaces:
            s.occupant[space] = seat
        return self

    def site(self, space: str, tile: str, guardian: str | None = None) -> Table:
        """A discovered level-I/II site with its tile (and a guardian)."""
        s = self.state
        self._remove(tile)
        s.site_tile[space] = tile
        if guardian is not None:
            self._remove(guardian)
            s.guardian[space] = guardian
        return self

    def idol(self, space: str, idol: str) -> Table:
        """A face-up idol on an undiscovered site."""
        self._remove(idol)
        self.state.idol_up[space] = idol
        return self

    def idols(self, seat: int, crates: int, slots: int = 0) -> Table:
        """Idols in a player's crates and slots (taken from the box)."""
        s = self.state
        for _ in range(crates + slots):
            s.idol_box.pop()
        s.seats[seat].idols = crates
        s.seats[seat].slots = slots
        return self

    def guardians(self, seat: int, guardians: list[str], used: tuple[str, ...] = ()) -> Table:
        for g in guardians:
            self._remove(g)
        self.state.seats[seat].guardians = list(guardians)
        self.state.seats[seat].boons_used = list(used)
        return self

    def assistants(self, seat: int, helpers: list[tuple[str, bool, bool]]) -> Table:
        """(id, gold, exhausted) each."""
        for h, _, _ in helpers:
            self._remove(h)
        self.state.seats[seat].assistants = [Assistant(h, g, e) for h, g, e in helpers]
        return self

    def row(self, artifacts: list[str], items: list[str]) -> Table:
        """The card row: ``artifacts`` left of the staff (staff = their count), then items."""
        s = self.state
        for card in [*s.row_art, *s.row_items]:
            if card is not None:
                fx.to_exile(s, 0, card)
        s.row_art, s.row_items = [], []
        for card in [*artifacts, *items]:
            self._remove(card)
        s.staff = len(artifacts)
        s.row_art = list(artifacts)
        s.row_items = list(items)
        return self

    def research(self, seat: int, glass: int, notebook: int = 0) -> Table:
        self.state.seats[seat].glass = glass
        self.state.seats[seat].notebook = notebook
        return self

    def turn(self, seat: int, main_done: bool = False) -> Table:
        self.state.active = seat
        self.state.main_done = main_done
        return self

    # --- play --------------------------------------------------------------------------------

    def _sync(self) -> None:
        """Every deck card set by hand is known to nobody (as after a shuffle)."""
        for player in self.state.seats:
            if len(player.deck_seen) != len(player.deck):
                player.deck_seen = [0] * len(player.deck)

    def start(self) -> Referee[ArnakState]:
        self._sync()
        if self.referee is None:
            names = [f"P{i + 1}" for i in range(self.state.players)]
            position = RULES.dump_position(self._state)
            self.referee = Referee(RULES, self.config, names, seed=self.seed, position=position)
            self.referee.begin()
        return self.referee

    def do(self, command: Command, seat: int | None = None) -> Table:
        referee = self.start()
        if seat is None:
            seat = RULES.to_move(referee.state)[0]
        referee.submit(seat, command)
        return self

    def choose(self, value: str) -> Table:
        from core.games.arnak.commands import Choose

        return self.do(Choose(value))

    def legal(self, seat: int | None = None) -> list[Command]:
        state = self.start().state
        if seat is None:
            movers = RULES.to_move(state)
            if not movers:
                return []
            seat = movers[0]
        return RULES.legal_commands(state, seat)

    def options(self) -> list[str]:
        """The answers to the question on top of the stack."""
        return fx.options(self.start().state)
