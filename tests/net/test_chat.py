"""Table chat over a real broker (issue 46): a line is signed by its sayer and bound to its
table, room and number; the host judges it and relays it to the room; a forged, replayed or
moved line, a flood and a line where chat is off change nothing for anyone else."""

from __future__ import annotations

import asyncio
import io
import queue
import re
from pathlib import Path

import pytest

from core.language import speaking
from net.errors import JoinRefused, NetError
from net.seat.chat import Heard
from net.seat.session import NetSession
from net.table import chatting
from net.table.chatting import BURST, PER_MINUTE
from net.table.host import TableHost
from net.trust.keys import Keys
from net.wire import topics
from net.wire.messages import MOST_SAID, Said, SayLine, chat_data, chat_text, encode, read_say
from tests.kit.netkit import RawClient, TestBroker, close_all, join, make_host, until
from tui.lines.chat import LineChat
from tui.lines.player import LinePlayer
from tui.settings.chat import blocked, hidden, muted, seats_for

ALL = f"{topics.PREFIX}/#"


def texts(session: NetSession, room: str | None = None) -> list[str]:
    return [h.text for h in session.chat.lines if not h.refused and room in (None, h.room)]


def refusals(session: NetSession) -> list[str]:
    return [h.text for h in session.chat.lines if h.refused]


async def seated(
    broker: TestBroker, tmp_path: Path, **kwargs: object
) -> tuple[TableHost, list[NetSession]]:
    host = make_host(broker.address, tmp_path, seats=2, **kwargs)  # type: ignore[arg-type]
    await host.open()
    players = [await join(broker.address, "t1", name) for name in ("ann", "bob")]
    await until(lambda: all(p.chat._connection()[1] for p in players))  # tickets in hand
    return host, players


async def test_a_line_reaches_the_other_seat_signed_and_sealed(
    broker: TestBroker, tmp_path: Path
) -> None:
    eve = RawClient(broker.address, "eve", [ALL])
    async with eve:
        host, (ann, bob) = await seated(broker, tmp_path)
        try:
            heard: list[Heard] = []
            bob.chat.subscribe(heard.append)
            assert ann.chat.say("  gg\n\x1b[31mwell played  ") == "gg [31mwell played"
            await until(lambda: heard and ann.chat.lines)
            line = heard[0]
            assert line.words == "ANN says: gg [31mwell played"
            assert (line.key, line.seat, line.room, line.own) == (ann.keys.public.hex(), 0,
                                                                   "players", False)  # fmt: skip
            assert ann.chat.lines[0].own  # its own line came back: the host took it
            # what anyone reading the broker saw of it: boxes only
            assert not any(b"well played" in payload for _, payload in eve.raw)
        finally:
            await close_all(host, [ann, bob])


async def test_forged_replayed_and_moved_lines_are_dropped(
    broker: TestBroker, tmp_path: Path
) -> None:
    eve = RawClient(broker.address, "eve", [ALL])
    async with eve:
        host, (ann, bob) = await seated(broker, tmp_path)
        try:
            ann.chat.say("first")
            await until(lambda: texts(bob) == ["first"])
            said = topics.say("t1", "ann")
            await until(lambda: eve.captured(said))
            relay = topics.players_chat("t1", "bob")
            await until(lambda: eve.captured(relay))
            dropped = len(host.chatting.dropped)
            # a replay of Ann's sealed line, and of the host's relay to Bob
            await eve.replay(said, eve.captured(said)[0], retain=False)
            await eve.replay(relay, eve.captured(relay)[0], retain=False)
            await until(lambda: len(host.chatting.dropped) > dropped and bob.chat.dropped)
            assert "again (a replay)" in host.chatting.dropped[-1][1]
            # a line in Ann's name from another key, with Ann's connection and ticket
            conn, ticket = ann.chat._connection()
            text = "Eve is right"
            sig = eve.keys.sign_detached(chat_data("t1", "players", conn, 9, text))
            forged = SayLine("players", 9, text, conn, ticket, sig)
            assert host.keys.public is not None
            await eve.replay(said, eve.keys.seal(host.keys.public, said, encode(forged)),
                             retain=False)  # fmt: skip
            # … and a relay of Eve's own making on Bob's topic
            fake = Said("players", 1, text, conn, ann.keys.public.hex(), sig, "ANN", 0, 1 << 60, 1)
            await eve.send(relay, encode(fake))
            # a line Ann signed for another table, sent here on her own connection
            moved = SayLine(
                "players",
                50,
                "moved",
                conn,
                ticket,
                ann.keys.sign_detached(chat_data("t2", "players", conn, 50, "moved")),
            )
            ann.link.publish(said, encode(moved), seal_to=host.keys.public)  # fmt: skip
            ann.chat.say("second")
            await until(lambda: texts(bob) == ["first", "second"])
            await until(lambda: len(host.chatting.dropped) >= dropped + 3)
            whys = [why for _, why in host.chatting.dropped][dropped:]
            assert any("ticket" in why for why in whys)  # Eve's line: not her connection
            assert any("signature" in why for why in whys)  # the moved line
            assert bob.chat.dropped >= 2  # the replayed relay, the forged one
            assert texts(bob) == texts(ann) == ["first", "second"]
        finally:
            await close_all(host, [ann, bob])


