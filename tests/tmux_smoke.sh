#!/usr/bin/env bash
# Smoke test of `caldera` with no arguments (what `make play` runs) in a real terminal.
#
# tmux gives it a 100x40 pane; keys go in with send-keys, the screen comes back with
# capture-pane. The run: menu -> new game (every seat a bot, 10 turns) -> end screen ->
# watch the replay -> jump to its end -> menu, where the game is listed -> quit.
#
#   tests/tmux_smoke.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/tmux_smoke.sh
set -euo pipefail
cd "$(dirname "$0")/.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-smoke-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

screen() { tmux capture-pane -p -t "$session"; }

wait_for() {  # wait_for TEXT: until the pane shows TEXT (gives up after ~30 s)
    for _ in $(seq 1 300); do
        if screen | grep -qF -- "$1"; then
            return 0
        fi
        sleep 0.1
    done
    echo "tmux smoke: never saw '$1'; the screen was:" >&2
    screen >&2
    exit 1
}

keys() { tmux send-keys -t "$session" "$@"; sleep 0.3; }

tmux new-session -d -s "$session" -x 100 -y 40 \
    "CALDERA_DATA_DIR='$data' '$caldera' --pace 0; echo \"caldera exited with \$?\"; sleep 30"

wait_for "New local game"
wait_for "No saved games yet"
keys n
wait_for "Seat 1"
keys Tab Enter          # seat 1: open the kind list (Human, Bot: greedy, Bot: random)
keys Down Enter         # seat 1 becomes a greedy bot (seats 2 and 3 already are)
wait_for "Bot: greedy"
keys Tab Tab Tab Tab Tab Tab   # to the turn limit
keys 1 0
keys C-s
wait_for "Mauna Kea — Red, Blue, Yellow"
wait_for "game over"
keys w
wait_for "event 0 /"
keys End
wait_for "Final scoring:"
keys q                  # leave the replay: back to the end screen
wait_for "Watch the replay"
keys m
wait_for "Saved games"
wait_for "Red, Blue, Yellow"
keys q
wait_for "caldera exited with 0"
echo "tmux smoke: OK"
