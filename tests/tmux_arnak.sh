#!/usr/bin/env bash
# An Arnak turn in a real terminal (tmux): `caldera play arnak` with one human and one bot. At
# 100x30 the table says the size it needs; grown to 120x40 it shows the table. The human plays a
# card, digs at a camp (paying its boot), ends the turn (confirming if something is unused); the
# bot plays; the human leaves, and the menu lists the saved game.
#
#   tests/tmux_arnak.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/tmux_arnak.sh
set -euo pipefail
cd "$(dirname "$0")/.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-arnak-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux arnak"

# shellcheck source=tests/tmux_lib.sh
source tests/tmux_lib.sh

tmux new-session -d -s "$session" -x 100 -y 30 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' --pace 0 play arnak --players 2 --bot 2 --seed tmux; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "needs a terminal of at least 120×40"
tmux resize-window -t "$session" -x 120 -y 40
wait_for "$session" "What now?"
wait_for "$session" "Red's HAND"
keys "$session" p
wait_for "$session" "Play which card?"
keys "$session" 1
wait_for "$session" "Red played"
keys "$session" d
wait_for "$session" "Dig at which site?"
keys "$session" 1
answer_until "$session" "Red dug at" "Pay the travel how?" 1     # a choice of payment, if there is one
keys "$session" e
answer_until "$session" "Blue ended the turn" "End the turn?" y  # asked if something is left unused;
# then Red's turn ends and the bot plays its turn
wait_for "$session" "What now?"                  # Red again
screen "$session" > "$data/last"
grep -qF "main action open" "$data/last"    # a fresh turn
keys "$session" q
wait_for "$session" "Leave this game?"
keys "$session" y
wait_for "$session" "Saved games"
wait_for "$session" "Arnak"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "tmux arnak: OK"
