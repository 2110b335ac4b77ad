"""The layers import one way only (core ← replays ← net ← tui): core loads neither the TUI nor
the network stack, replays never load net or the TUI, net never loads the TUI, for every game;
a game's package in one layer names no other game; and no module imports itself back through
others (no import circle, even a lazy one)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.games import GAMES, get_rules

ROOT = Path(__file__).resolve().parents[1]


def loaded_after(imports: list[str], watched: tuple[str, ...]) -> list[str]:
    """Which of the ``watched`` top-level packages a fresh interpreter holds after ``imports``."""
    code = (
        f"import json, sys; import {', '.join(imports)};"
        f"print(json.dumps(sorted(m for m in {watched!r} if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(out.stdout)
    return loaded


def modules_of(package: str) -> list[str]:
    """Every module of ``package`` and its sub-packages, by dotted name."""
    found = []
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(found)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_games_rules_load_no_textual_network_or_other_layer(game: str) -> None:
    imports = ["core.referee", "core.audit", "core.bots", f"core.games.{game}"]
    watched = ("textual", "aiomqtt", "amqtt", "paho", "tui", "net", "replays")
    assert loaded_after(imports, watched) == []


def test_replays_do_not_import_net_or_tui() -> None:
    imports = [*modules_of("replays"), *(f"core.games.{game}" for game in GAMES)]
    assert loaded_after(imports, ("textual", "aiomqtt", "tui", "net")) == []


def test_net_does_not_import_the_tui() -> None:
    imports = [*modules_of("net"), *(f"core.games.{game}" for game in GAMES)]
    assert loaded_after(imports, ("textual", "tui")) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_a_games_packages_name_no_other_game(game: str) -> None:
    others = [other for other in GAMES if other != game]
    for folder in (ROOT / "core" / "games" / game, ROOT / "tui" / "games" / game):
        for path in sorted(folder.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for other in others:
                assert f"games.{other}" not in text, f"{path.relative_to(ROOT)} imports {other}"


# -- import circles ----------------------------------------------------------------------------

LAYERS = ("core", "replays", "net", "tui")


def project_modules() -> dict[str, Path]:
    """Every module of the layers by dotted name (a package by its own name)."""
    found = {}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def named_import(node: ast.AST) -> str | None:
    """The module an ``importlib.import_module("a.b")`` call names in a plain string (one named
    by a variable or a pattern finds plug-ins, such as each game's package: not an import of
    one module by another)."""
    if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
        return None
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    module = node.args[0].value
    return module if called == "import_module" and isinstance(module, str) else None


def imported_by(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules that ``name`` imports anywhere in its text: at module level, inside
    a function, or under ``TYPE_CHECKING``. A circle hidden in a function or behind
    ``TYPE_CHECKING`` is still two modules that each need the other, so all three count.
    Importing ``a.b.c`` also runs the packages ``a`` and ``a.b`` unless the importer is inside
    them already."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if named := named_import(node):
            targets.add(named)
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.add(sub if sub in known else base)
    found = set()
    for target in targets:
        parts = target.split(".")
        for depth in range(1, len(parts) + 1):
            step = ".".join(parts[:depth])
            is_own_package = name == step or name.startswith(step + ".")
            if step in known and not is_own_package:
                found.add(step)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_circles_finds_a_circle_and_only_circles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_an_import_by_its_name_in_a_string_counts() -> None:
    """``importlib.import_module("tui.app")`` is an import (tui.settings.bindings made one to
    reach the app that imports it: the app ↔ keymap circle, hidden); a plug-in found by a
    pattern is not."""
    calls = [ast.parse(text).body[0].value for text in (  # type: ignore[attr-defined]
        'importlib.import_module("tui.app")', 'import_module("tui.app")',
        'importlib.import_module(f"tui.games.{game}.look")', 'importlib.import_module(name)',
    )]  # fmt: skip
    assert [named_import(call) for call in calls] == ["tui.app", "tui.app", None, None]


def test_no_module_imports_itself_back() -> None:
    """The modules read one way: no circle of imports among them, however deep or lazy."""
    known = project_modules()
    graph = {name: imported_by(name, path, known) for name, path in known.items()}
    found = circles(graph)
    said = [
        ", ".join(group)
        + "  ("
        + "; ".join(f"{m} imports {sorted(graph[m] & set(group))}" for m in group)
        + ")"
        for group in found
    ]
    assert found == [], "import circles:\n" + "\n".join(said)


# -- the shared screens name no game ------------------------------------------------------------

SHARED_MAY_NAME: dict[str, str] = {}
"""Shared TUI files allowed to name a game, each with the reason (none needed so far)."""


def game_words() -> set[str]:
    """How a text can name a game: its name (``maunakea``, the key of its modules) and its
    title (``Mauna Kea``), lower case."""
    words = set(GAMES)
    for game in GAMES:
        words.add(get_rules(game).title.lower())
    return words


def shared_tui_files() -> list[Path]:
    """Every file of the TUI outside the games' own packages (``tui/games/<game>/``)."""
    own = tuple(ROOT / "tui" / "games" / game for game in GAMES)
    return sorted(
        path
        for path in (ROOT / "tui").rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".tcss"}
        and not any(path.is_relative_to(folder) for folder in own)
    )


