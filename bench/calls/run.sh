#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# bench/calls/run.sh BUILD_DIR: the call-cost benchmark (`make bench-calls`, which builds
# BUILD_DIR/calls_gamesound, BUILD_DIR/calls_openal, BUILD_DIR/calls_fixed and BUILD_DIR/loop.opus
# first): what a game thread pays per call into GameSound's C SDK, in real time on OpenAL Soft's null
# device, beside raw OpenAL Soft and a fixed piece of computation (the machine's own tail) in the
# same run; one Markdown table, with the goals of issue 37 (docs/performance.md, "What a game thread
# pays per call").
#
# CALLS_SECONDS  length of each window in seconds (default 20; 1 for a quick try)
# CALLS_PERIOD_US  time between two ticks of a game thread (default 2000)
# CALLS_WINDOWS  which windows, in order (default: all of them, as below)
# CALLS_STRICT=1  exit 1 when a figure misses its goal (by default the table only says so)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:?usage: bench/calls/run.sh BUILD_DIR}
export ALSOFT_DRIVERS=${ALSOFT_DRIVERS:-null}
windows=${CALLS_WINDOWS:-machine openal-single vorbis opus loss loss-bank stream-starts soundtrack loading openal-threads threads threads-quiet threads-callback moving calls}

echo "Call cost: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, ALSOFT_DRIVERS=$ALSOFT_DRIVERS," \
     "${CALLS_SECONDS:-20} s per window, a tick every ${CALLS_PERIOD_US:-2000} µs"
echo "Load average (1, 5, 15 min) at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| window | call | calls | p50 µs | p99 µs | p99.9 µs | max µs | goal | met | notes |"
echo "|---|---|---|---|---|---|---|---|---|---|"
status=0
for window in $windows; do
  case "$window" in
    machine) command=("$build/calls_fixed") ;;
    openal-single) command=("$build/calls_openal" single) ;;
    openal-threads) command=("$build/calls_openal" threads) ;;
    vorbis|loss|loss-bank|stream-starts|soundtrack|loading|threads|threads-quiet|threads-callback|moving|calls) command=("$build/calls_gamesound" assets "$window") ;;
    opus) command=("$build/calls_gamesound" assets opus "$build/loop.opus") ;;
    *) echo "bench/calls/run.sh: unknown window $window" >&2; exit 2 ;;
  esac
  "${command[@]}" || status=1
done
echo
echo "Load average (1, 5, 15 min) at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
cat <<'LEGEND'

Each game thread wakes every tick, plays sfx/blip.ogg and stops the voice it played one tick
before; each call is timed on its own (wall time in the call, waiting included; the first 0.5 s
not recorded, or the window's length if shorter). Percentiles by nearest rank over every call.
"blocked": calls during which the thread slept in the kernel (waiting for a lock another thread
held, or for I/O): the waits the redesign must remove; "preempted": calls during which the
scheduler ran another thread instead (the machine's load, not the call's doing). "over 100 µs":
the slow calls apart, by the same counts ("neither": the call's own work, or time the hypervisor
took, which the thread's counts do not show).
- the machine, 1 thread: no call, a fixed piece of computation (the same instructions every time,
  nothing shared, about 2.5 or 10 us warm) at the same ticks: the spread its times show is the
  machine's (interrupts, the hypervisor, cold caches), a floor for a call's tail at that median.
- raw OpenAL, 1 thread / 4 threads: alSourcePlay and alSourceStop on pre-made sources, nothing
  else playing: the floor this machine gives now.
- 1 thread, Vorbis streams: the soundtrack (music/theme.ogg) and 4 looping streams of
  ambience/wind.ogg play meanwhile.
- 1 thread, Opus short loop: the same with 4 looping streams of an Opus file whose loop
  (LOOPSTART/LOOPLENGTH) is 0.75 s (bench/calls/make-opus-loop.sh).
- 1 thread, loss and reset: as "Vorbis streams", while another thread calls gs_system_action
  "mediaServices.lose", 0.2 s later "mediaServices.reset", 0.3 s later again, and so on.
- 1 thread, loss and reset, 25 MB bank: the same with music/theme.ogg loaded as an effect too
  (64 s of 48 kHz stereo: 25 MB as OpenAL holds it), which each loss frees and each reset uploads.
- 1 thread, stream starts: as "Vorbis streams", while another thread starts a looping stream of
  ambience/wind.ogg every 50 ms and stops the one it started before; its gs_stream_play is timed
  too (no goal: it opens a file).
- 1 thread, soundtrack changes: as "Vorbis streams", while another thread starts the soundtrack
  anew every 500 ms, music/theme.ogg and ambience/wind.ogg in turn; its gs_soundtrack_play is timed
  too (no goal: it opens a file).
- 1 thread, loading: as "Vorbis streams", while another thread loads music/theme.ogg as an effect
  every 200 ms (decoding it takes most of that, on the other core); the game thread also asks the
  state of the voice it just played and the position of the first stream, each timed (goal as a
  call's); gs_effect_load is timed on its thread (no goal).
- 4 threads, Vorbis streams / quiet: four game threads on the same tick instants, with the
  soundtrack and the 4 Vorbis streams playing, or nothing else.
- 4 threads, an event callback writing a log: as "quiet", with an event callback set that writes
  each event as a line to a log file, line-buffered (one write(2) per event).
- 1 thread, calls declined: as "loss and reset", with "phone.ring" and, 0.2 s later,
  "phone.decline" instead: an interruption that pauses the device and one that resumes it.
- 1 thread, 24 sounds moving: 24 looping sounds in the world, to which another thread gives a new
  place, velocity and gain every 50 ms, each reached over 50 ms (three calls per sound, timed
  together, no goal): every block's update then moves 24 voices.
Goals (issue 37): p99 <= 20 us and max <= 1 ms per call for one thread, in every window;
p99 <= 20 us for gs_effect_play from four threads.
LEGEND
exit $status
