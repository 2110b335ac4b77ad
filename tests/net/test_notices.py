"""Turn notices away from the terminal (``caldera notify``): a real table's turns, over amqtt and
Mosquitto, reach a real local webhook, ntfy topic and SMTP server, each change exactly once,
through a bridge killed and restarted, and a broker restarted."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.bots import make_bot
from net.club.notice_senders import MailServer, Senders
from net.club.notices import Bridge, Journal, Notice, Wants
from net.config import BrokerAddress
from net.seat.session import NetSession
from net.table.host import TableHost
from tests.kit.lifeline import dies_with_us
from tests.kit.netkit import (
    FAST,
    RULES,
    AmqttProcess,
    TestBroker,
    close_all,
    join,
    make_host,
    until,
)
from tests.kit.receivers import MailBox, Receiver

BOT = make_bot("maunakea", "random", "notices")


def moves_of(notices: Sequence[dict[str, Any]], kind: str = "your_move") -> list[str]:
    return [n["key"] for n in notices if n["kind"] == kind]


async def step(host: TableHost, players: Sequence[NetSession]) -> int:
    """The seat to move plays one random move; the seat to move after it (from 0)."""
    referee = host.referee
    assert referee is not None
    await until(lambda: all(len(p.envelopes) == referee.seq for p in players))
    seat = host.rules.to_move(referee.state)[0]
    player = next(p for p in players if p.seat == seat)
    await player.submit(seat, BOT.choose(player.rules, player.state, seat))
    return -1 if referee.ended else host.rules.to_move(referee.state)[0]


async def a_table(address: BrokerAddress, tmp_path: Path, table: str = "n1",
                  **kwargs: Any) -> tuple[TableHost, list[NetSession]]:  # fmt: skip
    host = make_host(address, tmp_path, table=table, seats=2, turn_limit=2, auto_start=True,
                     **kwargs)  # fmt: skip
    await host.open()
    players = [await join(address, table, "ann"), await join(address, table, "bob")]
    await until(lambda: host.referee is not None)
    return host, players


def bridge(address: BrokerAddress, journal: Path, url: str, **kwargs: Any) -> tuple[Bridge, Any]:
    senders = Senders()
    wants = [Wants(p, webhook=f"{url}/hook", **kwargs) for p in ("ann", "bob")]
    return Bridge(
        address, wants, Journal(journal), senders.send, backoff=FAST, tick=0.05, told=print
    ), senders


async def test_every_turn_and_the_end_are_noticed_once(broker: TestBroker, tmp_path: Path) -> None:
    host, players = await a_table(broker.address, tmp_path)
    with Receiver() as hook:
        notify, senders = bridge(broker.address, tmp_path / "notices.json", hook.url)
        async with senders, notify:
            referee = host.referee
            assert referee is not None
            first = host.rules.to_move(referee.state)[0]
            await until(lambda: len(hook.notices()) == 1)  # whose move it is now: owed at once
            turns = [first]
            while not referee.ended:
                after = await step(host, players)
                if after >= 0 and after != turns[-1]:
                    turns.append(after)
                    await until(lambda: len(moves_of(hook.notices())) == len(turns))
            await until(lambda: len(moves_of(hook.notices(), "game_over")) == 2)
            notices = hook.notices()
    await close_all(host, players)
    keys = [n["key"] for n in notices]
    assert len(keys) == len(set(keys)), "each notice once"
    assert [n["player"] for n in notices if n["kind"] == "your_move"] == [
        ("ann", "bob")[s] for s in turns
    ], "each change of turn, to the player whose move it became, in order"
    assert sorted(n["player"] for n in notices if n["kind"] == "game_over") == ["ann", "bob"]
    one = notices[0]
    assert one["text"].startswith("Your move at Mauna Kea n1 (ANN, BOB)")
    fields = {"key", "kind", "player", "table", "game", "title", "seat", "players", "text",
              "last", "left_ms", "at_ms", "again"}  # fmt: skip
    assert set(one) == fields, "nothing but what the turn says"
    posted = hook.taken("/hook")[0]
    assert posted.headers["Idempotency-Key"] == one["key"]
    assert posted.headers["Content-Type"] == "application/json"
    assert not any(n["again"] for n in notices), "no try was in doubt"


async def test_ntfy_and_mail_get_the_notice(broker: TestBroker, tmp_path: Path) -> None:
    host, players = await a_table(broker.address, tmp_path)
    with Receiver() as topic, MailBox() as mail:
        wants = [
            Wants(p, ntfy=f"{topic.url}/caldera-{p}", email=f"{p}@example.org")
            for p in ("ann", "bob")
        ]
        server = MailServer("127.0.0.1", mail.port, sender="caldera@club.example.org")
        async with Senders(smtp=server) as senders:
            notify = Bridge(broker.address, wants, Journal(tmp_path / "j.json"), senders.send,
                            backoff=FAST)  # fmt: skip
            async with notify:
                await until(lambda: len(topic.taken()) == 1 and len(mail.taken()) == 1)
                await step(host, players)
                await until(lambda: len(topic.taken()) == 2 and len(mail.taken()) == 2)
    await close_all(host, players)
    first, second = topic.taken()
    assert first.path != second.path, "each player's own topic"
    assert first.body.decode().startswith("Your move at Mauna Kea n1")
    assert first.headers["Title"].startswith("Caldera: your move at Mauna Kea n1")
    letter = mail.taken()[0]
    assert letter["Subject"] == first.headers["Title"]
    assert letter["From"] == "caldera@club.example.org"
    assert letter["To"] in ("ann@example.org", "bob@example.org")
    assert letter.get_payload().startswith("Your move at Mauna Kea n1")
    assert letter["Message-ID"].startswith("<caldera.")
    sequences = {p.headers["X-Sequence-ID"] for p in topic.taken()}
    assert len(sequences) == 2 and all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", s) for s in sequences)


async def test_a_reminder_before_the_clock_runs_out(broker: TestBroker, tmp_path: Path) -> None:
    host, players = await a_table(broker.address, tmp_path, clock="1d")
    ahead = [0]  # the bridge's clock runs ahead of the table's by this much
    with Receiver() as hook:
        senders = Senders()
        wants = [Wants(p, webhook=f"{hook.url}/hook", clock=(3_600_000, 600_000))
                 for p in ("ann", "bob")]  # fmt: skip
        import time

        notify = Bridge(broker.address, wants, Journal(tmp_path / "j.json"), senders.send,
                        backoff=FAST, tick=0.05,
                        now=lambda: int(time.time() * 1000) + ahead[0])  # fmt: skip
        async with senders, notify:
            await until(lambda: len(hook.notices()) == 1)
            assert moves_of(hook.notices(), "clock") == [], "a day left: no reminder yet"
            ahead[0] = 86_400_000 - 2_000_000  # 33 minutes left: the hour's reminder
            await until(lambda: len(moves_of(hook.notices(), "clock")) == 1)
            ahead[0] = 86_400_000 - 300_000  # 5 minutes left: the ten minutes'
            await until(lambda: len(moves_of(hook.notices(), "clock")) == 2)
            notices = hook.notices()
    await close_all(host, players)
    hour, ten = [n for n in notices if n["kind"] == "clock"]
    assert hour["key"].endswith("/3600000") and ten["key"].endswith("/600000")
    assert 1_800_000 < hour["left_ms"] <= 2_000_000 and 200_000 < ten["left_ms"] <= 300_000
    assert "Mauna Kea n1 runs out in 33:" in hour["text"], hour["text"]
    assert hour["player"] == notices[0]["player"], "the player whose clock runs"


def caldera(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *args], env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=dies_with_us(),
    )  # fmt: skip


async def bridge_process(address: BrokerAddress, tmp_path: Path, url: str) -> subprocess.Popen[str]:
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    (config / "config.toml").write_text(
        f'[notify]\nwebhook = "{url}/hook"\n[notify.players.ann]\n[notify.players.bob]\n'
    )
    env = {**os.environ, "CALDERA_CONFIG_DIR": str(config),
           "CALDERA_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
    process = caldera("notify", "--broker", str(address), env=env)
    out = process.stdout
    assert out is not None
    # read in a thread: the broker may be on this event loop
    while not (line := await asyncio.to_thread(out.readline)).startswith("notify: following"):
        assert line, f"caldera notify stopped: {process.communicate()[1]}"
    assert line.startswith("notify: following the turns of ann, bob on mqtt://"), line
    return process


def journal(tmp_path: Path) -> dict[str, Any]:
    """The bridge process's journal as it is on disk now."""
    try:
        doc: dict[str, Any] = json.loads((tmp_path / "data" / "notices.json").read_text())
    except FileNotFoundError:
        return {"owed": {}, "sent": {}}
    return doc


def kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


async def test_a_bridge_killed_sends_what_it_owes_once_back(
    broker: TestBroker, tmp_path: Path
) -> None:
    host, players = await a_table(broker.address, tmp_path)
    with Receiver() as hook:
        process = await bridge_process(broker.address, tmp_path, hook.url)
        try:
            await until(lambda: len(journal(tmp_path)["sent"]) == 1)  # sent, and known sent
            kill(process)  # killed: the next move's notice is owed while it is down
            await step(host, players)
            process = await bridge_process(broker.address, tmp_path, hook.url)
            await until(lambda: len(journal(tmp_path)["sent"]) == 2)
            # killed while the webhook refuses: the notice stays owed in the journal
            hook.status = 500
            await step(host, players)
            await until(lambda: [o["tries"] for o in journal(tmp_path)["owed"].values()] == [1])
            kill(process)
            hook.status = 200
            process = await bridge_process(broker.address, tmp_path, hook.url)
            await until(lambda: len(hook.notices()) == 3)
            await step(host, players)
            await until(lambda: len(journal(tmp_path)["sent"]) == 4)
        finally:
            kill(process)
        notices = hook.notices()
    await close_all(host, players)
    keys = [n["key"] for n in notices]
    assert len(set(keys)) == 4 == len(keys), Counter(keys)
    assert hook.refused >= 1 and not journal(tmp_path)["owed"]
    players_told = [n["player"] for n in notices]
    assert all(a != b for a, b in itertools.pairwise(players_told)), players_told


