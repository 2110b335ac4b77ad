"""A short hash of what everyone may see of a game, to catch a client whose fold went astray.

The referee publishes ``state_hash`` after the newest event (at most once a second, and at the
end); each client folds the same events and compares, and one that differs asks for the hash
after every event since its last good one, so a desync (a client on other rules code, a bug in
``evolve``) is named at the exact event. It hashes the *public* view (``look(state, None)``) in
its JSON position form, so a seat's own view (which knows its hidden cards) and the referee's
full state hash alike, as long as the public view of a seat's view is the public view of the
full state.

The value is the one every Caldera computes (clients compare it, across versions): the BLAKE2b
of :func:`json_form`, Python's ``json.dumps`` with sorted keys and no spaces. :func:`canonical`
has msgspec write those bytes, about five times faster: the two agree on every JSON document of
string-keyed dicts, lists, strings, ints, booleans and nulls, which is what positions hold
(``tests/core/test_statehash.py`` checks every position random games of every game pass through,
and that none holds a float: msgspec writes ``1e16`` and ``0.00001`` where json writes
``1e+16`` and ``1e-05``). A dict with other keys than strings takes json's way.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from core.codec import short_hash
from core.protocol import Rules

_FAST = msgspec.json.Encoder(order="sorted")


def json_form(doc: Any) -> bytes:
    """One byte string per JSON document: sorted keys, no spaces, UTF-8 (the reference)."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def canonical(doc: Any) -> bytes:
    """:func:`json_form`'s bytes, written by msgspec (see the module)."""
    try:
        return _FAST.encode(doc)
    except TypeError:  # a key that is not a string
        return json_form(doc)


def state_hash(rules: Rules[Any], state: Any) -> str:
    """The 16-hex-digit hash of ``state``'s public view (see the module docstring)."""
    return short_hash(canonical(rules.dump_position(rules.look(state, None))))
