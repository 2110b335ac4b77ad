"""A door's player types paths (open a replay, export a game) only inside their own data folder:
``..``, absolute paths and symbolic links out are refused with one line, the export never
writes through a link, and the replay viewer's export and open dialog keep to it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from net.config import BrokerAddress
from net.errors import NetError
from replays import file as replay_file
from tui.app import CalderaApp, Launch
from tui.doors.homes import Homes
from tui.netplay.hosting import broker_from_text, network_config
from tui.replay import paths
from tui.replay.export import export_to
from tui.screens.choice import AskScreen
from tui.screens.open_replay import OpenReplayScreen
from tui.screens.replay import ReplayScreen

from .conftest import wait_for
from .test_play import SIZE
from .test_replay import save_game


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A door player's data folder, with a neighbour's folder beside it."""
    mine = tmp_path / "keys" / "mine" / "data"
    (tmp_path / "keys" / "other" / "data").mkdir(parents=True)
    mine.mkdir(parents=True)
    monkeypatch.setenv(paths.CONFINE, str(mine))
    return mine


def test_a_door_player_s_paths_stay_in_their_own_folder(home: Path, tmp_path: Path) -> None:
    assert paths.typed_path("game.jsonl") == home.resolve() / "game.jsonl"
    assert paths.typed_path("replays/a.caldera") == home.resolve() / "replays" / "a.caldera"
    assert paths.typed_path("~/b.json") == home.resolve() / "b.json"
    other = tmp_path / "keys" / "other" / "data" / "x.jsonl"
    (home / "out").symlink_to(tmp_path / "keys" / "other" / "data")
    for typed in ("../../other/data/x.jsonl", str(other), "/etc/passwd", "~/../x", "out/x.jsonl"):
        with pytest.raises(paths.OutsideFolder, match="only files in your own folder"):
            paths.typed_path(typed)


def test_at_one_s_own_terminal_a_path_is_taken_as_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(paths.CONFINE, raising=False)
    assert paths.typed_path(str(tmp_path / ".." / "x")) == tmp_path / ".." / "x"
    assert paths.shown(tmp_path / "x") == str(tmp_path / "x")


def test_the_export_never_writes_through_a_link(home: Path, tmp_path: Path) -> None:
    target = tmp_path / "keys" / "other" / "data" / "identity.json"
    target.write_text("theirs")
    (home / "planted.txt").symlink_to(target)
    with pytest.raises(OSError):
        paths.write_text(home / "planted.txt", "mine")
    assert target.read_text() == "theirs"


def test_a_door_sets_the_folder_its_player_is_kept_in(tmp_path: Path) -> None:
    home = Homes(tmp_path).for_key("SHA256:abc")
    env = home.environment(None)
    assert env[paths.CONFINE] == str(home.data_dir)


def test_the_confirmation_shows_no_server_folder(home: Path, tmp_path: Path) -> None:
    save_game(tmp_path / "g.caldera", "confined-line")
    envelopes = replay_file.read(tmp_path / "g.caldera").envelopes
    said = export_to(envelopes, paths.typed_path("out.txt"))
    assert said == f"Exported {len(envelopes)} events to out.txt (text)"
    assert str(tmp_path) not in said and (home / "out.txt").exists()


async def test_the_replay_viewer_exports_only_inside(home: Path, tmp_path: Path) -> None:
    path = home / "game.caldera"
    save_game(path, "confined-export")
    app = CalderaApp(Launch(replay=path), bot_pace=0, reveal_pace=0)
    outside = tmp_path / "keys" / "other" / "data" / "stolen.jsonl"

    def said() -> str:
        return "\n".join(n.message for n in app._notifications)

    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        for typed in (str(outside), "../../other/data/stolen.jsonl", "mine.jsonl"):
            await pilot.press("x")
            await wait_for(pilot, lambda: isinstance(app.screen, AskScreen), "where to?")
            app.screen.query_one("Input").value = typed  # type: ignore[attr-defined]
            await pilot.press("enter")
            # each notice read as it comes: on a slow machine the first may be gone by the last
            if typed == "mine.jsonl":
                await wait_for(pilot, lambda: "Exported " in said(), "the export's notice")
            else:
                refused = "Not exported: " + typed.partition("/")[0]
                await wait_for(pilot, lambda r=refused: r in said(), f"the refusal of {typed}")
                assert "only files in your own folder" in said()
        await wait_for(pilot, lambda: (home / "mine.jsonl").exists(), "the export inside")
        assert not outside.exists()


