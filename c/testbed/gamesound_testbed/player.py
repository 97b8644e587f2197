# SPDX-License-Identifier: Zlib
"""The testbed's own music player: an MPRIS player (org.mpris.MediaPlayer2.testbed) on the desktop's
session bus that plays a tone through the sound server as a `music`-role stream (paplay), so that
no media player needs installing. A game sees what it would see of any player: a stream of other
audio and an MPRIS player whose PlaybackStatus changes; it can Pause, Play and Stop it as media keys
would, and playerctl answers for it.

    /usr/bin/python3 player.py TONE.wav

Reads "play", "pause" and "stop" lines on standard input (the person pressing the buttons, as
MPRIS's Play, Pause and Stop: a pause holds only what plays); prints "ready" once its name is on the
bus. gamesound_testbed.music starts it, or mpv in its place.
"""
import subprocess
import sys
import threading

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
NAME = "org.mpris.MediaPlayer2.testbed"


class Player(dbus.service.Object):
    def __init__(self, bus, tone):
        super().__init__(bus, "/org/mpris/MediaPlayer2")
        self.tone = tone
        self.status = "Stopped"
        self.stream = None

    def _properties(self):
        return {
            ROOT: {"Identity": "gamesound-testbed player", "CanQuit": False, "CanRaise": False,
                   "HasTrackList": False, "SupportedUriSchemes": dbus.Array([], "s"),
                   "SupportedMimeTypes": dbus.Array([], "s")},
            PLAYER: {"PlaybackStatus": self.status, "CanControl": True, "CanPlay": True, "CanPause": True,
                     "CanGoNext": False, "CanGoPrevious": False, "CanSeek": False,
                     "Metadata": dbus.Dictionary({"mpris:trackid": dbus.ObjectPath("/org/gamesound/testbed/tone"),
                                                  "xesam:title": "testbed tone"}, "sv")},
        }

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        try:
            return self._properties()[interface][name]
        except KeyError:
            raise dbus.exceptions.DBusException(f"no property {interface}.{name}",
                                                name="org.freedesktop.DBus.Error.InvalidArgs")

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self._properties().get(interface, {})

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ssv")
    def Set(self, interface, name, value):
        pass

    @dbus.service.signal(dbus.PROPERTIES_IFACE, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def _become(self, status):
        if status == "Playing" and (self.stream is None or self.stream.poll() is not None):
            self.stream = subprocess.Popen(["paplay", "--property=media.role=music", "--client-name=testbed-player",
                                            self.tone], stdin=subprocess.DEVNULL)
        elif status != "Playing" and self.stream is not None:
            self.stream.kill()
            self.stream.wait()
            self.stream = None
        if status != self.status:
            self.status = status
            self.PropertiesChanged(PLAYER, {"PlaybackStatus": status}, [])

    @dbus.service.method(PLAYER)
    def Play(self):
        self._become("Playing")

    @dbus.service.method(PLAYER)
    def Pause(self):
        self._become("Paused" if self.status == "Playing" else self.status)

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        self._become("Paused" if self.status == "Playing" else "Playing")

    @dbus.service.method(PLAYER)
    def Stop(self):
        self._become("Stopped")

    @dbus.service.method(PLAYER)
    def Next(self):
        pass

    @dbus.service.method(PLAYER)
    def Previous(self):
        pass

    @dbus.service.method(ROOT)
    def Raise(self):
        pass

    @dbus.service.method(ROOT)
    def Quit(self):
        pass


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    player = Player(bus, sys.argv[1])
    name = dbus.service.BusName(NAME, bus)  # noqa: F841 (held for the life of the process)
    loop = GLib.MainLoop()
    buttons = {"play": player.Play, "pause": player.Pause, "stop": player.Stop}

    def read_commands():
        for line in sys.stdin:
            button = buttons.get(line.strip())
            if button:
                GLib.idle_add(lambda button=button: button() and False)
        GLib.idle_add(loop.quit)

    threading.Thread(target=read_commands, daemon=True).start()
    print("ready", flush=True)
    try:
        loop.run()
    finally:
        if player.stream is not None:
            player.stream.kill()


if __name__ == "__main__":
    main()
