"""Applying events to the state (in place), then running effects until they wait (``effects.run``).

Evolve is ``?``-tolerant: a seat's view folds the same events with hidden cards as ``?``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak import ops as o
from core.games.arnak.cards import gap_at, take_from_row, without
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.flow import assistant_stacks, bonus_counts, setup_steps, turn_order
from core.games.arnak.pay import PILOT, PILOT_COINS, PLANE, left_over, spend
from core.games.arnak.research import PLAIN_STEPS, PlainStep, plain_step
from core.games.arnak.sites import CAMP_SPACE_KEYS
from core.games.arnak.state import COIN, COMPASS, HIDDEN, PUBLIC, TABLET, ArnakState, Frame
from core.lifecycle import TABLE_EVENT_HANDLERS
from core.messages import Event

MAIN_ACTION = {"main": True}  # a played card's frame: its effect is the turn's main action
FREE_ACTION = {"main": False}
ARTIFACT_TABLETS = C.rules.artifact_play_cost.T
ROW_SIZE = C.rules.row_size
ROUNDS = C.rules.rounds
PLAY_PILES = {f"play:{seat}": seat for seat in range(8)}  # their shuffles' piles, by seat
L1_SPACES = tuple(f"L1.{k + 1}" for k in range(8))  # the idols' spaces, in the idol pile's order
L2_SPACES = tuple(f"L2.{k + 1}" for k in range(4))
BONUS_COUNTS: dict[tuple[str, int], list[tuple[int, int]]] = {}  # flow.bonus_counts, in order


def evolve(state: ArnakState, event: Event) -> ArnakState:
    kind = type(event)
    alone = ALONE.get(kind)  # the commonest events' handlers finish the work themselves
    if alone is not None:
        return alone(state, event)
    HANDLERS[kind](state, event)
    if state.stack:
        run(state)
    return state


run = fx.run
program = fx.program
PROGRAM_STEPS = fx.PROGRAM_STEPS
CARDS = K.CARDS
SPACE_TRAVEL = K.SPACE_TRAVEL
ANSWERS = fx.ANSWERS


def _shuffled(state: ArnakState, e: ev.PileShuffled) -> ArnakState:
    pile = e.pile
    seat = PLAY_PILES.get(pile)  # a play area shuffled into its deck (the commonest)
    if seat is not None or pile.startswith("play:"):
        player = state.seats[int(pile[5:]) if seat is None else seat]
        player.deck = [*player.deck, *e.cards]  # (set anew: the bots' copies share them)
        player.deck_seen = player.deck_seen + [0] * len(e.cards)
        player.play.clear()
        step = state.roundend_step + 1  # ``_roundend_next``'s skipping, inlined
        seats = state.seats
        players = state.players
        while step < players and not seats[step].play:
            step += 1
        state.roundend_step = step
        if step >= players:
            _roundend_next(state)  # the round's last shuffle: the next round is prepared
        return state
    cards = list(e.cards)
    if pile == "items":
        state.item_deck = cards
    elif pile == "artifacts":
        state.art_deck = cards
    elif pile == "sites1":
        state.sites1 = cards
    elif pile == "sites2":
        state.sites2 = cards
    elif pile == "guardians":
        state.guardians = cards
    elif pile == "idols":
        state.idol_box = []
        idol_up = dict(state.idol_up)  # new dicts: the bots' copies share the old ones
        idol_down = dict(state.idol_down)
        for k, where in enumerate(L1_SPACES):
            idol_up[where] = cards[k]
        for k, where in enumerate(L2_SPACES):
            idol_up[where] = cards[8 + 2 * k]
            idol_down[where] = cards[9 + 2 * k]
        state.idol_up, state.idol_down = idol_up, idol_down
    elif pile == "assistants":
        bounds = assistant_stacks(state, len(cards))
        a, b = bounds[0]
        state.rescue = cards[a:b]
        state.supply = [cards[a:b] for a, b in bounds[1:]]
    elif pile == "bonus":
        state.bonus_box = []
        at = 0
        try:  # the research spaces with bonus tiles, in order, and how many each
            counts = BONUS_COUNTS[state.side, state.players]
        except KeyError:
            counts = BONUS_COUNTS[state.side, state.players] = sorted(bonus_counts(state).items())
        bonus = dict(state.bonus)  # a new dict: the bots' copies share the old one
        for space, count in counts:
            bonus[space] = cards[at : at + count]
            at += count
        state.bonus = bonus
        state.temple_bonus = cards[at : at + state.players]
        state.bonus_box = cards[at + state.players :]
    elif pile == "blocking":
        state.blocked = sorted(cards[:3])
    elif pile.startswith("deck:"):
        state.seats[int(pile[5:])].deck = cards
        state.seats[int(pile[5:])].deck_seen = [0] * len(cards)
    state.setup_step += 1
    return state


def _start_player(state: ArnakState, e: ev.StartPlayerChosen) -> ArnakState:
    state.start_player = e.seat
    state.active = e.seat
    for k, seat in enumerate(turn_order(state)):
        fx.gain(state, seat, C.setup.start_resources[k])
    state.phase = "deal"
    state.setup_step = len(setup_steps(state))
    state.refill_due = True
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _refilled(state: ArnakState, e: ev.RowRefilled) -> ArnakState:
    """Cards dealt at the far end, the rest slid toward the staff; a row already full and
    dealt nothing (mostly one of the two) stays as it is."""
    staff = state.staff
    dealt = e.artifacts
    row = state.row_art
    if dealt or len(row) != staff or not all(row):  # (``all``: no gap, and cheaper than ``in``)
        if dealt:  # (new lists: the bots' copies share the old ones)
            state.art_deck = state.art_deck[len(dealt) :]
            state.top_known = [state.top_known[0], False]
        # the cards (ids are never empty), not the gaps; mostly no gap is left (the one a card
        # left, dealt again)
        arts: list[str | None] = [*dealt, *filter(None, row)]
        gaps = staff - len(arts)
        state.row_art = [*[None] * gaps, *arts] if gaps else arts
    dealt = e.items
    row = state.row_items
    if dealt or len(row) != ROW_SIZE - staff or not all(row):
        if dealt:
            state.item_deck = state.item_deck[len(dealt) :]
            state.top_known = [False, state.top_known[1]]
        items: list[str | None] = [*filter(None, row), *dealt]
        gaps = ROW_SIZE - staff - len(items)
        state.row_items = items + [None] * gaps if gaps else items
    state.refill_due = False
    return state


def _top_frame(state: ArnakState) -> Frame:
    """The frame waiting for the event's fact (there is one)."""
    assert state.stack
    return state.stack[-1]


