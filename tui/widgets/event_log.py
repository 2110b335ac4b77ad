"""The event log: one plain sentence per event, newest at the bottom, names in seat colours
(made readable on the theme's background)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from core.language import Translator
from tui.play.seats import seat_colour
from tui.widgets.theme_colours import colours_of, readable

T = Translator("app")
_ = T.gettext


class EventLog(Widget):
    """Sentences up to event ``upto`` (the last one shown is highlighted when ``mark_current``)."""

    upto: reactive[int] = reactive(-1)
    back: reactive[int] = reactive(0)  # lines scrolled back from the newest (0: the newest)

    def __init__(
        self,
        *,
        numbered: bool = False,
        mark_current: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.numbered = numbered
        self.mark_current = mark_current
        self._sentences: list[tuple[int, str]] = []  # (seq, sentence), seq ascending
        self._names: tuple[str, ...] = ()

    def set_names(self, names: Sequence[str]) -> None:
        self._names = tuple(names)
        self.refresh()

    def add(self, seq: int, sentence: str) -> None:
        """Append the sentence of event ``seq`` and show up to it (an empty one is not shown:
        a clock reading, say; a log scrolled back stays on the lines it shows)."""
        if sentence:
            self._sentences.append((seq, sentence))
            if self.back:
                self.back += 1
        self.upto = seq

    def scroll_lines(self, lines: int) -> None:
        """Scroll ``lines`` sentences newer (positive) or older (negative), within the log."""
        shown = sum(1 for seq, _ in self._sentences if seq <= self.upto)
        room = max(self.size.height, 1)
        self.back = max(0, min(self.back - lines, max(0, shown - room)))

    def reset(self, sentences: Sequence[tuple[int, str]], upto: int | None = None) -> None:
        self._sentences = list(sentences)
        self.upto = upto if upto is not None else (sentences[-1][0] if sentences else -1)
        self.refresh()

    def said(self) -> dict[int, str]:
        """Each event's sentence by its seq (for a game's summary of several events)."""
        return dict(self._sentences)

    def shown(self) -> list[str]:
        """The sentences up to ``upto``, oldest first (for tests and tools)."""
        return [s for seq, s in self._sentences if seq <= self.upto]

    def _line(self, seq: int, sentence: str, current: bool) -> Text:
        text = Text()
        colours = colours_of(self.app)
        if self.numbered:
            text.append(f"{seq:>5} ", Style(color=colours.muted))
        body = Text(sentence)
        for seat, name in enumerate(self._names):
            if name:
                body.highlight_words([name], Style(color=seat_colour(seat), bold=True))
        text.append_text(body)
        if current:
            text.stylize(colours.marked())
        return readable(self, text)

    def render(self) -> Group:
        height = max(self.size.height, 1)
        width = max(self.size.width, 10)
        upto = [(seq, s) for seq, s in self._sentences if seq <= self.upto]
        end = len(upto) - self.back
        shown = upto[max(0, end - height) : end]
        lines: list[Text] = []
        for i, (seq, sentence) in enumerate(shown):
            current = self.mark_current and self.back == 0 and i == len(shown) - 1
            wrapped = self._line(seq, sentence, current).wrap(self.app.console, width)
            lines.extend(wrapped)
        if self.back:
            said = _("↓ {n} newer (] scrolls on)").format(n=self.back)
            lines.append(Text(said, style="italic"))
        return Group(*lines[-height:])
