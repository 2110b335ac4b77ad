"""The wire: what Caldera's programs say to each other over MQTT, and where.

- ``topics``: every MQTT topic, under ``caldera/v1``, and the table id made from a host's key
- ``registry``: the base of every message, its tag, the one encoder and the readers (the codec)
- ``messages``: the messages (cards, commands, answers, catch-ups) and what each topic reads

Everything read from the network is untrusted: a message is checked for size and shape before
anything else reads it. Imports only :mod:`core` and :mod:`net.errors`; every other wing imports
this one.
"""
