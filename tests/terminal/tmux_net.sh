#!/usr/bin/env bash
# Smoke test of a game across terminals: two real `caldera` apps in two tmux sessions (100x40)
# and a broker this script starts (`caldera broker`, on a free loopback port).
#
# Ann hosts a 2-seat Kilauea table from the menu (turn limit 2); Bob joins it from his lobby;
# Ann starts it; Cleo watches from the line mode (both headers say "1 watching" until her process
# is killed and her Last Will says she left); each plays with keys only (the draft, the canoe, a cut, the end of the turn)
# until both see the end screen; Ann closes the table, both quit.
#
#   tests/terminal/tmux_net.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/terminal/tmux_net.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
label="tmux net"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh
ann="caldera-net-ann-$$"
bob="caldera-net-bob-$$"
start_apps "$ann" "$bob"

host_kilauea "$ann" Ann 2
join_table "$bob" "$table" Bob
wait_for "$bob" "waiting for the host to start"
wait_for "$ann" "Bob"
wait_for "$ann" "s starts the game"
keys "$ann" s
wait_for "$ann" "Kilauea — Ann, Bob"
wait_for "$bob" "Kilauea — Ann, Bob"
wait_for "$bob" "connected · ●Ann ●Bob"

eval "$env CALDERA_CONFIG_DIR='$data/cleo' '$caldera' join '$table' --watch --lines --name Cleo \
    </dev/null >'$data/cleo.log' 2>&1 &"
cleo=$!
trap 'kill -9 "$cleo" 2>/dev/null || true; stop_apps' EXIT
wait_for "$ann" "connected · ●Ann ●Bob · 1 watching"
wait_for "$bob" "connected · ●Ann ●Bob · 1 watching"
kill -9 "$cleo"
wait_gone "$ann" "watching"
wait_gone "$bob" "watching"

play_until "Kilauea: game over" "$bob"
wait_for "$ann" "Kilauea: game over"
screen "$bob" | grep -qF "The game ended: the turn limit" || { screen "$bob" >&2; exit 1; }

# Bob goes back to his menu; Ann closes her table from the room, and both quit.
keys "$bob" m
wait_for "$bob" "Join a table"
keys "$ann" Escape                      # from the end screen to the board
keys "$ann" q                           # back to the table room
wait_for "$ann" "The game is over"
keys "$ann" c
wait_for "$ann" "Close the table?"
keys "$ann" y
wait_for "$ann" "Saved games"
wait_for "$ann" "Ann, Bob"              # the hosted game is saved with Ann's games
keys "$ann" q
keys "$bob" q
wait_for "$ann" "caldera exited with 0"
wait_for "$bob" "caldera exited with 0"
echo "tmux net: OK"
