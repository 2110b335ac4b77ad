"""The host side of a table: the only authority over its game.

- ``host``: :class:`~net.table.host.TableHost`, a table's lifecycle, card and message routing
- ``refereeing``: judging commands and publishing what they caused, seat by seat
- ``seating``: who sits where and who is online; ``standins``: the host's bots and stand-ins
- ``clocks`` and ``timepiece``: the timer that sees a clock run out, on the table's timepiece
- ``own_listing``: a retained listing kept current by its owner; ``tickets``: fresh client words
- ``turns``: whose turn it is, retained per table and seated player for programs that follow

Imports :mod:`core`, :mod:`replays` (each table's log), :mod:`net.wire`, :mod:`net.trust`,
:mod:`net.link`; never a seat or the club.
"""