async def test_the_open_dialog_refuses_a_neighbour_s_game(home: Path, tmp_path: Path) -> None:
    theirs = tmp_path / "keys" / "other" / "data" / "theirs.caldera"
    save_game(theirs, "confined-open")
    chosen: list[Path | None] = []
    app = CalderaApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(OpenReplayScreen(), chosen.append)
        await wait_for(pilot, lambda: bool(app.screen.query("#path")), "the dialog")
        field = app.screen.query_one("#path")
        assert str(tmp_path) not in str(field.placeholder)  # type: ignore[attr-defined]
        field.value = os.path.relpath(theirs, home)  # type: ignore[attr-defined]
        await pilot.press("enter")
        error = app.screen.query_one("#error")
        await wait_for(pilot, lambda: "own folder" in str(error.render()), "the refusal")
        assert chosen == [] and isinstance(app.screen, OpenReplayScreen)


def test_a_typed_path_completes_to_folders_and_replays_inside(home: Path, tmp_path: Path) -> None:
    (home / "replays").mkdir()
    (home / "replays" / "2026-final.caldera").write_bytes(b"")
    (home / "replays" / "notes.txt").write_text("")
    assert paths.completion("rep") == "replays/"
    assert paths.completion("replays/2026") == "replays/2026-final.caldera"
    assert paths.completion("replays/no") is None  # only folders and replays are offered
    assert paths.completion("../") is None and paths.completion("/e") is None  # outside


async def test_the_open_dialog_completes_with_the_right_arrow(home: Path) -> None:
    (home / "replays").mkdir()
    save_game(home / "replays" / "club-final.caldera", "complete-open")
    chosen: list[Path | None] = []
    app = CalderaApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(OpenReplayScreen(), chosen.append)
        await wait_for(pilot, lambda: bool(app.screen.query("#path")), "the dialog")
        await pilot.press(*"replays/club", "right", "enter")
        await wait_for(pilot, lambda: chosen != [], "opened")
        assert chosen == [home.resolve() / "replays" / "club-final.caldera"]


def test_a_door_player_cannot_send_the_server_to_another_broker(home: Path) -> None:
    """At a door the server's own broker only: a typed address would make the server connect
    wherever a guest says (the address unchanged, or left empty, is the configured one)."""
    configured = BrokerAddress.parse("mqtt://127.0.0.1:1883")
    assert broker_from_text("", configured) is configured
    assert broker_from_text(" mqtt://127.0.0.1:1883 ", configured) is configured
    with pytest.raises(NetError, match="server's broker"):
        broker_from_text("mqtt://10.0.0.9:1883", configured)


def test_at_one_s_own_terminal_any_broker_may_be_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.CONFINE, raising=False)
    configured = BrokerAddress.parse("mqtt://127.0.0.1:1883")
    assert broker_from_text("mqtt://10.0.0.9:1884", configured).port == 1884


def test_a_door_player_s_config_error_names_no_server_folder(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "server" / "homes" / "ann" / "config"
    config.mkdir(parents=True)
    (config / "config.toml").write_text("[network\n")  # not TOML
    monkeypatch.setenv("CALDERA_CONFIG_DIR", str(config))
    monkeypatch.delenv("CALDERA_BROKER", raising=False)
    _, problem = network_config()
    assert problem.startswith("cannot read config.toml:") and str(tmp_path) not in problem, problem
