"""Trust on a broker nobody trusts: signing keys, sealed boxes, and who this terminal is.

- ``keys``: Ed25519 signing keys, signed frames and sealed boxes (PyNaCl, libsodium)
- ``identity``: this terminal's lasting identity (its client id, name and key), one per player

Imports :mod:`net.config`, :mod:`net.errors` and :mod:`replays.disk` (where files live); no other
wing.
"""
