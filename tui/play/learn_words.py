"""The menu's words for learning a game (light: the menu imports it before its first frame),
marked for the app catalogue and said in the player's language where they are shown."""

from __future__ import annotations

from core.language import N_

MENU_LABEL = N_("Learn a game…")
KEY_LABEL = N_("Learn")
PICK_TITLE = N_("Learn which game? A guided first game against a bot")
GO_ON = N_("{title}: go on where you stopped")
AGAIN = N_("{title}: from the start")
FIRST = "{title}"
