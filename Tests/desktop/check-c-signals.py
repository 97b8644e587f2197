#!/usr/bin/python3
# SPDX-License-Identifier: Zlib
"""The C game and the desktop's signals (issue 28's "done when"), checked on the sink's monitor.

    check-c-signals.py GAME SOUNDTRACK [WRAPPER...]

Runs on the private desktop of Tests/desktop/with-server.sh (gamesound-testbed's: a sound server,
a session bus for mpv with mpv-mpris, playerctl and the misbehaving players, and a system bus given to
the game as DBUS_SYSTEM_BUS_ADDRESS, where the testbed's logind double, python3-dbusmock's logind
template, stands in for logind once the lock and sleep checks start it), with Debian's python3
(python3-dbus, python3-dbusmock).
Prints one line per check and ends with "N passed, N failed".
"""
import os
import signal
import subprocess
import sys
import time


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)  # desktop_checks, from any working directory
import desktop_checks  # noqa: E402
from desktop_checks import (HEARD, OTHERS_ENV, RATE, SILENT, Checks, Game, game_command, record, run,  # noqa: E402
                            scratch_folder, stop, wait_for, write_wav)

POLICY_EFFECTS_PLUS_SOUNDTRACK = "1"
POLICY_MEDIA_PLAYBACK = "3"

program = game_command(sys.argv)
scratch = scratch_folder("gamesound-signals-")
children = []
checks = Checks(default_kind="pulseaudio")
check = checks.check


def start(arguments, env, **options):
    """desktop_checks.start, the program kept to be stopped when the checks end."""
    process = desktop_checks.start(arguments, env, **options)
    children.append(process)
    return process


# The private desktop's code (c/testbed), for the logind double and the extra bus of slow_buses.
sys.path.insert(0, os.path.join(HERE, "..", "..", "c", "testbed"))
from gamesound_testbed.desktop import LogindDouble, start_bus  # noqa: E402


def private_bus(name):
    """One more dbus-daemon of our own (the desktop's own are the session and system buses); its address."""
    address = f"unix:path={scratch}/{name}.socket"
    children.append(start_bus(name, address, scratch, scratch))
    return address


# Every program here (mpv, playerctl, the game) sees only the desktop's private buses; others are not games.
base_env = dict(OTHERS_ENV)


def launch(policy=None, env=None):
    """The game (desktop_checks.Game), on the private buses unless `env` says otherwise."""
    return Game(program, policy, env or base_env)


def mpv(path):
    """mpv with mpv-mpris (Debian loads it for every mpv), idle after a stop, on the private session bus."""
    process = desktop_checks.mpv(path, "--idle=yes", env=base_env)
    children.append(process)
    return process


def player_status(player="mpv"):
    """What playerctl says a player's status is ("Playing", "Paused", "Stopped"; "" when there is none)."""
    return run(["playerctl", f"--player={player}", "status"], base_env)[1]


def mpv_status():
    return player_status("mpv")


def playerctl(command):
    run(["playerctl", "--player=mpv", command], base_env)


music_file = write_wav(os.path.join(scratch, "music.wav"), 523.25, 5, 0.3)


def music_paused_and_resumed():
    player = mpv(music_file)
    try:
        check("mpv plays and says so over MPRIS", wait_for(10, lambda: mpv_status() == "Playing"), mpv_status())
        game = launch(POLICY_EFFECTS_PLUS_SOUNDTRACK)
        paused = wait_for(10, lambda: mpv_status() == "Paused")
        paused_at = time.monotonic()
        check("GS_POLICY_EFFECTS_PLUS_SOUNDTRACK: the game's start pauses mpv", paused, mpv_status())
        check("... and the soundtrack starts, soloAmbient", game.started() and game.status.get("category") == "soloAmbient",
              f"status {game.status}")
        # Measured from when gs_runtime_create returned (the game's first status line).
        wait_for(10, lambda: game.up_at is not None)
        after = paused_at - (game.up_at or 0)
        check(f"mpv paused within a second of the game starting ({after:.2f} s after gs_runtime_create returned)",
              paused and after < 1.0, f"{after:.2f} s")
        check("with mpv paused by the game, no other audio is reported", wait_for(2, lambda: game.status.get("other") == "0"),
              f"status {game.status}")
        check("the game exits cleanly", game.stop() == 0)
        destroyed = time.monotonic()
        resumed = wait_for(3, lambda: mpv_status() == "Playing")
        check(f"mpv plays again within a second of gs_runtime_destroy ({time.monotonic() - destroyed:.2f} s)",
              resumed and time.monotonic() - destroyed < 1.0, mpv_status())
        peak, count = record(1.0, base_env)
        check("... heard on the monitor (only mpv plays now)", peak > HEARD, f"peak {peak:.4f} over {count} samples")

        game = launch(POLICY_EFFECTS_PLUS_SOUNDTRACK)
        check("a second game pauses mpv again", wait_for(10, lambda: mpv_status() == "Paused"), mpv_status())
        game.started()
        playerctl("stop")
        check("the person stops mpv while the game runs", wait_for(3, lambda: mpv_status() == "Stopped"), mpv_status())
        check("the game exits cleanly", game.stop() == 0)
        time.sleep(1.5)
        check("a player the person stopped stays stopped after gs_runtime_destroy", mpv_status() == "Stopped", mpv_status())
        peak, _ = record(1.0, base_env)
        check("... and silent on the monitor", peak < SILENT, f"peak {peak:.5f}")
    finally:
        stop(player)


