"""Whether a replay can be played back: its whole events must be a game the rules re-play.

Showing a board, a position or a transcript folds the log; a log that breaks the rules (an edited
file whose checksums and hash chain were rebuilt, say) could make a game's code fail anywhere
down the line. Every way of showing a replay asks here first, and gets one line naming the first
event that is wrong; one that shows its states too has the audit fold them into its timeline
(:func:`checked_timeline`), so that the log is folded once.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.audit import AuditReport, audit
from core.codec import Envelope
from core.errors import ReplayError
from core.follower import OnEvent
from replays.file import Replay
from replays.timeline import Timeline


def playable(replay: Replay) -> AuditReport:
    """The audit of ``replay``'s whole events; :class:`ReplayError` with its first problem."""
    return sound(replay.envelopes, replay.path.name)


def sound(envelopes: Sequence[Envelope], name: str) -> AuditReport:
    """The audit of the whole events of replay ``name``; :class:`ReplayError` with its first
    problem."""
    whole(envelopes, name)
    return _sound(audit(envelopes), name)


def checked_timeline(
    envelopes: Sequence[Envelope], name: str, on_event: OnEvent | None = None
) -> Timeline:
    """The timeline of the whole events of replay ``name`` (``on_event`` as the timeline's),
    folded by their audit; :class:`ReplayError` with its first problem."""
    whole(envelopes, name)
    timeline = Timeline(envelopes, on_event=on_event, audited=True)
    assert timeline.report is not None
    _sound(timeline.report, name)
    return timeline


def whole(envelopes: Sequence[Envelope], name: str) -> None:
    """:class:`ReplayError` when replay ``name`` has no whole event."""
    if not envelopes:
        raise ReplayError(f"{name}: no whole event to replay")


def _sound(report: AuditReport, name: str) -> AuditReport:
    if not report.ok:
        raise ReplayError(f"{name}: {report.problems[0]}")
    return report
