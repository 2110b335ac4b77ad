"""Ratings: a fold over the verified results of rated games, one ladder per game.

A result counts only when its replay proves it: the game finished, its log audits (every draw
from the seed it reveals, every clock reading and timeout re-checked), its table was rated
(``core.seated`` says so), and its proofs (:mod:`replays.proofs`) show every move of a person
signed by the key that took the seat, but for the moves a bot of the host's made while it
played for them (each hand-over is in the log, with its reason). A player who was dropped, or
whose seat a bot still played at the end because they had gone, abandoned the game and ranks
last. The winners share first place; below them, equal scores share a rank.

Players are known by their key (``k:<public key hex>``), so two players of one name are two
players (shown apart by their key's fingerprint), and a bot by its level (``bot:greedy``):
every level a bot registry offers is a player of the ladder too, so the ladder measures the
bots. A bot client (``caldera bot``, which anyone may run) is a bot of its level known by its
key (``bot:random:<key>``), never a person. The ratings are openskill's Plackett–Luce model
(a multiplayer Bayesian rating), folded over the results in the order the games finished (the
last clock reading of each log, then the file's name): any two machines with the same replays
compute the same ladder.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from core.audit import audit
from core.errors import CalderaError
from core.lifecycle import ClockRead, GameEnded, GameStarted, HandedBack, HandedToBot
from net.trust.keys import fingerprint, public_from_hex
from net.wire.messages import ladder_identity
from replays import proofs
from replays.file import read

BOT = "bot:"
PERSON = "k:"


@dataclass(frozen=True)
class Entrant:
    """One seat of a rated game: who (``identity``) and the name they played under."""

    identity: str
    name: str

    @property
    def short(self) -> str:
        """How a ladder tells players apart: a key's fingerprint, or the bot's level."""
        if self.identity.startswith(BOT):  # a bot client's key tells it from the host's bots
            _, _, hexed = self.identity.removeprefix(BOT).partition(":")
            client = public_from_hex(hexed) if hexed else None
            return f"bot {fingerprint(client)}" if client is not None else "bot"
        key = public_from_hex(self.identity.removeprefix(PERSON))
        return fingerprint(key) if key is not None else "?"


@dataclass(frozen=True)
class Result:
    """A verified result: the game, when it finished (ms since 1970), who sat where, and each
    seat's rank (1 is first; ties share one). ``played`` names the game itself (its table and
    its seed's commitment): a copy of a replay under another name is the same game."""

    replay: str
    game: str
    finished: int
    entrants: tuple[Entrant, ...]
    ranks: tuple[int, ...]
    played: str = ""

    @property
    def order(self) -> tuple[int, str]:
        return (self.finished, self.replay)


class NotCounted(CalderaError):
    """A replay that is not a rated result (the message says why)."""


def ranks_of(
    scores: Sequence[int], winners: Sequence[int], abandoned: Iterable[int] = ()
) -> tuple[int, ...]:
    """Each seat's rank: the winners share 1, the rest by score (equal scores share a rank),
    those who abandoned share the last."""
    gone = set(abandoned)
    stayed = [s for s in range(len(scores)) if s not in gone]
    firsts = [s for s in stayed if s in winners]
    rest = sorted((s for s in stayed if s not in winners), key=lambda s: -scores[s])
    ranks = [0] * len(scores)
    for seat in firsts:
        ranks[seat] = 1
    for i, seat in enumerate(rest):
        if i and scores[seat] == scores[rest[i - 1]]:
            ranks[seat] = ranks[rest[i - 1]]
        else:
            ranks[seat] = len(firsts) + i + 1
    last = max(ranks, default=0) + 1
    for seat in gone:
        ranks[seat] = last
    return tuple(ranks)


