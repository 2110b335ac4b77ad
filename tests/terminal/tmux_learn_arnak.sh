#!/usr/bin/env bash
# Arnak's tutorial in a real terminal at 80x24 (tmux): `caldera learn arnak`; each step's keys
# are read off the narrator's panel ("Step N of 38  keys: x 1.2 1") and typed, step after step,
# until the steps are done (no size notice); then the bot plays the learner's seat to the end and the final
# scoring shows, and e starts a real game against easy.
#
#   tests/terminal/tmux_learn_arnak.sh                # uses .venv/bin/caldera
#   CALDERA=/path/to/caldera tests/terminal/tmux_learn_arnak.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-learn-arnak-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux learn arnak"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

tmux new-session -d -s "$session" -x 80 -y 24 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' --pace 0 learn arnak; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "Learn Arnak · Step 1 of 38"
if screen "$session" | grep -q "needs a terminal"; then
    echo "$label: a size notice at 80x24" >&2
    exit 1
fi
told=0
while ! screen "$session" | grep -qF "Tutorial: the steps are done"; do
    if screen "$session" | grep -qF "Play a real game against easy"; then break; fi
    line=$(screen "$session" | grep -oE "Step [0-9]+ of 38  keys: .*" | head -1 || true)
    if [ -z "$line" ]; then sleep 0.1; continue; fi  # the bot's move, or the table between steps
    step=$(sed -E 's/Step ([0-9]+) of.*/\1/' <<<"$line")
    for key in ${line#*keys: }; do
        case $key in
            esc) keys "$session" Escape ;;
            enter) keys "$session" Enter ;;
            *) keys "$session" -l "$key" ;;
        esac
    done
    wait_gone "$session" "Step $step of 38  keys: "
    told=$((told + 1))
done
# a pass ends the turn by itself, so its end-of-turn step goes by untyped
[ "$told" -ge 37 ] || { echo "$label: only $told steps typed" >&2; exit 1; }
# the steps done, the bot plays the rest of the learner's game: the final scoring comes
wait_for "$session" "Play a real game against easy (e)"
wait_for "$session" "Guard-"                       # the final scoring's parts
keys "$session" e                                   # a real game against easy, at once
wait_for "$session" "Round I of V"
wait_gone "$session" "Learn Arnak"
keys "$session" q
wait_for "$session" "Leave this game?"
keys "$session" y
wait_for "$session" "Saved games"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "$label: OK"
