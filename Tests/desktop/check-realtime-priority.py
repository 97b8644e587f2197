#!/usr/bin/python3
# SPDX-License-Identifier: Zlib
"""Real-time priority for the audio threads (issue 39, item 2), checked on the threads themselves.

    check-realtime-priority.py RT_GAMESOUND ASSETS

RT_GAMESOUND is bench/realtime's C game (rt_gamesound, built on the C SDK; RT_GS_LOG=1 makes it
print the library's log). Runs as root on the private desktop of Tests/desktop/with-server.sh,
whose system bus is empty: this script starts the real rtkit-daemon there, with python3-dbusmock's
`polkitd` template as the PolicyKit it asks (rtkit-daemon asks PolicyKit before it grants anything,
and the template answers as told). Six cases, each one run of the game:

  direct     as root: the mixer, GameSound's server output's libpulse main loop, is SCHED_RR 4, the
             update thread SCHED_RR 3, read back from /proc/PID/task/TID/sched; every other thread
             is as it was (SCHED_OTHER), the game's own libpulse main loop (GameSound's desktop
             system) too. Then the same with GAMESOUND_SERVER_OUTPUT=0: OpenAL Soft's mixer thread
             and the libpulse main loop its pulse backend started are SCHED_RR 4
  off        gs_config.realtime_priority = GS_REALTIME_PRIORITY_OFF: no thread changes, nothing logged
  rtkit      without CAP_SYS_NICE (setpriv): RealtimeKit grants it; rtkit-daemon's own log names the
             mixer's thread id, and the game's RLIMIT_RTTIME is rtkit's 200 ms
  null device  the same on OpenAL Soft's null device (ALSOFT_DRIVERS=null), which plays to nothing:
             nothing is asked of RealtimeKit (which would grant it), nothing granted or refused
  refused    the same, PolicyKit saying no: exactly one realtime.refused line, and the soundtrack
             plays on: the monitor, recorded while it plays, has no silent tenth of a second

Prints one line per check and ends with "N passed, N failed".
"""
import os
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from desktop_checks import HEARD, RATE, SILENT, Checks, record_samples, wait_for  # noqa: E402

GAME, ASSETS = os.path.abspath(sys.argv[1]), sys.argv[2]
STARTER_NAME = "gs-alc-start"  # what the runtime names the thread that starts OpenAL Soft's mixer
NO_SYS_NICE = ["setpriv", "--inh-caps=-sys_nice", "--bounding-set=-sys_nice", "--"]
checks = Checks(default_kind="pulseaudio")
check = checks.check
children = []


def threads(pid):
    """{tid: (comm, policy, real-time priority)} of a running process (policy 0 normal, 1 FIFO, 2 RR)."""
    table = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            comm = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            fields = {key.strip(): value for key, value in
                      (line.split(":", 1) for line in open(f"/proc/{pid}/task/{tid}/sched") if ":" in line)}
        except OSError:
            continue
        policy = int(fields["policy"].strip())
        prio = int(fields["prio"].strip())
        table[int(tid)] = (comm, policy, 99 - prio if policy in (1, 2) else 0)
    return table


def runs(pid, tid):
    """How many times a thread has run on a CPU (the third field of its schedstat)."""
    return int(open(f"/proc/{pid}/task/{tid}/schedstat").read().split()[2])


