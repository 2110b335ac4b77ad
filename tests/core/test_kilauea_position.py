"""The JSON position: what a screen reads from it, and a strict load that names what is wrong."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from core.errors import PositionError
from core.games.kilauea import RULES
from tests.kit.kilauea_builder import GINGER, ORCHID, Table


def test_the_summary_shows_what_a_screen_needs() -> None:
    table = Table(3, canoe="orchid b").forest(ORCHID, o1="red", m1="blue", o4="yellow")
    table = table.volcano(GINGER, red=3, yellow=3, green=1).arrange(reef=[4, 2, 7, 1, 3])
    doc = RULES.dump_position(
        table.canoe(1, "green").stones(1, 4).island(1, GINGER, "green").state()
    )
    summary = doc["summary"]
    assert summary["canoe"] == {
        "space": "orchid b",
        "sector": "orchid",
        "reef_tile": "7A",
        "spaces": [
            f"{s} {h}" for s in ("hibiscus", "plumeria", "orchid", "ginger", "lehua") for h in "ab"
        ],
    }
    orchid = summary["sectors"][ORCHID]
    assert orchid["forest"]["template"] == "10A"
    assert orchid["forest"]["spaces"]["m1"] == {
        "tiki": "blue",
        "after": ["o1", "o2"],
        "accessible": False,
    }
    assert orchid["forest"]["spaces"]["o1"]["accessible"] is True
    assert orchid["forest"]["spaces"]["i1"] == {"tiki": None, "after": ["m1"], "accessible": False}
    assert orchid["forest"]["middle_cleared"] is False
    ginger = summary["sectors"][GINGER]
    assert ginger["columns"] == {"red": 3, "yellow": 3, "green": 1, "blue": 1}
    assert ginger["worth"] == {"red": 3, "yellow": 3, "green": 3, "blue": 3}
    assert [r["tile"] for r in summary["reef"]] == ["4A", "2A", "7A", "1A", "3A"]
    assert summary["reef"][2]["between"] == ["orchid", "ginger"]
    blue = summary["players"][1]
    assert blue["canoe"] == ["green"] and blue["stones"] == 4
    assert blue["a scoring now"] == 3
    assert summary["pieces"]["stones"]["players"] == 4


def edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = RULES.dump_position(Table(2, canoe="orchid b").canoe(0, "red").state())
    change(doc)
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["players"][0]["canoe"].append("red"), "19 red Tikis"),
        (lambda d: d.update(crater=3), "17 Sacred Stones"),
        (lambda d: d.update(canoe="orchid a"), "Sea tile"),
        (lambda d: d["players"][0].update(stones=6), "0 to 5"),
        (lambda d: d["players"][0]["canoe"].extend(["blue"] * 4), "at most 4"),
        (lambda d: d["volcano"]["orchid"].update(red=7), "at most 6"),
        (lambda d: d["forests"][2]["tikis"].update(o1="red"), "stays empty with 2 players"),
        (lambda d: d["forests"][2]["tikis"].update(x9="red"), "no space 'x9'"),
        (lambda d: d.update(reef=[1, 1, 2, 3, 4]), "each be in one place"),
        (lambda d: d.update(may_use=[7]), "may_use"),
        (lambda d: d.update(emptied=["orchid"]), "still holds Tikis"),
        (lambda d: d["volcano"].pop("lehua"), "one entry per sector"),
        (lambda d: d.update(game="maunakea"), "for 'maunakea'"),
        (lambda d: d.update(phase="dancing"), "dancing"),
    ],
)
def test_a_bad_position_is_refused_with_a_reason(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        RULES.load_position(edit(change))


def test_importing_kilauea_loads_no_screen_or_network() -> None:
    code = (
        "import sys, core.games.kilauea, core.games.kilauea.greedy;"
        "print([m for m in ('textual', 'aiomqtt', 'amqtt', 'paho', 'tui', 'net', 'replays')"
        " if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
