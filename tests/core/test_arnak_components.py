"""Arnak's data file: every component parses and matches the reference's tables and counts.

The card table below is copied from ../shared/reference/arnak-components.md (§1-§2: BGA number,
name, cost, VP, travel icons), so a slip in ``components.toml`` shows up as a difference here.
"""

from __future__ import annotations

import typing
from collections import Counter

import pytest

from core.games.arnak import ops
from core.games.arnak.components import COMPONENTS as C
from core.games.arnak.components import TEMPLE
from core.games.arnak.effect_text import EffectSyntaxError, parse, parse_cost
from core.games.arnak.ops import Choice, Cost, Draw, Gain, GainTravel, PayThen, Res, Travel

REFERENCE_CARDS = """
i01 | Sea Turtle             | 3 | 1 | 2ship
i02 | Ostrich                | 3 | 1 | 2car
i03 | Pack Donkey            | 4 | 1 | 2car
i04 | Horse                  | 4 | 1 | 2car
i05 | Steam Boat             | 3 | 3 | 2ship
i06 | Automobile             | 3 | 3 | 2car
i07 | Sturdy Boots           | 1 | 1 | 2car
i08 | Gold Pan               | 1 | 1 | 2ship
i09 | Trowel                 | 1 | 1 | car
i10 | Pickaxe                | 1 | 1 | car
i11 | Hot Air Balloon        | 2 | 1 | plane
i12 | Aeroplane              | 4 | 3 | 2plane
i13 | Journal                | 3 | 1 | car ship
i14 | Parrot                 | 2 | 2 | ship
i15 | Watch                  | 1 | 1 | ship
i16 | Army Knife             | 3 | 1 | car ship
i17 | Binoculars             | 4 | 1 | ship
i18 | Tent                   | 4 | 2 | car
i19 | Fishing Rod            | 2 | 2 | ship
i20 | Precision Compass      | 4 | 1 | ship
i21 | Bow and Arrows         | 2 | 2 | car
i22 | Carrier Pigeon         | 2 | 1 | ship
i23 | Whip                   | 2 | 1 | car
i24 | Rough Map              | 1 | 1 | ship
i25 | Airdrop                | 2 | 1 | plane
i26 | Flask                  | 2 | 1 | ship
i27 | Machete                | 4 | 1 | car
i28 | Torch                  | 2 | 2 | ship
i29 | Large Backpack         | 3 | 1 | car
i30 | Rope                   | 2 | 1 | ship
i31 | Revolver               | 4 | 1 | 2ship
i32 | Hat                    | 1 | 1 | ship
i33 | Bear Trap              | 2 | 1 | car
i34 | Grappling Hook         | 2 | 2 | car
i35 | Lantern                | 3 | 2 | car
i36 | Dog                    | 3 | 1 | car
i37 | Brush                  | 3 | 3 | car
i38 | Axe                    | 2 | 2 | ship
i39 | Chronometer            | 3 | 2 | 2ship
i40 | Theodolite             | 3 | 1 | ship
a01 | Pathfinder's Sandals   | 3 | 1 | plane
a02 | Pathfinder's Staff     | 4 | 1 | plane
a03 | War Mask               | 3 | 1 | plane
a04 | Treasure Chest         | 4 | 3 | plane
a05 | Ritual Dagger          | 4 | 2 | plane
a06 | Crystal Earring        | 4 | 2 | plane
a07 | Mortar                 | 3 | 1 | plane
a08 | Serpent's Gold         | 3 | 2 | plane
a09 | Serpent Idol           | 2 | 1 | plane
a10 | Monkey Medallion       | 4 | 2 | plane
a11 | Idol of Ara-Anu        | 3 | 1 | plane
a12 | Inscribed Blade        | 2 | 1 | plane
a13 | Guardian's Ocarina     | 4 | 2 | 2plane
a14 | Tigerclaw Hairpin      | 4 | 2 | plane
a15 | War Club               | 4 | 1 | plane
a16 | Sundial                | 2 | 1 | plane
a17 | Trader's Scales        | 4 | 2 | plane
a18 | Hunting Arrows         | 4 | 1 | plane
a19 | Coconut Flask          | 3 | 2 | plane
a20 | Cleansing Cauldron     | 3 | 1 | plane
a21 | Ancient Wine           | 3 | 1 | plane
a22 | Decorated Horn         | 2 | 1 | plane
a23 | Ornate Hammer          | 4 | 2 | plane
a24 | Star Charts            | 4 | 2 | plane
a25 | Stone Jar              | 2 | 1 | plane
a26 | Passage Shell          | 3 | 1 | plane
a27 | Ceremonial Rattle      | 3 | 2 | plane
a28 | Sacred Drum            | 4 | 1 | plane
a29 | Trader's Coins         | 3 | 1 | plane
a30 | Stone Key              | 3 | 2 | plane
a31 | Obsidian Earring       | 4 | 2 | plane
a32 | Guiding Stone          | 3 | 1 | plane
a33 | Guiding Skull          | 4 | 1 | plane
a34 | Runes of the Dead      | 4 | 1 | plane
a35 | Guardian's Crown       | 4 | 2 | plane
"""

