"""The menu's words for learning a game (light: the menu imports it before its first frame).

They are not in the catalogues yet: the languages issue (44) adds them with the menu's own.
"""

from __future__ import annotations

MENU_LABEL = "Learn a game…"
KEY_LABEL = "Learn"
PICK_TITLE = "Learn which game? A guided first game against a bot"
GO_ON = "{title}: go on where you stopped"
AGAIN = "{title}: from the start"
FIRST = "{title}"
