# SPDX-License-Identifier: Zlib
"""The private desktop: the one implementation of it in this repository.

A temporary folder holds a runtime folder (XDG_RUNTIME_DIR, mode 700), the daemons' HOME, their logs
and their process ids. In it run a session bus, a system bus with python3-dbusmock's logind template
(one session, and GetSessionByPID answering it) and a sound server: a private PulseAudio
(module-null-sink, module-native-protocol-unix, module-role-cork) or a private PipeWire (pipewire,
wireplumber, pipewire-pulse with Debian's configuration; with no card its only sink is auto_null, a
null sink with a clock). `gamesound-testbed run` plays a script in it; `gamesound-testbed desktop`
(Tests/desktop/with-server.sh) runs a command in it.

The server can be killed and started again from another process too (`gamesound-testbed server
start|kill FOLDER`): what that needs is read from the folder. Whoever owns the desktop makes itself a
child subreaper (prctl PR_SET_CHILD_SUBREAPER), so that daemons started from elsewhere and then
killed are reaped by it rather than left as zombies under an init that never reaps.
"""
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

KINDS = ("pulseaudio", "pipewire")
TOOLS = {
    "pulseaudio": (["pulseaudio", "pactl", "paplay", "parec", "dbus-daemon"],
                   "pulseaudio pulseaudio-utils dbus-daemon python3-dbusmock"),
    "pipewire": (["pipewire", "pw-cli", "wireplumber", "pipewire-pulse", "pactl", "paplay", "parec", "dbus-daemon"],
                 "pipewire pipewire-pulse wireplumber pulseaudio-utils dbus-daemon python3-dbusmock"),
}
DAEMONS = {"pulseaudio": ["pulseaudio"], "pipewire": ["pipewire", "wireplumber", "pipewire-pulse"]}
READY_SECONDS = 10
RECORD_LATENCY_MSEC = 20  # parec with PipeWire's default latency delivers nothing within a second


class DesktopError(Exception):
    """The private desktop could not be set up (a tool missing, a daemon that does not start)."""


def missing_tools(kind):
    """The tools a desktop of `kind` needs that are not on PATH, and the Debian packages that hold them."""
    tools, packages = TOOLS[kind]
    return [tool for tool in tools if shutil.which(tool) is None], packages


