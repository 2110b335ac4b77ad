"""Games kept and watched again: the saved games in the data directory (:mod:`.library`),
whose eyes a screen shows a game through (:mod:`.viewer`: one seat, a spectator or everything),
and exporting a game from the app (:mod:`.export`).

The replay screens are :mod:`tui.screens.replay` and each game's own; the replay file and its
checks are :mod:`replays`'.
"""
