"""Play across terminals: MQTT transport, the host-authoritative referee, the lobby, the embedded
broker. Imports core (and replays, to store each table's log); never the TUI.

- ``topics``: every MQTT topic, under ``caldera/v1``; ``wire``: the messages, checked on decode
- ``link``: one self-reconnecting MQTT connection (aiomqtt, TCP_NODELAY)
- ``host``: a table's host and referee; ``serve``: a headless server of many tables
- ``session``: ``NetSession``, a seat or a spectator's chair, implementing ``core.session.Session``
- ``lobby``: the live list of tables, and the doors to them; ``botclient``: a bot as a client
- ``broker``: the embedded amqtt broker; ``config``: broker address and identity
"""
