#!/usr/bin/env python3
"""The C game on the real desktop: what the issue's "done when" asks, checked on the sink's monitor.

Run inside tests/desktop/with-server.sh (a private PulseAudio or PipeWire), with the game built from
the SDK (tests/desktop/desktop_game.c):

    check-c-game.py GAME SOUNDTRACK [WRAPPER...]

WRAPPER (optional) runs the game, e.g. tests/sdk/hide-toolchain.sh to hide the Swift toolchain.
Prints one line per check and ends with "N passed, N failed".
"""
import array
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import wave

RATE = 48000
HEARD = 0.01      # peak of the soundtrack on the monitor: it plays near full scale
SILENT = 0.001    # the bound for "carries none of its sound"

game, soundtrack, wrapper = sys.argv[1], sys.argv[2], sys.argv[3:]
kind = os.environ.get("GAMESOUND_SERVER_KIND", "unknown")
monitor = os.environ.get("GAMESOUND_MONITOR_SOURCE", "@DEFAULT_MONITOR@")
latency = os.environ.get("GAMESOUND_RECORD_LATENCY_MSEC", "20")
# Other programs are not games: our process's PULSE_PROP must not reach them.
others_env = {k: v for k, v in os.environ.items() if k != "PULSE_PROP"}
scratch = tempfile.mkdtemp(prefix="gamesound-desktop-")
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok: [{kind}] {name}")
    else:
        failed += 1
        print(f"FAILED: [{kind}] {name} {detail}")
    sys.stdout.flush()


def write_wav(path, hz, seconds, amplitude):
    import math
    frames = int(RATE * seconds)
    samples = array.array("h", (int(amplitude * 32767 * math.sin(2 * math.pi * hz * i / RATE)) for i in range(frames)))
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())
    return path


