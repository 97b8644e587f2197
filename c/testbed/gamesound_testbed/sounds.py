# SPDX-License-Identifier: Zlib
"""Test sounds: the player's music, a call's ring, an alarm (standard library only)."""
import array
import math
import wave


def write_tone(path, hz, seconds, amplitude, rate=22050):
    """A mono 16-bit sine of `hz` at `amplitude` (0...1) for `seconds`, as WAV; returns `path`."""
    samples = array.array("h", (int(amplitude * 32767 * math.sin(2 * math.pi * hz * i / rate))
                                for i in range(int(rate * seconds))))
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())
    return path
