"""Full random-bot games per second, per player count (Mauna Kea, self-play turn limit 200)."""

from __future__ import annotations

import sys
import time

from bench.common import bot_game

GAMES = ("maunakea", "kilauea", "arnak")


def main(game: str = "maunakea", seconds: float = 3.0) -> None:
    print(f"{game}: full random-bot games (turn limit 200), per player count")
    for players in (2, 3, 4):
        games = events = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            referee = bot_game(game, players, f"gps-{players}-{games}")
            games += 1
            events += len(referee.log)
        elapsed = time.perf_counter() - start
        print(
            f"  {players} players: {games / elapsed:6.2f} games/s   "
            f"{events / games:7.0f} events/game   {events / elapsed:8.0f} events/s"
        )


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["maunakea"]))
