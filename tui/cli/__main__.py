"""``python -m tui.cli``: the ``caldera`` command."""

from tui.cli import main

raise SystemExit(main())
