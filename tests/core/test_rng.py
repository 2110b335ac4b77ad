"""The shipped PRNG: the same seed gives the same draws everywhere, uniformly, unbiased."""

from __future__ import annotations

from collections import Counter

import pytest

from core.audit import audit
from core.chance import shuffle_sizes, shuffled
from core.games.maunakea.rules import RULES
from core.referee import Referee
from core.rng import Rng, new_salt, new_seed, seed_hash


def test_draws_are_pinned_for_a_seed() -> None:
    """Golden values: if these change, every stored replay's draws would change."""
    rng = Rng("caldera")
    assert [rng.below(94) for _ in range(8)] == GOLDEN


GOLDEN = [29, 7, 42, 1, 21, 77, 73, 83]


def test_same_seed_same_draws_different_seed_different_draws() -> None:
    a, b, c = Rng("s"), Rng("s"), Rng("t")
    xs = [a.below(1000) for _ in range(50)]
    assert xs == [b.below(1000) for _ in range(50)]
    assert xs != [c.below(1000) for _ in range(50)]


def test_below_is_uniform_enough() -> None:
    rng = Rng("uniform")
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_300 < n < 10_700 for n in counts.values())


def test_below_rejects_bad_bounds() -> None:
    with pytest.raises(ValueError):
        Rng("x").below(0)


def test_shuffle_is_a_permutation_and_chance_shuffle_matches_it() -> None:
    items = list(range(24))
    rng = Rng("shuffle")
    out = rng.shuffled(items)
    assert sorted(out) == items and out != items
    replay = Rng("shuffle")
    assert shuffled(items, [replay.below(n) for n in shuffle_sizes(24)]) == out


def test_seed_commitment() -> None:
    seed, salt = new_seed(), new_salt()
    assert len(seed) == 64 and seed != new_seed() and len(salt) == 64 and salt != new_salt()
    assert seed_hash(seed, salt) == seed_hash(seed, salt)
    assert seed_hash(seed, salt) != seed_hash(seed + "x", salt)
    assert seed_hash(seed, salt) != seed_hash(seed, new_salt()) != seed_hash(seed)
    assert len(seed_hash(seed, salt)) == 64


GUESSES = [str(n) for n in range(1000)] + ["hunter2", "caldera", "seed", "test", ""]


def test_a_chosen_seed_cannot_be_found_from_its_commitment() -> None:
    """A host chose the seed "42": hashing guesses (unsalted, or with a guessed salt) no longer
    finds it, yet the salt revealed at the end proves every draw of the game."""
    referee = Referee(RULES, RULES.config(2, {"turn_limit": 2}), ["R", "B"], seed="42")
    commitment = referee.started.seed_hash
    assert commitment == seed_hash("42", referee.salt)
    for guess in GUESSES:
        assert commitment != seed_hash(guess)
        assert all(commitment != seed_hash(guess, salt) for salt in ("", "0", "42", guess))
    assert seed_hash("42") in {seed_hash(guess) for guess in GUESSES}  # as it was before salts
    log = referee.begin()
    while not referee.ended:
        seat = RULES.to_move(referee.state)[0]
        log += referee.submit(seat, RULES.legal_commands(referee.state, seat)[0])
    ended = log[-1].event
    assert (ended.seed, ended.salt) == ("42", referee.salt)  # type: ignore[attr-defined]
    report = audit(referee.log)
    assert report.ok and report.seed_checked and report.draws > 0, report.problems
