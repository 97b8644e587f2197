# SPDX-License-Identifier: Zlib
"""Checks what sdl-shooter --autoplay wrote: a 48 kHz stereo 16-bit WAV that is audible before the
autoplay's phone call (1.5 s), exactly silent during it (to 2.5 s) and audible after it; and a
screenshot that is a real picture, not one flat colour.

Usage: check-shooter-output.py SHOOTER.wav SHOOTER.bmp
"""
import struct
import sys


def wav_peaks(path):
    data = open(path, "rb").read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", "not a WAV file"
    channels, rate = struct.unpack("<HI", data[22:28])
    bits = struct.unpack("<H", data[34:36])[0]
    assert (channels, rate, bits) == (2, 48000, 16), f"format {channels} ch, {rate} Hz, {bits} bit"
    size = struct.unpack("<I", data[40:44])[0]
    assert size == len(data) - 44, "the data chunk's size does not match the file"
    samples = struct.unpack(f"<{size // 2}h", data[44:])
    seconds = len(samples) // (2 * rate)

    def peak(start, end):
        return max((abs(s) for s in samples[int(start * rate) * 2:int(end * rate) * 2]), default=0)

    return seconds, peak


def main(wav, bmp):
    seconds, peak = wav_peaks(wav)
    assert seconds >= 5, f"only {seconds} s of audio"
    before, during, after = peak(0.2, 1.4), peak(1.55, 2.45), peak(2.6, 3.3)
    print(f"peaks: before the call {before}, during {during}, after {after}")
    assert before > 1000, "not audible before the call"
    assert during == 0, "not silent during the call"
    assert after > 1000, "not audible after the call"

    image = open(bmp, "rb").read()
    assert image[:2] == b"BM", "not a BMP file"
    offset = struct.unpack("<I", image[10:14])[0]
    width, height = struct.unpack("<ii", image[18:26])
    pixels = image[offset:]
    colours = {pixels[i:i + 3] for i in range(0, len(pixels) - 3, 3 * 7)}
    print(f"screenshot: {width}x{abs(height)}, {len(colours)} colours sampled")
    assert (width, abs(height)) == (640, 480), "unexpected size"
    assert len(colours) >= 5, "the screenshot is (nearly) blank"


if __name__ == "__main__":
    try:
        main(*sys.argv[1:3])
    except (AssertionError, OSError, struct.error) as problem:
        print(f"check-shooter-output: {problem}")
        sys.exit(1)
