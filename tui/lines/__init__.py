"""The line mode: a game as plain lines of text, for a screen reader or a script.

The prompt that plays a session (:mod:`.player`, with the legal commands worded as numbered
lines, which the hint key words its advice with too), the position in sentences for its
``look`` (:mod:`.position`, each game's own words in ``tui.games.<game>.position``), and one
plain sentence per event (:mod:`.sentences`, which the screens' event logs read too).

Nothing here imports Textual.
"""