async def test_a_live_connections_line_number_is_never_forgotten(
    broker: TestBroker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host keeps each speaker's newest line number while its connection lives: a table
    full of live speakers (``MOST_KEYS``, 2 here) refuses a new one rather than forget a number
    whose line could be replayed; once a speaker's connection is gone, its number may go."""
    monkeypatch.setattr(chatting, "MOST_KEYS", 2)
    eve = RawClient(broker.address, "eve", [ALL])
    host = make_host(broker.address, tmp_path, seats=3)
    await host.open()
    ann, bob, cy = [await join(broker.address, "t1", name) for name in ("ann", "bob", "cy")]
    async with eve:
        try:
            await until(lambda: all(p.chat._connection()[1] for p in (ann, bob, cy)))
            ann.chat.say("one")
            bob.chat.say("two")
            await until(lambda: texts(cy) == ["one", "two"])
            cy.chat.say("three")  # a third voice while both are live: refused, none forgotten
            await until(lambda: refusals(cy))
            assert refusals(cy) == [
                "too many players are talking at this table: say it again later"
            ]
            said = topics.say("t1", "ann")
            await until(lambda: eve.captured(said))
            dropped = len(host.chatting.dropped)
            await eve.replay(said, eve.captured(said)[0], retain=False)
            await until(lambda: len(host.chatting.dropped) > dropped)
            assert "again (a replay)" in host.chatting.dropped[-1][1]
            await bob.close()  # Bob's connection is gone: his ticket dies, his number may go
            await until(lambda: host.tickets.current(bob.keys.public.hex()) is None)
            cy.chat.say("three, now")
            await until(lambda: "three, now" in texts(ann))
            assert texts(ann) == ["one", "two", "three, now"]
        finally:
            await close_all(host, [ann, cy])


async def test_a_flood_from_one_key_is_cut_and_another_keys_line_passes(
    broker: TestBroker, tmp_path: Path
) -> None:
    host, (ann, bob) = await seated(broker, tmp_path)
    again: list[str] = []  # Ann's terminal, told she is too fast, tries one line at once

    def try_again(heard: Heard) -> None:
        if heard.refused and not again:
            try:
                ann.chat.say("one more")
            except NetError as exc:
                again.append(str(exc))

    ann.chat.subscribe(try_again)
    try:
        for i in range(1000):
            ann.chat.say(f"spam {i}")
        bob.chat.say("hello")

        def judged() -> int:
            return host.chatting.said + sum(c == "ann" for c, _ in host.chatting.dropped)

        await until(lambda: judged() >= 1001 and "hello" in texts(ann), 60)
        spam = [t for t in texts(bob) if t.startswith("spam")]
        # a bucket of BURST, and one more a line every 10 s while the flood went on
        assert BURST <= len(spam) <= BURST + 6, len(spam)
        assert spam[:BURST] == [f"spam {i}" for i in range(BURST)]
        await until(lambda: refusals(ann))
        told = refusals(ann)  # once in a while (every 5 s at most), not 995 times
        assert set(told) == {"you are saying a lot: wait a little"} and len(told) <= 12
        # in the player's words, with when the next line may go; none goes before
        first = next(h for h in ann.chat.lines if h.refused)
        assert 0 < first.wait <= 60 / PER_MINUTE
        assert re.fullmatch(r"Not sent: you are sending lines too fast: you may send the next "
                            r"one in \d+ seconds?", first.words), first.words  # fmt: skip
        assert len(again) == 1 and re.fullmatch(
            r"you are sending lines too fast: you may send "
            r"the next one in \d+ seconds?",
            again[0],
        )
        assert "one more" not in texts(bob)
    finally:
        await close_all(host, [ann, bob])


async def test_the_spectators_room_is_apart_unless_a_player_asks(
    broker: TestBroker, tmp_path: Path
) -> None:
    host, (ann, bob) = await seated(broker, tmp_path)
    carl = await join(broker.address, "t1", "carl", spectator=True)
    try:
        await until(lambda: carl.chat._connection()[1])
        carl.chat.say("who is winning?")
        ann.chat.say("our plan")
        await until(lambda: "who is winning?" in texts(carl) and "our plan" in texts(bob))
        await until(lambda: "our plan" in texts(ann))
        assert texts(ann) == texts(bob) == ["our plan"]  # no spectator's line
        ann.chat.hear_spectators()
        await until(lambda: topics.spectators_chat("t1") in ann.link.subscriptions)

        async def heard_by_ann() -> None:  # a subscription takes a moment: say until heard
            for n in range(50):
                carl.chat.say(f"again {n}")
                try:
                    await until(lambda: any(t.startswith("again") for t in texts(ann)), 0.5)
                    return
                except TimeoutError:
                    continue

        await heard_by_ann()
        seen = next(h for h in ann.chat.lines if h.text.startswith("again"))
        assert seen.words.startswith("CARL (watching) says: again")
        assert "our plan" not in texts(carl)  # the players' room never reached a spectator
        assert not any(t.startswith("again") for t in texts(bob))  # Bob did not ask
    finally:
        await close_all(host, [ann, bob, carl])


async def test_chat_off_refuses(broker: TestBroker, tmp_path: Path) -> None:
    host, (ann, bob) = await seated(broker, tmp_path, chat=False)
    try:
        assert ann.card is not None and not ann.card.chat
        with pytest.raises(NetError, match="turned chat off"):
            ann.chat.say("hi")
        ann.chat._card = lambda: None  # as a terminal that has not read the card: it sends
        ann.chat.say("hi")
        await until(lambda: refusals(ann))
        assert refusals(ann) == ["the host turned chat off at this table"]
        host.set_chat(True)
        await until(lambda: bob.card is not None and bob.card.chat)
        bob.chat.say("now we can")
        await until(lambda: "now we can" in texts(ann))
        assert texts(bob) == ["now we can"]
    finally:
        await close_all(host, [ann, bob])


def test_a_line_as_sent_is_clean_and_bounded() -> None:
    assert chat_text("a\tb\r\nc\x00d\u202e") == "a b c d"
    assert len(chat_text("x" * 1000)) == MOST_SAID
    line = SayLine("players", 1, "gg", "c", "t", bytes(64))
    assert read_say(encode(line)) == line
    keys = Keys.generate()
    assert keys.sign_detached(chat_data("t1", "players", "c", 1, "gg")) != keys.sign_detached(
        chat_data("t1", "spectators", "c", 1, "gg")
    )


async def test_the_line_modes_say_and_mute(broker: TestBroker, tmp_path: Path) -> None:
    """``say TEXT`` sends, lines are printed as they come (``BOB says: hi``), ``mute BOB`` hides
    Bob's lines and keeps that in the config."""
    host, (ann, bob) = await seated(broker, tmp_path)
    typed: queue.Queue[str] = queue.Queue()
    out = io.StringIO()
    player = LinePlayer(ann, typed.get, out)
    game = asyncio.create_task(player.run())  # the game has not begun: it waits, listening
    try:
        typed.put("say  good game, Bob")
        await until(lambda: "good game, Bob" in texts(bob))
        bob.chat.say("hi")
        await until(lambda: "BOB says: hi" in out.getvalue())
        assert "ANN says: good game, Bob" in out.getvalue()  # its own, back from the host
        typed.put("mute Bob")
        await until(lambda: "Bob's lines are hidden now." in out.getvalue())
        assert muted() == {bob.keys.public.hex()}
        bob.chat.say("you cannot hear me")
        ann.chat.say("marker")
        await until(lambda: "ANN says: marker" in out.getvalue())
        await until(lambda: "you cannot hear me" in texts(ann))
        assert "you cannot hear me" not in out.getvalue()
        typed.put("help")
        await until(lambda: "'say TEXT' talks to the table" in out.getvalue())
    finally:
        typed.put("quit")
        await asyncio.wait_for(game, 10)
        await close_all(host, [ann, bob])


def test_a_quick_phrase_is_read_in_each_readers_language() -> None:
    """A quick phrase goes out in English and each reader reads it in their own language; a
    line typed by hand is read as typed."""
    phrase = Heard("players", "Ann", "Good luck!", seat=0)
    typed = Heard("spectators", "Bob", "good luck", seat=None)
    assert phrase.words == "Ann says: Good luck!"
    with speaking("de"):
        assert phrase.words == "Ann sagt: Viel Glück!"
        assert typed.words == "Bob (schaut zu) sagt: good luck"
    with speaking("fr"):
        assert phrase.words == "Ann dit : Bonne chance !"
    with speaking("it"):
        assert Heard("lobby", "Ann", "Back soon.").words == "Ann dice: Torno subito."


def test_a_line_too_fast_is_told_in_each_readers_language_with_the_wait() -> None:
    """The host says why in English (a terminal from before ``wait`` reads that alone); the
    sender's terminal says it in the player's language, with when the next line may go."""
    told = Heard("players", "", "you are saying a lot: wait a little", refused=True, wait=8)
    assert told.words == ("Not sent: you are sending lines too fast: you may send the next one "
                          "in 8 seconds")  # fmt: skip
    assert Heard("lobby", "", told.text, refused=True, wait=1).words.endswith("in 1 second")
    words = {}
    for lang in ("de", "fr", "it", "nl"):
        with speaking(lang):
            words[lang] = told.words
    assert "8 Sekunden" in words["de"] and "8 secondes" in words["fr"]
    assert "8 secondi" in words["it"] and "8 seconden" in words["nl"]
    assert Heard("players", "", told.text, refused=True).words.endswith("wait a little")


async def test_a_blocked_player_is_unseen_everywhere_and_not_seated(
    broker: TestBroker, tmp_path: Path
) -> None:
    """``block BOB`` (kept in the config): Bob's lines reach Ann's terminal but are not shown,
    there or in a new chat (the lobby's too), while Cy's are; and a table Ann hosts, whose seats
    are admitted by her block list, refuses Bob a seat and seats Cy."""
    config = tmp_path / "ann.toml"
    host = make_host(broker.address, tmp_path, seats=3)
    await host.open()
    ann, bob, cy = [await join(broker.address, "t1", name) for name in ("ann", "bob", "cy")]
    try:
        await until(lambda: all(p.chat._connection()[1] for p in (ann, bob, cy)))
        shown: list[str] = []
        lines = LineChat(ann.chat, shown.append, lambda: ann.card, config)
        assert lines.handles("block BOB")
        assert shown[-1].startswith("BOB is blocked")
        assert blocked(config) == {bob.keys.public.hex()} and not muted(config)
        bob.chat.say("you cannot read me")
        await until(lambda: "you cannot read me" in texts(ann))  # it came, and is not shown
        cy.chat.say("marker")
        await until(lambda: "CY says: marker" in shown)
        assert not any("you cannot read me" in line for line in shown)
        lines.close()
        later: list[str] = []  # another chat, read with the same config
        LineChat(ann.chat, later.append, lambda: None, config).handles("chat")
        assert "CY says: marker" in later and not any("BOB" in line for line in later)
        hidden_in_lobby = Heard("lobby", "BOB", "spam", bob.keys.public.hex())
        assert hidden_in_lobby.key in hidden(config)
    finally:
        await close_all(host, [ann, bob, cy])

    ann_host = make_host(broker.address, tmp_path / "anns", table="t2", seats=2)
    ann_host.admit = seats_for(config)
    await ann_host.open()
    try:
        with pytest.raises(JoinRefused, match="does not seat you"):
            await join(broker.address, "t2", "bob", timeout=5)
        cy = await join(broker.address, "t2", "cy")
        assert cy.seat == 0
        await cy.close()
    finally:
        await ann_host.close()
