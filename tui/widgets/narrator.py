"""The narrator's panel of a tutorial: the step, the keys that make its move, what it says, the
rule in the rulebook's words, and a wrong move's explanation (tui.play.tutorial_table)."""

from __future__ import annotations

from rich.text import Text

from tui.play.tutorial_table import Narration
from tui.widgets.text_line import TextLine

ROWS = 5  # the panel's rows at any size: its heading, then the words (80×24 keeps them)


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

    def tell(self, narration: Narration, keys: str = "", wrong: str = "") -> None:
        """Say ``narration``, with the ``keys`` that make its move and a ``wrong`` move's
        explanation (in its place of the rule, until the next move)."""
        self.text = told(narration, keys, wrong)


def told(narration: Narration, keys: str = "", wrong: str = "") -> Text:
    """The panel's text (the line mode says the same words)."""
    text = Text()
    if narration.title:
        text.append(f"{narration.title} · ", style="bold")
    text.append(narration.heading, style="bold")
    if narration.step is not None and not narration.mine:
        text.append("  (the other player's move)", style="dim")
    elif keys:
        text.append("  keys: ", style="dim")
        text.append(keys, style="bold reverse")
    text.append("\n")
    if wrong:
        text.append(f"✗ {wrong}\n", style="bold #ff6b6b")
    text.append(narration.say)
    if narration.rule:
        text.append("\n")
        text.append(f"Rule: {narration.rule}", style="italic dim")
    return text
