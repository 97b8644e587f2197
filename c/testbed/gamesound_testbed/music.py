# SPDX-License-Identifier: Zlib
"""The player's music: an MPRIS player on the desktop's session bus that plays a tone as a
`music`-role stream, which the timeline's music.play, music.pause and music.stop press the buttons of,
and which a game can pause and resume as media keys would. Two players, with the same statuses:

- "builtin": the testbed's own (player.py, org.mpris.MediaPlayer2.testbed), so that no media player
  needs installing;
- "mpv": mpv with its MPRIS plugin (Debian's mpv and mpv-mpris, org.mpris.MediaPlayer2.mpv), a player
  players really run; driven through its JSON IPC socket, as a person at its keyboard would.

A script's "player" says which; "auto" (the default) is mpv where mpv and mpv-mpris are installed,
else the testbed's own. Each starts Stopped; play starts the tone from its beginning after a stop;
pause holds it (only while playing); stop ends it.
"""
import json
import os
import shutil
import socket
import subprocess
import threading

from .desktop import DesktopError, wait_until

HERE = os.path.dirname(os.path.abspath(__file__))
PLAYER_INTERFACE = "org.mpris.MediaPlayer2.Player"
# Where Debian's mpv-mpris puts the plugin (mpv loads /etc/mpv/scripts for every user; the testbed
# runs mpv without any configuration and names the plugin itself).
MPV_MPRIS_PLUGINS = ("/etc/mpv/scripts/mpris.so", "/usr/lib/mpv-mpris/mpris.so")


def mpv_plugin():
    """The mpv-mpris plugin's path, or None."""
    return next((path for path in MPV_MPRIS_PLUGINS if os.path.exists(path)), None)


def choose(wanted):
    """The player a script's "player" means here: ("mpv" or "builtin", why). Raises DesktopError
    when the script asks for mpv and it, or its MPRIS plugin, is missing."""
    have_mpv = shutil.which("mpv") is not None and mpv_plugin() is not None
    if wanted == "mpv" and not have_mpv:
        raise DesktopError("the script asks for mpv as the player and mpv or its MPRIS plugin is missing: "
                           "apt-get install mpv mpv-mpris")
    if wanted == "builtin":
        return "builtin", "the script asks for it"
    if wanted == "mpv":
        return "mpv", "the script asks for it"
    return ("mpv", "auto: mpv and mpv-mpris are installed") if have_mpv else \
        ("builtin", "auto: mpv with mpv-mpris is not installed")


class Player:
    """A started player: its bus name, what the reports call it, and its buttons."""
    kind = bus_name = description = None

    def __init__(self, folder):
        import dbus  # python3-dbus
        self.folder = folder
        self.process = None
        self.bus = dbus.bus.BusConnection(folder.session_bus)
        self._object = None

    def _connect(self, seconds, stopped=True):
        """Waits until the player's name is on the bus (and, if `stopped`, it says Stopped); DesktopError
        otherwise."""
        if not wait_until(seconds, lambda: self.bus.name_has_owner(self.bus_name) or self.process.poll() is not None) \
                or self.process.poll() is not None:
            raise DesktopError(f"{self.description} did not start (no {self.bus_name} on the session bus)")
        self._object = self.bus.get_object(self.bus_name, "/org/mpris/MediaPlayer2")
        if stopped and not wait_until(seconds, lambda: self.status() == "Stopped"):
            raise DesktopError(f"{self.description} started, but says {self.status()}, not Stopped")

    def status(self):
        """The PlaybackStatus it says over MPRIS; None when it does not answer."""
        try:
            return str(self._object.Get(PLAYER_INTERFACE, "PlaybackStatus",
                                        dbus_interface="org.freedesktop.DBus.Properties", timeout=1))
        except Exception:  # a player that does not answer has no status to report
            return None

    def press(self, button):
        """"play", "pause" or "stop", as the person at the player would."""
        raise NotImplementedError

    def close(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        if self.process is not None:
            self.process.wait()


class BuiltinPlayer(Player):
    kind, bus_name = "builtin", "org.mpris.MediaPlayer2.testbed"
    description = "the testbed's own player (org.mpris.MediaPlayer2.testbed)"

    def __init__(self, folder, music):
        super().__init__(folder)
        self.process = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "player.py"), music],
                                        env=folder.env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        if self.process.stdout.readline().strip() != "ready":
            self.close()
            raise DesktopError("the testbed's MPRIS player did not start (python3-dbus and python3-gi are needed)")
        self._connect(10)

    def press(self, button):
        self.process.stdin.write(button + "\n")
        self.process.stdin.flush()


