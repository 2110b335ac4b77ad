"""The log never lies about what a seat gained or lost: over many random and bot games of every
game, each event's sentence (read in the position it happens in, as the log, the export and the
line mode read it) says exactly the difference of each seat's holdings before and after it.

Holdings are counted here from the whole state, apart from the words: Arnak's five resources,
idols, idol slots, guardians, assistants, temple tiles, Fear tiles, Fear cards (wherever the
seat's own cards are: a Fear card paid from the hand is still the seat's) and each item and
artifact card; Kilauea's Sacred Stones, VP and Tikis in the canoe and on the island; Mauna Kea's
tiles in hand, artifacts carried, artifacts saved and cards in hand. A sentence's claims are read
back from its words.

(Arnak's log said "+1 Fear card" for every dig paid with a Fear card's boot, nothing for a Fear
card a guardian gave at a round's end, and nothing for the start's resources.)"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from core.bots import RandomBot, make_bot, play_out
from core.fold import fold
from core.games import get_rules
from core.games.arnak import commands as acmd
from core.games.arnak import events as aev
from core.games.arnak import ledger
from core.games.arnak import rules as arnak_rules
from core.games.arnak import transcript as arnak_words
from core.games.arnak import words as W
from core.games.arnak.components import COMPONENTS as AC
from core.games.kilauea import events as kev
from core.games.maunakea import events as mev
from core.referee import Referee
from tests.kit.arnak_builder import Table

Holdings = Counter[tuple[int, str]]  # (seat, kind) -> how many
Claims = Callable[[Any, Any, str, Sequence[str]], Holdings]

# (game, bot kinds by seat, games): random play at every player count, and the bots a player meets
PLAYS: list[tuple[str, str, int]] = [
    ("arnak", "random", 24),
    ("arnak", "greedy", 6),
    ("kilauea", "random", 24),
    ("kilauea", "greedy", 3),
    ("maunakea", "random", 8),
    ("maunakea", "greedy", 3),
]
PLAYERS = {"arnak": (2, 3, 4), "kilauea": (2, 3, 4), "maunakea": (2, 3, 4)}


def games(game: str, kind: str, n: int) -> Iterator[Referee[Any]]:
    """``n`` whole games of ``game``, every seat played by a bot of ``kind``, fixed seeds."""
    rules = get_rules(game)
    for g in range(n):
        players = PLAYERS[game][g % len(PLAYERS[game])]
        options: dict[str, Any] = {}
        if game == "arnak":
            options = {"side": ("bird", "snake")[g // 3 % 2]}
        if game == "maunakea":
            options = {"advanced": g % 2 == 1}
        config = rules.config(players, options)
        names = [f"P{i + 1}" for i in range(players)]
        referee: Referee[Any] = Referee(rules, config, names, seed=f"gains/{game}/{kind}/{g}")
        referee.begin()
        bots = {
            s: RandomBot(f"{g}/{s}") if kind == "random" else make_bot(game, kind, f"{g}/{s}")
            for s in range(players)
        }
        play_out(referee, bots)
        assert referee.ended, (game, kind, g)
        yield referee


# --- holdings, counted from the state --------------------------------------------------------


def arnak_holdings(state: Any) -> Holdings:
    out: Holdings = Counter()
    for seat, p in enumerate(state.seats):
        for (one, _), n in zip(W.RES_WORDS, p.res, strict=True):
            out[seat, one] = n
        out[seat, "idol"] = p.idols
        out[seat, "idol slot"] = p.slots
        out[seat, "guardian"] = len(p.guardians)
        out[seat, "assistant"] = len(p.assistants)
        out[seat, "temple tile"] = len(p.temple_tiles)
        out[seat, "Fear tile"] = p.fear_tiles
        cards = [*p.deck, *p.hand, *p.play, *p.aside]
        out[seat, "Fear card"] = sum(1 for c in cards if c.startswith("f"))
        for card in cards:
            if card[:1] in "ia":
                out[seat, AC.name(card)] += 1
        for card in p.exiled:
            out[seat, AC.name(card)] -= 1  # a basic card exiled is one the seat lost
    return out


def kilauea_holdings(state: Any) -> Holdings:
    out: Holdings = Counter()
    for seat in range(state.players):
        out[seat, "stone"] = state.stones[seat]
        out[seat, "VP"] = sum(state.points[seat].values())
        out[seat, "canoe"] = len(state.canoes[seat])
        out[seat, "island"] = sum(len(stack) for stack in state.islands[seat])
    return out


def maunakea_holdings(state: Any) -> Holdings:
    out: Holdings = Counter()
    for seat in range(state.players):
        out[seat, "tile"] = len(state.hands[seat])
        out[seat, "carried"] = sum(len(x.carried) for x in state.explorers[seat])
        saved = [b.cargo for b in state.taken if b.seat == seat]
        saved += [r.artifacts for r in state.rescued if r.seat == seat]
        out[seat, "saved"] = sum(len(c) for c in saved)
        if state.advanced:  # the six dealt are held until four are kept
            dealt = state.dealt[seat] if state.dealt else []
            out[seat, "card"] = len(dealt) + (len(state.cards[seat]) if state.cards else 0)
    return out


# --- claims, read back from the words -------------------------------------------------------

_ARNAK_COUNTED = {one: one for one, _ in W.RES_WORDS} | {many: one for one, many in W.RES_WORDS}
for _word in ("idol", "Fear card", "Fear tile", "temple tile"):
    _ARNAK_COUNTED[_word] = _ARNAK_COUNTED[_word + "s"] = _word
CARD_NAMES = {AC.name(c.id) for c in (*AC.items, *AC.artifacts)}
_COUNT = re.compile(r"^([+−])?(\d+) (.+)$")


def _arnak_parts(text: str, seat: int, out: Holdings) -> None:
    """The ledger's parts (``+2 coins, +1 Fear card, exiled Funding``), a following part without
    its sign taking the one before (an answer's ``+1 coin, 1 compass``)."""
    sign = 1
    for part in text.split(", ") if text else ():
        if part.startswith("+guardian ("):
            out[seat, "guardian"] += 1
        elif m := re.fullmatch(r"([+−])assistant \d+ \((silver|gold)\)|−assistant \d+", part):
            out[seat, "assistant"] += -1 if part.startswith("−") else 1
        elif part.startswith("exiled "):
            out[seat, part.removeprefix("exiled ")] -= 1
        elif m := re.fullmatch(r"(\d+) idol slots? emptied", part):
            out[seat, "idol slot"] -= int(m[1])
        elif m := _COUNT.match(part):
            sign = {"+": 1, "−": -1}.get(m[1] or "", sign)
            word = m[3].removesuffix(" filled")
            word = {"idol slot": "idol slot", "idol slots": "idol slot"}.get(word, word)
            assert word in _ARNAK_COUNTED or word == "idol slot", (part, text)
            out[seat, _ARNAK_COUNTED.get(word, word)] += sign * int(m[2])
        elif part.startswith("+") and part[1:2].isupper():
            out[seat, part[1:]] += 1  # a card gained, by its name
        else:  # research tokens, a boon used, an assistant refreshed: no holdings
            assert re.match(r"(glass|notebook) to |boon of |assistant \d+ ", part), (part, text)


def arnak_claims(before: Any, event: Any, said: str, names: Sequence[str]) -> Holdings:
    out: Holdings = Counter()
    plain = None
    if isinstance(event, aev.AnswerGiven):
        plain = arnak_words.answered(before, event, names)
    if plain is None:
        plain = arnak_words.describe(event, names, before)
    assert said.startswith(plain), (said, plain)
    tail = said[len(plain) :]
    acting = event.seat if isinstance(event, arnak_rules.ACTIONS) else None
    after = arnak_rules.RULES.evolve(before.copy(), event)
    if acting is not None:  # a card gained that the sentence names already ("bought Whip")
        gained = arnak_holdings(after)
        gained.subtract(arnak_holdings(before))
        for (seat, kind), n in gained.items():
            if seat == acting and n > 0 and kind in CARD_NAMES and kind in plain:
                out[seat, kind] += n
    if acting is not None and tail.startswith(": "):
        mine, _, others = tail[2:].partition(" → ")
        _arnak_parts(mine, acting, out)
    else:
        others = tail.removeprefix(" → ")
        if acting is not None and others and others.partition(" ")[0] not in names:
            mine, _, others = others.partition(" → ")
            _arnak_parts(mine, acting, out)
        elif acting is not None and not tail and ledger.change(before, after, acting, said=plain):
            _arnak_parts(plain.rpartition(": ")[2], acting, out)  # an answer saying its gains
    for told in filter(None, re.split(r"; (?=P\d )", others)):
        who, _, parts = told.partition(" ")
        assert who in names, (told, said)
        _arnak_parts(parts, names.index(who), out)
    return out


def kilauea_claims(before: Any, event: Any, said: str, names: Sequence[str]) -> Holdings:
    out: Holdings = Counter()
    seat = getattr(event, "seat", None)
    if isinstance(event, kev.StonesDealt):
        for who, n in re.findall(r"(P\d) (\d+)", said.partition(": ")[2]):
            out[names.index(who), "stone"] += int(n)
    elif isinstance(event, kev.ScoringRound | kev.FinalBonuses):
        for who, sums in re.findall(r"(P\d) \+?([\d +]+?)(?=, P\d|$)", said.rpartition(": ")[2]):
            out[names.index(who), "VP"] += sum(int(n) for n in sums.split(" + "))
    elif seat is not None:
        if m := re.search(r"(?:paying|paid) (\d+) Sacred Stones?", said):
            out[seat, "stone"] -= int(m[1])
        if m := re.search(r"took (\d+) Sacred Stones?", said):
            out[seat, "stone"] += int(m[1])
        if m := re.search(r"gained (\d+) VP", said):
            out[seat, "VP"] += int(m[1])
        if re.search(r"took the \w+ Tiki .* into their canoe|cut a \w+ Tiki", said):
            out[seat, "canoe"] += 1
        if re.search(r"built a \w+ Tiki", said):
            out[seat, "canoe"] -= 1
            if "on their island" in said:
                out[seat, "island"] += 1
        if m := re.fullmatch(r"A \w+ Tiki moved from (.+) to (.+)", said):
            for where, sign in ((m[1], -1), (m[2], 1)):
                if where.endswith("canoe"):
                    out[seat, "canoe"] += sign
                elif "island" in where:
                    out[seat, "island"] += sign
    return out


def maunakea_claims(before: Any, event: Any, said: str, names: Sequence[str]) -> Holdings:
    out: Holdings = Counter()
    if isinstance(event, mev.TileDrawn):
        if re.fullmatch(r"P\d drew a \d MP tile \(\w+\)", said):  # lava flows at once
            out[event.seat, "tile"] += 1
    elif isinstance(event, mev.TilePlaced | mev.TileSpent):
        out[event.seat, "tile"] -= 1
    elif isinstance(event, mev.ArtifactPickedUp):
        out[event.seat, "carried"] += 1
    elif isinstance(event, mev.ArtifactDropped):
        out[event.seat, "carried"] -= 1
    elif isinstance(event, mev.BoatBoarded | mev.ExplorerRescued):
        cargo = re.search(r" with (.+?)(?: \(left behind: (.+)\))?$", said)
        assert cargo, said
        carried = [] if cargo[1] == "nothing" else cargo[1].split(", ")
        left = [] if not cargo[2] else cargo[2].split(", ")
        out[event.seat, "carried"] -= len(carried) + len(left)
        out[event.seat, "saved"] += len(carried)
    elif isinstance(event, mev.CardsDealt):
        n = int(said.split(" ", 1)[0])
        for s in range(len(names)):
            out[s, "card"] += n
    elif isinstance(event, mev.CardsKept):
        out[event.seat, "card"] -= 2  # "keeps" four of six: the other two leave
    elif isinstance(event, mev.CardMoved | mev.EarthquakeStruck):
        assert said.startswith(f"{names[event.seat]} played "), said
        out[event.seat, "card"] -= 1
    if isinstance(event, mev.ExplorerRescued):
        assert said.startswith(f"{names[event.seat]} played a helicopter rescue"), said
        out[event.seat, "card"] -= 1
    return out


GAMES: dict[str, tuple[Callable[[Any], Holdings], Claims]] = {
    "arnak": (arnak_holdings, arnak_claims),
    "kilauea": (kilauea_holdings, kilauea_claims),
    "maunakea": (maunakea_holdings, maunakea_claims),
}


def lies(referee: Referee[Any], changed: Counter[str]) -> Iterator[tuple[str, Holdings, Holdings]]:
    """Each event whose sentence's claims differ from the holdings' difference (``changed``
    counts the events that changed some holding, by game)."""
    rules = referee.rules
    holdings, claims = GAMES[rules.game]
    names = list(referee.players)
    _, state = fold(referee.log[:1])
    for env in referee.log[1:]:
        if env.type.startswith("core."):
            continue
        said = rules.describe_in(state, env.event, names)
        after = rules.evolve(rules.copy(state), env.event)
        diff = holdings(after)
        diff.subtract(holdings(state))
        real = Counter({k: v for k, v in diff.items() if v})
        told = Counter({k: v for k, v in claims(state, env.event, said, names).items() if v})
        changed[rules.game] += bool(real)
        if real != told:
            yield said, told, real
        state = after


@pytest.mark.parametrize(("game", "kind", "n"), PLAYS)
def test_every_logged_gain_is_what_the_holdings_gained(game: str, kind: str, n: int) -> None:
    changed: Counter[str] = Counter()
    for referee in games(game, kind, n):
        found = list(lies(referee, changed))
        assert not found, found[:5]
    assert changed[game] > n * 20  # the words were read back where something changed


def _sentences(referee: Referee[Any]) -> list[str]:
    rules, names = referee.rules, list(referee.players)
    _, state = fold(referee.log[:1])
    out = []
    for env in referee.log[1:]:
        if not env.type.startswith("core."):
            out.append(rules.describe_in(state, env.event, names))
            state = rules.evolve(rules.copy(state), env.event)
    return out


def test_arnak_says_the_fear_a_guardian_gives_at_the_rounds_end_and_no_fear_paid() -> None:
    t = Table().site("L1.2", "s02", guardian="g08").arch(0, ["L1.2"]).hand(0, ["f01", "b0fc"])
    t.do(acmd.Dig("C1.1", ("f01",)))  # the Fear card's boot pays: it stays Red's
    while t.state.round == 1:  # both pass: the round ends with Red still at the guarded site
        if t.options():  # passing: which cards go to the play area (the first offered)
            t.choose(t.options()[0])
        else:
            t.do(acmd.Pass() if acmd.Pass() in t.legal() else acmd.EndTurn())
    assert t.referee is not None
    said = _sentences(t.referee)
    dug = [s for s in said if " dug at camp 1" in s]
    assert dug and dug[0].endswith("paying with Fear: +2 coins"), dug
    ended = [s for s in said if s.startswith("Round 1 ended")]
    assert ended == ["Round 1 ended: the archaeologists went home → P1 +1 Fear card"], said