def result_of(path: Path) -> Result:
    """The result a replay proves; :class:`NotCounted` with one line saying why not."""
    try:
        replay = read(path)
    except CalderaError as exc:
        raise NotCounted(str(exc)) from None
    ended = replay.ended
    if ended is None or replay.warnings:
        raise NotCounted("the game is not finished" if ended is None else replay.warnings[0])
    report = audit(replay.envelopes)
    if not report.ok or not report.seed_checked:
        raise NotCounted(f"it does not verify: {(report.problems or ['no seed'])[0]}")
    seated = report.book.seated
    if seated is None or not seated.rated:
        raise NotCounted("a casual game (not rated)")
    signed = proofs.check(path, replay.envelopes, replay.raw, expected=True)
    if not signed.found or not signed.ok:
        raise NotCounted(f"its proofs do not hold: {(signed.problems or ['none'])[0]}")
    for seat, key in signed.keys.items():
        if key != seated.keys[seat]:
            raise NotCounted(f"seat {seat + 1} signed with another key than it sat down with")
    played_for = _played_for(replay.envelopes)
    for seq, seat in signed.by_host_at:
        if seated.keys[seat] and seat not in played_for.get(seq, ()):
            raise NotCounted(f"event {seq}: a move of seat {seat + 1} that nobody signed")
    started = replay.envelopes[0].event
    assert isinstance(started, GameStarted)
    names = started.players  # the chained and host-signed names, not the header's copy
    entrants = tuple(
        Entrant(ladder_identity(key, bot), name)
        for key, bot, name in zip(seated.keys, seated.bots, names, strict=True)
    )
    reads = [env.event.at for env in replay.envelopes if isinstance(env.event, ClockRead)]
    assert isinstance(ended, GameEnded)
    return Result(
        replay=path.name,
        game=replay.header.game,
        finished=reads[-1] if reads else 0,
        entrants=entrants,
        ranks=ranks_of(ended.scores, ended.winners, report.book.abandoned),
        played=f"{signed.table}:{started.seed_hash}",
    )


def _played_for(envelopes: Sequence[object]) -> dict[int, frozenset[int]]:
    """For each event, the seats a bot of the host's was playing for someone then."""
    handed: set[int] = set()
    out: dict[int, frozenset[int]] = {}
    for env in envelopes:
        event = getattr(env, "event", None)
        if isinstance(event, HandedToBot):
            handed.add(event.seat)
        elif isinstance(event, HandedBack):
            handed.discard(event.seat)
        out[getattr(env, "seq", -1)] = frozenset(handed)
    return out


@dataclass
class Standing:
    """One player on one game's ladder."""

    identity: str
    name: str
    mu: float
    sigma: float
    games: int = 0

    @property
    def rating(self) -> float:
        """What the ladder shows and sorts by: openskill's ordinal, mu − 3σ (0 at the start)."""
        return self.mu - 3 * self.sigma

    @property
    def short(self) -> str:
        return Entrant(self.identity, self.name).short


@dataclass
class Ladders:
    """Every game's ladder, folded from results in order (:meth:`add`)."""

    games: dict[str, dict[str, Standing]] = field(default_factory=dict)
    last: tuple[int, str] = (-1, "")  # the order of the last result folded

    def add(self, result: Result) -> None:
        """Fold one more result (it must come after every result folded so far)."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        ladder = self.games.setdefault(result.game, {})
        standings = []
        for entrant in result.entrants:
            standing = ladder.get(entrant.identity)
            if standing is None:
                fresh = model.rating()
                name = entrant.name
                if entrant.identity.startswith(BOT):  # bot:<level>, or bot:<level>:<key>
                    name = bot_name(entrant.identity.removeprefix(BOT).partition(":")[0])
                standing = Standing(entrant.identity, name, fresh.mu, fresh.sigma)
                ladder[entrant.identity] = standing
            standings.append(standing)
        if len({s.identity for s in standings}) == len(standings):  # one player, one seat
            teams = [[model.create_rating([s.mu, s.sigma])] for s in standings]
            rated = model.rate(teams, ranks=list(result.ranks))
            for standing, (after,) in zip(standings, rated, strict=True):
                standing.mu, standing.sigma = float(after.mu), float(after.sigma)
        for standing in {id(s): s for s in standings}.values():  # a bot in two seats: one game
            standing.games += 1
        for standing, entrant in zip(standings, result.entrants, strict=True):
            standing.name = entrant.name if not entrant.identity.startswith(BOT) else standing.name
        self.last = max(self.last, result.order)

    def ladder(self, game: str) -> list[Standing]:
        """``game``'s players, best first (then by most games, then by key)."""
        found = self.games.get(game, {}).values()
        return sorted(found, key=lambda s: (-round(s.rating, 9), -s.games, s.identity))


def fold(results: Iterable[Result]) -> Ladders:
    """The ladders of these results, folded in the order the games finished, each game once
    (the first of its copies)."""
    ladders = Ladders()
    counted: set[str] = set()
    for result in sorted(results, key=lambda r: r.order):
        if (once := result.played or result.replay) not in counted:
            ladders.add(result)
            counted.add(once)
    return ladders


def bot_name(level: str) -> str:
    return f"{level} bot"


def shown(rating: float) -> str:
    """A rating as the lobby and the ladder print it."""
    return f"{rating:.1f}" if math.isfinite(rating) else "?"
