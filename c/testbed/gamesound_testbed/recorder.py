# SPDX-License-Identifier: Zlib
"""Records only the game's own streams.

The server's sink inputs are listed (pactl --format=json) on every change to one of them (pactl
subscribe), and once a second regardless; those whose application.process.id belongs to the game's
process group are the game's. Each is recorded on its own with `parec --monitor-stream=INDEX` (what
that one stream plays, not the sink's mix), and the samples are placed on one timeline at 48 kHz,
mono, by when they arrive: a stream that is paused, gone or not yet open leaves silence there. The
recorder also keeps, at each listing, how many streams the game had. After a server restart the
indexes start again; streams are told apart by the server's generation. A stream that moves to
another sink (the default output switched) is recorded anew there: PulseAudio leaves a recorder of a
moved stream attached to the old sink, where it hears nothing.
"""
import array
import os
import subprocess
import threading
import time

RATE = 48000
POLL_SECONDS = 0.1
# The latency each server's `parec --monitor-stream` is asked for. PipeWire: 20 ms (with its default
# a recorder gets its first data after 2 s). PulseAudio: 100 ms; with 20 ms its first data came after
# 1.2 s, and 0.8 s of audio in 2 s (measured on Debian 12's PulseAudio 16.1, a null sink).
STREAM_LATENCY_MSEC = {"pipewire": 20, "pulseaudio": 100}


def process_group(pid):
    """The process group of `pid`, or None if it has ended."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[2])
    except (OSError, IndexError, ValueError):
        return None


class Recorder:
    """Started at the game's launch; `t0` (time.monotonic()) is set when its first stream appears."""

    def __init__(self, folder, game_group, latency_msec):
        self.folder, self.group, self.latency = folder, game_group, latency_msec
        self.tracks = []
        self.lock = threading.Lock()
        self.t0 = None
        self.generation = 0
        self.streams = {}       # (generation, sink input, sink) -> parec process
        self.known_pids = {}    # application.process.id -> whether it is the game's
        self.presence = []      # (seconds since t0, (number of the game's streams, the names of their sinks))
        self.first_stream = threading.Event()
        self.changed = threading.Event()  # a sink input appeared, changed or went away
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)

    def start(self):
        self.thread.start()

    def server_restarted(self):
        """Called once the server is back: the indexes it hands out start again."""
        self.generation += 1

    def now(self):
        return time.monotonic() - self.t0 if self.t0 is not None else 0.0

    def _is_game(self, pid_text):
        if pid_text not in self.known_pids:
            try:
                self.known_pids[pid_text] = process_group(int(pid_text)) == self.group
            except ValueError:
                self.known_pids[pid_text] = False
        return self.known_pids[pid_text]

    def game_streams(self):
        """(index, sink) of each of the game's sink inputs now; None when the server does not answer."""
        inputs = self.folder.pactl_json("list", "sink-inputs")
        if inputs is None:
            return None
        return [(entry["index"], entry.get("sink")) for entry in inputs
                if self._is_game(str(entry.get("properties", {}).get("application.process.id", "")))]

    def sink_names(self, streams):
        """The names of the sinks the game's streams play on, in their order; "?" for one not listed."""
        if not streams:
            return ()
        names = {entry["index"]: entry.get("name", "?") for entry in self.folder.pactl_json("list", "sinks") or []}
        return tuple(names.get(sink, "?") for _, sink in streams)

    def _watch(self):
        """`pactl subscribe`, which prints a line for every change on the server: the sink inputs are
        listed again on a change to one of them (and once a second regardless), rather than polled."""
        process = subprocess.Popen(["pactl", "subscribe"], env=self.folder.env(), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)

        def read():
            for line in process.stdout:
                if "sink-input" in line or "'new' on sink" in line or "'remove' on sink" in line:
                    self.changed.set()
            process.wait()

        threading.Thread(target=read, daemon=True).start()
        return process

    def _poll(self):
        watcher = None
        while not self.stopping.is_set():
            if watcher is None or watcher.poll() is not None:
                watcher = self._watch()  # (again after a server restart: it ends with the server)
                self.changed.set()
            self.changed.clear()
            streams = self.game_streams()
            if streams is not None:
                self._drop_gone(streams)
            if streams:
                if self.t0 is None:
                    self.t0 = time.monotonic()
                    self.first_stream.set()
                for index, sink in streams:
                    key = (self.generation, index, sink)
                    process = self.streams.get(key)
                    if process is None or process.poll() is not None:
                        self.streams[key] = self._record(index)
            if self.t0 is not None:
                self.presence.append((self.now(), (len(streams or []), self.sink_names(streams or []))))
            # Until the server answers and the watcher runs, every 100 ms.
            self.changed.wait(1.0 if streams is not None and watcher.poll() is None else POLL_SECONDS)
        if watcher is not None and watcher.poll() is None:
            watcher.kill()
            watcher.wait()

    def _drop_gone(self, streams):
        """Stops the recorders of streams that are gone: PipeWire would otherwise link a recorder whose
        stream ended to another source (node.dont-reconnect asks it not to; this makes sure)."""
        for (generation, index, sink), process in self.streams.items():
            if (generation != self.generation or (index, sink) not in streams) and process.poll() is None:
                process.kill()

    def _record(self, index):
        process = subprocess.Popen(["parec", f"--monitor-stream={index}", f"--latency-msec={self.latency}",
                                    "--format=float32le", f"--rate={RATE}", "--channels=1", "--raw",
                                    "--property=node.dont-reconnect=true"],
                                   env=self.folder.env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        threading.Thread(target=self._read, args=(process,), daemon=True).start()
        return process

    def _read(self, process):
        track = array.array("f")  # this stream's samples on the timeline, silence where it had none
        with self.lock:
            self.tracks.append(track)
        position = None
        pending = b""
        while True:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            pending += chunk
            usable = len(pending) // 4 * 4
            block = array.array("f", pending[:usable])
            pending = pending[usable:]
            # A block ends when it arrives (the monitor delivers what the server has played): the
            # latest it can have been heard. Contiguous with this stream's last block unless that
            # leaves a gap or an overlap of more than 50 ms (the server delivers nothing while a
            # stream is paused or corked).
            start = int(self.now() * RATE) - len(block)
            if position is not None and abs(start - position) < RATE // 20:
                start = position
            start = max(start, 0)
            position = start + len(block)
            with self.lock:
                if len(track) < position:
                    track.extend(array.array("f", bytes(4 * (position - len(track)))))
                track[start:position] = block
        process.wait()

    def stop(self, seconds):
        """Stops recording; the game's streams mixed on one timeline exactly `seconds` long."""
        self.stopping.set()
        self.changed.set()
        self.thread.join()
        for process in self.streams.values():
            if process.poll() is None:
                process.kill()
            process.wait()
        wanted = int(seconds * RATE)
        with self.lock:
            tracks = [track for track in self.tracks if any(track)]
        if len(tracks) == 1:  # most often: one stream, or one at a time
            mix = tracks[0][:wanted]
            mix.extend(array.array("f", bytes(4 * (wanted - len(mix)))))
            return mix
        mix = array.array("f", bytes(4 * wanted))
        for track in tracks:
            for index in range(min(wanted, len(track))):
                mix[index] += track[index]
        return mix
