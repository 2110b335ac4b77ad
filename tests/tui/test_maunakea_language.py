"""Mauna Kea's advanced game in the reader's language (issue 44): the draft dialog (its title,
hint, the cards' titles and rules, who has chosen) at 80×24 in German and Dutch with no word
cut, and the hand's cards on the table in the rulebook's words."""

from __future__ import annotations

import re

import pytest

from core import language
from core.games.maunakea.state import MaunaKeaState, Phase
from tui.app import CalderaApp, Launch
from tui.games.maunakea.draft import DraftScreen
from tui.games.maunakea.screen import MaunaKeaScreen
from tui.games.maunakea.widgets.cards import CardsPanel
from tui.play.setup import local_game

from .conftest import screen_text, wait_for

SMALL = (80, 24)
SAID = {
    "de": ("Red: Behalte 4 dieser 6 Karten", "Blue hat gewählt", "0 von 4 gewählt",
           "Karten von Red"),
    "nl": ("Red: houd 4 van deze 6 kaarten", "Blue heeft gekozen", "0 van 4 gekozen",
           "kaarten van Red"),
}  # fmt: skip
ENGLISH = ("keep 4 of these", "has chosen", "chosen", "leave the game unseen", "At the end")


@pytest.mark.parametrize("code", sorted(SAID))
async def test_the_draft_speaks_the_language_at_80x24(code: str) -> None:
    language.use(code)
    setup = local_game(
        2, {1: "greedy"}, seed="draft-1", options={"advanced": True}, game="maunakea"
    )
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    title, chosen_by, count, hand = SAID[code]
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DraftScreen), "Red's draft")
        await wait_for(pilot, lambda: chosen_by in screen_text(pilot), "Blue has chosen")
        text = screen_text(pilot)
        assert title in text and count in text, text
        for english in ENGLISH:
            assert english not in text, text
        assert all(len(line) <= SMALL[0] for line in text.splitlines())
        words = re.findall(r"[^\W\d_]{2,}", text)
        assert not {w for w in words if w.endswith("-") and len(w) > 1}  # no word broken off
        table = app.screen_stack[-2]
        assert isinstance(table, MaunaKeaScreen)
        await pilot.press("1", "2", "3", "4", "enter")
        await wait_for(pilot, lambda: table.state.phase is not Phase.DRAFT, "the draft ends")
        await pilot.pause()
        assert hand in table.query_one(CardsPanel).render().plain
        text = screen_text(pilot)  # the players' panel: explorers, the bag, in the rulebook's words
        assert {"de": "Beutel 94", "nl": "Zak 94"}[code] in text, text
        assert {"de": "zu setzen 5", "nl": "te plaatsen 5"}[code] in text, text


async def test_the_island_s_boats_and_the_cursor_s_space_speak_german_at_80x24() -> None:
    language.use("de")
    setup = local_game(2, {1: "greedy"}, seed="peek-1", game="maunakea")
    app = CalderaApp(Launch(setup=setup), bot_pace=0, reveal_pace=0)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MaunaKeaScreen), "the table")
        await wait_for(pilot, lambda: "Startfeld" in screen_text(pilot), "the prompt")
        text = screen_text(pilot)
        # the boats in the rulebook's colours: whole names north and south, 3 letters at the side
        assert "braun □□□" in text and "rot □□□" in text, text
        assert "tür" in text and "grü" in text, text
        assert "Dschungel" in text and "(Startfeld)" in text, text  # the space under the cursor
        left = {"brown", "teal", "slot", "jungle", "start", "field", "landing", "boat", "explorer"}
        assert not left & set(re.findall(r"[A-Za-z]+", text)), text
        assert all(len(line) <= SMALL[0] for line in text.splitlines())


