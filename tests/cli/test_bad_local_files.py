"""Bad local files never crash and never lose data: a config of binary junk, invalid UTF-8,
nested thousands deep or far too large gets one line naming it (from ``caldera games``,
``caldera lobby`` and the app, which still opens); an identity nested 100,000 deep is kept
aside and a new one made; a huge sparse replay is refused by its size, never loaded; and every
config write is atomic."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.errors import ReplayError
from net.trust.identity import claim
from replays import file as replay_file
from replays.disk import MAX_SMALL, BadFile, read_json, read_toml
from tui.app import CalderaApp
from tui.cli import main
from tui.screens.menu import MenuScreen
from tui.settings.play import save_setting

from ..tui.conftest import wait_for
from ..tui.test_replay import save_game

BAD_CONFIGS = {
    "junk": b"\x00\xff\xfe\x01 binary junk \x9c" * 40,
    "latin-1": "[network]\nname = 'Zoë'\n".encode("latin-1"),
    "deep": b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n",
    "huge": b"# " + b"x" * (MAX_SMALL + 10) + b"\n",
}


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "config").mkdir()
    monkeypatch.setenv("CALDERA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CALDERA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("CALDERA_BROKER", raising=False)
    return tmp_path / "config"


@pytest.mark.parametrize("kind", sorted(BAD_CONFIGS))
@pytest.mark.parametrize("command", ["games", "lobby"])
def test_a_bad_config_is_one_line_from_the_command_line(
    folders: Path, capsys: pytest.CaptureFixture[str], kind: str, command: str
) -> None:
    path = folders / "config.toml"
    path.write_bytes(BAD_CONFIGS[kind])
    assert main([command]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"caldera: cannot read {path}: "), err
    assert path.read_bytes() == BAD_CONFIGS[kind]  # never overwritten


@pytest.mark.parametrize("kind", ["junk", "deep"])
async def test_the_app_opens_beside_a_bad_config_and_says_so(folders: Path, kind: str) -> None:
    (folders / "config.toml").write_bytes(BAD_CONFIGS[kind])
    app = CalderaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        said = lambda: "\n".join(n.message for n in app._notifications)  # noqa: E731
        await wait_for(pilot, lambda: "cannot read" in said(), "the line about the file")
        assert "config.toml" in said()


def test_each_reader_names_the_file_and_what_is_wrong(tmp_path: Path) -> None:
    cases = {
        "a.toml": (BAD_CONFIGS["junk"], read_toml, "not UTF-8 text"),
        "b.toml": (BAD_CONFIGS["deep"], read_toml, "nested too deep"),
        "c.json": (b"[" * 100_000 + b"]" * 100_000, read_json, "nested too deep"),
        "d.json": (BAD_CONFIGS["huge"], read_json, "far larger than any real one"),
    }
    for name, (data, reader, why) in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(BadFile, match=why) as caught:
            reader(tmp_path / name)
        assert str(caught.value).startswith(f"cannot read {tmp_path / name}: ")
    assert read_toml(tmp_path / "none.toml") == {}


def test_an_identity_nested_deep_is_kept_aside_not_lost(folders: Path) -> None:
    bad = b"[" * 100_000 + b"]" * 100_000
    (folders / "identity.json").write_bytes(bad)
    with claim() as lease:
        assert "could not be read" in lease.note and "nested too deep" in lease.note
        assert lease.client
    assert (folders / "identity.json.unreadable").read_bytes() == bad


def test_a_huge_sparse_replay_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.caldera"
    save_game(path, "sparse-replay")
    with path.open("r+b") as handle:
        handle.truncate(1 << 30)  # a 1 GiB hole: nothing on disk, everything if loaded
    for reader in (replay_file.read, replay_file.peek):
        with pytest.raises(ReplayError, match="far larger than any game"):
            reader(path)


def test_zeros_after_a_game_are_a_torn_tail_found_at_once(tmp_path: Path) -> None:
    path = tmp_path / "padded.caldera"
    save_game(path, "zero-tail")
    events = len(replay_file.read(path).envelopes)
    with path.open("ab") as handle:
        handle.write(b"\0" * (8 << 20))  # a preallocated tail, not millions of empty records
    replay = replay_file.read(path)
    assert len(replay.envelopes) == events and replay.damage and replay.damage[0].torn
    assert replay_file.peek(path).events == events


def test_a_setting_is_written_whole_or_not_at_all(
    folders: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = folders / "config.toml"
    path.write_text('[network]\nname = "Ann"\n', encoding="utf-8")

    def full_disk(fd: int) -> None:  # a full disk shows at the latest when the data is synced
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        save_setting("theme", "textual-light")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == '[network]\nname = "Ann"\n'
    assert [p.name for p in folders.iterdir()] == ["config.toml"]  # no half file left beside


def test_a_bad_config_is_said_in_the_reader_s_language(
    folders: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = folders / "config.toml"
    path.write_bytes(BAD_CONFIGS["junk"])
    assert main(["--lang", "de", "games"]) != 0
    err = capsys.readouterr().err
    assert err.startswith(f"caldera: {path} lässt sich nicht lesen: kein UTF-8-Text (Byte "), err
