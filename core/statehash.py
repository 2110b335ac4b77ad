"""A short hash of what everyone may see of a game, to catch a client whose fold went astray.

The referee publishes ``state_hash`` after the newest event (at most once a second, and at the
end); each client folds the same events and compares, and one that differs asks for the hash
after every event since its last good one, so a desync (a client on other rules code, a bug in
``evolve``) is named at the exact event. It hashes the *public* view (``view(state, None)``) in
its JSON position form, so a seat's own view (which knows its hidden cards) and the referee's
full state hash alike, as long as the public view of a seat's view is the public view of the
full state.
"""

from __future__ import annotations

import json
from typing import Any

from core.codec import short_hash
from core.protocol import Rules


def canonical(doc: Any) -> bytes:
    """One byte string per JSON document: sorted keys, no spaces, UTF-8."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def state_hash(rules: Rules[Any], state: Any) -> str:
    """The 16-hex-digit hash of ``state``'s public view (see the module docstring)."""
    return short_hash(canonical(rules.dump_position(rules.view(state, None))))