def _drew(state: ArnakState, e: ev.CardsDrawn) -> ArnakState:
    player = state.seats[e.seat]
    if player.hand_public:
        fx.forget_left_hand(player)
    n = len(e.cards)
    if e.bottom:  # (set anew, not changed in place: the bots' copies share them)
        player.deck = player.deck[: len(player.deck) - n]
        player.deck_seen = player.deck_seen[: len(player.deck_seen) - n]
    else:
        player.deck = player.deck[n:]
        player.deck_seen = player.deck_seen[n:]
    stack = state.stack
    if not stack or "need" not in stack[-1].ctx:
        player.hand.extend(e.cards)  # drawing up to 5 for a round
        if stack:
            run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
        return state
    frame = stack[-1]
    frame.ctx.pop("need")
    if isinstance(program(frame.key)[frame.pc], o.Peek):
        player.aside = [*player.aside, *e.cards]  # (set anew: the bots' copies share it)
    else:
        player.hand.extend(e.cards)
        fx.advance(frame)
    run(state)  # (the frame is on the stack)
    return state


def _revealed(state: ArnakState, e: ev.CardRevealed) -> ArnakState:
    """A card or tile turned up. Every pile it changes is set anew, none changed in place:
    the bots' copies share them (``ArnakState.copy``)."""
    pile = e.pile
    if pile.startswith("supply") or pile == "rescue":
        if pile == "rescue":
            state.rescue = [e.card, *state.rescue[1:]]
            state.rescue_shown = True
        else:
            i = int(pile[6:])
            supply = state.supply[:]
            supply[i] = [e.card, *supply[i][1:]]
            state.supply = supply
            shown = state.supply_shown[:]
            shown[i] = True
            state.supply_shown = shown
        if state.stack:
            run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
        return state
    frame = _top_frame(state)
    need = frame.ctx.pop("need")
    if pile in ("items", "artifacts"):
        if pile == "items":
            state.item_deck = state.item_deck[1:]
            state.top_known = [False, state.top_known[1]]
        else:
            state.art_deck = state.art_deck[1:]
            state.top_known = [state.top_known[0], False]
        state.revealed = e.card
        fx.advance(frame)
        run(state)  # (the frame is on the stack)
        return state
    if pile == "guardians":
        state.guardians = state.guardians[1:]
        state.guardian = {**state.guardian, frame.ctx["site"]: e.card}
        fx.advance(frame)
        run(state)
        return state
    level = 0 if pile == "sites1" else 1
    stack = (state.sites1 if level == 0 else state.sites2)[1:]
    known = state.sites_known[:]
    known[level] = min(known[level], len(stack))
    fx.advance(frame)
    if need == "site":
        state.site_tile = {**state.site_tile, frame.ctx["site"]: e.card}
    else:
        stack.append(e.card)  # a site stack's top, used and put to the bottom, seen by all
        known[level] += 1
    if level == 0:
        state.sites1 = stack
    else:
        state.sites2 = stack
    state.sites_known = known
    fx.start(state, "site:" + e.card, frame.seat)
    run(state)
    return state


