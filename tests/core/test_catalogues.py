"""The catalogues against the code (issue 44): every word marked in an area is translated in
every language with the English's placeholders, nothing stale stays, each module marks its
words in its own area's domain, and a module converted to the catalogues has no word left
unmarked (:data:`CONVERTED` grows as areas are translated)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from core import language, tutorial
from core.language import AREAS, DOMAINS, LANGUAGES
from core.locale import ROOT, TRANSLATED, check, extract, placeholders, read, sources, stale
from core.locale.tutorials import LEARNER, extract_tutorial

CONVERTED = (
    "tui/screens/menu.py",
    "tui/screens/choice.py",
    "tui/settings/language.py",
    "tui/cli/__init__.py",
    "tui/cli/command.py",
    "tui/cli/local.py",
    "tui/cli/files.py",
    "tui/cli/shared.py",
    "tui/cli/flags.py",
    "tui/cli/review.py",
    "core/games/kilauea/transcript.py",
    "tui/doors/homes.py",
    "tui/doors/ssh.py",
    "tui/doors/web.py",
    "replays/export.py",
    "tui/replay/export.py",
    "core/games/maunakea/transcript.py",
    "core/games/arnak/transcript.py",
    "core/games/arnak/ledger.py",
    "core/games/arnak/words.py",
    "tui/games/arnak/summary.py",
    "tui/games/kilauea/verbs.py",
    "tui/games/kilauea/turn.py",
    "tui/games/kilauea/screen.py",
    "tui/games/kilauea/help.py",
    "tui/games/maunakea/help.py",
    "tui/screens/end.py",
    "tui/lines/chat.py",
    "tui/netplay/chat.py",
    "net/club/moderating.py",
    "tui/screens/cover.py",
    "tui/screens/new_game.py",
    "tui/widgets/form_fields.py",
    "tui/widgets/game_options.py",
    "tui/widgets/size_note.py",
    "tui/widgets/size_warning.py",
    "tui/screens/replay.py",
    "tui/screens/open_replay.py",
    "tui/screens/help.py",
    "tui/screens/table.py",
    "tui/screens/choice_table.py",
    "tui/replay/library.py",
    "tui/replay/viewer.py",
    "tui/replay/paths.py",
    "tui/widgets/choices.py",
    "tui/widgets/event_log.py",
    "tui/play/hint.py",
    "tui/screens/lobby.py",
    "tui/screens/room.py",
    "tui/screens/host_table.py",
    "tui/screens/join.py",
    "tui/screens/your_games.py",
    "tui/lines/sentences.py",
    "tui/widgets/table_header.py",
    "tui/netplay/presence.py",
    "core/games/arnak/card_names.py",
    "tui/games/kilauea/look.py",
    "tui/games/kilauea/details.py",
    "tui/games/maunakea/draft.py",
    "tui/games/maunakea/widgets/cards.py",
    "tui/replay/review_words.py",
    "tui/screens/review.py",
    "tui/screens/lesson.py",
    "tui/cli/club.py",
    "tui/cli/club_lines.py",
    "tui/cli/network.py",
    "tui/cli/notify.py",
    "tui/cli/table.py",
    "tui/cli/doors.py",
    "tui/cli/learn.py",
    "net/club/your_games.py",
    "tui/netplay/turn_watch.py",
    "tui/netplay/hosting.py",
    "net/seat/keeping.py",
    "net/link/broker.py",
    "net/config.py",
    "net/trust/identity.py",
    "tui/lines/player.py",
    "tui/lines/lobby.py",
    "tui/settings/notify.py",
    "tui/settings/play.py",
    "tui/settings/bindings.py",
    "tui/settings/chat.py",
    "tui/play/local_table.py",
    "tui/app.py",
    "core/games/arnak/board_words.py",
    "tui/games/arnak/panels.py",
    "tui/games/arnak/turn.py",
    "tui/games/arnak/screen.py",
    "tui/games/arnak/more.py",
    "tui/games/arnak/layout.py",
    "tui/games/arnak/look.py",
    "tui/games/arnak/help.py",
    "tui/games/arnak/explain.py",
    "tui/games/kilauea/explain.py",
    "tui/games/kilauea/holdings.py",
    "tui/games/kilauea/replay.py",
    "tui/games/kilauea/widgets/board.py",
    "tui/games/kilauea/widgets/forests.py",
    "tui/games/kilauea/widgets/glyphs.py",
    "tui/games/kilauea/widgets/paint.py",
    "tui/games/kilauea/widgets/recent.py",
)
"""The modules whose every user-facing word is marked (a word left out fails the test)."""

TUTORIALS = tuple(tutorial.builtin_names())
"""Caldera's own tutorials, whose texts the catalogues hold (issue 45): every one."""

