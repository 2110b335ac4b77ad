"""What an Arnak position looks like to one seat, as numbers: the learned evaluation's input.

:func:`features` reads a state only as ``seat`` sees it (:func:`core.games.arnak.secrecy.view`):
a deck card counts only if its mask says the seat saw it, another player's hand only where all
saw the card arrive, its aside not at all. So the true state, the seat's view and any deal of
that view (the search's) give the same numbers, and the model never learns from what the seat
cannot know. The vector is the seat's own things, its strongest rival's (the other player with
the most points now), the board's, and the seat's things again weighed by the rounds left
(a linear model's way to let a coin be worth more early than late). :data:`VERSION` names the
list: a model fitted on another list is refused (:mod:`core.games.arnak.model`).
"""

from __future__ import annotations

from core.games.arnak import catalog as K
from core.games.arnak.catalog import research_row
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.scoring import EMPTY_SLOTS_VP, TEMPLE_VP, research_vp
from core.games.arnak.state import HIDDEN, PUBLIC, TEMPLE, ArnakState, seen_by

VERSION = "arnak-1"
"""The feature list's name: change it whenever :data:`NAMES` or their meaning changes."""

R = C.rules
ROUNDS = R.rounds

PLAYER = (
    "points",
    "research_vp",
    "temple_vp",
    "idol_vp",
    "guardian_vp",
    "card_vp_seen",
    "fear_vp",
    "coin",
    "compass",
    "tablet",
    "arrowhead",
    "jewel",
    "glass_row",
    "notebook_row",
    "in_temple",
    "temple_tiles",
    "idols",
    "slots",
    "assistants",
    "gold",
    "assistants_ready",
    "guardians",
    "boons",
    "cards",
    "bought_seen",
    "bought_cost",
    "cards_unseen",
    "fear_cards",
    "hand",
    "hand_travel",
    "hand_bought",
    "home",
    "passed",
    "bonus_tiles",
    "exiled",
)
"""Each player's things (the seat's own, then its rival's)."""

LATER = (
    "coin",
    "compass",
    "tablet",
    "arrowhead",
    "jewel",
    "glass_row",
    "notebook_row",
    "idols",
    "assistants",
    "gold",
    "boons",
    "cards",
    "bought_seen",
    "bought_cost",
    "cards_unseen",
    "fear_cards",
    "in_temple",
)
"""The seat's things that help later, again times the share of rounds left."""

BOARD = (
    "bias",
    "round1",
    "round2",
    "round3",
    "round4",
    "round5",
    "left",
    "snake",
    "players",
    "to_move",
    "first",
    "my_turn_place",
    "sites_open",
    "sites2_open",
    "guardians_out",
    "idols_out",
    "temple_left",
    "fear_tiles_left",
    "market_cost",
    "rivals_points",
)
"""The board's and the table's."""

NAMES: tuple[str, ...] = (
    *(f"me.{n}" for n in PLAYER),
    *(f"rival.{n}" for n in PLAYER),
    *(f"later.{n}" for n in LATER),
    *BOARD,
)
_LATER = tuple(PLAYER.index(n) for n in LATER)

_KIND: dict[str, tuple[str, int, int, int]] = {}  # card -> (kind, vp, cost, travel icons)


def _card(card: str) -> tuple[str, int, int, int]:
    found = _KIND.get(card)
    if found is None:
        info = K.card(card)
        found = _KIND[card] = (info.kind, info.vp, info.cost, sum(info.travel))
    return found


