"""What a seat may do now (``legal_commands``) and what a command does (``decide``).

The active player takes free actions (free cards, assistants, boons, idol slots) and exactly one
main action (a card's effect, dig, discover, overcome, buy, research, pass), then ends the turn.
With a question on the pending-decision stack, the asked seat answers it (``Choose``); while a
main action's question waits, its free actions are open too (:func:`interleaving`).
"""

from __future__ import annotations

from collections.abc import Callable

from core.errors import IllegalCommand
from core.games.arnak import catalog as K
from core.games.arnak import commands as cmd
from core.games.arnak import effects as fx
from core.games.arnak import events as ev
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.flow import to_move
from core.games.arnak.state import COMPASS, HIDDEN, TABLET, ArnakState
from core.messages import Command, Event

SLOTS = len(C.rules.idol_slot_vp)


def legal_commands(state: ArnakState, seat: int) -> list[Command]:
    if seat not in to_move(state):
        return []
    if state.stack:
        answers: list[Command] = [cmd.Choose(v) for v in fx.options(state)]
        if answers and interleaving(state):
            answers.extend(free_actions(state, seat))
        return answers
    out = free_actions(state, seat)
    if not state.main_done:
        out.extend(main_actions(state, seat))
    else:
        out.append(cmd.EndTurn())
    return out


FREE_ACTIONS = (cmd.PlayCard, cmd.UseAssistant, cmd.UseBoon, cmd.SlotIdol)  # free_actions' kinds


def is_legal(state: ArnakState, seat: int, command: Command) -> bool:
    """Whether :func:`legal_commands` lists ``command``, found by building only the part of the
    list its kind can be in (the referee checks every command; an answer needs no dig list)."""
    if seat not in to_move(state):
        return False
    kind = type(command)
    if state.stack:
        answers = fx.options(state)
        if kind is cmd.Choose:
            return command.value in answers  # type: ignore[attr-defined]
        if kind in FREE_ACTIONS and answers and interleaving(state):
            return command in free_actions(state, seat)
        return False
    if kind in FREE_ACTIONS:
        return command in free_actions(state, seat)
    if state.main_done:
        return kind is cmd.EndTurn
    if kind is cmd.Pass:
        return True
    main = MAIN_ACTIONS.get(kind)  # the part of main_actions that lists this kind
    return main is not None and command in main(state, seat)


def free_frame(key: str) -> bool:
    """Whether a frame key belongs to a free action (a free card, an assistant other than the
    main-action one, a guardian's boon, an idol slot) rather than to a main action."""
    base = key.partition("/")[0]
    if base.startswith("boon:") or base == "slot":
        return True
    if base.startswith("asst:"):
        return not C.assistant(base[5:-1]).main
    is_card = base[1:].isdigit() or (base[:1] == "b" and base[1:2].isdigit())
    return is_card and K.card(base).free


def interleaving(state: ArnakState) -> bool:
    """Whether free actions may be taken now, while the question on top waits: 004 allows any
    number of free actions before, during or after the main action ("vor, während und/oder
    nach"), so they may come between a main action's questions (the question is then asked
    again, with the new situation). Not inside a free action's own questions, and not once the
    turn has ended (the leftover cards' question)."""
    if state.phase != "turn" or state.turn_over or not state.main_done:
        return False
    if state.stack[-1].seat != state.active:
        return False
    return not any(free_frame(frame.key) for frame in state.stack)


def free_actions(state: ArnakState, seat: int) -> list[Command]:
    """The free actions ``seat`` can take now (and, while the main action is open, the main
    artifacts and cards it can play)."""
    player = state.seats[seat]
    out: list[Command] = []
    main_open = not state.main_done
    seen: set[str] = set()
    for card in player.hand:
        if card == HIDDEN or card in seen or card.startswith("f"):
            continue
        seen.add(card)
        info = K.card(card)
        playable = info.free or (
            main_open
            and (info.kind != "artifact" or player.res[TABLET] >= C.rules.artifact_play_cost.T)
        )
        if playable and fx.can_start(state, seat, info.effect, card):
            out.append(cmd.PlayCard(card))
    for slot, helper in enumerate(player.assistants):
        if helper.exhausted or (state.main_done and C.assistant(helper.id).main):
            continue
        if fx.can_start(state, seat, C.assistant(helper.id).effect(helper.gold)):
            out.append(cmd.UseAssistant(slot))
    for guardian in player.guardians:
        if guardian not in player.boons_used:
            out.append(cmd.UseBoon(guardian))
    if player.idols and player.slots < SLOTS:
        out.append(cmd.SlotIdol())
    return out


