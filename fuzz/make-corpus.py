#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus into fuzz/corpus/{wav,vorbis,scenario}.

WAV seeds cover every encoding the decoder reads (8/16/24/32-bit PCM, 32-bit float, the
extensible header, odd chunks); Vorbis seeds are short tones encoded with oggenc when it is
installed; scenario seeds are the demo's scenarios plus a few edge cases. Deterministic.
"""
import math, os, shutil, struct, subprocess, sys

ROOT = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(ROOT, "corpus")


def tone(frames, channels, rate=8000, freq=440.0):
    return [math.sin(2 * math.pi * freq * (i // channels) / rate) * 0.5 for i in range(frames * channels)]


def wav(samples, channels, bits, rate=8000, fmt=1, extensible=False, extra_chunk=False):
    if fmt == 3:
        data = b"".join(struct.pack("<f", s) for s in samples)
    elif bits == 8:
        data = bytes(int(128 + s * 127) for s in samples)
    elif bits == 16:
        data = b"".join(struct.pack("<h", int(s * 32767)) for s in samples)
    elif bits == 24:
        data = b"".join(struct.pack("<i", int(s * 8388607))[:3] for s in samples)
    else:
        data = b"".join(struct.pack("<i", int(s * 2147483647)) for s in samples)
    block = channels * bits // 8
    if extensible:
        sub = struct.pack("<HI", fmt, 0x00100000) + bytes([0x00, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        body = struct.pack("<HHIIHHHHI", 0xFFFE, channels, rate, rate * block, block, bits, 22, bits, (1 << channels) - 1) + sub
    else:
        body = struct.pack("<HHIIHH", fmt, channels, rate, rate * block, block, bits)
    chunks = b"fmt " + struct.pack("<I", len(body)) + body
    if extra_chunk:
        chunks += b"LIST" + struct.pack("<I", 5) + b"INFO!" + b"\x00"
    chunks += b"data" + struct.pack("<I", len(data)) + data + (b"\x00" if len(data) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WAVE" + chunks


def main():
    for kind in ("wav", "vorbis", "scenario"):
        shutil.rmtree(os.path.join(CORPUS, kind), ignore_errors=True)
        os.makedirs(os.path.join(CORPUS, kind))
    seeds = {
        "pcm8-mono": wav(tone(64, 1), 1, 8),
        "pcm16-stereo": wav(tone(64, 2), 2, 16),
        "pcm24-mono": wav(tone(48, 1), 1, 24),
        "pcm32-stereo": wav(tone(32, 2), 2, 32),
        "float32-mono": wav(tone(32, 1), 1, 32, fmt=3),
        "extensible-pcm16": wav(tone(32, 2), 2, 16, extensible=True),
        "list-chunk-odd": wav(tone(33, 1), 1, 8, extra_chunk=True),
        "empty-data": wav([], 1, 16),
    }
    for name, data in seeds.items():
        with open(os.path.join(CORPUS, "wav", name + ".wav"), "wb") as f:
            f.write(data)
    if shutil.which("oggenc"):
        for name, channels in (("mono", 1), ("stereo", 2)):
            source = os.path.join(CORPUS, "vorbis", name + ".wav")
            with open(source, "wb") as f:
                f.write(wav(tone(4000, channels), channels, 16))
            subprocess.run(["oggenc", "-Q", "-q", "0", "--serial", "1", "-o", source[:-4] + ".ogg", source], check=True)
            os.remove(source)
    else:
        print("oggenc is not installed: no Vorbis seeds (the fuzzer starts from nothing)", file=sys.stderr)
    scenarios = os.path.join(ROOT, "..", "demo", "Sources", "scenarios")
    for name in sorted(os.listdir(scenarios))[:6]:
        shutil.copy(os.path.join(scenarios, name), os.path.join(CORPUS, "scenario", name))
    extra = {
        "minimal.json": '{"name":"x","duration":1}',
        "system-params.json": '{"name":"p","duration":2,"events":[{"at":0.5,"system":"route.plug","port":"headphones"},'
                              '{"at":1,"system":"otherApp.activate","category":"playback","options":["mixWithOthers"]}]}',
        "fire-all-keys.json": '{"name":"f","duration":1,"voices":4,"events":[{"at":0,"fire":"laser","gain":0.5,'
                              '"pitch":1.5,"pan":-1,"loop":true,"priority":3}]}',
        "game-steps.json": '{"name":"g","duration":3,"preload":["laser"],"events":['
                           '{"at":0,"fire":"laser","loop":true,"voice":"a"},{"at":0.2,"stop":"a"},'
                           '{"at":0.3,"effects":"volume","value":0.5},{"at":0.4,"effects":"stopAll"},'
                           '{"at":0.5,"preload":"explosion"},{"at":0.6,"unload":"explosion"},'
                           '{"at":0.7,"soundtrack":"play","track":"theme","fadeIn":0.1},{"at":0.8,"soundtrack":"pause"},'
                           '{"at":0.9,"soundtrack":"resume","fadeIn":0.2},{"at":1,"soundtrack":"volume","value":0.3},'
                           '{"at":1.1,"soundtrack":"crossfade","track":"theme","duration":0.5},'
                           '{"at":2,"soundtrack":"stop","fadeOut":0.25}]}',
    }
    for name, text in extra.items():
        with open(os.path.join(CORPUS, "scenario", name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
