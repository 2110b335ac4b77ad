"""A tutorial's own dialogs at 80×24: its intro on a card of its own, read at the learner's pace
before the first step (nothing covers the narrator after it), and Mauna Kea's draft, which
covers the table, saying the step in its narrator (a wrong choice explained there, and the
draft asked again)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot

from core import language, tutorial
from core.tutorial_pace import pace
from tui.app import CalderaApp, Launch
from tui.games.maunakea.draft import DraftScreen
from tui.screens.table import TableScreen
from tui.screens.tutorial_intro import TutorialIntro
from tui.widgets.narrator import Narrator

from .conftest import screen_text, wait_for
from .test_snapshots import Snap
from .test_tutorial_play import begun, pressed, step_ready, table_below

SMALL = (80, 24)


async def intro_card(pilot: Pilot[None]) -> TutorialIntro:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TutorialIntro), "the intro card")
    card = pilot.app.screen
    assert isinstance(card, TutorialIntro)
    return card


def inside_card(pilot: Pilot[None]) -> str:
    """What the rows inside a card's border say (the board around it left out), one flow."""
    rows = [line.split("█")[1] for line in screen_text(pilot).splitlines() if line.count("█") >= 2]
    return " ".join(" ".join(rows).split())


async def draft_open(pilot: Pilot[None]) -> DraftScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, DraftScreen), "the draft")
    draft = pilot.app.screen
    assert isinstance(draft, DraftScreen)
    panel = draft.query_one(Narrator)
    await wait_for(pilot, lambda: "Step 1 of 16" in str(panel.text), "the draft's narrator")
    return draft