def _peeked(state: ArnakState, e: ev.PileViewed) -> None:
    frame = _top_frame(state)
    frame.ctx.pop("need")
    frame.ctx["seen"] = True
    if e.seat not in state.looked[e.pile]:
        state.looked = {**state.looked, e.pile: [*state.looked[e.pile], e.seat]}  # (shared)
    if all(card == HIDDEN for card in e.cards):
        return  # another seat looked: what this view knew (the rescue stack's top) stands
    if e.pile == "rescue":
        state.rescue = list(e.cards)
    else:
        state.temple_bonus = list(e.cards)


def _laid_aside(state: ArnakState, e: ev.CardsLaidAside) -> None:
    player = state.seats[e.seat]
    player.aside = []  # (set anew: the bots' copies share it)
    player.play.extend(e.cards)
    frame = _top_frame(state)
    frame.ctx.pop("need")
    fx.advance(frame)


def _turn_started(state: ArnakState, e: ev.TurnStarted) -> ArnakState:
    state.phase = "turn"
    state.active = e.seat
    state.main_done = False
    state.turn_over = False
    if state.pool:  # the turn before emptied it (a fresh list only when not: fewer to make)
        state.pool = []
    state.turn += 1
    return state


def _round_ended(state: ArnakState, e: ev.RoundEnded) -> ArnakState:
    """Archaeologists go home, with a Fear for each from a site a guardian still holds."""
    for seat, player in enumerate(state.seats):
        for i, space in enumerate(player.arch):
            if space is None:
                continue
            site = fx.site_of(space)
            if state.guardian.get(site) and not player.no_guardian_fear:
                fx.take_fear(state, seat)
            player.arch[i] = None
            state.occupant[space] = None
    state.turn_over = False
    last = state.round >= C.rules.rounds or (
        state.turn_limit is not None and state.turn >= state.turn_limit
    )
    if last:
        state.phase = "over"
    else:
        state.phase = "roundend"
        state.roundend_step = 0
        _roundend_next(state)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _roundend_next(state: ArnakState) -> None:
    """Skip players with an empty play area; after the last shuffle, prepare the next round."""
    while state.roundend_step < state.players and not state.seats[state.roundend_step].play:
        state.roundend_step += 1
    if state.roundend_step < state.players:
        return
    for player in state.seats:
        for helper in player.assistants:
            helper.exhausted = False
        player.all_planes = False
        player.no_guardian_fear = False
    # the card row: the two cards beside the staff leave the game, the staff moves right
    if state.row_art and state.row_art[-1] is not None:  # (piles set anew: copies share them)
        state.art_exile = [*state.art_exile, state.row_art[-1]]
    if state.row_items and state.row_items[0] is not None:
        state.item_exile = [*state.item_exile, state.row_items[0]]
    state.row_art = [None, *state.row_art[:-1], None]
    state.row_items = state.row_items[1:]
    state.staff += 1
    state.refill_due = True
    state.round += 1
    state.start_player = (state.start_player + 1) % state.players
    state.active = state.start_player
    state.passed = [False] * state.players
    state.phase = "deal"


