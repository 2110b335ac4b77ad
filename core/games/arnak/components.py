"""Arnak's components, read once from ``components.toml`` into typed, frozen records.

Find any card, site, guardian, assistant, idol, tile or research row by its id here
(``COMPONENTS.card("i14")`` is the Parrot); its effect is a program of :mod:`.ops`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from core.games.arnak.effect_text import parse, parse_cost, parse_res, parse_travel
from core.games.arnak.ops import NO_TRAVEL, Cost, GainTravel, Pass, Program, Res, Travel, walk

CardKind = Literal["basic", "fear", "item", "artifact"]
SideName = Literal["bird", "snake"]
SIDES: tuple[SideName, ...] = ("bird", "snake")
TEMPLE = 14  # the research space of the Lost Temple (glass only)


@dataclass(frozen=True)
class Card:
    """A card: a basic, a Fear card, an item (``cost`` in coins) or an artifact (in compasses)."""

    id: str
    name: str
    kind: CardKind
    cost: int
    vp: int
    travel: Travel
    effect: Program
    text: str
    free: bool = False  # its effect is a free action (items only; artifacts are main)
    exile_self: bool = False  # played for its effect, it leaves the game

    @property
    def can_pass(self) -> bool:
        """One of its options passes (Watch, Chronometer, Sundial)."""
        return any(isinstance(op, Pass) for op in walk(self.effect))


@dataclass(frozen=True)
class Guardian:
    id: str
    cost: Cost
    boon: Program
    cost_text: str
    boon_text: str

    @property
    def boon_travel(self) -> Travel | None:
        """The travel icons of a travel boon (it pays travel like a card); None for other boons."""
        if len(self.boon) == 1 and isinstance(self.boon[0], GainTravel):
            return self.boon[0].travel
        return None


@dataclass(frozen=True)
class SiteTile:
    """A camp (level 0, printed on the board) or a level-I/II site tile."""

    id: str
    level: int
    effect: Program
    text: str


@dataclass(frozen=True)
class Space:
    """An archaeologist's space on the board. ``site`` groups a camp's two spaces (``C3``);
    a level-I/II space is its own site (``L1.4``)."""

    id: str
    site: str
    level: int
    travel: Travel
    camp: str | None = None  # the camp's id (c1-c5) for camp spaces
    blockable: bool = False  # a camp's second space, covered by blocking tiles


@dataclass(frozen=True)
class Assistant:
    id: str
    silver: Program
    gold: Program
    silver_text: str
    gold_text: str
    main: bool = False  # using it is the turn's main action (h10)

    def effect(self, gold: bool) -> Program:
        return self.gold if gold else self.silver


@dataclass(frozen=True)
class Idol:
    id: str
    reward: Program
    text: str


@dataclass(frozen=True)
class BonusTile:
    id: str
    effect: Program
    text: str


@dataclass(frozen=True)
class ResearchSpace:
    space: int
    row: int  # 1-7; 8 is the temple
    cost: Cost  # every bridge into this space costs this
    sources: tuple[int, ...]  # spaces with a bridge to this one (0 = the start)
    bonus: tuple[int, int, int]  # bonus tiles dealt here for 2 / 3 / 4 players
    rescue: bool = False  # the snake side's assistant rescue space

    def bonus_for(self, players: int) -> int:
        return self.bonus[players - 2]


@dataclass(frozen=True)
class ResearchRow:
    row: int
    glass: Program
    glass_vp: int
    notebook: Program
    notebook_vp: int
    glass_text: str
    notebook_text: str


@dataclass(frozen=True)
class TempleStack:
    id: str
    vp: int
    cost: Cost


@dataclass(frozen=True)
class Side:
    """One side of the board: its spaces' travel costs, research track and temple."""

    name: SideName
    spaces: tuple[Space, ...]
    research: tuple[ResearchSpace, ...]  # index = space number - 1 (spaces 1-14)
    rows: tuple[ResearchRow, ...]  # index = row - 1 (rows 1-7)
    temple_effect: Program
    temple_stacks: tuple[TempleStack, ...]

    def space(self, space_id: str) -> Space:
        for s in self.spaces:
            if s.id == space_id:
                return s
        raise KeyError(space_id)

    def research_space(self, number: int) -> ResearchSpace:
        return self.research[number - 1]

    def row(self, number: int) -> ResearchRow:
        return self.rows[number - 1]

    def next_spaces(self, number: int) -> tuple[int, ...]:
        """The spaces a token on ``number`` may research into."""
        return tuple(s.space for s in self.research if number in s.sources)

    @property
    def rescue_space(self) -> int | None:
        return next((s.space for s in self.research if s.rescue), None)


