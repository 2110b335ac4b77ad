"""Keys remapped in the config file's ``[keys]`` table, through Textual's keymap::

    [keys]
    "end.menu" = "x"                  # the end screen's menu on x instead of m
    "lobby.broker" = "B,ctrl+b"       # one key or several, separated by commas

Every binding of the app's screens and widgets has an id, ``<where>.<action>``: ``<where>`` is
the game's name for a game's screens (its key in ``core.known_games.GAMES``), else the screen or
widget's module (``table``, ``replay``, ``menu``, …), and ``<action>`` the binding's action in
plain letters (``verb('move')`` is ``verb-move``). ``caldera keys`` lists them all with their
keys. The ids are given when the app starts with a ``[keys]`` table (or ``caldera keys`` asks),
so an app that remaps nothing imports no screen before it needs it.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
from collections.abc import Iterator, Mapping

from textual.binding import Binding, BindingType
from textual.dom import DOMNode

from core.language import Translator

_ = Translator("app").gettext

PACKAGES = ("tui.screens", "tui.widgets", "tui.games")


def scope_of(module: str) -> str:
    """``tui.games.<game>.screen`` -> ``<game>``; ``tui.screens.replay`` -> ``replay``."""
    parts = module.split(".")
    if parts[:2] == ["tui", "games"] and len(parts) > 2:
        return parts[2]
    return parts[-1]


def binding_id(scope: str, action: str) -> str:
    """``verb('move')`` in ``<game>`` -> ``<game>.verb-move``; ``cursor(0, -1)`` ->
    ``cursor-0--1``."""
    return f"{scope}.{'-'.join(re.findall(r'-?[A-Za-z0-9_]+', action))}"


def _classes(app: type[DOMNode]) -> Iterator[type[DOMNode]]:
    """Every screen and widget class of ``app`` (the app's own class, which its caller has
    loaded: this module never imports the app that uses it), their modules imported first."""
    for name in PACKAGES:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            importlib.import_module(info.name)
    yield app
    seen: set[type[DOMNode]] = {app}
    todo: list[type[DOMNode]] = [DOMNode, app]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
                if sub.__module__.startswith("tui."):
                    yield sub


def name_bindings(app: type[DOMNode]) -> dict[str, list[tuple[str, Binding]]]:
    """Give every binding of ``app`` (its class) and its screens and widgets an id (once), and
    rebuild each class's bindings; the bindings by id, each with the class it belongs to."""
    classes = list(_classes(app))
    found: dict[str, list[tuple[str, Binding]]] = {}
    for cls in classes:
        own = cls.__dict__.get("BINDINGS")
        if not own:
            continue
        named: list[BindingType] = []
        bindings = [item if isinstance(item, Binding) else Binding(*item) for item in own]
        scope = scope_of(cls.__module__)
        ids = {binding_id(scope, b.action) for b in bindings}
        for binding in bindings:
            if binding.id is None:
                new = binding_id(scope, binding.action)
                verb = new.replace(".explain-", ".verb-", 1)
                # a verb's key that says why the verb cannot act now follows the verb
                binding = dataclasses.replace(binding, id=verb if verb in ids else new)
            named.append(binding)
            assert binding.id is not None
            found.setdefault(binding.id, []).append((cls.__name__, binding))
        cls.BINDINGS = named
    for cls in classes:
        cls._merged_bindings = cls._merge_bindings()
    return found


def check(keys: Mapping[str, object], known: Mapping[str, object]) -> tuple[dict[str, str], str]:
    """The ``[keys]`` entries Textual can use, and a line naming those it cannot ("" if none)."""
    usable: dict[str, str] = {}
    wrong: list[str] = []
    for name, value in keys.items():
        if name not in known:
            wrong.append(_("{name} (no such key name: caldera keys lists them)").format(name=name))
        elif not isinstance(value, str) or not value.strip():
            said = _('{name} (a key in quotes, such as "x" or "ctrl+x,f5")')
            wrong.append(said.format(name=name))
        else:
            usable[name] = ",".join(key.strip() for key in value.split(","))
    return usable, ("[keys]: " + "; ".join(wrong) if wrong else "")
