"""What Arnak gives the search bots (:mod:`core.search`): a deal of everything a seat's view
hides, a position's worth (:mod:`core.games.arnak.worth`), and the greedy bot weighing
positions by that worth as the playout policy.

A deal is drawn from the view alone: the components the view does not show anywhere are dealt
at random into its hidden places (``?``), each kind into places it can lie in. A player's
unseen cards (deck, hand, cards set aside) get that player's own unseen basic cards, those the
seat remembers seeing that player hold (played, then shuffled back into its deck unseen), and
the rest from the unseen fear cards, items and artifacts the market decks do not hold; the hidden
site, guardian, assistant and bonus stacks get their own kinds; face-down idols come from the
idols not in sight (the view counts a player's idols but does not name them).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from random import Random

from core.games.arnak import learned
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.greedy import GreedyBot
from core.games.arnak.rules import RULES
from core.games.arnak.state import HIDDEN, ArnakState
from core.games.arnak.worth import WEIGHTS, Weights, Worth
from core.messages import Command
from core.protocol import Seat
from core.search import Hooks
from core.search.draws import Draws
from core.search.model import Model

log = logging.getLogger("caldera.search")

ITEMS = tuple(c.id for c in C.items)
ARTIFACTS = tuple(c.id for c in C.artifacts)
FEAR = tuple(c.id for c in C.fear)
SITES1 = tuple(t.id for t in C.sites1)
SITES2 = tuple(t.id for t in C.sites2)
GUARDIANS = tuple(g.id for g in C.guardians)
ASSISTANTS = tuple(a.id for a in C.assistants)
IDOLS = tuple(i.id for i in C.idols)
BONUS = tuple(b.id for b in C.bonus_tiles)


class DealError(ValueError):
    """The view does not add up: more hidden places than unseen components of their kind."""


def unseen(every: Iterable[str], seen: Iterable[str | None]) -> list[str]:
    """The components of ``every`` not among ``seen`` (a multiset difference), in catalogue
    order (so a deal depends on the generator only)."""
    left = Counter(every)
    left.subtract(c for c in seen if c is not None and c != HIDDEN)
    return [c for c in dict.fromkeys(every) for _ in range(max(0, left[c]))]


def fill(pile: list[str], pool: list[str]) -> None:
    """Put ``pool``'s components, in order, into ``pile``'s hidden places (in place)."""
    for i, card in enumerate(pile):
        if card == HIDDEN:
            if not pool:
                raise DealError("more hidden places than unseen components")
            pile[i] = pool.pop()


def _cards_seen(s: ArnakState) -> list[str | None]:
    seen: list[str | None] = [*s.row_art, *s.row_items, s.revealed]
    for pile in (s.item_deck, s.art_deck, s.item_exile, s.art_exile, s.fear_deck):
        seen += pile
    for p in s.seats:
        seen += [*p.deck, *p.hand, *p.play, *p.aside, *p.exiled]
    return seen


def _deal_cards(s: ArnakState, rng: Random, known: dict[int, list[str]]) -> None:
    every = [*ITEMS, *ARTIFACTS, *FEAR]
    every += [f"b{seat}{key}" for seat in range(s.players) for key in C.basics]
    pool = unseen(every, _cards_seen(s))
    places = [sum(pile.count(HIDDEN) for pile in (p.deck, p.hand, p.aside)) for p in s.seats]
    owned: list[list[str]] = []  # each player's unseen cards it is known to hold
    for seat in range(s.players):
        mine = [c for c in pool if c[0] == "b" and c[1] == str(seat)]
        remembered = set(known.get(seat, ()))
        mine += [c for c in pool if c[0] != "b" and c in remembered][: places[seat] - len(mine)]
        owned.append(mine)
    claimed = {c for mine in owned for c in mine}
    free = [c for c in pool if c not in claimed]
    items = [c for c in free if c[0] == "i"]
    artifacts = [c for c in free if c[0] == "a"]
    rng.shuffle(items)
    rng.shuffle(artifacts)
    fill(s.item_deck, items)
    fill(s.art_deck, artifacts)
    shared = [*items, *artifacts, *(c for c in free if c[0] == "f")]
    rng.shuffle(shared)
    for seat, player in enumerate(s.seats):
        need = places[seat] - len(owned[seat])
        if need < 0 or need > len(shared):
            raise DealError(f"seat {seat + 1}'s hidden cards do not add up")
        cards = owned[seat] + [shared.pop() for _ in range(need)]
        rng.shuffle(cards)
        for pile in (player.deck, player.hand, player.aside):
            fill(pile, cards)
    if shared:
        raise DealError("unseen cards are left over after the deal")


def remember(
    memory: dict[int, list[str]] | None, view: ArnakState, seat: Seat
) -> dict[int, list[str]]:
    """The cards the seat has seen each player hold (in a deck's known places, a hand, the play
    area): they stay that player's when they go back into its deck unseen, so a later deal puts
    them there, not some card of the market's decks."""
    out = {p: set(cards) for p, cards in (memory or {}).items()}
    for p, player in enumerate(view.seats):
        seen = {c for c in [*player.deck, *player.hand, *player.play, *player.aside] if c != HIDDEN}
        out.setdefault(p, set()).update(c for c in seen if c[0] != "b")
    return {p: sorted(cards) for p, cards in out.items()}


