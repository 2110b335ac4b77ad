#!/usr/bin/env bash
# A host whose app is killed loses nothing: two real `caldera` apps in two tmux sessions
# (100x40) and a broker this script starts.
#
# Ann hosts a 2-seat Kilauea table from the menu (turn limit 3); Bob joins; Ann starts. Ann's
# app is killed with SIGKILL mid-game: Bob's header says "host away" and his board stays. Ann
# starts the app again: her saved games list the table, enter opens it again, and Bob is back
# by himself. They play to the end, and the one replay file verifies (seed audited).
#
#   tests/tmux_host_resume.sh            # uses .venv/bin/caldera
set -euo pipefail
cd "$(dirname "$0")/.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
python=$(dirname "$caldera")/python
port=$("$python" -c "from net.broker import free_port; print(free_port())")
ann="caldera-resume-ann-$$"
bob="caldera-resume-bob-$$"
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
env="CALDERA_BROKER=mqtt://127.0.0.1:$port CALDERA_CONFIG_DIR='$data/config'"
run_ann="$env CALDERA_DATA_DIR='$data/ann' '$caldera' --pace 0.2; echo \"caldera exited with \$?\"; sleep 60"

label="tmux host resume"
# shellcheck source=tests/tmux_lib.sh
source tests/tmux_lib.sh

app_pid() {  # the caldera process running in a session's pane
    pgrep -P "$(tmux list-panes -t "$1" -F '#{pane_pid}')" -f caldera
}

tmux new-session -d -s "$ann" -x 100 -y 40 "$run_ann"
tmux new-session -d -s "$bob" -x 100 -y 40 \
    "$env CALDERA_DATA_DIR='$data/bob' '$caldera' --pace 0.2; echo \"caldera exited with \$?\"; sleep 60"

# Ann hosts Kilauea, 2 seats, turn limit 3.
wait_for "$ann" "Host a table"
keys "$ann" h
wait_for "$ann" "Open a table others can join"
keys "$ann" Enter
sleep 0.5
keys "$ann" Up                          # Kilauea is listed before Mauna Kea
keys "$ann" Enter
wait_for "$ann" "Forests"
keys "$ann" Tab Tab Tab Tab             # to her name
sleep 0.5
keys "$ann" BSpace BSpace BSpace BSpace
keys "$ann" -l Ann
wait_for "$ann" "Ann"
keys "$ann" Tab Tab Tab                 # to the turn limit
keys "$ann" 3
keys "$ann" C-s
wait_for "$ann" "tell your friends this id"
table=$(screen "$ann" | sed -n 's/.*Table \([a-z0-9]\{6\}\) on mqtt.*/\1/p' | head -1)
[ -n "$table" ] || { echo "tmux host resume: no table id on Ann's screen" >&2; exit 1; }

wait_for "$bob" "Join a table"
keys "$bob" j
wait_for "$bob" "$table"
keys "$bob" Enter
wait_for "$bob" "Which seat?"
sleep 0.5
keys "$bob" BSpace BSpace BSpace BSpace BSpace BSpace
keys "$bob" -l Bob
wait_for "$bob" "Bob"
keys "$bob" Enter
wait_for "$ann" "s starts the game"
keys "$ann" s
wait_for "$bob" "connected · ●Ann ●Bob"

declare -A cut=()
play_until() {  # play_until TEXT SESSION: whoever is to act answers until SESSION shows TEXT
    for _ in $(seq 1 300); do
        screen "$2" | grep -qF -- "$1" && return 0
        for who in "$ann" "$bob"; do
            now=$(screen "$who")
            if grep -qF "Take a Tiki from which volcano sector?" <<<"$now"; then keys "$who" 1
            elif grep -qF "Which colour?" <<<"$now"; then keys "$who" 1
            elif grep -qF "Move the canoe how far clockwise?" <<<"$now"; then keys "$who" 1; cut[$who]=0
            elif grep -qF "Cut which accessible Tiki?" <<<"$now"; then keys "$who" 1; cut[$who]=1
            elif grep -qF "What now?" <<<"$now"; then
                if [ "${cut[$who]:-0}" = 1 ]; then keys "$who" e; else keys "$who" c; cut[$who]=1; fi
            fi
        done
        sleep 0.2
    done
    echo "tmux host resume: $2 never showed '$1'" >&2; screen "$2" >&2; exit 1
}
play_until "Turn 2: " "$bob"

# Ann's app is killed: Bob is told at once, and his game stays on his screen.
kill -9 "$(app_pid "$ann")"
wait_for "$ann" "caldera exited with 137"
wait_for "$bob" "host away"
screen "$bob" | grep -qF "Turn 2: " || { echo "Bob's game left his screen" >&2; exit 1; }

# Ann starts again: the table is in her saved games, and enter opens it again.
tmux respawn-pane -k -t "$ann" "$run_ann"
wait_for "$ann" "Saved games"
wait_for "$ann" "Ann, Bob"
keys "$ann" Tab                         # to the saved games
wait_for "$ann" "enter opens the table again"
keys "$ann" Enter
wait_for "$ann" "Kilauea — Ann, Bob"
wait_for "$bob" "connected · ●Ann ●Bob"  # Bob is back by himself
wait_for "$ann" "connected · ●Ann ●Bob"

play_until "Kilauea: game over" "$bob"
wait_for "$ann" "Kilauea: game over"
replay=$(ls "$data"/ann/replays/*.caldera)
[ "$(echo "$replay" | wc -l)" = 1 ] || { echo "one replay file, not: $replay" >&2; exit 1; }
"$caldera" verify "$replay" | grep -qF "seed audited" || { "$caldera" verify "$replay" >&2; exit 1; }
keys "$bob" m
keys "$ann" m
echo "tmux host resume: OK"
