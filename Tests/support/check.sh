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
logged() {
    local name=$1
    shift
    "$@" >"$work/logged-$name.log" 2>&1
    echo $? >"$work/logged-$name.status"
}
finished() {
    while [ ! -e "$work/logged-$1.status" ]; do sleep 0.2; done
    cat "$work/logged-$1.log"
    [ "$(cat "$work/logged-$1.status")" = "${2:-0}" ]
}
