#!/usr/bin/python3
"""An MPRIS player that misbehaves in one way, for the "never in the way" checks (real players do not
misbehave on demand). Usage: misbehaving_player.py KIND, KIND one of:
  silent   owns org.mpris.MediaPlayer2.silent and never answers anything (its main loop is asleep)
  liar     org.mpris.MediaPlayer2.liar; its PlaybackStatus is "Dancing", which MPRIS does not allow
  vanisher org.mpris.MediaPlayer2.vanisher; says it is Playing, and exits without answering Pause
Prints "ready" once its name is on the session bus."""
import os
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PLAYER = "org.mpris.MediaPlayer2.Player"
kind = sys.argv[1]
DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()


class Player(dbus.service.Object):
    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if name == "PlaybackStatus":
            return "Dancing" if kind == "liar" else "Playing"
        raise dbus.exceptions.DBusException("no such property", name="org.freedesktop.DBus.Error.InvalidArgs")

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return {"PlaybackStatus": self.Get(interface, "PlaybackStatus")}

    @dbus.service.method(PLAYER)
    def Pause(self):
        if kind == "vanisher":
            os._exit(0)

    @dbus.service.method(PLAYER)
    def Play(self):
        pass


player = Player(bus, "/org/mpris/MediaPlayer2")
name = dbus.service.BusName(f"org.mpris.MediaPlayer2.{kind}", bus)
print("ready", flush=True)
if kind == "silent":
    # Holds its name but never runs its main loop: every call to it goes unanswered.
    time.sleep(3600)
GLib.MainLoop().run()
