"""Lost Ruins of Arnak in brief, the table's shorthand and the keys of a turn, for the help."""

from __future__ import annotations

from tui.games.arnak.panels import LEGEND

BRIEF = """\
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
staff moves. Most VP after round V wins (ties: first into the temple)."""

KEYS = """\
[b]Arnak's keys[/b]
[b]p[/b] play a card · [b]d[/b] dig · [b]x[/b] discover · [b]o[/b] overcome · [b]b[/b] buy · \
[b]r[/b] research
[b]a[/b] use an assistant · [b]g[/b] a guardian's boon · [b]i[/b] an idol into a slot (free actions)
[b]e[/b] pass (main action open) or end the turn (asks first if travel or a free action is unused)
[b]c[/b] the question an effect asks (it opens by itself; free actions may come first) · \
[b]1…9[/b] or ↑↓ [b]enter[/b] choose · [b]escape[/b] back
[b]s[/b] the score so far · [b]q[/b] leave (the game stays saved)"""


def sections() -> tuple[str, ...]:
    """The help's sections after the keys: Arnak's keys, the shorthand, the game in brief."""
    return (KEYS, "[b]The table's shorthand[/b]\n" + LEGEND, BRIEF)
