# SPDX-License-Identifier: Zlib
"""`gamesound-testbed run`: a script's timeline played against a game on a private desktop.

The game runs in a process group of its own (a session of its own: setsid); at the end the group gets
SIGTERM, then SIGKILL after the script's stop_within, and whatever else still runs on the desktop is
killed with the desktop (Desktop.close). SIGINT and SIGTERM to the testbed, and the script's
time_limit (SIGALRM), end the run the same way.
"""
import array
import errno
import os
import shutil
import signal
import subprocess
import sys
import time

from . import music, report
from .desktop import RECORD_LATENCY_MSEC, Desktop, DesktopError, Folder
from .recorder import STREAM_LATENCY_MSEC, Recorder, process_group
from .sounds import write_tone as tone

HERE = os.path.dirname(os.path.abspath(__file__))
from .window import Windows

# Exit statuses (docs/testbed.md).
PASSED, FAILED, BAD_USAGE, GAME_PROBLEM, DESKTOP_PROBLEM, INTERRUPTED = 0, 1, 2, 3, 4, 130


# BaseException, as KeyboardInterrupt is: raised by a signal handler wherever the main thread is,
# they must not be taken for a failure that an `except Exception` handles (a player that does not answer).
class TimeLimit(BaseException):
    """The script's time_limit has passed (SIGALRM)."""


class Interrupted(BaseException):
    """SIGINT or SIGTERM; its argument is the signal's name."""


