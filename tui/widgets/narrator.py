"""The narrator's panel of a tutorial: the step, the keys that make its move, what it says, the
rule in the rulebook's words, and a wrong move's explanation (tui.play.tutorial_table).

One panel says it all; a table short of rows may split it in two (``part``): the step, its
keys and its words under the board, the rule in a narrow column beside it (a board that
fills 80×24 but two rows).
:meth:`Narrator.overflows` tells whether what it says is cut off (the tests ask it each step).
"""

from __future__ import annotations

from typing import Literal

from rich.text import Text

from core.language import Translator
from tui.play.tutorial_table import Narration
from tui.widgets.text_line import TextLine

_ = Translator("app").gettext
ROWS = 5  # the panel's rows at any size: its heading, then the words (80×24 keeps them)
Part = Literal["all", "words", "aside"]


class Narrator(TextLine):
    """A few wrapped lines over the table's prompt, said anew at each step."""

    DEFAULT_CSS = f"""
    Narrator {{
        height: {ROWS};
        padding: 0 1;
        border-left: outer $accent;
        background: $boost;
    }}
    """

    def __init__(self, *, part: Part = "all", id: str | None = None) -> None:
        super().__init__(id=id)
        self.part: Part = part  # what this panel says of the narration

    def tell(self, narration: Narration, keys: str = "", wrong: str = "") -> None:
        """Say ``narration``, with the ``keys`` that make its move and a ``wrong`` move's
        explanation (in its place of the rule, until the next move)."""
        self.text = told(narration, keys, wrong, self.part)
        for short in ({"title": False}, {"title": False, "label": False}):
            if not self.overflows():
                break
            # short of rows (a language longer than the file's): the tutorial's title goes,
            # then the labels "keys" and "Rule:" (the keys' reverse, the rule's italics stay)
            self.text = told(narration, keys, wrong, self.part, **short)
        if wrong and self.overflows():  # the why of a wrong move first: the step's words wait
            self.text = told(narration, keys, wrong, self.part, say=False, title=False)
        elif narration.step is None and self.overflows():  # the last words need no heading
            self.text = told(narration, part=self.part, title=False, heading=False)

    def rows_needed(self) -> int:
        """The rows its text takes, wrapped at its width now."""
        text = self.text if isinstance(self.text, Text) else Text.from_markup(self.text)
        width = self.content_region.width
        if width <= 0 or not text.plain:
            return 0
        options = self.app.console.options.update(width=width, height=None, highlight=False)
        return len(self.app.console.render_lines(text, options, pad=False))

    def overflows(self) -> bool:
        """Whether some of what it says does not fit its rows (shown, it is cut off)."""
        return self.display and self.rows_needed() > self.content_region.height


def told(
    narration: Narration,
    keys: str = "",
    wrong: str = "",
    part: Part = "all",
    *,
    say: bool = True,
    title: bool = True,
    label: bool = True,
    heading: bool = True,
) -> Text:
    """The panel's text (the line mode says the same words): the whole of it, or only the
    ``words`` (the step and its keys, then a wrong move's explanation and the step's words, in
    one flow) or the ``aside`` (the rule); the step's words left out unless ``say``, the
    tutorial's title unless ``title``, the labels "keys" and "Rule:" unless ``label``, the
    heading ("Step 3 of 16") unless ``heading``."""
    text = Text()
    if part == "aside":
        if narration.rule:
            if label:
                text.append(_("Rule: "), style="bold dim")
            text.append(narration.rule, style="italic dim")
        return text
    if not heading:
        text.append(narration.say)
        return text
    if narration.title and part == "all" and title:
        text.append(f"{narration.title} · ", style="bold")
    text.append(narration.heading, style="bold")
    if narration.step is not None and not narration.mine:
        text.append("  " + _("(the other player's move)"), style="dim")
    elif keys:
        said = _("keys")  # TRANSLATORS: before the keys that make a step's move: "keys: x 1 2"
        if not label:  # the keys' reverse still tells them
            text.append("  " if part == "all" else " · ", style="dim")
        else:
            text.append(f"  {said}: " if part == "all" else f" · {said} ", style="dim")
        text.append(keys, style="bold reverse")
    text.append("\n" if part == "all" else " · ", style="dim")
    if wrong:
        text.append(f"✗ {wrong}", style="bold #ff6b6b")
        text.append("\n" if part == "all" else " ")
    if say:
        text.append(narration.say)
    if narration.rule and part == "all" and not wrong:  # the why of a wrong move in its place
        text.append("\n")
        rule = _("Rule: {rule}").format(rule=narration.rule) if label else narration.rule
        text.append(rule, style="italic dim")
    return text
