# SPDX-License-Identifier: Zlib
"""Judges a run's expectations on its recording and on what was seen of the desktop, and writes the
reports: the text a person reads, JUnit XML, the recording as WAV and the timeline as SVG."""
import array
import math
import wave
from xml.sax.saxutils import escape, quoteattr

from .recorder import RATE

BLOCK = RATE // 100  # 10 ms: the resolution of "heard again within N ms"


class Outcome:
    """One expectation's verdict: `ok`, what was measured, and the window it looked at (seconds)."""

    def __init__(self, expectation, ok, measured, window):
        self.expectation, self.ok, self.measured, self.window = expectation, ok, measured, window

    @property
    def name(self):
        return self.expectation.name


def window_levels(samples, start, end):
    """(peak, RMS) of the recording from `start` to `end` seconds, each 0...1."""
    part = samples[int(start * RATE):int(end * RATE)]
    if len(part) == 0:
        return 0.0, 0.0
    peak = max(abs(min(part)), abs(max(part)))
    rms = math.sqrt(sum(value * value for value in part) / len(part))
    return peak, rms


def decibels(value):
    return 20 * math.log10(value) if value > 0 else -math.inf


# An event is late when it was done more than this after its time in the script. A window event with
# no other desktop running took 0.05 to 0.07 s (the xdotool process, the window manager, xdotool's
# 30 ms polls); beside three private desktops on two cores over 1 s (docs/testbed.md). The desktop's
# own events (pactl, the buses) are done at once on a quiet machine, and were seen 0.4 s late there.
LATE_SECONDS = 0.15


def lateness(event, done):
    """How late an event was done (`done`, seconds from time zero) after its time in the script;
    0 when within LATE_SECONDS."""
    late = done - event.at
    return late if late > LATE_SECONDS else 0.0


def judge(script, samples, presence, player_statuses, event_times, effect_times=None):
    """The outcome of each of the script's expectations.

    presence: (seconds, (number of the game's streams, their sinks' names)) per poll; player_statuses: (seconds, status)
    per poll; event_times: event id -> the seconds at which the testbed played it; effect_times: event
    index -> the seconds at which an event was seen done (a window event by xdotool --sync; a server
    restart has none)."""
    return [_judge_one(expectation, samples, presence, player_statuses, event_times, effect_times or {}, script)
            for expectation in script.expectations]


def slow(event):
    """Who was slow when `event` was done late: never the game, which cannot hear an event before it is done."""
    if event.name.startswith("window."):
        return "xdotool and the window manager were slow, not the game"
    return "the testbed's own calls to the desktop (pactl, the buses) were slow, not the game"


def _played_or_done(script, event_id, event_times, effect_times):
    """When an expectation that names an event counts from: when the testbed played it, or, when it
    was done late, when it was done (with a note that says so); (seconds, note)."""
    played, event = event_times[event_id], script.event(event_id)
    if event.index in effect_times and lateness(event, effect_times[event.index]):
        done = effect_times[event.index]
        return done, (f"; counted from when it was done, not from {played:.2f} s when it was asked for: "
                      f"{done - played:.2f} s late ({slow(event)})")
    return played, ""


def _late_event(script, effect_times, start):
    """The event a stretch from `start` follows (the last one at or before it in the script), when it
    was done late: (event, when it was done, how late); else None."""
    before = [event for event in script.events if event.at <= start]
    if not before or before[-1].index not in effect_times:
        return None
    event, done = before[-1], effect_times[before[-1].index]
    late = lateness(event, done)
    return (event, done, late) if late else None


