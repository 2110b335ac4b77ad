"""A seat's holder keeps the finished game's replay on its own machine (amqtt in-process): the
host gives the log as its referee wrote it only once the game is over and only to a seat's key,
and what came is checked before it is written (hash chain, this seat's own projected log, the
audit) and never written over a file or twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.codec import encode_envelope, pack
from core.errors import ReplayError
from core.games.maunakea import events as ev
from net.config import BrokerAddress
from net.errors import NetError
from net.seat.keeping import check_whole, keep_replay, write_replay
from net.table.host import TableHost
from net.trust.keys import is_sealed
from net.wire import topics
from net.wire.messages import Batch, read_host_message
from replays.chat_log import chat_path, read_chat
from replays.file import read
from replays.header import Table
from tests.kit.netkit import (
    AmqttBroker,
    RawClient,
    TestBroker,
    close_all,
    join,
    keys_of,
    make_host,
    play_all,
    until,
)
from tui.cli import main
from tui.settings.chat import set_blocked, set_muted

ADVANCED = {"advanced": True}  # hands of cards each seat hides from the other


async def bot_table(address: BrokerAddress, folder: Path, table: str, **kwargs: Any) -> TableHost:
    """A two-seat table, open and not started, whose first seat the host's random bot holds."""
    host = make_host(address, folder, table=table, seats=2, bot_delay=0.01, **kwargs)
    await host.open()
    await host.seat_bot(0, "random")
    return host


def whole_answers(raw: RawClient, table: str) -> list[Batch]:
    answers = []
    for topic, payload in raw.received:
        if topic == topics.reply(table, raw.identity):
            message = read_host_message(payload)
            if isinstance(message, Batch) and message.whole:
                answers.append(message)
    return answers