def start_logind():
    """The testbed's logind double (python3-dbusmock's logind template, GetSessionByPID answering one
    session) on the desktop's system bus."""
    logind = LogindDouble.start(base_env, os.path.join(scratch, "logind.log"))
    children.append(logind.process)
    return logind


def silenced_and_back(game, what, lock, unlock):
    lock()
    silenced = wait_for(3, lambda: game.status.get("silenced") == "1")
    time.sleep(0.5)  # what was queued before the lock leaves the sink
    peak, count = record(1.0, base_env)
    check(f"{what}: the soloAmbient game is silenced, monitor peak < 0.001", silenced and count > RATE // 2 and peak < SILENT,
          f"status {game.status}, peak {peak:.5f}")
    unlock()
    unlocked = time.monotonic()
    peak, _ = record(1.0, base_env)
    check(f"{what} undone: heard within 1 s", peak > HEARD, f"peak {peak:.4f} from {time.monotonic() - unlocked - 1:.2f} s after")


def lock_and_sleep():
    logind = start_logind()
    game = launch()
    try:
        check("logind: the game starts soloAmbient on the desktop", game.started()
              and game.status.get("category") == "soloAmbient", f"status {game.status}")
        silenced_and_back(game, "LockedHint true", lambda: logind.set_locked_hint(True), lambda: logind.set_locked_hint(False))
        check("the lock's events are the simulated lock's: outputSilenced then outputUnsilenced",
              "outputSilenced" in game.events and "outputUnsilenced" in game.events, f"events {game.events}")
        session = logind.session
        silenced_and_back(game, "the Lock signal", session.Lock, session.Unlock)

        logind.prepare_for_sleep(True)
        interrupted = wait_for(3, lambda: game.status.get("interrupted") == "1")
        time.sleep(0.5)
        peak, _ = record(1.0, base_env)
        check("PrepareForSleep(true): the game is interrupted and silent", interrupted and peak < SILENT
              and "interruptionBegan" in game.events, f"status {game.status}, peak {peak:.5f}")
        reopened_before = game.events.count("contextRebuilt")
        logind.prepare_for_sleep(False)
        woke = time.monotonic()
        peak, _ = record(1.5, base_env)
        check(f"PrepareForSleep(false): heard again within 1.5 s", peak > HEARD,
              f"peak {peak:.4f} from {time.monotonic() - woke - 1.5:.2f} s after")
        check("... the interruption ended and the device was opened again",
              "interruptionEnded" in game.events and game.status.get("interrupted") == "0"
              and game.events.count("contextRebuilt") > reopened_before, f"events {game.events[-12:]}")
        check("the game exits cleanly", game.stop() == 0)

        game = launch()
        check("the system bus goes away: the game plays on", game.started(), f"status {game.status}")
        os.kill(int(os.environ["GAMESOUND_SYSTEM_BUS_PID"]), signal.SIGKILL)
        check("... and says so once (logind.bus-lost)", wait_for(3, lambda: game.logs.count("logind.bus-lost") == 1)
              and game.logs.count("logind.bus-lost") == 1, f"logs {game.logs}")
        peak, _ = record(1.0, base_env)
        check("... heard, not interrupted, not silenced", peak > HEARD and game.status.get("interrupted") == "0"
              and game.status.get("silenced") == "0", f"peak {peak:.4f}, status {game.status}")
        check("the game exits cleanly", game.stop() == 0)
    finally:
        game.stop()
        logind.stop()


