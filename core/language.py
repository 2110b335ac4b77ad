"""The language a player reads Caldera in: gettext catalogues, one domain per area.

Each area of Caldera has its own domain, so translators of different areas never edit the same
file: ``app`` (menu, forms, settings, footers), ``cli`` (the command line's messages and
``--help``), one per game (``kilauea``, ``maunakea``, ``arnak``) and ``net`` (tables, lobby,
doors). A module marks its words with its area's translator::

    from core.language import Translator

    T = Translator("kilauea")
    _, ngettext = T.gettext, T.ngettext
    ...
    _("{player} cut a {colour} Tiki").format(player=..., colour=...)

The language is chosen once per process (:func:`use`), from ``--lang``, the menu's remembered
setting, then the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English
(:func:`choose`). Lookups happen when a sentence is made, never at import, so a switch from
the menu shows at once. Nothing said here goes into events, replays, exports' keys or the wire:
what must stay the same for every terminal is made inside :func:`english`.

The catalogues' sources are ``core/locale/<lang>/LC_MESSAGES/<domain>.po``; the ``.mo`` files
beside them are compiled at build time (``hatch_build.py``, ``make``); see docs/translating.md.
"""

from __future__ import annotations

import gettext
import os
import re
import string
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from pathlib import Path

ENGLISH = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "it": "Italiano",
    "nl": "Nederlands",
}
"""Each language Caldera speaks, by its code, with its name in its own words."""

DOMAINS = ("app", "cli", "kilauea", "maunakea", "arnak", "net")
"""The catalogues' domains: one per area (its sources are listed in :data:`AREAS`)."""

AREAS: dict[str, tuple[str, ...]] = {
    "app": (
        "tui/app.py",
        "tui/games/__init__.py",
        "tui/screens",
        "tui/widgets",
        "tui/settings",
        "tui/play",
        "tui/replay",
        "core/options.py",
        "core/clock.py",
        "core/review.py",
        "core/titles.py",
        "core/undo.py",
    ),
    "cli": ("tui/cli", "tui/lines", "tui/launch", "replays/export.py", "replays/disk.py"),
    "kilauea": ("core/games/kilauea", "tui/games/kilauea", "core/tutorials/kilauea*.toml"),
    "maunakea": ("core/games/maunakea", "tui/games/maunakea", "core/tutorials/maunakea*.toml"),
    "arnak": ("core/games/arnak", "tui/games/arnak", "core/tutorials/arnak*.toml"),
    "net": ("net", "tui/netplay", "tui/doors"),
}
"""The files and folders (from the repository's root) whose words each domain holds; a pattern
with ``*`` names files (a game's tutorials: ``kilauea.toml``, ``maunakea-advanced.toml``)."""

LOCALE_DIR = Path(__file__).with_name("locale")
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen = ENGLISH
_override: ContextVar[str | None] = ContextVar("caldera_language", default=None)
_catalogues: dict[tuple[str, str], gettext.NullTranslations] = {}


def known(code: str) -> str | None:
    """The language ``code`` names (``"de"``, ``"de_DE.UTF-8"``, ``"fr-CH"``), if Caldera speaks
    it; ``None`` otherwise (``"C"`` and ``"POSIX"`` are English)."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if base in ("c", "posix"):
        return ENGLISH
    return base if base in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language the locale asks for: ``LANGUAGE``'s first known entry, else the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set (``None``: none is, or it names a language
    Caldera does not speak)."""
    for entry in environ.get("LANGUAGE", "").split(":"):
        if entry and (found := known(entry)) is not None:
            return found
    for name in ENVIRONMENT[1:]:
        if value := environ.get(name, ""):
            return known(value)
    return None


def from_accept_language(header: str) -> str | None:
    """The language a browser's ``Accept-Language`` header asks for first, among those Caldera
    speaks (``"fr-CH, fr;q=0.9, de;q=0.8, *;q=0.5"`` is French); ``None`` when it names none."""
    ranked: list[tuple[float, int, str]] = []
    for place, entry in enumerate(header.split(",")):
        tag, _, params = entry.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        found = known(tag) if tag.strip() not in ("", "*") else None
        if found is not None and weight > 0:
            ranked.append((-weight, place, found))
    return min(ranked)[2] if ranked else None


def choose(
    flag: str | None = None, setting: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language for this process: ``--lang``'s, else the remembered setting's, else the
    locale's, else English. A flag or setting naming no known language is skipped (the caller
    says so in one line: :func:`known`)."""
    for given in (flag, setting):
        if given and (found := known(given)) is not None:
            return found
    found = from_environment(os.environ if environ is None else environ)
    return found or ENGLISH


def use(code: str) -> None:
    """Speak ``code`` (a key of :data:`LANGUAGES`) from now on, in this process."""
    global _chosen
    if code not in LANGUAGES:
        raise ValueError(f"no such language: {code!r} ({', '.join(LANGUAGES)})")
    _chosen = code


def current() -> str:
    """The language spoken now."""
    return _override.get() or _chosen


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block only (this thread or task), then as before."""
    token = _override.set(code)
    try:
        yield
    finally:
        _override.reset(token)


@contextmanager
def english() -> Iterator[None]:
    """English inside the block: for what every terminal must read alike (the wire, exports'
    keys, replays)."""
    with speaking(ENGLISH):
        yield