@dataclass(frozen=True)
class Setup:
    start_resources: tuple[Res, ...]  # by seat in turn order
    starting_fear: int
    blocked_camps: dict[int, int]  # players -> camp spaces blocked
    idols_face_up: dict[int, int]  # site level -> idols placed face up
    idols_face_down: dict[int, int]
    assistant_stacks: dict[SideName, tuple[int, ...]]  # snake: the 3rd stack takes the rest


@dataclass(frozen=True)
class Rules:
    rounds: int
    hand_size: int
    row_size: int
    plane_price: Res
    artifact_play_cost: Res
    discover_cost: dict[int, Res]  # site level -> compasses
    guardian_vp: int
    idol_vp: int
    idol_slot_vp: tuple[int, ...]
    fear_vp: int
    fear_tile_vp: int
    fear_tiles: int
    fear_cards: int
    per_count_cap: int
    temple_arrival_vp: tuple[int, ...]


@dataclass(frozen=True)
class Components:
    rules: Rules
    setup: Setup
    basics: dict[str, Card]  # "fc" Funding car, "fs", "ec" Exploration car, "es"
    fear: tuple[Card, ...]  # f01-f19
    items: tuple[Card, ...]
    artifacts: tuple[Card, ...]
    guardians: tuple[Guardian, ...]
    camps: tuple[SiteTile, ...]
    sites1: tuple[SiteTile, ...]
    sites2: tuple[SiteTile, ...]
    assistants: tuple[Assistant, ...]
    idols: tuple[Idol, ...]
    idol_slot: Program
    bonus_tiles: tuple[BonusTile, ...]
    sides: dict[SideName, Side]
    by_id: dict[str, Any]

    def card(self, card_id: str) -> Card:
        """Any card by id; basics are ``b<seat><f|e><c|s>`` (``b0fc``: seat 0's Funding car)."""
        found = self.by_id.get(card_id)
        if isinstance(found, Card):
            return found
        if len(card_id) == 4 and card_id[0] == "b" and card_id[2:] in self.basics:
            return replace(self.basics[card_id[2:]], id=card_id)
        raise KeyError(f"no card {card_id!r}")

    def guardian(self, gid: str) -> Guardian:
        found = self.by_id[gid]
        assert isinstance(found, Guardian)
        return found

    def site(self, sid: str) -> SiteTile:
        found = self.by_id[sid]
        assert isinstance(found, SiteTile)
        return found

    def assistant(self, aid: str) -> Assistant:
        found = self.by_id[aid]
        assert isinstance(found, Assistant)
        return found

    def idol(self, iid: str) -> Idol:
        found = self.by_id[iid]
        assert isinstance(found, Idol)
        return found

    def bonus_tile(self, tid: str) -> BonusTile:
        found = self.by_id[tid]
        assert isinstance(found, BonusTile)
        return found

    def name(self, cid: str) -> str:
        """A readable name for any component id (cards by name, the rest by kind and number)."""
        try:
            return self.card(cid).name
        except KeyError:
            pass
        kinds = {"g": "guardian", "s": "level-I site", "t": "level-II site", "c": "camp"}
        kinds |= {"d": "idol", "h": "assistant", "r": "research bonus"}
        kind = kinds.get(cid[:1])
        return f"{kind} {int(cid[1:])}" if kind else cid


def _travel(text: str) -> Travel:
    """``"car ship"`` or ``"2plane"`` -> Travel."""
    total = NO_TRAVEL
    for term in text.split():
        t = parse_travel(term)
        if t is None:
            raise ValueError(f"not a travel icon: {term!r}")
        total = total + t
    return total


