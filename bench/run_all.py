"""Run every benchmark in bench/ (``make bench``); each prints its own figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

if __name__ == "__main__":
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        if script.name in ("run_all.py", "netbench.py"):
            continue
        print(f"== {script.name}", flush=True)
        failed |= subprocess.call([sys.executable, str(script)], cwd=HERE.parent)
    sys.exit(failed)