def player_block(state: ArnakState, seat: int, p: int) -> list[float]:
    """Player ``p``'s things as ``seat`` sees them (see :data:`PLAYER`)."""
    player = state.seats[p]
    known = PUBLIC | seen_by(seat)
    seen: list[str] = [c for c, m in zip(player.deck, player.deck_seen, strict=True) if m & known]
    unseen = len(player.deck) - len(seen)
    if p == seat:
        hand = [c for c in player.hand if c != HIDDEN]
        seen += player.aside
    else:
        public = player.hand_public
        hand = [c for c in player.hand if c in public] if public else []
        unseen += len(player.aside)
    unseen += len(player.hand) - len(hand)
    seen += hand
    seen += player.play
    card_vp = fear_vp = bought = cost = fear = 0
    for card in seen:
        if card == HIDDEN:
            unseen += 1
            continue
        kind, vp, price, _ = _card(card)
        if kind == "fear":
            fear_vp += vp
            fear += 1
        elif kind != "basic":
            card_vp += vp
            bought += 1
            cost += price
    travel = hand_bought = 0
    for card in hand:
        kind, _, _, icons = _card(card)
        travel += icons
        if kind in ("item", "artifact"):
            hand_bought += 1
    research = research_vp(state, p)
    temple = sum(TEMPLE_VP[state.side][t] for t in player.temple_tiles)
    idol_vp = R.idol_vp * (player.idols + player.slots) + EMPTY_SLOTS_VP[player.slots]
    guardian_vp = R.guardian_vp * len(player.guardians)
    fear_vp += R.fear_tile_vp * player.fear_tiles
    points = research + temple + idol_vp + guardian_vp + card_vp + fear_vp
    coins, compasses, tablets, arrowheads, jewels = player.res
    in_temple = player.glass == TEMPLE
    glass_row = 8 if in_temple else research_row(state.side, player.glass)
    assistants = player.assistants
    return [
        points,
        research,
        temple,
        idol_vp,
        guardian_vp,
        card_vp,
        fear_vp,
        coins,
        compasses,
        tablets,
        arrowheads,
        jewels,
        glass_row,
        research_row(state.side, player.notebook),
        1.0 if in_temple else 0.0,
        len(player.temple_tiles),
        player.idols,
        player.slots,
        len(assistants),
        sum(1 for a in assistants if a.gold),
        sum(1 for a in assistants if not a.exhausted),
        len(player.guardians),
        len(set(player.guardians) - set(player.boons_used)),
        len(player.deck) + len(player.hand) + len(player.play) + len(player.aside),
        bought,
        cost,
        unseen,
        fear,
        len(player.hand),
        travel,
        hand_bought,
        0 if state.passed[p] else player.arch.count(None),
        1.0 if state.passed[p] else 0.0,
        len(player.bonus_tiles),
        len(player.exiled),
    ]


def features(state: ArnakState, seat: int) -> list[float]:
    """The seat's position as numbers (see :data:`NAMES`), from what ``seat`` may see."""
    players = state.players
    mine = player_block(state, seat, seat)
    rivals = [player_block(state, seat, p) for p in range(players) if p != seat]
    rival = max(rivals, key=lambda block: block[0])
    round_ = min(max(state.round, 1), ROUNDS)
    left = (ROUNDS - round_) / (ROUNDS - 1)
    later = [left * mine[i] for i in _LATER]
    board: list[float] = [1.0, *(1.0 if round_ == r else 0.0 for r in range(1, ROUNDS + 1))]
    order = [(state.start_player + k) % players for k in range(players)]
    site_tiles = state.site_tile
    board += [
        left,
        1.0 if state.side == "snake" else 0.0,
        players,
        1.0 if state.active == seat else 0.0,
        1.0 if state.start_player == seat else 0.0,
        order.index(seat) / max(1, players - 1),
        sum(1 for s, t in site_tiles.items() if t is None and s.startswith("L1")),
        sum(1 for s, t in site_tiles.items() if t is None and s.startswith("L2")),
        sum(1 for g in state.guardian.values() if g is not None),
        sum(1 for i in state.idol_up.values() if i is not None),
        sum(state.temple_stacks),
        state.fear_tiles,
        sum(
            _card(c)[2] for c in (*state.row_art, *state.row_items) if c is not None and c != HIDDEN
        ),
        sum(block[0] for block in rivals) / len(rivals),
    ]
    return [*mine, *rival, *later, *board]
