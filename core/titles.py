"""Each game's title as its publisher prints it in the reader's language (issue 44): *Die
verlorenen Ruinen von Arnak*, *Les Ruines Perdues de Narak*; Mauna Kea and Kilauea keep their
names on every box (their rulebooks' covers: MAUNA KEA, KILAUEA).

``rules.title`` reads the title in the current language, so every screen and line that names a
game says it as its box does; what every terminal must read alike (a table's card on the wire,
a turn notice's message) reads it inside :func:`core.language.english`: :func:`english_title`.
"""

from __future__ import annotations

from typing import Any

from core.language import N_, Translator, english

T = Translator("app")


class Title(str):
    """A game's English title that reads as the reader's when it is a class's attribute."""

    def __get__(self, obj: object, owner: type | None = None) -> str:
        return T.gettext(str(self))


TITLES: dict[str, Title] = {
    # TRANSLATORS: the games' titles, as each edition's box prints them: Arnak de "Die
    # verlorenen Ruinen von Arnak" (Czech Games Edition / Heidelbär), fr "Les Ruines Perdues de
    # Narak" (Iello), it "Le rovine perdute di Arnak" (Cranio), nl "De verloren ruïnes van
    # Arnak"; Mauna Kea and Kilauea keep their names (the rulebooks' covers)
    "maunakea": Title(N_("Mauna Kea")),
    "kilauea": Title(N_("Kilauea")),
    "arnak": Title(N_("Lost Ruins of Arnak")),
}
"""Each game's title by its name, the English as written (the wire's, the menu's in English)."""


def title_of(game: str, fallback: str = "") -> str:
    """The title of ``game`` in the reader's language (a table of a game this Caldera does not
    know: ``fallback``, as its host said it)."""
    found = TITLES.get(game)
    return T.gettext(str(found)) if found is not None else fallback or game


def english_title(rules: Any) -> str:
    """``rules.title`` in English: for the wire and whatever every terminal reads alike."""
    with english():
        return str(rules.title)
