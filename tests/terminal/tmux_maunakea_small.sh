#!/usr/bin/env bash
# A Mauna Kea turn in a real terminal at 80x24 (the size most terminals open at): `caldera play`
# with one human and one bot on the compact table, no size notice. Red places every explorer,
# lays a tile, spends the others, moves an explorer and ends the turn with keys only; m shows
# the players, then the log; the bot plays; Red leaves and the menu lists the saved game.
#
#   tests/terminal/tmux_maunakea_small.sh             # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/terminal/tmux_maunakea_small.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-maunakea-small-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux maunakea small"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

tmux new-session -d -s "$session" -x 80 -y 24 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' --pace 0 play maunakea --players 2 --bot 2 --seed smoke; echo \"caldera exited with \$?\"; sleep 30"

# the pre-game: the cursor walks the start fields (around the volcano, rows 7 to 12); enter
# places where a space is free (on a taken one the line says so and nothing happens)
wait_for "$session" "Red: place an explorer"
wait_for "$session" "m Players"            # the footer names the pane's key
if screen "$session" | grep -q "needs a terminal"; then
    echo "$label: a size notice at 80x24" >&2
    screen "$session" >&2
    exit 1
fi
screen "$session" | grep -q "  a  b  c" || { echo "$label: no island" >&2; exit 1; }
for move in Down Down Right Down Left Down Right Down Left Left Up Up Up Up Up Left Down Down; do
    if screen "$session" | grep -qF "picks a tile"; then break; fi
    keys "$session" "$move" Enter
done
wait_for "$session" "picks a tile"         # every explorer placed: Red's first turn
wait_for "$session" "Tile"
keys "$session" 1                          # the first tile, laid where the cursor put it
wait_for "$session" "enter lays it at"
keys "$session" Enter
wait_for_line "$session" "tile\(s\) to play|every tile is played"
for _ in 1 2 3 4 5 6; do                   # the other tiles spent for their MP
    screen "$session" | grep -qF "every tile is played" && break
    keys "$session" 1
    wait_for "$session" "spends it for"
    keys "$session" s
done
wait_for "$session" "every tile is played"
keys "$session" Tab                        # an explorer, then a space in reach
wait_for "$session" "arrows choose a space"
for move in Up Left Down Right Right Down; do
    screen "$session" | grep -qF " MP (" && break
    keys "$session" "$move"
done
wait_for "$session" " MP ("                # the prompt says the way and its cost
keys "$session" Enter
wait_for "$session" "e End turn"
keys "$session" m                          # the players, then the log, then the island
wait_for "$session" "Bag:"
wait_for "$session" "m Log"
keys "$session" m
wait_for "$session" "Red moved explorer"
wait_for "$session" "m Island"
keys "$session" m
wait_for "$session" "m Players"
keys "$session" e
answer_until "$session" "picks a tile" "MP left unused?" y   # Blue (the bot) played; Red again
keys "$session" q
wait_for "$session" "Leave this game?"
keys "$session" y
wait_for "$session" "Saved games"
wait_for "$session" "Mauna Kea"
wait_for "$session" "Red, Blue"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "$label: OK"