def test_the_shared_tui_names_no_game() -> None:
    """Code shared by every game asks the game's declaration (its rules' options, its
    ``SCREENS``) instead of naming it: no import of a game's module, no name or title of a game
    in its code, its strings, its docstrings or its comments."""
    words = game_words()
    files = shared_tui_files()
    assert (
        ROOT / "tui" / "play" / "setup.py" in files
        and ROOT / "tui" / "games" / "__init__.py" in files
    )
    named = []
    for path in files:
        where = path.relative_to(ROOT).as_posix()
        if where in SHARED_MAY_NAME:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = sorted(word for word in words if word in line.lower())
            if found:
                named.append(f"{where}:{number} names {', '.join(found)}: {line.strip()}")
    assert named == [], "shared TUI files name a game:\n" + "\n".join(named)


def test_the_game_words_are_found_in_a_line_that_names_a_game() -> None:
    """The check above reads both ways a game is named, in any case."""
    words = game_words()
    for game in GAMES:
        title = get_rules(game).title
        for line in (f"from tui.games.{game} import SCREENS", f"the {title.upper()} table"):
            assert any(word in line.lower() for word in words)


# -- what the menu needs ------------------------------------------------------------------------


def test_the_app_loads_only_what_the_menu_needs_before_it_shows() -> None:
    """``caldera`` shows its menu first: the command line read and the app with its menu
    loaded, no game's rules, no replay code, no table screen, no network messages, no completion
    script or package metadata, no command's group (no words need no command) are (they load
    when first used, after the menu's first frame)."""
    heavy = ("core.games", "core.protocol", "core.codec", "core.referee", "msgspec",
             "replays.file", "replays.unfinished", "tui.replay.library", "tui.play.local_table",
             "tui.play.setup",
             "tui.screens.table", "tui.screens.new_game", "net.wire.messages", "aiomqtt", "shtab",
             "importlib.metadata", "tui.cli.local", "tui.cli.club", "tui.cli.files",
             "tui.cli.flags", "core.options")  # fmt: skip
    code = (
        "import json, sys; import tui.cli, tui.app, tui.screens.menu; tui.cli._parser((), []);"
        f"print(json.dumps([m for m in {heavy!r} if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


# -- net's wings ---------------------------------------------------------------------------------

WINGS = ("wire", "trust", "link", "table", "seat", "club")
"""net's wings in their order: each may import the net root (errors, config) and the wings before
it, never one after it (``seat`` and ``table`` are the two sides of a table: neither imports the
other)."""


def wing_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "net" and parts[1] in WINGS else None


def test_each_wing_of_net_imports_only_the_wings_before_it() -> None:
    known = project_modules()
    wrong = []
    for name, path in known.items():
        wing = wing_of(name)
        if wing is None:
            continue
        allowed = set(WINGS[: WINGS.index(wing) + 1])
        if wing == "seat":
            allowed.discard("table")
        for target in imported_by(name, path, known):
            other = wing_of(target)
            if other is not None and other not in allowed:
                wrong.append(f"{name} imports {target}")
            if other is not None and other != wing and target.rpartition(".")[2].startswith("_"):
                wrong.append(f"{name} imports {target}, private to net.{other}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or wing_of(node.module or "") in (None, wing):
                continue
            for alias in node.names:
                if alias.name.startswith("_"):
                    wrong.append(f"{name} imports {alias.name}, private to {node.module}")
    assert wrong == [], "\n".join(wrong)


def test_the_net_root_holds_only_what_every_wing_shares() -> None:
    """``net/`` itself keeps only the errors and the config, and they import no wing."""
    known = project_modules()
    loose = sorted(path.name for path in (ROOT / "net").glob("*.py"))
    assert loose == ["__init__.py", "config.py", "errors.py"]
    for name in ("net.config", "net.errors"):
        wings = {wing_of(target) for target in imported_by(name, known[name], known)}
        assert wings <= {None}, f"{name} imports a wing"


# -- one follower of a log ----------------------------------------------------------------------

MAY_FOLD_BY_HAND: dict[str, str] = {
    "core/fold.py": "the fold itself",
    "core/follower.py": "the follower, on the fold's start and step",
    "core/referee.py": "the log's writer: it evolves the state by what it decides",
    "core/review.py": "weighs draws that did not happen: positions off the log",
    "core/search/ismcts.py": "plays positions out: off the log",
    "tui/lines/player.py": "words the events a command would make, before it is made: no log",
}
"""Modules besides the games' own that may start a state or call ``evolve`` themselves, each
with the reason."""


def test_a_log_is_followed_only_through_core_follower() -> None:
    """Outside the games' rules, a log folded step by step goes through
    :class:`core.follower.Follower` (or a :class:`replays.timeline.Timeline`, built on it; the
    audit folds through either): nobody starts a state, applies an event or calls a game's
    ``evolve`` by hand."""
    found = []
    for layer in ("core", "replays", "net", "tui"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith("core/games/") or name in MAY_FOLD_BY_HAND:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module == "core.fold":
                    hand = {a.name for a in node.names} & {"apply", "start_state"}
                    if hand:
                        found.append(f"{name} imports {sorted(hand)} from core.fold")
                if isinstance(node, ast.Attribute) and node.attr == "evolve":
                    found.append(f"{name}:{node.lineno} calls evolve")
    assert found == [], "folds by hand:\n" + "\n".join(found)


# -- one joiner of a list -----------------------------------------------------------------------


def test_a_list_a_player_reads_is_joined_only_by_core_language_listed() -> None:
    """Nobody joins names with "and" by hand: :func:`core.language.listed` joins a list as the
    reader's language does (no ``" and ".join``, no ``_(" and ").join``, no pair template such
    as ``"{first} and {second}"`` folded over the items)."""
    found = []
    for layer in ("core", "replays", "net", "tui"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name == "core/language.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and "{first} and {second}" in str(node.value):
                    found.append(f"{name}:{node.lineno} a pair template")
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                joiner = node.func.value
                if isinstance(joiner, ast.Call) and joiner.args:  # _(" and ").join
                    joiner = joiner.args[0]
                by_hand = isinstance(joiner, ast.Constant) and str(joiner.value).strip() == "and"
                if node.func.attr == "join" and by_hand:
                    found.append(f"{name}:{node.lineno} joins with {joiner.value!r}")
    assert found == [], "lists joined by hand:\n" + "\n".join(found)


# -- net's rooms stay small ----------------------------------------------------------------------

MOST_FILE_LINES = 600
MOST_CLASS_LINES = 300
NOT_SPLIT_YET: dict[str, int] = {}
"""Classes of net/ still over the limit, each at most as long as it is now: one may shrink (then
its line here goes down, or away), never grow. Empty since issue 40's split of net/: a class
grown past the limit is split, not listed."""


def net_sizes() -> tuple[dict[str, int], dict[str, int]]:
    """Every file of net/ by its lines, and every class by its lines (``path:Class``)."""
    files, classes = {}, {}
    for path in sorted((ROOT / "net").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        files[where] = len(text.splitlines())
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                classes[f"{where}:{node.name}"] = node.end_lineno - node.lineno + 1
    return files, classes


def test_no_file_of_net_is_over_600_lines_and_no_class_over_300() -> None:
    files, classes = net_sizes()
    assert "net/seat/session.py:NetSession" in classes
    long_files = {f: n for f, n in files.items() if n > MOST_FILE_LINES}
    assert long_files == {}, f"files over {MOST_FILE_LINES} lines: {long_files}"
    long_classes = {c: n for c, n in classes.items() if n > NOT_SPLIT_YET.get(c, MOST_CLASS_LINES)}
    assert long_classes == {}, f"classes over {MOST_CLASS_LINES} lines: {long_classes}"
    shrunk = {c: classes.get(c, 0) for c, n in NOT_SPLIT_YET.items() if classes.get(c, 0) < n}
    assert shrunk == {}, f"shrunk: lower their lines in NOT_SPLIT_YET to {shrunk}"


# -- typed reaches between the app, its screens and sessions ------------------------------------

REACHED = ("app", "screen", "session", "under")
"""What a shared TUI module may not read an attribute of by its name (``getattr``): the app, a
screen, a session (``self.app``, ``screen``, ``self.session`` …): tui/screens/needs.py types
each such need as a Protocol."""

MAY_REACH: dict[str, str] = {
    "tui/netplay/presence.py": "a header's words read the status any session-like object has",
}


def test_no_screen_reaches_the_app_a_screen_or_a_session_by_name() -> None:
    found = []
    for path in shared_tui_files():
        where = path.relative_to(ROOT).as_posix()
        if path.suffix != ".py" or where in MAY_REACH:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id != "getattr" or not node.args:
                continue
            target = node.args[0]
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if name in REACHED:
                found.append(f"{where}:{node.lineno} getattr({ast.unparse(target)}, …)")
    assert found == [], "reaches by name:\n" + "\n".join(found)


def test_the_needs_are_met_by_what_meets_them() -> None:
    from net.config import BrokerAddress
    from net.seat.session import NetSession
    from tui.screens.needs import Hinted, NetworkedSession

    session = NetSession(BrokerAddress(port=1), "t1")
    assert isinstance(session, NetworkedSession) and isinstance(session, Hinted)
