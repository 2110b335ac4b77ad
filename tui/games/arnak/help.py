"""Lost Ruins of Arnak in brief, the table's shorthand and the keys of a turn, for the help."""

from __future__ import annotations

from rich.markup import escape

from core.games.arnak.board_words import shorthand
from core.language import N_, Translator

T = Translator("arnak")
_ = T.gettext

BRIEF = N_("""\
[b]Lost Ruins of Arnak in brief[/b]
Five rounds. On your turn take [b]one main action[/b] (play a card for its effect, dig at a
discovered site, discover a new one, overcome a guardian, buy a card, research, or pass) and
any number of [b]free actions[/b] (free cards, assistants, guardian boons, an idol into a slot).
Digging sends an archaeologist (2 each) to a free space, paying its travel icons with hand
cards (a Fear card is a boot; 2 coins buy a plane). Discovering a site costs compasses
(3 for level I, 6 for level II): you take its idol, the site's effect runs and a guardian
appears; at the round's end each guardian beside your archaeologist gives you Fear.
Items cost coins and go to your deck's bottom; artifacts cost compasses and are used at once.
The magnifying glass climbs the research track (the notebook follows, never higher); the
first there takes a bonus tile; the glass in the temple buys temple tiles. When everyone has
passed, the round ends: archaeologists come home, the play area goes under the deck, the moon
staff moves. Most VP after round V wins (ties: first into the temple).""")
"""The game in brief (translated where it is shown: :func:`brief`)."""


def brief() -> str:
    """The game in brief, in the reader's language."""
    return _(BRIEF)


# TRANSLATORS: the help's keys of an Arnak turn; keys stay as they are ([b]p[/b], enter)
KEYS = N_("""\
[b]Arnak's keys[/b]
[b]p[/b] play a card · [b]d[/b] dig · [b]x[/b] discover · [b]o[/b] overcome · [b]b[/b] buy · \
[b]r[/b] research
[b]a[/b] use an assistant · [b]g[/b] a guardian's boon · [b]i[/b] an idol into a slot (free actions)
A place is chosen by its own name, as the map shows it: [b]2[/b] camp 2, [b]1.3[/b] (or 1 3) \
site 1.3, [b]4[/b] research row 4, [b]t[/b] the temple, a card of the row by its place 1…6; \
where several names start alike (camp 1, site 1.3) enter takes the one highlighted; \
[b]0[/b] answers "none" in a list of places.
[b]e[/b] pass (asks while a main action is open) or end the turn (asks only if travel would \
be lost)
[b]c[/b] the question an effect asks (it opens by itself; free actions may come first) · \
[b]1…9[/b] or ↑↓ [b]enter[/b] choose · [b]escape[/b] back
A single answer that costs something is shown first: one key confirms it.
The pane beside the choices says what the highlighted answer names (the site, card or row); \
when your turn comes it says what the others did since your last one.
[b]m[/b] the pane with the rest of the table in words (the track, the row's effects, every \
board, the log, the legend); below 100×30 the log is there.
[b][[/b] [b]][/b] scroll the log back and forward · [b]s[/b] the score so far · [b]q[/b] leave \
(the game stays saved)""")
"""Arnak's keys in the help (translated where shown: :func:`sections`)."""


def legend() -> str:
    """The table's signs as a table, a sign a line, in markup (each sign escaped: ``[R ]`` is
    shown, not read as a style)."""
    signs = shorthand()
    width = max(len(sign) for sign in signs) + 2
    rows = [f"[b]{escape(sign)}[/b]{' ' * (width - len(sign))}{escape(meaning)}"
            for sign, meaning in signs.items()]  # fmt: skip
    return "\n".join(rows)


def sections() -> tuple[str, ...]:
    """The help's sections after the keys: Arnak's keys, the shorthand, the game in brief."""
    return (_(KEYS), _("[b]The table's shorthand[/b]") + "\n" + legend(), brief())