def no_buses():
    env = dict(base_env, DBUS_SESSION_BUS_ADDRESS=f"unix:path={scratch}/none", DBUS_SYSTEM_BUS_ADDRESS=f"unix:path={scratch}/none")
    game = launch(POLICY_EFFECTS_PLUS_SOUNDTRACK, env=env)
    try:
        check("no session bus, no system bus: the game plays on the desktop", game.started(), f"status {game.status}")
        check("... one line each: mpris.no-bus, logind.no-bus", game.logs.count("mpris.no-bus") == 1
              and game.logs.count("logind.no-bus") == 1, f"logs {game.logs}")
        peak, _ = record(1.0, base_env)
        check("... heard", peak > HEARD, f"peak {peak:.4f}")
    finally:
        check("the game exits cleanly", game.stop() == 0)


def misbehaving_players():
    player = mpv(music_file)
    bad = {}
    try:
        for name in ("silent", "liar", "vanisher"):
            bad[name] = start(["/usr/bin/python3", os.path.join(HERE, "misbehaving_player.py"), name], base_env,
                              stdout=subprocess.PIPE, stderr=None, text=True)
            bad[name].stdout.readline()
        wait_for(10, lambda: mpv_status() == "Playing")
        launched = time.monotonic()
        game = launch(POLICY_EFFECTS_PLUS_SOUNDTRACK)
        try:
            check("with a player that never answers, one that lies and one that vanishes: the game starts",
                  game.started(), f"status {game.status}")
            check(f"... within a bound ({game.up_at - launched:.2f} s from launch to gs_runtime_create's return)",
                  game.up_at - launched < 2.0 + startup_seconds)  # the watchers wait side by side, each at most 2 s
            check("... mpv is still paused by the game", wait_for(3, lambda: mpv_status() == "Paused"), mpv_status())
            check("... one log line each: mpris.player-unanswered, mpris.player-invalid, mpris.player-gone",
                  wait_for(3, lambda: all(game.logs.count(code) == 1 for code in
                                         ("mpris.player-unanswered", "mpris.player-invalid", "mpris.player-gone"))),
                  f"logs {game.logs}")
            peak, _ = record(1.0, base_env)
            check("... the soundtrack is heard and no other audio is reported", peak > HEARD
                  and game.status.get("other") == "0", f"peak {peak:.4f}, status {game.status}")
        finally:
            check("the game exits cleanly", game.stop() == 0)
        check("mpv plays again after the game", wait_for(2, lambda: mpv_status() == "Playing"), mpv_status())
    finally:
        for process in bad.values():
            stop(process)
        stop(player)


def lagging_player():
    """A player whose signals lag behind what it does: a stale "Playing" around the game's Pause is not
    the person pressing play, so the game still resumes it when it exits."""
    laggard = start(["/usr/bin/python3", os.path.join(HERE, "misbehaving_player.py"), "laggard"], base_env,
                    stdout=subprocess.PIPE, stderr=None, text=True)
    laggard.stdout.readline()

    def status():
        return player_status("laggard")

    try:
        game = launch(POLICY_EFFECTS_PLUS_SOUNDTRACK)
        try:
            check("a player whose signals lag: the game's start pauses it", wait_for(10, lambda: status() == "Paused"),
                  status())
            game.started()
            time.sleep(0.6)  # its stale "Playing" reports and its late "Paused" have all arrived
            check("... its stale Playing reports are taken as stale (mpris.stale-status) and not as other audio",
                  game.status.get("other") == "0" and "mpris.stale-status" in game.logs,
                  f"status {game.status}, logs {game.logs}")
        finally:
            check("the game exits cleanly", game.stop() == 0)
        check("... and it plays again after the game: the stale reports were not the person's",
              wait_for(2, lambda: status() == "Playing"), status())
    finally:
        stop(laggard)


def mute_player():
    """A player that never confirms the game's pause with a signal: a report of its own long after the
    pause (the person pressing play) is believed, not taken as stale for ever."""
    mute = start(["/usr/bin/python3", os.path.join(HERE, "misbehaving_player.py"), "mute"], base_env,
                 stdout=subprocess.PIPE, stderr=None, text=True)
    mute.stdout.readline()
    try:
        game = launch(POLICY_EFFECTS_PLUS_SOUNDTRACK)
        try:
            game.started()
            paused = wait_for(5, lambda: run(["playerctl", "--player=mute", "status"], base_env)[1] == "Paused")
            check("a player that never reports by itself: the game's start pauses it", paused)
            time.sleep(1.5)  # past the window in which an unconfirmed player's reports are taken as stale
            run(["playerctl", "--player=mute", "play"], base_env)
            check("... the person's play, long after, is believed: other audio plays",
                  wait_for(2, lambda: game.status.get("other") == "1"),
                  f"status {game.status}, the player says {run(['playerctl', '--player=mute', 'status'], base_env)[1]}, "
                  f"logs {game.logs}")
        finally:
            check("the game exits cleanly", game.stop() == 0)
    finally:
        stop(mute)