# --- the commands' echoes -----------------------------------------------------------------------


def _card_played(state: ArnakState, e: ev.CardPlayed) -> ArnakState:
    player = state.seats[e.seat]
    try:  # ``K.card``, its memo read directly (every card played)
        card = CARDS[e.card]
    except KeyError:
        card = K.card(e.card)
    hand = player.hand
    try:  # ``fx.take_card``, inlined (every card played)
        hand.remove(e.card)
    except ValueError:
        if HIDDEN in hand:
            hand.remove(HIDDEN)
    if card.kind == "artifact":
        player.res[TABLET] -= ARTIFACT_TABLETS
    if card.exile_self:
        fx.to_exile(state, e.seat, e.card)
    else:
        player.play.append(e.card)
    if card.free:
        fx.start(state, e.card, e.seat, FREE_ACTION)
    else:
        state.main_done = True
        fx.start(state, e.card, e.seat, MAIN_ACTION)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _dug(state: ArnakState, e: ev.SiteDug) -> ArnakState:
    try:  # ``K.space_travel``, its memo read directly (every dig)
        cost = SPACE_TRAVEL[state.side][e.space]
    except KeyError:
        cost = K.space_travel(state.side, e.space)
    seat = e.seat
    player = state.seats[seat]
    pay = e.pay
    if state.pool or player.all_planes or type(pay) is not tuple:
        spend(state, seat, cost, pay, K.travel)
    else:  # ``spend`` with the pool empty, its outcome for this cost and payment looked up
        try:
            left, cards, coins = DIG_PAID[cost, pay]
        except KeyError:
            left, cards, coins = _dig_paid(cost, pay)
        hand = player.hand
        play = player.play
        for card in cards:
            try:
                hand.remove(card)
            except ValueError:
                if HIDDEN in hand:
                    hand.remove(HIDDEN)
            play.append(card)
        if coins:
            player.res[COIN] -= coins
        if left:
            state.pool = list(left)
    state.main_done = True
    space = e.space
    key = CAMP_SPACE_KEYS.get(space)  # ``fx.start_dig``, inlined for a camp (the commonest)
    if key is None:
        fx.start_dig(state, seat, space)
    else:
        arch = player.arch
        if arch[0] is None:  # (``index`` compares a space with ``None`` the slow way)
            arch[0] = space
        else:
            arch[arch.index(None)] = space
        state.occupant[space] = seat
        fx.start(state, key, seat)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


Paid = tuple[tuple[str, ...], tuple[str, ...], int]


def _dig_paid(cost: tuple[str, ...], pay: tuple[str, ...]) -> Paid:
    """What ``spend`` makes of ``pay`` for ``cost`` from an empty pool, without the Ocarina:
    the travel icons left (the pool after it), the hand cards it puts into the play area (in
    order) and the coins its pilots cost; kept in ``DIG_PAID``."""
    given: tuple[str, ...] = ()
    for token in pay:
        given += (PLANE,) if token == PILOT else K.travel(token)
    found = (
        left_over(cost, given),
        tuple(token for token in pay if token != PILOT),
        PILOT_COINS * pay.count(PILOT),
    )
    if len(pay) <= 2:  # (a payment is at most two sources: a log saying more is not kept)
        DIG_PAID[cost, pay] = found
    return found


DIG_PAID: dict[tuple[tuple[str, ...], tuple[str, ...]], Paid] = {}  # _dig_paid's memo


