"""Run every benchmark and print its figures (`make bench`). Figures, not pass/fail."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SKIP = {"common", "run_all", "netbench", "bot_ladder"}  # netbench: helpers; bot_ladder: hours

if __name__ == "__main__":
    import bench

    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if info.name in SKIP:
            continue
        module = importlib.import_module(f"bench.{info.name}")
        games = getattr(module, "GAMES", None)
        for game in games or (None,):
            print(f"== bench/{info.name}.py {game or ''}".rstrip(), flush=True)
            module.main(game) if game else module.main()
            print()
