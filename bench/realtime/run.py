#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""The real-time benchmark's driver: runs the three programs (GameSound's C SDK, OpenAL Soft by hand,
SDL_mixer 2) side by side, alternating, and prints what it measured.

    run.py null   OUT   CPU and peak memory on OpenAL Soft's null device (SDL: its dummy driver)
    run.py server OUT   on the sound server this process is given (run it under
                        Tests/desktop/with-server.sh): CPU, peak memory and start-up with the
                        sink's monitor recorded, then play->monitor latency, then gaps under
                        stress-ng

Settings come from the environment: RT_SECONDS (20), RT_REPS (2), RT_VOICES ("1 16 64"),
RT_SIDES ("gamesound openal sdlmixer": the programs rt_NAME in RT_BIN, so a GameSound built
from another commit can run beside this one as an extra side; NAME@FRAMES runs rt_NAME with
RT_GS_IO_BUFFER_FRAMES=FRAMES, the I/O buffer the GameSound programs ask for: "gamesound gamesound@256
gamesound@1024 openal sdlmixer" measures GameSound at its default and two other sizes in one run;
openal@FRAMES runs the hand-written program with an ALSOFT_CONF file asking OpenAL Soft for the same
period, 48 kHz and 3 periods, which is what GameSound asks for; ownout@FRAMES is the hand-written
program mixing OpenAL Soft's loopback device on its own output thread, FRAMES at a time, servers
only: rt_openal.c; a GameSound side ending in +alsoft, "gamesound+alsoft" or "gamesound@1024+alsoft",
runs on OpenAL Soft's own output rather than GameSound's server output), RT_PLAYS (200), RT_SWITCHES (2 output switches per program; 0 skips), RT_GAP_SECONDS (20), RT_STRESS ("0 4 16", stress-ng --cpu N, 0 none; "" skips the
gap runs), RT_LATENCY (1; 0
skips), RT_BIN (.build/realtime), RT_ASSETS (assets), RT_GS_SYSTEM (unset: GS_SYSTEM_AUTO; read by
the GameSound programs themselves: 1 runs them on the simulated system, never probing the desktop),
RT_GS_VIRTUAL_VOICES (unset: the default 512; read by the GameSound programs), RT_KEEP_SERVER_LOGS
(unset; a folder: the private server's logs are copied there at the end, under the server's kind;
the gap runs record when each gap was heard, gaps_at_ns, and CLOCK_REALTIME - CLOCK_MONOTONIC to
find it in them), RT_RECORDER_FIFO (unset; a priority: parec runs under `chrt -f` at it, so that
the recorder cannot be what starves). Every run is also written as one JSON line to
OUT, so the table can be made again from the raw figures (report.py).

Times are CLOCK_MONOTONIC (Python's time.monotonic_ns is the same clock as the programs' marks).
The monitor is read with `parec --latency-msec=RT_RECORD_LATENCY_MSEC` (default 5); each chunk's
arrival time minus the position of its last frame gives the recording's clock offset, and the
smallest such offset within a second of a frame maps it to a time (Recording says why not one
offset for all). What remains is the recorder's own delay, the same for every program in the
recording, so differences between programs are exact to within a chunk while absolute figures
include it.
"""
import array
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

RATE = 48000
SIDES = os.environ.get("RT_SIDES", "gamesound openal sdlmixer").split()


def env_int(name, default):
    return int(os.environ.get(name, default))


SECONDS = float(os.environ.get("RT_SECONDS", "20"))
REPS = env_int("RT_REPS", 2)
VOICES = [int(v) for v in os.environ.get("RT_VOICES", "1 16 64").split()]
PLAYS = env_int("RT_PLAYS", 200)
GAP_SECONDS = float(os.environ.get("RT_GAP_SECONDS", "20"))
STRESS = [int(v) for v in os.environ.get("RT_STRESS", "0 4 16").split()]
LATENCY = env_int("RT_LATENCY", 1)
SWITCHES = env_int("RT_SWITCHES", 2)
BIN = os.environ.get("RT_BIN", ".build/realtime")
ASSETS = os.environ.get("RT_ASSETS", "assets")
RECORD_LATENCY = os.environ.get("RT_RECORD_LATENCY_MSEC", "5")


def side_env(side, backend):
    env = dict(os.environ)
    if backend == "null":
        env["ALSOFT_DRIVERS"] = "null"
        env["SDL_AUDIODRIVER"] = "dummy"
        # No server to find: an empty runtime folder, no PULSE_SERVER and no X display (whose root
        # window could name one), so GameSound's GS_SYSTEM_AUTO sees that no server can exist and
        # does not even load libpulse (issue 39).
        env["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="rt-null-")
        env.pop("PULSE_SERVER", None)
        env.pop("DISPLAY", None)
    else:
        env["ALSOFT_DRIVERS"] = "pulse"
        env["SDL_AUDIODRIVER"] = "pulseaudio"
    return env


def side_program(side):
    """A side's program and the I/O buffer it asks for: "gamesound@512" is rt_gamesound at 512 frames;
    "gamesound+alsoft" is rt_gamesound on OpenAL Soft's own output (GAMESOUND_SERVER_OUTPUT=0)."""
    program, _, frames = side.split("+")[0].partition("@")
    return program, frames


