#!/usr/bin/env bash
# A tutorial in a real terminal at 80x24 (tmux): `caldera learn NAME`; its intro card read and
# begun with enter, then each step's keys read off the narrator's panel ("Step N of 38  keys:
# x 1.2 1", Mauna Kea's "Step N of 23 · keys tab×2 →×3 enter · ...", in its draft dialog too)
# and typed, step after step, until the steps are done (no size notice); then the game's end
# (the bot plays the learner's seat where the file says so) and e starts the real game it
# taught against easy (after Mauna Kea's advanced cards an advanced one: its draft).
#
#   tests/terminal/tmux_learn.sh arnak|kilauea|maunakea|maunakea-advanced [en|de]
#   CALDERA=/path/to/caldera tests/terminal/tmux_learn.sh kilauea
# In German (de: --lang de) the same, read off the German screen: the intro card, each step's
# "Schritt N von 16  Tasten: ...", the end screen's offer; the real game it starts is seen by
# the tutorial's words leaving (and, after the advanced cards, by its German draft).
set -euo pipefail
cd "$(dirname "$0")/../.."

name=${1:?which tutorial: arnak, kilauea, maunakea or maunakea-advanced}
lang=${2:-en}
case $name in  # its steps, its title, and what the real game after it shows first
    arnak) total=38 title="Learn Arnak" real="Round I of V" ;;
    kilauea) total=16 title="Learn Kilauea" real="Red: take a Tiki" ;;
    maunakea) total=23 title="Learn Mauna Kea" real="place an explorer" ;;
    maunakea-advanced) total=16 title="Learn Mauna Kea's advanced cards" \
        real="Red: keep 4 of these 6 cards" ;;
    *) echo "no tutorial $name" >&2; exit 2 ;;
esac
# what the screen says in the language: the intro card's last line and its length, a step's
# heading and keys, the size notice, the steps' end, the end screen's offer and game over, the
# final scoring's guardians, leaving
case $lang in
    en) begin="Press enter to begin." length="steps, about [0-9]+ minutes" step=Step of=of \
        keys=keys small="needs a terminal" done="Tutorial: the steps are done" \
        offer="Play a real game against easy (e)" over="game over" guard="Guard-" \
        leave="Leave this game?" saved="Saved games" ;;
    de) begin="Enter drücken, um zu beginnen." length="Schritte, etwa [0-9]+ Minuten" \
        step=Schritt of=von keys=Tasten small="braucht ein Terminal" \
        done="Tutorial: die Schritte sind geschafft" offer="Echte Partie gegen easy (e)" \
        over="Spielende" guard="Wächter" leave="Diese Partie verlassen?" \
        saved="Gespeicherte Partien" real=""
        case $name in
            arnak) title="Arnak lernen" ;;
            kilauea) title="Kilauea lernen" ;;
            maunakea) title="Mauna Kea lernen" ;;
            maunakea-advanced) title="Mauna Kea für Fortgeschrittene lernen" \
                real="Behalte 4 dieser 6 Karten" ;;
        esac ;;
    *) echo "no language $lang here (en or de)" >&2; exit 2 ;;
esac
caldera=${CALDERA:-$PWD/.venv/bin/caldera}
session="caldera-learn-$name-$lang-$$"
data=$(mktemp -d)
cleanup() {
    tmux kill-session -t "$session" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT

label="tmux learn $name$([ "$lang" = en ] || echo " $lang")"
# shellcheck source=tests/terminal/tmux_lib.sh
source tests/terminal/tmux_lib.sh

tmux new-session -d -s "$session" -x 80 -y 24 \
    "CALDERA_DATA_DIR='$data' CALDERA_CONFIG_DIR='$data/config' '$caldera' $([ "$lang" = en ] || echo "--lang $lang") --pace 0 learn $name; echo \"caldera exited with \$?\"; sleep 30"

wait_for "$session" "$begin"      # the intro, on its own card: read at one's pace
wait_for "$session" "$title"
wait_for_line "$session" "$total $length"
keys "$session" Enter
wait_gone "$session" "$begin"
wait_for "$session" "$step 1 $of $total"
if screen "$session" | grep -q "$small"; then
    echo "$label: a size notice at 80x24" >&2
    exit 1
fi

typed=0
type_keys() {  # type_keys KEY...: a narrator's keys (→×3 is three rights; 1.2 is typed); how
    local key name times  # many were typed is left in $typed
    typed=0
    for key in "$@"; do
        [[ $key =~ ^([a-z0-9.]+|[←→↑↓])(×[0-9]+)?$ ]] || break   # the panel's edge: done
        name=${BASH_REMATCH[1]} times=${BASH_REMATCH[2]#×}
        case $name in
            esc) name=Escape ;; enter) name=Enter ;; tab) name=Tab ;; space) name=Space ;;
            ←) name=Left ;; →) name=Right ;; ↑) name=Up ;; ↓) name=Down ;;
        esac
        typed=$((typed + 1))
        for _ in $(seq 1 "${times:-1}"); do
            case $name in
                Escape | Enter | Tab | Space | Left | Right | Up | Down) keys "$session" "$name" ;;
                *) keys "$session" -l "$name" ;;
            esac
        done
    done
}

told=0 waited=0
while ! screen "$session" | grep -qF "$done"; do
    if screen "$session" | grep -qF "${offer% (e)}"; then break; fi
    # the step's heading, then its keys: after "keys:", or without the label where the
    # narrator drops it for want of room (German: "Schritt 3 von 16  1")
    line=$(screen "$session" | grep -oE "$step [0-9]+ $of $total(  | · ).*" | head -1 || true)
    if [ -z "$line" ]; then sleep 0.1; continue; fi  # the bot's move, or the table between steps
    number=$(sed -E "s/$step ([0-9]+) $of.*/\\1/" <<<"$line")
    said=${line#*"$of $total"}
    said=${said#  }
    said=${said# · }
    said=${said#"$keys: "}
    said=${said#"$keys "}
    # shellcheck disable=SC2086  # the keys, one word each
    type_keys ${said%% · *}
    # no keys yet: the step is said while another seat still moves (Mauna Kea's narrator
    # names the learner's turn during Ana's), its keys come once the turn is the learner's
    if [ "$typed" -eq 0 ]; then
        waited=$((waited + 1))
        if [ "$waited" -gt 300 ]; then
            echo "$label: step $number showed no keys for 30 s; the screen was:" >&2
            screen "$session" >&2
            exit 1
        fi
        sleep 0.1
        continue
    fi
    waited=0
    wait_gone "$session" "$step $number $of $total "
    told=$((told + 1))
done
# an Arnak pass ends the turn by itself, so its end-of-turn step goes by untyped
[ "$told" -ge $((total - 1)) ] || { echo "$label: only $told of $total steps typed" >&2; exit 1; }
# the steps done, the game goes to its end (the bot playing the learner's seat where it does)
wait_for "$session" "$offer"
wait_for "$session" "$over"
if [ "$name" = arnak ]; then wait_for "$session" "$guard"; fi   # the final scoring's parts
keys "$session" e                                   # the real game it taught, against easy
if [ -n "$real" ]; then wait_for "$session" "$real"; fi
wait_gone "$session" "$offer"
wait_gone "$session" "$title"
if [ "$name" = maunakea-advanced ]; then keys "$session" Escape; wait_gone "$session" "$real"; fi
keys "$session" q
wait_for "$session" "$leave"
keys "$session" y
wait_for "$session" "$saved"
keys "$session" q
wait_for "$session" "caldera exited with 0"
echo "$label: OK"