async def test_the_intro_is_a_card_read_before_step_1_and_leaves_the_narrator_whole() -> None:
    loaded = tutorial.load(tutorial.builtin("arnak"))
    app = CalderaApp(Launch(learn="arnak", again=True), bot_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await intro_card(pilot)
        await pilot.pause(0.3)  # it stays until the learner has read it: no time runs out
        assert isinstance(app.screen, TutorialIntro)
        text = inside_card(pilot)
        assert "Learn Arnak" in text
        assert " ".join(loaded.words(loaded.intro).split()) in text  # every word of it
        minutes = -int(-pace(loaded, bot_pace=0).minutes // 1)
        assert f"38 steps, about {minutes} minutes." in text
        assert "Press enter to begin." in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await wait_for(pilot, lambda: "Step 1 of 38" in screen_text(pilot), "step 1")
        assert not app._notifications  # nothing over the narrator
        table = app.screen
        assert isinstance(table, TableScreen)
        panels = [p for p in table.query(Narrator) if p.display]
        assert panels and not any(p.overflows() for p in panels)


async def test_mauna_keas_draft_waits_for_the_intro_then_says_the_step() -> None:
    app = CalderaApp(Launch(learn="maunakea-advanced", again=True), bot_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await intro_card(pilot)
        await pilot.pause(0.3)
        assert isinstance(app.screen, TutorialIntro)  # the draft waits under it
        await pilot.press("enter")
        draft = await draft_open(pilot)
        panel = draft.query_one(Narrator)
        assert panel.display and not panel.overflows()
        text = screen_text(pilot)
        assert "Step 1 of 16  keys: 1 3 4 5 enter" in text
        assert "Rule: Each player selects 4 cards" in text
        listed = draft.query_one("#draft-list")
        assert listed.virtual_size.height <= listed.size.height  # all 6 cards, none scrolled
        assert "6 [ ] water movement" in text
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen) and table.tutorial is not None
        await pilot.press("1", "2", "3", "4", "enter")  # legal, but not the step's four
        await draft_open(pilot)
        again = app.screen
        assert isinstance(again, DraftScreen) and again is not draft  # asked again
        await wait_for(pilot, lambda: "✗ Not this move yet" in screen_text(pilot), "the why")
        assert table.tutorial.done == 0
        await pilot.press("1", "3", "4", "5", "enter")
        await wait_for(pilot, lambda: table.tutorial is not None and table.tutorial.done == 1)
        await wait_for(pilot, lambda: "Step 2 of 16" in screen_text(pilot), "step 2")


def test_tutorial_intro_at_80x24(snap_compare: Snap, tmp_path: Path) -> None:
    app = CalderaApp(Launch(learn="maunakea", again=True), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[None]) -> None:
        await intro_card(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_tutorial_draft_at_80x24(snap_compare: Snap, tmp_path: Path) -> None:
    app = CalderaApp(Launch(learn="maunakea-advanced", again=True), bot_pace=0, reveal_pace=0)

    async def run_before(pilot: Pilot[None]) -> None:
        await intro_card(pilot)
        await pilot.press("enter")
        await draft_open(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


async def test_the_narrator_speaks_the_players_language() -> None:
    language.use("de")
    try:
        app = CalderaApp(Launch(learn="kilauea", again=True), bot_pace=0)
        async with app.run_test(size=SMALL) as pilot:
            await intro_card(pilot)
            assert "16 Schritte, etwa" in inside_card(pilot)
            assert "[b]Enter[/b]" not in screen_text(pilot)  # its markup drawn, not shown
            await pilot.press("enter")
            await wait_for(pilot, lambda: "Schritt 1 von 16  Tasten: " in screen_text(pilot))
            assert "Regel: Aufbau 11" in screen_text(pilot)
            assert "Vor dem ersten Zug nimmt jeder Tikis" in screen_text(pilot)  # the file's
            table = app.screen
            assert isinstance(table, TableScreen) and table.tutorial is not None
            await pilot.press("2", "1")  # the red Tiki of another sector than it asks for
            await wait_for(pilot, lambda: "Dieser Schritt verlangt: " in screen_text(pilot))
            assert table.tutorial.done == 0
    finally:
        language.use("en")


async def test_the_arnak_tutorial_speaks_german_from_its_intro_and_first_step() -> None:
    """The file's own words from the arnak catalogue (issue 44's languages, issue 45's texts):
    the intro card, then step 1's words and rule, with the table's own names (Goldpfanne)."""
    language.use("de")
    try:
        app = CalderaApp(Launch(learn="arnak", again=True), bot_pace=0)
        async with app.run_test(size=SMALL) as pilot:
            await intro_card(pilot)
            card = inside_card(pilot)
            assert "Arnak lernen" in card
            assert "Du leitest eine Expedition zu einer unbekannten Insel." in card
            await pilot.press("enter")
            await wait_for(pilot, lambda: "Schritt 1 von 38" in screen_text(pilot), "step 1")
            table = app.screen
            assert isinstance(table, TableScreen)
            said = " ".join(p.text.plain for p in table.query(Narrator) if p.display)
            assert "Kaufen ist eine Hauptaktion: Kauf die Goldpfanne (1 Münze)." in said
            assert "Karte kaufen: Kosten zahlen; der Gegenstand kommt unter dein Deck." in said
            assert "Buy" not in said and "main action" not in said
            assert "Goldpfanne" in screen_text(pilot)  # the card the step names, on the table
    finally:
        language.use("en")


@pytest.mark.parametrize("code", ["en", "fr", "de", "nl", "it"])
@pytest.mark.parametrize("name", tutorial.builtin_names())
async def test_every_step_fits_80x24_in_every_language(name: str, code: str) -> None:
    """The narrator's words are longer in German, Dutch, French and Italian ("Étape 3 sur 16
    touches:", "Règle :", the steps' own texts in the catalogues) than the files' English was
    fitted to: the title, then the labels give way, never a word of the step, its keys or its
    rule; nor of the last words, said once the steps are done."""
    loaded = tutorial.load(tutorial.builtin(name))
    language.use(code)
    try:
        app = CalderaApp(Launch(learn=name, again=True), bot_pace=0)
        async with app.run_test(size=SMALL) as pilot:
            await begun(pilot)
            for _ in loaded.steps:
                screen = await step_ready(pilot)
                if screen is None or screen.tutorial is None or screen.tutorial.step is None:
                    break
                said = screen.guide
                assert said is not None and said.expected is not None
                shown = [p for p in [*screen.query(Narrator), *screen.dialog_narrators()]
                         if p.display]  # fmt: skip
                assert any(said.say[:30] in p.text.plain for p in shown if isinstance(p.text, Text))
                cut = [p.id for p in shown if p.overflows()]
                assert not cut, f"step {said.number}: {cut} cut off"
                for key in pressed(screen.keys_for(said.expected)):
                    await pilot.press(key)
                session, number = screen.tutorial, said.number
                await wait_for(pilot, lambda s=session, n=number: s.done >= n, f"step {number}")
            assert screen is None or screen.tutorial is None or screen.tutorial.step is None
            # the last words (said under the board once the steps are done) fit as well
            table = table_below(pilot)
            assert table is not None and table.tutorial is not None
            outro = table.tutorial.tutorial.words(table.tutorial.tutorial.outro)
            shown = [p for p in table.query(Narrator) if p.display]

            def said() -> bool:
                return any(outro[:30] in p.text.plain for p in shown if isinstance(p.text, Text))

            await wait_for(pilot, said, "the last words")
            cut = [p.id for p in shown if p.overflows()]
            assert not cut, f"the last words: {cut} cut off"
            await step_ready(pilot)  # the bots done (the end, or the learner's move) to leave
    finally:
        language.use("en")


async def test_the_learner_is_named_in_the_players_language_the_events_keep_the_file_s() -> None:
    """The tutorials' seat 1 is "You" in their files; a German table says "Du" (the players'
    panel, the log, the end screen's "Du gewinnst!"), while the events, and so the replay and
    any export, keep "You": nothing of a language goes into a log (issue 44)."""
    from core.lifecycle import GameStarted
    from tui.screens.end import EndScreen

    loaded = tutorial.load(tutorial.builtin("maunakea"))
    language.use("de")
    try:
        app = CalderaApp(Launch(learn="maunakea", again=True), bot_pace=0)
        async with app.run_test(size=SMALL) as pilot:
            await begun(pilot)
            for _ in loaded.steps:
                screen = await step_ready(pilot)
                if screen is None or screen.tutorial is None or screen.tutorial.step is None:
                    break
                said = screen.guide
                assert said is not None and said.expected is not None
                for key in pressed(screen.keys_for(said.expected)):
                    await pilot.press(key)
                session, number = screen.tutorial, said.number
                await wait_for(pilot, lambda s=session, n=number: s.done >= n, f"step {number}")
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), "the end")
            end = app.screen
            assert isinstance(end, EndScreen)
            table = table_below(pilot)
            assert table is not None and table.tutorial is not None
            assert table.names == ("Du", "Ana")
            outcome = table.rules.outcome(table.state)
            assert outcome is not None
            verdict = "Du gewinnst!" if outcome.winners == (0,) else "Ana gewinnt!"
            await wait_for(pilot, lambda: verdict in screen_text(pilot), "the verdict")
            assert "You" not in screen_text(pilot)
            started = table.session.envelopes[0].event
            assert isinstance(started, GameStarted) and started.players == ("You", "Ana")
            assert table.tutorial.referee.players == ("You", "Ana")
    finally:
        language.use("en")
