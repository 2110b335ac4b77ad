"""What the other players did since your last turn, a line per turn: its main action, what it
cost and gained, its free actions (the log's sentences of that turn, the player named once),
shown when your turn comes so that nothing a bot or another terminal did is missed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.codec import Envelope
from core.games.arnak import events as ev
from core.language import Translator

T = Translator("arnak")
_ = T.gettext

SKIPPED = (ev.TurnStarted, ev.TurnEnded)  # said by the line itself


def since_last_turn(
    envelopes: Sequence[Envelope], said: Mapping[int, str], names: Sequence[str], seat: int
) -> str:
    """``Since your last turn:`` and a line per other player's turn, or ``""`` (none yet)."""
    starts = [
        (k, env.event.seat)
        for k, env in enumerate(envelopes)
        if isinstance(env.event, ev.TurnStarted)
    ]
    mine = [k for k, who in starts if who == seat]
    if not mine:
        return ""
    now = mine[-1]
    before = mine[-2] if len(mine) > 1 else 0
    turns = [(k, who) for k, who in starts if before < k < now and who != seat]
    if not turns:
        return ""
    ends = [k for k, _ in starts if k > before] + [now]
    lines = [_("Since your last turn:")]
    for k, who in turns:
        end = min(e for e in ends if e > k)
        name = names[who] if who < len(names) else _("Seat {n}").format(n=who + 1)
        parts = []
        for env in envelopes[k + 1 : end]:
            if isinstance(env.event, SKIPPED) or env.seq not in said:
                continue
            text = said[env.seq]
            parts.append(text[len(name) + 1 :] if text.startswith(name + " ") else text)
        lines.append(
            _("{player}: {actions}").format(player=name, actions="; ".join(parts) or _("nothing"))
        )
    return "\n".join(lines)
