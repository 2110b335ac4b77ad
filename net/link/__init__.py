"""The link to the broker: one MQTT connection that keeps itself up, the server's shared
outbox, and the embedded broker.

- ``connection``: :class:`~net.link.connection.Link`, aiomqtt with reconnects, signing and sealing
- ``outbox``: one connection carrying what every table of a server sends
- ``lines``: a server's tables on its one connection, each message routed to its table
- ``broker``: the embedded amqtt broker, started when nothing answers at a loopback address

Imports :mod:`net.trust` (to sign) and the net root; never a table, a seat or the club.
"""