def _deal_board(s: ArnakState, rng: Random) -> None:
    def deal(pile: list[str], every: tuple[str, ...], seen: Iterable[str | None]) -> None:
        pool = unseen(every, seen)
        rng.shuffle(pool)
        fill(pile, pool)

    tiles = [t for t in s.site_tile.values()]
    deal(s.sites1, SITES1, [*s.sites1, *tiles])
    deal(s.sites2, SITES2, [*s.sites2, *tiles])
    taken = [g for p in s.seats for g in p.guardians]
    deal(s.guardians, GUARDIANS, [*s.guardians, *s.guardian.values(), *taken])
    helpers = [a.id for p in s.seats for a in p.assistants]
    every_stack = [*s.rescue, *(a for stack in s.supply for a in stack)]
    pool = unseen(ASSISTANTS, [*every_stack, *helpers])
    rng.shuffle(pool)
    for stack in [s.rescue, *s.supply]:
        fill(stack, pool)
    kept = [b for p in s.seats for b in p.bonus_tiles]
    track = [b for tiles_here in s.bonus.values() for b in tiles_here]
    pool = unseen(BONUS, [*track, *s.temple_bonus, *s.bonus_box, *kept])
    rng.shuffle(pool)
    fill(s.temple_bonus, pool)
    s.bonus_box = s.bonus_box[:]  # a copy shares it with the view (the engine never changes it)
    fill(s.bonus_box, pool)
    down = [space for space, idol in s.idol_down.items() if idol == HIDDEN]
    if down:
        pool = unseen(IDOLS, [*s.idol_up.values(), *s.idol_down.values(), *s.idol_box])
        rng.shuffle(pool)
        for space in down:
            if not pool:
                raise DealError("more face-down idols than unseen idols")
            s.idol_down[space] = pool.pop()


def determinize(
    view: ArnakState, seat: Seat, rng: Random, memory: dict[int, list[str]] | None = None
) -> ArnakState:
    """A whole position that gives ``seat`` exactly ``view``, its hidden parts dealt from what
    the view leaves unseen and what the seat remembers (see the module docstring)."""
    s = view.copy()
    _deal_cards(s, rng, memory or {})
    _deal_board(s, rng)
    return s


