"""``python -m core.locale update|compile|check``: see :mod:`core.locale`."""

from __future__ import annotations

import sys

from core.language import DOMAINS
from core.locale import check, compile_all, update


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "compile", "check"):
        print("usage: python -m core.locale update [DOMAIN …] | compile | check", file=sys.stderr)
        return 2
    match argv[0]:
        case "update":
            domains = argv[1:] or list(DOMAINS)
            if wrong := [d for d in domains if d not in DOMAINS]:
                print(f"no such domain: {', '.join(wrong)} ({', '.join(DOMAINS)})", file=sys.stderr)
                return 2
            for line in update(domains) or ["every catalogue was up to date"]:
                print(line)
        case "compile":
            print(f"{len(compile_all())} catalogues compiled")
        case _:
            found = check()
            for line in found:
                print(line)
            print(f"{len(found)} problems" if found else "every catalogue is complete")
            return 1 if found else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