def make_subreaper():
    """This process becomes the parent of orphaned descendants (daemons started by another process)."""
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def wait_until(seconds, condition, step=0.05):
    """Polls `condition` until it is true or `seconds` have passed; whether it became true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()


def gone(pid):
    """Whether a process has ended (a zombie, reaped later by its parent, counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


def accepts(path):
    """Whether a Unix socket at `path` takes a connection now."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(path)
            return True
        except OSError:
            return False


def busiest_threads(count=6, seconds=0.5):
    """The threads that used the most CPU over the next `seconds`, each with its state and scheduling
    policy (RR and FIFO are real-time): for a message that says why a daemon did not answer."""
    def sample():
        times = {}
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                tasks = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in tasks:
                try:
                    with open(f"/proc/{pid}/task/{tid}/stat") as stat:
                        text = stat.read()
                except OSError:
                    continue
                name = text[text.index("(") + 1:text.rindex(")")]
                fields = text[text.rindex(")") + 2:].split()
                # fields[0] is the state (field 3 of stat); utime, stime are 14, 15; policy is 41.
                times[int(tid)] = (name, fields[0], int(fields[11]) + int(fields[12]), int(fields[38]))
        return times
    before = sample()
    time.sleep(seconds)
    after = sample()
    policies = {0: "TS", 1: "FIFO", 2: "RR", 3: "BATCH", 5: "IDLE"}
    ticks = os.sysconf("SC_CLK_TCK") * seconds
    used = sorted(((after[tid][2] - before[tid][2], tid) for tid in after if tid in before), reverse=True)[:count]
    return "; ".join(f"{after[tid][0]}({tid}) {delta / ticks:.0%} {after[tid][1]} {policies.get(after[tid][3], after[tid][3])}"
                     for delta, tid in used)


def daemon_states(named_pids):
    """Each daemon's state and where its main thread waits in the kernel (wchan)."""
    out = []
    for name, pid in named_pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                state = stat.read().rsplit(")", 1)[1].split()[0]
            with open(f"/proc/{pid}/wchan") as wchan:
                state += " in " + (wchan.read().strip() or "-")
        except (OSError, IndexError):
            state = "gone"
        out.append(f"{name} {state}")
    return ", ".join(out)


def reap(pid):
    """Collects an ended child's status if it is ours; nothing otherwise."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


class Folder:
    """The desktop's temporary folder and what is in it; enough, read from the folder alone, to start
    and kill the server from any process."""

    def __init__(self, root):
        self.root = root
        self.runtime = os.path.join(root, "runtime")
        self.home = os.path.join(root, "home")
        self.config = os.path.join(self.home, ".config")  # the daemons' XDG_CONFIG_HOME
        self.logs = os.path.join(root, "logs")
        self.pids = os.path.join(root, "pids")
        self.bin = os.path.join(root, "bin")
        self.session_bus = f"unix:path={self.runtime}/bus"
        self.system_bus = f"unix:path={self.runtime}/system_bus"
        self.client_config = os.path.join(root, "client.conf")

    @classmethod
    def create(cls, kind):
        folder = cls(tempfile.mkdtemp(prefix=f"gamesound-{kind}."))
        for path in (folder.runtime, folder.home, folder.logs, folder.pids, folder.bin):
            os.makedirs(path, exist_ok=True)
        os.chmod(folder.runtime, 0o700)
        # No client on the desktop may start a server of its own: a pactl that finds the server gone
        # (while the testbed restarts it) would otherwise autospawn a default PulseAudio in the
        # runtime folder, and the real start then fails ("Daemon already running"; pipewire-pulse:
        # "File exists").
        with open(folder.client_config, "w") as out:
            out.write("autospawn = no\n")
        # WirePlumber's Bluetooth monitor (0.4, Debian 12) loads its logind module, which needs systemd's
        # /run/systemd/seats: where that is missing (a container or chroot with no systemd) WirePlumber
        # exits at once and the desktop never starts (seen on a fresh Debian 12 root, make testbed-fresh).
        # A private desktop has no Bluetooth: the monitor is off, in the daemons' own configuration.
        bluetooth = os.path.join(folder.config, "wireplumber", "bluetooth.lua.d")
        os.makedirs(bluetooth)
        with open(os.path.join(bluetooth, "51-gamesound-testbed.lua"), "w") as out:
            out.write("-- gamesound-testbed: a private desktop has no Bluetooth (and may have no logind)\n"
                      "bluez_monitor.enabled = false\n")
        with open(os.path.join(folder.root, "kind"), "w") as out:
            out.write(kind)
        return folder

    @property
    def kind(self):
        with open(os.path.join(self.root, "kind")) as kind:
            return kind.read().strip()

    def env(self, base=None):
        """The environment of a program on this desktop: `base` (this process's) with the runtime
        folder, both buses and a libpulse client configuration that does not autospawn, and no
        PULSE_SERVER, PULSE_PROP or XDG_SESSION_ID from outside."""
        env = {k: v for k, v in (base if base is not None else os.environ).items()
               if k not in ("PULSE_SERVER", "PULSE_PROP", "XDG_SESSION_ID", "PULSE_CLIENTCONFIG")}
        env.update(XDG_RUNTIME_DIR=self.runtime, DBUS_SESSION_BUS_ADDRESS=self.session_bus,
                   DBUS_SYSTEM_BUS_ADDRESS=self.system_bus, PULSE_CLIENTCONFIG=self.client_config)
        return env

    def daemon_env(self):
        """The daemons' environment: the desktop's, with the private HOME and configuration folder."""
        return dict(self.env(), HOME=self.home, XDG_CONFIG_HOME=self.config)

    def pactl(self, *arguments, timeout=5):
        """pactl on this desktop's server: (exit status, standard output)."""
        try:
            result = subprocess.run(["pactl", *arguments], env=self.env(), stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return 1, ""
        return result.returncode, result.stdout.strip()

    def pactl_json(self, *arguments):
        """pactl --format=json's answer, parsed; None when the server does not answer."""
        status, output = self.pactl("--format=json", *arguments)
        if status != 0:
            return None
        try:
            return json.loads(output)
        except ValueError:
            return None

    def server_state(self):
        """What the server answers now, in a few words: for a message that says why a start failed."""
        try:
            result = subprocess.run(["pactl", "get-default-sink"], env=self.env(), stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, timeout=2)
        except subprocess.TimeoutExpired:
            return "no answer within 2 s"
        status, sink = result.returncode, result.stdout.strip()
        if status != 0:
            socket_state = "takes" if accepts(os.path.join(self.runtime, "pulse", "native")) else "refuses"
            return f"{result.stderr.strip() or 'nothing'} (status {status}; the socket {socket_state} a connection)"
        names = [entry.get("name") for entry in self.pactl_json("list", "sinks") or []]
        return f"default sink {sink or '(none)'!r}, sinks {names}"

    def pipewire_client_names(self, timeout=2):
        """The application names of PipeWire's clients (pipewire-pulse shows as "pipewire"); None when
        PipeWire does not answer within `timeout` s."""
        try:
            result = subprocess.run(["pw-cli", "ls", "Client"], env=self.env(), stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if result.returncode != 0:
            return None
        return [line.split("=", 1)[1].strip().strip('"') for line in result.stdout.splitlines()
                if line.strip().startswith("application.name")]

    def pipewire_clients(self):
        """Which programs PipeWire itself says are connected: whether the graph answers, and whether
        the session manager and the PulseAudio server reached it."""
        names = self.pipewire_client_names(timeout=3)
        return "pw-cli: no answer within 3 s" if names is None else f"pw-cli: clients {names}"

    def default_sink_ready(self):
        """Whether the server answers and its default sink exists."""
        status, sink = self.pactl("get-default-sink", timeout=2)
        if status != 0 or not sink:
            return False
        sinks = self.pactl_json("list", "sinks") or []
        return any(entry.get("name") == sink for entry in sinks)

    def log_sizes(self):
        """How long each sound-server daemon's log is now (the logs are appended to at every start)."""
        sizes = {}
        for name in DAEMONS[self.kind]:
            try:
                sizes[name] = os.path.getsize(os.path.join(self.logs, f"{name}.log"))
            except OSError:
                sizes[name] = 0
        return sizes

    def logs_tail(self, lines=6, since=None):
        """The last lines of each sound-server daemon's log, for a message that says why it did not start;
        with `since` (log_sizes() before the start) only what this start wrote, "(nothing)" if it wrote none."""
        out = []
        for name in DAEMONS[self.kind]:
            try:
                with open(os.path.join(self.logs, f"{name}.log"), "rb") as log:
                    log.seek((since or {}).get(name, 0))
                    tail = log.read().decode(errors="replace").splitlines()[-lines:]
            except FileNotFoundError:
                tail = []
            out.extend(f"  {name}: {line}" for line in tail or ["(nothing)"])
        return "\n".join(out)

    # ---- The sound server ------------------------------------------------------------------
    def start_server(self):
        """Starts the server of this desktop's kind, as first started; returns once `pactl` answers and
        the default sink exists. Raises DesktopError (with the daemons' logs) otherwise."""
        kind = self.kind
        logs_before = self.log_sizes()
        began = time.monotonic()
        daemons = self._start_pulseaudio() if kind == "pulseaudio" else self._start_pipewire()
        # Ready, or a daemon has already given up: then there is no point in waiting.
        ready = wait_until(READY_SECONDS, lambda: self.default_sink_ready() or any(gone(pid) for pid in daemons),
                           step=0.1) and self.default_sink_ready()
        if not ready:
            ended = [name for name, pid in zip(DAEMONS[kind], daemons) if gone(pid)]
            why = f"{', '.join(ended)} exited" if ended else f"no answer with a default sink within {READY_SECONDS} s"
            why += (f", {time.monotonic() - began:.1f} s after the start; pactl says: {self.server_state()}; "
                    f"the daemons: {daemon_states(zip(DAEMONS[kind], daemons))}; the busiest threads: {busiest_threads()}")
            if kind == "pipewire":
                why += f"; {self.pipewire_clients()}"
            logs = self.logs_tail(since=logs_before)
            # What did start must not outlive the failure: a pipewire left running holds its socket's
            # lock, so every later start (a caller's retry) fails at once with "address in use", and
            # the pid files no longer name it for kill_server (seen in CI: three failed starts in a row).
            self.kill_server()
            raise DesktopError(f"the {kind} server did not start ({why}); its logs end with\n{logs}")
        # The server's own sink: its reader only (within 2 s it renders in 10 ms blocks); the
        # testbed's outputs, made while a game may be waiting for them, are also restarted at once.
        self.keep_clock("null", restart=False)

    def keep_clock(self, sink, restart=True):
        """Makes a PulseAudio null sink keep time as a sound card does. Idle, module-null-sink renders
        in blocks of its largest latency (2 s), so a stream that starts is first played up to 2 s
        later (measured: 1.8-2.1 s after a game opened its output); a card's sink serves it within a
        period. A reader of the sink's monitor asking for 10 ms keeps the blocks at 10 ms, and once it
        reads, suspending and resuming the sink restarts its timer at that size (the sink keeps the
        2 s one it set when it was made). The reader ends with the server, and with the desktop (it
        lives on it). PipeWire's null sinks follow the graph's clock: nothing to do."""
        if self.kind != "pulseaudio":
            return
        reader = subprocess.Popen(["parec", "-d", f"{sink}.monitor", "--latency-msec=10", "--raw",
                                   f"--client-name=gamesound-testbed-clock-{sink}"], env=self.env(),
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)
        reading = restart and wait_until(2, lambda: reader.poll() is None and any(
            entry.get("properties", {}).get("application.name") == f"gamesound-testbed-clock-{sink}"
            for entry in self.pactl_json("list", "source-outputs") or []))
        if reading:
            self.pactl("suspend-sink", sink, "1")
            self.pactl("suspend-sink", sink, "0")

    def _start_pulseaudio(self):
        log = os.path.join(self.logs, "pulseaudio.log")
        pidfile = os.path.join(self.runtime, "pulse", "pid")
        try:  # a killed daemon's: the new one's id is read from it below
            os.remove(pidfile)
        except FileNotFoundError:
            pass
        # The first process waits for the daemon it forks to say it started (or failed). Not for ever: a
        # daemon that hangs while it starts is then found not ready below, and said so, with its state.
        try:
            subprocess.run(["pulseaudio", "-n", "--daemonize=yes", "--exit-idle-time=-1", f"--log-target=file:{log}",
                            "-L", "module-null-sink", "-L", "module-native-protocol-unix", "-L", "module-role-cork"],
                           env=self.daemon_env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=READY_SECONDS)
        except subprocess.TimeoutExpired:
            pass
        if wait_until(5, lambda: os.path.exists(pidfile) and os.path.getsize(pidfile) > 0):
            shutil.copy(pidfile, os.path.join(self.pids, "pulseaudio"))
            with open(pidfile) as pid:
                return [int(pid.read().strip())]
        return [-1]  # it did not start: gone() is true for no process

    def _start_pipewire(self):
        # pipewire first (the graph), then the session manager and the PulseAudio protocol server. A
        # killed pipewire leaves its socket behind: removed, or the wait below sees the old one,
        # wireplumber and pipewire-pulse find nobody listening and exit (seen: 1 start in ~70).
        for name in ("pipewire-0", "pipewire-0-manager"):
            try:
                os.remove(os.path.join(self.runtime, name))
            except FileNotFoundError:
                pass
        # The folder of the PulseAudio socket, made before pipewire-pulse starts: 0.3.65 looks for it
        # and makes it when missing, and fails ("mkdir() .../pulse failed: File exists", then "no
        # servers could be started") when a libpulse client (our readiness check's first pactl) made
        # it in between (seen once, sdk-test, 2026-11-28). Made by us, it is there for both.
        os.makedirs(os.path.join(self.runtime, "pulse"), mode=0o700, exist_ok=True)
        pids = []
        for daemon in DAEMONS["pipewire"]:
            with open(os.path.join(self.logs, f"{daemon}.log"), "ab") as log:
                # A session of its own (not the caller's process group), none of our descriptors above 2.
                process = subprocess.Popen([daemon], env=self.daemon_env(), stdin=subprocess.DEVNULL, stdout=log,
                                           stderr=log, start_new_session=True)
            with open(os.path.join(self.pids, daemon), "w") as out:
                out.write(str(process.pid))
            pids.append(process.pid)
            if daemon == "pipewire":
                # The others give up at once when pipewire does not answer yet: wait until its socket
                # takes a connection (it exists a moment before it listens), or pipewire has ended.
                path = os.path.join(self.runtime, "pipewire-0")
                wait_until(READY_SECONDS, lambda: accepts(path) or gone(process.pid), step=0.02)
            elif daemon == "wireplumber":
                # The PulseAudio server last, once the session manager has connected and exported its
                # objects: pulse clients (a game retrying every 0.5 s) reach a graph that is set up.
                wait_until(READY_SECONDS, lambda: "WirePlumber [export]" in (self.pipewire_client_names() or [])
                           or gone(process.pid), step=0.05)
        return pids

    def server_pids(self):
        pids = []
        for name in sorted(os.listdir(self.pids)):
            try:
                with open(os.path.join(self.pids, name)) as pidfile:
                    pids.append(int(pidfile.read().strip()))
            except (OSError, ValueError):
                pass
        return pids

    def kill_server(self):
        """SIGKILLs the server (on PipeWire all three daemons, as when a desktop's sound service crashes)
        and returns once it is gone; the buses stay. Raises DesktopError after 10 s."""
        targets = []
        for name in os.listdir(self.pids):
            path = os.path.join(self.pids, name)
            try:
                with open(path) as pidfile:
                    pid = int(pidfile.read().strip())
            except (OSError, ValueError):
                continue
            os.remove(path)
            try:
                os.kill(pid, signal.SIGKILL)
                targets.append(pid)
            except ProcessLookupError:
                pass
        ended = wait_until(READY_SECONDS, lambda: all(gone(pid) for pid in targets), step=0.05)
        for pid in targets:
            reap(pid)
        if not ended:
            raise DesktopError(f"the server is still running 10 s after SIGKILL: {targets}")

    # ---- Processes on the desktop ----------------------------------------------------------
    def processes(self):
        """The ids of the processes whose environment names this desktop's runtime folder: everything
        started on it, daemons and the game's children included, whatever session they moved to."""
        marker = f"XDG_RUNTIME_DIR={self.runtime}".encode()
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    if marker in environ.read().split(b"\0"):
                        found.append(int(entry))
            except OSError:
                continue
        return found


class Desktop:
    """A private desktop, started with `start()` and torn down with `close()` (also after a failed
    start): every process on it killed, the folder removed."""

    def __init__(self, kind, logind=True):
        if kind not in KINDS:
            raise DesktopError(f"the server must be pulseaudio or pipewire, not '{kind}'")
        missing, packages = missing_tools(kind)
        if missing:
            raise DesktopError(f"{', '.join(missing)} missing: apt-get install {packages}")
        self.kind = kind
        self.want_logind = logind
        self.folder = Folder.create(kind)
        self.buses = []
        self.logind = None

    @property
    def env(self):
        return self.folder.env()

    def start(self):
        make_subreaper()
        self.buses.append(self._bus("session", self.folder.session_bus))
        self.buses.append(self._bus("system", self.folder.system_bus))
        if self.want_logind:
            self.logind = LogindDouble.start(self.folder.env(), os.path.join(self.folder.logs, "logind-double.log"))
        self.folder.start_server()
        return self

    def _bus(self, name, address):
        process = start_bus(name, address, self.folder.root, self.folder.logs)
        with open(os.path.join(self.folder.root, f"{name}-bus.pid"), "w") as out:
            out.write(str(process.pid))
        return process

    def close(self):
        """Kills the server, the buses and whatever else still runs on the desktop; removes the folder."""
        try:
            self.folder.kill_server()
        except DesktopError:
            pass
        for process in self.buses:
            if process.poll() is None:
                process.kill()
            process.wait()
        # Anything left that names our runtime folder: the logind double, players, a game's children.
        for _ in range(3):
            left = self.folder.processes()
            if not left:
                break
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            wait_until(2, lambda: all(gone(pid) for pid in left))
            for pid in left:
                reap(pid)
        while True:  # the orphans we became the parent of
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
        shutil.rmtree(self.folder.root, ignore_errors=True)


def start_bus(name, address, config_folder, logs):
    """A dbus-daemon listening on `address` that allows everything (a session bus's configuration);
    returns once its socket exists. Raises DesktopError if it does not start."""
    path = address[len("unix:path="):]
    config = os.path.join(config_folder, f"{name}-bus.conf")
    with open(config, "w") as out:
        out.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>{address}</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>""")
    with open(os.path.join(logs, f"dbus-{name}.log"), "ab") as log:
        process = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork"], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
    if not wait_until(5, lambda: os.path.exists(path) or process.poll() is not None) or process.poll() is not None:
        if process.poll() is None:
            process.kill()
        process.wait()
        raise DesktopError(f"the private {name} bus did not start")
    return process


class LogindDouble:
    """python3-dbusmock's logind template on a system bus, with one session ("c1", the caller's user,
    active) that GetSessionByPID returns for any process: what a game asks logind for. Locks, unlocks
    and sleeps as logind does (the Lock/Unlock signals and LockedHint; PrepareForSleep).

    `LogindDouble.start(folder)` starts it on a desktop's system bus; the checks of this repository
    start it on theirs the same way (Tests/desktop/check-c-signals.py)."""

    def __init__(self, process, system_bus):
        import dbus  # python3-dbus: only the logind double and the player need it
        self._dbus = dbus
        self.process = process
        self.bus = dbus.bus.BusConnection(system_bus)
        if not wait_until(10, lambda: self.bus.name_has_owner("org.freedesktop.login1") or process.poll() is not None) \
                or process.poll() is not None:
            raise DesktopError("the logind double (python3 -m dbusmock --template logind) did not start")
        manager = self.bus.get_object("org.freedesktop.login1", "/org/freedesktop/login1")
        self.mock = dbus.Interface(manager, "org.freedesktop.DBus.Mock")
        self.session_path = self.mock.AddSession("c1", "seat0", dbus.UInt32(os.getuid()), "player", True)
        self.mock.AddMethod("org.freedesktop.login1.Manager", "GetSessionByPID", "u", "o",
                            f'ret = dbus.ObjectPath("{self.session_path}")')
        self.session = dbus.Interface(self.bus.get_object("org.freedesktop.login1", self.session_path),
                                      "org.freedesktop.login1.Session")

    @classmethod
    def start(cls, env, log_path):
        """The double on the system bus that `env` names (DBUS_SYSTEM_BUS_ADDRESS); `log_path` gets its output."""
        with open(log_path, "ab") as log:
            process = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--system", "--template", "logind"],
                                       env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                       start_new_session=True)
        try:
            return cls(process, env["DBUS_SYSTEM_BUS_ADDRESS"])
        except BaseException:
            process.kill()
            process.wait()
            raise

    def set_locked_hint(self, locked):
        self.session.SetLockedHint(locked)

    def lock(self):
        """What a screen locker does: the Lock signal, then LockedHint."""
        self.session.Lock()
        self.set_locked_hint(True)

    def unlock(self):
        self.session.Unlock()
        self.set_locked_hint(False)

    def prepare_for_sleep(self, sleeping):
        self.mock.EmitSignal("org.freedesktop.login1.Manager", "PrepareForSleep", "b",
                             [self._dbus.Boolean(sleeping)])

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