SEARCH_WEIGHTS = replace(
    WEIGHTS,
    coin=0.9,
    compass=1.4,
    tablet=0.7,
    arrowhead=1.6,
    jewel=1.0,
    card=0.1,
    card_cost=0.2,
    assistant=2.0,
    idol=1.0,
    boon=0.6,
    glass_row=1.0,
    notebook_row=0.7,
    in_temple=0.0,
)
"""The search's valuation weights (its leaf score and its playout policy's yardstick): what each
thing a player holds at a round's start turned into by the game's end, in points, in the playout
policy's own games (``bench/arnak_fit.py``: a least-squares fit by round over 2000 games a side,
rounds 2-4 read together). Coins and compasses are worth about twice what the greedy bot weighs,
a research row beyond its own points about 1 (greedy: 6): the track pays as it is climbed. The
greedy bot weighing by these beat the greedy bot as it is in 400 games a side
(``bench/arnak_worth.py``, load 3.0-3.1): snake 80.0% [±3.9], 44.5 points to 36.2; bird 72.4%
[±4.4], 43.9 to 37.3 (the weights before, the greedy bot's with tablets, arrowheads and jewels at
0.3 / 0.7 / 1.2: 70.9%, 42.1 points and 62.3%, 41.9)."""
BY_PLAYS = replace(SEARCH_WEIGHTS, deck=1.0, card=0.0, card_cost=0.0, fear=0.0)
"""The search's weights with a player's cards valued by the hands they still deal
(:mod:`core.games.arnak.plays`) instead of 0.1 point a card bought plus 0.2 a coin or compass it
cost, a Fear card's by its place in those hands: a candidate, measured in ``docs/benchmarks.md``
(the duels pass its weights as ``worth.deck=1,worth.card=0,worth.card_cost=0,worth.fear=0``)."""
worth = Worth(SEARCH_WEIGHTS)


class Policy(GreedyBot):
    """The greedy bot's one step of look-ahead, weighing positions by the search's worth."""

    worth = staticmethod(worth)


def use_weights(weights: Weights) -> None:
    """Weigh the search's positions by ``weights`` from now on (``bench/bot_ladder.py
    --worth``)."""
    global worth
    worth = Worth(weights)
    Policy.worth = staticmethod(worth)


def evaluate(state: ArnakState) -> list[float]:
    """Each seat's worth (:class:`core.games.arnak.worth.Worth` by :data:`SEARCH_WEIGHTS`)."""
    return [worth(state, seat) for seat in range(state.players)]


def playout(state: ArnakState, seat: Seat, legal: list[Command] | None, rng: Random) -> Command:
    bot = Policy.__new__(Policy)
    bot._rng = Draws(rng)  # type: ignore[assignment]
    return bot.choose(RULES, state, seat, legal)  # type: ignore[arg-type]


def best_of(state: ArnakState, seat: Seat, commands: list[Command], rng: Random) -> Command:
    """The playout policy's favourite among ``commands`` (the first of equals): weighing a few
    of the legal commands, not all, makes a playout several times cheaper (``Level.sample``)."""
    bot = Policy.__new__(Policy)
    best, top = commands[0], float("-inf")
    for command in commands:
        score = bot.rate(state, seat, command)
        if score > top:
            best, top = command, score
    return best


def candidates(state: ArnakState, seat: Seat, legal: list[Command]) -> list[Command]:
    """Every legal command, the playout policy's favourites first (the search widens in this
    order, so a small budget weighs the likeliest commands)."""
    bot = Policy.__new__(Policy)
    rated = [(bot.rate(state, seat, command), i) for i, command in enumerate(legal)]
    rated.sort(key=lambda pair: (-pair[0], pair[1]))
    return [legal[i] for _, i in rated]


ITERATIONS = {"medium": 24, "hard": 180}
"""The levels' budgets in this game: what fits their seconds (``bench/search_speed.py``: 2-4 ms
of CPU an iteration here; ``hard``'s 180 keep its CPU p99 under 3 s by ``bench/bot_ladder.py``)."""
TUNING = {"easy": {"blunder": 0.35}, "hard": {"points": 0.5}}
"""The levels' other parameters in this game: ``easy`` plays this share of its decisions at
random, so it loses to greedy in most games yet still plays; ``hard`` counts the points it
gains for half its reward, so a safe lead still pays for more points (``bench/bot_ladder.py``,
bird side, 20 games seed for seed: 48.5 points without, 52.0 with)."""