def catalogue(domain: str, code: str | None = None) -> gettext.NullTranslations:
    """The compiled catalogue of ``domain`` in ``code`` (the current language by default);
    English, or a catalogue not compiled yet, says the words as written."""
    code = code or current()
    key = (domain, code)
    found = _catalogues.get(key)
    if found is None:
        if code == ENGLISH:
            found = gettext.NullTranslations()
        else:
            found = gettext.translation(domain, LOCALE_DIR, languages=[code], fallback=True)
        _catalogues[key] = found
    return found


def forget() -> None:
    """Read the catalogues again when next used (after they were compiled anew)."""
    _catalogues.clear()


ELIDED = {"de": "d'", "De": "D'", "le": "l'", "Le": "L'", "la": "l'", "La": "L'", "que": "qu'"}
"""French words that lose their vowel before a word that begins with one (*d'Ana*, *l'orchidée*)."""
VOWELS = "AEIOUÀÂÉÈÊËÎÏÔÛÜaeiouàâéèêëîïôûü"  # not y: "de Yann"
_BEFORE = re.compile(r"(?<![\w'’])(" + "|".join(ELIDED) + r") $")


class French(str):
    """A French template: what :meth:`format` puts after *de*, *le*, *la* or *que* and begins
    with a vowel elides it ("au tour de {player}" with Ana: "au tour d'Ana"). Only at a
    placeholder's edge: the catalogue's own words are written elided already."""

    def format(self, *args: object, **kwargs: object) -> str:
        formatter = string.Formatter()
        parts = list(formatter.parse(str(self)))
        if any(name is not None and (name == "" or name.isdigit()) for _l, name, _s, _c in parts):
            return str.format(self, *args, **kwargs)  # numbered fields: as written
        out = ""
        for literal, name, spec, conversion in parts:
            out += literal
            if name is None:
                continue
            value, _key = formatter.get_field(name, args, kwargs)
            shown = formatter.format_field(formatter.convert_field(value, conversion), spec or "")
            found = _BEFORE.search(out) if shown[:1] in VOWELS else None
            if found is not None:
                out = out[: found.start()] + ELIDED[found.group(1)]
            out += shown
        return out


def _spoken(text: str) -> str:
    """``text`` as the current language formats it (French elides: :class:`French`)."""
    return French(text) if current() == "fr" else text


class Translator:
    """One domain's words in the current language (:data:`DOMAINS`)."""

    def __init__(self, domain: str) -> None:
        if domain not in DOMAINS:
            raise ValueError(f"no such domain: {domain!r} ({', '.join(DOMAINS)})")
        self.domain = domain

    def gettext(self, message: str) -> str:
        """``message`` in the current language."""
        return _spoken(catalogue(self.domain).gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` of ``singular``/``plural``, by the language's plural rule."""
        return _spoken(catalogue(self.domain).ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the current language, as meant in ``context`` (one English word,
        two meanings)."""
        return _spoken(catalogue(self.domain).pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` of ``singular``/``plural`` as meant in ``context`` (one English
        count, two grammatical cases: German's "nimm 1 Heiligen Stein", "+1 Heiliger Stein")."""
        return _spoken(catalogue(self.domain).npgettext(context, singular, plural, n))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it now (a module's constant,
    translated where it is shown)."""
    return message


def anywhere(message: str, first: str | None = None) -> str:
    """``message`` in the current language, from whichever domain holds it (a key's label in
    a footer, whose screen may belong to any area), ``first`` tried first (the screen's own
    area: Mauna Kea's "Turn" turns a tile, the app's counts turns); as written when none does."""
    if current() == ENGLISH or not message:
        return message
    for domain in (first, *DOMAINS) if first else DOMAINS:
        said = catalogue(domain).gettext(message)
        if said != message:
            return _spoken(said)
    return message


def area_of(module: str) -> str | None:
    """The domain whose sources hold the dotted ``module`` (:data:`AREAS`), if any."""
    path = module.replace(".", "/")
    for domain, places in AREAS.items():
        if any(path == p.removesuffix(".py") or path.startswith(p + "/") for p in places):
            return domain
    return None


# -- numbers, dates and lists in the reader's language (Babel's CLDR data) ----------------------


def listed(items: Iterable[str]) -> str:
    """``items`` joined as the language joins a list ("Ann and Bo"; "Ann, Bo und Cy"); English
    as Caldera always wrote it: "Ann and Bo", "Ann and Bo and Cy". The one joiner of a list a
    player reads: the games' transcripts, the end of a game, the command line's lines."""
    items = list(items)
    if current() == ENGLISH:
        return " and ".join(items)
    from babel.lists import format_list

    return format_list(items, locale=current())


def decimal(number: float, places: int = 1, *, signed: bool = False) -> str:
    """``number`` with ``places`` decimals in the language's form (``2.5``; ``2,5``), with its
    sign when ``signed`` (``+2.5``; ``+2,5``)."""
    if current() == ENGLISH:
        return f"{number:+.{places}f}" if signed else f"{number:.{places}f}"
    from babel.numbers import format_decimal

    pattern = "#,##0." + "0" * places if places else "#,##0"
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(number, format=pattern, locale=current())


def moment(when: datetime, skeleton: str, english_format: str) -> str:
    """``when`` in the language's form for a CLDR ``skeleton`` (``"MMMd"``: "4. Dez."; ``"Hm"``:
    "18:05"; ``"yMMMd"``); in English ``when.strftime(english_format)``, as always."""
    if current() == ENGLISH:
        return when.strftime(english_format)
    from babel.dates import format_skeleton

    return format_skeleton(skeleton, when, locale=current())
