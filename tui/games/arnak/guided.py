"""Where a tutorial's step points on Arnak's table (issue 45: each step highlights the places it
talks about): the site it digs, discovers or overcomes, the card of the row it buys, the
research space it climbs to, the place an answer names. The map, the research track and the row
mark them (▶) as they mark what the highlighted choice touches, so the learner sees where
before a key is pressed."""

from __future__ import annotations

from core.games.arnak import commands as cmd
from core.messages import Command
from tui.games.arnak.turn import answer_focus


def step_focus(command: Command | None) -> set[str]:
    """The places on the table ``command`` (a step's expected move) touches, as the panels name
    them: a site (``C3.1``), a row card (``i08``), a research space (``3``)."""
    if isinstance(command, cmd.Dig | cmd.Discover | cmd.Overcome):
        return {command.space}
    if isinstance(command, cmd.Buy):
        return {command.card}
    if isinstance(command, cmd.Research):
        return {command.to}
    if isinstance(command, cmd.Choose):
        return answer_focus(command.value)
    return set()
