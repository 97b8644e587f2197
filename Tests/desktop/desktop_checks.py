# SPDX-License-Identifier: Zlib
"""What check-c-game.py and check-c-signals.py share: the count of checks, the other programs they run, the
sink's monitor and the C game.

Both run inside Tests/desktop/with-server.sh (a private PulseAudio or PipeWire), take the arguments
GAME SOUNDTRACK [WRAPPER...] and drive Tests/desktop/desktop_game.c, which prints "status ...",
"event ...", "result ..." and "log ..." lines and reads "action NAME" and "quit" on standard input.
Standard library only: it is imported by python3 and by Debian's /usr/bin/python3 alike.
"""
import array
import atexit
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "c", "testbed"))
from gamesound_testbed.sounds import write_tone  # noqa: E402 (the testbed's own sounds, standard library only)

RATE = 48000
HEARD = 0.01      # peak of the soundtrack on the monitor: it plays near full scale
SILENT = 0.001    # the bound for "carries none of its sound"

MONITOR = os.environ.get("GAMESOUND_MONITOR_SOURCE", "@DEFAULT_MONITOR@")
LATENCY = os.environ.get("GAMESOUND_RECORD_LATENCY_MSEC", "20")
# Other programs are not games: our process's PULSE_PROP must not reach them.
OTHERS_ENV = {k: v for k, v in os.environ.items() if k != "PULSE_PROP"}


def scratch_folder(prefix):
    """A temporary folder for one run's sounds and bus configurations, removed when the run ends."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def game_command(arguments):
    """The command that runs the game, from the scripts' arguments GAME SOUNDTRACK [WRAPPER...]."""
    return arguments[3:] + [arguments[1], arguments[2]]


class Checks:
    """Counts checks and prints one line each, naming the server kind; `finish` prints "N passed, N failed"."""

    def __init__(self, default_kind):
        self.kind = os.environ.get("GAMESOUND_SERVER_KIND", default_kind)
        self.passed = self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok: [{self.kind}] {name}")
        else:
            self.failed += 1
            print(f"FAILED: [{self.kind}] {name} {detail}")
        sys.stdout.flush()

    def finish(self):
        """Prints the count and exits: 0 when nothing failed, 1 otherwise."""
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(0 if self.failed == 0 else 1)


def start(arguments, env=OTHERS_ENV, **options):
    """Starts a program beside the checks (stop() ends it); its output is discarded unless `options` say
    where it goes, as subprocess.Popen takes them (stdout=subprocess.PIPE; stderr=None: to ours)."""
    return subprocess.Popen(arguments, env=env, **{"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, **options})


def stop(process):
    """Kills a started program if it still runs, and waits until it has exited."""
    if process.poll() is None:
        process.kill()
    process.wait()


def run(arguments, env=OTHERS_ENV):
    """Runs a program to its end: its exit status and its standard output, stripped (its standard error is discarded)."""
    result = subprocess.run(arguments, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return result.returncode, result.stdout.strip()


def mpv(path, *options, env=OTHERS_ENV):
    """mpv playing `path` in a loop through the sound server, as a player would (Debian's loads mpv-mpris)."""
    return start(["mpv", "--no-video", "--really-quiet", "--no-terminal", "--loop-file=inf", *options, "--ao=pulse", path],
                 env)


def wait_for(seconds, condition):
    """Polls `condition` every 20 ms for up to `seconds`; whether it became true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def write_wav(path, hz, seconds, amplitude):
    """A mono 16-bit sine of `hz` at `amplitude` (0...1) for `seconds`; returns `path`."""
    return write_tone(path, hz, seconds, amplitude, RATE)


def _parec(env):
    return start(["parec", f"--device={MONITOR}", f"--latency-msec={LATENCY}", "--format=s16le", f"--rate={RATE}",
                  "--channels=1", "--raw"], env, stdout=subprocess.PIPE, stderr=None)


def record(seconds, env=OTHERS_ENV):
    """The monitor's peak (0...1) over `seconds`, from now, and how many samples came."""
    samples = record_samples(seconds, env)
    return max((abs(s) for s in samples), default=0) / 32768.0, len(samples)


def record_samples(seconds, env=OTHERS_ENV):
    """The monitor's samples (one channel, 16-bit) over `seconds`, from now."""
    process = _parec(env)
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
    stop(process)
    return array.array("h", data[: len(data) // 2 * 2])


def seconds_until_heard(seconds, env=OTHERS_ENV):
    """Records `seconds` from now; how long until the monitor first carries a sample above HEARD (None: never)."""
    process = _parec(env)
    try:
        data = process.stdout.read(int(RATE * seconds) * 2)
    finally:
        stop(process)
    samples = array.array("h", data[: len(data) // 2 * 2])
    loud = next((i for i, sample in enumerate(samples) if abs(sample) > HEARD * 32768), None)
    return None if loud is None else loud / RATE


class Game:
    """The game as a child process (`command` from game_command, then POLICY if given, a GS_POLICY_ number as
    text); its lines are read on a thread of their own. `env` None: this process's environment.

    status      the last status line's fields ({"system": "2", "category": "soloAmbient", ...})
    events      the event names, in order
    event_details  (name, details JSON) of every event, in order
    results     the results of commands, a queue (see `command`)
    logs        the log lines' codes, in order ("mpris.no-bus", ...)
    other_lines every line that is not a status, event or result line, log lines included
    up_at       when the first status line came (gs_runtime_create had returned), time.monotonic(); None before
    """

    def __init__(self, command, policy=None, env=None):
        arguments = command + ([policy] if policy else [])
        self.process = start(arguments, env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, bufsize=1)
        self.status, self.events, self.logs, self.other_lines = {}, [], [], []
        self.event_details = []
        self.up_at = None
        self.results = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            words = line.split()
            if not words:
                continue
            if words[0] == "status":
                self.up_at = self.up_at or time.monotonic()
                self.status = dict(word.split("=", 1) for word in words[1:])
            elif words[0] == "event":
                self.events.append(words[1])
                self.event_details.append((words[1], " ".join(words[2:])))
            elif words[0] == "result":
                self.results.put(" ".join(words[1:]))
            else:
                self.other_lines.append(line.rstrip())
                if words[0] == "log":
                    self.logs.append(words[1])
                    print(f"    game log: {line.rstrip()}")
                else:
                    print(f"    game: {line.rstrip()}")

    def started(self):
        """Whether, within 10 s, the game is on the desktop (GS_SYSTEM_AUTO chose it) and its soundtrack started."""
        return wait_for(10, lambda: self.status.get("system") == "2" and "soundtrackStarted" in self.events)

    def command(self, text):
        """Sends a command line ("action NAME", "nowplaying TITLE"); its result ("0", "-10", ...), or None
        when none came within 5 s."""
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        try:
            return self.results.get(timeout=5)
        except queue.Empty:
            return None

    def stop(self):
        """Quits the game (killed after 10 s); its exit status."""
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.wait(timeout=10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                stop(self.process)
        return self.process.returncode