def _card(entry: dict[str, Any], kind: CardKind) -> Card:
    return Card(
        id=entry["id"],
        name=entry["name"],
        kind=kind,
        cost=entry["cost"],
        vp=entry["vp"],
        travel=_travel(entry["travel"]),
        effect=parse(entry["effect"]),
        text=entry["effect"],
        free=entry.get("free", False),
        exile_self=entry.get("exile_self", False),
    )


def _side(name: SideName, raw: dict[str, Any]) -> Side:
    spaces: list[Space] = []
    for camp in range(1, 6):
        for i, cost in enumerate(raw["board"]["camp_spaces"], start=1):
            spaces.append(
                Space(f"C{camp}.{i}", f"C{camp}", 0, _travel(cost), f"c{camp}", blockable=i == 2)
            )
    for level in (1, 2):
        for i, cost in enumerate(raw["board"][name][f"L{level}"], start=1):
            spaces.append(Space(f"L{level}.{i}", f"L{level}.{i}", level, _travel(cost)))
    track = raw["research"][name]
    research = tuple(
        ResearchSpace(
            space=s["space"],
            row=s["row"],
            cost=parse_cost(s["cost"]),
            sources=tuple(s["from"]),
            bonus=(s["bonus"][0], s["bonus"][1], s["bonus"][2]),
            rescue=s.get("rescue", False),
        )
        for s in track["spaces"]
    )
    rows = tuple(
        ResearchRow(
            i,
            parse(r["glass"]),
            r["glass_vp"],
            parse(r["notebook"]),
            r["notebook_vp"],
            r["glass"],
            r["notebook"],
        )
        for i, r in enumerate(track["rows"], start=1)
    )
    base = dict(zip("ABC", (parse_cost(c) for c in track["temple_costs"]), strict=True))
    stacks = tuple(
        TempleStack(t["id"], t["vp"], _sum_costs([base[p] for p in t["parts"]]))
        for t in raw["temple_stacks"]
    )
    return Side(name, tuple(spaces), research, rows, parse(track["temple_effect"]), stacks)


def _sum_costs(costs: list[Cost]) -> Cost:
    res, travel = Res(), NO_TRAVEL
    for c in costs:
        res = res + c.res
        travel = travel + c.travel
    return Cost(res, travel, sum(c.down for c in costs), sum(c.idol for c in costs))


def _numbered(prefix: str, entries: list[dict[str, Any]], key: str) -> list[tuple[str, str]]:
    """Expand ``count`` entries into numbered ids: [(id, text), ...]."""
    out: list[tuple[str, str]] = []
    for entry in entries:
        for _ in range(entry["count"]):
            out.append((f"{prefix}{len(out) + 1:02d}", entry[key]))
    return out