@pytest.mark.parametrize("code", ["de", "fr", "it", "nl"])
def test_look_the_legend_and_the_landings_say_mauna_kea_in_the_language(code: str) -> None:
    from core.bots import make_bot, play_out
    from core.games import get_rules
    from core.referee import Referee
    from tui.games.maunakea.look import look
    from tui.games.maunakea.widgets.glyphs import legend
    from tui.games.maunakea.widgets.info import space_info

    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(2, {}), ["Ann", "Bob"], seed="look-island")
    referee.begin()
    play_out(referee, {s: make_bot("maunakea", "greedy", str(s)) for s in range(2)},
             max_commands=30)  # fmt: skip
    state = rules.view(referee.state, 0)
    english = look(state, ["Ann", "Bob"], 0, None)
    language.use(code)
    said = look(state, ["Ann", "Bob"], 0, None)
    assert len(said) == len(english)
    landing = next(space for space in landing_spaces(state))
    said.append(space_info(state, landing, ["Ann", "Bob"]).plain)
    said += legend().splitlines()
    assert all(len(line) <= 63 for line in legend().splitlines())
    left = {
        "The",
        "explorer",
        "Explorers",
        "boat",
        "Boats",
        "tiles",
        "bag",
        "landing",
        "landings",
        "Artifacts",
        "artifact",
        "MP",
        "away",
        "reach",
        "next",
        "carrying",
        "place",
        "places",
        "white",
        "grey",
        "black",
        "jungle",
        "water",
        "mountain",
        "slot",
    }
    if code == "nl":
        left -= {"jungle", "water"}  # the same words in Dutch
    if code == "fr":
        left -= {"jungle", "place", "places"}  # French words too
    for line in said:
        assert not left & set(re.findall(r"[^\W\d_]+", line)), line


def landing_spaces(state: MaunaKeaState) -> list[tuple[int, int]]:
    """The spaces beside a landing whose boat still waits."""
    from core.games.maunakea.board import LANDING_OF_SPACE

    docked = state.docked
    return [space for space, landing in LANDING_OF_SPACE.items() if landing in docked]


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("de", "spiele zuerst alle Plättchen aus ({n} noch auf der Hand)"),
        ("fr", "jouez d'abord toutes vos tuiles ({n} encore en main)"),
        ("it", "prima gioca tutte le tessere ({n} ancora in mano)"),
        ("nl", "speel eerst alle tegels ({n} nog in de hand)"),
        ("en", "play every tile first ({n} left in hand)"),
    ],
)
def test_a_refused_move_says_why_in_the_language(code: str, said: str) -> None:
    from core.bots import make_bot
    from core.errors import IllegalCommand
    from core.games import get_rules
    from core.games.maunakea import commands as cmd
    from core.referee import Referee

    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(2, {}), ["Ann", "Bob"], seed="refused")
    referee.begin()
    bots = {s: make_bot("maunakea", "greedy", str(s)) for s in range(2)}
    while referee.state.phase is not Phase.TURN:  # the explorers placed
        seat = rules.to_move(referee.state)[0]
        referee.submit(seat, bots[seat].choose(rules, referee.state, seat))
    language.use(code)
    with pytest.raises(IllegalCommand) as refused:
        referee.submit(referee.state.active, cmd.EndTurn())
    assert str(refused.value) == said.format(n=len(referee.state.hands[referee.state.active]))


PROMPTS = ("tui/games/maunakea/turn.py", "tui/games/maunakea/card_choice.py",
           "tui/games/maunakea/table.py")  # fmt: skip
SAMPLE = dict(card="Jungle movement", state="[b]D4[/b] turned 1× (♣♣/≈∧), artifacts too",
              explorer="explorer 2 on g7 carrying ○ white", there=" → [b]h8[/b] (g7 → h8)",
              others=", [b]tab[/b]: another explorer", slot="D4", n=2, squares="♣♣/≈∧",
              player="Red", kept=4, dealt=6, where="at another terminal", mp=3, keys="1–5",
              space="g7", cost=2, colour="brown", load="", picks="[b]1–5[/b] picks a tile",
              route="g7 → h8")  # fmt: skip
"""Values like a real turn's for the prompts' placeholders."""


def prompt_rows(markup: str, width: int = 78) -> int:
    """The rows a prompt's text takes at 80 columns (its padding left off)."""
    import textwrap

    text = re.sub(r"\[/?[a-z]+\]", "", markup)
    return sum(len(textwrap.wrap(line, width)) or 1 for line in text.split("\n"))


@pytest.mark.parametrize("code", ["de", "fr", "it", "nl"])
def test_every_prompt_of_the_table_takes_no_more_rows_than_the_english(code: str) -> None:
    from core.locale import read

    catalog = read("maunakea", code)
    seen = 0
    for entry in catalog:
        if not isinstance(entry.id, str) or "[b]" not in entry.id:
            continue
        if not any(where in PROMPTS for where, _line in entry.locations):
            continue
        try:
            english = prompt_rows(entry.id.format(**SAMPLE))
        except (KeyError, IndexError):
            continue  # a piece put into a prompt, measured with it
        seen += 1
        said = prompt_rows(str(entry.string).format(**SAMPLE))
        assert said <= english, f"{code}: {said} rows, English {english}: {entry.id!r}"
    assert seen >= 10