MARKERS = {"_", "N_", "ngettext", "pgettext", "npgettext", "gettext", "anywhere"}
"""The calls whose words the catalogues hold (``anywhere`` looks up words marked elsewhere:
:func:`test_what_anywhere_looks_up_is_in_a_catalogue`)."""
LOG_LEVELS = {"debug", "info", "warning", "error", "exception", "critical"}
SQL = re.compile(r"^\s*(?:SELECT|INSERT|DELETE|CREATE|DROP|PRAGMA|UPDATE)\b")  # a database's
WORDS = re.compile(r"[A-Za-z]{2,}[,.:;!?…]* +[(\[]?[A-Za-z]{2,}")
STYLE = re.compile(r"^(?:(?:bold|dim|italic|reverse|underline|not|on|red|yellow|green|blue|"
                   r"white|black|#[0-9a-fA-F]{3,6}) ?)+$")  # fmt: skip
NOT_WORDS = {"C A L D E R A\n"}
COMMAND_LINE = "caldera "  # "caldera bot --table {table}": typed as it is, in any language
STYLESHEETS = {"DEFAULT_CSS", "CSS"}
WIDGET_NAMES = {"classes", "id"}  # a widget's keywords that name it for the stylesheet


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_marked_word_is_translated_in_every_language(domain: str) -> None:
    assert check([domain]) == []


def test_the_compiled_catalogues_are_those_of_the_sources() -> None:
    assert stale() == []  # tests/conftest.py compiles them; a build does too


