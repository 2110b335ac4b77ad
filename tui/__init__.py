"""Caldera in the terminal: the Textual app and the ``caldera`` command.

``app.py`` composes the screens and moves between them; the rest is sorted by what it is:

- ``cli/``: the ``caldera`` command, a module per group of commands, and the table options'
  flags; ``doors/``: the SSH and browser doors, each visitor the ordinary app.
- ``screens/`` and ``widgets/``: the screens and widgets every game shares (they name no game);
  ``games/``: one package per game, found by its name (its table, replay board and help).
- ``play/``: a game at this keyboard (the local table, its setup, the hint, the seats' names
  and colours); ``netplay/``: playing across terminals (hosting, a networked table's words,
  the watch over your turns).
- ``lines/``: the line mode (plain lines for a screen reader or a script).
- ``replay/``: the saved games, whose eyes a game is shown through, exporting.
- ``settings/``: the player's settings, key bindings and the new-game form's last choices.
- ``launch/``: the splash frame, the garbage collector's pause and the log file.
"""
