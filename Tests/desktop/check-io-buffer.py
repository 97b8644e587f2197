#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""The I/O buffer a game asks for is the one it gets (issue 39): checked against the server's figures.

Run inside Tests/desktop/with-server.sh (a private PulseAudio or PipeWire), with the game built from
Tests/desktop/io_buffer_game.c against the library:

    check-io-buffer.py GAME SOUNDTRACK

For 5, 10 and 40 ms (gs_config.io_buffer_duration; 240, 480 and 1920 frames at 48 kHz) it runs the game, reads
what the session says it was granted (gs_session_io_configuration), and while the soundtrack plays
reads the server's own figures for the game's stream (`pactl list sink-inputs`): on PulseAudio its
"Buffer Latency" (the audio the server holds for the stream: the periods OpenAL Soft keeps), on
PipeWire, where that figure reads 0, the stream's `node.latency` (the quantum its graph runs it at). Prints one line per check and ends
with "N passed, N failed".
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # desktop_checks, from any working directory
from desktop_checks import RATE, Checks, run, stop  # noqa: E402

PERIODS = 3  # RuntimeCore.outputPeriods: OpenAL Soft's stream holds this many I/O buffers
game, soundtrack = sys.argv[1], sys.argv[2]
checks = Checks(default_kind="unknown")
check = checks.check


def stream_figures(pid):
    """The server's own figures for the sink input of process `pid`, or None: "Buffer Latency" (the
    audio the server holds for the stream; PulseAudio fills it in, pipewire-pulse says 0) in seconds,
    and PipeWire's `node.latency` property (the graph's period for the stream) in seconds, or None."""
    status, text = run(["pactl", "list", "sink-inputs"])
    for block in text.split("Sink Input #")[1:]:
        if re.search(rf'application\.process\.id = "{pid}"', block):
            buffer = re.search(r"Buffer Latency: (\d+) usec", block)
            node = re.search(r'node\.latency = "(\d+)/(\d+)"', block)
            if buffer:
                return int(buffer.group(1)) / 1e6, int(node.group(1)) / int(node.group(2)) if node else None
    return None


def measure(frames):
    """Runs the game asking for `frames`: (granted rate, granted duration, the server's figures), or
    (None, the game's standard error, []) when it did not start."""
    process = subprocess.Popen([game, str(frames / RATE), soundtrack, "3"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        granted = process.stdout.readline().split()
        playing = process.stdout.readline().strip()
        if len(granted) != 3 or granted[0] != "granted" or playing != "playing":
            process.wait(timeout=10)
            return None, process.stderr.read().strip(), []
        time.sleep(0.8)  # past the stream's start
        readings = []
        for _ in range(8):
            reading = stream_figures(process.pid)
            if reading:
                readings.append(reading)
            time.sleep(0.15)
        return float(granted[1]), float(granted[2]), readings
    finally:
        stop(process)


for milliseconds in (5, 10, 40):
    frames = milliseconds * RATE // 1000
    rate, duration, readings = measure(frames)
    asked = frames / RATE
    if rate is None:
        check(f"{milliseconds} ms asked: the game reports what it was granted", False, f"the game did not start: {duration}")
        continue
    print(f"  [{checks.kind}] asked {asked * 1e3:.2f} ms: granted {duration * 1e3:.2f} ms at {rate:.0f} Hz; server "
          f"(buffer latency, node.latency) ms: {[(round(b * 1e3, 2), n and round(n * 1e3, 2)) for b, n in readings]}")
    check(f"{milliseconds} ms asked: the server lists the game's stream with its figures", len(readings) >= 5,
          f"{len(readings)} readings")
    if not readings:
        continue
    quantum = readings[-1][1]
    # The session reports the device's period, which is the request unless the server chose
    # otherwise: within a frame or two of what was asked, or else the server's own figure.
    if quantum is None:
        # PulseAudio: the stream's buffer is the tlength it granted, PERIODS periods, filled one
        # period at a time as the sink plays it: it reads between PERIODS - 1 and PERIODS periods
        # (lower for a moment when a refill is late), never more.
        most = max(b for b, _ in readings)
        check(f"{milliseconds} ms asked: the server holds at most {PERIODS} reported I/O buffers for the stream, "
              f"and more than {PERIODS - 1} at its fullest",
              rate == RATE and (PERIODS - 1) * duration - 0.001 < most <= PERIODS * duration + 0.001,
              f"server buffer latency {[round(b * 1e3, 2) for b, _ in readings]} ms, reported I/O buffer {duration * 1e3:.2f} ms")
        check(f"{milliseconds} ms asked: PulseAudio grants the I/O buffer asked for", abs(duration - asked) <= 4 / RATE,
              f"reported {duration * 1e3:.2f} ms")
    else:
        # pipewire-pulse (0.3.65): it raises a request below its pulse.min.req (256/48000 by default,
        # /usr/share/pipewire/pipewire-pulse.conf) to that, and runs the stream in its graph at
        # node.latency, half the request or its pulse.min.quantum (256/48000), whichever is larger.
        smallest = 256 / RATE
        check(f"{milliseconds} ms asked: the reported I/O buffer is the request, or pipewire-pulse's smallest (256 frames)",
              rate == RATE and abs(duration - max(asked, smallest)) <= 4 / RATE, f"reported {duration * 1e3:.2f} ms")
        check(f"{milliseconds} ms asked: PipeWire's graph runs the stream at least once per reported I/O buffer",
              quantum <= duration + 1 / RATE and abs(quantum - max(duration / 2, smallest)) <= 1 / RATE,
              f"node.latency {quantum * 1e3:.2f} ms, reported {duration * 1e3:.2f} ms")

checks.finish()