def test_every_language_has_every_area_s_catalogue() -> None:
    for code in LANGUAGES:
        if code != language.ENGLISH:
            for domain in DOMAINS:
                assert (language.LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po").exists()


def test_placeholders_are_read_by_name() -> None:
    assert placeholders("{player} cut a {colour} Tiki ({n}, {given!r})") == [
        "colour", "given", "n", "player"
    ]  # fmt: skip
    assert placeholders("%(prog)s: %s") == ["%(prog)s", "%s"]


def area_of(path: Path) -> str | None:
    where = path.relative_to(ROOT).as_posix()
    for domain, names in AREAS.items():
        if any(where == name or where.startswith(name + "/") for name in names):
            return domain
    return None


def translators(path: Path) -> list[str]:
    """The domains of the ``Translator("…")`` calls in ``path``."""
    return [
        node.args[0].value
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Translator"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    ]


def test_each_module_marks_its_words_in_its_own_area() -> None:
    seen = 0
    for folder in ("core", "tui", "net", "replays"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for domain in translators(path):
                seen += 1
                assert domain == area_of(path), f"{path}: Translator({domain!r})"
    assert seen >= len(CONVERTED) - 1


def _logged(call: ast.Call) -> bool:
    """Whether ``call`` writes a log line (``log.info(…)``): the operator's log stays English,
    so the lines of one server's log read alike whoever plays."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr in LOG_LEVELS
        and isinstance(func.value, ast.Name)
        and func.value.id in ("log", "logger")
    )


def _marked(tree: ast.AST) -> set[int]:
    """The ids of the string nodes inside a marker's call or a log line's, and of
    docstrings."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(
                node.func, "attr", ""
            )  # fmt: skip
            if name in MARKERS or _logged(node):
                inside |= {id(n) for arg in node.args for n in ast.walk(arg)}
        if isinstance(node, ast.keyword) and node.arg in WIDGET_NAMES:
            inside |= {id(n) for n in ast.walk(node.value)}  # a widget's CSS classes, its id
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            inside.add(id(node.value))  # a docstring (of a module, a class, a constant)
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in STYLESHEETS for t in targets):
                inside |= {id(n) for n in ast.walk(node.value)}  # a widget's stylesheet
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if key is not None and _a_marker(value):
                    inside.add(id(key))  # a marked word's internal name ("empty places": …)
    return inside


def _a_marker(node: ast.AST) -> bool:
    """Whether ``node`` is a marker's call (``_("…")``, ``N_("…")``, ``pgettext(…)``)."""
    if not isinstance(node, ast.Call):
        return False
    name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
    return name in MARKERS


def unmarked_words(path: Path) -> list[str]:
    """The strings of ``path`` that read as words but go through no marker."""
    source = path.read_text()
    lines = source.splitlines()
    tree = ast.parse(source)
    inside = _marked(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            inside |= {id(v) for v in node.values}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if lines[node.lineno - 1].rstrip().endswith("# internal"):
            continue  # a programmer's message, never a player's
        if text.startswith(COMMAND_LINE):
            continue  # a command the reader types, the same in every language
        if SQL.match(text):
            continue  # a query, for the database
        if WORDS.search(text) and not STYLE.match(text) and text not in NOT_WORDS:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return found


@pytest.mark.parametrize("module", CONVERTED)
def test_a_converted_module_has_no_unmarked_word(module: str) -> None:
    assert unmarked_words(ROOT / module) == []


def test_the_unmarked_words_check_finds_a_word(tmp_path: Path) -> None:
    path = ROOT / "tui" / "screens" / "menu.py"
    assert unmarked_words(path) == []
    text = path.read_text().replace('_("Saved games")', '"Saved games"')
    copy = ROOT / "tests" / "core" / "_menu_copy_for_test.py"
    try:
        copy.write_text(text)
        assert [line.split(": ", 1)[1] for line in unmarked_words(copy)] == ["'Saved games'"]
    finally:
        copy.unlink()


def test_every_area_s_sources_exist() -> None:
    for domain in DOMAINS:
        assert list(sources(domain)), domain
        extract(domain)


def tutorial_texts(loaded: tutorial.Tutorial) -> list[str]:
    """Every text of a tutorial a learner reads: its title, intro and end, and each step's
    words, rule and wrong-move explanation."""
    texts = [loaded.title, loaded.intro, loaded.outro]
    for step in loaded.steps:
        texts += [step.say, step.rule, step.wrong]
    return [text for text in texts if text]


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_text_of_a_tutorial_is_in_its_game_s_catalogue_in_every_language(name: str) -> None:
    loaded = tutorial.load(tutorial.builtin(name), check=False)
    texts = tutorial_texts(loaded)
    extracted = {m.id for m in extract(loaded.game) if m.id}
    assert set(texts) <= extracted  # the Babel config's extractor reads the file
    for code in TRANSLATED:
        catalog = read(loaded.game, code)
        for text in texts:
            entry = catalog.get(text)
            assert entry is not None and entry.string and not entry.fuzzy, f"{code}: {text!r}"
            assert placeholders(entry.string) == placeholders(text), f"{code}: {text!r}"
            with language.speaking(code):
                assert loaded.words(text) == entry.string  # read through the compiled .mo


def test_the_tutorial_extractor_reads_every_text_in_the_file_s_order(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text(
        '''game = "kilauea"
title = "Our club's Kilauea"
intro = """Read this \\
first."""
players = ["You", "Kai"]
seed = "club"
[options]
turn_limit = 8
[[step]]
# TRANSLATORS: the club's own word
say = "Take a Tiki."
expect = "draft_tiki"
highlight = ["the volcano"]
[[step]]
say = """Another."""
rule = "Setup 11."
wrong = "Not that one."
expect = "draft_tiki"
''',
        encoding="utf-8",
    )
    with club.open("rb") as f:
        found = list(extract_tutorial(f, (), ("TRANSLATORS:",), {}))
    assert [(line, text) for line, _, text, _ in found] == [
        (2, "Our club's Kilauea"), (3, "Read this first."), (5, "You"), (11, "Take a Tiki."),
        (15, "Another."), (16, "Setup 11."), (17, "Not that one."),
    ]  # fmt: skip
    assert found[2][3][0] == "Our club's Kilauea: " + LEARNER  # only the learner's: Kai stays
    where, note = found[3][3]
    assert where.startswith("Our club's Kilauea, step 1: what the narrator says (at 80×24")
    assert note == "TRANSLATORS: the club's own word"


def test_a_club_s_tutorial_in_no_catalogue_reads_as_written(tmp_path: Path) -> None:
    text = tutorial.builtin("kilauea").read_text(encoding="utf-8")
    club = tmp_path / "club.toml"
    club.write_text(text.replace("Take the red Tiki", "Our club takes the red Tiki"), "utf-8")
    loaded = tutorial.load(club)
    with language.speaking("de"):
        assert loaded.words(loaded.steps[0].say).startswith("Before the first turn")
        assert loaded.words(loaded.steps[1].say).startswith("Kai nahm zwei Tikis")  # Caldera's


# -- every module a player reads (issue 44's first test: extract and compare) -------------------

READ_BY_PLAYERS = ("tui", "net", "core", "replays")
"""Where the words a player reads are written: the app and the line mode (``tui``), the tables,
lobby and doors (``net``), the games and their log (``core``), the replays' files (``replays``)."""

WHY_ENGLISH = {
    "refusals": "a game's reason for refusing an illegal command, and a bot's: the table's note "
    "shows it when a key's move is refused; the rules speak English (to translate: a reason's "
    "code and its words at the edge, as the log does)",
    "wire": "the host's and the server's refusals and notes: they travel on the wire and read "
    "alike at every terminal (a table's refusals stay as the host said them); to translate, the "
    "wire needs a code for each",
    "files": "a file's checks (a replay's audit and damage, a position, a tutorial file, a model, "
    "a time-outs file): the faults name events, seats, hashes and the file's own English keys, "
    "for whoever checks or writes the file (caldera verify, a club's tutorial)",
    "operator": "a server's, a bridge's or a broker's own lines for its operator (the log and "
    "its journal stay English, as the server's log does)",
    "programmer": "a programmer's error (an impossible state, a wrong call), never a player's",
    "tools": "the catalogues' own tools and their notes to translators (python -m core.locale)",
}
"""Why a module on :data:`STILL_ENGLISH` still speaks English."""

STILL_ENGLISH: dict[str, str] = {
    # the rules' refusals
    "core/games/kilauea/tiles.py": "refusals",
    "core/games/arnak/play.py": "refusals",
    "core/games/kilauea/play.py": "refusals",
    "core/referee.py": "refusals",
    "core/bots.py": "refusals",
    "core/search/bot.py": "refusals",
    "core/search/ismcts.py": "refusals",
    "core/search/workers.py": "refusals",
    # the wire's words
    "net/club/answering.py": "wire",
    "net/club/listed_tables.py": "wire",
    "net/club/serve.py": "wire",
    "net/club/taking_over.py": "wire",
    "net/club/work.py": "wire",
    "net/seat/status.py": "wire",
    "net/table/chatting.py": "wire",
    "net/table/clocks.py": "wire",
    "net/table/game.py": "wire",
    "net/table/host.py": "wire",
    "net/table/terms.py": "wire",
    "net/table/joins.py": "wire",
    "net/table/refereeing.py": "wire",
    "net/table/resuming.py": "wire",
    "net/table/seating.py": "wire",
    "net/table/standins.py": "wire",
    "net/table/turns.py": "wire",
    "net/wire/messages.py": "wire",
    "net/wire/registry.py": "wire",
    "net/wire/topics.py": "wire",
    # files' checks
    "core/audit.py": "files",
    "core/clock.py": "files",
    "core/codec.py": "files",
    "core/fold.py": "files",
    "core/follower.py": "files",
    "core/messages.py": "files",
    "core/position.py": "files",
    "core/rules_base.py": "files",
    "core/tutorial.py": "files",
    "core/search/model.py": "files",
    "core/games/arnak/position.py": "files",
    "core/games/arnak/effect_text.py": "files",  # the components file's effects, parsed
    "core/games/kilauea/position.py": "files",
    "core/games/maunakea/position.py": "files",
    "core/games/arnak/components.py": "files",
    "core/games/kilauea/components.py": "files",
    "core/games/maunakea/components.py": "files",
    "net/club/time_outs.py": "files",
    "net/club/ratings.py": "files",
    "net/club/ratings_cache.py": "files",
    "net/seat/checking.py": "files",
    "net/seat/following.py": "files",
    "net/seat/chat.py": "files",
    "net/club/lobby_chat.py": "files",
    "net/club/lobby_room.py": "files",
    "net/seat/host_trust.py": "files",
    "net/trust/keys.py": "files",
    "replays/check.py": "files",
    "replays/file.py": "files",
    "replays/header.py": "files",
    "replays/proofs.py": "files",
    "replays/timeline.py": "files",
    "replays/unfinished.py": "files",
    # an operator's lines
    "net/club/notices.py": "operator",
    "net/club/notice_senders.py": "operator",
    "net/club/servers.py": "operator",
    "net/club/lobby.py": "operator",
    "net/link/lines.py": "operator",
    # programmers' errors
    "core/games/__init__.py": "programmer",
    "core/language.py": "programmer",
    "core/rng.py": "programmer",
    "core/games/maunakea/board.py": "programmer",
    "core/games/arnak/greedy.py": "programmer",
    "core/games/kilauea/greedy.py": "programmer",
    "core/games/maunakea/greedy.py": "programmer",
    "core/games/arnak/search.py": "programmer",
    "core/games/arnak/worth.py": "programmer",
    "core/games/arnak/scoring.py": "programmer",
    "core/games/maunakea/scoring.py": "programmer",
    "core/games/kilauea/evolve.py": "programmer",
    "core/games/kilauea/state.py": "programmer",
    "core/games/kilauea/track.py": "programmer",
    "core/games/arnak/rules.py": "programmer",
    "core/games/kilauea/rules.py": "programmer",
    "core/games/maunakea/rules.py": "programmer",
    "net/seat/session.py": "programmer",
    # the catalogues' tools
    "core/locale/__init__.py": "tools",
    "core/locale/__main__.py": "tools",
    "core/locale/tutorials.py": "tools",
}
"""The modules a player may read that still hold English words (each with its reason, a key of
:data:`WHY_ENGLISH`); every other module's words all go through the catalogues."""


def modules_players_read() -> list[Path]:
    return [p for folder in READ_BY_PLAYERS for p in sorted((ROOT / folder).rglob("*.py"))]


def test_every_module_a_player_reads_has_every_word_in_the_catalogues() -> None:
    left = {}
    for path in modules_players_read():
        where = path.relative_to(ROOT).as_posix()
        if where not in STILL_ENGLISH and (found := unmarked_words(path)):
            left[where] = found
    assert left == {}, "\n".join(line for lines in left.values() for line in lines)
    marked = {m.id for domain in DOMAINS for m in extract(domain) if m.id}
    for path in modules_players_read():
        for text in _looked_up(path):
            assert text in marked, f"{path.relative_to(ROOT)}: anywhere({text!r})"


def test_each_module_still_in_english_says_why_and_still_has_english() -> None:
    assert {why for why in STILL_ENGLISH.values()} <= set(WHY_ENGLISH)
    done = [where for where in STILL_ENGLISH if not unmarked_words(ROOT / where)]
    assert done == [], "all marked now: take them off STILL_ENGLISH"


def _looked_up(path: Path) -> list[str]:
    """The constant words ``path`` passes to :func:`core.language.anywhere`."""
    return [
        node.args[0].value
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) == "anywhere"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def test_the_check_reads_raised_words_and_skips_names_and_queries() -> None:
    copy = ROOT / "tests" / "core" / "_words_for_test.py"
    try:
        copy.write_text(
            "from core.language import N_\n"
            'PARTS = {"empty places": N_("Empty places")}\n'
            'QUERY = "SELECT game, name FROM standings"\n'
            'def fail(n):\n    raise ValueError(f"there is no seat {n} here")\n'
        )
        assert [line.split(": ", 1)[1] for line in unmarked_words(copy)] == [
            "'there is no seat  here'"
        ]
    finally:
        copy.unlink()
