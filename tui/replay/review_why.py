"""Why the search's move was better, in the game's words: the move it preferred and the move
played are each made in the position the seat decided in, and the seat's turn played on by the
game's greedy bot (the same draws for both); what the seat then holds after the one less what it
holds after the other is said as the game counts it (``+2 VP, +1 Sacred Stone``: each game's
``tui.games.<game>.holdings``), with what the preferred move's turn went on to do. A heuristic
read of one line of play, not the search's judgement (which weighs many playouts over several
turns): when the turn ends alike, it says the difference lies in the turns after."""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from random import Random
from types import ModuleType
from typing import Any

from core.errors import CalderaError
from core.language import Translator
from core.messages import Command
from core.protocol import Rules, Seat

T = Translator("app")
_ = T.gettext

TURN = 12
"""The most commands of the seat's turn played on after the move (a turn ends sooner)."""
THEN = 1
"""The most of those the sentence names (those that change what the seat holds)."""


def why(
    rules: Rules[Any],
    state: Any,
    seat: Seat,
    best: Command,
    played: Command,
    names: Sequence[str],
) -> str:
    """One sentence: what ``best`` does for ``seat`` at ``state`` (the position before the
    decision) against ``played``; ``""`` when they are one move, the game counts nothing, or
    either cannot be made there."""
    counts = _holdings(rules.game)
    if counts is None or best == played:
        return ""
    try:
        after_best, then = _turn(rules, counts, state, seat, best, names)
        after_played, _then = _turn(rules, counts, state, seat, played, names)
    except CalderaError:
        return ""
    mine, other = counts.held(after_best, seat), counts.held(after_played, seat)
    gains = [_signed(counts, kind, mine[kind] - other[kind]) for kind in mine
             if kind in other and mine[kind] != other[kind]]  # fmt: skip
    player = names[seat] if 0 <= seat < len(names) else str(seat + 1)
    if not gains:
        said = _(
            "Why: by the end of {player}'s turn it holds the same as the move played; the "
            "search finds the difference in the turns after."
        )
        return said.format(player=player)
    if then:
        said = _(
            "Why: by the end of {player}'s turn, against the move played: {gains} (the turn "
            "goes on: {then})."
        )
        return said.format(player=player, gains=", ".join(gains), then="; ".join(then))
    said = _("Why: by the end of {player}'s turn, against the move played: {gains}.")
    return said.format(player=player, gains=", ".join(gains))


def _signed(counts: ModuleType, kind: str, n: int) -> str:
    """``+2 VP``, ``−1 compass``: a difference as the game counts it (the log's signs)."""
    return ("+" if n > 0 else "−") + str(counts.counted(kind, abs(n)))


def _holdings(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"tui.games.{game}.holdings")
    except ImportError:
        return None


def _turn(
    rules: Rules[Any],
    counts: ModuleType,
    state: Any,
    seat: Seat,
    command: Command,
    names: Sequence[str],
) -> tuple[Any, list[str]]:
    """The position once ``command`` and the rest of ``seat``'s turn are played (the greedy
    bot's moves, draws from one seeded generator), and the sentences of the first of those
    moves that change what the seat holds (``counts``: the game's holdings)."""
    from core.bots import make_bot
    from core.search.ismcts import apply
    from tui.lines.player import command_words

    position = rules.copy(state)
    rng = _rng(f"why/{rules.game}")
    apply(rules, position, seat, command, rng)
    bot = make_bot(rules.game, "greedy", "why")
    then: list[str] = []
    for _step in range(TURN):
        if rules.outcome(position) is not None or rules.to_move(position) != (seat,):
            break
        chosen = bot.choose(rules, rules.view(position, seat), seat)
        held = counts.held(position, seat)
        said = command_words(rules, position, seat, chosen, names)
        apply(rules, position, seat, chosen, rng)
        if len(then) < THEN and counts.held(position, seat) != held:
            then.append(said)
    return position, then


def _rng(text: str) -> Random:
    return Random(int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little"))
