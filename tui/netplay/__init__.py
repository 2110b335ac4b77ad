"""The app's side of playing across terminals: this terminal at the network and the tables it
hosts (:mod:`.hosting`), the words for a networked table's seats, clocks and connection
(:mod:`.presence`, light: every table screen imports it), and the watch over your turns at every
table of the club (:mod:`.turn_watch`).

The network itself (the wire, the broker, the referee's loop, the seat) is :mod:`net`'s.
"""
