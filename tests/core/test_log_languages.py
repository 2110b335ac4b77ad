"""The games' logs in every language (issue 44): each event kind a game registers is said by its
sentences in German, French, Italian and Dutch without an error, a placeholder left or an English
word left over, and the English stays as it was.

The events come from whole games (greedy and random bots, fixed seeds, every player count), read
in the position each happens in as the log reads them; the few kinds those games never reach are
built here. A word "left in English" is one of the English sentence's words that appears in the
translated sentence although no translation of that language's catalogue uses it (so a cognate
the translation really uses, "Tiki", passes); the players' names are allowed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from core.bots import RandomBot, make_bot, play_out
from core.fold import fold
from core.games import get_rules
from core.games.arnak import events as aev
from core.games.kilauea import events as kev
from core.games.maunakea import events as mev
from core.language import ENGLISH, LANGUAGES, speaking
from core.lifecycle import Undone
from core.locale import read
from core.messages import EVENTS, Event
from core.referee import Referee

NAMES = ["Ann", "Bob", "Cyd", "Dee"]
ALLOWED = {name.lower() for name in NAMES}
TRANSLATED = [code for code in LANGUAGES if code != ENGLISH]
GAMES = ("kilauea", "maunakea", "arnak")
GAMES_PLAYED = 6  # per game: greedy and random, 2 to 4 players
RANDOM = {"kilauea"}  # random play reaches rarer events; Mauna Kea's random games are too long
BUILT: dict[str, list[Event]] = {
    # kinds the bots' games never reach (a seat with no main action), and the rarer wordings
    "kilauea": [
        kev.Passed(0, 3),
        kev.GameOver((40, 40, 12), (0, 1), "fewer Tikis on the island"),
        kev.GameOver((40, 40, 12), (0, 1), "shared"),
        kev.GameEnding("turn_limit"),
        Undone(1, 17),
    ],
    "maunakea": [
        mev.ArtifactDropped(1, 0, "grey"),
        mev.EarthquakeStruck(0, "earthquake-1", (4, 2), 3),
        mev.QuakeDrawChosen(0, True),
        mev.QuakeDrawChosen(1, False),
        mev.LavaPlaced(70, (3, 2), 0, (3, 3), ((1, 2),), ("white", "black")),
        mev.BoatBoarded(0, 1, 2, 3, ("white", "grey"), ("black",)),
        mev.ExplorerRescued(1, "helicopter-1", 0, ()),
        Undone(0, 9),
    ],
    "arnak": [
        aev.SecretAnswerGiven(1, "i14"),
        aev.CardsLaidAside(0, ("i03", "b0fc")),
        aev.PileShuffled("deck:1", ("b1fc",), ()),
        Undone(1, 30),
    ],
}
STILL_ENGLISH: dict[str, set[str]] = {}
"""Words a game's log still says in English in every language, by design for now."""


WORD = re.compile(r"[^\W\d_]{2,}")
CODES = re.compile(r"\b[JWM]{4}\b")  # a Mauna Kea tile by its squares (JJWM), as the keys name it


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(CODES.sub("", text))}


@cache
def vocabulary(game: str, code: str) -> frozenset[str]:
    """Every word the ``game`` catalogue's translations into ``code`` use."""
    found: set[str] = set()
    for message in read(game, code):
        if message.id:
            texts = [message.string] if isinstance(message.string, str) else message.string
            for text in texts:
                found |= words(text or "")
    return frozenset(found)


