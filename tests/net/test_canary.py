"""The canary: on the embedded broker with no ACL at all, an outsider subscribed to every topic
(``caldera/v1/#``) for 100 advanced Mauna Kea games, played by bots seated as ordinary clients,
never reads a card of anyone's hand before the rules reveal it: each seat's events and answers
are sealed to its key, and the public stream holds only what a spectator may see."""

from __future__ import annotations

from pathlib import Path

from core.codec import Envelope
from net.config import BrokerAddress
from net.wire import topics
from tests.kit.netkit import AmqttProcess, RawClient, close_all, join, make_host, play_all
from tests.net.test_secrecy import public_from

GAMES = 100


async def _game(address: BrokerAddress, tmp_path: Path, table: str) -> list[Envelope]:
    options = {"advanced": True}
    host = make_host(address, tmp_path, table=table, seats=2, turn_limit=2, options=options,
                     auto_start=True, seed=f"canary-{table}")  # fmt: skip
    await host.open()
    players = [await join(address, table, f"{table}-p{i}") for i in range(2)]
    try:
        await play_all(players)
        await host.wait_ended(10)
        assert host.referee is not None
        return list(host.referee.log)
    finally:
        await close_all(host, players)


async def test_an_outsider_reads_no_hand_in_100_games(tmp_path: Path) -> None:
    broker = AmqttProcess()  # the embedded broker as caldera starts it, in its own process
    await broker.start()
    outsider = RawClient(broker.address, "eve", [f"{topics.PREFIX}/#"])
    try:
        await _watch(broker, outsider, tmp_path)
    finally:
        await broker.stop()


async def _watch(broker: AmqttProcess, outsider: RawClient, tmp_path: Path) -> None:
    async with outsider:
        logs = []
        for n in range(GAMES):  # one after the other: amqtt fails clients connecting at once
            table = f"c{n}"
            logs.append((table, await _game(broker.address, tmp_path, table)))
        assert len(logs) == GAMES
        seen = 0
        for table, log in logs:
            owner, public = public_from(log)
            hands = list(owner)  # every card dealt to a hand
            assert len(hands) == 12
            root = topics.table_root(table) + "/"
            mine = [(t, p) for t, p in outsider.raw if t.startswith(root)]
            seen += len(mine)
            for topic, payload in mine:
                for card in hands:
                    # a hand's card is named in the clear only once the rules make it public:
                    # played (then the stream says it anyway) or turned over at scoring
                    if card.encode() in payload:
                        assert public[card] < float("inf"), f"{card} of a hand on {topic}"
            private = [p for t, p in mine if "/events/" in t and not t.endswith("/public")]
            assert private, "the seats' own streams went past the outsider"
        assert seen > 100 * GAMES