FREE_ITEMS = {
    "Steam Boat",
    "Automobile",
    "Gold Pan",
    "Carrier Pigeon",
    "Hat",
    "Watch",
    "Chronometer",
}
SELF_EXILING = {"Hot Air Balloon", "Journal", "Whip", "Rough Map", "Airdrop", "Flask", "Bear Trap"}


def _reference() -> list[tuple[str, str, int, int, str]]:
    rows = []
    for line in REFERENCE_CARDS.strip().splitlines():
        cid, name, cost, vp, travel = (cell.strip() for cell in line.split("|"))
        rows.append((cid, name, int(cost), int(vp), travel))
    return rows


def _travel_text(t: Travel) -> str:
    return str(t)


def test_cards_match_the_reference_table() -> None:
    ours = [
        (card.id, card.name, card.cost, card.vp, _travel_text(card.travel))
        for card in (*C.items, *C.artifacts)
    ]
    assert ours == _reference()


def test_every_reference_name_appears_once() -> None:
    names = Counter(card.name for card in (*C.items, *C.artifacts))
    assert len(names) == 75 and set(names.values()) == {1}
    assert set(names) == {name for _, name, *_ in _reference()}


def test_timing_and_self_exile() -> None:
    assert {c.name for c in C.items if c.free} == FREE_ITEMS
    assert {c.name for c in (*C.items, *C.artifacts) if c.exile_self} == SELF_EXILING
    assert {c.name for c in (*C.items, *C.artifacts) if c.can_pass} == {
        "Watch",
        "Chronometer",
        "Sundial",
    }
    assert all(card.free for card in C.basics.values())


def test_counts() -> None:
    assert (len(C.items), len(C.artifacts), len(C.fear)) == (40, 35, 19)
    assert (len(C.guardians), len(C.sites1), len(C.sites2), len(C.camps)) == (15, 10, 6, 5)
    assert (len(C.assistants), len(C.idols), len(C.bonus_tiles)) == (12, 16, 18)
    assert all(f.vp == -1 and f.travel == Travel(boot=1) and f.effect == () for f in C.fear)
    assert {k: (c.name, c.travel) for k, c in C.basics.items()} == {
        "fc": ("Funding", Travel(car=1)),
        "fs": ("Funding", Travel(ship=1)),
        "ec": ("Exploration", Travel(car=1)),
        "es": ("Exploration", Travel(ship=1)),
    }
    assert C.card("b2es").id == "b2es" and C.card("b2es").effect == (Gain(Res(C=1)),)
    with pytest.raises(KeyError):
        C.card("b2xx")


def test_ids_are_unique_and_found() -> None:
    for group in (C.fear, C.items, C.artifacts, C.guardians, C.assistants, C.idols, C.bonus_tiles):
        for thing in group:
            assert C.by_id[thing.id] is thing
    assert C.site("s01").level == 1 and C.site("t06").level == 2 and C.site("c5").level == 0
    assert C.name("i14") == "Parrot" and C.name("g07") == "guardian 7"


