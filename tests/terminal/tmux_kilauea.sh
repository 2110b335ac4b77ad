#!/usr/bin/env bash
# Smoke test of a Kilauea game in a real terminal (tmux, 100x40, or 80x24 with `small`: the
# compact table, no size notice, the players pane and its log tab): `caldera play kilauea` with
# one human and one bot; the human drafts 2 Tikis, moves the canoe, cuts a Tiki and ends the
# turn with keys only; the bot plays; the human leaves, and the menu lists the saved game.
#
#   tests/terminal/tmux_kilauea.sh                    # uses .venv/bin/caldera, 100x40
#   tests/terminal/tmux_kilauea.sh small              # 80x24
#   CALDERA=/path/to/caldera tests/terminal/tmux_kilauea.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
small=${1:-}
session="caldera-kilauea-$small$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux kilauea${small:+ $small}"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

size=(-x 100 -y 40)
[ "$small" = small ] && size=(-x 80 -y 24)
tmux new-session -d -s "$session" "${size[@]}" \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' --pace 0 play kilauea --players 2 --bot 2 --seed smoke; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "Kilauea — Red, Blue"
for _ in 1 2; do            # the snake draft: Red takes 2 Tikis from the volcano
    wait_for "$session" "Take a Tiki from which volcano sector?"
    keys "$session" 1
    wait_for "$session" "Which colour?"
    keys "$session" 1
done
wait_for "$session" "Move the canoe how far clockwise?"
if [ "$small" = small ]; then
    if tmux capture-pane -p -t "$session" | grep -q "needs a terminal"; then
        echo "$label: a size notice at 80x24" >&2
        exit 1
    fi
    wait_for "$session" "p Players"    # the footer names the pane's key
fi
keys "$session" 1                      # one space: free
wait_for "$session" "What now?"
keys "$session" c
wait_for "$session" "Cut which accessible Tiki?"
keys "$session" 1
if [ "$small" = small ]; then
    keys "$session" p                  # the players pane, then the log tab
    wait_for "$session" "Board key"
    keys "$session" l
    wait_for "$session" "Red cut a"
    keys "$session" Escape
    wait_for "$session" "What now?"
else
    wait_for "$session" "Red cut a"
fi
wait_for "$session" "e End the turn"
keys "$session" e
# the tile the cut earned may be unused: then the question, and y ends the turn anyway (at
# 80x24 the log is a key away: Red's next move question says the turn ended)
if [ "$small" = small ]; then
    answer_until "$session" "Move the canoe how far clockwise?" "earned this turn go unused" y
else
    answer_until "$session" "Red's turn ends" "earned this turn go unused" y
    wait_for "$session" "Move the canoe how far clockwise?"   # Blue (the bot) played; Red again
fi
keys "$session" q
wait_for "$session" "Leave this game?"
keys "$session" y
wait_for "$session" "Saved games"
wait_for "$session" "Kilauea"
wait_for "$session" "Red, Blue"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "$label: OK"
