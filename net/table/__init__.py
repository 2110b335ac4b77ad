"""The host side of a table: the only authority over its game.

- ``host``: :class:`~net.table.host.TableHost`, a table's parts made, opened and closed
- ``game``: the game from its first event to its last, its seed kept apart to resume it
- ``refereeing``: judging commands and publishing what they caused, seat by seat; ``syncs``:
  the catch-ups it serves; ``proving``: who played what, signed
- ``listing``: the table's listing in the lobby; ``from_clients``: what arrives, routed
- ``terms``: a clock, what a timeout does, rated; ``resuming``: a kept record read back
- ``seating``: who sits where and who is online; ``standins``: the host's bots and stand-ins
- ``clocks`` and ``timepiece``: the timer that sees a clock run out, on the table's timepiece
- ``own_listing``: a retained listing kept current by its owner; ``tickets``: fresh client words
- ``turns``: whose turn it is, retained per table and seated player for programs that follow

Imports :mod:`core`, :mod:`replays` (each table's log), :mod:`net.wire`, :mod:`net.trust`,
:mod:`net.link`; never a seat or the club.
"""
