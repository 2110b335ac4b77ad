"""Setup for 2, 3 and 4 players on either side, as the rulebook (004, line 60-215, 949-989) and
the reference (§4-§8) lay it out; the numbers are written here by hand."""

from __future__ import annotations

from collections import Counter

import pytest

from core.games.arnak import RULES
from core.games.arnak.state import ArnakState
from core.referee import Referee

# research bonus tiles dealt face up on the track (reference §7.2-7.3)
TRACK_TILES = {("bird", 2): 7, ("bird", 3): 9, ("bird", 4): 11}
TRACK_TILES |= {("snake", 2): 8, ("snake", 3): 10, ("snake", 4): 12}
START = ([2, 0], [1, 1], [2, 1], [1, 2])  # coins, compasses by turn order


def started(players: int, side: str, seed: str, start: int | None = None) -> ArnakState:
    config = RULES.config(players, {"side": side, "start_player": start})
    referee: Referee[ArnakState] = Referee(
        RULES, config, [f"P{i}" for i in range(players)], seed=seed
    )
    referee.begin()
    return referee.state


CASES = [(p, side, k) for p in (2, 3, 4) for side in ("bird", "snake") for k in range(3)]


@pytest.mark.parametrize(("players", "side", "k"), CASES)
def test_setup(players: int, side: str, k: int) -> None:
    s = started(players, side, f"setup-{players}-{side}-{k}")
    assert (s.phase, s.round) == ("turn", 1) and s.active == s.start_player
    # the card row: the staff at round 1, 1 artifact left of it and 5 items right of it
    assert s.staff == 1 and len(s.row_art) == 1 and None not in s.row_art
    assert len(s.row_items) == 5 and None not in s.row_items
    assert (len(s.art_deck), len(s.item_deck)) == (34, 35)
    # idols: 1 face up on each level-I site, 1 up and 1 down on each level-II site, all 16
    assert all(s.idol_up[f"L1.{n}"] for n in range(1, 9))
    assert all(s.idol_up[f"L2.{n}"] and s.idol_down[f"L2.{n}"] for n in range(1, 5))
    placed = [*s.idol_up.values(), *s.idol_down.values()]
    assert len(set(placed)) == 16 and s.idol_box == []
    # blocked camp spaces: every 2-boot space for 2 players, 3 of them for 3, none for 4
    assert len(s.blocked) == {2: 5, 3: 3, 4: 0}[players]
    assert all(b.endswith(".2") and b.startswith("C") for b in s.blocked)
    # research: bonus tiles by player count, 1 per player in the temple stack, the rest boxed
    assert sum(len(v) for v in s.bonus.values()) == TRACK_TILES[side, players]
    assert len(s.temple_bonus) == players
    assert len(s.bonus_box) == 18 - TRACK_TILES[side, players] - players
    assert s.temple_stacks == [players] * 6, "6 temple stacks of one tile per player"
    # assistants: bird 3 stacks of 4; snake 1 per player to rescue, then 3, 3 and the rest
    sizes = [len(stack) for stack in s.supply]
    if side == "bird":
        assert sizes == [4, 4, 4] and s.rescue == []
    else:
        assert len(s.rescue) == players and sizes == [3, 3, 6 - players]
    assert all(s.supply_shown) and s.rescue_shown is True
    # site and guardian stacks, all face down
    assert (len(s.sites1), len(s.sites2), len(s.guardians)) == (10, 6, 15)
    assert not any(s.site_tile.values()) and not any(s.guardian.values())
    # decks: 4 basics + 2 Fear each, 5 drawn; the Fear deck holds the other Fear cards
    assert len(s.fear_deck) == 19 - 2 * players
    for seat, player in enumerate(s.seats):
        cards = [*player.hand, *player.deck]
        assert len(player.hand) == 5 and len(player.deck) == 1
        kinds = Counter(c[0] for c in cards)
        assert kinds == {"b": 4, "f": 2}
        assert all(c[1] == str(seat) for c in cards if c.startswith("b"))
        order = (seat - s.start_player) % players
        assert player.res == [*START[order], 0, 0, 0]
        assert (player.glass, player.notebook, player.idols, player.slots) == (0, 0, 0, 0)
        assert player.arch == [None, None] and player.assistants == []


def test_the_start_player_may_be_chosen() -> None:
    s = started(3, "bird", "setup-chosen", start=2)
    assert s.start_player == 2 and s.active == 2
    assert s.seats[2].res[:2] == [2, 0] and s.seats[0].res[:2] == [1, 1]


def test_setups_differ_by_seed() -> None:
    rows = {tuple(started(2, "bird", f"setup-seed-{k}").row_items) for k in range(4)}
    assert len(rows) > 1, "the item deck is shuffled"
