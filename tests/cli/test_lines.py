"""The line mode as a script uses it: ``caldera play … --lines`` through stdin and stdout, a
whole game against a bot, with undos, bad input and help along the way."""

from __future__ import annotations

import os
import queue
import random
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from core.audit import audit
from core.codec import Envelope
from core.games import get_rules
from core.games.arnak.components import COMPONENTS as ARNAK
from replays.file import read
from tests.kit.lifeline import dies_with_us
from tui.lines.player import lines_for
from tui.lines.sentences import sentence

EVENT = re.compile(r"^ {0,4}(\d+)  (.*)$")
LISTED = re.compile(r"^  (\d+)\) ")
COUNTED = re.compile(r"^(\d+) commands: ")


class Script:
    """Reads the game's lines as they come and answers its prompts."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1, env=env, preexec_fn=dies_with_us(),
        )  # fmt: skip
        self.lines: list[str] = []
        self._came: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for text in self.process.stdout:
            self._came.put(text)
        self._came.put("")

    def line(self, timeout: float = 30) -> str:
        """The next line the game prints ('' at its end); fails after ``timeout`` seconds."""
        try:
            text = self._came.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError("the game printed nothing for 30 s:\n" + self.tail()) from None
        if text:
            self.lines.append(text.rstrip("\n"))
        return text.rstrip("\n")

    def until(self, *endings: str) -> str:
        """Read up to a line that starts with or contains one of ``endings`` (or the end)."""
        while True:
            text = self.line()
            if text == "":
                return ""  # the game's output ended
            if any(text.startswith(e) or e in text for e in endings):
                return text

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def tail(self) -> str:
        return "\n".join(self.lines[-30:])


def listed_above(lines: list[str]) -> int:
    """How many numbered lines come right before the last line (the prompt)."""
    count = 0
    while count + 2 <= len(lines) and LISTED.match(lines[-2 - count]):
        count += 1
    return count


PROMPT = ("Type a number", "Type words", "Game over:")


def test_a_script_plays_a_whole_game_against_a_bot(tmp_path: Path) -> None:
    env = {**os.environ, "CALDERA_DATA_DIR": str(tmp_path), "CALDERA_CONFIG_DIR": str(tmp_path)}
    script = Script(
        ["play", "maunakea", "--players", "2", "--bot", "2", "--seed", "lines", "--turn-limit",
         "3", "--lines"], env,
    )  # fmt: skip
    pick = random.Random(7)
    asked = undone = refused = 0
    try:
        ending = script.until(*PROMPT)
        script.send("help")
        assert script.until("Type the number").startswith("Type the number of a line")
        script.send("no such thing")
        said = script.until("No command fits")
        assert said == "No command fits 'no such thing'. Type help for help."
        script.send("999")
        assert script.until("There is no line").startswith("There is no line 999: type 1 to ")
        script.send("all")  # the list again
        ending = script.until(*PROMPT)
        while "Game over:" not in ending:
            asked += 1
            counted = COUNTED.match(script.lines[-2])
            choices = int(counted.group(1)) if counted else listed_above(script.lines)
            assert choices >= 1, script.tail()
            if asked % 3 == 2:
                script.send("undo")
                answer = script.until(*PROMPT, "Refused: ")
                if answer.startswith("Refused: "):
                    refused += 1
                    assert "nothing to take back" in answer, answer
                    script.send(str(pick.randint(1, choices)))
                else:
                    undone += 1
                    ending = answer
                    continue
            else:
                script.send(str(pick.randint(1, choices)))
            ending = script.until(*PROMPT)
        assert script.until("Replay: ").startswith("Replay: ")
        assert script.process.wait(30) == 0
    finally:
        if script.process.poll() is None:
            script.process.kill()
    assert undone >= 1 and refused >= 1, (undone, refused)

    (path,) = (tmp_path / "replays").glob("*.caldera")
    replay = read(path)
    report = audit(replay.envelopes)
    assert report.ok and report.finished and report.undos == undone, report.problems
    # every event was printed, in order, as the event log's sentence
    rules = get_rules("maunakea")
    names = replay.envelopes[0].event.players  # type: ignore[attr-defined]
    printed = {int(m.group(1)): m.group(2) for text in script.lines if (m := EVENT.match(text))}
    for env_ in replay.envelopes[1:-1]:
        assert printed[env_.seq] == sentence(rules, env_, names)
    assert printed[replay.envelopes[-1].seq].startswith("Game over: Red ")


def test_commands_that_read_alike_are_told_apart() -> None:
    from tests.core.test_undo import at_a_turn_start

    referee = at_a_turn_start("alike")
    rules = referee.rules
    seat = rules.to_move(referee.state)[0]
    lines = lines_for(rules, referee.state, seat, ("Ann", "Bob"))
    assert len(lines) == len(rules.legal_commands(referee.state, seat))
    assert len({line.text for line in lines}) == len(lines), "every line reads differently"
    assert all(line.text.startswith("Ann ") or line.text.startswith("Bob ") for line in lines)


async def test_a_player_reads_only_what_their_seat_may_see() -> None:
    import io

    from core.bots import make_bot
    from core.games.maunakea import events as ev
    from tui.lines.player import LinePlayer
    from tui.play.local_table import LocalSession

    rules = get_rules("maunakea")
    config = rules.config(2, {"advanced": True})
    bot = make_bot("maunakea", "random", "b")
    session = LocalSession(rules, config, ("Ann", "Bob"), bots={1: bot}, seed="x", bot_pace=0)
    out = io.StringIO()
    bob_kept = threading.Event()

    def quit_once_bob_kept() -> str:
        assert bob_kept.wait(30), "the bot never kept its cards"
        return "quit\n"

    def seen_by_referee(batch: Any) -> None:
        if any(isinstance(env.event, ev.CardsKept) and env.event.seat == 1 for env in batch):
            bob_kept.set()

    session.subscribe(seen_by_referee)
    player = LinePlayer(session, quit_once_bob_kept, out)
    await session.start()
    assert await player.run() == 0
    await session.close()
    (kept,) = [e for e in session.envelopes if isinstance(e.event, ev.CardsKept) and e.event.seat]
    printed = dict(m.groups() for text in out.getvalue().splitlines() if (m := EVENT.match(text)))
    mine = sentence(rules, _seen(rules, kept, 0), ("Ann", "Bob"))
    assert printed[str(kept.seq)] == mine
    assert mine != sentence(rules, kept, ("Ann", "Bob")), "Bob's cards stay hidden"


def _seen(rules: Any, env: Envelope, seat: int) -> Envelope:
    return Envelope(env.seq, rules.project(env.event, seat), env.prev)


def lines_env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "CALDERA_DATA_DIR": str(tmp_path), "CALDERA_CONFIG_DIR": str(tmp_path)}


def block(lines: list[str], head: str) -> list[str]:
    """The lines from the one starting with ``head`` up to the next unindented one."""
    start = next(i for i, text in enumerate(lines) if text.startswith(head))
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return lines[start:end]


def test_look_says_the_position_and_only_what_the_seat_may_see(tmp_path: Path) -> None:
    script = Script(
        ["play", "maunakea", "--players", "2", "--bot", "2", "--seed", "look", "--advanced",
         "--lines"], lines_env(tmp_path),
    )  # fmt: skip
    try:
        script.until(*PROMPT)  # Red's first question: which cards to keep
        first = len(script.lines)
        script.send("look")
        said = script.until("At the landings:")
        assert said.startswith("At the landings: ")
        looked = script.lines[first:]
        red, blue = block(looked, "Red (seat 1): "), block(looked, "Blue (seat 2): ")
        assert red[0] == "Red (seat 1): 0 VP." and blue[0] == "Blue (seat 2): 0 VP."
        red_cards = next(text for text in red if text.startswith("  Cards dealt: "))
        assert len(red_cards.split(", ")) == 6, red_cards  # Red's own six dealt, named
        blue_cards = next(text for text in blue if text.startswith("  Cards: "))
        assert blue_cards in (  # how many Blue holds, never which
            "  Cards: still choosing which to keep.",
            "  Cards: 4 cards, not shown.",
        )
        assert any(text.startswith("  Hand: ") for text in red)
        assert not any(ch in "".join(looked) for ch in "○◐●■"), "no glyphs to spell out"

        first = len(script.lines)
        script.send("look blue")
        script.until("  Cards: ")
        assert block(script.lines[first:], "Blue (seat 2): ")[0] == "Blue (seat 2): 0 VP."
        assert not any(text.startswith("Red (seat 1): ") for text in script.lines[first:])
        script.send("look 3")
        assert script.until("There is no player") == (
            "There is no player '3' here: look at Red, Blue or 1 to 2."
        )
        script.send("quit")
        assert script.process.wait(30) == 0
    finally:
        if script.process.poll() is None:
            script.process.kill()
    # what Blue kept is in the log: Red's look never named any of Blue's cards
    (path,) = (tmp_path / "replays").glob("*.caldera")
    from core.games.maunakea import events as ev
    from tui.games.maunakea.widgets.cards import card_title

    dealt = next(e.event for e in read(path).envelopes if isinstance(e.event, ev.CardsDealt))
    mine = {card_title(c) for c in dealt.hands[0]}
    theirs = {card_title(c) for c in dealt.hands[1]} - mine
    assert not any(title in "\n".join(script.lines) for title in theirs), theirs


def test_two_players_at_one_terminal_are_asked_to_hand_it_over(tmp_path: Path) -> None:
    script = Script(
        ["play", "maunakea", "--players", "2", "--seed", "hotseat", "--lines"], lines_env(tmp_path)
    )
    try:
        seats = ["Red (seat 1)", "Blue (seat 2)"]
        asked = script.until("'s turn (seat ")
        first = next(s for s in seats if asked.startswith(s.replace(" (", "'s turn (")))
        name = first.split()[0]
        assert asked.endswith(
            f"Only {name} should read on: press enter to hear {name}'s hand and commands."
        )
        assert not any(text.startswith("Your turn") for text in script.lines)
        script.send("")
        assert script.until("Your turn") == f"Your turn, {first}."
        script.until(*PROMPT)
        script.send("1")  # an explorer placed: the other player's turn, asked for again
        (second,) = [s for s in seats if s != first]
        asked = script.until("'s turn (seat ")
        assert asked.startswith(second.replace(" (", "'s turn (") + ". Only ")
        script.send("look")  # not a command before the hand-over: it only hands over
        assert script.until("Your turn") == f"Your turn, {second}."
        script.send("quit")
        assert script.process.wait(30) == 0
    finally:
        if script.process.poll() is None:
            script.process.kill()


@pytest.mark.parametrize("game", ["maunakea", "kilauea", "arnak"])
def test_look_in_each_game_names_no_card_the_seat_may_not_see(game: str) -> None:
    from core.bots import make_bot, play_out
    from core.referee import Referee
    from tui.lines.position import look

    rules = get_rules(game)
    config = rules.config(2, {"advanced": True} if game == "maunakea" else {})
    referee: Referee[Any] = Referee(rules, config, ("Ann", "Bob"), seed=f"look-{game}")
    referee.begin()
    bots = {s: make_bot(game, "greedy", f"look/{s}") for s in (0, 1)}
    play_out(referee, bots, max_commands=40)
    while game == "arnak" and not referee.ended and not unseen_by_ann(referee.state):
        play_out(referee, bots, max_commands=1)
    said = look(rules, referee.state, ("Ann", "Bob"), 0, None)
    assert said[1].startswith("Ann (seat 1): ") and any(
        t.startswith("Bob (seat 2): ") for t in said
    )
    assert look(rules, referee.state, ("Ann", "Bob"), 0, 1)[0].startswith("Bob (seat 2): ")
    text = "\n".join(said)
    if game == "arnak":
        hidden = unseen_by_ann(referee.state)  # Bob holds a card of his own now
        assert hidden and not any(name in text for name in hidden), hidden
        assert any(ARNAK.card(c).name in text for c in referee.state.seats[0].hand)
        assert "+1 " in text  # gains keep their sign: only pictures are left out
        assert "  Research: glass " in text and " coin" in said[-1]  # the row with its prices
        assert "The map:" in said and any(t.startswith("  camp 1 (a boot") for t in said)
        assert any(t.startswith("  Row 7: ") for t in said)  # the research track in words


def unseen_by_ann(state: Any) -> set[str]:
    """The names of Bob's hand cards that Ann sees nowhere (her hand and play, the row)."""
    seats = state.seats
    seen = {*seats[0].hand, *seats[0].play, *state.row_art, *state.row_items}
    return {ARNAK.card(c).name for c in seats[1].hand} - {ARNAK.card(c).name for c in seen if c}


