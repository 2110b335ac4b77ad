"""The active Textual theme's colours, for the boards that paint their own cells.

A board keeps the colours that carry a game's meaning (a player's colour, lava, a Tiki's
colour), but its background, its empty cells and its words follow the theme, and any coloured
ink is made readable on the theme's background (a yellow letter on a light theme is darkened
towards the theme's text until it stands out).

:func:`colours_of` reads the app's theme (once per theme); :class:`ThemeColours` is a plain
value, so the paint functions stay pure and their results can be cached on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rich.style import Style
from rich.terminal_theme import TerminalTheme
from rich.text import Span, Text
from textual._context import NoActiveAppError
from textual.app import App
from textual.color import Color
from textual.widget import Widget

LEGIBLE = 3.0  # the least contrast (WCAG ratio) of coloured ink on the background


def _luminance(colour: Color) -> float:
    """WCAG relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class ThemeColours:
    """What a board needs of a theme. ``ansi``: the theme leaves the colours to the terminal
    (its background is unknown, so colours are left as they are and neutrals are the
    terminal's own)."""

    name: str
    dark: bool
    background: Color
    surface: Color
    foreground: Color
    accent: Color
    ansi: bool = False

    # -- neutral colours, as Rich colour strings ------------------------------------------

    @property
    def text(self) -> str:
        return "default" if self.ansi else self.foreground.hex

    @property
    def muted(self) -> str:
        """Secondary words: labels, coordinates."""
        return "bright_black" if self.ansi else self.mix(self.foreground, 0.62).hex

    @property
    def faint(self) -> str:
        """What is barely there: an empty space's dot."""
        return "bright_black" if self.ansi else self.mix(self.foreground, 0.4).hex

    @property
    def ground(self) -> str:
        """The background of a board's neutral cells (a shade off the screen's)."""
        return "default" if self.ansi else self.surface.hex

    def mix(self, colour: Color, share: float) -> Color:
        """``share`` of ``colour`` over the background."""
        return self.background.blend(colour, share, alpha=1.0)

    def tint(self, colour: str, share: float) -> str:
        """The background tinted towards ``colour`` (the sea around an island, say)."""
        return "default" if self.ansi else self.mix(Color.parse(colour), share).hex

    def marked(self) -> Style:
        """A line picked out of a list (the log's current event): the accent, faintly."""
        if self.ansi:
            return Style(reverse=True, bold=True)
        return Style(bgcolor=self.mix(self.accent, 0.25).hex, bold=True)

    def highlight(self) -> Style:
        """Where the cursor is, in the margins: the theme's accent with text that reads on it."""
        if self.ansi:
            return Style(reverse=True, bold=True)
        text = self.accent.get_contrast_text(1.0).hex
        return Style(color=text, bgcolor=self.accent.hex, bold=True)

    def ink(self, colour: str) -> str:
        """``colour`` as letters on the background: itself when it reads there, else moved
        towards the theme's text until it does."""
        return _ink(self, colour)


@lru_cache(maxsize=256)
def _ink(colours: ThemeColours, colour: str) -> str:
    if colours.ansi:
        return colour
    parsed = Color.parse(colour)
    for step in range(11):
        moved = parsed.blend(colours.foreground, step / 10, alpha=1.0)
        if contrast(moved, colours.background) >= LEGIBLE:
            return moved.hex
    return colours.foreground.hex


def from_variables(name: str, dark: bool, variables: dict[str, str]) -> ThemeColours:
    """The colours of a theme from its CSS variables (``App.get_css_variables``)."""
    background = Color.parse(variables["background"])
    if background.ansi is not None:
        black, white = Color(0, 0, 0), Color(255, 255, 255)
        fore, back = (white, black) if dark else (black, white)
        return ThemeColours(name, dark, back, back, fore, fore, ansi=True)
    surface = Color.parse(variables["surface"])
    foreground = Color.parse(variables["foreground"])
    if foreground.ansi is not None:
        foreground = background.get_contrast_text(1.0)
    return ThemeColours(
        name, dark, background, surface, foreground, Color.parse(variables["accent"])
    )


_SEEN: dict[str, ThemeColours] = {}


def colours_of(app: App[object]) -> ThemeColours:
    """The active theme's colours (worked out once per theme name)."""
    name = app.theme
    found = _SEEN.get(name)
    if found is None:
        theme = app.current_theme
        found = from_variables(name, theme.dark, app.get_css_variables())
        _SEEN[name] = found
    return found


TEXTUAL_DARK = {"background": "#121212", "surface": "#1E1E1E", "foreground": "#E0E0E0"}
DEFAULT = from_variables("textual-dark", True, {**TEXTUAL_DARK, "accent": "#FEA62B"})


def on_theme_change(widget: Widget, changed: Callable[[], object]) -> None:
    """Call ``changed`` each time the app's theme changes, while ``widget`` is mounted."""
    widget.app.theme_changed_signal.subscribe(widget, lambda _theme: changed())


def readable(widget: Widget, text: Text) -> Text:
    """``text`` as ``widget`` should show it under the app's theme (see :func:`inked`); as
    it is outside an app."""
    try:
        app = widget.app
    except NoActiveAppError:
        return text
    return inked(text, colours_of(app), app.ansi_theme)


def inked(text: Text, colours: ThemeColours, terminal: TerminalTheme) -> Text:
    """``text`` with every colour of its letters readable on the theme's background (named
    colours as ``terminal`` shows them); the same ``text`` when nothing needed changing."""
    if colours.ansi:
        return text
    spans = [Span(s.start, s.end, _inked_style(s.style, colours, terminal)) for s in text.spans]
    style = _inked_style(text.style, colours, terminal)
    same = all(new.style is old.style for new, old in zip(spans, text.spans, strict=True))
    if same and style is text.style:
        return text
    out = text.copy()
    out.style, out.spans = style, spans
    return out


def _inked_style(style: str | Style, colours: ThemeColours, terminal: TerminalTheme) -> str | Style:
    parsed = Style.parse(style) if isinstance(style, str) else style
    colour = parsed.color
    if colour is None or colour.is_default:
        return style
    shown = colour.get_truecolor(terminal).hex
    readable = colours.ink(shown)
    return style if readable == shown else parsed + Style(color=readable)
