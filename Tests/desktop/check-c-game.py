#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""The C game on the real desktop: what the issue's "done when" asks, checked on the sink's monitor.

Run inside Tests/desktop/with-server.sh (a private PulseAudio or PipeWire), with the game built from
the SDK (Tests/desktop/desktop_game.c):

    check-c-game.py GAME SOUNDTRACK [WRAPPER...]

WRAPPER (optional) runs the game, e.g. Tests/sdk/hide-toolchain.sh to hide the Swift toolchain.
Prints one line per check and ends with "N passed, N failed".
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # desktop_checks, from any working directory
from desktop_checks import (HEARD, RATE, SILENT, Checks, Game, game_command, mpv, record, run,  # noqa: E402
                            scratch_folder, seconds_until_heard, start, stop, wait_for, write_wav)

program = game_command(sys.argv)
scratch = scratch_folder("gamesound-desktop-")
checks = Checks(default_kind="unknown")
check = checks.check


def other_program(path, role=None):
    properties = [f"--property=media.role={role}"] if role else []
    return start(["paplay"] + properties + [path])


def quiet_desktop_and_a_call():
    """Also returns how long the game took to come up here (launch to gs_runtime_create's return)."""
    launched = time.monotonic()
    game = Game(program)
    try:
        started = game.started()
        startup = (game.up_at or time.monotonic()) - launched
        print(f"    the game takes {startup:.2f} s to start here")
        check("a quiet desktop: GS_SYSTEM_AUTO chose the desktop and the soundtrack started", started,
              f"status {game.status}, events {game.events}")
        check("a quiet desktop: soloAmbient, no other audio", game.status.get("category") == "soloAmbient"
              and game.status.get("other") == "0", f"status {game.status}")
        peak, count = record(1.0)
        check("a quiet desktop: the soundtrack is heard on the monitor", count > RATE // 2 and peak > HEARD,
              f"peak {peak:.4f} over {count} samples")

        result = game.command("action phone.ring")
        check("on the desktop a simulated call is refused (GS_ERR_REFUSED) and nothing changes",
              result == "-10" and wait_for(0.3, lambda: game.status.get("interrupted") == "0"), f"result {result}")
        result = game.command("action silentSwitch.on")
        silenced = result == "0" and wait_for(2, lambda: game.status.get("silenced") == "1")
        time.sleep(0.5)
        peak, _ = record(1.0)
        check("the silent switch, simulated on top of the desktop, silences the game on the monitor",
              silenced and peak < SILENT, f"result {result}, status {game.status}, peak {peak:.5f}")
        game.command("action silentSwitch.off")
        peak, _ = record(1.0)
        check("the silent switch off: heard again", peak > HEARD, f"peak {peak:.4f}")

        # A call whose own stream is silence, so the monitor carries only what the game plays.
        call = other_program(write_wav(os.path.join(scratch, "call.wav"), 440, 60, 0.0), role="phone")
        interrupted = wait_for(5, lambda: game.status.get("interrupted") == "1")
        check("a media.role=phone stream interrupts the game", interrupted, f"status {game.status}")
        time.sleep(1.0)  # what was queued before the call leaves the sink
        peak, count = record(1.0)
        check("during the call the monitor carries none of the game's sound (peak < 0.001)",
              count > RATE // 2 and peak < SILENT, f"peak {peak:.5f} over {count} samples")
        stop(call)
        heard = seconds_until_heard(1.0)
        check("within 1 s of the call's end the game is heard again", heard is not None, "not heard in 1 s")
        if heard is not None:
            print(f"    measured: heard {heard:.3f} s into a recording started as the call ended")
        check("the interruption ended", wait_for(2, lambda: game.status.get("interrupted") == "0"),
              f"status {game.status}")
    finally:
        check("the game exits cleanly", game.stop() == 0)
    return startup


def music_at_launch():
    music = mpv(write_wav(os.path.join(scratch, "music.wav"), 523.25, 5, 0.3))
    try:
        # mpv's stream appears a moment after it starts.
        playing = wait_for(10, lambda: "mpv" in run(["pactl", "list", "sink-inputs"])[1].lower())
        check("mpv plays music through the server", playing)
        game = Game(program)
        try:
            seen = wait_for(10, lambda: game.status.get("other") == "1" and game.status.get("hint") == "1")
            check("with mpv playing, the game sees other audio and the hint", seen, f"status {game.status}")
            check("with mpv playing, the game starts ambient", game.status.get("category") == "ambient"
                  and game.status.get("system") == "2", f"status {game.status}")
            time.sleep(1.5)
            check("with mpv playing, the game holds its soundtrack back", "soundtrackStarted" not in game.events,
                  f"events {game.events}")
        finally:
            check("the game exits cleanly", game.stop() == 0)
    finally:
        stop(music)


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


def stuck_server(startup):
    """A server that accepts connections and never answers: the game must not hang in gs_runtime_create.
    It waits 2 s for an answer; beside that, it may take what a start takes here (`startup`, measured
    earlier in the run) and 1 s more. The load can change between the two: in `make sdk-test`, where
    both servers' checks and the testbed's run side by side, one stuck start took 2.87 s against a
    quiet start of 0.16 s (alone, 2.03-2.04 s), so 0.5 s more was too little; a game that waited on
    the stuck server itself would take far longer (libpulse's own timeouts are tens of seconds)."""
    import signal
    pids = server_processes()
    check("the private server's process is found", bool(pids))
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        game = Game(program)
        up = wait_for(6, lambda: "system" in game.status and game.up_at is not None)
        took = (game.up_at or time.monotonic()) - started
        bound = 2.0 + startup + 1.0
        check(f"a stopped server: the game starts within {bound:.2f} s (2 s for the server's answer, a start here and "
              f"1 s), on the simulated system", up and took < bound and game.status.get("system") == "1",
              f"after {took:.2f} s, status {game.status}")
        code = game.stop()
        check("a stopped server: the game exits cleanly", code == 0, f"exit status {code}")
        check("a stopped server: one warning says why", any("desktop.server-timeout" in line for line in game.other_lines),
              f"lines {game.other_lines}")
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)


startup_seconds = quiet_desktop_and_a_call()
music_at_launch()
stuck_server(startup_seconds)
checks.finish()