def wait_for(seconds, condition):
    """Polls `condition` every 20 ms for up to `seconds`; whether it became true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def record(seconds):
    """The monitor's peak (0...1) over `seconds`, from now."""
    process = subprocess.Popen(
        ["parec", f"--device={monitor}", f"--latency-msec={latency}", "--format=s16le", f"--rate={RATE}",
         "--channels=1", "--raw"], stdout=subprocess.PIPE, env=others_env)
    wanted = int(RATE * seconds) * 2
    data = b""
    deadline = time.monotonic() + seconds + 3
    os.set_blocking(process.stdout.fileno(), False)
    while len(data) < wanted and time.monotonic() < deadline:
        chunk = process.stdout.read(wanted - len(data))
        if chunk:
            data += chunk
        else:
            time.sleep(0.01)
    process.kill()
    process.wait()
    samples = array.array("h", data[: len(data) // 2 * 2])
    return (max((abs(s) for s in samples), default=0) / 32768.0), len(samples)


def seconds_until_heard(seconds):
    """Records `seconds` from now; how long until the monitor first carries a sample above HEARD (None: never)."""
    process = subprocess.Popen(
        ["parec", f"--device={monitor}", f"--latency-msec={latency}", "--format=s16le", f"--rate={RATE}",
         "--channels=1", "--raw"], stdout=subprocess.PIPE, env=others_env)
    try:
        data = process.stdout.read(int(RATE * seconds) * 2)
    finally:
        process.kill()
        process.wait()
    samples = array.array("h", data[: len(data) // 2 * 2])
    loud = next((i for i, sample in enumerate(samples) if abs(sample) > HEARD * 32768), None)
    return None if loud is None else loud / RATE


class Game:
    """The game as a child process; its lines are read on a thread of their own."""

    def __init__(self):
        self.process = subprocess.Popen(wrapper + [game, soundtrack], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.status = {}
        self.events = []
        self.results = queue.Queue()
        self.other_lines = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            words = line.split()
            if not words:
                continue
            if words[0] == "status":
                self.status = dict(word.split("=", 1) for word in words[1:])
            elif words[0] == "event":
                self.events.append(words[1])
            elif words[0] == "result":
                self.results.put(" ".join(words[1:]))
            else:
                self.other_lines.append(line.rstrip())
                print(f"    game: {line.rstrip()}")

    def wait_for(self, seconds, condition):
        return wait_for(seconds, condition)

    def command(self, text):
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        return self.results.get(timeout=5)

    def stop(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.wait(timeout=10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def other_program(path, role=None):
    properties = [f"--property=media.role={role}"] if role else []
    return subprocess.Popen(["paplay"] + properties + [path], env=others_env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def quiet_desktop_and_a_call():
    game = Game()
    try:
        started = game.wait_for(10, lambda: game.status.get("system") == "2" and "soundtrackStarted" in game.events)
        check("a quiet desktop: GS_SYSTEM_AUTO chose the desktop and the soundtrack started", started,
              f"status {game.status}, events {game.events}")
        check("a quiet desktop: soloAmbient, no other audio", game.status.get("category") == "soloAmbient"
              and game.status.get("other") == "0", f"status {game.status}")
        peak, count = record(1.0)
        check("a quiet desktop: the soundtrack is heard on the monitor", count > RATE // 2 and peak > HEARD,
              f"peak {peak:.4f} over {count} samples")

        result = game.command("action phone.ring")
        check("on the desktop a simulated call is refused (GS_ERR_REFUSED) and nothing changes",
              result == "-10" and game.wait_for(0.3, lambda: game.status.get("interrupted") == "0"), f"result {result}")
        result = game.command("action silentSwitch.on")
        silenced = result == "0" and game.wait_for(2, lambda: game.status.get("silenced") == "1")
        time.sleep(0.5)
        peak, _ = record(1.0)
        check("the silent switch, simulated on top of the desktop, silences the game on the monitor",
              silenced and peak < SILENT, f"result {result}, status {game.status}, peak {peak:.5f}")
        game.command("action silentSwitch.off")
        peak, _ = record(1.0)
        check("the silent switch off: heard again", peak > HEARD, f"peak {peak:.4f}")

        # A call whose own stream is silence, so the monitor carries only what the game plays.
        call = other_program(write_wav(os.path.join(scratch, "call.wav"), 440, 60, 0.0), role="phone")
        interrupted = game.wait_for(5, lambda: game.status.get("interrupted") == "1")
        check("a media.role=phone stream interrupts the game", interrupted, f"status {game.status}")
        time.sleep(1.0)  # what was queued before the call leaves the sink
        peak, count = record(1.0)
        check("during the call the monitor carries none of the game's sound (peak < 0.001)",
              count > RATE // 2 and peak < SILENT, f"peak {peak:.5f} over {count} samples")
        call.kill()
        call.wait()
        heard = seconds_until_heard(1.0)
        check("within 1 s of the call's end the game is heard again", heard is not None, "not heard in 1 s")
        if heard is not None:
            print(f"    measured: heard {heard:.3f} s into a recording started as the call ended")
        check("the interruption ended", game.wait_for(2, lambda: game.status.get("interrupted") == "0"),
              f"status {game.status}")
    finally:
        check("the game exits cleanly", game.stop() == 0)


def music_at_launch():
    music = subprocess.Popen(["mpv", "--no-video", "--really-quiet", "--no-terminal", "--loop-file=inf", "--ao=pulse",
                              write_wav(os.path.join(scratch, "music.wav"), 523.25, 5, 0.3)],
                             env=others_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # mpv's stream appears a moment after it starts.
        playing = wait_for(10, lambda: "mpv" in subprocess.run(
            ["pactl", "list", "sink-inputs"], capture_output=True, text=True, env=others_env).stdout.lower())
        check("mpv plays music through the server", playing)
        game = Game()
        try:
            seen = game.wait_for(10, lambda: game.status.get("other") == "1" and game.status.get("hint") == "1")
            check("with mpv playing, the game sees other audio and the hint", seen, f"status {game.status}")
            check("with mpv playing, the game starts ambient", game.status.get("category") == "ambient"
                  and game.status.get("system") == "2", f"status {game.status}")
            time.sleep(1.5)
            check("with mpv playing, the game holds its soundtrack back", "soundtrackStarted" not in game.events,
                  f"events {game.events}")
        finally:
            check("the game exits cleanly", game.stop() == 0)
    finally:
        music.kill()
        music.wait()


def server_processes():
    """Our private server's processes that speak the PulseAudio protocol (by their runtime folder)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/comm") as comm, open(f"/proc/{pid}/environ", "rb") as environ:
                name, variables = comm.read().strip(), environ.read().split(b"\0")
        except OSError:
            continue
        if name in ("pulseaudio", "pipewire-pulse") and \
                f"XDG_RUNTIME_DIR={os.environ['XDG_RUNTIME_DIR']}".encode() in variables:
            found.append(int(pid))
    return found


def stuck_server():
    """A server that accepts connections and never answers: the game must not hang in gs_runtime_create."""
    import signal
    pids = server_processes()
    check("the private server's process is found", bool(pids))
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        game = Game()
        up = game.wait_for(6, lambda: "system" in game.status)
        took = time.monotonic() - started
        check("a stopped server: the game starts within 3 s, on the simulated system", up and took < 3
              and game.status.get("system") == "1", f"after {took:.2f} s, status {game.status}")
        code = game.stop()
        check("a stopped server: the game exits cleanly", code == 0, f"exit status {code}")
        check("a stopped server: one warning says why", any("system.simulated-fallback" in line for line in game.other_lines),
              f"lines {game.other_lines}")
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)


quiet_desktop_and_a_call()
music_at_launch()
stuck_server()
print(f"{passed} passed, {failed} failed")
sys.exit(0 if failed == 0 else 1)
