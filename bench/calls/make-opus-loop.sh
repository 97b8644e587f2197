#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# bench/calls/make-opus-loop.sh OUT.opus: the short-loop Opus stream of the call-cost benchmark
# (bench/calls/run.sh). 3 s of stereo at 48 kHz (a chord with a slow tremolo and a little noise, so
# that the encoder has something to code), encoded by opusenc (opus-tools) at 128 kbit/s with the
# loop points LOOPSTART=48000 LOOPLENGTH=36000: a looping stream plays the first second once, then
# jumps back from 1.75 s to 1 s, every 0.75 s, each jump a seek in the Opus stream.
set -euo pipefail
out=${1:?usage: make-opus-loop.sh OUT.opus}
command -v opusenc >/dev/null || { echo "make-opus-loop.sh: opusenc is missing (apt-get install opus-tools)" >&2; exit 1; }
wav=$(mktemp --suffix=.wav)
trap 'rm -f "$wav"' EXIT
python3 - "$wav" <<'PY'
import math, struct, sys, wave
rate, seconds = 48000, 3
seed = 12345
frames = bytearray()
for i in range(rate * seconds):
    t = i / rate
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    noise = seed / 0x7FFFFFFF - 0.5
    tone = sum(math.sin(2 * math.pi * f * t) for f in (220.0, 277.2, 329.6)) / 3
    tremolo = 0.6 + 0.4 * math.sin(2 * math.pi * 3 * t)
    left = 0.5 * tremolo * tone + 0.05 * noise
    right = 0.5 * tremolo * math.sin(2 * math.pi * 440.0 * t) + 0.05 * noise
    frames += struct.pack("<hh", int(left * 32767), int(right * 32767))
with wave.open(sys.argv[1], "wb") as out:
    out.setnchannels(2)
    out.setsampwidth(2)
    out.setframerate(rate)
    out.writeframes(bytes(frames))
PY
mkdir -p "$(dirname "$out")"
opusenc --quiet --bitrate 128 --comment LOOPSTART=48000 --comment LOOPLENGTH=36000 "$wav" "$out"
