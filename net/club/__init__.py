"""The club: the lobby of every table, servers that host tables for others, and what a
player follows from one table to the next.

- ``lobby``: every open and running table, live, and the doors to them (join, watch, host, ask);
  its parts: ``listed_tables`` (which tables are listed, at their newest card), ``your_turns``
  (our turn messages), ``ladders_heard`` (the club's ladders), ``table_requests`` (asking a
  server for a table)
- ``probes``: asking a table's host whether it is there before listing it
- ``serve``: ``caldera serve``, a headless server of many tables; its parts: ``answering``
  (what it answers on its requests topic, and why not), ``taking_over`` (its served games
  resumed, and those of a server that left), ``ratings_board`` (the ladders it publishes);
  ``servers``: servers as a lobby knows them; ``work``: the proof of work a stranger's table
  request costs
- ``ratings`` and ``ratings_cache``: the ladders, folded from verified results
- ``your_games``: the tables where a player holds a seat, with whose turn it is

The top wing: it may import every other wing.
"""
