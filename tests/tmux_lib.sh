# Shared by the tmux smoke tests (sourced): read a pane, wait for text on it, type into it.
# Each function takes the tmux session first; set $label for the failure message.

screen() { tmux capture-pane -p -t "$1"; }

wait_for() {  # wait_for SESSION TEXT: until the pane shows TEXT (gives up after ~30 s)
    for _ in $(seq 1 300); do
        if screen "$1" | grep -qF -- "$2"; then
            return 0
        fi
        sleep 0.1
    done
    echo "${label:-tmux}: $1 never showed '$2'; the screen was:" >&2
    screen "$1" >&2
    exit 1
}

keys() { local who=$1; shift; tmux send-keys -t "$who" "$@"; sleep 0.3; }
