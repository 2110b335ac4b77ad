"""What happens between commands: the setup shuffles, the facts an effect waits for (draws,
revealed tiles, peeks), row refills, the turn order and the end of each round.

``forced`` returns deterministic consequences, ``chance`` the draws still needed (a shuffle is
the only chance in Arnak: 004 knows no other shuffling); the engine asks ``forced`` first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from core.chance import shuffle_sizes, shuffled
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak import ops as o
from core.games.arnak import scoring
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import ArnakState, Frame
from core.messages import Event

HAND = C.rules.hand_size


def setup_steps(state: ArnakState) -> tuple[str, ...]:
    """The setup shuffles in order, then the start player (unless the table chose one)."""
    return steps_for(state.players)


@cache
def steps_for(players: int) -> tuple[str, ...]:
    """:func:`setup_steps` at a table of ``players`` (the only thing they depend on)."""
    steps = ["items", "artifacts", "sites1", "sites2", "guardians", "idols", "assistants", "bonus"]
    if players == 3:
        steps.append("blocking")
    steps += [f"deck:{s}" for s in range(players)]
    steps.append("start")
    return tuple(steps)


def setup_pile(state: ArnakState, name: str) -> list[str]:
    """The contents of a pile about to be shuffled."""
    if name == "items":
        return state.item_deck
    if name == "artifacts":
        return state.art_deck
    if name == "sites1":
        return state.sites1
    if name == "sites2":
        return state.sites2
    if name == "guardians":
        return state.guardians
    if name == "idols":
        return state.idol_box
    if name == "assistants":
        return [a for stack in state.supply for a in stack]
    if name == "bonus":
        return state.bonus_box
    if name == "blocking":
        return [f"C{n}.2" for n in range(1, 6)]
    seat = int(name.split(":")[1])
    if name.startswith("deck:"):
        return state.seats[seat].deck
    return state.seats[seat].play  # "play:<seat>" at a round's end


def secret_positions(state: ArnakState, pile: str, n: int) -> tuple[int, ...]:
    """The positions of a shuffled pile nobody may see (see ``evolve._setup``)."""
    if pile in ("blocking",):
        return ()
    if pile == "idols":
        return tuple(9 + 2 * k for k in range(4))  # the level-II face-down idols
    if pile == "assistants":
        shown = set(assistant_tops(state, n))
        return tuple(i for i in range(n) if i not in shown)
    if pile == "bonus":
        placed = sum(bonus_counts(state).values())
        return tuple(range(placed, n))  # the temple stack and the unused tiles
    return tuple(range(n))


def assistant_stacks(state: ArnakState, n: int) -> list[tuple[int, int]]:
    """(start, end) of the rescue pile (snake side, first) and the 3 supply stacks."""
    if state.side == "bird":
        sizes = list(C.setup.assistant_stacks["bird"])
        bounds = [(0, 0)]
    else:
        rescue = state.players
        bounds = [(0, rescue)]
        first = list(C.setup.assistant_stacks["snake"])
        sizes = [*first, n - rescue - sum(first)]
    start = bounds[0][1]
    for size in sizes:
        bounds.append((start, start + size))
        start += size
    return bounds


def assistant_tops(state: ArnakState, n: int) -> list[int]:
    return [a for a, b in assistant_stacks(state, n) if b > a]


def bonus_counts(state: ArnakState) -> dict[int, int]:
    side = C.sides[state.side]  # type: ignore[index]
    return {
        s.space: s.bonus_for(state.players) for s in side.research if s.bonus_for(state.players)
    }


def chance(state: ArnakState) -> tuple[int, ...] | None:
    if state.phase == "setup":
        step = setup_steps(state)[state.setup_step]
        if step == "start":
            if state.start_player_option is not None:
                return None
            return (state.players,)
        return shuffle_sizes(len(setup_pile(state, step))) or (1,)
    if state.phase == "roundend":
        seat = state.roundend_step
        if seat < state.players and state.seats[seat].play:
            return shuffle_sizes(len(state.seats[seat].play)) or (1,)
    return None


def resolve(state: ArnakState, draws: Sequence[int]) -> Event:
    if state.phase == "setup":
        step = setup_steps(state)[state.setup_step]
        if step == "start":
            return ev.StartPlayerChosen(draws[0])
        pile = setup_pile(state, step)
        order = shuffled(pile, draws) if len(pile) > 1 else list(pile)
        return ev.PileShuffled(step, tuple(order), secret_positions(state, step, len(order)))
    seat = state.roundend_step
    pile = state.seats[seat].play
    order = shuffled(pile, draws) if len(pile) > 1 else list(pile)
    return ev.PileShuffled(f"play:{seat}", tuple(order), tuple(range(len(order))))


def forced(state: ArnakState) -> list[Event]:
    phase = state.phase
    if phase == "setup":
        steps = setup_steps(state)
        if steps[state.setup_step] == "start" and state.start_player_option is not None:
            return [ev.StartPlayerChosen(state.start_player_option)]
        return []
    if phase == "over":
        if state.rules_version >= 2 and not state.final:
            return [final_scoring(state)]
        return []
    if state.stack:
        frame = state.stack[-1]
        need = frame.ctx.get("need")
        if need is not None:
            return [fact(state, frame, need)]
        return []
    if state.refill_due:
        return [refill(state)]
    for i, stack in enumerate(state.supply):
        if stack and not state.supply_shown[i]:
            return [ev.CardRevealed(f"supply{i}", stack[0])]
    if state.rescue and not state.rescue_shown:
        return [ev.CardRevealed("rescue", state.rescue[0])]
    if phase == "deal":
        for seat in turn_order(state):
            player = state.seats[seat]
            if len(player.hand) < HAND and player.deck:
                n = min(HAND - len(player.hand), len(player.deck))
                return [ev.CardsDrawn(seat, tuple(player.deck[:n]))]
        return [ev.TurnStarted(state.start_player)]
    if phase == "turn" and state.turn_over:
        if state.turn_limit is not None and state.turn >= state.turn_limit:
            return [ev.RoundEnded(state.round)]
        nxt = next_seat(state)
        if nxt is None:
            return [ev.RoundEnded(state.round)]
        return [ev.TurnStarted(nxt)]
    return []


def final_scoring(state: ArnakState) -> ev.FinalScoring:
    """Every player's points by 004's scoring list, counted from the whole state."""
    return ev.FinalScoring(tuple(scoring.parts(state, seat) for seat in range(state.players)))


def turn_order(state: ArnakState) -> list[int]:
    return [(state.start_player + k) % state.players for k in range(state.players)]


def next_seat(state: ArnakState) -> int | None:
    for k in range(1, state.players + 1):
        seat = (state.active + k) % state.players
        if not state.passed[seat]:
            return seat
    return None


def fact(state: ArnakState, frame: object, need: str) -> Event:
    """The event bringing what the top frame waits for."""
    assert isinstance(frame, Frame)
    op = fx.program(frame.key)[frame.pc]
    seat = frame.seat
    player = state.seats[seat]
    if need == "draw":
        n = min(int(frame.ctx["n"]), len(player.deck))
        bottom = (isinstance(op, o.Draw) and op.bottom) or (
            isinstance(op, o.Peek) and op.end == "bottom"
        )
        cards = player.deck[len(player.deck) - n :] if bottom else player.deck[:n]
        return ev.CardsDrawn(seat, tuple(cards), bottom)
    if need == "reveal":
        if isinstance(op, o.ActivateTop):
            pile = "sites1" if op.level == 1 else "sites2"
            return ev.CardRevealed(pile, (state.sites1 if op.level == 1 else state.sites2)[0])
        assert isinstance(op, o.Reveal)
        pile = "items" if op.kind == "item" else "artifacts"
        return ev.CardRevealed(pile, (state.item_deck if op.kind == "item" else state.art_deck)[0])
    if need == "site":
        level = int(frame.ctx["site"][1])
        pile = "sites1" if level == 1 else "sites2"
        return ev.CardRevealed(pile, (state.sites1 if level == 1 else state.sites2)[0])
    if need == "guardian":
        return ev.CardRevealed("guardians", state.guardians[0])
    if need == "aside":
        return ev.CardsLaidAside(seat, tuple(player.aside))
    if need == "peek":
        if isinstance(op, o.Rescue):
            return ev.PileViewed(seat, "rescue", tuple(state.rescue))
        return ev.PileViewed(seat, "temple", tuple(state.temple_bonus))
    raise AssertionError(need)


def refill(state: ArnakState) -> Event:
    """Slide the row's cards toward the staff and deal onto the far ends (empty deck: none)."""
    art_gaps = sum(1 for c in state.row_art if c is None)
    item_gaps = sum(1 for c in state.row_items if c is None)
    return ev.RowRefilled(tuple(state.art_deck[:art_gaps]), tuple(state.item_deck[:item_gaps]))


def to_move(state: ArnakState) -> tuple[int, ...]:
    if state.phase != "turn":
        return ()
    if state.stack:
        frame = state.stack[-1]
        if "need" in frame.ctx:
            return ()
        return (frame.seat,)
    if state.turn_over or state.refill_due:
        return ()
    for stack, shown in zip(state.supply, state.supply_shown, strict=True):  # (a loop: a
        if stack and not shown:  # generator's resumptions cost more; asked before every move)
            return ()
    if state.rescue and not state.rescue_shown:
        return ()
    return (state.active,)
