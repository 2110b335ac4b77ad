"""Arnak's learned evaluation: features from a seat's view only, a model file refused in one
line when it was made for other features, the shipped model better than a constant on games it
was not fitted on, a small duel it wins against greedy, and training's smallest run."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from core.bots import make_bot
from core.games import get_rules
from core.games.arnak import features as F
from core.games.arnak import learned
from core.games.arnak.state import HIDDEN, ArnakState
from core.referee import Referee
from core.search.model import ModelError

ROOT = Path(__file__).resolve().parents[2]
RULES = get_rules("arnak")


def greedy_game(seed: str, commands: int, side: str = "snake") -> Referee[Any]:
    referee: Referee[Any] = Referee(RULES, RULES.config(2, {"side": side}), ["A", "B"], seed=seed)
    referee.begin()
    bots = {s: make_bot("arnak", "greedy", f"{seed}/{s}") for s in range(2)}
    for _ in range(commands):
        seat = RULES.to_move(referee.state)[0]
        referee.submit(seat, bots[seat].choose(RULES, RULES.view(referee.state, seat), seat))
    return referee


def another_truth(state: ArnakState, seat: int) -> ArnakState:
    """A true state that gives ``seat`` the same view: the rival's hidden hand and the seat's
    own hidden deck cards swapped with unseen cards of the market's decks."""
    other = state.copy()
    rival = other.seats[1 - seat]
    view = RULES.view(state, seat)
    hidden = [i for i, c in enumerate(view.seats[1 - seat].hand) if c == HIDDEN]
    for n, i in enumerate(hidden):
        rival.hand[i], other.art_deck[n] = other.art_deck[n], rival.hand[i]
    mine = other.seats[seat]
    deck = [i for i, c in enumerate(view.seats[seat].deck) if c == HIDDEN]
    for n, i in enumerate(deck):
        mine.deck[i], other.item_deck[n] = other.item_deck[n], mine.deck[i]
    assert hidden and deck
    return other


def test_features_read_only_what_the_seat_sees() -> None:
    referee = greedy_game("learned-view", 160)  # past a round's end: decks hold unseen cards
    state: ArnakState = referee.state
    seat = RULES.to_move(state)[0]
    other = another_truth(state, seat)
    assert other.seats[1 - seat].hand != state.seats[1 - seat].hand
    assert RULES.view(other, seat) == RULES.view(state, seat)
    assert F.features(other, seat) == F.features(state, seat)
    assert F.features(RULES.view(state, seat), seat) == F.features(state, seat)
    assert len(F.features(state, seat)) == len(F.NAMES)


def model_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(learned.MODEL_PATH.read_text(encoding="utf-8"))
    return doc


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"features": "arnak-0"}, "made for features 'arnak-0', this game's are"),
        ({"names": ["coin"]}, "this game's are"),
        ({"game": "kilauea"}, "made for 'kilauea', not 'arnak'"),
        ({"format": 99}, "not a model file"),
    ],
)
def test_a_model_file_for_other_features_is_refused_in_one_line(
    tmp_path: Path, change: dict[str, Any], said: str
) -> None:
    path = tmp_path / "model.json"
    path.write_text(json.dumps(model_doc() | change), encoding="utf-8")
    with pytest.raises(ModelError) as raised:
        learned.load_model(path)
    assert said in str(raised.value)
    assert str(raised.value).startswith(f"{path}: ")
    assert "\n" not in str(raised.value)
    broken = model_doc()
    broken["score"] = {"intercept": 0.0, "weights": [1.0]}
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(ModelError, match="1 weights for"):
        learned.load_model(path)


def held_out() -> tuple[list[list[float]], list[float], list[float]]:
    """The positions of the model's own records it was not fitted on: features, final points,
    won (1, or 0)."""
    from training.fit import HELD_OUT
    from training.selfplay import read

    xs, points, won = [], [], []
    for name in learned.MODEL.about["data"] if learned.MODEL else ():
        for doc in read(ROOT / name):
            if doc["index"] % HELD_OUT:
                continue
            for row in doc["rows"]:
                seat = row[0]
                xs.append([float(v) for v in row[1:]])
                points.append(float(doc["scores"][seat]))
                won.append(1.0 if doc["winners"] == [seat] else 0.0)
    return xs, points, won


def test_the_shipped_model_predicts_better_than_a_constant() -> None:
    model = learned.MODEL
    assert learned.REFUSED is None
    assert model is not None
    assert model.version == F.VERSION
    xs, points, won = held_out()
    assert len(xs) > 1000
    mean = sum(points) / len(points)
    constant = math.sqrt(sum((p - mean) ** 2 for p in points) / len(points))

    def rmse(points_of: Any) -> float:
        errors = [(points_of(x) - p) ** 2 for x, p in zip(xs, points, strict=True)]
        return math.sqrt(sum(errors) / len(errors))

    fitted = rmse(model.points)
    assert fitted < 0.9 * constant
    rate = sum(won) / len(won)
    brier = sum((model.chance(x) - w) ** 2 for x, w in zip(xs, won, strict=True)) / len(xs)
    assert brier < 0.9 * sum((rate - w) ** 2 for w in won) / len(won)
    # broken weights (shuffled) predict worse than the constant: the test would see it
    shuffled = replace(model, score=replace(model.score, weights=model.score.weights[::-1]))
    assert rmse(shuffled.points) > constant