def test_guardian_boons() -> None:
    boons = Counter(g.boon_text for g in C.guardians)
    assert boons == {"+ship": 3, "+car": 3, "+plane": 2, "exile": 5, "draw(1)": 1, "upgrade": 1}
    assert C.guardian("g12").boon_travel == Travel(plane=1)
    assert C.guardian("g08").boon_travel is None
    assert C.guardian("g02").cost == Cost(Res(M=1, A=1), down=1)
    assert C.guardian("g11").cost == Cost(Res(C=1), Travel(boot=2))


def test_idols_and_slots() -> None:
    rewards = Counter(i.text for i in C.idols)
    assert rewards == {"+M": 3, "+C": 3, "+T": 3, "exile": 3, "upgrade": 2, "refresh": 2}
    (slot,) = C.idol_slot
    assert isinstance(slot, Choice) and len(slot.options) == 5
    assert C.rules.idol_slot_vp == (1, 2, 3, 4) and C.rules.idol_vp == 3


def test_bonus_tiles() -> None:
    assert Counter(t.text for t in C.bonus_tiles) == dict.fromkeys(
        ("+M", "+C", "+T", "exile", "draw(1)", "upgrade"), 3
    )


@pytest.mark.parametrize("side", ["bird", "snake"])
def test_research_track_is_connected(side: str) -> None:
    s = C.sides[side]  # type: ignore[index]
    reached = {0}
    for space in s.research:  # spaces are listed bottom-up, so one pass follows every bridge
        if reached & set(space.sources):
            reached.add(space.space)
    assert reached == set(range(15))
    assert s.research_space(TEMPLE).row == 8
    assert all(s.next_spaces(n) for n in range(TEMPLE)), "every space leads on"
    rows = [sp.row for sp in s.research]
    assert rows == sorted(rows) and set(rows) == set(range(1, 9))
    for sp in s.research:
        assert all(s.research_space(src).row == sp.row - 1 for src in sp.sources if src)


def test_bonus_tiles_dealt_per_player_count() -> None:
    dealt = {
        side.name: [sum(sp.bonus_for(p) for sp in side.research) + p for p in (2, 3, 4)]
        for side in C.sides.values()
    }
    # reference §7.4: a 4-player game uses 15 tiles on the bird side, 16 on the snake side
    assert dealt == {"bird": [9, 12, 15], "snake": [10, 13, 16]}
    assert C.sides["snake"].research_space(13).bonus == (2, 3, 3)
    assert C.sides["snake"].rescue_space == 8 and C.sides["bird"].rescue_space is None
    assert C.sides["snake"].research_space(8).cost == Cost(idol=1)


def test_research_rows() -> None:
    bird, snake = C.sides["bird"], C.sides["snake"]
    assert [r.glass_vp for r in bird.rows] == [1, 2, 4, 6, 9, 12, 16]
    assert [r.notebook_vp for r in bird.rows] == [0, 1, 2, 4, 6, 8, 10]
    assert [r.glass_vp for r in snake.rows] == [1, 2, 3, 4, 5, 10, 15]
    assert [r.notebook_vp for r in snake.rows] == [0, 3, 4, 5, 8, 12, 15]
    assert [r.glass_text for r in snake.rows][3:] == ["rescue", "upgrade_assistant", "fear", "fear"]
    assert [r.notebook_text for r in bird.rows][:4] == ["recruit"] * 2 + ["upgrade_assistant"] * 2
    assert C.rules.temple_arrival_vp == (23, 21, 20, 19)


def test_temple_stacks() -> None:
    bird = {t.id: (t.vp, t.cost.res) for t in C.sides["bird"].temple_stacks}
    assert bird == {
        "2a": (2, Res(M=1, T=2)),
        "2b": (2, Res(J=1)),
        "2c": (2, Res(C=1, A=1)),
        "6ab": (6, Res(M=1, T=2, J=1)),
        "6bc": (6, Res(C=1, A=1, J=1)),
        "11abc": (11, Res(M=1, C=1, T=2, A=1, J=1)),
    }
    snake = {t.id: t.cost.res for t in C.sides["snake"].temple_stacks}
    assert snake["2a"] == Res(C=1, T=2) and snake["2c"] == Res(M=1, A=1)
    # 24 tiles in the box: 6 stacks of one per player for 4 players
    assert len(C.sides["bird"].temple_stacks) * 4 == 24