def test_mauna_kea_s_look_says_the_island_and_where_to_start() -> None:
    from core.bots import make_bot, play_out
    from core.games.maunakea.board import space_name
    from core.referee import Referee
    from tui.games.maunakea.look import look

    rules = get_rules("maunakea")
    referee = Referee(rules, rules.config(2, {}), ["Ann", "Bob"], seed="look-island")
    referee.begin()
    said = "\n".join(look(rules.view(referee.state, 0), ["Ann", "Bob"], 0, None))
    assert "No explorer of Ann's is on the island yet" in said and "start field: g9" in said
    play_out(referee, {s: make_bot("maunakea", "greedy", str(s)) for s in range(2)},
             max_commands=30)  # fmt: skip
    state = rules.view(referee.state, 0)
    lines = look(state, ["Ann", "Bob"], 0, None)
    (artifacts,) = [line for line in lines if line.startswith("Artifacts on the island: ")]
    for space, colours in state.artifacts.items():
        assert f"{', '.join(colours)} at {space_name(space)}, " in artifacts
    assert re.search(r"\d+ MP away", artifacts), artifacts
    (landings,) = [line for line in lines if line.startswith("At the landings: ")]
    assert landings.count(" boat (") == len(state.docked)
    assert "No explorer of Ann's" not in "\n".join(lines)