def _judge_one(expectation, samples, presence, player_statuses, event_times, effect_times, script):
    f = expectation.fields
    kind = expectation.kind
    if kind in ("heard", "silent"):
        # A stretch that follows an event done late counts from when it was done: the
        # machine was late, not the game, and the report says so.
        start, note = f["from"], ""
        late = _late_event(script, effect_times, start)
        if late:
            event, done, seconds = late
            start = f["from"] + seconds
            why = f"{event.name} was done by {done:.2f} s, {seconds:.2f} s late ({slow(event)})"
            if start >= f["to"]:
                return Outcome(expectation, False, f"cannot be judged: {why}, and the stretch would start at "
                               f"{start:.2f} s, after its end", (f["from"], f["to"]))
            note = f"; judged from {start:.2f} s, not {f['from']:.2f} s: {why}"
        peak, rms = window_levels(samples, start, f["to"])
        measured = f"peak {peak:.4f} ({decibels(peak):.1f} dBFS), RMS {rms:.4f}" + note
        if kind == "heard":
            ok = peak >= f["peak_at_least"] and (f["rms_at_least"] is None or rms >= f["rms_at_least"])
        else:
            ok = peak <= f["peak_at_most"] and (f["rms_at_most"] is None or rms <= f["rms_at_most"])
        return Outcome(expectation, ok, measured, (start, f["to"]))
    if kind == "heard_within":
        if f["event"] not in event_times:
            return Outcome(expectation, False, f"{f['event']} was never played: the run ended before it", (0, 0))
        at, note = _played_or_done(script, f["event"], event_times, effect_times)
        limit = f["ms"] / 1000
        heard = first_heard(samples, at, min(at + limit, script.duration), f["peak_at_least"])
        measured = (f"heard {heard * 1000:.0f} ms after {f['event']} ({at:.2f} s)" if heard is not None
                    else f"not heard in the {f['ms']:g} ms after {f['event']} ({at:.2f} s)") + note
        return Outcome(expectation, heard is not None, measured, (at, at + limit))
    if kind == "level":
        _, rms = window_levels(samples, f["from"], f["to"])
        _, reference = window_levels(samples, *f["reference"])
        change = decibels(rms) - decibels(reference) if reference > 0 else math.nan
        ok = not math.isnan(change) and (f["change_db_at_most"] is None or change <= f["change_db_at_most"]) \
            and (f["change_db_at_least"] is None or change >= f["change_db_at_least"])
        measured = f"RMS {rms:.4f} against {reference:.4f}: {change:+.1f} dB" if not math.isnan(change) \
            else "the reference window is silent: no change can be measured"
        return Outcome(expectation, ok, measured, (f["from"], f["to"]))
    if kind == "player":
        status = sampled_at(player_statuses, f["at"])
        return Outcome(expectation, status == f["status"], f"the player said {status or 'nothing'}",
                       (f["at"], f["at"]))
    at, note = f["at"], ""
    if at is None:
        if f["event"] not in event_times:
            return Outcome(expectation, False, f"{f['event']} was never played: the run ended before it", (0, 0))
        played, note = _played_or_done(script, f["event"], event_times, effect_times)
        at = played + f["ms"] / 1000
    count, sinks = sampled_at(presence, at) or (0, ())
    present = bool(count)
    ok = present == f["present"] and (f["sink"] is None or f["sink"] in sinks)
    where = f", on {', '.join(sinks)}" if sinks else ""
    return Outcome(expectation, ok, f"{count} stream{'s' if count != 1 else ''} of the game{where} at {at:.2f} s{note}",
                   (at, at))


def first_heard(samples, start, end, bound):
    """Seconds from `start` to the first 10 ms block above `bound` before `end`; None if none is."""
    first = int(start * RATE)
    for offset in range(first, int(end * RATE), BLOCK):
        block = samples[offset:offset + BLOCK]
        if len(block) and max(abs(min(block)), abs(max(block))) >= bound:
            return (offset - first) / RATE
    return None


def sampled_at(series, seconds):
    """The value of the last sample at or before `seconds` in a series of (seconds, value)."""
    value = None
    for at, sample in series:
        if at > seconds:
            break
        value = sample
    return value


