"""The canary test: over hundreds of random games, no seat (nor a spectator) ever receives the id
of a card, idol, tile or assistant before the rules show it to them.

Every component id is a canary. What a viewer may know is worked out here from the referee's true
state alone, by the rulebook, not from ``secrecy.py``: ids lying face up (play areas, the card
row, exiles, the Fear deck, sites, guardians, assistants, stack tops, bonus tiles on the track,
a revealed card) are public from then on; the viewer's own hand and the cards it looks at (an
earring's, the rescue or temple bonus stack while choosing) are its own from then on. Every
projected event and (now and then) the viewer's exported position must name no other id.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from core.codec import Envelope, encode_envelope
from core.fold import fold
from core.games.arnak import RULES
from core.games.arnak import commands as cmd
from core.games.arnak import events as ev
from core.games.arnak import ops as o
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.effects import current
from core.games.arnak.greedy import GreedyBot
from core.games.arnak.state import HIDDEN, ArnakState
from core.messages import Command
from core.referee import Referee
from core.rng import Rng
from tests.kit import arnak_invariants

ID = re.compile(r"(?<![A-Za-z0-9])([iafgstdhr]\d\d|b\d[fe][cs])(?![0-9])")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


ALL_IDS = {
    *C.by_id,
    *(f"b{seat}{key}" for seat in range(4) for key in C.basics),
}


def ids_in(value: Any) -> set[str]:
    """Every component id named anywhere in a JSON-able value."""
    return {m for s in _strings(value) for m in ID.findall(s)} & ALL_IDS


def public(state: ArnakState) -> set[str]:
    """What lies face up for everyone now (the rulebook's open components)."""
    out: set[str] = set()
    for p in state.seats:
        out |= {*p.play, *p.exiled, *p.guardians, *p.bonus_tiles}
        out |= {a.id for a in p.assistants}
    out |= {c for c in (*state.row_art, *state.row_items) if c is not None}
    out |= {*state.item_exile, *state.art_exile, *state.fear_deck}
    for board in (state.site_tile, state.idol_up, state.guardian):
        out |= {v for v in board.values() if v is not None}
    out |= {s[0] for s, shown in zip(state.supply, state.supply_shown, strict=True) if s and shown}
    if state.rescue and state.rescue_shown:
        out.add(state.rescue[0])
    for tiles in state.bonus.values():
        out |= set(tiles)
    if state.revealed is not None:
        out.add(state.revealed)
    return out


def top_of(state: ArnakState, pile: str) -> str:
    """The true top of a face-down pile, by the name a ``CardRevealed`` event gives it."""
    piles = {
        "items": state.item_deck,
        "artifacts": state.art_deck,
        "sites1": state.sites1,
        "sites2": state.sites2,
        "guardians": state.guardians,
        "rescue": state.rescue,
    }
    cards = state.supply[int(pile[6:])] if pile.startswith("supply") else piles[pile]
    return cards[0]


def own(state: ArnakState, seat: int) -> set[str]:
    """What ``seat`` alone holds or looks at now."""
    player = state.seats[seat]
    out = {*player.hand, *player.aside}
    top = current(state)
    if top is not None and top[0].seat == seat:
        if isinstance(top[1], o.Rescue):
            out |= set(state.rescue)
        if isinstance(top[1], o.TemplePick):
            out |= set(state.temple_bonus)
    return out


# Random play rarely gets far; this bias (research, buy, play, discover before passing) and a
# rich start reach the temple, the rescue and the earrings, so their secrets are tested too.
WEIGHTS: dict[type, float] = {
    cmd.Research: 30,
    cmd.Buy: 6,
    cmd.PlayCard: 6,
    cmd.Discover: 6,
    cmd.Overcome: 6,
    cmd.Dig: 3,
    cmd.UseAssistant: 2,
    cmd.UseBoon: 2,
    cmd.Pass: 0.2,
}


def pick(rng: Rng, legal: list[Command], biased: bool) -> Command:
    if not biased:
        return legal[rng.below(len(legal))]
    kinds: dict[type, list[Command]] = {}
    for command in legal:
        kinds.setdefault(type(command), []).append(command)
    weights = [WEIGHTS.get(kind, 1.0) for kind in kinds]
    x = rng.below(1_000_000) / 1_000_000 * sum(weights)
    for options, weight in zip(kinds.values(), weights, strict=True):
        x -= weight
        if x < 0:
            return options[rng.below(len(options))]
    return legal[-1]


def play(players: int, side: str, seed: str, *, rich: bool = False) -> Referee[ArnakState]:
    """A random game; ``rich``: every player starts the first turn with 12 of each resource."""
    config = RULES.config(players, {"side": side})
    names = [f"P{i}" for i in range(players)]
    referee: Referee[ArnakState] = Referee(RULES, config, names, seed=seed)
    referee.begin()
    if rich:
        doc = RULES.dump_position(referee.state)
        for player in doc["state"]["seats"]:
            player["res"] = [12] * 5
        referee = Referee(RULES, config, names, seed=f"{seed}/rich", position=doc)
        referee.begin()
    rng = Rng(f"{seed}/moves")
    while not referee.ended:
        seat = RULES.to_move(referee.state)[0]
        referee.submit(seat, pick(rng, RULES.legal_commands(referee.state, seat), rich))
    return referee


Viewer = int | None  # a seat, or None for a spectator
Knowledge = dict[Viewer, set[str]]


def knowledge(
    referee: Referee[ArnakState],
) -> Iterator[tuple[int, Envelope, ArnakState, Knowledge]]:
    """Each event of the referee's log with the true state after it and what each viewer may
    know by then (cumulative: what was once shown stays known)."""
    players = referee.state.players
    viewers: list[Viewer] = [*range(players), None]
    _, state = fold(referee.log[:1])
    start = ids_in(_boxed(state)) | public(state)
    known: Knowledge = {v: start | (own(state, v) if v is not None else set()) for v in viewers}
    turned_up: set[str] = set()
    for n, env in enumerate(referee.log):
        core = env.type.startswith("core.")
        if isinstance(env.event, ev.CardRevealed):
            assert env.event.card == top_of(state, env.event.pile), "only a pile's top is shown"
            turned_up.add(env.event.card)
        if n:
            state = state if core else RULES.evolve(state, env.event)
        shown = public(state) | turned_up
        for viewer in viewers:
            known[viewer] |= shown | (own(state, viewer) if viewer is not None else set())
        yield n, env, state, known


def check(referee: Referee[ArnakState], *, views_every: int = 0) -> None:
    """Every projected event (and every ``views_every``-th view) names only known ids; at those
    events every component is also counted where it lies (conservation)."""
    for n, env, state, known in knowledge(referee):
        core = env.type.startswith("core.")
        for viewer in known:
            if core and env.type != "core.game_started":
                continue  # the referee's seed and outcome name no component
            seen = RULES.project(env.event, viewer)
            encode_envelope(type(env)(env.seq, seen, env.prev))  # a projection still encodes
            # a game's start names components only in its position (its seed hash is hex)
            named = getattr(seen, "position", None) if core else msgspec.to_builtins(seen)
            leaked = ids_in(named) - known[viewer]
            assert not leaked, f"event {n} {env.type} shows {sorted(leaked)} to {viewer}"
            if isinstance(seen, ev.PileShuffled) and seen.pile.startswith("play:"):
                assert set(seen.cards) == {HIDDEN}, "a shuffled deck's order is nobody's"
            if views_every and n % views_every == 0:
                if viewer is None:
                    arnak_invariants.check(state)
                doc = RULES.dump_position(RULES.view(state, viewer))
                leaked = ids_in(doc) - known[viewer]
                assert not leaked, f"the view at {n} shows {sorted(leaked)} to {viewer}"


def _boxed(state: ArnakState) -> Any:
    """Before any shuffle every pile lies in its box order, known to all."""
    return RULES.dump_position(state) if state.phase == "setup" and state.setup_step == 0 else {}


@pytest.mark.parametrize("side", ["bird", "snake"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_projection_leaks_a_secret(players: int, side: str) -> None:
    for game in range(10):
        check(play(players, side, f"canary-{players}-{side}-{game}"))


@pytest.mark.parametrize("side", ["bird", "snake"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_projection_leaks_a_secret_in_rich_games(players: int, side: str) -> None:
    """Rich, eager players reach the temple (its bonus stack), the rescue and the earrings."""
    reached: Counter[str] = Counter()
    for game in range(4):
        referee = play(players, side, f"canary-rich-{players}-{side}-{game}", rich=True)
        check(referee, views_every=0 if game % 2 else 5)
        for env in referee.log:
            if isinstance(env.event, ev.PileViewed):
                reached[env.event.pile] += 1
            if isinstance(env.event, ev.CardPlayed) and env.event.card in ("a06", "a31"):
                reached["earring"] += 1
    assert reached["temple"], "no game reached the temple: the test lost its reach"
    assert side == "bird" or reached["rescue"], "no game rescued an assistant"


@pytest.mark.parametrize("side", ["bird", "snake"])
def test_no_projection_or_view_leaks_a_secret_in_greedy_games(side: str) -> None:
    """The greedy bot, choosing from its own view, plays a fuller game than random play."""
    for players in (2, 3, 4):
        config = RULES.config(players, {"side": side})
        seed = f"canary-greedy-{players}-{side}"
        names = [f"P{i}" for i in range(players)]
        referee: Referee[ArnakState] = Referee(RULES, config, names, seed=seed)
        referee.begin()
        bots = [GreedyBot(f"{seed}/{s}") for s in range(players)]
        while not referee.ended:
            seat = RULES.to_move(referee.state)[0]
            view = RULES.view(referee.state, seat)
            referee.submit(seat, bots[seat].choose(RULES, view, seat))
        check(referee, views_every=7)


def test_the_canary_sees_a_planted_leak() -> None:
    """The check itself bites: a CardsDrawn shown unprojected to the other seat is caught."""
    config = RULES.config(2, {"side": "bird"})
    referee: Referee[ArnakState] = Referee(RULES, config, ["A", "B"], seed="canary-bites")
    referee.begin()
    drew = next(e.event for e in referee.log if isinstance(e.event, ev.CardsDrawn))
    _, state = fold(referee.log)
    other = 1 - drew.seat
    known = public(state) | own(state, other)
    assert ids_in(msgspec.to_builtins(drew)) - known, "the unprojected draw names secret cards"
    assert not ids_in(msgspec.to_builtins(RULES.project(drew, other))) - known