def test_a_rule_shared_by_many_commands_is_said_once_above_them() -> None:
    from collections import Counter

    from core.bots import make_bot
    from core.referee import Referee
    from tui.lines.player import LinePlayer

    rules = get_rules("kilauea")
    referee = Referee(rules, rules.config(2, {}), ["Ann", "Bob"], seed="lt")
    referee.begin()
    bots = {s: make_bot("kilauea", "random", str(s)) for s in range(2)}
    while True:  # a turn with many ways to use a tile
        seat = rules.to_move(referee.state)[0]
        lines = lines_for(rules, referee.state, seat, ["Ann", "Bob"])
        if sum(line.kind == "use tile" for line in lines) > 50:
            break
        referee.submit(seat, bots[seat].choose(rules, referee.state, seat))

    class Heard(LinePlayer):
        def __init__(self) -> None:
            self.heard: list[str] = []

        def say(self, text: str) -> None:
            self.heard.append(text)

    player = Heard()
    player.show(lines, len(lines), everything=True)
    numbered = [text for text in player.heard if LISTED.match(text)]
    assert [int(LISTED.match(t).group(1)) for t in numbered] == list(range(1, len(lines) + 1))  # type: ignore[union-attr]
    firsts = Counter(line.text.partition("; ")[0] for line in lines if "; " in line.text)
    shared = [first for first, n in firsts.items() if n > 1]  # a tile used in several ways
    assert shared and not [f for f in shared if sum(f in text for text in numbered) > 0]
    heads = [text for text in player.heard if text.endswith(", and then:")]
    assert heads and sum(map(len, player.heard)) < sum(len(line.text) for line in lines) * 0.7