def slow_buses():
    """Three players that never answer on the session bus and a logind that never answers on the system
    bus: the game waits for both at once, so it starts in about the longer of the two waits, not their
    sum (measured on 2 cores: 1.55 s side by side; 2.57 s and 2.60 s one after the other, before)."""
    slow_system = private_bus("slow-system")
    env = dict(base_env, DBUS_SYSTEM_BUS_ADDRESS=slow_system)
    hung = [start(["/usr/bin/python3", os.path.join(HERE, "misbehaving_player.py"), "silent-logind"], env,
                  stdout=subprocess.PIPE, stderr=None, text=True)]
    hung += [start(["/usr/bin/python3", os.path.join(HERE, "misbehaving_player.py"), "silent", str(index)], base_env,
                   stdout=subprocess.PIPE, stderr=None, text=True) for index in range(3)]
    for process in hung:
        process.stdout.readline()
    try:
        launched = time.monotonic()
        game = launch(POLICY_EFFECTS_PLUS_SOUNDTRACK, env=env)
        try:
            check("a hung logind and three hung players: the game starts", game.started(), f"status {game.status}")
            took = game.up_at - launched
            check(f"... in the longer of the two waits, not their sum ({took:.2f} s from launch to gs_runtime_create's "
                  f"return; {startup_seconds:.2f} s with no bus)", took < 2.1 + startup_seconds, f"{took:.2f} s")
            check("... and says logind is off (logind.no-bus)", wait_for(2, lambda: "logind.no-bus" in game.logs),
                  f"logs {game.logs}")
        finally:
            check("the game exits cleanly", game.stop() == 0)
    finally:
        for process in hung:
            stop(process)


def game_player(*arguments):
    """playerctl on the game's own MPRIS player (org.mpris.MediaPlayer2.gamesound.instance<pid>)."""
    status, output = run(["playerctl", "--player=gamesound", *arguments], base_env)
    return output if status == 0 else None


def players():
    return run(["playerctl", "--list-all"], base_env)[1].split()


def pactl(*arguments):
    return run(["pactl", *arguments], base_env)[1]


def headset_unplugged(game):
    """A sink "headset" plugged in and made the default, then unplugged (its module unloaded), as
    PulseSystemTests does; returns whether the game heard both route changes."""
    changes, rebuilt = game.events.count("routeChanged"), game.events.count("contextRebuilt")
    module = pactl("load-module", "module-null-sink", "sink_name=headset")
    pactl("set-default-sink", "headset")
    # Unplugged once the game plays on it: the output reopened on the new device.
    plugged = wait_for(5, lambda: game.events.count("routeChanged") > changes
                       and game.events.count("contextRebuilt") > rebuilt)
    time.sleep(0.3)
    pactl("unload-module", module)
    return plugged and wait_for(5, lambda: game.events.count("routeChanged") > changes + 1)


