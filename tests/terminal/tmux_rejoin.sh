#!/usr/bin/env bash
# A player whose app is killed takes their seat back: two real `caldera` apps in two tmux
# sessions (100x40), one config directory as on one machine, and a broker this script starts.
#
# Ann hosts a 2-seat Kilauea table from the menu; Bob joins from his lobby; Ann starts. Bob's
# app is killed with SIGKILL mid-game; Ann sees him away and lets a bot play his seat (H). Bob
# starts the app again: his lobby shows the table as "your seat", enter takes it back from the
# bot, and he plays on.
#
#   tests/terminal/tmux_rejoin.sh                 # uses .venv/bin/caldera
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
label="tmux rejoin"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh
ann="caldera-rejoin-ann-$$"
bob="caldera-rejoin-bob-$$"
start_apps "$ann" "$bob"

host_kilauea "$ann" Ann
join_table "$bob" "$table" Bob
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
restart_app "$bob"
wait_for "$bob" "Join a table"
keys "$bob" j
wait_for "$bob" "playing (your seat)"
keys "$bob" Enter
wait_for "$bob" "Kilauea — Ann, Bob"
wait_for "$bob" "connected · ●Ann ●Bob"
wait_for "$ann" "connected · ●Ann ●Bob"

# And he plays on, until he has ended a turn.
play_until "Bob's turn ends" "$bob"
keys "$bob" q
keys "$bob" y
keys "$ann" q
keys "$ann" y
echo "tmux rejoin: OK"