def openal_conf(frames):
    """An OpenAL Soft configuration file with the period GameSound asks for at FRAMES (48 kHz, FRAMES
    frames mixed at a time, 3 periods: docs/linux-system.md, "The I/O buffer"), for openal@FRAMES:
    the hand-written program at the same I/O buffer, which OpenAL Soft 1.19.1 takes only from its
    configuration (the file named by ALSOFT_CONF is read last)."""
    path = os.path.join(tempfile.gettempdir(), f"rt-alsoft-{frames}.conf")
    with open(path, "w") as f:
        f.write(f"[general]\nfrequency = {RATE}\nperiod_size = {int(frames)}\nperiods = 3\n")
    return path


def run_child(side, backend, argv, started=None):
    """Runs one program to its end; returns its marks, CPU seconds (user+sys) and peak RSS (KiB).
    started, if given, is called with the child's Popen once it runs."""
    env = side_env(side, backend)
    program, frames = side_program(side)
    if frames and program == "openal":
        env["ALSOFT_CONF"] = openal_conf(frames)
    elif frames and program == "ownout":
        env["RT_OWN_FRAMES"] = frames
    elif frames:
        env["RT_GS_IO_BUFFER_FRAMES"] = frames
    if side.endswith("+alsoft"):
        env["GAMESOUND_SERVER_OUTPUT"] = "0"
    spawn = time.monotonic_ns()
    child = subprocess.Popen([os.path.join(BIN, "rt_" + program), ASSETS] + argv, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if started:
        started(child)
    out, err = child.stdout.read(), child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    end = time.monotonic_ns()
    marks = {}
    plays = []
    for line in out.decode().splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "peak_kib":
            marks["peak_kib"] = int(parts[1])
        if len(parts) == 3 and parts[0] == "io":
            # What the session was granted: the rate and one I/O buffer (GameSound programs only).
            marks["io_rate"], marks["io_buffer_ms"] = float(parts[1]), float(parts[2]) * 1e3
        if len(parts) == 3 and parts[0] == "cpu":
            marks["cpu_" + parts[1]] = int(parts[2]) / 1e6
        if len(parts) == 3 and parts[0] == "mark":
            if parts[1] == "play":
                plays.append(int(parts[2]))
            else:
                marks[parts[1]] = int(parts[2])
    if child.returncode != 0:
        sys.stderr.write(f"{side} {argv} failed ({child.returncode}): {err.decode()}\n")
    return {
        "side": side, "backend": backend, "argv": argv, "status": child.returncode,
        "spawn": spawn, "end": end, "marks": marks, "plays": plays,
        "user": usage.ru_utime, "sys": usage.ru_stime, "cpu": usage.ru_utime + usage.ru_stime,
        # The figure is the child's own VmHWM; wait4's ru_maxrss is kept to show the floor it has
        # (the driver's size at the fork, see rt_common.h).
        "peak_kib": marks.pop("peak_kib", -1),
        # CPU before the sounds all started, while they played (the steady part), and after.
        "cpu_start": marks.get("cpu_playing"),
        "cpu_steady": marks["cpu_stopping"] - marks["cpu_playing"] if "cpu_stopping" in marks else None, "maxrss_kib": usage.ru_maxrss, "stderr": err.decode()[-400:],
    }


class Recorder:
    """`parec` on the default sink's monitor, 48 kHz stereo s16; keeps each chunk's arrival time."""

    def __init__(self, source=None):
        source = source or os.environ["GAMESOUND_MONITOR_SOURCE"]
        fifo = os.environ.get("RT_RECORDER_FIFO")
        self.process = subprocess.Popen(
            (["chrt", "-f", fifo] if fifo else []) + ["parec", "--device=" + source, "--raw", "--format=s16le", "--rate=48000", "--channels=2",
             "--latency-msec=" + RECORD_LATENCY], stdout=subprocess.PIPE, bufsize=0)
        self.chunks = []  # (arrival ns, bytes)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 5
        while not self.chunks and time.monotonic() < deadline:
            time.sleep(0.01)
        if not self.chunks:
            raise RuntimeError("parec delivered nothing within 5 s")
        time.sleep(0.3)

    def _read(self):
        while True:
            data = self.process.stdout.read(4096)
            if not data:
                return
            self.chunks.append((time.monotonic_ns(), data))

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait()
        self.thread.join()
        samples = array.array("h", b"".join(data for _, data in self.chunks))
        ends, offsets = [], []
        frames = 0
        for arrival, data in self.chunks:
            frames += len(data) // 4
            ends.append(frames)
            offsets.append(arrival - frames * 1_000_000_000 // RATE)
        return Recording(samples, ends, offsets)


class Recording:
    """The monitor's samples and, per chunk, the frame it ended at and its clock offset (arrival
    time minus that frame's time at the nominal rate).

    A frame's time is its offset from the smallest chunk offset within WINDOW_S around it, not
    one offset for the whole recording: the sink's clock drifts against CLOCK_MONOTONIC and parec
    drops data when it is starved, and over a 150 s recording either moved a single offset by more
    than the 12 ms latency being measured (seen: onsets mapped before their play call)."""

    WINDOW_S = 1.0

    def __init__(self, samples, ends, offsets):
        self.samples = samples  # interleaved stereo
        self.ends = ends
        self.offsets = offsets
        self.frames = len(samples) // 2

    def _chunk_of(self, frame):
        low, high = 0, len(self.ends) - 1
        while low < high:
            middle = (low + high) // 2
            if self.ends[middle] <= frame:
                low = middle + 1
            else:
                high = middle
        return low

    def _offset_near(self, frame):
        span = int(self.WINDOW_S * RATE)
        first = self._chunk_of(max(0, frame - span))
        last = self._chunk_of(min(self.frames - 1, frame + span))
        return min(self.offsets[first:last + 1])

    def time_of(self, frame):
        return self._offset_near(frame) + frame * 1_000_000_000 // RATE

    def frame_at(self, ns):
        # Twice: the offset depends on where the frame lies.
        guess = max(0, min(self.frames, (ns - min(self.offsets)) * RATE // 1_000_000_000))
        for _ in range(2):
            guess = max(0, min(self.frames, (ns - self._offset_near(min(guess, self.frames - 1))) * RATE // 1_000_000_000))
        return guess

    def first_sound(self, after_ns, threshold=33):
        """The first frame after after_ns whose level passes threshold (1e-3 of full scale)."""
        s = self.samples
        for frame in range(self.frame_at(after_ns), self.frames):
            if abs(s[2 * frame]) > threshold or abs(s[2 * frame + 1]) > threshold:
                return frame
        return None

    def onsets(self, quiet_ms=40, threshold=328, quiet=33, rise_ms=10):
        """Frames where a sound passes threshold within rise_ms of at least quiet_ms of near silence
        (for short blips). The rise may pass through levels in between: a monitor resampled from
        the sink's rate (PulseAudio's null sink runs at 44.1 kHz, recorded at 48) spreads a blip's
        first edge, and its resampler's filter rings a few ms ahead of it at a low level."""
        s = self.samples
        found = []
        quiet_run = 0  # the near-silent frames up to now
        before_rise = 0  # the near-silent frames before the current rise
        rising = 0  # frames since the last near-silent one
        need, rise = quiet_ms * RATE // 1000, rise_ms * RATE // 1000
        for frame in range(self.frames):
            level = max(abs(s[2 * frame]), abs(s[2 * frame + 1]))
            if level <= quiet:
                quiet_run += 1
                rising = 0
                continue
            if rising == 0:
                before_rise, quiet_run = quiet_run, 0
            rising += 1
            if level > threshold:
                if before_rise >= need and rising <= rise:
                    found.append(frame)
                before_rise = 0
        return found

    def gaps(self, start_frame, end_frame, min_frames=96, quiet=2):
        """Runs of at least min_frames (2 ms) with both channels at |x| <= quiet inside the span."""
        return [length for _, length in self.gap_spans(start_frame, end_frame, min_frames, quiet)]

    def gap_spans(self, start_frame, end_frame, min_frames=96, quiet=2):
        """The gaps as (first frame, length)."""
        s = self.samples
        spans = []
        run = 0
        for frame in range(start_frame, end_frame):
            if abs(s[2 * frame]) <= quiet and abs(s[2 * frame + 1]) <= quiet:
                run += 1
            else:
                if run >= min_frames:
                    spans.append((frame - run, run))
                run = 0
        if run >= min_frames:
            spans.append((end_frame - run, run))
        return spans


def gaps_while_playing(recording, result, first, seconds, spans=False):
    """Gaps from 0.5 s after both the first sound and the last start call (a sound's own quiet
    start is not a gap) to 0.2 s before the program stops its sounds; with spans, as (first frame,
    length)."""
    start = max(first, recording.frame_at(result["marks"]["playing"])) + RATE // 2
    end = recording.frame_at(result["marks"]["playing"] + int(seconds * 1e9) - 200_000_000)
    return recording.gap_spans(start, end) if spans else recording.gaps(start, end)


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().strip()


def emit(out, record):
    record["loadavg"] = loadavg()
    out.write(json.dumps(record) + "\n")
    out.flush()


def order(rep):
    return SIDES if rep % 2 == 0 else list(reversed(SIDES))


def cpu_runs(out, backend):
    for voices in VOICES:
        for rep in range(REPS):
            for side in order(rep):
                recorder = Recorder() if backend != "null" else None
                watch = ThreadWatch(recorder, SECONDS - 0.5)
                result = run_child(side, backend, ["run", str(voices), str(SECONDS)], started=watch.started)
                result.update(kind="cpu", voices=voices, rep=rep, seconds=SECONDS, threads=watch.result())
                if recorder:
                    recording = recorder.stop()
                    first = recording.first_sound(result["spawn"])
                    if first is not None:
                        heard = recording.time_of(first)
                        result["spawn_to_heard_ms"] = (heard - result["spawn"]) / 1e6
                        if "open" in result["marks"]:
                            result["open_to_heard_ms"] = (heard - result["marks"]["open"]) / 1e6
                        if "playing" in result["marks"]:
                            result["gaps_frames"] = gaps_while_playing(recording, result, first, SECONDS)
                emit(out, result)
                print(f"{backend:10} cpu {side:9} voices={voices:<3} rep={rep} cpu={result['cpu']:.3f}s "
                      f"peak={result['peak_kib'] / 1024:.1f}MiB start={result.get('spawn_to_heard_ms', '-')} "
                      f"gaps={len(result.get('gaps_frames', []))}", flush=True)


def latency_run(out, backend):
    """Every side in one recording, taking turns: each plays every len(SIDES)*spacing ms."""
    spacing = 250
    recorder = Recorder()
    start = time.monotonic_ns() + 4_000_000_000
    threads, results = [], {}
    for index, side in enumerate(SIDES):
        argv = ["plays", str(PLAYS), str(len(SIDES) * spacing), str(start + index * spacing * 1_000_000)]
        thread = threading.Thread(target=lambda s=side, a=argv: results.__setitem__(s, run_child(s, backend, a)))
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()
    recording = recorder.stop()
    onsets = [recording.time_of(frame) for frame in recording.onsets()]
    plays = sorted((t, side) for side in SIDES for t in results[side]["plays"])
    latencies = {side: [] for side in SIDES}
    unmatched = 0
    # Each onset belongs to the last play before it, if that play is less than one spacing older.
    j = 0
    for onset in onsets:
        while j + 1 < len(plays) and plays[j + 1][0] <= onset:
            j += 1
        if plays and plays[j][0] <= onset < plays[j][0] + spacing * 1_000_000:
            latencies[plays[j][1]].append((onset - plays[j][0]) / 1e6)
        else:
            unmatched += 1
    for side in SIDES:
        record = results[side]
        record.update(kind="latency", latencies_ms=latencies[side], onsets_unmatched=unmatched,
                      plays_made=len(record["plays"]), recording=start)
        record.pop("plays")
        emit(out, record)
        values = sorted(latencies[side])
        granted = record["marks"]
        io = f" io {granted['io_rate']:.0f} Hz {granted['io_buffer_ms']:.2f} ms" if "io_rate" in granted else ""
        if values:
            print(f"{backend:10} latency {side:14} n={len(values)} p50={percentile(values, 50):.1f}ms "
                  f"p99={percentile(values, 99):.1f}ms max={values[-1]:.1f}ms (unmatched onsets {unmatched}){io} "
                  f"loadavg {loadavg()}", flush=True)


def percentile(sorted_values, p):
    index = min(len(sorted_values) - 1, max(0, int(round(p / 100 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[index]


POLICIES = {0: "OTHER", 1: "FIFO", 2: "RR", 3: "BATCH", 5: "IDLE", 6: "DEADLINE"}


def thread_stats(pid, process):
    """Every thread of pid: its scheduling (policy, real-time priority, nice) and, from
    /proc/PID/task/TID/schedstat, its CPU time, the time it waited on a run queue for a CPU while
    runnable, and its time slices, all since the thread started."""
    threads = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return threads
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                run_ns, wait_ns, slices = (int(v) for v in f.read().split())
        except (OSError, ValueError):
            continue
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()  # fields[0] is field 3 of proc(5), the state
        threads.append({"process": process, "pid": int(pid), "tid": int(tid), "comm": comm,
                        "nice": int(fields[16]), "rtprio": int(fields[37]),
                        "policy": POLICIES.get(int(fields[38]), fields[38]),
                        "cpu_ms": run_ns / 1e6, "wait_ms": wait_ns / 1e6, "slices": slices})
    return threads


def server_pids():
    """The private server's daemons (Tests/desktop/with-server.sh's GAMESOUND_SERVER_PIDS): name -> pid."""
    folder = os.environ.get("GAMESOUND_SERVER_PIDS")
    pids = {}
    for name in sorted(os.listdir(folder)) if folder and os.path.isdir(folder) else []:
        with open(os.path.join(folder, name)) as f:
            pids[name] = f.read().strip()
    return pids


class ThreadWatch:
    """The threads on the way from the game to the recording during one gap run: the game's, the
    server daemons' and the recorder's (parec). The game's are read shortly before it stops its sounds
    (its figures are since its start); the others' are the difference over the run. Wait is time
    spent runnable but not running: the thread was ready and had no CPU."""

    def __init__(self, recorder, seconds):
        self.others = dict(server_pids(), **({"parec": str(recorder.process.pid)} if recorder else {}))
        self.before = {t["tid"]: t for name, pid in self.others.items() for t in thread_stats(pid, name)}
        self.seconds = seconds
        self.game = []
        self.thread = None

    def started(self, child):
        def read_late():
            time.sleep(self.seconds)
            self.game = thread_stats(child.pid, "game")
        self.thread = threading.Thread(target=read_late, daemon=True)
        self.thread.start()

    def result(self):
        if self.thread:
            self.thread.join()
        threads = list(self.game)
        for name, pid in self.others.items():
            for t in thread_stats(pid, name):
                old = self.before.get(t["tid"])
                if old:
                    for key in ("cpu_ms", "wait_ms", "slices"):
                        t[key] -= old[key]
                threads.append(t)
        return threads


def thread_summary(threads, count=4):
    """The threads that waited longest for a CPU, one line each."""
    worst = sorted(threads, key=lambda t: -t["wait_ms"])[:count]
    return "; ".join(f"{t['process']}/{t['comm']} {t['policy']}{'/' + str(t['rtprio']) if t['rtprio'] else ''} "
                     f"waited {t['wait_ms']:.0f} ms in {t['slices']} slices" for t in worst)


def gap_runs(out, backend):
    for cpus in STRESS:
        for side in SIDES:
            # 0: no stress-ng, the control (the soundtrack's own quiet moments would show there).
            stress = subprocess.Popen(["stress-ng", "--cpu", str(cpus), "--timeout", str(int(GAP_SECONDS + 10))],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) if cpus else None
            time.sleep(1)
            recorder = Recorder()
            # The game's threads are read half a second before the end of its run, so its figures
            # cover almost all of it (and its start).
            watch = ThreadWatch(recorder, GAP_SECONDS - 0.5)
            result = run_child(side, backend, ["run", "0", str(GAP_SECONDS)], started=watch.started)
            threads = watch.result()
            recording = recorder.stop()
            if stress:
                stress.send_signal(signal.SIGINT)
                stress.wait()
            first = recording.first_sound(result["spawn"])
            spans = []
            heard_s = 0
            if first is not None and "playing" in result["marks"]:
                spans = gaps_while_playing(recording, result, first, GAP_SECONDS, spans=True)
                heard_s = (recording.frame_at(result["marks"]["playing"] + int(GAP_SECONDS * 1e9)) - first) / RATE
            gaps = [length for _, length in spans]
            # When each gap was heard on the monitor, also as wall-clock time (the servers' logs
            # stamp their lines with it): CLOCK_REALTIME - CLOCK_MONOTONIC now.
            wall_offset = time.time_ns() - time.monotonic_ns()
            result.update(kind="gaps", stress_cpus=cpus, gaps_frames=gaps, heard_seconds=heard_s, threads=threads,
                          gaps_at_ns=[recording.time_of(start) for start, _ in spans], wall_minus_monotonic_ns=wall_offset)
            emit(out, result)
            print(f"{backend:10} gaps --cpu {cpus:<2} {side:14} heard={heard_s:.1f}s gaps>=2ms={len(gaps)} "
                  f"longest={max(gaps, default=0) / RATE * 1000:.1f}ms loadavg {loadavg()}\n"
                  f"{'':10} longest waits for a CPU: {thread_summary(threads)}", flush=True)


def pactl(*args):
    return subprocess.run(["pactl", *args], check=True, capture_output=True, text=True).stdout.strip()


def switch_runs(out, backend):
    """The output switch: the soundtrack plays on null sink A; the server is told that B is the
    default; the time from that call to the first sound on B's monitor. Two sinks of our own, so
    that on PipeWire the placeholder sink (which a new sink replaces at once) is out of the way."""
    original = pactl("get-default-sink")
    modules = [pactl("load-module", "module-null-sink", f"sink_name={name}") for name in ("rt_switch_a", "rt_switch_b")]
    try:
        time.sleep(1)
        for rep in range(SWITCHES):
            for side in order(rep):
                pactl("set-default-sink", "rt_switch_a")
                time.sleep(0.5)
                recorder = Recorder("rt_switch_b.monitor")
                holder = {}
                child = threading.Thread(target=lambda s=side: holder.__setitem__(
                    "result", run_child(s, backend, ["run", "0", "8"])))
                child.start()
                time.sleep(4)
                switched = time.monotonic_ns()
                pactl("set-default-sink", "rt_switch_b")
                child.join()
                recording = recorder.stop()
                result = holder["result"]
                first = recording.first_sound(switched)
                heard_ms = (recording.time_of(first) - switched) / 1e6 if first is not None else None
                before = recording.first_sound(0)
                result.update(kind="switch", rep=rep, heard_after_switch_ms=heard_ms,
                              heard_on_b_before_switch=before is not None and recording.time_of(before) < switched)
                emit(out, result)
                print(f"{backend:10} switch {side:9} rep={rep} heard on the new sink after "
                      f"{'never (within the run)' if heard_ms is None else f'{heard_ms:.0f} ms'}", flush=True)
    finally:
        for module in modules:
            pactl("unload-module", module)
        time.sleep(1)
        # On PipeWire the placeholder sink came back by itself when ours went; PulseAudio needs telling.
        subprocess.run(["pactl", "set-default-sink", original], capture_output=True)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("null", "server"):
        sys.exit(__doc__)
    mode, path = sys.argv[1], sys.argv[2]
    backend = "null" if mode == "null" else os.environ.get("GAMESOUND_SERVER_KIND", "server")
    with open(path, "a") as out:
        print(f"{backend}: loadavg before {loadavg()}", flush=True)
        emit(out, {"kind": "load", "backend": backend, "when": "before"})
        cpu_runs(out, backend)
        if mode == "server":
            if LATENCY:
                latency_run(out, backend)
            if STRESS:
                gap_runs(out, backend)
            if SWITCHES:
                switch_runs(out, backend)
        emit(out, {"kind": "load", "backend": backend, "when": "after"})
        print(f"{backend}: loadavg after {loadavg()}", flush=True)
    keep = os.environ.get("RT_KEEP_SERVER_LOGS")
    logs = os.environ.get("GAMESOUND_SERVER_LOGS")
    if keep and logs:
        # The private server's logs (e.g. with PIPEWIRE_DEBUG=3), which go with its folder at the end.
        shutil.copytree(logs, os.path.join(keep, backend), dirs_exist_ok=True)
        print(f"{backend}: server logs copied to {keep}/{backend}", flush=True)


if __name__ == "__main__":
    main()