def test_the_levels_named_learned_weigh_their_leaves_by_the_shipped_model() -> None:
    from core.games.arnak import search
    from core.search import LEVELS, SearchBot

    for level in LEVELS:
        bot = make_bot("arnak", level, "levels")
        assert isinstance(bot, SearchBot)
        weighed = bot.hooks.evaluate
        assert isinstance(weighed, learned.Leaf) == (level in search.LEARNED), level
        if level in search.LEARNED:
            assert isinstance(weighed, learned.Leaf) and weighed.model is learned.MODEL


def hard_against_greedy(seed: str, side: str, seat: int) -> None:
    """A whole game of ``hard`` weighing its leaves by the shipped model, at 8 iterations a
    decision and a 1-turn horizon (so the model's leaves decide, not the playouts), in ``seat``
    against greedy, won."""
    from core.games.arnak import search
    from core.search import SearchBot

    referee: Referee[Any] = Referee(RULES, RULES.config(2, {"side": side}), ["A", "B"], seed=seed)
    referee.begin()
    bot = make_bot("arnak", "hard", f"{seed}/{seat}")  # the level's own tuning
    assert isinstance(bot, SearchBot)
    bot.hooks = search.hooks_with(learned.MODEL)
    bot.timed = False
    bot.level = replace(bot.level.budget(8), horizon=1)
    rival = make_bot("arnak", "greedy", f"{seed}/g")
    while not referee.ended:
        mover = RULES.to_move(referee.state)[0]
        player = bot if mover == seat else rival
        referee.submit(mover, player.choose(RULES, RULES.view(referee.state, mover), mover))
    outcome = referee.outcome()
    assert outcome is not None
    assert outcome.winners == (seat,), (side, seat, outcome.scores)


@pytest.mark.parametrize(("side", "seat"), [("bird", 0), ("bird", 1), ("snake", 0), ("snake", 1)])
def test_hard_with_the_model_beats_greedy_at_a_small_budget(side: str, seat: int) -> None:
    """Both sides, each in both seats. With the shipped model's weights shuffled, one of the
    four is lost: the leaves decide here."""
    hard_against_greedy(f"small-{side}", side, seat)


def test_the_smallest_training_run_works_end_to_end(tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl.gz"
    model = tmp_path / "model.json"
    python = sys.executable
    train = ROOT / "training"
    run = subprocess.run(
        [python, str(train / "selfplay.py"), "--games", "3", "--jobs", "1", "--out", str(records)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "3 to play" in run.stdout
    again = subprocess.run(
        [python, str(train / "selfplay.py"), "--games", "3", "--jobs", "1", "--out", str(records)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "3 games kept, 0 to play" in again.stdout
    subprocess.run(
        [python, str(train / "fit.py"), str(records), "--generation", "9", "--out", str(model)],
        capture_output=True,
        text=True,
        check=True,
    )
    fitted = learned.load_model(model)
    assert fitted.generation == 9
    assert fitted.about["games"] == 3
    assert "selfplay-arnak-0-{0..2}" in fitted.about["seeds"]


def test_the_search_with_the_model_scores_its_leaves_by_it() -> None:
    from random import Random

    from core.games.arnak import search
    from core.search import LEVELS, SearchBot

    assert search.hooks_with(None) is search.HOOKS
    assert learned.MODEL is not None
    hooks = search.hooks_with(learned.MODEL)
    assert hooks.evaluate is not search.HOOKS.evaluate
    referee = greedy_game("learned-leaf", 160)
    state: ArnakState = referee.state
    seat = RULES.to_move(state)[0]
    view = RULES.view(state, seat)
    # the leaf reads each seat as it sees the search's deal: the searching seat's own numbers
    # are its view's, whatever the deal gave the others and its own unseen cards
    mine = learned.MODEL.points(F.features(view, seat))
    for n in range(5):
        dealt = search.determinize(view, seat, Random(n))
        assert F.features(dealt, seat) == F.features(view, seat)
        assert hooks.evaluate(dealt)[seat] == pytest.approx(mine)
    level = replace(LEVELS["hard"], iterations=12)

    def decided() -> Any:
        bot = SearchBot(hooks, level, "learned-leaf/bot", timed=False)
        return bot.decide(RULES, view, seat)

    first = decided()
    assert first.command in RULES.legal_commands(view, seat)
    assert first.iterations == 12
    assert decided() == first  # reproducible from its seed


def test_a_refused_model_leaves_the_search_weighing_by_hand_said_in_one_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import pickle

    from core.games.arnak import search

    assert learned.MODEL is not None
    hooks = search.learned_hooks(learned.MODEL, None)
    assert isinstance(hooks.evaluate, learned.Leaf)
    assert hooks.evaluate.model is learned.MODEL
    sent = pickle.loads(pickle.dumps(hooks))  # as a search bot goes to its worker process
    assert sent.evaluate.model == learned.MODEL
    reason = "core/games/arnak/model.json: made for features 'arnak-0', this game's are 'arnak-1'"
    with caplog.at_level("WARNING", logger="caldera.search"):
        fallback = search.learned_hooks(None, reason)
    assert fallback is search.HOOKS
    assert len(caplog.records) == 1
    said = caplog.records[0].getMessage()
    assert reason in said and "\n" not in said


def test_a_duel_names_its_bots_by_level_model_and_fields() -> None:
    from training.duel import bot_of

    bot = bot_of("arnak", "hard:model=shipped,iterations=30,horizon=2", "seed")
    assert isinstance(bot.hooks.evaluate, learned.Leaf)
    assert (bot.level.name, bot.level.iterations, bot.level.horizon) == ("hard", 30, 2)
    assert bot.level.points == 0.5  # the level's own tuning stays
    assert not bot.timed
    plain = bot_of("arnak", "hard:model=none", "seed")
    assert not isinstance(plain.hooks.evaluate, learned.Leaf)
    assert plain.level.iterations == 180
