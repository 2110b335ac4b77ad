"""Arnak's secrets over a real broker: in whole 3-player games on each side of the board, every
event a seat's client, a live spectator or a late spectator (downloading the game) receives is
byte for byte the rules' projection of the true event for that viewer, never another seat's;
and no other message (cards, answers) names a card, idol, tile or assistant the viewer may not
know yet. That the projections themselves hide every secret is the core canary's part
(``tests/core/test_arnak_secrecy.py``); this test covers what the host sends to whom."""

from __future__ import annotations

import math
from pathlib import Path

import msgspec

from core.codec import Envelope, encode_envelope
from core.errors import CodecError
from core.games.arnak import RULES
from core.games.arnak.state import ArnakState
from core.referee import Referee
from net.seat.session import NetSession
from net.wire.messages import Batch, HostMessage, read_host_message
from tests.core.test_arnak_secrecy import Viewer, ids_in, knowledge
from tests.kit.netkit import FAST, TestBroker, close_all, make_host, play_all
from tests.net.test_secrecy import recorded


def first_known(referee: Referee[ArnakState]) -> dict[Viewer, dict[str, int]]:
    """For each viewer, the event from which it may know each component id."""
    first: dict[Viewer, dict[str, int]] = {}
    for n, _, _, known in knowledge(referee):
        for viewer, ids in known.items():
            mine = first.setdefault(viewer, {})
            for component in ids:
                mine.setdefault(component, n)
    return first


def projected(referee: Referee[ArnakState], viewer: Viewer) -> list[bytes]:
    """Each event of the game as ``viewer`` may see it, encoded as the wire carries it."""
    return [
        encode_envelope(Envelope(env.seq, RULES.project(env.event, viewer), env.prev))
        for env in referee.log
    ]


def host_message(payload: bytes) -> HostMessage | None:
    try:
        return read_host_message(payload)
    except CodecError:
        return None  # not the host's (e.g. another client's presence)


async def test_every_arnak_client_receives_only_its_own_projection(
    broker: TestBroker, tmp_path: Path
) -> None:
    for game, side in enumerate(("bird", "snake")):
        table = f"arnak{game}"
        host = make_host(broker.address, tmp_path, table=table, seats=3, turn_limit=None,
                         rules=RULES, options={"side": side}, auto_start=True,
                         seed=f"arnak-secret-{game}")  # fmt: skip
        await host.open()
        players = [NetSession(broker.address, table, identity=f"p{i}", name=f"P{i}",
                              backoff=FAST, retry=0.5) for i in range(3)]  # fmt: skip
        watcher = NetSession(broker.address, table, identity="w", spectator=True, backoff=FAST)
        seen = {s.identity: recorded(s) for s in [*players, watcher]}
        late: NetSession | None = None
        try:
            for session in [*players, watcher]:
                await session.open()
            await play_all(players, timeout=240)
            await host.wait_ended(30)
            referee = host.referee
            assert referee is not None
            late = NetSession(broker.address, table, identity="late", spectator=True, backoff=FAST)
            seen["late"] = recorded(late)
            await late.open()
            total = len(referee.log)
            await late.wait_until(lambda s=late, n=total: len(s.envelopes) == n, 30)
            first = first_known(referee)
            views = {v: projected(referee, v) for v in first}
            for session in [*players, watcher, late]:
                viewer, got = session.seat, set()
                for payload in seen[session.identity]:
                    message = host_message(payload)
                    if isinstance(message, Batch):
                        for seq, data in enumerate(message.envs, message.start):
                            assert data == views[viewer][seq], (
                                f"{session.identity} got event {seq} not as its seat sees it"
                            )
                            got.add(seq)
                    elif message is not None:
                        named = ids_in(msgspec.to_builtins(message))
                        early = {c for c in named if first[viewer].get(c, math.inf) >= total}
                        assert not early, f"{session.identity} was told of {sorted(early)}"
                assert got == set(range(total)), f"{session.identity} missed events"
            for seat in range(3):  # else a mix-up of streams could not show
                private = [n for n in range(total) if views[seat][n] != views[None][n]]
                assert len(private) >= 5, f"seat {seat + 1} saw hardly anything of its own"
        finally:
            await close_all(host, [*players, watcher, *([late] if late else [])])
