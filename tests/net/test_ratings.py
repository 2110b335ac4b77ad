"""The club's ratings: rated games of bots (each level a player) and of people, folded from
verified replays into per-game ladders (net/club/ratings.py), cached in SQLite on the server
(net/club/ratings_cache.py), published for the lobbies; a game without proofs, or casual, does not
count; rebuilding from the replays gives the cached ladders; two servers sharing the replays
agree."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

from net.club.lobby import Lobby
from net.club.ratings import Entrant, Result, fold, ranks_of, result_of
from net.club.ratings_cache import RatingsCache
from net.club.serve import Server
from net.trust.keys import fingerprint
from net.wire.messages import SeatListing, identity_of, ladder_identity
from replays import proofs
from tests.kit import forge
from tests.kit.netkit import FAST, TestBroker, join, play_all, until
from tui.cli.club_lines import ratings_lines


def same(a: RatingsCache, b: RatingsCache, game: str) -> bool:
    return [(s.identity, s.name, s.mu, s.sigma, s.games) for s in a.ladders().ladder(game)] == [
        (s.identity, s.name, s.mu, s.sigma, s.games) for s in b.ladders().ladder(game)
    ]


def test_ranks_share_ties_and_put_abandoners_last() -> None:
    assert ranks_of([10, 20, 20, 5], [1, 2]) == (3, 1, 1, 4)
    assert ranks_of([10, 20, 15, 15], [1]) == (4, 1, 2, 2)
    assert ranks_of([30, 20, 15], [0], abandoned=[0]) == (3, 1, 2)


async def rated_server(broker: TestBroker, tmp_path: Path) -> tuple[Server, RatingsCache]:
    """A club server keeping its replays in ``tmp_path/replays`` and its ladders in a cache."""
    cache = RatingsCache(tmp_path / "ratings.sqlite")
    server = Server(broker.address, replay_dir=tmp_path / "replays", backoff=FAST, sweep=None,
                    linger=0.0, ratings=cache)  # fmt: skip
    await server.open()
    return server, cache


async def test_rated_games_make_the_ladder_and_only_proven_ones_count(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    replays = tmp_path / "replays"
    server, cache = await rated_server(amqtt_broker, tmp_path)
    lobby = Lobby(amqtt_broker.address, backoff=FAST)
    await lobby.open()
    try:
        for i in range(3):  # three rated games of bots: greedy against random (seeded: a
            # random bot wins about one such short game in fifty, which would tie the ladder)
            host = await server.open_table("maunakea", 2, table=f"b{i}", bots=1, bot="greedy",
                                           options={"turn_limit": 4}, rated=True,
                                           seed=f"rated-{i}")  # fmt: skip
            await host.seat_bot(kind="random")
            await host.wait_ended(60)
        await until(lambda: server.ladders_published >= 3)
        ladder = cache.ladders().ladder("maunakea")
        assert {s.identity for s in ladder} == {"bot:greedy", "bot:random"}
        assert all(s.games == 3 for s in ladder) and ladder[0].rating > ladder[1].rating
        assert ladder[0].name in ("greedy bot", "random bot")
        greedy = SeatListing("x", None, "greedy")
        await until(lambda: getattr(lobby.rating_of("maunakea", greedy), "games", 0) == 3)
        assert len(lobby.ladders["maunakea"]) == 2

        # a rated game of two people (signed moves) counts for them, by key
        host = await server.open_table("maunakea", 2, table="p1", options={"turn_limit": 3},
                                       rated=True)  # fmt: skip
        people = [await join(amqtt_broker.address, "p1", name) for name in ("ann", "bob")]
        await play_all(people)
        await host.wait_ended(30)
        await until(lambda: server.ladders_published >= 4)
        keys = {f"k:{p.keys.public.hex()}" for p in people}
        assert keys <= {s.identity for s in cache.ladders().ladder("maunakea")}
        for person in people:
            await person.close()

        # a casual game, and a rated one whose proofs are gone, count for nothing
        host = await server.open_table("maunakea", 2, table="c1", bots=2,
                                       options={"turn_limit": 3})  # fmt: skip
        await host.wait_ended(30)
        (casual,) = replays.glob("c1-*.caldera")
        (proven,) = replays.glob("p1-*.caldera")
        assert result_of(proven).entrants[0].identity in keys
        unproven = replays / ("u1-" + proven.name.partition("-")[2])
        shutil.copy(proven, unproven)  # the same game, without its .proofs
        before = cache.ladders().ladder("maunakea")
        await server.refresh_ratings()
        assert cache.ladders().ladder("maunakea") == before
        why = cache.not_counted()
        assert why[casual.name] == "a casual game (not rated)"
        assert "proofs" in why[unproven.name] and proofs.path_for(proven).exists()

        # rebuilt from the replays: the same ladder; another server on them agrees
        rebuilt = RatingsCache(tmp_path / "rebuilt.sqlite")
        rebuilt.rebuild(replays)
        assert same(rebuilt, cache, "maunakea")
        other = RatingsCache(tmp_path / "other.sqlite")
        other.refresh(replays)
        assert same(other, cache, "maunakea")
        assert fold(cache.results()).ladder("maunakea") == cache.ladders().ladder("maunakea")
        # `caldera ratings`: the ladder, people told apart by their key's fingerprint
        lines = ratings_lines(replays, tmp_path / "rebuilt.sqlite", "maunakea")
        assert lines[0] == "maunakea: 4 player(s), from 4 rated result(s)"
        assert sum(" bot " in line for line in lines) == 2
        prints = {fingerprint(p.keys.public) for p in people}
        assert all(any(f in line for line in lines[1:]) for f in prints)
    finally:
        await lobby.close()
        await server.close()


async def test_the_search_levels_are_players_of_the_ladder_by_their_names(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    """A rated game of the server's easy and medium bots (they think in its worker pool) puts
    each level on the game's ladder under its own name, as the lobby shows it."""
    cache = RatingsCache(tmp_path / "ratings.sqlite")
    server = Server(amqtt_broker.address, replay_dir=tmp_path / "replays", backoff=FAST,
                    sweep=None, linger=0.0, ratings=cache)  # fmt: skip
    await server.open()
    try:
        host = await server.open_table("kilauea", 2, table="levels", bots=1, bot="easy",
                                       options={"turn_limit": 2}, rated=True)  # fmt: skip
        await host.seat_bot(kind="medium")
        await host.wait_ended(120)
        await until(lambda: server.ladders_published >= 1)
        ladder = cache.ladders().ladder("kilauea")
        assert {s.identity for s in ladder} == {"bot:easy", "bot:medium"}
        assert {s.name for s in ladder} == {"easy bot", "medium bot"}
        assert all(s.games == 1 for s in ladder)
    finally:
        await server.close()


