#!/usr/bin/env bash
# The SSH door with a real OpenSSH client: `caldera ssh-server` on a free loopback port, a broker
# this script starts, and two players, each `ssh` with a key of their own in a tmux session
# (100x40), who installed nothing.
#
# Each new key is asked its name once. Ann hosts a 2-seat Kilauea table from the menu (turn
# limit 2), Bob joins it from his lobby, Ann starts. Ann's window shrinks to 70x24 and the app
# says the size it has; it grows back. Bob's ssh is killed mid-game: Ann sees him away; Bob logs
# in again with his key (no name asked), his lobby says "your seat" and enter takes it back.
# They play until both see the end screen; the two keys are two identities with their own homes.
#
#   tests/terminal/tmux_ssh.sh                    # uses .venv/bin/caldera
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
label="tmux ssh"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh
ann="caldera-ssh-ann-$$"
bob="caldera-ssh-bob-$$"
apps=("$ann" "$bob")

python=$(dirname "$caldera")/python
data=$(mktemp -d)
door_pid=""
broker_pid=""
stop_door() {
    stop_apps
    [ -n "$door_pid" ] && kill "$door_pid" 2>/dev/null || true
}
trap stop_door EXIT
broker_port=$("$python" -c "from net.link.broker import free_port; print(free_port())")
ssh_port=$("$python" -c "from net.link.broker import free_port; print(free_port())")
"$caldera" broker --port "$broker_port" 2>"$data/broker.log" &
broker_pid=$!
"$caldera" ssh-server --port "$ssh_port" --data-dir "$data/door" \
    --broker "mqtt://127.0.0.1:$broker_port" >"$data/door.log" 2>&1 &
door_pid=$!
for _ in $(seq 1 300); do grep -q "ssh -p" "$data/door.log" && break; sleep 0.1; done
grep -q "ssh -p" "$data/door.log" || { echo "$label: the door did not start" >&2; cat "$data/door.log" >&2; exit 1; }

app_command() {  # app_command SESSION: ssh in with the session's own key
    local key="$data/key-$1"
    [ -f "$key" ] || ssh-keygen -q -t ed25519 -N "" -C "$1" -f "$key"
    echo "ssh -t -i '$key' -p $ssh_port -o IdentitiesOnly=yes -o BatchMode=yes" \
        "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR" \
        "player@127.0.0.1; code=\$?; printf '\\033[?1049l\\033[2J\\033[H';" \
        "echo \"ssh exited with \$code\"; sleep 60"  # a killed ssh leaves the app's screen: clear it
}
for who in "$ann" "$bob"; do
    tmux new-session -d -s "$who" -x 100 -y 40 "$(app_command "$who")"
done

# A new key is asked its name, once.
for pair in "$ann:Ann" "$bob:Bob"; do
    who=${pair%%:*}
    wait_for "$who" "What name shall the other players see?"
    keys "$who" -l "${pair##*:}"
    keys "$who" Enter
    wait_for "$who" "Join a table"
done

host_kilauea "$ann" Ann 2
join_table "$bob" "$table" Bob
wait_for "$ann" "s starts the game"
keys "$ann" s
wait_for "$ann" "Kilauea — Ann, Bob"
wait_for "$bob" "connected · ●Ann ●Bob"

# The window's size reaches the app through ssh, both ways.
tmux resize-window -t "$ann" -x 70 -y 24
wait_for "$ann" "is 70×24)"            # the size warning, wrapped
tmux resize-window -t "$ann" -x 100 -y 40
wait_gone "$ann" "is 70×24)"

# Bob's connection drops: his app goes, Ann sees him away; his next login gets the seat back.
ssh_pid=$(pgrep -P "$(tmux list-panes -t "$bob" -F '#{pane_pid}')" -x ssh)
kill -9 "$ssh_pid"
wait_for "$bob" "ssh exited with 137"
wait_for "$ann" "○Bob(away)"
restart_app "$bob"
wait_for "$bob" "Join a table"              # a known key: no name asked
keys "$bob" j
wait_for "$bob" "playing (your seat)"
keys "$bob" Enter
wait_for "$bob" "Kilauea — Ann, Bob"
wait_for "$ann" "connected · ●Ann ●Bob"

play_until "Kilauea: game over" "$bob"
wait_for "$ann" "Kilauea: game over"

# Two keys, two players: each home holds its own identity.
homes=("$data"/door/keys/*)
[ "${#homes[@]}" = 2 ] || { echo "$label: ${#homes[@]} homes, not 2" >&2; exit 1; }
ids=$("$python" - "${homes[@]}" <<'PY'
import json, sys
print(len({json.load(open(f"{home}/config/identity.json"))["client"] for home in sys.argv[1:]}))
PY
)
[ "$ids" = 2 ] || { echo "$label: the two keys do not hold two identities" >&2; exit 1; }

keys "$bob" m
wait_for "$bob" "Join a table"
keys "$bob" q
wait_for "$bob" "ssh exited with 0"
echo "tmux ssh: OK"
