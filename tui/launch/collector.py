"""Python's garbage collector at the app's launch: paused from the app's import to its first
frame, then back as before.

Importing Textual and starting the app make some hundred thousand objects that all stay alive
(modules, classes, styles, widgets); the collector would walk them again and again for nothing,
~10% of the launch's CPU time. Only :func:`pause`'s caller gets it back from :func:`resume`
(the app resumes it after its first frame, ``caldera`` again when the app ends): an app started
otherwise (the tests) leaves the collector alone.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """No collection until :func:`resume` (if the collector is on)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """The collector on again, if :func:`pause` turned it off."""
    global _paused
    if _paused:
        _paused = False
        gc.enable()
