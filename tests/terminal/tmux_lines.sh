#!/usr/bin/env bash
# The line mode in a real terminal: `caldera play maunakea --lines`, seat 1 played by typing
# numbers at each prompt against a greedy bot, one look at the position, one command taken back
# with `undo`, to the end.
#
#   tests/terminal/tmux_lines.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/terminal/tmux_lines.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-lines-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux lines"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

tmux new-session -d -s "$session" -x 100 -y 40 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data' '$caldera' play maunakea --players 2 \
     --bot 2 --seed tmux --turn-limit 3 --lines; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "Your turn, Red (seat 1)."
keys "$session" -l "what"
keys "$session" Enter
wait_for "$session" "No command fits 'what'. Type help for help."
keys "$session" -l "look blue"
keys "$session" Enter
wait_for "$session" "Blue (seat 2): 0 VP."
wait_for_line "$session" "^  Explorers: explorer 1 "
keys "$session" 1 Enter

answer_until() {  # answer_until TEXT: type 1 at every prompt until the last line shows TEXT
    local last
    for _ in $(seq 1 900); do
        last=$(screen "$session" | grep -v '^$' | tail -1)
        case "$last" in
            *"$1"*) return 0 ;;
            Type*) keys "$session" 1 Enter ;;
            *) sleep 0.1 ;;
        esac
    done
    echo "$label: never reached '$1'; the screen was:" >&2
    screen "$session" >&2
    exit 1
}

answer_until "Type words to narrow"      # Red's first turn: hundreds of ways to play a tile
keys "$session" 1 Enter
keys "$session" -l "undo"
keys "$session" Enter
wait_for "$session" "Red took back their last move"
answer_until "caldera exited with"
wait_for "$session" "caldera exited with 0"
screen "$session" | grep -q "Game over: Red " || { echo "$label: no final score" >&2; exit 1; }
screen "$session" | grep -q "^Replay: " || { echo "$label: no replay named" >&2; exit 1; }
replay=$(ls "$data"/replays/*.caldera)
"$caldera" verify "$replay" | grep -q "OK .*1 take-back checked" || { echo "$label: the replay does not verify" >&2; exit 1; }
echo "tmux lines: OK"
