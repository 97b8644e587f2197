#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# make check's background builds: builds that nothing needs until late in the run (the fuzzers,
# ThreadSanitizer's build), started early at the lowest CPU priority, and waited for where needed.
#
#   scripts/background.sh start TARGET...   each `make TARGET` in the background under SCHED_IDLE
#                                           (chrt -i 0: it runs only on a core nothing else wants, so
#                                           the real-time tests beside it keep the machine), its output
#                                           in .build/background/TARGET.log
#   scripts/background.sh wait TARGET       waits for it, prints its output, exits with its status
#
# Why: much of make check waits on real time (private sound servers, desktops, a minute of
# endurance) and leaves a core idle for minutes; these builds took 2 min 20 s of it one after the
# other at the end. They take the debug build as done (make -o build: make check starts them after
# it): a `swift build` here would take SwiftPM's lock on .build, and the test runs beside it fail to
# open its build database ("database is locked", seen once when tutorial-check still asked for it).
set -euo pipefail
cd "$(dirname "$0")/.."
folder=.build/background
action=${1:?usage: scripts/background.sh start TARGET... | wait TARGET}; shift
case $action in
  start)
    mkdir -p "$folder"
    for target in "$@"; do
      rm -f "$folder/$target.status"
      : > "$folder/$target.started"
      ( status=0
        chrt -i 0 make --no-print-directory -o build "$target" > "$folder/$target.log" 2>&1 < /dev/null || status=$?
        echo "$status" > "$folder/$target.status" ) > /dev/null 2>&1 < /dev/null &
      echo "background: make $target started (SCHED_IDLE; its output: $folder/$target.log)"
    done ;;
  wait)
    target=${1:?usage: scripts/background.sh wait TARGET}
    [ -f "$folder/$target.started" ] || { echo "scripts/background.sh: make $target was not started in the background" >&2; exit 1; }
    began=$(date +%s)
    # 40 minutes: far beyond any build here; a background job that never ends is a failure, not a wait.
    until [ -f "$folder/$target.status" ]; do
      [ $(( $(date +%s) - began )) -lt 2400 ] || { echo "scripts/background.sh: make $target did not end within 40 min" >&2; exit 1; }
      sleep 1
    done
    waited=$(( $(date +%s) - began ))
    echo "== make $target (built in the background; waited ${waited} s for it here)"
    cat "$folder/$target.log"
    rm -f "$folder/$target.started"
    exit "$(cat "$folder/$target.status")" ;;
  *) echo "usage: scripts/background.sh start TARGET... | wait TARGET" >&2; exit 2 ;;
esac