def played(game: str) -> Iterator[Referee[Any]]:
    rules = get_rules(game)
    for g in range(GAMES_PLAYED):
        players = (2, 3, 4)[g % 3]
        options: dict[str, Any] = {}
        if game == "maunakea":
            options = {"advanced": g % 4 >= 2}
        if game == "arnak":
            options = {"side": ("bird", "snake")[g // 2 % 2]}
        referee: Referee[Any] = Referee(
            rules, rules.config(players, options), NAMES[:players], seed=f"lang/{game}/{g}"
        )
        referee.begin()
        bots = {
            s: RandomBot(f"{g}/{s}")
            if g % 2 and game in RANDOM
            else make_bot(game, "greedy", f"{g}/{s}")
            for s in range(players)
        }
        play_out(referee, bots)
        yield referee


@cache
def samples(game: str) -> tuple[tuple[Any, Event], ...]:
    """``(position, event)`` pairs: up to 12 of each kind the games reach, then the built ones
    (read without a position, as an export without states reads them)."""
    out: list[tuple[Any, Event]] = []
    per_kind: dict[str, int] = {}
    rules = get_rules(game)
    for referee in played(game):
        _, state = fold(referee.log[:1])
        for env in referee.log[1:]:
            if not env.type.startswith("core."):
                if per_kind.get(env.type, 0) < 12:
                    per_kind[env.type] = per_kind.get(env.type, 0) + 1
                    out.append((rules.copy(state), env.event))
                state = rules.evolve(rules.copy(state), env.event)
    out += [(None, event) for event in BUILT.get(game, [])]
    return tuple(out)


def say(rules: Any, state: Any, event: Event) -> str:
    if state is None:
        return str(rules.describe(event, NAMES))
    return str(rules.describe_in(state, event, NAMES))


@pytest.mark.parametrize("game", GAMES)
def test_every_event_kind_of_the_game_has_a_sentence(game: str) -> None:
    get_rules(game)
    kinds = {t for t in EVENTS.tags() if t.startswith(game + ".")} | {Undone.TAG}
    said = {type(event).TAG for _, event in samples(game)}
    assert kinds - said == set(), "no sample of these kinds: build one in BUILT"
    rules = get_rules(game)
    for state, event in samples(game):
        with speaking(ENGLISH):
            assert say(rules, state, event) not in (type(event).TAG, type(event).__name__)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_the_log_reads_in_the_language_with_no_english_left(game: str, code: str) -> None:
    rules = get_rules(game)
    allowed = ALLOWED | vocabulary(game, code) | {w.lower() for w in STILL_ENGLISH.get(game, ())}
    left: list[str] = []
    for state, event in samples(game):
        with speaking(ENGLISH):
            english = say(rules, state, event)
        with speaking(code):
            said = say(rules, state, event)
        assert "{" not in said and "}" not in said, said
        if words(english) - ALLOWED:
            assert said != english, f"{code}: not translated: {english!r}"
        if stray := sorted((words(said) & words(english)) - allowed):
            left.append(f"{stray}: {said!r} (English: {english!r})")
    assert left == [], "\n".join(left[:10])


def test_the_check_finds_an_english_word_left() -> None:
    state, event = next((s, e) for s, e in samples("kilauea") if isinstance(e, kev.TikiCut))
    rules = get_rules("kilauea")
    with speaking(ENGLISH):
        english = say(rules, state, event)
    said = english.replace("cut", "fällte")  # a sentence half translated
    assert words(said) & words(english) - ALLOWED - vocabulary("kilauea", "de") != set()


def test_the_marked_component_words_are_the_components_file_s() -> None:
    from core.games.kilauea import transcript
    from core.games.kilauea.components import COMPONENTS as KC

    faces = {face.text for tile in KC.tiles for face in (tile.a, tile.b)}
    assert set(transcript.TILE_TEXTS) == faces
    assert KC.sectors == transcript.SECTORS
    assert {name for _, name in transcript.colours()} == set(KC.colours)


def test_mauna_kea_s_marked_component_words_are_the_components_file_s() -> None:
    from core.games.maunakea import transcript
    from core.games.maunakea.components import ACTIONS
    from core.games.maunakea.components import COMPONENTS as MC

    assert {name for _, name in transcript.boat_colours()} == {b.colour for b in MC.boats}
    assert set(transcript.SHAPES) == {MC.lava_tile(t).shape for t in range(70, 94)}
    cards = {c.action for c in MC.cards if c.action} | {
        colour for c in MC.cards for colour, _ in c.needs
    }
    assert cards <= {*ACTIONS, "white", "grey", "black", "explorers", "no_penalty"}
    for card in MC.cards:  # every card's English name is the one the cards widget shows
        assert transcript.card_title(card) == card.title()


def test_the_wire_s_last_move_is_english_whatever_the_host_speaks() -> None:
    from core.transcript import _last_move, last_move

    referee = next(played("kilauea"))
    rules, log = referee.rules, referee.log[:40]
    with speaking(ENGLISH):
        english = last_move(rules, log, NAMES)
    with speaking("de"):
        assert last_move(rules, log, NAMES) == english
        assert _last_move(rules, log, NAMES, 80) not in ("", english)  # the host's own reads German


def test_arnak_s_marked_scoring_parts_are_the_scoring_s() -> None:
    from core.games.arnak import scoring, transcript

    assert tuple(transcript.PARTS) == scoring.PARTS


def kilauea_table_words(referee: Referee[Any], every: int = 7) -> Iterator[str]:
    """What the Kilauea table says to the player to act (the prompt, each verb's line, each
    question and its answers, down every path) in every ``every``-th position of a game."""
    from tui.games.kilauea.turn import Turn
    from tui.games.kilauea.verbs import VERBS

    rules = referee.rules
    _, state = fold(referee.log[:1])
    for k, env in enumerate(referee.log[1:]):
        state = (
            rules.evolve(rules.copy(state), env.event)
            if not env.type.startswith("core.")
            else state
        )
        seat = state.active if getattr(state, "active", None) is not None else None
        if k % every or seat is None:
            continue
        turn = Turn(rules, state, seat)
        yield turn.prompt(NAMES[seat])
        yield from (f"{text} {why}" for _verb, text, why in turn.verb_rows())
        for verb in VERBS:
            picks: tuple[Any, ...] = ()
            while (choice := turn.choice(verb, picks)) is not None and choice.options:
                yield verb.stages[len(picks)].question
                yield from (f"{o.label} {o.reason}" for o in choice.options)
                picks = (*picks, choice.options[0].value)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_kilauea_table_asks_in_the_language(code: str) -> None:
    """The table's words (issue 44, beyond the log): each question and answer of a turn."""
    from core.language import Translator

    questions = Translator("kilauea")
    allowed = ALLOWED | vocabulary("kilauea", code)
    left: list[str] = []
    seen = 0
    for referee in list(played("kilauea"))[:2]:
        with speaking(ENGLISH):
            english = list(kilauea_table_words(referee))
        with speaking(code):
            said = [questions.gettext(s) for s in kilauea_table_words(referee)]
        assert len(said) == len(english)
        for en, text in zip(english, said, strict=True):
            seen += 1
            assert "{" not in text, text
            if stray := sorted((words(text) & words(en)) - allowed):
                left.append(f"{stray}: {text!r} (English: {en!r})")
    assert seen > 100
    assert left == [], "\n".join(left[:10])