def _swap_names(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
    header["players"] = list(reversed(header["players"]))
    events[0]["payload"]["players"] = list(reversed(events[0]["payload"]["players"]))


def _swap_scores(events: list[dict[str, Any]], header: dict[str, Any]) -> None:
    ended = events[-1]["payload"]
    ended["scores"] = list(reversed(ended["scores"]))
    ended["winners"] = [len(ended["scores"]) - 1 - w for w in ended["winners"]]


async def test_a_copied_or_forged_game_never_moves_the_ladder(
    amqtt_broker: TestBroker, tmp_path: Path
) -> None:
    replays = tmp_path / "replays"
    server, cache = await rated_server(amqtt_broker, tmp_path)
    try:
        host = await server.open_table("maunakea", 2, table="f1", options={"turn_limit": 3},
                                       rated=True)  # fmt: skip
        people = [await join(amqtt_broker.address, "f1", name) for name in ("ann", "bob")]
        await play_all(people)
        await host.wait_ended(30)
        await until(lambda: server.ladders_published >= 1)
        for person in people:
            await person.close()
        before = cache.ladders().ladder("maunakea")
        assert [s.games for s in before] == [1, 1]
        (proven,) = replays.glob("f1-*.caldera")
        forged = {}
        for label, edit in (("copy", None), ("names", _swap_names), ("scores", _swap_scores)):
            dst = replays / f"{label}-{proven.name}"
            if edit is None:
                shutil.copy(proven, dst)
            else:
                forge.rebuilt(proven, dst, edit)
            shutil.copy(proofs.path_for(proven), proofs.path_for(dst))
            forged[label] = dst.name
        await server.refresh_ratings()
        assert cache.ladders().ladder("maunakea") == before
        why = cache.not_counted()
        assert "already counted" in why[forged["copy"]]
        assert forged["names"] in why and forged["scores"] in why
        rebuilt = RatingsCache(tmp_path / "rebuilt.sqlite")
        assert rebuilt.rebuild(replays).ladder("maunakea") == before
    finally:
        await server.close()


def test_a_cache_from_before_games_were_told_apart_is_folded_again(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE results (replay TEXT PRIMARY KEY, game TEXT, finished INTEGER,"
                   " entrants TEXT, ranks TEXT)")  # fmt: skip
        db.execute("INSERT INTO results VALUES ('a.caldera', 'maunakea', 1, '[]', '[]')")
    with RatingsCache(path) as cache:
        assert cache.results() == []  # derived data: dropped, to be folded from the replays
        columns = {row[1] for row in cache._db.execute("PRAGMA table_info(results)")}
        assert "played" in columns


def test_a_bot_in_both_seats_played_one_game_not_two() -> None:
    greedy, ann = Entrant("bot:greedy", "Greedy bot"), Entrant("k:" + "ab" * 32, "Ann")
    both = Result("a.caldera", "kilauea", 1, (greedy, greedy), (1, 2), "t1:x")
    one = Result("b.caldera", "kilauea", 2, (greedy, ann), (1, 2), "t2:y")
    again = Result("c.caldera", "kilauea", 3, (greedy, ann), (1, 2), "t2:y")  # a copy of b
    ladder = {s.identity: s.games for s in fold([both, one, again]).ladder("kilauea")}
    assert ladder == {"bot:greedy": 2, ann.identity: 1}


def test_a_bot_client_is_rated_as_a_bot_known_by_its_key() -> None:
    from net.trust.keys import Keys

    key = Keys.generate().public.hex()
    client = ladder_identity(key, "random")
    assert client == f"bot:random:{key}" and ladder_identity(key, "") == f"k:{key}"
    assert ladder_identity("", "greedy") == "bot:greedy"
    assert identity_of(SeatListing("Random bot", "botx", "random", key=key)) == client
    ann = Entrant("k:" + "ab" * 32, "Ann")
    ladder = fold([Result("a.caldera", "kilauea", 1, (Entrant(client, "Random bot"), ann),
                          (2, 1), "t1:x")]).ladder("kilauea")  # fmt: skip
    (bot,) = [s for s in ladder if s.identity == client]
    assert bot.name == "random bot" and bot.short.startswith("bot k:")