def _discovered(state: ArnakState, e: ev.SiteDiscovered) -> ArnakState:
    spend(state, e.seat, K.space_travel(state.side, e.space), e.pay, K.travel)
    state.main_done = True
    fx.start_discover(state, e.seat, e.space)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _overcame(state: ArnakState, e: ev.GuardianOvercome) -> ArnakState:
    guardian = state.guardian[fx.site_of(e.space)]
    assert guardian is not None
    cost = C.guardian(guardian).cost
    player = state.seats[e.seat]
    pay = list(e.pay)
    for _ in range(cost.down):
        card = pay.pop(0)
        fx.take_card(player.hand, card)
        player.play.append(card)
    if cost.travel.total:
        spend(state, e.seat, fx.icons(cost.travel), tuple(pay), K.travel)
    fx.pay_res(state, e.seat, cost.res)
    fx.take_guardian(state, e.seat, fx.site_of(e.space))
    state.main_done = True
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _bought(state: ArnakState, e: ev.CardBought) -> ArnakState:
    state.main_done = True
    seat = e.seat
    card = e.card
    try:  # ``fx.buy`` with no discount, inlined: the price (``fx.price``) from the card read
        price = CARDS[card].cost
    except KeyError:
        price = K.card(card).cost
    player = state.seats[seat]
    res = player.res
    if card.startswith("i"):  # (``fx.price``)
        res[COIN] -= price
        row = state.row_items  # ``gain_card`` to the deck's bottom, inlined: the card's row
    else:
        res[COMPASS] -= price
        row = state.row_art
    if card in row:  # (``take_from_row``, which finds it there; set anew: copies share it)
        if card.startswith("i"):
            state.row_items = gap_at(row, card)
        else:
            state.row_art = gap_at(row, card)
        state.refill_due = True
    elif not take_from_row(state, card):  # (``gain_card``: not in a row)
        if card in state.item_exile:
            state.item_exile = without(state.item_exile, card)
        elif state.revealed == card:
            state.revealed = None
    if card.startswith("a"):
        player.play.append(card)
        fx.push(state, "usenow:" + card, seat)
    else:  # (set anew, not changed in place: the bots' copies share them)
        player.deck = [*player.deck, card]
        player.deck_seen = [*player.deck_seen, PUBLIC]
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _researched(state: ArnakState, e: ev.ResearchAdvanced) -> ArnakState:
    state.main_done = True
    seat = e.seat
    token = e.token
    to = e.to
    try:  # ``fx.do_research`` without an op, inlined short of the temple (see ``plain_step``)
        step: PlainStep | None = PLAIN_STEPS[state.side, token, to]
    except KeyError:
        step = plain_step(state.side, token, to)
    if step is None:
        fx.do_research(state, seat, token, to)
    else:
        space, pays, idols, key = step
        player = state.seats[seat]
        have = player.res
        for i, n in pays:
            have[i] -= n
        if idols:
            player.idols -= idols
            state.idols_spent += idols
        if token == "glass":
            player.glass = space
        else:
            player.notebook = space
        if state.bonus.get(space):  # the first arrival takes the bonus tile (``do_research``)
            if state.rules_version < 2:
                fx.push(state, key, seat)
                fx.push(state, "bonuspick", seat, {"space": space})
            else:
                fx.push(state, "bonuspick", seat, {"space": space, "row": key})
        else:
            fx.start(state, key, seat)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _assistant_used(state: ArnakState, e: ev.AssistantUsed) -> ArnakState:
    helper = state.seats[e.seat].assistants[e.slot]
    helper.exhausted = True
    if K.assistant_main(helper.id):
        state.main_done = True
    fx.start(state, K.assistant_key(helper.id, helper.gold), e.seat)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _boon_used(state: ArnakState, e: ev.BoonUsed) -> ArnakState:
    player = state.seats[e.seat]
    player.boons_used = [*player.boons_used, e.guardian]  # copies share the old list
    fx.start(state, "boon:" + e.guardian, e.seat)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _idol_slotted(state: ArnakState, e: ev.IdolSlotted) -> ArnakState:
    player = state.seats[e.seat]
    player.idols -= 1
    player.slots += 1
    fx.push(state, "slot", e.seat)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _passed(state: ArnakState, e: ev.Passed) -> ArnakState:
    state.passed[e.seat] = True
    state.main_done = True
    return state


