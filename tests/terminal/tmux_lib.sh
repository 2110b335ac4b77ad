# Shared by the tmux smoke tests (sourced): read a pane, wait for text on it, type into it.
# Each function takes the tmux session first; set $label for the failure message.

screen() { tmux capture-pane -p -t "$1"; }

wait_for() { _wait_shown "$1" -F "$2" shows; }  # wait_for SESSION TEXT: the pane shows TEXT
wait_for_line() { _wait_shown "$1" -E "$2" shows; }  # wait_for_line SESSION REGEX: a line matches
wait_gone() { _wait_shown "$1" -F "$2" gone; }  # wait_gone SESSION TEXT: TEXT left the pane

_wait_shown() {  # _wait_shown SESSION GREP_MODE PATTERN shows|gone (gives up after ~30 s)
    for _ in $(seq 1 300); do
        if screen "$1" | grep -q "$2" -- "$3"; then
            [ "$4" = shows ] && return 0
        elif [ "$4" = gone ]; then
            return 0
        fi
        sleep 0.1
    done
    echo "${label:-tmux}: $1 never $([ "$4" = shows ] && echo showed || echo stopped showing)" \
        "'$3'; the screen was:" >&2
    screen "$1" >&2
    exit 1
}

answer_until() {  # answer_until SESSION DONE QUESTION KEY: press KEY each time QUESTION shows,
    # until DONE shows (a question the rules may or may not ask)
    local session=$1 now; shift
    for _ in $(seq 1 300); do
        now=$(screen "$session")
        if grep -qF -- "$1" <<<"$now"; then return 0; fi
        if grep -qF -- "$2" <<<"$now"; then
            keys "$session" "$3"
            for _ in $(seq 1 300); do   # answered once: wait until the question is gone
                screen "$session" | grep -qF -- "$2" || break
                sleep 0.1
            done
        fi
        sleep 0.1
    done
    echo "${label:-tmux}: $session never showed '$1'; the screen was:" >&2
    screen "$session" >&2
    exit 1
}

# Keys go in order through the pane; the short pause only paces typing like a person. What a key
# needs on screen first (a list open, a dialog up) is waited for with wait_for.
keys() { local who=$1; shift; tmux send-keys -t "$who" "$@"; sleep 0.3; }

# -- two apps at one table (sourced after the caller set $caldera and $label) ------------------

app_pid() {  # app_pid SESSION: the caldera process running in the session's pane
    pgrep -P "$(tmux list-panes -t "$1" -F '#{pane_pid}')" -f caldera
}

start_apps() {  # start_apps ANN BOB: a broker on a free port and two apps, one config directory
    local python port
    python=$(dirname "$caldera")/python
    port=$("$python" -c "from net.link.broker import free_port; print(free_port())")
    data=$(mktemp -d)
    "$caldera" broker --port "$port" 2>"$data/broker.log" &
    broker_pid=$!
    apps=("$1" "$2")
    trap stop_apps EXIT
    env="CALDERA_BROKER=mqtt://127.0.0.1:$port CALDERA_CONFIG_DIR='$data/config'"
    for who in "$1" "$2"; do
        tmux new-session -d -s "$who" -x 100 -y 40 "$(app_command "$who")"
    done
}

app_command() {  # app_command SESSION: what runs in its pane (its own data directory)
    echo "$env CALDERA_DATA_DIR='$data/$1' '$caldera' --pace 0.2; echo \"caldera exited with \$?\"; sleep 60"
}

restart_app() { tmux respawn-pane -k -t "$1" "$(app_command "$1")"; }

stop_apps() {
    for who in "${apps[@]}"; do tmux kill-session -t "$who" 2>/dev/null || true; done
    kill "$broker_pid" 2>/dev/null || true
    rm -rf "$data"
}

host_kilauea() {  # host_kilauea SESSION NAME [TURN_LIMIT]: 2 seats; sets $table
    wait_for "$1" "Host a table"
    keys "$1" h
    wait_for "$1" "Open a table others can join"
    keys "$1" Enter                     # open the game list
    wait_for "$1" "Kilauea"             # listed only while the list is open
    keys "$1" Up                        # Kilauea is listed before Mauna Kea
    keys "$1" Enter
    wait_for "$1" "Forests"             # Kilauea's own option shows
    wait_gone "$1" "Mauna Kea"          # and the list is closed: the keys go to the form again
    keys "$1" Tab Tab Tab Tab           # to the host's name
    keys "$1" BSpace BSpace BSpace BSpace BSpace BSpace
    keys "$1" -l "$2"
    wait_for "$1" "$2"
    if [ -n "${3:-}" ]; then
        keys "$1" Tab Tab Tab           # to the turn limit
        keys "$1" "$3"
    fi
    keys "$1" C-s
    wait_for "$1" "only this machine can join"
    table=$(screen "$1" | sed -n 's/.*Table \([a-z0-9]\{6,\}\) on mqtt.*/\1/p' | head -1)
    [ -n "$table" ] || { echo "$label: no table id on $1's screen" >&2; screen "$1" >&2; exit 1; }
}

join_table() {  # join_table SESSION TABLE NAME: from the lobby, the first free seat
    wait_for "$1" "Join a table"
    keys "$1" j
    wait_for "$1" "$2"
    keys "$1" Enter
    wait_for "$1" "Which seat?"         # the dialog is up, its name field focused on mount
    keys "$1" BSpace BSpace BSpace BSpace BSpace BSpace
    keys "$1" -l "$3"
    wait_for "$1" "$3"
    keys "$1" Enter                     # enter in the name field takes the first free seat
}

declare -A cut=()
play_until() {  # play_until TEXT SESSION: each app answers when it is to act (the draft, the
    # canoe, a cut, the end of the turn) until SESSION shows TEXT
    for _ in $(seq 1 300); do
        screen "$2" | grep -qF -- "$1" && return 0
        for who in "${apps[@]}"; do
            local now
            now=$(screen "$who")
            if grep -qF "earned this turn go unused" <<<"$now"; then keys "$who" y  # end anyway
            elif grep -qF "Take a Tiki from which volcano sector?" <<<"$now"; then keys "$who" 1
            elif grep -qF "Which colour?" <<<"$now"; then keys "$who" 1
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
        sleep 0.2
    done
    echo "$label: $2 never showed '$1'; the screen was:" >&2
    screen "$2" >&2
    exit 1
}
