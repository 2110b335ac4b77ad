"""The screens every game shares: the menu, the forms, the lobby and the table room, the
table and replay bases a game's own screens build on, the end screen, the help and the
dialogs. They name no game: what differs comes from the game's ``SCREENS`` (:mod:`tui.games`).
"""
