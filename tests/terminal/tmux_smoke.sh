#!/usr/bin/env bash
# Smoke test of `caldera` with no arguments (what `make play` runs) in a real terminal.
#
# tmux gives it a 100x40 pane; keys go in with send-keys, the screen comes back with
# capture-pane. Its data and config directories are its own, named in the pane's command (a
# running tmux server gives a new pane its own environment, not this script's): the new-game
# form remembers its last choices in the config file. The run: menu -> new game (every seat a bot, 10 turns) -> end screen ->
# watch the replay -> jump to its end -> menu, where the game is listed -> quit.
#
#   tests/terminal/tmux_smoke.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/terminal/tmux_smoke.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-smoke-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux smoke"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

tmux new-session -d -s "$session" -x 100 -y 40 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' --pace 0; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "New local game"
wait_for "$session" "No saved games yet"
# n and the form's keys in one burst: the keys typed before the form is up wait for it. The
# focus starts on the game; three tabs reach seat 1's kind, enter opens its list (Human, then
# the bots weakest first: random, easy, greedy, medium, hard)
keys "$session" n Tab Tab Tab Enter
wait_for "$session" "Seat 1"
wait_for "$session" "Bot: random"  # shown only while a kind list is open
keys "$session" Down Down Down Enter  # seat 1 becomes a greedy bot (seats 2 and 3 already are)
wait_for_line "$session" "Seat 1 .*Bot: greedy"
wait_gone "$session" "Bot: random"  # the list is closed: the keys go to the form again
keys "$session" Tab Tab Tab Tab Tab Tab   # to the turn limit
keys "$session" 1 0
keys "$session" C-s
wait_for "$session" "Mauna Kea — Red, Blue, Yellow"
wait_for "$session" "game over"
keys "$session" w
wait_for "$session" "event 0 /"
keys "$session" End
wait_for "$session" "Final scoring:"
keys "$session" q                  # leave the replay: back to the end screen
wait_for "$session" "Watch the replay"
keys "$session" m
wait_for "$session" "Saved games"
wait_for "$session" "Red, Blue, Yellow"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "tmux smoke: OK"