class Stage:
    """The desktop's side of the events: the player, calls, alarms, logind, sinks, the server."""

    def __init__(self, desktop, scratch, duration, player):
        self.desktop, self.folder, self.scratch = desktop, desktop.folder, scratch
        self.call = self.portal = None
        self.alarms = []
        self.outputs = {}  # sink name -> the index of the module that made it
        self.current = None
        self.recorder = None
        self.heard_at = None
        self.player_statuses = []
        # The FIFO a GameSound game reads gamesound.switch's actions from (GAMESOUND_TESTBED_SWITCHES).
        self.switches = os.path.join(scratch, "switches")
        os.mkfifo(self.switches, 0o600)
        self.music = tone(os.path.join(scratch, "music.wav"), 523.25, duration + 15, 0.3)
        self.ring = tone(os.path.join(scratch, "ring.wav"), 440, duration + 15, 0.2)
        self.player = None
        # The desktop portal's screen-lock monitor, which a sandboxed game (no system bus, no logind)
        # asks instead: screen.lock and screen.unlock reach it as well as logind.
        self.portal = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "portal.py")], env=self.folder.env(),
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                       text=True, start_new_session=True)
        if self.portal.stdout.readline().strip() != "ready":
            raise DesktopError("the testbed's desktop portal did not start (python3-dbus and python3-gi are needed)")
        self._load_output("testbed_speakers")
        self.player = music.start(player, self.folder, self.music, scratch)

    def player_status(self):
        return self.player.status()

    def paplay(self, path, role, name):
        return subprocess.Popen(["paplay", f"--property=media.role={role}", f"--client-name={name}", path],
                                env=self.folder.env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)

    def play(self, event):
        """Plays one timeline event on the desktop; returns a note for the report, or None. Where the
        game hears the event from its first step (sleep: the signal, before the output goes),
        `heard_at` is set to when that was done; else the event is done when this returns."""
        name = event.name
        self.heard_at = None
        if name == "gamesound.switch":
            return self._switch(event.fields["action"])
        if name.startswith("music."):
            self.player.press(name.split(".")[1])
        elif name == "call.ring":
            self.call = self.paplay(self.ring, "phone", "testbed-call")
        elif name == "call.end":
            stop(self.call)
            self.call = None
        elif name == "alarm":
            path = tone(os.path.join(self.scratch, f"alarm-{event.index}.wav"), 880, event.fields["seconds"], 0.3)
            self.alarms.append(self.paplay(path, "event", "testbed-alarm"))
        elif name in ("screen.lock", "screen.unlock"):
            locking = name == "screen.lock"
            if locking:
                self.desktop.logind.lock()
            else:
                self.desktop.logind.unlock()
            self.portal.stdin.write("lock\n" if locking else "unlock\n")
            self.portal.stdin.flush()
        elif name == "sleep":
            self.desktop.logind.prepare_for_sleep(True)
            self.heard_at = self.recorder.now()
            self._remove_output()
        elif name == "wake":
            # What becomes of the output sleep removed: back at once under its name (a new index, as
            # PipeWire recreates a card's sink), back later (output.return), or another output
            # appears and is the default (the default changed during sleep).
            output = event.fields["output"]
            if output == "back":
                self._add_output()
            elif output == "other":
                self._switch_output()
            self.desktop.logind.prepare_for_sleep(False)
        elif name == "output.return":
            self._add_output()
        elif name == "output.switch":
            self._switch_output()
        elif name == "server.restart":
            self.folder.kill_server()
            time.sleep(event.fields["down_for"])
            self.folder.start_server()
            self.recorder.server_restarted()
            self.outputs = {}
            self._load_output(self.current)
        return None

    def _switch(self, action):
        """Writes a simulated switch to the game's FIFO, never waiting: a game that has not opened it
        (not a GameSound game) is said, not waited for."""
        try:
            descriptor = os.open(self.switches, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno == errno.ENXIO:
                return "the game has not opened GAMESOUND_TESTBED_SWITCHES (not a GameSound game?): no effect"
            raise
        try:
            os.write(descriptor, (action + "\n").encode())
        except BlockingIOError:
            return "the game does not read GAMESOUND_TESTBED_SWITCHES (its FIFO is full): no effect"
        finally:
            os.close(descriptor)
        return None

    # The outputs are the testbed's own null sinks (each with a clock), so that sleeping can take the
    # default one away and waking can bring it back on either server: "testbed_speakers" from the
    # start, "testbed_headphones" once the default output is switched.
    def _load_output(self, name):
        if self.outputs.get(name) is None:
            status, module = self.folder.pactl("load-module", "module-null-sink", f"sink_name={name}",
                                               f"sink_properties=device.description={name}")
            if status != 0:
                raise DesktopError(f"pactl load-module module-null-sink sink_name={name} failed")
            self.outputs[name] = module
            self.folder.keep_clock(name)
        self.folder.pactl("set-default-sink", name)
        self.current = name

    def _remove_output(self):
        """The default output goes away, as a card does when the machine sleeps."""
        module = self.outputs.pop(self.current, None)
        if module is not None:
            self.folder.pactl("unload-module", module)

    def _add_output(self):
        self._load_output(self.current)

    def _switch_output(self):
        self._load_output("testbed_headphones" if self.current == "testbed_speakers" else "testbed_speakers")

    def close(self):
        if self.player is not None:
            self.player.close()
        for process in [self.call, self.portal, *self.alarms]:
            stop(process)


def stop(process):
    if process is not None and process.poll() is None:
        process.kill()
    if process is not None:
        process.wait()


def describe_exit(status):
    if status < 0:
        try:
            return f"was killed by {signal.Signals(-status).name}"
        except ValueError:
            return f"was killed by signal {-status}"
    return f"exited with status {status}"


def run(options, script):
    """Runs the script; returns the exit status (PASSED, FAILED, GAME_PROBLEM, DESKTOP_PROBLEM...)."""
    out = options.out
    os.makedirs(out, exist_ok=True)
    lines = []

    def say(text):
        lines.append(text)
        print(text, flush=True)

    def on_signal(number, _frame):
        raise Interrupted(signal.Signals(number).name)

    def on_alarm(_number, _frame):
        raise TimeLimit()

    old = {number: signal.signal(number, on_signal) for number in (signal.SIGINT, signal.SIGTERM)}
    old[signal.SIGALRM] = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, script.time_limit)
    started = time.monotonic()
    desktop = game = stage = recorder = xvfb = windows = None
    problems, outcomes, samples, status = [], [], array.array("f"), PASSED
    phase = "starting the desktop"
    event_times = {}
    effect_times = {}  # event index -> when the event was seen done (seconds from time zero)
    played = []
    try:
        say(f"gamesound-testbed: {script.name} on {options.server}: {' '.join(options.game)}")
        player, why = music.choose(script.player)
        desktop = Desktop(options.server)
        say(f"  the private desktop: {desktop.folder.root}")
        desktop.start()
        scratch = os.path.join(desktop.folder.root, "testbed")
        os.makedirs(scratch)
        phase = "starting the player"
        stage = Stage(desktop, scratch, script.duration, player)
        say(f"  the player: {stage.player.description} ({why})")
        env = desktop.env
        env["GAMESOUND_TESTBED_SWITCHES"] = stage.switches
        env.pop("DISPLAY", None)  # the game sees a display only when the script asks for one: Xvfb's
        if script.display:
            phase = "starting Xvfb"
            xvfb, display = start_xvfb(desktop.folder)
            env["DISPLAY"] = display
            if script.moves_windows:
                try:
                    phase = "starting the window manager"
                    windows = Windows(env, desktop.folder.logs)
                    phase = "opening the player's other window"
                    windows.open_other()  # before the game's window, which then has the focus
                except DesktopError as error:
                    raise DesktopError(f"{error}; {xvfb_state(xvfb, display, desktop.folder)}") from None
        phase = "starting the game"
        log = open(os.path.join(out, "game.log"), "wb")
        try:
            game = subprocess.Popen(options.game, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                    start_new_session=True)
        except OSError as error:
            raise GameProblem(f"the game could not be started: {error.strerror}: {options.game[0]}") from None
        finally:
            log.close()
        recorder = Recorder(desktop.folder, process_group(game.pid) or game.pid, STREAM_LATENCY_MSEC[options.server])
        stage.recorder = recorder
        recorder.start()
        phase = "waiting for the game's first stream"
        launched = time.monotonic()
        while not recorder.first_stream.wait(0.05):
            if game.poll() is not None:
                raise GameProblem(f"the game {describe_exit(game.returncode)} "
                                  f"{time.monotonic() - launched:.2f} s after it started, before it opened a stream"
                                  + log_tail(os.path.join(out, "game.log")))
            if time.monotonic() - launched > script.stream_within:
                raise GameProblem(f"the game opened no stream within {script.stream_within:g} s of its start")
        say(f"  the game's first stream appeared {recorder.t0 - launched:.2f} s after its start: t = 0")
        phase = "playing the timeline"
        for event in script.events:
            wait = event.at - recorder.now()
            if not _sleep_watching(wait, game, recorder, stage):
                break
            at = recorder.now()
            window = event.name.startswith("window.")
            if window:
                note, done = windows.play(event.name, group_members(game.pid), recorder.now)
            else:
                note = stage.play(event)
                # When the desktop had done it (the output made, the signal sent): on a loaded machine
                # the testbed's own pactl and bus calls can take a good part of a second, and what
                # follows is then judged from when it was done. Not a server restart, whose doing
                # is its point (killed, down, started again): what follows it counts from its time.
                done = None if event.name == "server.restart" else \
                    stage.heard_at if stage.heard_at is not None else recorder.now()
            if done is not None:
                effect_times[event.index] = done
                late = report.lateness(event, done)
                # A window event always says when xdotool saw it done; the desktop's, only when late.
                if window or late:
                    note = (f"{note}; " if note else "") + f"done by {done:.2f} s" + (
                        f", {late:.2f} s late: what follows it is judged from then" if late else "")
            event_times[event.id or f"#{event.index}"] = at
            played.append((event, at))
            say(f"  {at:6.2f} s  {event.label}" + (f": {note}" if note else ""))
        if game.poll() is None:
            _sleep_watching(script.duration - recorder.now(), game, recorder, stage)
        if game.poll() is not None:
            raise GameProblem(f"the game {describe_exit(game.returncode)} at {recorder.now():.2f} s, "
                              f"before the script's end ({script.duration:g} s)")
        phase = "stopping the game"
        samples = recorder.stop(script.duration)
        hung = stop_game(game, script.stop_within)
        if hung:
            problems.append(hung)
            status = GAME_PROBLEM
    except GameProblem as problem:
        problems.append(str(problem))
        status = GAME_PROBLEM
    except DesktopError as error:
        if phase == "starting the desktop":
            problems.append(f"the private desktop did not start ({options.server}): {error}")
        else:  # a server that does not come back after server.restart, an output that cannot be made
            problems.append(f"the private desktop failed ({options.server}) while {phase}: {error}")
        status = DESKTOP_PROBLEM
    except TimeLimit:
        problems.append(f"the run passed its time limit of {script.time_limit:g} s while {phase}")
        status = GAME_PROBLEM
    except Interrupted as signal_name:
        problems.append(f"interrupted by {signal_name} while {phase}")
        status = INTERRUPTED
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for number in (signal.SIGINT, signal.SIGTERM):  # a second ^C does not cut the clean-up short
            signal.signal(number, signal.SIG_IGN)
        try:
            if recorder is not None and recorder.thread.is_alive():
                samples = recorder.stop(script.duration if recorder.t0 is not None else 0)
            if game is not None and game.poll() is None:
                stop_game(game, script.stop_within)
            if stage is not None:
                stage.close()
            if windows is not None:
                windows.close()
            if xvfb is not None:
                stop_xvfb(xvfb)
        finally:
            if desktop is not None:
                desktop.close()
            for number, handler in old.items():
                signal.signal(number, handler)
    seconds = time.monotonic() - started
    if status in (PASSED, FAILED, GAME_PROBLEM) and recorder is not None and recorder.t0 is not None:
        statuses = stage.player_statuses if stage is not None else []
        outcomes = report.judge(script, samples, recorder.presence, statuses, event_times, effect_times)
    for problem in problems:
        say(f"PROBLEM: {problem}")
    for outcome in outcomes:
        where = f"{outcome.window[0]:.2f}-{outcome.window[1]:.2f} s" if outcome.window[0] != outcome.window[1] \
            else f"{outcome.window[0]:.2f} s"
        say(f"{'ok' if outcome.ok else 'FAILED'}: {outcome.name} [{where}]: {outcome.measured}")
    failed = [outcome for outcome in outcomes if not outcome.ok]
    if status == PASSED and (failed or len(outcomes) < len(script.expectations)):
        status = FAILED
    report.write_wav(os.path.join(out, "recording.wav"), samples)
    report.write_svg(os.path.join(out, "timeline.svg"), script, options.server, samples, played, outcomes, problems)
    if options.junit:
        report.write_junit(options.junit, script, options.server, problems, outcomes, seconds,
                           stage.player.kind if stage is not None and stage.player is not None else None)
    verdict = {PASSED: "PASSED", FAILED: f"FAILED: {len(failed)} of {len(outcomes)} expectations",
               GAME_PROBLEM: "FAILED: the game", DESKTOP_PROBLEM: "NOT RUN: the desktop",
               INTERRUPTED: "INTERRUPTED"}[status]
    say(f"{verdict} ({seconds:.1f} s); report in {out}: recording.wav, timeline.svg, game.log")
    with open(os.path.join(out, "report.txt"), "w") as text:
        text.write("\n".join(lines) + "\n")
    return status


