"""The language this run speaks: ``--lang`` (anywhere on the command line), else the menu's
setting (``language`` in the config file's ``[play]`` table), else the locale
(:func:`core.language.choose`). Chosen once, before the first word is shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core import language
from core.language import LANGUAGES, Translator

T = Translator("app")
_ = T.gettext

FLAG = "--lang"


def take_flag(words: Sequence[str]) -> tuple[list[str], str | None]:
    """The command line without ``--lang CODE`` (or ``--lang=CODE``), and the code given
    (``None``: no flag); ``ValueError`` with one line for a flag without a known language."""
    rest: list[str] = []
    given: str | None = None
    items = iter(words)
    for word in items:
        if word == FLAG:
            given = next(items, "")
        elif word.startswith(FLAG + "="):
            given = word.removeprefix(FLAG + "=")
        else:
            rest.append(word)
    if given is not None and (given == "" or language.known(given) is None):
        raise ValueError(
            _("--lang: no language {given!r} here (one of {codes})").format(
                given=given, codes=", ".join(LANGUAGES)
            )
        )
    return rest, given


def start(flag: str | None) -> str:
    """Choose this run's language (the flag, the setting, the locale) and speak it."""
    setting = None
    if flag is None:
        from tui.settings.play import load_settings

        setting = load_settings()[0].language
    code = language.choose(flag, setting)
    language.use(code)
    return code


def remember(code: str) -> None:
    """Speak ``code`` from now on, and keep it for the next runs (``OSError`` when the config
    file cannot be written)."""
    from tui.settings.play import save_setting

    language.use(code)
    save_setting("language", code)


_english: dict[type, list[Any]] = {}  # each class's own bindings as written
_spoken: dict[type, str] = {}  # the language each class's bindings are in now


def _group(group: Any) -> Any:
    """A binding group with its label in the current language (``None`` stays ``None``)."""
    if group is None:
        return None
    import dataclasses

    return dataclasses.replace(group, description=language.anywhere(group.description))


def translate_bindings(*nodes: Any) -> None:
    """The keys' labels (a ``Binding``'s description and tooltip) in the current language, for
    every class of the app loaded so far, and for ``nodes`` made before (a screen about to be
    shown, the app): a node copies its class's bindings when it is made. Each label comes from
    whichever catalogue holds it (:func:`core.language.anywhere`). Nothing to do while English
    is all that was ever spoken."""
    code = language.current()
    if code == language.ENGLISH and not _english:
        return
    import dataclasses

    from textual.binding import Binding
    from textual.dom import DOMNode

    classes: list[type[DOMNode]] = []
    todo: list[type[DOMNode]] = [DOMNode]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in classes:
                classes.append(sub)
                todo.append(sub)
    changed = False
    for cls in classes:
        own = cls.__dict__.get("BINDINGS")
        if not own or not cls.__module__.startswith("tui.") or _spoken.get(cls) == code:
            continue
        now = [item if isinstance(item, Binding) else Binding(*item) for item in own]
        written = _english.setdefault(cls, now)
        area = language.area_of(cls.__module__)
        cls.BINDINGS = [
            dataclasses.replace(
                first,
                description=language.anywhere(first.description, area),
                tooltip=language.anywhere(first.tooltip, area),
                group=_group(first.group),
                id=binding.id,  # a remapped key keeps its id (tui.settings.bindings)
            )
            for first, binding in zip(written, now, strict=True)
        ]
        _spoken[cls] = code
        changed = True
    if changed:
        for cls in classes:
            cls._merged_bindings = cls._merge_bindings()
    for node in nodes:
        merged = type(node)._merged_bindings
        if merged is None:
            continue
        fresh = merged.copy()
        for key, bindings in node._bindings.key_to_bindings.items():
            for binding in bindings:  # one the node added itself (the app's command palette)
                if all(b.action != binding.action for b in fresh.key_to_bindings.get(key, [])):
                    fresh.key_to_bindings.setdefault(key, []).append(binding)
        node._bindings = fresh
