"""Undo over the network in the app: a player's terminal (Pilot) takes back its command with
``u``; the host's referee records ``core.undone``, and the other player's terminal (another
app) shows the take-back and the same game again."""

from __future__ import annotations

from pathlib import Path

from core.bots import make_bot
from core.games.maunakea import events as ev
from core.lifecycle import Undone
from core.statehash import state_hash
from tests.kit.netkit import TestBroker, close_all, join, make_host, until
from tests.tui.conftest import wait_for
from tests.tui.test_undo_key import notices, undo_offered
from tui.app import CalderaApp
from tui.games.maunakea.screen import MaunaKeaScreen

SIZE = (100, 40)


async def test_u_takes_back_a_spent_tile_at_a_table_across_terminals(
    broker: TestBroker, tmp_path: Path
) -> None:
    host = make_host(broker.address, tmp_path, seats=2, turn_limit=None, auto_start=True)
    await host.open()
    players = [await join(broker.address, "t1", name) for name in ("ann", "bob")]
    rules = host.rules
    bot = make_bot("maunakea", "greedy", "tui-undo")
    apps = [CalderaApp(bot_pace=0, reveal_pace=0) for _ in players]
    try:
        referee = host.referee
        assert referee is not None

        async def in_step() -> None:
            await until(lambda: all(len(s.envelopes) == referee.seq for s in players))

        await in_step()  # the explorers placed by the bot's choices, up to the first turn
        while not isinstance(referee.log[-1].event, ev.TurnStarted):
            seat = rules.to_move(referee.state)[0]
            await players[seat].submit(seat, bot.choose(rules, players[seat].state, seat))
            await in_step()
        mover = rules.to_move(referee.state)[0]
        other = 1 - mover

        async with apps[0].run_test(size=SIZE) as pa, apps[1].run_test(size=SIZE) as pb:
            pilots = (pa, pb)
            screens: list[MaunaKeaScreen] = []
            for app, pilot, session in zip(apps, pilots, players, strict=True):
                # pushed from the app's own loop: the screen's task then knows its app (pushed
                # from the test, it would take the app last entered, the other terminal's)
                app.call_later(app.push_screen, app.play_screen(session))
                await wait_for(pilot, lambda a=app: isinstance(a.screen, MaunaKeaScreen))
                screen = app.screen
                assert isinstance(screen, MaunaKeaScreen)
                screens.append(screen)
            me, them = pilots[mover], pilots[other]
            mine, theirs = screens[mover], screens[other]
            await wait_for(me, lambda: mine.turn.playing, "the mover's turn on its screen")
            before = state_hash(rules, referee.state)
            count = len(referee.log)

            await me.press("1", "s")  # spend the first tile of the hand
            await until(lambda: isinstance(referee.log[-1].event, ev.TileSpent))
            await wait_for(me, lambda: undo_offered(apps[mover]), "the undo key")
            await wait_for(them, lambda: theirs.shown == referee.seq, "the spend over there")
            assert not undo_offered(apps[other])  # not the other player's to take back

            await me.press("u")
            await until(lambda: isinstance(referee.log[-1].event, Undone))
            assert referee.log[-1].event == Undone(mover, count)
            assert state_hash(rules, referee.state) == before
            await wait_for(them, lambda: theirs.shown == referee.seq, "the take-back over there")
            await wait_for(
                them,
                lambda: f"{players[other].players[mover]} took back" in notices(apps[other]),
                "the other terminal's notice",
            )
            for screen in screens:
                assert screen.state is not None
                assert state_hash(rules, screen.state) == state_hash(rules, screen.session.state)
            assert state_hash(rules, players[other].state) == before
            await wait_for(me, lambda: not undo_offered(apps[mover]), "no undo key left")
    finally:
        await close_all(host, players)
