"""Arnak across terminals over a real Mosquitto: a 3-seat table with one human (an app driven by
keys, joined from the lobby), one remote bot (a player's process running a bot) and one host
bot (the host plays that seat itself). The human plays a whole turn by keys, sees only their own
hand, and the table goes round to them again with every fold checked against the host's."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.bots import make_bot
from core.games import get_rules
from core.games.arnak import events as ev
from core.games.arnak.state import HIDDEN
from net.seat.botclient import play
from tests.kit.netkit import MosquittoBroker, join, make_host
from tests.net.test_tui_tables import join_from_lobby, new_app, open_lobby, until
from tests.tui.conftest import screen_text
from tui.games.arnak.screen import ArnakScreen
from tui.screens.choice import ConfirmScreen

pytestmark = pytest.mark.mosquitto
ARNAK_SIZE = (120, 40)


@pytest.fixture
async def mosquitto(
    mosquitto_broker: MosquittoBroker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> AsyncIterator[MosquittoBroker]:
    """Every app of the test finds this Mosquitto as its configured broker."""
    monkeypatch.setenv("CALDERA_BROKER", str(mosquitto_broker.address))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield mosquitto_broker


async def test_one_human_one_remote_bot_and_one_host_bot_at_an_arnak_table(
    mosquitto: MosquittoBroker, tmp_path: Path
) -> None:
    host = make_host(
        mosquitto.address, tmp_path, rules=get_rules("arnak"), table="arn1", seats=3,
        turn_limit=None, options={"side": "snake"}, bot_delay=0.01,
    )  # fmt: skip
    await host.open()
    await host.seat_bot(2, "greedy")  # the host's own bot
    app = new_app()
    remote: asyncio.Task[None] | None = None
    bob = None
    try:
        async with app.run_test(size=ARNAK_SIZE) as pilot:
            await open_lobby(pilot)
            await join_from_lobby(pilot, "arn1", "Ann")
            bob = await join(mosquitto.address, "arn1", "bob")
            remote = asyncio.create_task(play(bob, make_bot("arnak", "greedy", "bot/bob")))
            await host.start()
            await until(pilot, lambda: isinstance(app.screen, ArnakScreen), "Ann's table")
            screen = app.screen
            assert isinstance(screen, ArnakScreen)
            (ann,) = screen.session.controlled
            referee = host.referee
            assert referee is not None
            await until(pilot, lambda: screen.turn.seat == ann, "Ann's turn")
            before = referee.seq

            # Ann sees her own hand in words, never another seat's cards
            state = screen.state
            assert state is not None and state.side == "snake"
            for seat, player in enumerate(state.seats):
                if seat != ann:
                    assert all(card == HIDDEN for card in player.hand), f"seat {seat}'s hand"
            text = screen_text(pilot)
            assert "Ann's HAND" in text and "● start ○ start" in text and "snake side" in text

            # a whole turn by keys: a free card if any, a dig (paying its travel), end
            if screen.turn.by_verb["play"]:
                await pilot.press("p", "1")
            await pilot.press("d")
            await pilot.pause()
            while screen.choice is not None:  # the site, then how to pay: the first each time
                await pilot.press("1")
                await pilot.pause()
            while screen.turn.asking:  # a camp's own question (a discard, say)
                await pilot.press("1")
                await pilot.pause()
            await until(pilot, lambda: screen.state is not None and screen.state.main_done)
            await pilot.press("e")
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")
            await until(
                pilot,
                lambda: any(
                    isinstance(env.event, ev.TurnEnded) and env.event.seat == ann
                    for env in referee.log[before:]
                ),
                "Ann's turn ended at the host",
            )
            # the other two seats play, and it is Ann's turn again, her fold the host's
            await until(pilot, lambda: screen.turn.seat == ann and screen.shown == referee.seq)
            played = {
                env.event.seat
                for env in referee.log[before:]
                if isinstance(env.event, ev.TurnEnded)
            }
            assert played == {0, 1, 2}
            await until(pilot, lambda: screen.session.verified_seq >= before)  # type: ignore[attr-defined]
            assert screen.session.desync is None  # type: ignore[attr-defined]
    finally:
        if remote is not None:
            remote.cancel()
        if bob is not None:
            await bob.close()
        await host.close()
