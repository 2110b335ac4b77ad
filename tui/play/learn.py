"""Learning a game: which tutorial a name means, and the one left unfinished.

``caldera learn GAME`` and the menu's Learn both come here: a game's own tutorial by the
game's name, or a club's file by its path (``.toml``). A tutorial left unfinished goes on where
it stopped unless asked again from the start.
"""

from __future__ import annotations

from pathlib import Path

from core.language import Translator
from core.tutorial import builtin, builtin_names, load
from tui.play.tutorial_table import TutorialSession, open_tutorial, unfinished_tutorial
from tui.settings.play import DEFAULT_BOT_PACE

_ = Translator("app").gettext


def is_file(name: str) -> bool:
    return name.endswith(".toml")


def reference(name: str) -> str:
    """How the record kept to resume a tutorial names it: a game's name, a file's full path."""
    return str(Path(name).resolve()) if is_file(name) else name


def left_unfinished(name: str) -> Path | None:
    """The saved game of tutorial ``name`` left unfinished here, if any."""
    return unfinished_tutorial(reference(name))


def open_named(name: str, *, bot_pace: float = DEFAULT_BOT_PACE) -> TutorialSession:
    """A new game of tutorial ``name`` (``CalderaError`` with one line when it cannot be)."""
    if is_file(name):
        path = Path(name)
        return open_tutorial(load(path), source=path, bot_pace=bot_pace)
    return open_tutorial(load(builtin(name)), bot_pace=bot_pace)


def games() -> list[str]:
    """Caldera's own tutorials by name (each game's, then its others), in Caldera's order."""
    return builtin_names()


def offered() -> list[tuple[str, bool, str]]:
    """The menu's choices: each tutorial (its name, whether from the start, and its words: a
    game's own by the game's title, another by its file's), the one left unfinished offered
    twice (go on, or again from the start)."""
    from core.games import get_rules
    from tui.play import learn_words as words

    out: list[tuple[str, bool, str]] = []
    for name in games():
        if name in get_games():
            title = get_rules(name).title
        else:
            title = load(builtin(name), check=False).title
        if left_unfinished(name) is not None:
            out.append((name, False, _(words.GO_ON).format(title=title)))
            out.append((name, True, _(words.AGAIN).format(title=title)))
        else:
            out.append((name, True, words.FIRST.format(title=title)))
    return out


def get_games() -> tuple[str, ...]:
    from core.known_games import GAMES

    return tuple(GAMES)
