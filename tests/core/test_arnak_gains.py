"""A program that only gains (most camps and sites, the free cards, some boons and rows) is
applied at once when it starts, without a frame on the pending stack (a faster fold): it must
leave exactly the state its frame would, run op by op by the interpreter."""

from __future__ import annotations

from core.games.arnak import effects as fx
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.state import Frame
from tests.kit.arnak_builder import Table


def program_keys() -> list[str]:
    """Every program key a component has (cards, sites, camps, boons, assistants' sides,
    idols, bonus tiles, research rows)."""
    keys = [c.id for c in (*C.items, *C.artifacts)] + ["b0fc", "b0ec"]
    keys += [f"site:{t.id}" for t in (*C.camps, *C.sites1, *C.sites2)]
    keys += [f"boon:{g.id}" for g in C.guardians]
    keys += [f"asst:{a.id}{side}" for a in C.assistants for side in "sg"]
    keys += [f"idol:{i.id}" for i in C.idols] + [f"bonus:{b.id}" for b in C.bonus_tiles]
    for name, side in C.sides.items():
        for row in range(1, len(side.rows) + 1):
            keys += [f"row:{name}:glass:{row}", f"row:{name}:notebook:{row}"]
    return keys


def test_a_program_of_gains_applied_at_once_equals_its_frame_run() -> None:
    gains_only = [key for key in program_keys() if fx.gains_only(key) is not None]
    assert len(gains_only) >= 40, gains_only  # camps, most sites, free cards, boons, rows
    assert "site:c1" in gains_only and "b0fc" in gains_only and "boon:g01" in gains_only
    assert "site:c5" not in gains_only  # a card goes down first: it asks which
    for key in gains_only:
        t = Table().res(0, "1M1C1T1A1J")
        t.state.pool = ["car"]
        by_frame, at_once = t.state.copy(), t.state.copy()
        by_frame.stack.append(Frame(key, 0))
        fx.run(by_frame)
        fx.start(at_once, key, 0)
        assert not by_frame.stack and not at_once.stack, key
        assert at_once.seats[0].res == by_frame.seats[0].res, key
        assert at_once.pool == by_frame.pool, key
        assert at_once.seats[0].res != [1, 1, 1, 1, 1] or at_once.pool != ["car"], key