async def test_a_bridge_killed_before_the_answer_sends_a_copy_the_receiver_drops(
    broker: TestBroker, tmp_path: Path
) -> None:
    """The gap exactly once cannot close alone: the receiver has the notice, the bridge is
    killed before its answer. Back, the bridge sends it again, with the same idempotency id
    and ``again``; a receiver heeding the id keeps one."""
    host, players = await a_table(broker.address, tmp_path)
    with Receiver() as hook:
        hook.answering.clear()  # the receiver keeps the notice and holds back its answer
        process = await bridge_process(broker.address, tmp_path, hook.url)
        try:
            await until(lambda: len(hook.taken()) == 1)
            kill(process)  # killed with the notice delivered but not known to be
            hook.answering.set()
            assert journal(tmp_path)["sent"] == {}
            process = await bridge_process(broker.address, tmp_path, hook.url)
            await until(lambda: len(hook.taken()) == 2)
            await until(lambda: len(journal(tmp_path)["sent"]) == 1)
            await step(host, players)
            await until(lambda: len(hook.distinct()) == 2)
        finally:
            kill(process)
        first, copy, after = hook.taken()
    await close_all(host, players)
    assert first.headers["Idempotency-Key"] == copy.headers["Idempotency-Key"]
    assert (first.json()["again"], copy.json()["again"], after.json()["again"]) == (
        False, True, False
    ), "only the copy in doubt says so"  # fmt: skip
    assert first.json()["key"] != after.json()["key"]


