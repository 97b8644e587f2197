#!/usr/bin/python3
# SPDX-License-Identifier: Zlib
"""Twenty runs of gamesound-testbed in a row leave no process, socket or runtime folder behind
(issue 38's "done when"; `make testbed-twenty`, by hand).

    twenty-runs.py TESTBED GAME [ARGS...]

Alternates PipeWire and PulseAudio; each run is a short script under Xvfb with the player's music
(mpv where installed: "player" is "auto"), a call, a lock and a server restart. After each run: the desktop's folder (named in report.txt) is gone, no process names
it in its environment or command line, no new X display socket or lock is left in /tmp, and no
process of the game's command is left. Prints one line per run and a summary.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

TESTBED, GAME = os.path.abspath(sys.argv[1]), sys.argv[2:]
RUNS = 20
work = tempfile.mkdtemp(prefix="gamesound-twenty-")
script = os.path.join(work, "script.json")
with open(script, "w") as out:
    json.dump({"testbed": 1, "name": "twenty runs", "duration": 5, "display": True, "player": "auto",
               "timeline": [{"at": 0.5, "event": "music.play"}, {"at": 1, "event": "call.ring"},
                            {"at": 2, "event": "call.end"}, {"at": 2.3, "event": "screen.lock"},
                            {"at": 2.6, "event": "screen.unlock"},
                            {"at": 3, "event": "server.restart", "down_for": 0.2}],
               "expect": [{"expect": "stream", "at": 0.5, "present": True}]}, out)


def naming(text):
    """The processes whose environment or command line holds `text`."""
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ, open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                if text.encode() in environ.read() or text.encode() in cmdline.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


def x_files():
    return set(glob.glob("/tmp/.X11-unix/X*")) | set(glob.glob("/tmp/.X*-lock"))


def game_processes():
    return [pid for pid in naming(os.path.basename(GAME[0])) if pid != os.getpid()]


# "auto" must have chosen mpv where mpv and its MPRIS plugin are installed (the runs are about its processes too).
sys.path.insert(0, os.path.dirname(TESTBED))
from gamesound_testbed import music  # noqa: E402  (beside the command, as the SDK ships it)
PLAYER = music.choose("auto")[0]
x_before, game_before = x_files(), set(game_processes())
problems = 0
for run in range(1, RUNS + 1):
    server = "pipewire" if run % 2 else "pulseaudio"
    out = os.path.join(work, f"run-{run}")
    junit = os.path.join(work, f"run-{run}.xml")
    result = subprocess.run([TESTBED, "run", "--server", server, "--out", out, "--junit", junit, script, "--", *GAME],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    status = result.returncode
    player = next((prop.get("value") for prop in ElementTree.parse(junit).iter("property")
                   if prop.get("name") == "player"), "none") if os.path.exists(junit) else "none"
    if status != 0:
        print(result.stdout, end="")
    with open(os.path.join(out, "report.txt")) as report:
        folder = next(line.split(": ", 1)[1] for line in report.read().splitlines()
                      if line.startswith("  the private desktop: "))
    left = {"folder": os.path.exists(folder), "processes": naming(folder),
            "X files": sorted(x_files() - x_before), "game": sorted(set(game_processes()) - game_before),
            "player": [] if player == PLAYER else [player]}
    bad = {key: value for key, value in left.items() if value}
    problems += bool(bad) or status != 0
    print(f"run {run:2} on {server:10} ({player}) exit {status}: " + (f"LEFT {bad}" if bad else f"nothing left ({folder} gone)"),
          flush=True)
subprocess.run(["rm", "-rf", work])
print(f"{RUNS - problems} of {RUNS} runs passed and left nothing behind")
sys.exit(1 if problems else 0)
