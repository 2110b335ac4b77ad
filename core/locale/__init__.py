"""The catalogues' tools, on Babel (a translator's, a build's and the tests'; the app itself reads
only the compiled ``.mo`` files, through :mod:`core.language`)::

    python -m core.locale update [DOMAIN …]   # extract the marked words, merge into every .po
    python -m core.locale compile             # every .po -> its .mo (make and the build do it)
    python -m core.locale check               # what is missing, stale or mistranslated

A catalogue lives at ``core/locale/<lang>/LC_MESSAGES/<domain>.po``: one file per language and
area, so translators of different areas never edit the same file (docs/translating.md).
"""

from __future__ import annotations

import functools
import io
import os
import re
import string
import tempfile
import tomllib
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.util import pathmatch

from core.language import AREAS, DOMAINS, ENGLISH, LANGUAGES, LOCALE_DIR

ROOT = LOCALE_DIR.parents[1]
HEADER = """\
# Caldera's words in {language}, area {domain} (core/language.py names the areas).
# Update with `python -m core.locale update`, check with `python -m core.locale check`:
# docs/translating.md. Translator comments (#) say where each game term comes from."""
STARTED = datetime(2026, 12, 3, tzinfo=UTC)  # every catalogue's creation date: headers that
# never change, so two translators of one catalogue never meet in its first lines
COMMENT_TAGS = ("TRANSLATORS:",)
TRANSLATED = tuple(code for code in LANGUAGES if code != ENGLISH)


def sources(domain: str, root: Path = ROOT) -> Iterator[Path]:
    """The files whose words belong to ``domain`` (its Python modules, its tutorials), in a
    stable order."""
    for name in AREAS[domain]:
        path = root / name
        if "*" in name:
            yield from sorted(root.glob(name))
        elif path.is_file():
            yield path
        else:
            yield from sorted(path.rglob("*.py"))


@functools.cache
def methods(root: Path = ROOT) -> tuple[tuple[str, str], ...]:
    """The Babel config's extraction methods (``[tool.babel]`` of pyproject.toml): each file
    pattern with its method, a named extractor as the function it names."""
    with (root / "pyproject.toml").open("rb") as f:
        config = tomllib.load(f)["tool"]["babel"]
    named = config.get("extractors", {})
    return tuple((m["pattern"], named.get(m["method"], m["method"])) for m in config["mappings"])


def method_of(where: str, root: Path = ROOT) -> str:
    """How the file at ``where`` (from the root) is read for words: its first pattern's method."""
    found = next((method for pattern, method in methods(root) if pathmatch(pattern, where)), None)
    if found is None:
        raise ValueError(f"{where}: no extraction method in [tool.babel] of pyproject.toml")
    return found


def extract(domain: str, root: Path = ROOT) -> Catalog:
    """Every word of ``domain``'s sources (marked in its modules: ``_``, ``ngettext``,
    ``pgettext``, ``N_``; every text of its tutorial files), as a template: Babel's extractors,
    by the Babel config, the same as ``pybabel extract -F pyproject.toml``."""
    template = Catalog(domain=domain, project="Caldera", fuzzy=False, creation_date=STARTED)
    for path in sources(domain, root):
        where = path.relative_to(root).as_posix()
        for line, message, comments, context in extract_from_file(
            method_of(where, root),
            path,
            keywords=DEFAULT_KEYWORDS,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        ):
            template.add(
                message, locations=[(where, line)], auto_comments=comments, context=context
            )
    return template


def po_path(domain: str, code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"


def read(domain: str, code: str) -> Catalog:
    """``domain``'s catalogue in ``code`` (a new, empty one if there is none yet)."""
    path = po_path(domain, code)
    if not path.exists():
        header = HEADER.format(language=LANGUAGES[code], domain=domain)
        return Catalog(
            locale=code,
            domain=domain,
            project="Caldera",
            fuzzy=False,
            header_comment=header,
            creation_date=STARTED,
            revision_date=STARTED,
        )
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=domain)