class GameProblem(Exception):
    """The game crashed, never opened a stream, or would not stop."""


def log_tail(path, lines=3):
    """The last lines of the game's log, to say why it ended; "" when it wrote nothing."""
    try:
        with open(path, errors="replace") as log:
            tail = [line.rstrip() for line in log.read().splitlines() if line.strip()][-lines:]
    except OSError:
        return ""
    return "; its log ends with: " + " | ".join(tail) if tail else ""


def group_members(pid):
    """The processes of `pid`'s process group (the game and what it started), `pid` first."""
    group = process_group(pid)
    members = [pid]
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != pid and group is not None and process_group(int(entry)) == group:
            members.append(int(entry))
    return members


def _sleep_watching(seconds, game, recorder, stage):
    """Sleeps `seconds`, sampling the player's status every 100 ms; False if the game ended meanwhile."""
    deadline = time.monotonic() + max(seconds, 0)
    while True:
        stage.player_statuses.append((recorder.now(), stage.player_status()))
        if game.poll() is not None:
            return False
        left = deadline - time.monotonic()
        if left <= 0:
            return True
        time.sleep(min(left, 0.1))


def stop_game(game, within):
    """SIGTERM to the game's process group, SIGKILL after `within` s; a problem's text if it hung."""
    try:
        os.killpg(game.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        game.wait(timeout=within)
        hung = None
    except subprocess.TimeoutExpired:
        hung = f"the game did not exit within {within:g} s of SIGTERM (it hangs): killed with SIGKILL"
    try:
        os.killpg(game.pid, signal.SIGKILL)  # the game's children too
    except ProcessLookupError:
        pass
    game.wait()
    return hung


def stop_xvfb(process):
    """SIGTERM first: Xvfb then removes its socket (/tmp/.X11-unix/Xn) and lock file; SIGKILL after 5 s."""
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        stop(process)


def xvfb_state(process, display, folder):
    """Whether Xvfb still serves `display`, or how it ended and its log's end: for a message about a
    program that could not use the display."""
    if process.poll() is None:
        return f"Xvfb still runs on {display}"
    with open(os.path.join(folder.logs, "xvfb.log"), errors="replace") as log:
        tail = " | ".join(line.strip() for line in log.read().splitlines()[-4:] if line.strip())
    return f"Xvfb ({display}) had ended with status {process.returncode}; its log ends with: {tail or 'nothing'}"


def start_xvfb(folder):
    """Xvfb on a free display (-displayfd); the process and the display's name."""
    if shutil.which("Xvfb") is None:
        raise DesktopError("the script asks for a display and Xvfb is missing: apt-get install xvfb")
    read, write = os.pipe()
    with open(os.path.join(folder.logs, "xvfb.log"), "ab") as log:
        process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                   env=folder.env(), stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                   pass_fds=(write,), start_new_session=True)
    os.close(write)
    number = b""
    deadline = time.monotonic() + 10
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    if not number.strip():
        stop(process)
        with open(os.path.join(folder.logs, "xvfb.log"), errors="replace") as log:
            raise DesktopError("Xvfb did not start; its log ends with\n" + "\n".join(log.read().splitlines()[-6:]))
    return process, f":{number.decode().strip()}"