def main_actions(state: ArnakState, seat: int) -> list[Command]:
    """Dig, discover, overcome, buy, research and pass, where ``seat`` can pay for them."""
    out = dig_commands(state, seat)
    out.extend(overcome_commands(state, seat))
    out.extend(buy_commands(state, seat))
    out.extend(research_commands(state, seat))
    out.append(cmd.Pass())
    return out


def dig_commands(state: ArnakState, seat: int) -> list[Command]:
    out: list[Command] = []
    for kind, space, pay in fx.dig_targets(state, seat, [], 0):
        payment = fx.split_pay(pay)
        out.append(cmd.Dig(space, payment) if kind == "dig" else cmd.Discover(space, payment))
    return out


def buy_commands(state: ArnakState, seat: int) -> list[Command]:
    res = state.seats[seat].res
    out: list[Command] = []
    for card in fx.row_cards(state, "any"):
        coins, compasses = fx.price(card)
        if res[0] >= coins and res[COMPASS] >= compasses:
            out.append(cmd.Buy(card))
    return out


def research_commands(state: ArnakState, seat: int) -> list[Command]:
    out: list[Command] = []
    for option in fx.research_options(state, seat, None):
        token, _, to = option.partition(">")
        out.append(cmd.Research(token, to))
    return out


def overcome_commands(state: ArnakState, seat: int) -> list[Command]:
    out: list[Command] = []
    player = state.seats[seat]
    for site in fx.mine(state, seat):
        guardian = state.guardian.get(site)
        if guardian is None:
            continue
        cost = C.guardian(guardian).cost
        if not fx.can_pay_res(state, seat, cost.res) or len(player.hand) < cost.down:
            continue
        if cost.down:
            for card in fx.hand_options(state, seat):
                out.append(cmd.Overcome(site, (card,)))
        elif cost.travel.total:
            for pay in fx.travel_options(state, seat, fx.icons(cost.travel), [], cost.res[0]):
                out.append(cmd.Overcome(site, fx.split_pay(pay)))
        else:
            out.append(cmd.Overcome(site, ()))
    return out


MAIN_ACTIONS: dict[type, Callable[[ArnakState, int], list[Command]]] = {  # main_actions by kind
    cmd.Dig: dig_commands,
    cmd.Discover: dig_commands,
    cmd.Overcome: overcome_commands,
    cmd.Buy: buy_commands,
    cmd.Research: research_commands,
}


ECHO = {
    cmd.PlayCard: lambda s, c: ev.CardPlayed(s, c.card),
    cmd.Dig: lambda s, c: ev.SiteDug(s, c.space, c.pay),
    cmd.Discover: lambda s, c: ev.SiteDiscovered(s, c.space, c.pay),
    cmd.Overcome: lambda s, c: ev.GuardianOvercome(s, c.space, c.pay),
    cmd.Buy: lambda s, c: ev.CardBought(s, c.card),
    cmd.Research: lambda s, c: ev.ResearchAdvanced(s, c.token, c.to),
    cmd.UseAssistant: lambda s, c: ev.AssistantUsed(s, c.slot),
    cmd.UseBoon: lambda s, c: ev.BoonUsed(s, c.guardian),
    cmd.SlotIdol: lambda s, c: ev.IdolSlotted(s),
    cmd.Pass: lambda s, c: ev.Passed(s),
    cmd.EndTurn: lambda s, c: ev.TurnEnded(s),
    cmd.Choose: lambda s, c: ev.AnswerGiven(s, c.value),
}


def decide(state: ArnakState, seat: int, command: Command) -> list[Event]:
    if state.phase == "over":
        raise IllegalCommand("the game is over")
    if seat not in to_move(state):
        raise IllegalCommand(f"it is not seat {seat + 1}'s turn to act")
    if not is_legal(state, seat, command):
        raise IllegalCommand(why_not(state, command))
    if isinstance(command, cmd.Choose) and fx.secret_answer(state):
        return [ev.SecretAnswerGiven(seat, command.value)]
    return [ECHO[type(command)](seat, command)]  # type: ignore[no-untyped-call]


def why_not(state: ArnakState, command: Command) -> str:
    """One line saying why ``command`` is not legal now."""
    if state.stack and not isinstance(command, cmd.Choose):
        if interleaving(state) and fx.options(state):
            return "answer the question first (only free actions may come in between)"
        return "answer the question first"
    if isinstance(command, cmd.Choose):
        if not state.stack:
            return "nothing is asked now"
        return f"{command.value!r} is not one of the answers ({', '.join(fx.options(state))})"
    if isinstance(command, cmd.EndTurn):
        return "take a main action (or pass) before ending the turn"
    if state.main_done and not isinstance(
        command, cmd.UseAssistant | cmd.UseBoon | cmd.SlotIdol | cmd.PlayCard
    ):
        return "this turn's main action is taken"
    return f"{type(command).__name__} is not possible now"
