"""Help: the keys that act on the screen below, then the game's sections (the board's legend,
the game in brief; each game's package in ``tui.games`` gives them).

The game in brief is prose, written wrapped at the source's width: it is reflowed (each
paragraph one line) so the terminal wraps it to the help's width, whatever that is, instead of
wrapping each source line again ("dig at / a / discovered site"). Legends and tables keep their
lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from core.language import N_, Translator
from tui.screens.needs import HelpsLess, HelpsMore

T = Translator("app")
_ = T.gettext


def _declared(node: object) -> set[str] | None:
    """The actions ``node``'s own classes bind (``None``: the app, all of them): a Textual
    widget's keys (scroll, page left…) are the widget's business, not the screen's."""
    return None if isinstance(node, App) else own_actions(node)


def own_actions(node: object) -> set[str]:
    """The actions Caldera's own classes bind on ``node`` (not Textual's)."""
    actions: set[str] = set()
    for cls in type(node).__mro__:
        if cls.__module__.startswith("tui."):
            for b in cls.__dict__.get("BINDINGS", ()):
                actions.add(b.action if isinstance(b, Binding) else b[1])
    return actions


def keys_table(screen: Screen[object]) -> Table:
    """The bindings of ``screen``, its widgets and the app that Caldera declares (not a Textual
    widget's own scrolling keys), each once."""
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    table.add_column(no_wrap=True)
    table.add_column()
    seen: set[str] = set()
    unused = screen.help_hides if isinstance(screen, HelpsLess) else frozenset()  # unused here
    for namespace, bindings in screen._binding_chain:
        declared = _declared(namespace)
        for binding in bindings.key_to_bindings.values():
            for b in binding:
                if b.description in seen or not b.description or b.action in unused:
                    continue
                if declared is not None and b.action not in declared:
                    continue
                seen.add(b.description)
                keys = b.key_display or ", ".join(k.strip() for k in b.key.split(","))
                table.add_row(Text(keys, style="bold"), b.tooltip or b.description)
    return table


class Prose(str):
    """A help section that is running text: shown reflowed to the help's width."""


def reflow(text: str) -> str:
    """``text`` with each paragraph on one line: lines join the one before, except after a
    blank line and for a heading alone on its line (``[b]The game in brief[/b]``)."""
    out: list[str] = []
    joining = False
    for line in text.splitlines():
        stripped = line.strip()
        heading = stripped.startswith("[b]") and stripped.endswith("[/b]")
        if not stripped:
            out.append("")
            joining = False
        elif joining and not heading:
            out[-1] += " " + stripped
        else:
            out.append(stripped)
            joining = not heading
    return "\n".join(out)


class HelpScreen(ModalScreen[None]):
    """Shown with ``?`` over any screen."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", N_("Close"))
    ]

    def __init__(self, under: Screen[object], sections: Sequence[str] = ()) -> None:
        super().__init__()
        self.under = under
        self.sections = list(sections)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="help"):
            yield Static(_("[b]Keys[/b] (the footer shows the ones that act right now)"))
            yield Static(keys_table(self.under))
            for section in self.sections:
                yield Static("\n" + (reflow(section) if isinstance(section, Prose) else section))
            under = self.under  # what the screen adds (cards, say)
            extra = under.help_extra if isinstance(under, HelpsMore) else ""
            if extra:
                yield Static("\n" + extra)
            said = _(
                "ctrl+p opens the command palette: every action by name.  escape closes this help."
            )
            yield Static("\n[dim]" + said + "[/dim]")

    def action_close(self) -> None:
        self.dismiss(None)
