"""Whose cards one keyboard shows, when several players share it and their hands are secret.

With one human at the keyboard, that player always looks. With several, nobody looks until the
player who must act has confirmed that only they are watching (a cover screen), and the hand is
hidden again as soon as someone else must act. While the step at hand needs no hand (placing
explorers), nobody's cards are shown and no cover is asked for. Without secrets (the base game,
or once the hands are turned over at scoring) the player to act simply looks.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


class Hotseat:
    """The seat whose eyes the table is shown through (``viewer``; ``None``: nobody's)."""

    def __init__(self, controlled: Collection[int]) -> None:
        self.controlled = frozenset(controlled)
        self.viewer: int | None = next(iter(self.controlled)) if len(self.controlled) == 1 else None

    @property
    def shared(self) -> bool:
        """Several players share this keyboard."""
        return len(self.controlled) > 1

    def follow(
        self,
        to_move: Sequence[int],
        acting: int | None,
        secret: bool,
        *,
        hands_needed: bool = True,
    ) -> int | None:
        """Catch up with a new state: ``to_move`` are the seats the rules wait for, ``acting``
        the one whose keys act now (``None`` while draws are still being revealed), ``secret``
        whether hands are hidden, ``hands_needed`` whether the step at hand uses a hand at all.
        Returns the seat that must be asked to take the keyboard, if a cover is due now."""
        if not self.shared:
            return None
        owner = next((seat for seat in to_move if seat in self.controlled), None)
        if not secret:
            self.viewer = owner
            return None
        if not hands_needed:
            self.viewer = None
            return None
        if owner != self.viewer:
            self.viewer = None
        if self.viewer is None and owner is not None and acting == owner:
            return owner
        return None

    def uncover(self, seat: int, to_move: Sequence[int]) -> None:
        """``seat`` confirmed that only they are looking (if they are still to act)."""
        if seat in self.controlled and seat in to_move:
            self.viewer = seat