async def test_a_seat_keeps_the_finished_games_whole_log_and_nothing_of_it_before_the_end(
    amqtt_broker: AmqttBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    host = await bot_table(address, tmp_path / "host", "keep1", options=ADVANCED, turn_limit=2)
    bob = await join(address, "keep1", "bob", seat=1)
    mine = tmp_path / "bob-replays"
    try:
        await host.start()
        referee = host.referee
        assert referee is not None
        await until(lambda: 1 in host.rules.to_move(referee.state), 10)  # the game waits on Bob
        # mid-game, Bob's own key asks for the whole log: the host gives nothing
        topic = topics.sync("keep1", "bob-raw")
        async with RawClient(address, "bob-raw", [topics.reply("keep1", "bob-raw")],
                             keys=keys_of("bob")) as raw:  # fmt: skip
            await raw.send(topic, pack({"k": "sync", "from": 0, "whole": True}))
            await until(lambda: whole_answers(raw, "keep1"), 10)
            assert [a.envs for a in whole_answers(raw, "keep1")] == [()]
        with pytest.raises(NetError, match="not over"):
            await bob.whole_log(timeout=2)
        assert not mine.exists()

        await play_all([bob])
        await until(lambda: bob.ended and len(bob.envelopes) == referee.seq, 10)
        kept = await keep_replay(bob, mine)
        assert not kept.already and kept.path.parent == mine
        assert kept.path.name.startswith("keep1-") and kept.path.suffix == ".caldera"
        replay, hosts = read(kept.path), read(host.replay_path)  # type: ignore[arg-type]
        assert replay.raw == hosts.raw == referee.wire  # the host's log, every event
        assert not replay.warnings and replay.ended is not None
        assert replay.header.table is not None and replay.header.table.broker.endswith(
            str(address.port)
        )
        # what Bob was sent hid Ann's hand: his file holds what the referee wrote
        dealt = next(e.seq for e in replay.envelopes if isinstance(e.event, ev.CardsDealt))
        assert encode_envelope(bob.envelopes[dealt]) != referee.wire[dealt]
        assert [p.name for p in mine.iterdir()] == [kept.path.name]  # no part file left

        async with RawClient(address, "bob-raw", [topics.reply("keep1", "bob-raw")],
                             keys=keys_of("bob")) as raw:  # fmt: skip
            await raw.send(topic, pack({"k": "sync", "from": 0, "whole": True}))
            await until(lambda: sum(len(a.envs) for a in whole_answers(raw, "keep1"))
                        == referee.seq, 10)  # fmt: skip
            assert [e for a in whole_answers(raw, "keep1") for e in a.envs] == referee.wire
            assert all(is_sealed(payload) for _, payload in raw.raw)  # to Bob's key only

        again = await keep_replay(bob, mine)  # kept already: not written twice
        assert again.already and again.path == kept.path
        assert [p.name for p in mine.iterdir()] == [kept.path.name]

        # a spectator is given nothing, even now
        eve = await join(address, "keep1", "eve", spectator=True)
        try:
            await until(lambda: eve.ended, 10)
            with pytest.raises(NetError, match="seat"):
                await eve.whole_log(timeout=2)
            async with RawClient(address, "eve-raw", [topics.reply("keep1", "eve-raw")],
                                 keys=keys_of("eve")) as raw:  # fmt: skip
                await raw.send(
                    topics.sync("keep1", "eve-raw"), pack({"k": "sync", "from": 0, "whole": True})
                )
                await until(lambda: whole_answers(raw, "keep1"), 10)
                assert [a.envs for a in whole_answers(raw, "keep1")] == [()]
        finally:
            await eve.close()
    finally:
        await close_all(host, [bob])


async def test_a_log_that_is_not_the_one_the_seat_was_sent_is_not_kept(
    amqtt_broker: AmqttBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    logs = []
    sessions = []
    for table, seed in (("chk1", "one"), ("chk2", "two")):
        host = await bot_table(address, tmp_path / table, table, options=ADVANCED, turn_limit=1,
                               seed=seed)  # fmt: skip
        bob = await join(address, table, "bob", seat=1)
        await host.start()
        await play_all([bob])
        logs.append(await bob.whole_log(timeout=10))
        sessions.append(bob)
        await close_all(host, [bob])
    bob, raws = sessions[0], logs[0]
    assert len(check_whole(bob.rules, 1, bob.envelopes, raws)) == len(raws)
    other = logs[1]
    cases = {
        "another game's": other[: len(raws)] + [b""] * (len(raws) - len(other)),
        "one event changed": [*raws[:3], raws[3][:-1] + bytes([raws[3][-1] ^ 1]), *raws[4:]],
        "cut short": raws[:-1],
        "two events swapped": [raws[0], raws[2], raws[1], *raws[3:]],
    }
    for what, log in cases.items():
        with pytest.raises(ReplayError) as caught:
            check_whole(bob.rules, 1, bob.envelopes, log)
        assert "\n" not in str(caught.value), what
    where = Table("t", "h", "b")
    mine = tmp_path / "mine"
    envs = check_whole(bob.rules, 1, bob.envelopes, raws)
    first = write_replay(mine, "chk1", envs, raws, where)
    taken = mine / "chk1-x.caldera"  # a file of that table's name that is not this game
    taken.write_bytes(b"not a replay")
    assert write_replay(mine, "chk1", envs, raws, where) == first.__class__(first.path, True)
    assert taken.read_bytes() == b"not a replay"


async def test_a_guests_app_keeps_the_finished_games_replay_in_its_saved_games(
    amqtt_broker: AmqttBroker, tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob joins a headless host's table from his app's lobby; while the game runs nothing of
    it is on his disk; once it is over his saved games hold its replay, the host's very log."""
    from tests.net.test_tui_tables import SIZE, join_from_lobby, new_app, open_lobby
    from tests.tui.conftest import wait_for
    from tui.replay.library import read_entry, replays_dir, saved_replays
    from tui.screens.end import EndScreen

    monkeypatch.setenv("CALDERA_BROKER", str(amqtt_broker.address))
    host = await bot_table(amqtt_broker.address, tmp_path / "host", "tui1", options=ADVANCED,
                           turn_limit=2)  # fmt: skip
    app = new_app()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await open_lobby(pilot)
            await join_from_lobby(pilot, "tui1", "Bob")
            await wait_for(pilot, lambda: host.seats[1].client is not None, "Bob seated")
            await host.start()
            referee = host.referee
            assert referee is not None
            await wait_for(pilot, lambda: 1 in host.rules.to_move(referee.state), "Bob's move")
            await pilot.pause()
            assert not [p for p in data_dir.rglob("*") if p.is_file() and p.suffix == ".caldera"]
            await host.hand_to_bot(1, "random")  # the host's bot plays Bob's seat to the end
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
            await wait_for(pilot, lambda: saved_replays(), "Bob's replay kept")
            (path,) = saved_replays()
            assert path.parent == replays_dir() and path.is_relative_to(data_dir)
            assert read(path).raw == read(host.replay_path).raw == referee.wire  # type: ignore[arg-type]
            entry = read_entry(path)
            assert entry.finished and entry.where == "table" and not entry.error
    finally:
        await host.close()


async def test_a_table_closed_before_it_gave_its_log_is_one_line_and_nothing_written(
    amqtt_broker: AmqttBroker, tmp_path: Path
) -> None:
    address = amqtt_broker.address
    host = await bot_table(address, tmp_path / "host", "gone1", turn_limit=1)
    bob = await join(address, "gone1", "bob", seat=1)
    mine = tmp_path / "bob-replays"
    try:
        await host.start()
        await play_all([bob])
        await host.close()
        await until(lambda: bob.status == "table closed", 10)
        with pytest.raises(NetError) as caught:
            await keep_replay(bob, mine, timeout=10)
        assert "closed" in str(caught.value) and "\n" not in str(caught.value)
        assert not mine.exists()
    finally:
        await close_all(None, [bob])


async def test_the_tables_chat_is_kept_beside_the_replay_and_exported_with_it(
    broker: TestBroker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Over amqtt and Mosquitto: lines said at the table are kept beside the seat's replay,
    never in it (verify passes, the file holds no word of them); export --chat puts them with
    the game, as JSON and as text. A hand is never quoted: only what was typed is there."""
    address = broker.address
    host = make_host(address, tmp_path / "host", table="talk1", seats=2, turn_limit=2,
                     options=ADVANCED)  # fmt: skip
    await host.open()
    ann, bob = [await join(address, "talk1", name) for name in ("ann", "bob")]
    mine = tmp_path / "ann-replays"
    try:
        await until(lambda: all(p.chat._connection()[1] for p in (ann, bob)))
        ann.chat.say("good luck")
        await until(lambda: len(bob.chat.transcript) == 1)
        bob.chat.say("Good game!")
        await until(lambda: len(ann.chat.transcript) == 2)
        await host.start()
        await play_all([ann, bob])
        kept = await keep_replay(ann, mine)
    finally:
        await close_all(host, [ann, bob])
    chat = chat_path(kept.path)
    assert [(line.name, line.seat, line.text) for line in read_chat(kept.path)] == [
        ("ANN", 1, "good luck"), ("BOB", 2, "Good game!")]  # fmt: skip
    assert b"good luck" not in kept.path.read_bytes()
    assert chat.parent == kept.path.parent and chat.name.endswith(".chat.jsonl")
    assert main(["verify", str(kept.path)]) == 0
    assert list(mine.glob("*.caldera")) == [kept.path]  # the chat is no replay of its own
    capsys.readouterr()
    assert main(["export", "--format", "json", "--chat", str(kept.path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [line["text"] for line in doc["chat"]] == ["good luck", "Good game!"]
    assert doc["events"] and not any("good luck" in json.dumps(e) for e in doc["events"])
    assert main(["export", "--format", "text", "--chat", str(kept.path)]) == 0
    text = capsys.readouterr().out
    assert "Chat at the table (2 lines)" in text and "  BOB: Good game!" in text
    assert main(["export", "--format", "json", str(kept.path)]) == 0
    assert "chat" not in json.loads(capsys.readouterr().out)  # only when asked
    assert main(["export", "--format", "jsonl", "--chat", str(kept.path)]) == 2
    capsys.readouterr()
    bob_key = read_chat(kept.path)[1].key
    set_muted(bob_key, True)  # Ann mutes Bob: her export has no word of his, the file keeps it
    assert main(["export", "--format", "text", "--chat", str(kept.path)]) == 0
    text = capsys.readouterr().out
    assert "Chat at the table (1 line)" in text and "Good game!" not in text
    set_muted(bob_key, False)
    set_blocked(bob_key, True)
    assert main(["export", "--format", "json", "--chat", str(kept.path)]) == 0
    assert [line["text"] for line in json.loads(capsys.readouterr().out)["chat"]] == ["good luck"]
    assert len(read_chat(kept.path)) == 2
