# SPDX-License-Identifier: Zlib
"""The game's window on the testbed's display, moved as a player moves it (docs/testbed.md).

A window manager (openbox) runs on the Xvfb display so that minimising is real: xdotool asks for it
the way a taskbar does (WM_CHANGE_STATE), the manager iconifies the window, and the game's toolkit
reports it (SDL: SDL_WINDOWEVENT_MINIMIZED and _HIDDEN). Focus goes to another window the testbed
opens (xmessage), as when the player switches to a browser.
"""
import os
import shutil
import subprocess
import time

from .desktop import DesktopError

TOOLS = {"openbox": "openbox", "xdotool": "xdotool", "xmessage": "x11-utils", "xprop": "x11-utils"}
OTHER_TITLE = "gamesound-testbed-other-window"


def missing_tools():
    """The Debian packages the window events need that are not installed."""
    return sorted({package for tool, package in TOOLS.items() if shutil.which(tool) is None})


class Windows:
    """The window manager, the game's window and the player's other window."""

    def __init__(self, env, logs):
        missing = missing_tools()
        if missing:
            raise DesktopError("the script moves the game's window, which needs "
                               f"{', '.join(missing)}: apt-get install --no-install-recommends {' '.join(missing)}")
        self.env, self.logs = env, logs
        self.game_window = None
        self.other = self.other_window = None
        # Beside five other private desktops on two cores (make check's sdk-test), openbox was seen to
        # end before it managed the display, twice in four runs: it is started up to three times, and
        # its log's end is in the message when it never makes it.
        log_path = os.path.join(logs, "openbox.log")
        for attempt in range(3):
            with open(log_path, "ab") as log:
                self.manager = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdin=subprocess.DEVNULL,
                                                stdout=log, stderr=log, start_new_session=True)
            deadline = time.monotonic() + 5
            while not self._managed() and self.manager.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            if self._managed():
                return
            if self.manager.poll() is None:
                self.manager.kill()
            self.manager.wait()
        with open(log_path, errors="replace") as log:
            tail = " | ".join(line.strip() for line in log.read().splitlines()[-4:] if line.strip())
        raise DesktopError(f"the window manager (openbox) did not start in three tries; its log ({log_path}) ends with: "
                           + (tail or "nothing"))

    def _xdotool(self, *arguments, timeout=5):
        """xdotool's exit status and the words it printed; status None when it took over `timeout` s."""
        try:
            result = subprocess.run(["xdotool", *arguments], env=self.env, capture_output=True, text=True,
                                    timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return None, []
        return result.returncode, result.stdout.split()

    def _managed(self):
        """Whether a window manager has claimed the display (_NET_SUPPORTING_WM_CHECK on the root)."""
        result = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=self.env, capture_output=True,
                                text=True, timeout=5, check=False)
        return result.returncode == 0 and "window id" in result.stdout

    def find_game(self, pids):
        """The game's first visible window, among the windows of `pids` (its process group)."""
        if self.game_window is None:
            for pid in pids:
                status, windows = self._xdotool("search", "--onlyvisible", "--pid", str(pid))
                if status == 0 and windows:
                    self.game_window = windows[0]
                    break
        return self.game_window

    def play(self, name, pids, now):
        """One window event. Returns (note, done): a note for the report when it could not be done
        (else None), and `now()` when xdotool saw it done (the window unmapped, or the window manager
        saying the window it activated is active), None when it was not."""
        window = self.find_game(pids)
        if window is None:
            return "the game has no visible window on the testbed's display: no effect", None
        if name == "window.minimize":
            status, _ = self._xdotool("windowminimize", "--sync", window)
        else:  # window.unfocus: the player's other window (open_other) takes the focus
            window = self.other_window if name == "window.unfocus" else window
            status, _ = self._xdotool("windowactivate", "--sync", window)
        done = now()
        if status is None:
            return "xdotool did not finish within 5 s: no effect", None
        if status != 0:
            return f"xdotool could not do it (status {status}): no effect", None
        if name != "window.minimize":
            # The window manager says it activated the window; the game's toolkit hears the X input
            # focus, which is checked too.
            status, focused = self._xdotool("getwindowfocus")
            if status == 0 and focused and focused[0] != window:
                return (f"the window manager made window {window} active but the X input focus is on "
                        f"window {focused[0]}: the game may not have heard it"), None
        return None, done

    def open_other(self):
        """Opens the player's other window, and waits until it is on the display, before the game
        starts: the game's window, mapped after it, then has the focus, and `window.unfocus` only has
        to give it the focus (starting a program, or finding a window, on a loaded machine takes up to
        seconds). Beside other private desktops on two cores xmessage was seen not to show its window
        within 10 s (in 2 of 24 runs): it is started up to three times, 5 s each, and its log's end is
        in the message when it never shows."""
        log_path = os.path.join(self.logs, "xmessage.log")
        for attempt in range(3):
            with open(log_path, "ab") as log:
                self.other = subprocess.Popen(["xmessage", "-title", OTHER_TITLE, "-geometry", "+400+300",
                                               "the player's other window"],
                                              env=self.env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                              start_new_session=True)
            # xmessage does not say its process id on its window (_NET_WM_PID): found by its title.
            status, windows = self._xdotool("search", "--sync", "--onlyvisible", "--name", OTHER_TITLE)
            if status == 0 and windows:
                self.other_window = windows[0]
                return
            ended = self.other.poll()
            self._close_other()
            with open(log_path, "ab") as log:
                log.write(f"gamesound-testbed: try {attempt + 1}: no window after 5 s; xmessage "
                          f"{'still ran' if ended is None else f'had ended with status {ended}'}\n".encode())
        with open(log_path, errors="replace") as log:
            tail = " | ".join(line.strip() for line in log.read().splitlines()[-4:] if line.strip())
        raise DesktopError(f"the player's other window (xmessage) did not show on the display in three tries; "
                           f"its log ({log_path}) ends with: {tail}")

    def _close_other(self):
        if self.other is not None and self.other.poll() is None:
            self.other.terminate()
            self.other.wait()
        self.other = None

    def close(self):
        self._close_other()
        if self.manager.poll() is None:
            self.manager.terminate()
            try:
                self.manager.wait(5)
            except subprocess.TimeoutExpired:
                self.manager.kill()
                self.manager.wait()
