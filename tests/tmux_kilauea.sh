#!/usr/bin/env bash
# Smoke test of a Kilauea game in a real terminal (tmux, 100x40): `caldera play kilauea` with
# one human and one bot; the human drafts 2 Tikis, moves the canoe, cuts a Tiki and ends the
# turn with keys only; the bot plays; the human leaves, and the menu lists the saved game.
#
#   tests/tmux_kilauea.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/tmux_kilauea.sh
set -euo pipefail
cd "$(dirname "$0")/.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-kilauea-$$"
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
    echo "tmux kilauea: never saw '$1'; the screen was:" >&2
    screen >&2
    exit 1
}

keys() { tmux send-keys -t "$session" "$@"; sleep 0.3; }

tmux new-session -d -s "$session" -x 100 -y 40 \
    "CALDERA_DATA_DIR='$data' '$caldera' --pace 0 play kilauea --players 2 --bot 2 --seed smoke; echo \"caldera exited with \$?\"; sleep 30"

wait_for "Kilauea — Red, Blue"
for _ in 1 2; do            # the snake draft: Red takes 2 Tikis from the volcano
    wait_for "Take a Tiki from which volcano sector?"
    keys 1
    wait_for "Which colour?"
    keys 1
done
wait_for "Move the canoe how far clockwise?"
keys 1                      # one space: free
wait_for "What now?"
keys c
wait_for "Cut which accessible Tiki?"
keys 1
wait_for "Red cut a"
wait_for "e End the turn"
keys e
wait_for "Red's turn ends"
wait_for "Move the canoe how far clockwise?"   # Blue (the bot) played; Red again
keys q
wait_for "Leave this game?"
keys y
wait_for "Saved games"
wait_for "Kilauea"
wait_for "Red, Blue"
keys q
wait_for "caldera exited with 0"
echo "tmux kilauea: OK"
