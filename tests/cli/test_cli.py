"""The ``caldera`` command line: selfplay, export, state, verify, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from core.codec import GENESIS, Envelope, encode_envelope, short_hash
from core.games.maunakea import events as ev
from replays.file import Header, ReplayWriter, read
from tui.cli import main


def selfplay(path: Path) -> int:
    """The same short bot game every time: 3 players, seed 7, 12 turns."""
    argv = ["selfplay", "maunakea", "--players", "3", "--seed", "7", "--turn-limit", "12"]
    return main([*argv, "--out", str(path), "--quiet"])


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "g.caldera"
    assert selfplay(path) == 0
    return path


def test_selfplay_writes_a_finished_game_that_verifies(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(game)]) == 0
    out = capsys.readouterr().out
    assert "OK" in out and "seed audited" in out and "commands re-decided" in out


def test_selfplay_is_reproducible_from_its_seed(game: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.caldera"
    assert selfplay(again) == 0
    first, second = read(game).envelopes, read(again).envelopes
    assert [e.event for e in second[1:-1]] == [e.event for e in first[1:-1]]  # the same draws
    assert second[-1].event.seed == first[-1].event.seed == "7"  # type: ignore[attr-defined]
    salts = (first[-1].event.salt, second[-1].event.salt)  # type: ignore[attr-defined]
    assert salts[0] != salts[1] and first[0].event != second[0].event  # fresh salts, commitments


def test_export_formats(game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = read(game)
    assert main(["export", str(game), "--format", "jsonl"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(replay.envelopes)
    first = json.loads(lines[1])
    assert set(first) == {"seq", "type", "v", "seat", "payload", "prev"}
    assert first["type"] == "maunakea.start_tiles_laid"
    assert main(["export", str(game), "--format", "json", "--out", str(tmp_path / "g.json")]) == 0
    doc = json.loads((tmp_path / "g.json").read_text())
    assert doc["header"]["game"] == "maunakea" and len(doc["events"]) == len(replay.envelopes)
    assert main(["export", str(game), "--format", "text"]) == 0
    text = capsys.readouterr().out
    assert "Turn 1: " in text and "Final scoring:" in text and "seed revealed: 7" in text
    assert text.splitlines()[1].endswith("Game started: 3 players; turn limit 12")


def test_state_at_an_event_names_boats_scores_and_where_every_piece_is(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["state", str(game), "--at", "60"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["at_event"] == 60
    summary = doc["summary"]
    assert sum(summary["tiles"].values()) == 94
    assert sum(summary["artifacts"].values()) == 25
    assert sum(summary["explorers"].values()) == 12
    assert [p["seat"] for p in summary["players"]] == [0, 1, 2]
    assert set(summary["players"][0]["score"]) == {
        "explorers",
        "white",
        "grey",
        "black",
        "empty places",
        "total",
    }
    assert main(["state", str(game)]) == 0
    final = json.loads(capsys.readouterr().out)
    assert final["phase"] == "over"


def test_state_of_a_finished_game_names_the_result_without_refolding(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checker reads who won from the JSON alone; here it is held against the log's own
    ``FinalScoring``, ``EndTriggered`` and ``GameEnded`` events."""
    log = [env.event for env in read(game).envelopes]
    scoring = next(e for e in log if isinstance(e, ev.FinalScoring))
    trigger = next(e for e in log if isinstance(e, ev.EndTriggered))
    assert main(["state", str(game)]) == 0
    doc = json.loads(capsys.readouterr().out)
    result = doc["result"]
    assert result["winners"] == list(scoring.winners) == list(log[-1].winners)
    assert result["scores"] == list(scoring.scores)
    assert [parts["total"] for parts in result["parts"]] == result["scores"]
    assert all(sum(p.values()) == 2 * p["total"] for p in result["parts"]), "parts add up"
    assert sorted(result["ranking"]) == [0, 1, 2] and result["ranking"][0] in result["winners"]
    ranked = [result["scores"][seat] for seat in result["ranking"]]
    assert ranked == sorted(ranked, reverse=True)
    best = max(result["scores"])
    if result["scores"].count(best) == 1:
        assert result["tiebreak"] == "", "the score alone decided"
    else:
        assert (result["tiebreak"] == "draw") == (len(result["winners"]) > 1)
    assert result["ended_by"] == trigger.reason == doc["end"]["reason"]
    assert doc["end"]["final_turns"] == list(trigger.final_turns), "the final round is kept"
    assert doc["end"]["to_play"] == []
    assert main(["state", str(game), "--at", "60"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] is None


def rewrite(src: Path, dst: Path, change: int, new_event: ev.TileDrawn) -> None:
    """Write ``src`` to ``dst`` with one event replaced, re-linking the hash chain."""
    replay = read(src)
    envelopes = list(replay.envelopes)
    envelopes[change] = msgspec.structs.replace(envelopes[change], event=new_event)
    with ReplayWriter.create(dst, replay.header) as writer:
        prev = GENESIS
        for env in envelopes:
            env = Envelope(env.seq, env.event, prev)
            data = encode_envelope(env)
            writer.append(env, data)
            prev = short_hash(data)


def test_verify_catches_a_rigged_draw_even_with_a_valid_chain(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = read(game)
    index, drawn = next(
        (i, e.event) for i, e in enumerate(replay.envelopes) if isinstance(e.event, ev.TileDrawn)
    )
    rigged = tmp_path / "rigged.caldera"
    other = next(t for t in range(70) if t != drawn.tile)
    rewrite(game, rigged, index, ev.TileDrawn(drawn.seat, other))
    assert main(["verify", str(rigged)]) == 1
    err = capsys.readouterr().err
    assert f"event {index}" in err and "seeded draw" in err


def test_verify_catches_an_illegal_command(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = read(game)
    index, placed = next(
        (i, e.event) for i, e in enumerate(replay.envelopes) if isinstance(e.event, ev.TilePlaced)
    )
    bad = tmp_path / "bad.caldera"
    rewrite(game, bad, index, msgspec.structs.replace(placed, slot=(4, 4)))  # the volcano
    assert main(["verify", str(bad)]) == 1
    assert "illegal command" in capsys.readouterr().err


def test_bad_files_give_one_line_and_a_nonzero_exit(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.caldera"
    junk.write_bytes(b"\x00\x01garbage")
    for args in (
        ["verify", str(junk)],
        ["export", str(junk)],
        ["state", str(junk)],
        ["verify", str(tmp_path / "missing.caldera")],
    ):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("caldera: ")
    torn = tmp_path / "torn.caldera"
    torn.write_bytes(game.read_bytes()[:-3])
    assert main(["verify", str(torn)]) == 1, "a truncated file is reported…"
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "torn tail" in captured.err
    assert "unfinished" in captured.out, "…and the intact part still verified"
    assert main(["export", str(torn), "--format", "jsonl"]) == 1
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == len(read(game).envelopes) - 1, "no data lost"
    assert main(["state", str(game), "--at", "999999"]) == 2
    assert main(["selfplay", "chess", "--out", str(tmp_path / "c.caldera")]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["selfplay", "maunakea", "--players", "7", "--out", str(tmp_path / "x")]) == 2


def test_the_console_script_runs(game: Path) -> None:
    exe = Path(sys.executable).with_name("caldera")
    out = subprocess.run([exe, "verify", str(game)], capture_output=True, text=True, check=False)
    assert out.returncode == 0 and "OK" in out.stdout
    out = subprocess.run(
        [exe, "verify", "/nonexistent/x.caldera"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr


def test_header_lists_what_the_menu_needs(game: Path) -> None:
    header = read(game).header
    assert isinstance(header, Header)
    assert header.players == ("Red", "Blue", "Yellow") and header.created


def test_advanced_selfplay_and_a_seats_view_of_its_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "adv.caldera"
    assert (
        main(
            [
                "selfplay",
                "maunakea",
                "--players",
                "2",
                "--seed",
                "3",
                "--advanced",
                "--out",
                str(path),
                "--quiet",
            ]
        )
        == 0
    )
    assert main(["verify", str(path)]) == 0
    capsys.readouterr()
    assert main(["state", str(path), "--at", "10", "--seat", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["config"]["advanced"] is True
    assert "?" not in doc["cards"][0] and set(doc["cards"][1]) == {"?"}
    assert set(doc["undealt"]) == {"?"}


def test_an_unfinished_games_hands_stay_secret_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """While a game that hides cards is unfinished, a seat's view is for that seat's own
    terminal: `state` shows a spectator's view and `--seat` is refused, for state and export."""
    path = tmp_path / "adv.caldera"
    argv = ["selfplay", "maunakea", "--players", "2", "--seed", "3", "--advanced"]
    assert main([*argv, "--out", str(path), "--quiet"]) == 0
    replay = read(path)
    cut = tmp_path / "unfinished.caldera"
    with ReplayWriter.create(cut, replay.header) as writer:
        for env, data in list(zip(replay.envelopes, replay.raw, strict=True))[:40]:
            writer.append(env, data)
    capsys.readouterr()
    assert main(["state", str(cut)]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert all(set(hand) <= {"?"} for hand in doc["cards"]), "no hand shows"
    assert "spectator" in captured.err
    for args in (["state", "--seat", "1"], ["export", "--seat", "2"]):
        assert main([*args, str(cut)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "own terminal" in err
    assert main(["export", str(cut)]) == 0
    exported = capsys.readouterr().out
    kept = [e.event for e in replay.envelopes[:40] if isinstance(e.event, ev.CardsKept)]
    tasks = [card for e in kept for card in e.kept if card.startswith("task-")]  # never played
    assert tasks and all(f'"{card}"' not in exported for card in tasks)
    assert main(["export", str(path)]) == 0  # once the game is over, everything
    revealed = capsys.readouterr().out
    assert all(f'"{card}"' in revealed for card in tasks)


def test_selfplay_takes_a_bot_for_every_seat_or_for_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli.local import selfplay_bots

    assert selfplay_bots([], 3, "kilauea") == {0: "greedy", 1: "greedy", 2: "greedy"}
    assert selfplay_bots(["hard", "2:random"], 2, "kilauea") == {0: "hard", 1: "random"}
    out = tmp_path / "m.caldera"
    argv = ["selfplay", "kilauea", "--players", "2", "--seed", "4", "--bot", "1:random"]
    assert main([*argv, "--out", str(out), "--quiet"]) == 0
    assert main([*argv[:-1], "2:lizard", "--out", str(tmp_path / "x.caldera")]) == 2
    assert "unknown bot kind" in capsys.readouterr().err
