#!/usr/bin/env bash
# A player whose app is killed takes their seat back: two real `caldera` apps in two tmux
# sessions (100x40), one config directory as on one machine, and a broker this script starts.
#
# Ann hosts a 2-seat Kilauea table from the menu; Bob joins from his lobby; Ann starts. Bob's
# app is killed with SIGKILL mid-game; Ann sees him away and lets a bot play his seat (H). Bob
# starts the app again: his lobby shows the table as "your seat", enter takes it back from the
# bot, and he plays on.
#
#   tests/tmux_rejoin.sh                 # uses .venv/bin/caldera
set -euo pipefail
cd "$(dirname "$0")/.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
python=$(dirname "$caldera")/python
port=$("$python" -c "from net.broker import free_port; print(free_port())")
ann="caldera-rejoin-ann-$$"
bob="caldera-rejoin-bob-$$"
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
run_bob="$env CALDERA_DATA_DIR='$data/bob' '$caldera' --pace 0.2; echo \"caldera exited with \$?\"; sleep 60"

label="tmux rejoin"
# shellcheck source=tests/tmux_lib.sh
source tests/tmux_lib.sh

app_pid() {  # the caldera process running in a session's pane
    pgrep -P "$(tmux list-panes -t "$1" -F '#{pane_pid}')" -f caldera
}

tmux new-session -d -s "$ann" -x 100 -y 40 \
    "$env CALDERA_DATA_DIR='$data/ann' '$caldera' --pace 0.2; echo \"caldera exited with \$?\"; sleep 60"
tmux new-session -d -s "$bob" -x 100 -y 40 "$run_bob"

# Ann hosts Kilauea, 2 seats, under her name.
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
keys "$ann" C-s
wait_for "$ann" "tell your friends this id"
table=$(screen "$ann" | sed -n 's/.*Table \([a-z0-9]\{6\}\) on mqtt.*/\1/p' | head -1)
[ -n "$table" ] || { echo "tmux rejoin: no table id on Ann's screen" >&2; exit 1; }

# Bob joins under his name; Ann starts.
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
[ -f "$data/config/identity.json" ] && [ -f "$data/config/identity-2.json" ] || {
    echo "tmux rejoin: two apps at once should hold two identities" >&2; ls -la "$data/config" >&2
    exit 1
}

# Bob's app is killed: Ann's header shows him away; she lets a bot play his seat.
kill -9 "$(app_pid "$bob")"
wait_for "$bob" "caldera exited with 137"
wait_for "$ann" "○Bob(away)"
keys "$ann" H
wait_for "$ann" "The host's menu"
wait_for "$ann" "Let a greedy bot play seat 2 (Bob, away)"
choice=$(screen "$ann" | sed -n 's/.*\([0-9]\)\. Let a greedy bot play seat 2 (Bob, away).*/\1/p' | head -1)
keys "$ann" "$choice"
wait_for "$ann" "⚙Bob(bot for now)"

# Bob starts again: the lobby knows his seat, and enter takes it back from the bot.
tmux respawn-pane -k -t "$bob" "$run_bob"
wait_for "$bob" "Join a table"
keys "$bob" j
wait_for "$bob" "playing (your seat)"
keys "$bob" Enter
wait_for "$bob" "Kilauea — Ann, Bob"
wait_for "$bob" "connected · ●Ann ●Bob"
wait_for "$ann" "connected · ●Ann ●Bob"

# And he plays on: whoever is to act answers (the canoe, a cut, the end of the turn), until
# Bob has ended a turn.
declare -A cut=()
for _ in $(seq 1 100); do
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
    screen "$bob" | grep -qF "Bob's turn ends" && break
    sleep 0.2
done
wait_for "$bob" "Bob's turn ends"
keys "$bob" q
keys "$bob" y
keys "$ann" q
keys "$ann" y
echo "tmux rejoin: OK"
