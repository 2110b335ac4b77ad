"""A game's chat kept beside its replay (issue 46): written whole and once, read back with what
cannot be read skipped, and exported with the game only from its own file, never into it."""

from __future__ import annotations

import json
from pathlib import Path

from replays import file as replay_file
from replays.chat_log import ChatLine, chat_path, read_chat, write_chat
from tui.replay.export import export_to

from .test_replay import save_game

LINES = [ChatLine("players", "Ann", "gg", 1, 5, "ab"), ChatLine("spectators", "Cy", "wow"),
         ChatLine("players", "Bob", "spam", None, 0, "", timed_out=10)]  # fmt: skip


def test_a_chat_is_kept_once_and_read_back(tmp_path: Path) -> None:
    replay = tmp_path / "t1-20261204.caldera"
    assert write_chat(replay, []) is None and not chat_path(replay).exists()
    assert write_chat(replay, LINES) == chat_path(replay)
    assert read_chat(replay) == LINES
    assert write_chat(replay, LINES[:1]) is None  # never over the chat kept first
    assert read_chat(replay) == LINES
    with chat_path(replay).open("a", encoding="utf-8") as file:
        file.write('not json\n{"room": 3}\n[1]\n{"room": "players", "name": "Dee", "text": "hi"}\n')
    assert [line.name for line in read_chat(replay)] == ["Ann", "Cy", "Bob", "Dee"]
    assert read_chat(tmp_path / "none.caldera") == []


def test_the_apps_export_puts_the_chat_after_the_game(tmp_path: Path) -> None:
    path = tmp_path / "g.caldera"
    save_game(path, "chat-export")
    envelopes = replay_file.read(path).envelopes
    export_to(envelopes, tmp_path / "out.json", LINES)
    doc = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [line["text"] for line in doc["chat"]] == ["gg", "wow", "spam"]
    export_to(envelopes, tmp_path / "out.txt", LINES)
    text = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert text.endswith("Chat at the table (3 lines)\n  Ann: gg\n  Cy (watching): wow\n"
                         "  a moderator timed Bob out for 10 minutes: spam\n")  # fmt: skip
    export_to(envelopes, tmp_path / "plain.json")
    assert "chat" not in json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))