def load(path: Path | None = None) -> Components:
    """Parse the data file; the rulebook's counts are checked on the way in."""
    raw = tomllib.loads((path or Path(__file__).with_name("components.toml")).read_text("utf-8"))
    r, s = raw["rules"], raw["setup"]
    rules = Rules(
        rounds=r["rounds"],
        hand_size=r["hand_size"],
        row_size=r["row_size"],
        plane_price=parse_res(r["plane_price"]),
        artifact_play_cost=parse_res(r["artifact_play_cost"]),
        discover_cost={
            1: parse_res(r["discover_cost"]["L1"]),
            2: parse_res(r["discover_cost"]["L2"]),
        },
        guardian_vp=r["guardian_vp"],
        idol_vp=r["idol_vp"],
        idol_slot_vp=tuple(r["idol_slot_vp"]),
        fear_vp=r["fear_vp"],
        fear_tile_vp=r["fear_tile_vp"],
        fear_tiles=r["fear_tiles"],
        fear_cards=r["fear_cards"],
        per_count_cap=r["per_count_cap"],
        temple_arrival_vp=tuple(r["temple_arrival_vp"]),
    )
    setup = Setup(
        start_resources=tuple(parse_res(x) for x in s["start_resources"]),
        starting_fear=s["starting_fear"],
        blocked_camps={int(k): v for k, v in s["blocked_camps"].items()},
        idols_face_up={1: s["idols_face_up"]["L1"], 2: s["idols_face_up"]["L2"]},
        idols_face_down={1: s["idols_face_down"]["L1"], 2: s["idols_face_down"]["L2"]},
        assistant_stacks={side: tuple(s["assistant_stacks"][side]) for side in SIDES},
    )
    basics = {
        b["key"]: Card(
            f"b?{b['key']}",
            b["name"],
            "basic",
            0,
            0,
            _travel(b["travel"]),
            parse(b["effect"]),
            b["effect"],
            free=True,
        )
        for b in raw["basics"]
    }
    fear_raw = raw["fear"]
    fear = tuple(
        Card(
            f"f{i:02d}",
            fear_raw["name"],
            "fear",
            0,
            rules.fear_vp,
            _travel(fear_raw["travel"]),
            (),
            "",
        )
        for i in range(1, rules.fear_cards + 1)
    )
    items = tuple(_card(e, "item") for e in raw["items"])
    artifacts = tuple(_card(e, "artifact") for e in raw["artifacts"])
    guardians = tuple(
        Guardian(g["id"], parse_cost(g["cost"]), parse(g["boon"]), g["cost"], g["boon"])
        for g in raw["guardians"]
    )
    camps = tuple(SiteTile(c["id"], 0, parse(c["effect"]), c["effect"]) for c in raw["camps"])
    sites1 = tuple(SiteTile(t["id"], 1, parse(t["effect"]), t["effect"]) for t in raw["sites1"])
    sites2 = tuple(SiteTile(t["id"], 2, parse(t["effect"]), t["effect"]) for t in raw["sites2"])
    assistants = tuple(
        Assistant(
            a["id"],
            parse(a["silver"]),
            parse(a["gold"]),
            a["silver"],
            a["gold"],
            a.get("main", False),
        )
        for a in raw["assistants"]
    )
    idols = tuple(Idol(i, parse(t), t) for i, t in _numbered("d", raw["idols"], "reward"))
    bonus = tuple(
        BonusTile(i, parse(t), t) for i, t in _numbered("r", raw["bonus_tiles"], "effect")
    )
    sides = {name: _side(name, raw) for name in SIDES}
    by_id: dict[str, Any] = {}
    for group in (
        fear,
        items,
        artifacts,
        guardians,
        camps,
        sites1,
        sites2,
        assistants,
        idols,
        bonus,
    ):
        for thing in group:
            assert thing.id not in by_id, f"duplicate id {thing.id}"
            by_id[thing.id] = thing
    comps = Components(
        rules=rules,
        setup=setup,
        basics=basics,
        fear=fear,
        items=items,
        artifacts=artifacts,
        guardians=guardians,
        camps=camps,
        sites1=sites1,
        sites2=sites2,
        assistants=assistants,
        idols=idols,
        idol_slot=parse(raw["idol_slot"]["effect"]),
        bonus_tiles=bonus,
        sides=sides,
        by_id=by_id,
    )
    _check(comps)
    return comps


def _check(c: Components) -> None:
    """The counts the rulebook gives (004, line 31-58); a wrong edit fails loudly here."""
    assert len(c.items) == 40 and len(c.artifacts) == 35 and len(c.fear) == 19
    assert [card.id for card in c.items] == [f"i{n:02d}" for n in range(1, 41)]
    assert [card.id for card in c.artifacts] == [f"a{n:02d}" for n in range(1, 36)]
    assert len(c.guardians) == 15 and len(c.camps) == 5
    assert len(c.sites1) == 10 and len(c.sites2) == 6
    assert len(c.assistants) == 12 and len(c.idols) == 16 and len(c.bonus_tiles) == 18
    assert len(c.basics) == 4
    assert all(card.travel.plane >= 1 for card in c.artifacts), "every artifact flies"
    assert not any(card.free for card in c.artifacts), "an artifact's effect is a main action"
    for side in c.sides.values():
        assert [s.space for s in side.research] == list(range(1, 15))
        assert side.research[-1].row == 8 and len(side.rows) == 7
        assert len(side.spaces) == 10 + 8 + 4
        assert len(side.temple_stacks) == 6
        for players in (2, 3, 4):
            tiles = sum(s.bonus_for(players) for s in side.research) + players
            assert tiles <= len(c.bonus_tiles), f"{side.name}: {tiles} bonus tiles for {players}"


COMPONENTS = load()