class Run:
    """One run of the game (the soundtrack and one looping effect for `seconds`), its stderr kept."""

    def __init__(self, seconds, extra_env=None, wrapper=()):
        env = {**os.environ, "ALSOFT_DRIVERS": "pulse", "RT_GS_LOG": "1", **(extra_env or {})}
        self.process = subprocess.Popen([*wrapper, GAME, ASSETS, "run", "1", str(seconds)], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        children.append(self.process)
        self.lines = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stderr:
            self.lines.append(line.rstrip("\n"))

    def logged(self, code):
        return [line for line in self.lines if f" {code}:" in line]

    def finish(self):
        code = self.process.wait(timeout=60)
        self.reader.join(5)
        return code


def granted_thread(run, role):
    """The thread id a realtime.granted line names for `role` ("mixer" or "update"), else None."""
    for line in run.logged("realtime.granted"):
        if role in line:
            return int(line.split("(thread ")[1].split(")")[0])
    return None


def record_monitor(seconds):
    """The monitor's peak per tenth of a second over `seconds`, from now."""
    samples = record_samples(seconds, os.environ)
    tenth = RATE // 10  # parec records one channel
    return [max((abs(s) for s in samples[i:i + tenth]), default=0) / 32768.0
            for i in range(0, len(samples) - tenth + 1, tenth)]


def check_direct(server_output):
    """As root: the threads that feed the output and the update thread are raised, nothing else.
    GameSound's server output (the default) mixes on its libpulse main loop; with
    GAMESOUND_SERVER_OUTPUT=0, OpenAL Soft's output mixes on its own mixer thread beside its loop."""
    name = "direct" if server_output else "direct, OpenAL Soft's output"
    run = Run(3, {} if server_output else {"GAMESOUND_SERVER_OUTPUT": "0"})
    wait_for(5, lambda: granted_thread(run, "mixer") and granted_thread(run, "update") and granted_thread(run, "threaded-ml"))
    table = threads(run.process.pid)
    mixer, update = granted_thread(run, "mixer"), granted_thread(run, "update")
    loop = granted_thread(run, "threaded-ml")
    check(f"{name}: the mixer thread is granted, set directly", mixer is not None and "set directly" in " ".join(run.lines),
          f"log: {run.lines}")
    check(f"{name}: the mixer thread reads back SCHED_RR 4", mixer in table and table[mixer][1:] == (2, 4),
          f"{mixer}: {table.get(mixer)}")
    check(f"{name}: the update thread reads back SCHED_RR 3", update in table and table[update][1:] == (2, 3),
          f"{update}: {table.get(update)}")
    if server_output:
        check(f"{name}: the mixer is the server output's libpulse main loop (threaded-ml)",
              mixer == loop and mixer in table and table[mixer][0] == "threaded-ml", f"mixer {mixer}, loop {loop}: {table.get(mixer)}")
    else:
        check(f"{name}: it is the thread OpenAL Soft started", mixer in table and table[mixer][0] in (STARTER_NAME, "alsoft-mixer"),
              f"{table.get(mixer)}")
        # The mixer wakes every period; OpenAL Soft's event thread, started with it (same name), sleeps.
        started = {tid for tid, row in table.items() if row[0] in (STARTER_NAME, "alsoft-mixer")}
        before = {tid: runs(run.process.pid, tid) for tid in started}
        time.sleep(1)
        woken = {tid: runs(run.process.pid, tid) - count for tid, count in before.items()}
        check(f"{name}: the thread raised is the one that mixes (woken most of those OpenAL Soft started)",
              mixer in woken and all(woken[mixer] > count for tid, count in woken.items() if tid != mixer),
              f"mixer {mixer}, woken {woken}")
        check(f"{name}: the server connection's main loop that OpenAL Soft started reads back SCHED_RR 4",
              loop in table and table[loop] == ("threaded-ml", 2, 4), f"{loop}: {table.get(loop)}")
    others = {tid: row for tid, row in table.items() if tid not in (mixer, update, loop) and row[1] != 0}
    check(f"{name}: no other thread changed (the game's main thread stays SCHED_OTHER)",
          not others and table[run.process.pid][1] == 0, f"{others}")
    check(f"{name}: the game ends normally", run.finish() == 0, f"log: {run.lines[-5:]}")


def check_off():
    run = Run(2, {"RT_GS_REALTIME_PRIORITY": "1"})
    time.sleep(1.2)
    table = threads(run.process.pid)
    check("off: no thread is real-time", all(row[1] == 0 for row in table.values()), f"{table}")
    code = run.finish()
    check("off: nothing about it is logged", not run.logged("realtime.granted") and not run.logged("realtime.refused"),
          f"{run.lines}")
    check("off: the game ends normally", code == 0)


class RealtimeKit:
    """rtkit-daemon on the desktop's system bus, with the polkitd double it asks first."""

    def __init__(self):
        import dbus
        bus_env = dict(os.environ)
        self.polkit = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--system", "--template", "polkitd"],
                                       env=bus_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        children.append(self.polkit)
        bus = dbus.bus.BusConnection(os.environ["DBUS_SYSTEM_BUS_ADDRESS"])
        wait_for(10, lambda: bus.name_has_owner("org.freedesktop.PolicyKit1"))
        self.authority = dbus.Interface(bus.get_object("org.freedesktop.PolicyKit1", "/org/freedesktop/PolicyKit1/Authority"),
                                        "org.freedesktop.DBus.Mock")
        # --stderr into a pipe: rtkit-daemon sets its own RLIMIT_FSIZE to 0, so a file would kill it.
        self.daemon = subprocess.Popen(["/usr/libexec/rtkit-daemon", "--stderr", "--no-canary"], env=bus_env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        children.append(self.daemon)
        self.lines = []
        threading.Thread(target=lambda: [self.lines.append(line.strip()) for line in self.daemon.stderr], daemon=True).start()
        self.running = wait_for(10, lambda: bus.name_has_owner("org.freedesktop.RealtimeKit1"))

    def allow(self, allowed):
        self.authority.SetAllowed(["org.freedesktop.RealtimeKit1.acquire-real-time"] if allowed else [])


def check_rtkit(rtkit):
    rtkit.allow(True)
    run = Run(3, wrapper=NO_SYS_NICE)
    wait_for(8, lambda: granted_thread(run, "mixer") and granted_thread(run, "update"))
    mixer = granted_thread(run, "mixer")
    table = threads(run.process.pid)
    limits = open(f"/proc/{run.process.pid}/limits").read()
    check("rtkit: the direct way is refused without CAP_SYS_NICE, RealtimeKit grants the mixer thread",
          any("mixer" in line and "granted by RealtimeKit" in line for line in run.logged("realtime.granted")), f"log: {run.lines}")
    check("rtkit: rtkit-daemon made exactly the mixer's thread id real-time",
          mixer is not None and any(f"thread {mixer} of process {run.process.pid}" in line for line in rtkit.lines),
          f"mixer {mixer}, rtkit: {rtkit.lines[-4:]}")
    check("rtkit: the mixer thread reads back SCHED_RR 4", mixer in table and table[mixer][1:] == (2, 4), f"{table.get(mixer)}")
    rttime = [line for line in limits.splitlines() if line.startswith("Max realtime timeout")]
    check("rtkit: the game's RLIMIT_RTTIME is rtkit's RTTimeUSecMax (200 ms)", rttime and rttime[0].split()[3:5] == ["200000", "200000"],
          f"{rttime}")
    check("rtkit: the game ends normally", run.finish() == 0)


def check_null_device(rtkit):
    # OpenAL Soft's null device plays to nothing: nothing is asked of RealtimeKit, though it would
    # grant it (and setting it directly is not allowed here), and nothing is logged.
    rtkit.allow(True)
    run = Run(2, {"ALSOFT_DRIVERS": "null"}, wrapper=NO_SYS_NICE)
    code = run.finish()
    check("null device: nothing asked of RealtimeKit, nothing granted or refused",
          not run.logged("realtime.granted") and not run.logged("realtime.refused"), f"{run.lines}")
    check("null device: the game ends normally", code == 0)


def check_refused(rtkit):
    rtkit.allow(False)
    run = Run(5, wrapper=NO_SYS_NICE)
    time.sleep(1.5)
    peaks = record_monitor(2.5)
    code = run.finish()
    refused = run.logged("realtime.refused")
    check("refused: exactly one realtime.refused line", len(refused) == 1, f"log: {run.lines}")
    check("refused: it says why each way failed", refused and "setting it directly" in refused[0] and "RealtimeKit" in refused[0],
          f"{refused}")
    check("refused: no thread is real-time", not run.logged("realtime.granted"), f"{run.lines}")
    check("refused: the soundtrack plays on (monitor heard in every tenth of a second)",
          len(peaks) >= 20 and min(peaks) > SILENT and max(peaks) >= HEARD,
          f"{len(peaks)} tenths, quietest {min(peaks, default=0):.4f}")
    check("refused: the game ends normally", code == 0)


def main():
    if os.geteuid() != 0:
        print("SKIPPED: the real-time priority checks run as root (the direct way, and rtkit-daemon's start)")
        sys.exit(0)
    started = time.monotonic()
    try:
        check_direct(server_output=True)
        check_direct(server_output=False)
        check_off()
        rtkit = RealtimeKit()
        check("rtkit-daemon runs on the private system bus", rtkit.running, f"{rtkit.lines}")
        if rtkit.running:
            check_rtkit(rtkit)
            check_null_device(rtkit)
            check_refused(rtkit)
    finally:
        for process in children:
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                process.wait()
    print(f"checked in {time.monotonic() - started:.1f} s")
    checks.finish()


main()
