"""Play across terminals: the MQTT wire, the link to the broker, the host-authoritative
referee of a table, the player's seat, and the club. Imports core (and replays, to store each
table's log); never the TUI.

Six wings, each importing only those before it (``wire`` ← ``trust`` ← ``link`` ← ``table``,
``seat`` ← ``club``), and two modules at the root that all of them use:

- ``errors``: the network's ways of failing, each one line a user can read
- ``config``: where the broker is (command line, ``CALDERA_BROKER``, config file, default)
- ``wire``: topics and messages; ``trust``: keys and identities; ``link``: the MQTT connection,
  the server outbox and the embedded broker; ``table``: the host side; ``seat``: the player's
  side; ``club``: the lobby, servers, ratings, your games and turns
"""