def test_kilauea_s_look_says_which_tikis_can_be_cut() -> None:
    from core.games.kilauea.components import COMPONENTS as KILAUEA
    from core.games.kilauea.play import cuts
    from core.referee import Referee
    from tui.games.kilauea.look import look

    rules = get_rules("kilauea")
    referee = Referee(rules, rules.config(2, {}), ["Ann", "Bob"], seed="look-cut")
    referee.begin()
    said = look(referee.state, ["Ann", "Bob"], 0, None)
    for k, name in enumerate(KILAUEA.sectors):
        (line,) = [text for text in said if text.startswith(f"The {name} forest: ")]
        spaces = sorted(c.space for c in cuts(referee.state, 0, k))  # type: ignore[attr-defined]
        assert line.endswith(f"can be cut: {', '.join(spaces) or 'none'}."), line


async def test_look_and_quit_are_heard_while_the_others_play() -> None:
    import asyncio
    import io

    from core.bots import make_bot
    from tui.lines.player import LinePlayer
    from tui.play.local_table import LocalSession

    rules = get_rules("maunakea")
    config = rules.config(2, {"start_player": 0})
    bot = make_bot("maunakea", "greedy", "b")  # seat 1 starts and thinks for ten minutes
    session = LocalSession(rules, config, ("Ann", "Bob"), bots={0: bot}, seed="x", bot_pace=600)
    typed = iter(["look\n", "hello\n", "quit\n"])
    out = io.StringIO()
    player = LinePlayer(session, lambda: next(typed), out)
    await session.start()
    try:
        assert await asyncio.wait_for(player.run(), 30) == 0
    finally:
        await session.close()
    said = out.getvalue()
    assert "Placing explorers: Ann places next." in said  # look, while Ann's bot thinks
    assert "Not your turn yet" in said and "You left the game." in said


async def test_a_watcher_whose_input_ends_watches_on_to_the_end() -> None:
    import asyncio
    import io

    from core.bots import make_bot
    from tui.lines.player import LinePlayer
    from tui.play.local_table import LocalSession

    rules = get_rules("kilauea")
    config = rules.config(2, {"turn_limit": 2})
    bots = {s: make_bot("kilauea", "greedy", str(s)) for s in range(2)}  # nobody at this terminal
    session = LocalSession(rules, config, ("Ann", "Bob"), bots=bots, seed="w", bot_pace=0)
    out = io.StringIO()
    player = LinePlayer(session, lambda: "", out)  # stdin is /dev/null, as a script's may be
    await session.start()
    try:
        assert await asyncio.wait_for(player.run(), 60) == 0
    finally:
        await session.close()
    said = out.getvalue()
    assert "Game over" in said and "You left the game" not in said
