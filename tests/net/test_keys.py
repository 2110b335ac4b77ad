"""Signed and boxed frames: only the right key opens or makes them, for their own topic only."""

from __future__ import annotations

from net.trust import keys as k
from net.trust.keys import Keys, open_frame


def test_a_signed_frame_holds_for_its_topic_only() -> None:
    ann = Keys.generate()
    frame = ann.sign("caldera/v1/a", b"body")
    assert open_frame("caldera/v1/a", frame) == (ann.public, b"body")
    assert open_frame("caldera/v1/b", frame) is None  # moved to another topic
    assert open_frame("caldera/v1/a", frame[:-1] + b"x") is None  # edited


def test_a_box_opens_for_its_reader_and_topic_and_names_its_maker() -> None:
    host, ann, eve = Keys.generate(), Keys.generate(), Keys.generate()
    box = host.seal(ann.public, "caldera/v1/t/events/0/ann", b"your cards")
    assert ann.unseal("caldera/v1/t/events/0/ann", box) == (host.public, b"your cards")
    assert eve.unseal("caldera/v1/t/events/0/ann", box) is None  # not hers
    assert ann.unseal("caldera/v1/t/events/1/bob", box) is None  # moved
    forged = k.BOXED + host.public + eve.seal(ann.public, "x", b"")[len(k.BOXED) + 32 :]
    assert ann.unseal("x", forged) is None  # Eve cannot box as the host


def test_made_up_senders_do_not_grow_the_shared_keys_forever() -> None:
    ann = Keys.generate()
    for _ in range(k.MOST_PAIRS + 10):
        ann.unseal("t", Keys.generate().seal(ann.public, "t", b"x"))
    assert len(ann._pairs) <= k.MOST_PAIRS