async def test_a_broker_restarted_loses_no_notice(
    restartable_broker: TestBroker, tmp_path: Path
) -> None:
    broker = restartable_broker
    host = make_host(broker.address, tmp_path, table="n2", seats=2, turn_limit=3,
                     auto_start=True, bot_delay=0.5)  # fmt: skip
    await host.open()
    await host.seat_bot(1)
    ann = await join(broker.address, "n2", "ann")
    with Receiver() as hook:
        senders = Senders()
        notify = Bridge(broker.address, [Wants("ann", webhook=f"{hook.url}/hook")],
                        Journal(tmp_path / "j.json"), senders.send, backoff=FAST)  # fmt: skip
        async with senders, notify:
            referee = host.referee
            assert referee is not None
            await until(lambda: list(host.rules.to_move(referee.state)) == [0])
            await until(lambda: len(hook.notices()) == 1)
            moves = len(referee.log)
            await ann.submit(0, BOT.choose(ann.rules, ann.state, 0))
            await broker.stop()  # the host's bot moves while the broker is down
            back = lambda: referee.ended or list(RULES.to_move(referee.state)) == [0]  # noqa: E731
            await until(lambda: len(referee.log) > moves and back())
            await broker.start()
            await until(lambda: len(hook.notices()) == 2, timeout=60)
            notices = hook.notices()
    await close_all(host, [ann])
    assert len({n["key"] for n in notices}) == 2
    assert [n["player"] for n in notices] == ["ann", "ann"]


def test_a_notice_marked_sent_stays_sent_without_the_journals_write(tmp_path: Path) -> None:
    """The mark is one line appended at once: a bridge killed before its next write of the
    journal still knows the notice was sent (and does not send it again)."""
    path = tmp_path / "notices.json"
    first = Journal(path)
    notice = Notice("ann/t1/1/move/3", "your_move", "ann", "t1", "maunakea", "Mauna Kea", 1,
                    ("ANN", "BOB"), "Your move at Mauna Kea t1 (ANN, BOB).")  # fmt: skip
    assert first.owe(notice, ["webhook:http://x.org/hook"], 1)
    first.save()
    first.mark_sent("ann/t1/1/move/3 webhook:http://x.org/hook", 2)  # then killed: no save
    again = Journal(path)
    assert again.owed == {} and again.sent == {"ann/t1/1/move/3 webhook:http://x.org/hook": 2}
    assert not again.owe(notice, ["webhook:http://x.org/hook"], 3), "never owed again"
    again.save()
    assert (
        Journal(path).sent == again.sent and path.with_name("notices.json.sent").stat().st_size == 0
    )


async def test_a_players_bridge_heeds_only_the_tables_taken_here(
    broker: TestBroker, tmp_path: Path
) -> None:
    """A player's own bridge notices a table only once this machine took a seat there (anyone
    may host a table that names another's key); one taken a moment later is noticed then."""
    mine: set[str] = set()
    host, players = await a_table(broker.address, tmp_path, table="n3")
    with Receiver() as hook:
        senders = Senders()
        wants = [Wants(p, webhook=f"{hook.url}/hook") for p in ("ann", "bob")]
        notify = Bridge(broker.address, wants, Journal(tmp_path / "j.json"), senders.send,
                        backoff=FAST, tick=0.05, mine=lambda _, table: table in mine)  # fmt: skip
        async with senders, notify:
            await until(lambda: len(notify.held) == 2)  # both players' messages came, held
            assert hook.notices() == []
            mine.add("n3")
            await until(lambda: len(hook.notices()) == 1)
            await step(host, players)
            await until(lambda: len(hook.notices()) == 2)
            notices = hook.notices()
    await close_all(host, players)
    assert [n["table"] for n in notices] == ["n3", "n3"]
    assert notices[0]["player"] != notices[1]["player"]


async def test_a_bridge_started_before_its_broker_waits_for_it(tmp_path: Path) -> None:
    broker = AmqttProcess()  # not started yet: the bridge comes up first (a machine's boot)
    config = tmp_path / "config"
    config.mkdir()
    (config / "config.toml").write_text('[notify]\nwebhook = "http://127.0.0.1:9/hook"\n'
                                        "[notify.players.ann]\n")  # fmt: skip
    env = {**os.environ, "CALDERA_CONFIG_DIR": str(config),
           "CALDERA_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
    process = caldera("notify", "--broker", str(broker.address), env=env)
    try:
        assert process.stderr is not None and process.stdout is not None
        line = await asyncio.to_thread(process.stderr.readline)
        assert "cannot connect to the MQTT broker" in line and "trying again every 5 s" in line
        await broker.start()
        line = await asyncio.to_thread(process.stdout.readline)
        assert line.startswith("notify: following the turns of ann"), line
    finally:
        kill(process)
        await broker.stop()
