"""The shared choice tree: "pick a card, then its target, then how to pay" over any game's legal
commands (a made-up game here, so the tree is tested apart from Kilauea's words)."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.messages import Command
from tui.screens.choice_tree import ChoiceTree, Option, Stage, Value, Verb


class Play(Command, frozen=True):
    card: str
    target: str
    pay: str


class Pass(Command, frozen=True):
    pass


PLAY = Verb(
    "play",
    "p",
    "Play a card",
    Play,
    (
        Stage("Which card?", lambda c: c.card, lambda t, c: f"the {c.card}"),
        Stage("On what?", lambda c: c.target, lambda t, c: f"on {c.target}", blank=""),
        Stage("Paying with?", lambda c: c.pay, lambda t, c: f"pay {c.pay}"),
    ),
)
PASS = Verb("pass", "x", "Pass", Pass)


@dataclass
class Hand(ChoiceTree):
    VERBS = (PLAY, PASS)
    commands: list[Command] = field(default_factory=list)
    held: tuple[str, ...] = ()

    def unavailable(
        self, verb: Verb, picks: tuple[Value, ...], offered: set[Value]
    ) -> list[Option]:
        if verb is PLAY and not picks:
            return [
                Option(c, f"the {c}", (), "too dear now") for c in self.held if c not in offered
            ]
        return []


LEGAL: list[Command] = [
    Play("axe", "tree", "coin"),
    Play("axe", "tree", "gem"),
    Play("axe", "rock", "coin"),
    Play("map", "", "coin"),  # a card with no target, one way to pay
    Play("boat", "sea", "gem"),
]


def paths(tree: Hand, verb: Verb, picks: tuple[Value, ...] = ()) -> list[Command]:
    choice = tree.choice(verb, picks)
    assert choice is not None
    found: list[Command] = []
    for option in choice.options:
        if option.enabled:
            settled, command = tree.settle(verb, (*picks, option.value))
            found += [command] if command is not None else paths(tree, verb, settled)
    return found


def test_every_legal_command_is_reached_and_nothing_else() -> None:
    tree = Hand([*LEGAL, Pass()])
    assert tree.verbs() == [PLAY, PASS]
    assert sorted(map(repr, paths(tree, PLAY))) == sorted(map(repr, LEGAL))


def test_a_question_with_one_answer_is_not_asked_and_back_skips_it() -> None:
    tree = Hand(LEGAL)
    picks, command = tree.settle(PLAY, ("axe",))
    assert picks == ("axe",) and command is None  # two targets: asked
    picks, command = tree.settle(PLAY, ("axe", "rock"))
    assert command == Play("axe", "rock", "coin")  # one way left: sent at once
    picks, command = tree.settle(PLAY, ("axe", "tree"))
    assert picks == ("axe", "tree") and command is None
    pay = tree.choice(PLAY, picks)
    assert pay is not None and [o.value for o in pay.options] == ["coin", "gem"]
    only_sea = Hand([Play("boat", "sea", "gem"), Play("boat", "sea", "coin")])
    picks, _ = only_sea.settle(PLAY, ("boat",))
    assert picks == ("boat", "sea")  # the target had one answer: settled without asking
    assert only_sea.back(PLAY, picks) == ()  # back skips it to the card question
    assert only_sea.back(PLAY, ()) is None  # and from there leaves the verb
    assert only_sea.picked(PLAY, picks) == "the boat → on sea → ?"


def test_answers_not_possible_now_are_listed_greyed_with_their_reason() -> None:
    tree = Hand(LEGAL, held=("axe", "map", "boat", "crown"))
    options = tree.choice(PLAY).options  # type: ignore[union-attr]
    crown = next(o for o in options if o.value == "crown")
    assert not crown.enabled and crown.reason == "too dear now"
    assert [o.value for o in options if o.enabled] == ["axe", "map", "boat"]
    assert tree.picked(PLAY, ("map", "")) == "the map → ?"  # a blank answer is not worded
    assert not tree.can(PASS)