def turns(state: ArnakState) -> int:
    """The turns begun so far: the search's horizon counts them, so after its seat passes the
    playouts stop when the rivals' turns make up the horizon, as they do for every other
    command, not at the next round's turns, where a fresh hand's cards made passing look
    several points better than buying with the coins and compasses it held."""
    return state.turn


HOOKS: Hooks[ArnakState] = Hooks(
    determinize, evaluate, playout, candidates, remember, best_of, turns=turns
)


def hooks_weighing(weights: Weights) -> Hooks[ArnakState]:
    """The search's hooks weighing positions by ``weights`` (leaves and playouts), whatever the
    module's own weights are: two bots in one process may weigh differently (a duel)."""
    weigh = Worth(weights)

    class Own(GreedyBot):
        worth = staticmethod(weigh)

    def own_evaluate(state: ArnakState) -> list[float]:
        return [weigh(state, seat) for seat in range(state.players)]

    def own_playout(
        state: ArnakState, seat: Seat, legal: list[Command] | None, rng: Random
    ) -> Command:
        bot = Own.__new__(Own)
        bot._rng = Draws(rng)  # type: ignore[assignment]
        return bot.choose(RULES, state, seat, legal)  # type: ignore[arg-type]

    def own_best_of(state: ArnakState, seat: Seat, commands: list[Command], rng: Random) -> Command:
        bot = Own.__new__(Own)
        rated = [(bot.rate(state, seat, command), -i) for i, command in enumerate(commands)]
        return commands[-max(rated)[1]]

    def own_candidates(state: ArnakState, seat: Seat, legal: list[Command]) -> list[Command]:
        bot = Own.__new__(Own)
        rated = [(bot.rate(state, seat, command), i) for i, command in enumerate(legal)]
        rated.sort(key=lambda pair: (-pair[0], pair[1]))
        return [legal[i] for _, i in rated]

    return replace(
        HOOKS,
        evaluate=own_evaluate,
        playout=own_playout,
        best_of=own_best_of,
        candidates=own_candidates,
    )


def hooks_with(model: Model | None) -> Hooks[ArnakState]:
    """The search's hooks with its leaves scored by ``model`` (each seat's final points as the
    model expects them from that seat's view: :func:`core.games.arnak.learned.leaf_of`), or by
    the hand-written worth (:data:`HOOKS`) when ``model`` is ``None``. The leaf reads each
    seat's features as that seat sees the search's dealt state, so the searching seat's own
    numbers are those of its view, whatever the deal. The playout policy stays the greedy bot's
    one step by the hand-written worth either way."""
    if model is None:
        return HOOKS
    return replace(HOOKS, evaluate=learned.leaf_of(model))


def learned_hooks(
    model: Model | None = learned.MODEL, refused: str | None = learned.REFUSED
) -> Hooks[ArnakState]:
    """The hooks of the levels that weigh leaves by the shipped model (:data:`LEARNED`); if the
    model was refused (its file fitted on another feature list), the hand-written worth's,
    said in one line."""
    if model is None:
        log.warning("Arnak's search weighs by hand: its model was refused (%s)", refused)
        return HOOKS
    return hooks_with(model)


LEARNED: tuple[str, ...] = ()
"""The levels whose leaves the shipped model scores (the others weigh by hand)."""
LEVEL_HOOKS: dict[str, Hooks[ArnakState]] = (
    dict.fromkeys(LEARNED, learned_hooks()) if LEARNED else {}
)
"""Each level's hooks where they are not :data:`HOOKS` (``register_levels``)."""
