"""What must hold in every Arnak state, read from the JSON position alone (as an outside checker
would): every card, idol, guardian, site tile, assistant and bonus tile is somewhere, once."""

from __future__ import annotations

from collections import Counter
from typing import Any

from core.games.arnak import RULES
from core.games.arnak.state import ArnakState


def _cards(doc: dict[str, Any]) -> Counter[str]:
    s = doc["state"]
    found: Counter[str] = Counter()
    for player in s["seats"]:
        for zone in ("deck", "hand", "play", "aside", "exiled"):
            found.update(player[zone])
    found.update(c for c in [*s["row_art"], *s["row_items"]] if c is not None)
    for pile in ("item_deck", "art_deck", "item_exile", "art_exile", "fear_deck"):
        found.update(s[pile])
    if s["revealed"] is not None:
        found[s["revealed"]] += 1
    return found


def check(state: ArnakState) -> None:
    doc = RULES.dump_position(state)
    s = doc["state"]
    players = s["players"]
    cards = _cards(doc)
    items = [f"i{n:02d}" for n in range(1, 41)]
    artifacts = [f"a{n:02d}" for n in range(1, 36)]
    fear = [f"f{n:02d}" for n in range(1, 20)]
    basics = [f"b{seat}{k}" for seat in range(players) for k in ("fc", "fs", "ec", "es")]
    assert cards == Counter(items + artifacts + fear + basics), "a card is lost or doubled"
    # idols: on sites, in the box, with players, or paid away on the snake side
    summary = doc["summary"]
    board = summary["board"]
    held = sum(p["idols"]["crates"] + p["idols"]["slots"] for p in summary["players"])
    assert board["idols_on_sites"] + board["idols_in_box"] + held + board["idols_spent"] == 16
    taken = sum(p["guardians"] for p in summary["players"])
    assert board["guardians_on_sites"] + board["guardian_stack"] + taken == 15
    assert board["sites1"] == 10 and board["sites2"] == 6
    helpers = sum(len(p["assistants"]) for p in summary["players"])
    assert board["assistants_supply"] + board["rescue"] + helpers == 12
    research = summary["research"]
    bonus = sum(p["bonus_tiles"] for p in summary["players"])
    assert (
        research["bonus_on_track"] + research["bonus_box"] + research["temple_bonus"] + bonus == 18
    )
    tiles = sum(p["temple_tiles"] for p in summary["players"])
    assert sum(research["temple_stacks"]) + tiles == 6 * players
    fear_tiles = sum(p["fear_tiles"] for p in summary["players"])
    assert summary["market"]["fear_tiles"] + fear_tiles == 10
    for p in s["seats"]:
        assert all(n >= 0 for n in p["res"]), "a resource went negative"
        assert 0 <= p["slots"] <= 4 and p["idols"] >= 0
        assert len(p["assistants"]) <= 2
        glass_row = _row(state, p["glass"])
        assert _row(state, p["notebook"]) <= glass_row, "the notebook is above the glass"
    occupied = [space for p in s["seats"] for space in p["arch"] if space is not None]
    assert len(occupied) == len(set(occupied)), "two archaeologists share a space"
    assert not set(occupied) & set(s["blocked"]), "an archaeologist on a blocked space"


def _row(state: ArnakState, space: int) -> int:
    from core.games.arnak.catalog import research_row

    return research_row(state.side, space)
