#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""Makes the real-time benchmark's tables (Markdown) from the JSON lines run.py wrote.

    report.py RESULTS.jsonl...

Medians with their spread as ± half the range, as a percentage of the median, and n (the method of
docs/performance.md). Ratios are of the medians; the brackets give the lowest and highest ratio of
the pairs run next to each other (same repetition, same voice count).
"""
import json
import statistics
import sys

SIDES = ["gamesound", "openal", "sdlmixer"]
NAMES = {"gamesound": "GameSound (C SDK)", "openal": "OpenAL Soft by hand", "sdlmixer": "SDL_mixer 2",
         "ownout": "OpenAL Soft by hand, its loopback mixed on its own output thread"}
BACKENDS = ["null", "pulseaudio", "pipewire"]


def load(paths):
    records = []
    for path in paths:
        with open(path) as f:
            records += [json.loads(line) for line in f if line.strip()]
    return records


def spread(values):
    m = statistics.median(values)
    if len(values) < 2 or m == 0:
        return f"{m:.3g}"
    return f"{m:.3g} ±{(max(values) - min(values)) / 2 / m * 100:.0f}%"


def percentile(values, p):
    values = sorted(values)
    index = min(len(values) - 1, max(0, int(round(p / 100 * len(values) + 0.5)) - 1))
    return values[index]


def pair_ratios(runs, key, a="gamesound", b="openal", transform=lambda x: x):
    ratios = []
    for rep in sorted({r["rep"] for r in runs}):
        x = [transform(r[key]) for r in runs if r["rep"] == rep and r["side"] == a]
        y = [transform(r[key]) for r in runs if r["rep"] == rep and r["side"] == b]
        if x and y and y[0] > 0:
            ratios.append(x[0] / y[0])
    return ratios


def cpu_table(records, key="cpu", title="whole process, start to exit", goal=True):
    runs = [r for r in records if r["kind"] == "cpu" and r["status"] == 0 and r.get(key) is not None]
    if not runs:
        return
    print(f"CPU seconds, {title}:\n")
    print("| output | voices + soundtrack | GameSound | OpenAL by hand | SDL_mixer 2 | "
          "GameSound / OpenAL (pairs) | goal ≤ 1.05× | GameSound / SDL_mixer |")
    print("|---|---|---|---|---|---|---|---|")
    for backend in BACKENDS:
        for voices in sorted({r["voices"] for r in runs if r["backend"] == backend}):
            group = [r for r in runs if r["backend"] == backend and r["voices"] == voices]
            cpu = {s: [r[key] for r in group if r["side"] == s] for s in SIDES}
            if not cpu["gamesound"] or not cpu["openal"]:
                continue
            ratio = statistics.median(cpu["gamesound"]) / statistics.median(cpu["openal"])
            pairs = pair_ratios(group, key)
            seconds = group[0]["seconds"]
            verdict = "met" if ratio <= 1.05 else f"not met by {(ratio - 1.05) * 100:.0f} points"
            verdict = verdict if goal else "(no goal)"
            sdl = (f"{statistics.median(cpu['gamesound']) / statistics.median(cpu['sdlmixer']):.2f}×"
                   if cpu["sdlmixer"] else "-")
            print(f"| {backend} | {voices}, {seconds:g} s | {spread(cpu['gamesound'])} (n={len(cpu['gamesound'])}) | "
                  f"{spread(cpu['openal'])} | {spread(cpu['sdlmixer']) if cpu['sdlmixer'] else '-'} | "
                  f"**{ratio:.2f}×** ({min(pairs):.2f}–{max(pairs):.2f}) | {verdict} | {sdl} |")
    print()


def steady_table(records):
    cpu_table(records, "cpu_steady", "only while the sounds play (from the last start call to the stop)")


def io_buffer_cpu_table(records, reference="gamesound@1024", default="gamesound"):
    """CPU while playing, in ms of CPU per second of play, for every side of the run (RT_SIDES with
    gamesound@FRAMES and openal@FRAMES entries): the best and the median of the repetitions, and
    each side against the reference (GameSound at 1 024 frames, the I/O buffer before issue 39), as
    the median of the ratios of the runs made in the same repetition (and their range)."""
    runs = [r for r in records if r["kind"] == "cpu" and r["status"] == 0 and r.get("cpu_steady") is not None]
    if not any(r["side"] == reference for r in runs):
        return
    print(f"CPU while playing per I/O buffer size, ms of CPU (user+sys, every thread) per second of play; "
          f"against {side_name(reference)}:\n")
    print("| output | voices + soundtrack | program | best | median (n) | ÷ reference, pairs: median (range) | goal |")
    print("|---|---|---|---|---|---|---|")
    for backend in BACKENDS:
        for voices in sorted({r["voices"] for r in runs if r["backend"] == backend}):
            group = [r for r in runs if r["backend"] == backend and r["voices"] == voices]
            if not any(r["side"] == reference for r in group):
                continue
            for side in dict.fromkeys(r["side"] for r in group):
                per_s = [r["cpu_steady"] / r["seconds"] * 1000 for r in group if r["side"] == side]
                ratios = pair_ratios(group, "cpu_steady", side, reference)
                versus = "-" if side == reference or not ratios else (
                    f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})")
                goal = "-"
                if side == default and ratios:
                    goal = "≤ 1.05×: " + ("met" if statistics.median(ratios) <= 1.05 else "not met")
                print(f"| {backend} | {voices}, {group[0]['seconds']:g} s | {side_name(side)} | {min(per_s):.1f} | "
                      f"{statistics.median(per_s):.1f} (n={len(per_s)}) | {versus} | {goal} |")
    print()


def start_cpu_table(records):
    cpu_table(records, "cpu_start", "from process start to the last start call (loading, opening, starting)", goal=False)


def rss_table(records):
    runs = [r for r in records if r["kind"] == "cpu" and r["status"] == 0]
    print("| output | voices + soundtrack | GameSound MiB | OpenAL by hand MiB | SDL_mixer MiB | "
          "GameSound − OpenAL | goal ≤ +10 MiB |")
    print("|---|---|---|---|---|---|---|")
    for backend in BACKENDS:
        for voices in sorted({r["voices"] for r in runs if r["backend"] == backend}):
            group = [r for r in runs if r["backend"] == backend and r["voices"] == voices]
            rss = {s: [r["peak_kib"] / 1024 for r in group if r["side"] == s] for s in SIDES}
            if not rss["gamesound"] or not rss["openal"]:
                continue
            extra = statistics.median(rss["gamesound"]) - statistics.median(rss["openal"])
            verdict = "met" if extra <= 10 else f"not met (+{extra - 10:.1f} MiB)"
            print(f"| {backend} | {voices} | {spread(rss['gamesound'])} | {spread(rss['openal'])} | "
                  f"{spread(rss['sdlmixer']) if rss['sdlmixer'] else '-'} | **+{extra:.1f}** | {verdict} |")


def start_table(records):
    runs = [r for r in records if r["kind"] == "cpu" and r["status"] == 0 and "open_to_heard_ms" in r]
    print("| output | figure | GameSound ms | OpenAL by hand ms | SDL_mixer ms | GameSound − OpenAL | goal |")
    print("|---|---|---|---|---|---|---|")
    for backend in BACKENDS:
        group = [r for r in runs if r["backend"] == backend]
        if not group:
            continue
        for key, label, goal in (("spawn_to_heard_ms", "process start → first sound on the monitor", None),
                                 ("open_to_heard_ms", "first audio call → first sound on the monitor", 20)):
            values = {s: [r[key] for r in group if r["side"] == s] for s in SIDES}
            if not values["gamesound"] or not values["openal"]:
                continue
            extra = statistics.median(values["gamesound"]) - statistics.median(values["openal"])
            verdict = "-" if goal is None else ("met" if extra <= goal else f"not met (+{extra - goal:.0f} ms)")
            print(f"| {backend} | {label} | {spread(values['gamesound'])} (n={len(values['gamesound'])}) | "
                  f"{spread(values['openal'])} | {spread(values['sdlmixer']) if values['sdlmixer'] else '-'} | "
                  f"**{extra:+.0f}** | {'≤ +20 ms: ' + verdict if goal else verdict} |")


def side_name(side):
    """"gamesound@512" (run.py's RT_SIDES) is GameSound asking for a 512-frame I/O buffer;
    "gamesound+alsoft" is GameSound on OpenAL Soft's own output."""
    base, plus, _ = side.partition("+")
    program, _, frames = base.partition("@")
    name = NAMES.get(program, program) + (f", {frames}-frame I/O buffer" if frames else "")
    return name + (", on OpenAL Soft's output" if plus else "")


def latency_table(records):
    """One table per server and run: every side of that recording, p99 against SDL_mixer's and OpenAL's."""
    runs = [r for r in records if r["kind"] == "latency"]
    if not runs:
        return
    print("| server | program | I/O buffer granted | plays heard / made | p50 ms | p99 ms | max ms | "
          "p99 − OpenAL by hand's | p99 − SDL_mixer's |")
    print("|---|---|---|---|---|---|---|---|---|")
    # One recording's sides share its start time (records before it was kept: one per server).
    recordings = {}
    for r in runs:
        recordings.setdefault((r["backend"], r.get("recording", 0)), []).append(r)
    for (backend, _), group in sorted(recordings.items(), key=lambda item: (BACKENDS.index(item[0][0]), item[0][1])):
        by_side = {r["side"]: r for r in group}
        def p99(side):
            values = by_side.get(side, {}).get("latencies_ms")
            return percentile(values, 99) if values else None
        for side, r in by_side.items():
            values = r["latencies_ms"]
            if not values:
                continue
            marks = r.get("marks", {})
            io = f"{marks['io_buffer_ms']:.2f} ms at {marks['io_rate']:.0f} Hz" if "io_rate" in marks else "-"
            mine = percentile(values, 99)
            versus = [f"{mine - p99(other):+.1f}" if p99(other) is not None and side != other else "-"
                      for other in ("openal", "sdlmixer")]
            print(f"| {backend} | {side_name(side)} | {io} | {len(values)} / {r['plays_made']} | "
                  f"{percentile(values, 50):.1f} | {mine:.1f} | {max(values):.1f} | {versus[0]} | {versus[1]} |")


def gap_table(records):
    runs = [r for r in records if r["kind"] == "gaps"]
    if not runs:
        return
    print("| server | load | program | soundtrack heard s | gaps ≥ 2 ms | longest ms | peak memory MiB |")
    print("|---|---|---|---|---|---|---|")
    for backend in BACKENDS:
        for cpus in sorted({r["stress_cpus"] for r in runs if r["backend"] == backend}):
            sides = list(dict.fromkeys(r["side"] for r in runs))
            for side in sides:
                for r in [r for r in runs if r["backend"] == backend and r["stress_cpus"] == cpus and r["side"] == side]:
                    longest = max(r["gaps_frames"], default=0) / 48
                    print(f"| {backend} | {f'`stress-ng --cpu {cpus}`' if cpus else 'none (control)'} | {side_name(side)} | {r['heard_seconds']:.1f} | "
                          f"**{len(r['gaps_frames'])}** | {longest:.1f} | {r.get('peak_kib', -1) / 1024:.1f} |")


def switch_table(records):
    runs = [r for r in records if r["kind"] == "switch"]
    if not runs:
        return
    print("| server | program | switches | heard on the new sink after (ms), each | never heard there | goal ≤ 200 ms |")
    print("|---|---|---|---|---|---|")
    for backend in BACKENDS:
        for side in SIDES:
            group = [r for r in runs if r["backend"] == backend and r["side"] == side]
            if not group:
                continue
            heard = [r["heard_after_switch_ms"] for r in group if r["heard_after_switch_ms"] is not None]
            never = len(group) - len(heard)
            verdict = "-" if side != "gamesound" else (
                "met" if not never and max(heard) <= 200 else "not met")
            print(f"| {backend} | {NAMES[side]} | {len(group)} | {', '.join(f'{h:.0f}' for h in heard) or '-'} | "
                  f"{never} | {verdict} |")


def loads(records):
    for r in records:
        if r["kind"] == "load":
            print(f"- {r['backend']}, {r['when']}: /proc/loadavg `{r['loadavg']}`")


def main():
    records = load(sys.argv[1:])
    for title, table in (("Load", loads), ("CPU (user+sys of the process, every thread)", cpu_table),
                         ("CPU while playing", steady_table),
                         ("CPU while playing per I/O buffer size", io_buffer_cpu_table), ("CPU to start", start_cpu_table),
                         ("Peak resident memory (VmHWM)", rss_table), ("Start", start_table),
                         ("Play → monitor latency", latency_table), ("Gaps under load", gap_table),
                         ("Output switch", switch_table)):
        print(f"\n### {title}\n")
        table(records)


if __name__ == "__main__":
    main()
