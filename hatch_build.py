"""The build compiles the translations: every ``core/locale/*/LC_MESSAGES/*.po`` into its ``.mo``
(which git ignores), so an installed Caldera (a wheel, ``uv tool install``, ``pip install -e``)
speaks every language whose catalogue is in the checkout."""

from __future__ import annotations

import sys
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CataloguesHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the catalogues, and put the ``.mo`` files in the wheel (git ignores them)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        sys.path.insert(0, self.root)
        try:
            from core.locale import ROOT, compile_all
        finally:
            sys.path.remove(self.root)
        for mo in compile_all():
            if version != "editable":  # an editable install reads them in the checkout
                build_data["force_include"][str(mo)] = mo.relative_to(ROOT).as_posix()
