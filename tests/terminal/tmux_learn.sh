#!/usr/bin/env bash
# A tutorial in a real terminal at 80x24 (tmux): `caldera learn NAME`; its intro card read and
# begun with enter, then each step's keys read off the narrator's panel ("Step N of 38  keys:
# x 1.2 1", Mauna Kea's "Step N of 23 · keys tab×2 →×3 enter · ...", in its draft dialog too)
# and typed, step after step, until the steps are done (no size notice); then the game's end
# (the bot plays the learner's seat where the file says so) and e starts the real game it
# taught against easy (after Mauna Kea's advanced cards an advanced one: its draft).
#
#   tests/terminal/tmux_learn.sh arnak|kilauea|maunakea|maunakea-advanced
#   CALDERA=/path/to/caldera tests/terminal/tmux_learn.sh kilauea
set -euo pipefail
cd "$(dirname "$0")/../.."

name=${1:?which tutorial: arnak, kilauea, maunakea or maunakea-advanced}
case $name in  # its steps, its title, and what the real game after it shows first
    arnak) total=38 title="Learn Arnak" real="Round I of V" ;;
    kilauea) total=16 title="Learn Kilauea" real="Red: take a Tiki" ;;
    maunakea) total=23 title="Learn Mauna Kea" real="place an explorer" ;;
    maunakea-advanced) total=16 title="Learn Mauna Kea's advanced cards" \
        real="Red: keep 4 of these 6 cards" ;;
    *) echo "no tutorial $name" >&2; exit 2 ;;
esac
caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-learn-$name-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux learn $name"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

tmux new-session -d -s "$session" -x 80 -y 24 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' --pace 0 learn $name; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "Press enter to begin."      # the intro, on its own card: read at one's pace
wait_for "$session" "$title"
wait_for_line "$session" "$total steps, about [0-9]+ minutes"
keys "$session" Enter
wait_gone "$session" "Press enter to begin."
wait_for "$session" "Step 1 of $total"
if screen "$session" | grep -q "needs a terminal"; then
    echo "$label: a size notice at 80x24" >&2
    exit 1
fi

type_keys() {  # type_keys KEY...: a narrator's keys (→×3 is three rights; 1.2 is typed)
    local key name times
    for key in "$@"; do
        [[ $key =~ ^([a-z0-9.]+|[←→↑↓])(×[0-9]+)?$ ]] || break   # the panel's edge: done
        name=${BASH_REMATCH[1]} times=${BASH_REMATCH[2]#×}
        case $name in
            esc) name=Escape ;; enter) name=Enter ;; tab) name=Tab ;; space) name=Space ;;
            ←) name=Left ;; →) name=Right ;; ↑) name=Up ;; ↓) name=Down ;;
        esac
        for _ in $(seq 1 "${times:-1}"); do
            case $name in
                Escape | Enter | Tab | Space | Left | Right | Up | Down) keys "$session" "$name" ;;
                *) keys "$session" -l "$name" ;;
            esac
        done
    done
}

told=0
while ! screen "$session" | grep -qF "Tutorial: the steps are done"; do
    if screen "$session" | grep -qF "Play a real game against easy"; then break; fi
    line=$(screen "$session" | grep -oE "Step [0-9]+ of $total(  keys: | · keys ).*" | head -1 || true)
    if [ -z "$line" ]; then sleep 0.1; continue; fi  # the bot's move, or the table between steps
    step=$(sed -E 's/Step ([0-9]+) of.*/\1/' <<<"$line")
    said=${line#*keys}
    said=${said#:}
    # shellcheck disable=SC2086  # the keys, one word each
    type_keys ${said%% · *}
    wait_gone "$session" "Step $step of $total "
    told=$((told + 1))
done
# an Arnak pass ends the turn by itself, so its end-of-turn step goes by untyped
[ "$told" -ge $((total - 1)) ] || { echo "$label: only $told of $total steps typed" >&2; exit 1; }
# the steps done, the game goes to its end (the bot playing the learner's seat where it does)
wait_for "$session" "Play a real game against easy (e)"
wait_for "$session" "game over"
if [ "$name" = arnak ]; then wait_for "$session" "Guard-"; fi   # the final scoring's parts
keys "$session" e                                   # the real game it taught, against easy
wait_for "$session" "$real"
wait_gone "$session" "$title"
if [ "$name" = maunakea-advanced ]; then keys "$session" Escape; wait_gone "$session" "$real"; fi
keys "$session" q
wait_for "$session" "Leave this game?"
keys "$session" y
wait_for "$session" "Saved games"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "$label: OK"
