#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""The real-time check of `make check` (`make realtime-check`): the benchmark's programs, short, with
limits loose enough for a loaded 2-core machine and tight enough to catch a real regression.

    check.py cpu      on OpenAL Soft's null device: GameSound's C SDK against the same game by hand
                      (16 looping voices + the soundtrack), PAIRS pairs of SECONDS each, the two of a
                      pair at the same time (each uses a few per cent of a core, so neither takes the
                      other's, and both meet the same moment of a shared machine); fails when the
                      median ratio of CPU while playing is above CPU_LIMIT.
    check.py gaps     inside Tests/desktop/with-server.sh: the soundtrack alone for SECONDS beside
                      `stress-ng --cpu STRESS`, recorded from the server's monitor; fails when a gap
                      of 2 ms or more is heard in each of TRIES tries, or the soundtrack is never heard.

Why these limits (docs/performance.md, "The real-time check"): the goal is 1.05x; single pairs
of 10 s ranged 0.94-1.17x on this machine with other work running beside them (load about 3), so a
median above 1.5x is no noise but a cost like the missing status version of 2026-11-26 (1.56-1.68x).
With the storms beside it, neither program gapped under `stress-ng --cpu 16` on either server; the
check asks for twice the cores, and a second try, because a machine that is busier than that can
starve the sound server itself (the hand-written program gapped as often then).

Settings from the environment: RT_CHECK_PAIRS (3), RT_CHECK_SECONDS (6), RT_CHECK_CPU_LIMIT (1.5),
RT_CHECK_STRESS (2 x the cores), RT_CHECK_TRIES (2); RT_BIN and RT_ASSETS as for run.py.
"""
import os
import signal
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as rt  # noqa: E402  (the benchmark's driver: the programs, the recorder, the gap finder)

PAIRS = int(os.environ.get("RT_CHECK_PAIRS", "3"))
SECONDS = float(os.environ.get("RT_CHECK_SECONDS", "6"))
CPU_LIMIT = float(os.environ.get("RT_CHECK_CPU_LIMIT", "1.5"))
STRESS = int(os.environ.get("RT_CHECK_STRESS", str(2 * (os.cpu_count() or 1))))
TRIES = int(os.environ.get("RT_CHECK_TRIES", "2"))


def fail(message):
    print(f"realtime-check: FAILED: {message}", flush=True)
    sys.exit(1)


def run(side, backend, argv):
    result = rt.run_child(side, backend, argv)
    if result["status"] != 0 or result["cpu_steady"] is None:
        fail(f"rt_{side} {' '.join(argv)} exited {result['status']}: {result['stderr']}")
    return result


def cpu():
    ratios = []
    for pair in range(PAIRS):
        with ThreadPoolExecutor(max_workers=2) as both:
            started = {side: both.submit(run, side, "null", ["run", "16", str(SECONDS)]) for side in ("gamesound", "openal")}
            steady = {side: future.result()["cpu_steady"] for side, future in started.items()}
        ratios.append(steady["gamesound"] / steady["openal"])
        print(f"realtime-check: pair {pair + 1}: GameSound {steady['gamesound'] / SECONDS * 1000:.1f} ms/s, "
              f"by hand {steady['openal'] / SECONDS * 1000:.1f} ms/s: {ratios[-1]:.2f}x", flush=True)
    median = statistics.median(ratios)
    if median > CPU_LIMIT:
        fail(f"GameSound's CPU while playing is {median:.2f}x the hand-written program's "
             f"(median of {PAIRS} pairs; limit {CPU_LIMIT}x, goal 1.05x)")
    print(f"realtime-check: CPU while playing, 16 voices + soundtrack, null device: {median:.2f}x "
          f"the hand-written program (limit {CPU_LIMIT}x): ok", flush=True)


def gaps():
    backend = os.environ.get("GAMESOUND_SERVER_KIND", "server")
    for attempt in range(1, TRIES + 1):
        stress = subprocess.Popen(["stress-ng", "--cpu", str(STRESS), "--timeout", str(int(SECONDS + 10))],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(1)
            recorder = rt.Recorder()
            result = run("gamesound", backend, ["run", "0", str(SECONDS)])
            recording = recorder.stop()
        finally:
            stress.send_signal(signal.SIGINT)
            stress.wait()
        first = recording.first_sound(result["spawn"])
        if first is None:
            fail(f"the soundtrack was never heard on {backend}'s monitor")
        found = rt.gaps_while_playing(recording, result, first, SECONDS)
        longest = max(found, default=0) / rt.RATE * 1000
        print(f"realtime-check: {backend}, soundtrack beside stress-ng --cpu {STRESS}, try {attempt}: "
              f"{len(found)} gaps of 2 ms or more (longest {longest:.0f} ms)", flush=True)
        if not found:
            print(f"realtime-check: no gap on {backend} under load: ok", flush=True)
            return
    fail(f"the soundtrack gapped on {backend} beside stress-ng --cpu {STRESS} in each of {TRIES} tries")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("cpu", "gaps"):
        sys.exit(__doc__)
    cpu() if sys.argv[1] == "cpu" else gaps()
