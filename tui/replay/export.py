"""Exporting a game from the app (the replay and the end screen's ``x``): the user picks a path,
its ending picks the format, and one line says what was written.

``.jsonl`` writes JSON Lines (one event a line), ``.json`` one document with the header, ``.txt``
the numbered sentences of the log; the same exports as ``caldera export``. What is written is
what a spectator may see (everything, once the game is over), never a secret hand of a game
still in play. A game whose table chat was kept beside its replay (:mod:`replays.chat_log`) has
it in a ``.json`` or ``.txt`` export too, after the events (``caldera export --chat``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from core.codec import Envelope
from core.errors import CalderaError
from core.language import N_, Translator
from core.lifecycle import GameStarted
from replays import export
from replays.chat_log import ChatLine
from replays.file import Header
from tui.replay import paths
from tui.screens.choice import AskScreen

T = Translator("app")
_, ngettext = T.gettext, T.ngettext

FORMATS = {".jsonl": N_("JSON Lines"), ".json": "JSON", ".txt": N_("text")}


def export_to(envelopes: Sequence[Envelope], path: Path, chat: Sequence[ChatLine] = ()) -> str:
    """Write ``envelopes`` to ``path`` in the format its ending names; the one-line
    confirmation. Raises ``ValueError`` (one line) for an ending it does not know, ``OSError``
    when the file cannot be written, ``CalderaError`` for a log it cannot read."""
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise ValueError(
            _("{file}: end the name in .jsonl, .json or .txt to pick the format").format(
                file=path.name
            )
        )
    started = envelopes[0].event if envelopes else None
    if not isinstance(started, GameStarted):
        raise ValueError(_("there is no game to export yet"))
    if path.suffix.lower() == ".jsonl":
        data = export.to_jsonl(envelopes)
    elif path.suffix.lower() == ".json":
        data = export.to_json(envelopes, Header.for_game(started).to_wire(), chat=chat or None)
    else:
        data = export.to_text(envelopes) + (export.chat_text(chat) if chat else "")
    paths.write_text(path, data)
    return ngettext(
        "Exported {n} event to {file} ({kind})",
        "Exported {n} events to {file} ({kind})",
        len(envelopes),
    ).format(n=len(envelopes), file=paths.shown(path), kind=_(kind))


def ask_export(
    push: Callable[..., object],
    notify: Callable[..., object],
    envelopes: Sequence[Envelope],
    stem: str,
    chat: Sequence[ChatLine] = (),
) -> None:
    """Ask where to export the game (a path in the working directory, or a door player's own
    folder, is offered), write it and say so in one line; a bad path or format is one line too.
    ``chat``, the table's chat, goes with a ``.json`` or ``.txt`` export (the question says so)."""
    offered = f"{stem}.jsonl" if paths.confined_to() else str(Path.cwd() / f"{stem}.jsonl")

    def chosen(answer: str | None) -> None:
        if not answer:
            return
        try:
            notify(export_to(envelopes, paths.typed_path(answer), chat))
        except (ValueError, OSError, CalderaError) as exc:
            notify(_("Not exported: {why}").format(why=exc), severity="error")

    hint = _(".jsonl JSON Lines · .json one document · .txt the log's sentences")
    if chat:
        hint += "\n" + ngettext(
            ".json and .txt put the table's chat after the game ({n} line)",
            ".json and .txt put the table's chat after the game ({n} lines)",
            len(chat),
        ).format(n=len(chat))
    push(AskScreen(_("Export the game to which file?"), offered, hint), chosen)
