# SPDX-License-Identifier: Zlib
# Sourced by the test scripts that print one line per check (Tests/sdk/run.sh, Tests/docs/check-tutorial.sh).
# Expects $work (a temporary folder) to exist; counts into $passed and $failed.
passed=0 failed=0

# check NAME COMMAND...: runs the command, its output kept in a log shown only when it fails.
check() {
    local name=$1
    shift
    if "$@" >"$work/check.log" 2>&1; then
        echo "ok: $name"
        passed=$((passed + 1))
    else
        echo "FAILED: $name"
        sed 's/^/    /' "$work/check.log"
        failed=$((failed + 1))
    fi
}

# For checks that run side by side: `logged NAME COMMAND... &` runs the command in the background,
# its output and exit status kept; `check "..." finished NAME [STATUS]` then waits until it is done,
# shows its output and passes if it exited with STATUS (0 unless given).
#
# A command still running $LOGGED_SECONDS after its start (900 unless set) hangs: `finished` shows
# its processes, stops them all (SIGTERM, SIGKILL 10 s later) and fails, so that a hang fails the
# run with what it was doing rather than stalling it until CI's own limit ends it with nothing said
# (a CI run of 2026-11-29 sat 70 minutes in `finished testbed-check`).
logged() {
    local name=$1
    shift
    echo "$BASHPID $(date +%s)" >"$work/logged-$name.started"
    "$@" >"$work/logged-$name.log" 2>&1
    echo $? >"$work/logged-$name.status"
}
finished() {
    local limit=${LOGGED_SECONDS:-900} pid started
    while [ ! -e "$work/logged-$1.status" ]; do
        if [ -s "$work/logged-$1.started" ] && read -r pid started <"$work/logged-$1.started" &&
            [ $(($(date +%s) - started)) -ge "$limit" ]; then
            stop_hung "$1" "$pid" "$limit"
            return 1
        fi
        sleep 0.2
    done
    cat "$work/logged-$1.log"
    [ "$(cat "$work/logged-$1.status")" = "${2:-0}" ]
}
# descendants PID: the processes under PID, each below its parent (a new session does not take a
# process out of its parent's tree; one whose parent ended is no longer found).
descendants() {
    local child
    for child in $(ps -o pid= --ppid "$1"); do
        echo "$child"
        descendants "$child"
    done
}
# stop_hung NAME PID LIMIT: what the logged command NAME (the background shell PID) still runs, its
# output so far, then all of it stopped. Python checks print their threads' stacks on SIGTERM.
stop_hung() {
    local name=$1 pid=$2 limit=$3 tree
    tree=$(descendants "$pid")
    echo "HUNG: $name still ran $limit s after it started; its processes:"
    # shellcheck disable=SC2086
    [ -n "$tree" ] && ps -o pid,ppid,etime,stat,args -p "$(echo $tree | tr ' ' ,)" | sed 's/^/    /'
    # shellcheck disable=SC2086
    [ -n "$tree" ] && kill -TERM $tree 2>/dev/null
    sleep 10
    tree=$(descendants "$pid")
    # shellcheck disable=SC2086
    [ -n "$tree" ] && kill -KILL $tree 2>/dev/null
    echo "--- its output so far:"
    cat "$work/logged-$name.log"
}
