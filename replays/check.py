"""Whether a replay can be played back: its whole events must be a game the rules re-play.

Showing a board, a position or a transcript folds the log; a log that breaks the rules (an edited
file whose checksums and hash chain were rebuilt, say) could make a game's code fail anywhere
down the line. Every way of showing a replay asks here first, and gets one line naming the first
event that is wrong.
"""

from __future__ import annotations

from core.audit import AuditReport, audit
from core.errors import ReplayError
from replays.file import Replay


def playable(replay: Replay) -> AuditReport:
    """The audit of ``replay``'s whole events; :class:`ReplayError` with its first problem."""
    if not replay.envelopes:
        raise ReplayError(f"{replay.path.name}: no whole event to replay")
    report = audit(replay.envelopes)
    if not report.ok:
        raise ReplayError(f"{replay.path.name}: {report.problems[0]}")
    return report
