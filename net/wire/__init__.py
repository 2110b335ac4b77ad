"""The wire: what Caldera's programs say to each other over MQTT, and where.

- ``topics``: every MQTT topic, under ``caldera/v1``, and the table id made from a host's key
- ``messages``: the messages (cards, commands, answers, catch-ups), checked on decode

Everything read from the network is untrusted: a message is checked for size and shape before
anything else reads it. Imports only :mod:`core` and :mod:`net.errors`; every other wing imports
this one.
"""