def test_board_travel_costs() -> None:
    def costs(side: str, level: int) -> list[str]:
        return [_travel_text(sp.travel) for sp in C.sides[side].spaces if sp.level == level]  # type: ignore[index]

    assert costs("bird", 0) == ["boot", "2boot"] * 5
    assert costs("bird", 1) == ["car", "car", "ship", "ship", "car", "car", "ship", "ship"]
    assert costs("snake", 1) == ["car", "car", "ship", "ship", "car", "2boot", "plane", "ship"]
    assert costs("bird", 2) == ["2car", "2car", "2ship", "2ship"]
    assert costs("snake", 2) == ["2car", "boot plane", "car ship", "2ship"]
    blockable = [sp.id for sp in C.sides["bird"].spaces if sp.blockable]
    assert blockable == [f"C{n}.2" for n in range(1, 6)]


def test_setup() -> None:
    assert C.setup.start_resources == (Res(M=2), Res(M=1, C=1), Res(M=2, C=1), Res(M=1, C=2))
    assert C.setup.blocked_camps == {2: 5, 3: 3, 4: 0}
    assert C.setup.assistant_stacks == {"bird": (4, 4, 4), "snake": (3, 3)}
    assert sum(C.setup.idols_face_up.values()) * 8 <= 16


def _all_programs() -> list[ops.Program]:
    progs: list[ops.Program] = [c.effect for c in (*C.items, *C.artifacts, *C.basics.values())]
    progs += [g.boon for g in C.guardians]
    progs += [s.effect for s in (*C.camps, *C.sites1, *C.sites2)]
    progs += [a.silver for a in C.assistants] + [a.gold for a in C.assistants]
    progs += [i.reward for i in C.idols] + [t.effect for t in C.bonus_tiles] + [C.idol_slot]
    for side in C.sides.values():
        progs += [r.glass for r in side.rows] + [r.notebook for r in side.rows]
        progs.append(side.temple_effect)
    return progs


def test_every_op_of_the_vocabulary_is_used() -> None:
    used = {type(op) for prog in _all_programs() for op in ops.walk(prog)}
    vocabulary = set(typing.get_args(ops.Op))
    assert vocabulary - used == set()


def test_parser_forms() -> None:
    assert parse("+2CJ") == (Gain(Res(C=2, J=1)),)
    assert parse("+2plane") == (GainTravel(Travel(plane=2)),)
    assert parse("C -> +TA") == (PayThen(Cost(Res(C=1)), (Gain(Res(T=1, A=1)),)),)
    assert parse("M -> (+A | +J)") == (
        PayThen(Cost(Res(M=1)), (Choice(((Gain(Res(A=1)),), (Gain(Res(J=1)),))),)),
    )
    assert parse("down -> (draw(1); exile)") == (PayThen(Cost(down=1), (Draw(1), ops.Exile())),)
    assert parse("draw(1); down") == (Draw(1), PayThen(Cost(down=1), ()))
    assert parse("+2M | pass; +3M") == (Choice(((Gain(Res(M=2)),), (ops.Pass(), Gain(Res(M=3))))),)
    assert parse("research(any, -A/-2T)") == (ops.Research("any", discounts=(Res(A=1), Res(T=2))),)
    assert parse("dig(plane, -3C)") == (ops.Dig(Travel(plane=1), 3),)
    assert parse("act(mine, L2=2C)") == (ops.Activate(("mine",), l2_cost=Res(C=2)),)
    assert parse("peek(bottom, 1-2)") == (ops.Peek("bottom", 1, 2, 0),)
    assert parse_cost("2boot C") == Cost(Res(C=1), Travel(boot=2))
    assert str(parse_cost("down M A")) == "down MA"


@pytest.mark.parametrize(
    "text",
    ["+2X", "draw(", "fly(1)", "C ->", "act(moon)", "buy(item, 3)", "exile(1)", "(+M", "+M))"],
)
def test_parser_rejects_bad_strings(text: str) -> None:
    with pytest.raises(EffectSyntaxError):
        parse(text)