class MpvPlayer(Player):
    kind, bus_name = "mpv", "org.mpris.MediaPlayer2.mpv"
    description = "mpv with mpv-mpris (org.mpris.MediaPlayer2.mpv)"

    def __init__(self, folder, music, scratch):
        super().__init__(folder)
        self.music = music
        self.socket_path = os.path.join(scratch, "mpv.socket")
        self.replies, self.next_id, self.lock = {}, 0, threading.Condition()
        # No configuration of the machine's or the user's (--no-config): the plugin named here, the
        # PulseAudio protocol on either server (as the testbed records), the tone a `music`-role stream.
        env = dict(folder.env(), HOME=folder.home, PULSE_PROP="media.role=music")
        with open(os.path.join(folder.logs, "mpv.log"), "ab") as log:
            self.process = subprocess.Popen(
                ["mpv", "--no-config", f"--script={mpv_plugin()}", "--idle=yes", "--no-video", "--audio-display=no",
                 "--no-terminal", "--ao=pulse", "--audio-client-name=testbed-player",
                 f"--input-ipc-server={self.socket_path}"],
                env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        try:
            # mpv makes its socket before it listens on it: until it does, a connection is refused.
            self.connection = None
            if not wait_until(10, lambda: self._try_connect() or self.process.poll() is not None) \
                    or self.connection is None:
                raise DesktopError(f"mpv did not start (its log: {os.path.join(folder.logs, 'mpv.log')})")
            threading.Thread(target=self._read, daemon=True).start()
            self._connect(10, stopped=False)
            # mpv-mpris 0.7 says Stopped when mpv goes idle, and may miss mpv's first going idle (at its
            # start, before the plugin listens): a track loaded paused, and stopped once the plugin has
            # told the pause, says it. On a busy machine it was seen to miss that going idle too (it
            # still said Paused 10 s later, in make check): the round is made again, three times at most.
            for attempt in range(3):
                self._command("set_property", "pause", True)
                self._command("loadfile", self.music, "replace")
                wait_until(5, lambda: not self._command("get_property", "idle-active") and self.status() == "Paused")
                self._command("stop")
                if wait_until(5, lambda: self.status() == "Stopped"):
                    break
            self._connect(5)
        except BaseException:
            self.close()
            raise

    def _try_connect(self):
        """Connects to mpv's control socket; False while it is not there or not listening yet."""
        connection = socket.socket(socket.AF_UNIX)
        try:
            connection.connect(self.socket_path)
        except (FileNotFoundError, ConnectionRefusedError):
            connection.close()
            return False
        self.connection = connection
        return True

    def _read(self):
        """mpv's replies, by request id (its events, which it sends too, are not needed)."""
        for line in self.connection.makefile("r", encoding="utf-8", errors="replace"):
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if "request_id" in message:
                with self.lock:
                    self.replies[message["request_id"]] = message
                    self.lock.notify_all()

    def _command(self, *command):
        with self.lock:
            self.next_id += 1
            ident = self.next_id
        self.connection.sendall((json.dumps({"command": list(command), "request_id": ident}) + "\n").encode())
        with self.lock:
            if not self.lock.wait_for(lambda: ident in self.replies, timeout=2):
                raise DesktopError(f"mpv did not answer {command[0]} within 2 s")
            reply = self.replies.pop(ident)
        if reply.get("error") != "success":
            raise DesktopError(f"mpv refused {' '.join(map(str, command))}: {reply.get('error')}")
        return reply.get("data")

    def press(self, button):
        # mpv-mpris 0.7 tells Playing or Paused on a change of mpv's "pause" (and Stopped when mpv goes
        # idle), not when a track starts: play pauses first and unpauses last, so that a start is told.
        if button == "play":
            self._command("set_property", "pause", True)
            if self._command("get_property", "idle-active"):
                self._command("loadfile", self.music, "replace")
            self._command("set_property", "pause", False)
        elif button == "pause":
            if not self._command("get_property", "idle-active"):
                self._command("set_property", "pause", True)
        elif button == "stop":
            self._command("stop")

    def close(self):
        super().close()
        connection = getattr(self, "connection", None)
        if connection is not None:
            connection.close()


def start(kind, folder, music, scratch):
    """The player `kind` ("mpv" or "builtin", as choose() says), started on the desktop of `folder`."""
    return MpvPlayer(folder, music, scratch) if kind == "mpv" else BuiltinPlayer(folder, music)
