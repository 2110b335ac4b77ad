#!/usr/bin/env bash
# Smoke test of a game across terminals: two real `caldera` apps in two tmux sessions (100x40)
# and a broker this script starts (`caldera broker`, on a free loopback port).
#
# Ann hosts a 2-seat Kilauea table from the menu (turn limit 2); Bob joins it from his lobby;
# Ann starts it; each plays with keys only (the draft, the canoe, a cut, the end of the turn)
# until both see the end screen; Ann closes the table, both quit.
#
#   tests/tmux_net.sh                    # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/tmux_net.sh
set -euo pipefail
cd "$(dirname "$0")/.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
python=$(dirname "$caldera")/python
port=$("$python" -c "from net.broker import free_port; print(free_port())")
ann="caldera-net-ann-$$"
bob="caldera-net-bob-$$"
data=$(mktemp -d)
broker_pid=""
cleanup() {
    tmux kill-session -t "$ann" 2>/dev/null || true
    tmux kill-session -t "$bob" 2>/dev/null || true
    if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; fi
    rm -rf "$data"
}
trap cleanup EXIT

"$caldera" broker --port "$port" 2>"$data/broker.log" &
broker_pid=$!
env="CALDERA_BROKER=mqtt://127.0.0.1:$port XDG_CONFIG_HOME='$data/config'"

label="tmux net"
# shellcheck source=tests/tmux_lib.sh
source tests/tmux_lib.sh

tmux new-session -d -s "$ann" -x 100 -y 40 \
    "$env CALDERA_DATA_DIR='$data/ann' '$caldera' --pace 0.2; echo \"caldera exited with \$?\"; sleep 30"
tmux new-session -d -s "$bob" -x 100 -y 40 \
    "$env CALDERA_DATA_DIR='$data/bob' '$caldera' --pace 0.2; echo \"caldera exited with \$?\"; sleep 30"

# Ann hosts: Kilauea, 2 seats (hers and one for a player), her name, turn limit 2.
wait_for "$ann" "Host a table"
keys "$ann" h
wait_for "$ann" "Open a table others can join"
keys "$ann" Enter                       # open the game list
sleep 0.5
keys "$ann" Up                          # Kilauea is listed before Mauna Kea
keys "$ann" Enter
wait_for "$ann" "Forests"               # Kilauea's own option shows
keys "$ann" Tab Tab Tab Tab             # to her name
sleep 0.5
keys "$ann" BSpace BSpace BSpace BSpace
keys "$ann" -l Ann
wait_for "$ann" "Ann"
keys "$ann" Tab Tab Tab                 # to the turn limit
keys "$ann" 2
keys "$ann" C-s
wait_for "$ann" "tell your friends this id"
table=$(screen "$ann" | sed -n 's/.*Table \([a-z0-9]\{6\}\) on mqtt.*/\1/p' | head -1)
[ -n "$table" ] || { echo "tmux net: no table id on Ann's screen" >&2; screen "$ann" >&2; exit 1; }

# Bob joins from his lobby under his name.
wait_for "$bob" "Join a table"
keys "$bob" j
wait_for "$bob" "$table"
keys "$bob" Enter
wait_for "$bob" "Which seat?"
sleep 0.5
keys "$bob" BSpace BSpace BSpace BSpace BSpace BSpace
keys "$bob" -l Bob
wait_for "$bob" "Bob"
keys "$bob" Enter                       # the first free seat (enter in the name field)
wait_for "$bob" "waiting for the host to start"
wait_for "$ann" "Bob"
wait_for "$ann" "s starts the game"
keys "$ann" s
wait_for "$ann" "Kilauea — Ann, Bob"
wait_for "$bob" "Kilauea — Ann, Bob"
wait_for "$bob" "connected · ●Ann ●Bob"

# Whoever is to act answers: the draft, the canoe, a cut, then the end of the turn.
declare -A cut=()
for _ in $(seq 1 200); do
    over=0
    for who in "$ann" "$bob"; do
        now=$(screen "$who")
        if grep -qF "game over" <<<"$now"; then
            over=$((over + 1))
        elif grep -qF "Take a Tiki from which volcano sector?" <<<"$now"; then
            keys "$who" 1
        elif grep -qF "Which colour?" <<<"$now"; then
            keys "$who" 1
        elif grep -qF "Move the canoe how far clockwise?" <<<"$now"; then
            keys "$who" 1
            cut[$who]=0
        elif grep -qF "Cut which accessible Tiki?" <<<"$now"; then
            keys "$who" 1
            cut[$who]=1
        elif grep -qF "What now?" <<<"$now"; then
            if [ "${cut[$who]:-0}" = 1 ]; then keys "$who" e; else keys "$who" c; cut[$who]=1; fi
        fi
    done
    [ "$over" = 2 ] && break
    sleep 0.2
done
wait_for "$ann" "Kilauea: game over"
wait_for "$bob" "Kilauea: game over"
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
