"""Replays recorded by an earlier Caldera still read, verify and fold (issue 40: "every old
replay in the test fixtures verifies"), and every event's stored tag still names its kind.

``tests/data/<game>-2026-12-06.caldera``: one finished two-player game of each game, recorded
by main at 09b18ba: greedy bots (seeds ``old/0`` and ``old/1``), game seed ``old-<game>``,
salt ``old``, ``turn_limit`` 8 where the game has one. A renamed event class, a moved module or
a changed codec loses nothing only if these still verify: every command re-decided, every draw
re-drawn from the revealed seed. Never record them again; when a game's events change shape,
add a file beside them. A tag may be added, never renamed or dropped: a stored replay names its
events by them (Arnak's classes were renamed, ``arnak.drew`` stayed).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.audit import audit
from core.games import get_rules
from core.messages import EVENTS
from replays.file import read
from tui.cli import main

DATA = Path(__file__).parents[1] / "data"
GAMES = ("maunakea", "kilauea", "arnak")
TAGS_2026_12_06 = (
    "arnak.assistant_used",
    "arnak.boon_used",
    "arnak.bought",
    "arnak.card_played",
    "arnak.chose",
    "arnak.chose_secretly",
    "arnak.discovered",
    "arnak.drew",
    "arnak.dug",
    "arnak.final_scoring",
    "arnak.idol_slotted",
    "arnak.laid_aside_cards",
    "arnak.overcame",
    "arnak.passed",
    "arnak.peeked",
    "arnak.researched",
    "arnak.revealed",
    "arnak.round_ended",
    "arnak.row_refilled",
    "arnak.shuffled",
    "arnak.start_player_chosen",
    "arnak.turn_ended",
    "arnak.turn_started",
    "core.clock",
    "core.game_ended",
    "core.game_started",
    "core.handed_back",
    "core.handed_to_bot",
    "core.seated",
    "core.time_ran_out",
    "core.undone",
    "kilauea.action_tiles_dealt",
    "kilauea.built_on_island",
    "kilauea.built_on_volcano",
    "kilauea.canoe_moved",
    "kilauea.final_bonuses",
    "kilauea.forest_emptied",
    "kilauea.forests_filled",
    "kilauea.forests_laid",
    "kilauea.game_ending",
    "kilauea.game_over",
    "kilauea.passed",
    "kilauea.points_gained",
    "kilauea.scoring_round",
    "kilauea.start_player_chosen",
    "kilauea.stones_dealt",
    "kilauea.stones_taken",
    "kilauea.tiki_cut",
    "kilauea.tiki_drafted",
    "kilauea.tiki_moved",
    "kilauea.tikis_boxed",
    "kilauea.tile_used",
    "kilauea.turn_ended",
    "kilauea.turn_started",
    "kilauea.volcano_prepared",
    "kilauea.volcano_tile_unlocked",
    "maunakea.artifact_dropped",
    "maunakea.artifact_picked_up",
    "maunakea.boat_boarded",
    "maunakea.boats_docked",
    "maunakea.card_moved",
    "maunakea.cards_dealt",
    "maunakea.cards_kept",
    "maunakea.earthquake",
    "maunakea.end_triggered",
    "maunakea.explorer_moved",
    "maunakea.explorer_placed",
    "maunakea.explorer_rescued",
    "maunakea.final_scoring",
    "maunakea.lava_placed",
    "maunakea.lava_removed",
    "maunakea.lava_returned",
    "maunakea.quake_draw_chosen",
    "maunakea.start_player_chosen",
    "maunakea.start_tiles_laid",
    "maunakea.tasks_revealed",
    "maunakea.tile_drawn",
    "maunakea.tile_placed",
    "maunakea.tile_spent",
    "maunakea.turn_ended",
    "maunakea.turn_played",
    "maunakea.turn_started",
)


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_recorded_before_verifies_and_folds(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = DATA / f"{game}-2026-12-06.caldera"
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{path.name}: OK")
    replay = read(path)
    report = audit(replay.envelopes)
    assert report.ok and report.seed_checked and report.commands > 30, report.problems
    assert replay.header.game == game and not replay.warnings


def test_every_stored_tag_still_names_an_event() -> None:
    for game in GAMES:
        get_rules(game)  # its events registered
    assert set(TAGS_2026_12_06) - set(EVENTS.tags()) == set()
