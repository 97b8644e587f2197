#!/usr/bin/python3
# SPDX-License-Identifier: Zlib
"""An MPRIS player that misbehaves in one way, for the "never in the way" checks (real players do not
misbehave on demand). Usage: misbehaving_player.py KIND, KIND one of:
  silent   owns org.mpris.MediaPlayer2.silent and never answers anything (its main loop is asleep)
  liar     org.mpris.MediaPlayer2.liar; its PlaybackStatus is "Dancing", which MPRIS does not allow
  vanisher org.mpris.MediaPlayer2.vanisher; says it is Playing, and exits without answering Pause
  laggard  org.mpris.MediaPlayer2.laggard; plays and obeys, but its PropertiesChanged signals lag:
           on Pause it reports "Playing" before its answer and again 0.1 s after, and "Paused" only
           0.3 s after (what an mpv-mpris started a moment before can do)
  mute     org.mpris.MediaPlayer2.mute; plays and obeys but never reports a change by itself: its
           Pause is confirmed by no signal; only a Play reports "Playing" (the person pressing play)
  silent-logind  owns org.freedesktop.login1 on the system bus (DBUS_SYSTEM_BUS_ADDRESS) and never
           answers: a logind that hangs
A second argument is added to the silent player's name (silent2: org.mpris.MediaPlayer2.silent2).
Prints "ready" once its name is on its bus."""
import os
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PLAYER = "org.mpris.MediaPlayer2.Player"
kind = sys.argv[1]
suffix = sys.argv[2] if len(sys.argv) > 2 else ""
DBusGMainLoop(set_as_default=True)
if kind == "silent-logind":
    bus = dbus.SystemBus()
    name = dbus.service.BusName("org.freedesktop.login1", bus)
    print("ready", flush=True)
    time.sleep(3600)  # holds the name, never runs a main loop: every call to it goes unanswered
    sys.exit(0)
bus = dbus.SessionBus()


class Player(dbus.service.Object):
    status = "Playing"

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if name == "PlaybackStatus":
            return "Dancing" if kind == "liar" else self.status
        if name in ("CanControl", "CanPlay", "CanPause"):
            return True  # playerctl asks before it sends Play or Pause
        raise dbus.exceptions.DBusException("no such property", name="org.freedesktop.DBus.Error.InvalidArgs")

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return {name: self.Get(interface, name) for name in ("PlaybackStatus", "CanControl", "CanPlay", "CanPause")}

    @dbus.service.signal(dbus.PROPERTIES_IFACE, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def report(self, status):
        self.PropertiesChanged(PLAYER, {"PlaybackStatus": status}, [])
        return False  # once, as a GLib timeout

    @dbus.service.method(PLAYER)
    def Pause(self):
        if kind == "vanisher":
            os._exit(0)
        if kind == "mute":
            self.status = "Paused"
        if kind == "laggard":
            self.status = "Paused"
            self.report("Playing")
            GLib.timeout_add(100, self.report, "Playing")
            GLib.timeout_add(300, self.report, "Paused")

    @dbus.service.method(PLAYER)
    def Play(self):
        if kind in ("laggard", "mute"):
            self.status = "Playing"
            self.report("Playing")


player = Player(bus, "/org/mpris/MediaPlayer2")
name = dbus.service.BusName(f"org.mpris.MediaPlayer2.{kind}{suffix}", bus)
print("ready", flush=True)
if kind == "silent":
    # Holds its name but never runs its main loop: every call to it goes unanswered.
    time.sleep(3600)
GLib.MainLoop().run()
