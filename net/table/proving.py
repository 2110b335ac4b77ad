"""Who played what at a hosted table, signed: the proofs kept beside its replay.

The host keeps a proof file beside each replay (:mod:`replays.proofs`): its own key and the key
that took each seat, the command each holder signed (so a host cannot say a player made a move
it did not), each move its own bot made for a holder (a stand-in's), and its signature of the
chain's head. Signing the head after every command cost a referee ~11% of its time (an Ed25519
signature and a line written), and one signed head vouches for every event before it: so the
referee signs the newest head at most every second while a game runs, and the last event once the
game ends or the table closes. The game goes on without proofs if they cannot be written.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.codec import Envelope, short_hash
from core.protocol import Seat
from core.referee import Referee
from net.link.connection import Channel
from net.table.seating import Seating
from net.wire.messages import CommandRequest
from replays import proofs

log = logging.getLogger("caldera.net")


class TableProofs:
    """The proofs of one table's game (see the module), signed with its link's key."""

    def __init__(self, table: str, seating: Seating, link: Channel) -> None:
        self.table = table
        self.seating = seating
        self.link = link
        self.writer: proofs.ProofWriter | None = None
        self.signed = -1  # the newest event whose head the proofs hold

    @property
    def kept(self) -> bool:
        """Whether this game's proofs are kept and signed (so its replay says it has them)."""
        return self.writer is not None and self.link.keys is not None

    def open(self, replay_path: Path) -> None:
        """Keep proofs beside the replay; a new file begins with the host's key and the key
        that took each seat."""
        path = proofs.path_for(replay_path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fresh = not path.exists()
            self.writer = proofs.ProofWriter(path)
        except OSError as exc:
            log.warning("table %s: cannot keep its proofs in %s: %s", self.table, path, exc)
            return
        keys = self.link.keys
        if fresh and keys is not None:
            self.writer.write({"kind": "host", "table": self.table,
                               "key": keys.public.hex()})  # fmt: skip
            for seat, card in enumerate(self.seating.seats):  # a key's seat stays the key's
                if card.key:
                    sig = keys.sign_detached(proofs.seat_data(self.table, seat, card.key))
                    self.writer.write({"kind": "seat", "seat": seat, "key": card.key,
                                       "sig": sig.hex()})  # fmt: skip

    def played_for(self, seat: Seat, envs: Sequence[Envelope]) -> None:
        """The host's own bot played ``envs`` for ``seat``: a stand-in for its holder, which the
        proofs say (a holder's command nobody proves does not verify)."""
        keys = self.link.keys
        if not envs or self.writer is None or keys is None or not self.seating.seats[seat].key:
            return
        first = envs[0].seq
        sig = keys.sign_detached(proofs.standin_data(self.table, first, seat))
        self.writer.write({"kind": "standin", "seq": first, "seat": seat, "sig": sig.hex()})

    def keep_command(self, seat: Seat, key: bytes, request: CommandRequest, first: int) -> None:
        """Keep the proof that ``seat``'s holder signed the command whose events begin at
        ``first`` (the message came from the seat's key: the link checked it)."""
        proof = self._proof(seat, key, request)
        if proof is not None and self.writer is not None:
            self.writer.write({**proof, "seq": first})
        elif request.sig is not None:
            log.warning("table %s: seat %d's command came with a proof that does not hold",
                        self.table, seat + 1)  # fmt: skip

    def _proof(self, seat: Seat, key: bytes, request: CommandRequest) -> dict[str, Any] | None:
        """The proof record of a command its seat's holder (``key``) signed; ``None`` when
        unsigned, or signed by another key."""
        if request.sig is None:
            return None
        body = request.body()
        if not proofs.verify(key, proofs.command_data(self.table, seat, request.expected_seq,
                                                      body), request.sig):  # fmt: skip
            return None
        return {"kind": "command", "seat": seat, "key": key.hex(),
                "expected_seq": request.expected_seq, "command": body.hex(),
                "sig": request.sig.hex()}  # fmt: skip

    def sign_head(self, referee: Referee[Any] | None) -> None:
        """Sign the hash of the newest event (so the whole chain up to it) into the proofs,
        unless done already."""
        keys = self.link.keys
        if self.writer is None or keys is None or referee is None:
            return
        seq = referee.seq - 1
        if seq <= self.signed:
            return
        self.signed = seq
        digest = short_hash(referee.wire[seq])
        sig = keys.sign_detached(proofs.head_data(self.table, seq, digest))
        self.writer.write({"kind": "head", "seq": seq, "hash": digest, "sig": sig.hex()})

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
