"""The player's side of a table: a seat (or a spectator's chair) across the network.

- ``session``: :class:`~net.seat.session.NetSession`, a :class:`core.session.Session` that folds
  what its host publishes for it and checks every proof; its parts: ``following`` (the fold, with
  ``catching_up`` and ``checking``), ``joining`` (its word with the host about its seat),
  ``host_trust`` (what is the host's), ``host_listing`` (the host's listing: away, back,
  closed), ``from_host`` (the host's messages to it, handed to the part they are for),
  ``commands``, ``asking_again``, ``status``, ``waiting``, ``whole_log`` and ``chat``
- ``botclient``: a bot holding its seat as a person would, seeing only its seat's view
- ``keeping``: a finished table's replay, kept by a seat's holder on its own machine too
- ``served``: a served table's host leaves with its server (the server's Last Will)

Imports :mod:`core`, :mod:`replays`, :mod:`net.wire`, :mod:`net.trust` and :mod:`net.link`;
never the host side.
"""