# ---- Files ---------------------------------------------------------------------------------------
def write_wav(path, samples):
    """The recording as 16-bit mono WAV at 48 kHz."""
    pcm = array.array("h", (max(-32768, min(32767, int(value * 32767))) for value in samples))
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def write_junit(path, script, kind, problems, outcomes, seconds, player=None):
    """JUnit XML: one test case for the run itself (the game ran the script) and one per expectation;
    the server and the music player (mpv or builtin; None if none started) as the suite's properties."""
    cases = []
    run_failure = "; ".join(problems)
    cases.append((f"the game ran the script ({kind})", run_failure))
    for outcome in outcomes:
        where = f"{outcome.window[0]:.2f}-{outcome.window[1]:.2f} s" if outcome.window[0] != outcome.window[1] \
            else f"{outcome.window[0]:.2f} s"
        cases.append((f"{outcome.name} ({kind})", "" if outcome.ok else f"at {where}: {outcome.measured}"))
    failures = sum(1 for _, failure in cases if failure)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuite name={quoteattr(script.name + " on " + kind)} tests="{len(cases)}" failures="{failures}" '
             f'errors="0" time="{seconds:.2f}">',
             f'  <properties><property name="server" value={quoteattr(kind)}/>'
             f'<property name="player" value={quoteattr(player or "none")}/></properties>']
    for name, failure in cases:
        lines.append(f'  <testcase classname={quoteattr("gamesound-testbed." + kind)} name={quoteattr(name)}>')
        if failure:
            lines.append(f'    <failure message={quoteattr(failure.splitlines()[0])}>{escape(failure)}</failure>')
        lines.append('  </testcase>')
    lines.append('</testsuite>')
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def write_svg(path, script, kind, samples, event_times_by_index, outcomes, problems):
    """The timeline: the game's level (peak per 50 ms, in dBFS) with the events as lines and each
    expectation's window as a band, green when it held and red when it did not."""
    width, left, right = 1000, 48, 16
    plot = width - left - right
    top, height = 56, 180
    bands_top = top + height + 16
    band_height = 14
    total_height = bands_top + len(outcomes) * (band_height + 4) + 40
    duration = script.duration

    def x(seconds):
        return left + max(0.0, min(seconds, duration)) / duration * plot

    def y(db):
        return top + (min(0.0, max(db, -60.0)) / -60.0) * height

    out = [f'<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_height}" '
           f'viewBox="0 0 {width} {total_height}" font-family="sans-serif" font-size="10">',
           '<rect width="100%" height="100%" fill="#ffffff"/>',
           f'<text x="{left}" y="18" font-size="14" font-weight="bold">{escape(script.name)} on {kind}</text>']
    failed = sum(1 for outcome in outcomes if not outcome.ok)
    summary = f"{len(outcomes) - failed} of {len(outcomes)} expectations held" + (f"; {'; '.join(problems)}" if problems else "")
    out.append(f'<text x="{left}" y="34" fill="{"#2a9d8f" if not failed and not problems else "#c0392b"}">'
               f'{escape(summary)}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{plot}" height="{height}" fill="none" stroke="#cccccc"/>')
    for db in (0, -20, -40, -60):
        out.append(f'<line x1="{left}" y1="{y(db):.1f}" x2="{left + plot}" y2="{y(db):.1f}" stroke="#eeeeee"/>'
                   f'<text x="{left - 4}" y="{y(db) + 3:.1f}" text-anchor="end">{db}</text>')
    out.append(f'<text x="4" y="{top - 6}">dBFS</text>')
    step = RATE // 20
    points = []
    for index in range(0, len(samples), step):
        block = samples[index:index + step]
        peak = max(abs(min(block)), abs(max(block))) if len(block) else 0.0
        points.append(f"{x(index / RATE):.1f},{y(decibels(peak)):.1f}")
    if points:
        out.append(f'<polyline class="level" points="{" ".join(points)}" stroke="#264653" stroke-width="1" fill="none"/>')
    for second in range(0, int(duration) + 1, max(1, int(duration // 20) or 1)):
        out.append(f'<line x1="{x(second):.1f}" y1="{top + height}" x2="{x(second):.1f}" y2="{top + height + 4}" '
                   f'stroke="#333333"/><text x="{x(second):.1f}" y="{top + height + 13}" text-anchor="middle">{second}</text>')
    for row, (event, at) in enumerate(event_times_by_index):
        label = event.label
        out.append(f'<g class="event"><title>{escape(f"{label} at {at:.2f} s")}</title>'
                   f'<line x1="{x(at):.1f}" y1="{top - 4}" x2="{x(at):.1f}" y2="{top + height}" stroke="#e76f51" '
                   f'stroke-opacity="0.7"/><text x="{x(at) + 2:.1f}" y="{top + 10 + (row % 4) * 11}" fill="#e76f51">'
                   f'{escape(label)}</text></g>')
    for row, outcome in enumerate(outcomes):
        start, end = outcome.window
        band_y = bands_top + row * (band_height + 4)
        colour = "#2a9d8f" if outcome.ok else "#c0392b"
        out.append(f'<g class="expectation {"held" if outcome.ok else "failed"}"><title>{escape(outcome.measured)}</title>'
                   f'<rect x="{x(start):.1f}" y="{band_y}" width="{max(x(end) - x(start), 3):.1f}" height="{band_height}" '
                   f'fill="{colour}" fill-opacity="0.35"/>'
                   f'<rect x="{x(start):.1f}" y="{top}" width="{max(x(end) - x(start), 1):.1f}" height="{height}" '
                   f'fill="{colour}" fill-opacity="0.06"/>'
                   f'<text x="{left + 4}" y="{band_y + 11}" fill="{colour}">{"ok" if outcome.ok else "FAILED"}: '
                   f'{escape(outcome.name)}: {escape(outcome.measured)}</text></g>')
    out.append(f'<text x="{left}" y="{total_height - 10}">seconds from the game\'s first stream; the line is '
               f'the peak of the game\'s own streams per 50 ms</text>')
    out.append('</svg>')
    with open(path, "w", encoding="utf-8") as svg:
        svg.write("\n".join(out) + "\n")