def write(catalog: Catalog, domain: str, code: str) -> None:
    """``catalog`` as ``domain``'s ``.po`` in ``code``: no line numbers (code moving above a
    string changes no catalogue), the old wordings of changed entries dropped."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False)
    path = po_path(domain, code)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def update(domains: Iterable[str] = DOMAINS) -> list[str]:
    """Merge each domain's words into its catalogue in every language; what changed, a line
    each (a new entry is empty: the checks name it until it is translated)."""
    said = []
    for domain in domains:
        template = extract(domain)
        for code in TRANSLATED:
            catalog = read(domain, code)
            before = {m.id for m in catalog if m.id}
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            after = {m.id for m in catalog if m.id}
            if added := after - before:
                said.append(f"{domain} {code}: {len(added)} new to translate")
            if gone := before - after:
                said.append(f"{domain} {code}: {len(gone)} no longer used, dropped")
            write(catalog, domain, code)
    return said


def mo_path(po: Path) -> Path:
    return po.with_suffix(".mo")


def catalogues() -> list[Path]:
    """Every ``.po`` file."""
    return sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def stale() -> list[Path]:
    """The ``.po`` files whose ``.mo`` is missing or older."""
    return [
        po
        for po in catalogues()
        if not mo_path(po).exists() or mo_path(po).stat().st_mtime < po.stat().st_mtime
    ]


def compile_all(only_stale: bool = False) -> list[Path]:
    """Compile ``.po`` files into the ``.mo`` beside each (written whole, then moved in place:
    two test workers compiling at once never read half a file); the ``.mo`` files written."""
    written = []
    for po in stale() if only_stale else catalogues():
        with po.open("rb") as f:
            catalog = read_po(f)
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        fd, name = tempfile.mkstemp(dir=po.parent, suffix=".mo-new")
        with os.fdopen(fd, "wb") as f:
            f.write(out.getvalue())
        os.replace(name, mo_path(po))
        written.append(mo_path(po))
    return written


PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")


def placeholders(text: str) -> list[str]:
    """The named placeholders of ``text`` (``{player}``, ``{n}``), sorted; old-style ``%s`` and
    ``%(name)s`` too (argparse's)."""
    found = [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name]
    return sorted([*found, *PLACEHOLDER.findall(text)])


def _texts(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return [""]
    return [value] if isinstance(value, str) else list(value)


def problems(domain: str, code: str, template: Catalog | None = None) -> list[str]:
    """What is wrong with ``domain``'s catalogue in ``code``: an entry missing or untranslated,
    a translation whose placeholders differ from the English, an entry no longer used, a plural
    with the wrong number of forms."""
    template = template if template is not None else extract(domain)
    catalog = read(domain, code)
    where = f"{domain} {code}"
    found: list[str] = []
    forms = catalog.num_plurals
    for message in template:
        if not message.id:
            continue
        entry: Message | None = catalog.get(message.id, message.context)
        english = _texts(message.id)
        shown = english[0]
        if entry is None or entry.fuzzy or not all(_texts(entry.string)):
            found.append(f"{where}: not translated: {shown!r}")
            continue
        said = _texts(entry.string)
        if message.pluralizable and len(said) != forms:
            found.append(f"{where}: {shown!r} needs {forms} plural forms, has {len(said)}")
        wanted = placeholders(english[-1])
        for text in said:
            if placeholders(text) != wanted and placeholders(text) != placeholders(english[0]):
                found.append(f"{where}: {shown!r}: placeholders {placeholders(text)} not {wanted}")
    known = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    for entry in catalog:
        key = (entry.id if isinstance(entry.id, str) else entry.id[0], entry.context)
        if entry.id and key not in known:
            found.append(f"{where}: no longer used: {key[0]!r} (python -m core.locale update)")
    return found


def check(domains: Iterable[str] = DOMAINS) -> list[str]:
    """Every problem of every catalogue (empty: all is well)."""
    found = []
    for domain in domains:
        template = extract(domain)
        if not any(m.id for m in template):
            continue  # nothing marked in this area yet
        for code in TRANSLATED:
            found += problems(domain, code, template)
    return found