def desktop_command(server, command):
    """`gamesound-testbed desktop`: runs `command` on a private desktop with the environment that
    Tests/desktop/with-server.sh documents; its exit status (128+N if a signal ended it)."""
    desktop = command_process = None

    def on_signal(number, _frame):
        raise Interrupted(signal.Signals(number).name)

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, on_signal)
    try:
        desktop = Desktop(server, logind=False)
        desktop.start()
        folder = desktop.folder
        entry = os.path.abspath(sys.argv[0])
        for action in ("start", "kill"):
            path = os.path.join(folder.bin, f"{action}-server")
            with open(path, "w") as script:
                script.write(f"#!/bin/sh\n# {action.capitalize()}s the private {server} server (gamesound-testbed).\n"
                             f"exec /usr/bin/python3 '{entry}' server {action} '{folder.root}'\n")
            os.chmod(path, 0o755)
        # The command keeps the caller's HOME (SwiftPM keeps its caches there); the daemons have their own.
        env = dict(folder.env(), HOME=os.environ.get("HOME", folder.home))
        sink = folder.pactl("get-default-sink")[1]
        env.update(GAMESOUND_SERVER_KIND=server, GAMESOUND_SERVER_START=os.path.join(folder.bin, "start-server"),
                   GAMESOUND_SERVER_KILL=os.path.join(folder.bin, "kill-server"),
                   GAMESOUND_MONITOR_SOURCE=f"{sink}.monitor", GAMESOUND_RECORD_LATENCY_MSEC=str(RECORD_LATENCY_MSEC),
                   GAMESOUND_SERVER_LOGS=folder.logs, GAMESOUND_SERVER_PIDS=folder.pids,
                   GAMESOUND_SYSTEM_BUS_PID=str(desktop.buses[1].pid))
        command_process = subprocess.Popen(command, env=env)
        # Reaps every child until the command ends, the orphaned daemons that the start script leaves
        # us included.
        while True:
            pid, status = os.waitpid(-1, 0)
            if pid == command_process.pid:
                command_process.returncode = code = os.waitstatus_to_exitcode(status)
                return 128 - code if code < 0 else code
    except DesktopError as error:
        print(f"gamesound-testbed desktop: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"gamesound-testbed desktop: cannot run {command[0]}: {error.strerror}", file=sys.stderr)
        return 127
    except Interrupted as name:
        return 130 if str(name) == "SIGINT" else 143
    finally:
        # A second signal (`timeout` signals the whole process group, the command too) must not cut the
        # clean-up short: seen leaving a private PulseAudio running and its folder behind.
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, signal.SIG_IGN)
        try:
            if command_process is not None and command_process.returncode is None:
                command_process.terminate()
                try:
                    command_process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    command_process.kill()
                    command_process.wait()
        finally:
            if desktop is not None:
                desktop.close()


def server_command(action, root):
    """`gamesound-testbed server start|kill FOLDER`: what GAMESOUND_SERVER_START and _KILL run."""
    folder = Folder(root)
    try:
        if action == "start":
            folder.start_server()
        else:
            folder.kill_server()
    except DesktopError as error:
        print(f"GAMESOUND_SERVER_{action.upper()}: {error}", file=sys.stderr)
        return 1
    return 0


