#!/usr/bin/env bash
# A whole Arnak game in a real terminal (tmux) at 80x24, the smallest size the table accepts:
# `caldera play arnak` with one human and one bot. Too small (76x22) the table says the size it
# needs; at 80x24 it shows. The human's turns are played by keys only: each round a card, a
# dig at camp 3 by its name (its travel paid when asked), then a pass (e, y) and the end of the
# turn (e; its leftover cards kept), every question an effect asks answered with its first
# answer; the bot plays its turns; after round V the end screen shows the scores. Then the
# human leaves and the menu lists the game.
#
#   tests/terminal/tmux_arnak.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/terminal/tmux_arnak.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-arnak-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux arnak"

# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

tmux new-session -d -s "$session" -x 76 -y 22 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' --pace 0 play arnak --players 2 --bot 2 --seed tmux; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "needs a terminal of at least 80×24"
tmux resize-window -t "$session" -x 80 -y 24
wait_for "$session" "Red's HAND"
started=$SECONDS

# One step of the human's game, read from the screen: the first match acts.
dug_round=""
for _ in $(seq 1 2000); do
    now=$(screen "$session")
    if grep -qF "Lost Ruins of Arnak: game over" <<<"$now"; then
        break
    fi
    round=$(grep -oE "Round [IV]+ of V" <<<"$now" | head -1 || true)
    if grep -qF "Pass? Your round ends" <<<"$now" || grep -qF "End the turn? " <<<"$now"; then
        keys "$session" y
    elif grep -qE "^ Red · .*\?" <<<"$now" && grep -qF "c Answer" <<<"$now"; then
        keys "$session" Enter                       # an effect's question: its first answer
    elif grep -qF "Red · Dig: " <<<"$now"; then
        keys "$session" Enter                       # how to pay the travel: shown, confirmed
    elif grep -qF "Red: one main action" <<<"$now"; then
        if [ "$round" != "$dug_round" ]; then
            dug_round=$round
            keys "$session" p 1                     # a card for its effect (or a refusal)
            keys "$session" d 3                     # then camp 3 by its name, if it can
        else
            keys "$session" e                       # pass: asked first (y above)
        fi
    elif grep -qF "Red: free actions, then e ends the turn" <<<"$now"; then
        keys "$session" e
    else
        sleep 0.1                                   # the bot's turn, or a screen being drawn
    fi
done
wait_for "$session" "Lost Ruins of Arnak: game over"
wait_for "$session" "Total"
echo "tmux arnak: the whole game took $((SECONDS - started)) s"
keys "$session" Escape
wait_for "$session" "Game over"
keys "$session" q
wait_for "$session" "Saved games"
wait_for "$session" "Arnak"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "tmux arnak: OK"
