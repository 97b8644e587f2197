# SPDX-License-Identifier: Zlib
"""The testbed's desktop portal: `org.freedesktop.portal.Desktop` on the desktop's session bus with
the one interface a game uses to see the screen lock from inside a sandbox, where logind is out of
reach: `org.freedesktop.portal.Inhibit`'s `CreateMonitor`, whose session then hears `StateChanged`
with `screensaver-active` (and `session-state`: 1 running). As xdg-desktop-portal does, the call
returns a request object at once and the request's `Response` signal (0, with `session_handle`)
follows; `QueryEndResponse` is taken and does nothing.

    /usr/bin/python3 portal.py

Reads "lock" and "unlock" lines on standard input (the screen saver starting and ending); prints
"ready" once its name is on the bus.
"""
import sys
import threading

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
INHIBIT = "org.freedesktop.portal.Inhibit"
REQUEST = "org.freedesktop.portal.Request"
RUNNING = 1


def sender_element(sender):
    """The caller's unique name as the portal puts it in object paths: ":1.42" -> "1_42"."""
    return sender.lstrip(":").replace(".", "_")


class Request(dbus.service.Object):
    @dbus.service.signal(REQUEST, signature="ua{sv}")
    def Response(self, response, results):
        pass

    @dbus.service.method(REQUEST)
    def Close(self):
        self.remove_from_connection()


class Portal(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.bus = bus
        self.sessions = []  # the monitors' session handles
        self.active = False
        self.requests = []

    @dbus.service.method(INHIBIT, in_signature="sa{sv}", out_signature="o", sender_keyword="sender")
    def CreateMonitor(self, window, options, sender=None):
        caller = sender_element(sender)
        token = str(options.get("handle_token", f"t{len(self.requests)}"))
        session_token = str(options.get("session_handle_token", f"s{len(self.sessions)}"))
        request_path = f"{PATH}/request/{caller}/{token}"
        session_path = f"{PATH}/session/{caller}/{session_token}"
        request = Request(self.bus, request_path)
        self.requests.append(request)
        self.sessions.append(session_path)

        def respond():
            request.Response(dbus.UInt32(0), dbus.Dictionary({"session_handle": dbus.String(session_path)}, "sv"))
            # The monitor says the present state at once, as xdg-desktop-portal's does.
            self._state(session_path)
            return False

        GLib.idle_add(respond)
        return dbus.ObjectPath(request_path)

    @dbus.service.method(INHIBIT, in_signature="o")
    def QueryEndResponse(self, session_handle):
        pass

    @dbus.service.signal(INHIBIT, signature="oa{sv}")
    def StateChanged(self, session_handle, state):
        pass

    def _state(self, session_path):
        self.StateChanged(dbus.ObjectPath(session_path),
                          dbus.Dictionary({"screensaver-active": dbus.Boolean(self.active),
                                           "session-state": dbus.UInt32(RUNNING)}, "sv"))

    def set_active(self, active):
        if active != self.active:
            self.active = active
            for session_path in self.sessions:
                self._state(session_path)


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    portal = Portal(bus)
    name = dbus.service.BusName(NAME, bus)  # noqa: F841 (held for the life of the process)
    loop = GLib.MainLoop()
    commands = {"lock": True, "unlock": False}

    def read_commands():
        for line in sys.stdin:
            if line.strip() in commands:
                GLib.idle_add(lambda active=commands[line.strip()]: portal.set_active(active) and False)
        GLib.idle_add(loop.quit)

    threading.Thread(target=read_commands, daemon=True).start()
    print("ready", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