def _turn_ended(state: ArnakState, e: ev.TurnEnded) -> ArnakState:
    if state.pool:  # mostly spent already: a fresh list only when not
        state.pool = []
    state.turn_over = True
    seat = e.seat
    if state.passed[seat] and state.round < ROUNDS and state.seats[seat].hand:
        fx.push(state, "keep", seat)  # an ask: the effects would stop at it at once
    return state


def _final_scoring(state: ArnakState, e: ev.FinalScoring) -> ArnakState:
    state.final = [dict(p) for p in e.parts]
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


def _chose(state: ArnakState, e: ev.AnswerGiven | ev.SecretAnswerGiven) -> ArnakState:
    frame = state.stack[-1]  # ``fx.answer``, one call less for the commonest event
    if frame.key == "keep":  # the passer's leftover hand (the commonest question), inlined
        value = e.value
        if value != "keep":  # ``_answer_keep``: a card into the play area, asked again
            player = state.seats[frame.seat]
            hand = player.hand
            if value in hand:
                hand.remove(value)
            elif HIDDEN in hand:
                hand.remove(HIDDEN)
            player.play.append(value)
            return state  # (the question stays on top: ``run`` would stop at it at once)
        frame.pc += 1  # ``fx.advance``: the rest are kept
        ctx = frame.ctx
        if ctx:
            ctx.pop("picked", None)
            ctx.pop("need", None)
        run(state)
        return state
    try:  # ``fx.steps_of``, its memo read directly: the op waiting (an ask, so a known key)
        op = PROGRAM_STEPS[frame.key][frame.pc][1]
    except KeyError:
        op = program(frame.key)[frame.pc]
    ANSWERS[type(op)](state, frame, op, e.value)
    if state.stack:
        run(state)  # what ``evolve`` does after a handler (this one is also the fold's)
    return state


HANDLERS: dict[type, Callable[[ArnakState, Any], object]] = {
    **TABLE_EVENT_HANDLERS,  # a table's own events (clocks): nothing changes
    ev.PileShuffled: _shuffled,
    ev.StartPlayerChosen: _start_player,
    ev.RowRefilled: _refilled,
    ev.CardsDrawn: _drew,
    ev.CardRevealed: _revealed,
    ev.PileViewed: _peeked,
    ev.CardsLaidAside: _laid_aside,
    ev.TurnStarted: _turn_started,
    ev.RoundEnded: _round_ended,
    ev.CardPlayed: _card_played,
    ev.SiteDug: _dug,
    ev.SiteDiscovered: _discovered,
    ev.GuardianOvercome: _overcame,
    ev.CardBought: _bought,
    ev.ResearchAdvanced: _researched,
    ev.AssistantUsed: _assistant_used,
    ev.BoonUsed: _boon_used,
    ev.IdolSlotted: _idol_slotted,
    ev.Passed: _passed,
    ev.TurnEnded: _turn_ended,
    ev.AnswerGiven: _chose,
    ev.SecretAnswerGiven: _chose,
    ev.FinalScoring: _final_scoring,
}

ALONE: dict[type, Callable[[ArnakState, Any], ArnakState]] = {
    ev.TurnStarted: _turn_started,
    ev.TurnEnded: _turn_ended,
    ev.Passed: _passed,
    ev.RowRefilled: _refilled,
    ev.PileShuffled: _shuffled,
    # these run the effects they start themselves, as ``evolve`` would after them
    ev.AnswerGiven: _chose,
    ev.SiteDug: _dug,
    ev.CardPlayed: _card_played,
    ev.CardBought: _bought,
    ev.ResearchAdvanced: _researched,
    ev.AssistantUsed: _assistant_used,
    ev.CardsDrawn: _drew,
    ev.CardRevealed: _revealed,
    ev.RoundEnded: _round_ended,
    ev.SiteDiscovered: _discovered,
    ev.IdolSlotted: _idol_slotted,
    ev.StartPlayerChosen: _start_player,
    ev.FinalScoring: _final_scoring,
    ev.BoonUsed: _boon_used,
    ev.GuardianOvercome: _overcame,
}
"""The commonest events, whose handler alone is ``evolve``: the first few start no effect that
runs (the stack, settled after every event, stays settled), the others run theirs themselves;
the fold calls them directly, a Python call less an event (``evolve_alone``, see
``core.fold``)."""
