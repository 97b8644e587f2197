#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""Writes the fuzzers' seed inputs into SEEDS/{wav,vorbis,opus,flac,scenario} (default .build/fuzz/seeds).

Usage: fuzz/make-corpus.py [SEEDS]. The seeds are not kept in the repository as they are: `make
fuzz-corpus` writes them, then merges them into the kept corpus fuzz/corpus/<harness> with
fuzz/merge.sh, which keeps only the inputs that add coverage.

WAV seeds cover every encoding the decoder reads (8/16/24/32-bit PCM, 32-bit float, the extensible
header, odd chunks); Vorbis, Opus and FLAC seeds are short tones encoded with oggenc, opusenc and flac
when they are installed (FLAC also with a LOOPSTART tag and at 24 bits); scenario
seeds are every demo scenario, a few edge cases and every mixing, space and streaming word.
Deterministic.
"""
import math, os, shutil, struct, subprocess, sys

ROOT = os.path.dirname(os.path.abspath(__file__))
CORPUS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", ".build", "fuzz", "seeds")


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
        # The sub-format GUID {0000tttt-0000-0010-8000-00AA00389B71}, tttt the format tag: Data1 (4 bytes),
        # Data2 and Data3 (2 each) little-endian, then Data4's 8 bytes.
        sub = struct.pack("<IHH", fmt, 0x0000, 0x0010) + bytes([0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        body = struct.pack("<HHIIHHHHI", 0xFFFE, channels, rate, rate * block, block, bits, 22, bits, (1 << channels) - 1) + sub
    else:
        body = struct.pack("<HHIIHH", fmt, channels, rate, rate * block, block, bits)
    chunks = b"fmt " + struct.pack("<I", len(body)) + body
    if extra_chunk:
        chunks += b"LIST" + struct.pack("<I", 5) + b"INFO!" + b"\x00"
    chunks += b"data" + struct.pack("<I", len(data)) + data + (b"\x00" if len(data) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WAVE" + chunks


def main():
    for kind in ("wav", "vorbis", "opus", "flac", "scenario"):
        shutil.rmtree(os.path.join(CORPUS, kind), ignore_errors=True)
        os.makedirs(os.path.join(CORPUS, kind))
    seeds = {
        "pcm8-mono": wav(tone(64, 1), 1, 8),
        "pcm16-stereo": wav(tone(64, 2), 2, 16),
        "pcm24-mono": wav(tone(48, 1), 1, 24),
        "pcm32-stereo": wav(tone(32, 2), 2, 32),
        "float32-mono": wav(tone(32, 1), 1, 32, fmt=3),
        "extensible-pcm16": wav(tone(32, 2), 2, 16, extensible=True),
        "extensible-pcm24": wav(tone(16, 1), 1, 24, extensible=True),
        "extensible-float32": wav(tone(16, 2), 2, 32, fmt=3, extensible=True),
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
        print("oggenc is not installed: no Vorbis seeds (the kept corpus in fuzz/corpus/vorbis stays)", file=sys.stderr)
    encoders = {
        "opus": ("opusenc", [("mono", 1, 16, ["--quiet", "--bitrate", "24", "--serial", "1"]),
                             ("stereo-tagged", 2, 16, ["--quiet", "--bitrate", "32", "--serial", "1", "--comment", "LOOPSTART=100"])]),
        "flac": ("flac", [("mono", 1, 16, ["--silent", "--force"]),
                          ("stereo24-tagged", 2, 24, ["--silent", "--force", "--tag=LOOPSTART=100", "--tag=LOOPLENGTH=500"])]),
    }
    for kind, (tool, variants) in encoders.items():
        if not shutil.which(tool):
            print(f"{tool} is not installed: no {kind} seeds (the kept corpus in fuzz/corpus/{kind} stays)", file=sys.stderr)
            continue
        for name, channels, bits, options in variants:
            source = os.path.join(CORPUS, kind, name + ".wav")
            with open(source, "wb") as f:
                f.write(wav(tone(2000, channels), channels, bits))
            output = source[:-4] + "." + kind
            subprocess.run([tool, *options, *([source, output] if tool == "opusenc" else ["-o", output, source])], check=True)
            os.remove(source)
    scenarios = os.path.join(ROOT, "..", "demo", "Sources", "scenarios")
    for name in sorted(os.listdir(scenarios)):
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
        # Every mixing, space and streaming word (as in ScenarioMixingParsingTests, ScenarioSpaceParsingTests
        # and ScenarioStreamParsingTests), with the harness's sound names.
        "mixing-words.json": '{"name":"m","duration":10,"seed":42,"buses":{"weapons":{"parent":"sfx","limit":4},'
                             '"sfx":{"parent":"effects","volume":0.5,"reserve":2},"music":{"volume":0.8}},'
                             '"ducking":[{"bus":"voice","ducks":"music","db":9,"attack":0.05,"release":0.8},'
                             '{"ducks":"weapons","bus":"ui","db":3}],'
                             '"sounds":{"footstep":{"variants":["step","boom"],"pitch":[0.9,1.1],"gain":[0.5,1],'
                             '"avoidRepeat":true,"cooldown":0.1,"maxInstances":2},"click":{"variants":["laser"]}},'
                             '"events":[{"at":0,"fire":"footstep","bus":"weapons","voice":"steps","loop":true},'
                             '{"at":0.5,"set":"steps","gain":0.5,"pitch":1.5,"pan":-0.5,"position":[1,2,-3],"over":0.25},'
                             '{"at":1,"pause":"steps"},{"at":1.5,"resume":"steps"},{"at":2,"bus":"music","volume":0.3,"over":1},'
                             '{"at":3,"bus":"effects","mute":true},{"at":4,"bus":"effects","paused":false},'
                             '{"at":5,"stop":"steps","fade":0.5}]}',
        "space-words.json": '{"name":"s","duration":10,"spatialization":"hrtf","distanceModel":"linearClamped","virtualVoices":64,'
                            '"events":[{"at":0,"fire":"laser","loop":true,"voice":"car","position":[-30,0,-2],'
                            '"velocity":[20,0,0.5],"reverbSend":0.75,"occlusion":0.25},'
                            '{"at":0.5,"move":"car","position":[30,0,-2],"velocity":[20,0,0],"over":3},'
                            '{"at":2,"listener":{"position":[0,1.8,0],"orientation":{"at":[0,0,1],"up":[0,1,0]},'
                            '"velocity":[0,0,-2]},"over":0.5},{"at":4,"environment":"corridor","over":2},'
                            '{"at":5,"environment":"none"}]}',
        "stream-words.json": '{"name":"w","duration":10,"events":[{"at":0,"stream":"wind","voice":"wind"},'
                             '{"at":1,"gain":0.5,"loop":false,"bus":"ui","voice":"line","stream":"dialogue/line1.ogg"},'
                             '{"at":2,"set":"wind","gain":0.25,"over":1},{"at":3,"pause":"wind"},{"at":4,"resume":"wind"},'
                             '{"at":5,"stop":"wind","fade":2}]}',
    }
    for name, text in extra.items():
        with open(os.path.join(CORPUS, "scenario", name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