def now_playing():
    """Issue 28, item 6: the game as an MPRIS player, driven by playerctl as media keys would."""
    game = launch(POLICY_MEDIA_PLAYBACK)
    try:
        check("Now Playing: a GS_POLICY_MEDIA_PLAYBACK game starts, and is no MPRIS player before it opts in",
              game.started() and not any(name.startswith("gamesound") for name in players()),
              f"status {game.status}, players {players()}")
        check("without it, its headset unplugged is a route change only: not interrupted, and the media policy "
              "pauses the soundtrack", headset_unplugged(game) and "interruptionBegan" not in game.events
              and wait_for(2, lambda: "soundtrackPaused" in game.events) and game.status.get("interrupted") == "0"
              and game.status.get("active") == "1", f"events {game.event_details[-8:]}, status {game.status}")
        check("gs_now_playing_set returns GS_OK", game.command("nowplaying Night Drive") == "0")
        name = f"gamesound.instance{game.process.pid}"
        check(f"... the game appears to playerctl as {name}", wait_for(3, lambda: name in players()), f"players {players()}")
        check("playerctl metadata title shows the soundtrack's title",
              wait_for(3, lambda: game_player("metadata", "title") == "Night Drive"), game_player("metadata", "title"))
        check("... and its status is Paused, as the unplug left the soundtrack",
              wait_for(3, lambda: game_player("status") == "Paused"), game_player("status"))
        game_player("play")
        check("playerctl play: the player says Playing", wait_for(3, lambda: game_player("status") == "Playing"),
              game_player("status"))
        time.sleep(0.5)
        check("the game's own player is not other audio (no hint, not paused by the game itself)",
              game.status.get("other") == "0" and game.status.get("hint") == "0"
              and game_player("status") == "Playing", f"status {game.status}")
        peak, _ = record(1.0, base_env)
        check("... the soundtrack is heard", peak > HEARD, f"peak {peak:.4f}")

        # The unplug above paused the soundtrack once already: this pause is the next soundtrackPaused.
        paused_before = game.events.count("soundtrackPaused")
        game_player("pause")
        asked = time.monotonic()
        paused = wait_for(3, lambda: game.events.count("soundtrackPaused") > paused_before)
        check(f"playerctl pause pauses the soundtrack ({time.monotonic() - asked:.2f} s)", paused,
              f"events {game.events[-8:]}")
        check("... logged as the event remoteCommand {\"command\":\"pause\"}",
              wait_for(3, lambda: ("remoteCommand", '{"command":"pause"}') in game.event_details),
              f"{game.event_details[-6:]}")
        check("... and the player says Paused", wait_for(3, lambda: game_player("status") == "Paused"), game_player("status"))
        time.sleep(0.5)  # what was queued before the pause leaves the sink
        peak, count = record(1.0, base_env)
        check(f"... the monitor is silent (peak {peak:.5f} < 0.001)", count > RATE // 2 and peak < SILENT, f"peak {peak:.5f}")

        game_player("play")
        asked = time.monotonic()
        peak, _ = record(1.0, base_env)
        check(f"playerctl play: the soundtrack is heard again within 1 s (peak {peak:.4f})", peak > HEARD,
              f"peak {peak:.4f} from {time.monotonic() - asked - 1:.2f} s after")
        check("... and the player says Playing", wait_for(3, lambda: game_player("status") == "Playing"), game_player("status"))

        game_player("play-pause")
        check("playerctl play-pause pauses (togglePlayPause)", wait_for(3, lambda: game_player("status") == "Paused")
              and wait_for(3, lambda: ("remoteCommand", '{"command":"togglePlayPause"}') in game.event_details), f"{game.event_details[-6:]}")
        game_player("play-pause")
        check("... and plays again", wait_for(3, lambda: game_player("status") == "Playing"), game_player("status"))

        game_player("next")
        check("playerctl next reaches the game: the event remoteCommand {\"command\":\"nextTrack\"}",
              wait_for(3, lambda: ("remoteCommand", '{"command":"nextTrack"}') in game.event_details),
              f"{game.event_details[-6:]}")
        peak, _ = record(1.0, base_env)
        check("... which the game did not act on here: the soundtrack plays on", peak > HEARD, f"peak {peak:.4f}")

        check("the Now Playing game's headset unplugged interrupts it: interruptionBegan {\"reason\":\"routeDisconnected\"}",
              headset_unplugged(game) and wait_for(3, lambda: any(
                  name == "interruptionBegan" and '"routeDisconnected"' in details for name, details in game.event_details))
              and wait_for(2, lambda: game.status.get("interrupted") == "1"), f"events {game.event_details[-8:]}, status {game.status}")
        time.sleep(0.5)
        peak, count = record(1.0, base_env)
        check(f"... silent (peak {peak:.5f} < 0.001), and the player says Paused", count > RATE // 2 and peak < SILENT
              and wait_for(3, lambda: game_player("status") == "Paused"), f"peak {peak:.5f}, status {game_player('status')}")
        game_player("play")
        asked = time.monotonic()
        peak, _ = record(1.0, base_env)
        check(f"... playerctl play recovers it, as a press of play must: heard within 1 s (peak {peak:.4f})", peak > HEARD
              and game.status.get("interrupted") == "0", f"peak {peak:.4f}, status {game.status}")
        check("gs_now_playing_set(NULL) withdraws the player",
              game.command("nowplaying") == "0" and wait_for(3, lambda: name not in players()), f"players {players()}")
    finally:
        check("the game exits cleanly", game.stop() == 0)


def measure_startup():
    """How long the game takes to come up here, so that "within a second of starting" is measured from then."""
    launched = time.monotonic()
    game = launch(env=dict(base_env, DBUS_SYSTEM_BUS_ADDRESS=f"unix:path={scratch}/none"))
    wait_for(10, lambda: game.up_at is not None)
    seconds = (game.up_at or time.monotonic()) - launched
    game.stop()
    print(f"    the game takes {seconds:.2f} s to start here")
    return seconds


try:
    startup_seconds = measure_startup()
    music_paused_and_resumed()
    lagging_player()
    mute_player()
    no_buses()
    misbehaving_players()
    slow_buses()
    now_playing()
    lock_and_sleep()
finally:
    for child in children:
        stop(child)
checks.finish()
