"""What the player chose, kept in the config file (:mod:`net.config`): the ``[play]`` table
and the writer that changes one table of the file leaving the rest as the player wrote it
(:mod:`.play`), the key bindings remapped in ``[keys]`` (:mod:`.bindings`), and the new-game
form's last choices (:mod:`.last_choices`).

Light on purpose: the app reads its settings before the menu's first frame.
"""
