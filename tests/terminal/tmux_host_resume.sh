#!/usr/bin/env bash
# A host whose app is killed loses nothing: two real `caldera` apps in two tmux sessions
# (100x40) and a broker this script starts.
#
# Ann hosts a 2-seat Kilauea table from the menu (turn limit 3); Bob joins; Ann starts. Ann's
# app is killed with SIGKILL mid-game: Bob's header says "host away" and his board stays. Ann
# starts the app again: her saved games list the table, enter opens it again, and Bob is back
# by himself. They play to the end, and the one replay file verifies (seed audited).
#
#   tests/terminal/tmux_host_resume.sh            # uses .venv/bin/caldera
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
label="tmux host resume"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh
ann="caldera-resume-ann-$$"
bob="caldera-resume-bob-$$"
start_apps "$ann" "$bob"

host_kilauea "$ann" Ann 3
join_table "$bob" "$table" Bob
wait_for "$ann" "s starts the game"
keys "$ann" s
wait_for "$bob" "connected · ●Ann ●Bob"
play_until "Turn 2: " "$bob"

# Ann's app is killed: Bob is told at once, and his game stays on his screen.
kill -9 "$(app_pid "$ann")"
wait_for "$ann" "caldera exited with 137"
wait_for "$bob" "host away"
screen "$bob" | grep -qF "Turn 2: " || { echo "$label: Bob's game left his screen" >&2; exit 1; }

# Ann starts again: the table is in her saved games, and enter opens it again.
restart_app "$ann"
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
replay=$(ls "$data/$ann"/replays/*.caldera)
[ "$(echo "$replay" | wc -l)" = 1 ] || { echo "$label: one replay file, not: $replay" >&2; exit 1; }
"$caldera" verify "$replay" | grep -qF "seed audited" || { "$caldera" verify "$replay" >&2; exit 1; }
keys "$bob" m
keys "$ann" m
echo "tmux host resume: OK"
