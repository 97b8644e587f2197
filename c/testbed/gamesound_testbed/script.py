# SPDX-License-Identifier: Zlib
"""A testbed script: JSON, read and checked here (docs/testbed.md is its reference).

    {"testbed": 1, "name": "...", "duration": 20, "time_limit": 90, "display": true, "stream_within": 10,
     "timeline": [{"at": 4, "event": "call.ring", "id": "call"}, ...],
     "expect":   [{"expect": "silent", "from": 5, "to": 7, "name": "..."}, ...]}

Times are seconds from the moment the game's first stream appears. A bad script raises ScriptError
with one message that says where (`timeline[2]`, `expect[0].to`) and what is wrong.
"""
import json
import math

# Each event: its fields besides "at", "event" and "id", with their defaults and allowed ranges.
EVENTS = {
    "music.play": {}, "music.pause": {}, "music.stop": {},
    "call.ring": {}, "call.end": {},
    "alarm": {"seconds": (1.0, 0.1, 10.0)},
    "screen.lock": {}, "screen.unlock": {},
    "sleep": {}, "wake": {}, "output.return": {},
    "output.switch": {},
    "server.restart": {"down_for": (0.5, 0.0, 10.0)},
    "gamesound.switch": {},
    "window.minimize": {}, "window.restore": {}, "window.unfocus": {}, "window.focus": {},
}
# Events that move the game's window: they need "display": true (docs/testbed.md).
WINDOW_EVENTS = ("window.minimize", "window.restore", "window.unfocus", "window.focus")
# Events with a text field: the field, the values it takes and its default (None: required).
# gamesound.switch flips a switch the desktop does not have, simulated by a GameSound game
# (GAMESOUND_TESTBED_SWITCHES); wake's output says what becomes of the output that sleep removed.
TEXT_FIELDS = {
    "gamesound.switch": ("action", ("silentSwitch.on", "silentSwitch.off", "screen.lock", "screen.unlock"), None),
    "wake": ("output", ("back", "later", "other"), "back"),
}
# Events that open a state and the event that closes it: a script must not open one twice or close
# one that is not open.
PAIRS = {"call.ring": "call.end", "screen.lock": "screen.unlock", "sleep": "wake",
         "window.minimize": "window.restore", "window.unfocus": "window.focus"}

# Each expectation: its required fields (numbers unless said), its optional fields with defaults.
EXPECTATIONS = {
    "heard": {"required": ("from", "to"), "optional": {"peak_at_least": 0.01, "rms_at_least": None}},
    "silent": {"required": ("from", "to"), "optional": {"peak_at_most": 0.001, "rms_at_most": None}},
    "heard_within": {"required": ("event", "ms"), "optional": {"peak_at_least": 0.01}},
    "level": {"required": ("from", "to", "reference"), "optional": {"change_db_at_most": None,
                                                                   "change_db_at_least": None}},
    "player": {"required": ("at", "status"), "optional": {}},
    "stream": {"required": ("present",), "optional": {"at": None, "event": None, "ms": None, "sink": None}},
}
PLAYER_STATUSES = ("Playing", "Paused", "Stopped")
TOP = {"testbed", "name", "duration", "time_limit", "display", "stream_within", "stop_within", "timeline", "expect"}


class ScriptError(Exception):
    """A script the testbed cannot run; the message names the file, the place and the problem."""


class Event:
    def __init__(self, index, at, name, ident, fields):
        self.index, self.at, self.name, self.id, self.fields = index, at, name, ident, fields

    @property
    def label(self):
        if self.id:
            return self.id
        return f"{self.name} {self.fields['action']}" if "action" in self.fields else self.name


class Expectation:
    def __init__(self, index, kind, name, fields):
        self.index, self.kind, self.fields = index, kind, fields
        self.name = name or describe(kind, fields)


class Script:
    def __init__(self, path, name, duration, time_limit, display, stream_within, stop_within, events, expectations):
        self.path, self.name, self.duration, self.time_limit = path, name, duration, time_limit
        self.display, self.stream_within, self.stop_within = display, stream_within, stop_within
        self.events, self.expectations = events, expectations

    @property
    def moves_windows(self):
        return any(event.name in WINDOW_EVENTS for event in self.events)

    def event(self, ident):
        return next(event for event in self.events if event.id == ident)


def describe(kind, fields):
    """A readable name for an expectation that has none."""
    if kind in ("heard", "silent"):
        return f"{kind} from {fields['from']:g} s to {fields['to']:g} s"
    if kind == "heard_within":
        return f"heard within {fields['ms']:g} ms of {fields['event']}"
    if kind == "level":
        a, b = fields["reference"]
        return f"level from {fields['from']:g} s to {fields['to']:g} s against {a:g}-{b:g} s"
    if kind == "player":
        return f"the player is {fields['status']} at {fields['at']:g} s"
    where = f" on {fields['sink']}" if fields.get("sink") else ""
    when = f"at {fields['at']:g} s" if fields.get("at") is not None else f"{fields['ms']:g} ms after {fields['event']}"
    return f"the game's stream is {'present' if fields['present'] else 'gone'}{where} {when}"


def _number(value, where, low=None, high=None):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ScriptError(f"{where}: must be a number, not {json.dumps(value)}")
    if low is not None and value < low or high is not None and value > high:
        raise ScriptError(f"{where}: {value:g} is outside {low:g}...{high:g}")
    return float(value)


def _unknown_keys(entry, allowed, where):
    extra = sorted(set(entry) - set(allowed))
    if extra:
        raise ScriptError(f"{where}: unknown field '{extra[0]}' (allowed: {', '.join(sorted(allowed))})")


def load(path):
    """Reads and checks the script at `path`; raises ScriptError naming what is wrong."""
    try:
        with open(path, encoding="utf-8") as source:
            text = source.read()
    except OSError as error:
        raise ScriptError(f"{path}: cannot read: {error.strerror}") from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ScriptError(f"{path}: not JSON: {error}") from None
    try:
        return parse(data, path)
    except ScriptError as error:
        raise ScriptError(f"{path}: {error}") from None


def parse(data, path="script"):
    if not isinstance(data, dict):
        raise ScriptError("the script must be a JSON object")
    _unknown_keys(data, TOP, "the script")
    if data.get("testbed") != 1:
        raise ScriptError(f"\"testbed\": must be 1 (this testbed's script version), not {json.dumps(data.get('testbed'))}")
    for key in ("duration", "timeline", "expect"):
        if key not in data:
            raise ScriptError(f"\"{key}\" is missing")
    duration = _number(data["duration"], "duration", 1, 3600)
    time_limit = _number(data.get("time_limit", duration + 60), "time_limit", duration + 10, 7200)
    stream_within = _number(data.get("stream_within", 10), "stream_within", 0.5, 120)
    stop_within = _number(data.get("stop_within", 5), "stop_within", 0.5, 60)
    display = data.get("display", False)
    if not isinstance(display, bool):
        raise ScriptError(f"display: must be true or false, not {json.dumps(display)}")
    name = data.get("name", "testbed")
    if not isinstance(name, str) or not name:
        raise ScriptError("name: must be a non-empty string")
    events = _events(data["timeline"], duration)
    moving = next((event for event in events if event.name in WINDOW_EVENTS), None)
    if moving is not None and not display:
        raise ScriptError(f"timeline[{moving.index}] ({moving.name}): moving the game's window needs a display: "
                          "set \"display\": true")
    expectations = _expectations(data["expect"], duration, {event.id for event in events if event.id})
    return Script(path, name, duration, time_limit, display, stream_within, stop_within, events, expectations)


def _entry_kind(entry, where, key, known, example, noun=None):
    """The kind an entry of the timeline or of the expectations names under `key`, once the entry
    is an object and the kind one of `known`; a ScriptError naming `where` otherwise."""
    if not isinstance(entry, dict):
        raise ScriptError(f"{where}: must be an object like {example}")
    kind = entry.get(key)
    if kind not in known:
        raise ScriptError(f"{where}: unknown {noun or key} {json.dumps(kind)} (known: {', '.join(known)})")
    return kind


def _events(timeline, duration):
    if not isinstance(timeline, list):
        raise ScriptError("timeline: must be a list of events")
    events, ids = [], set()
    for index, entry in enumerate(timeline):
        where = f"timeline[{index}]"
        name = _entry_kind(entry, where, "event", EVENTS, '{"at": 4, "event": "call.ring"}')
        fields = EVENTS[name]
        text_field = TEXT_FIELDS.get(name)
        _unknown_keys(entry, {"at", "event", "id", *fields, *(text_field[:1] if text_field else ())}, f"{where} ({name})")
        if "at" not in entry:
            raise ScriptError(f"{where} ({name}): \"at\" is missing")
        at = _number(entry["at"], f"{where}.at", 0, duration)
        ident = entry.get("id")
        if ident is not None:
            if not isinstance(ident, str) or not ident or ident in ids:
                raise ScriptError(f"{where}.id: must be a non-empty string used by no other event")
            ids.add(ident)
        values = {key: _number(entry.get(key, default), f"{where}.{key}", low, high)
                  for key, (default, low, high) in fields.items()}
        if text_field:
            key, allowed, default = text_field
            value = entry.get(key, default)
            if value not in allowed:
                raise ScriptError(f"{where}.{key}: must be one of {', '.join(allowed)}, not {json.dumps(entry.get(key))}")
            values[key] = value
        events.append(Event(index, at, name, ident, values))
    previous = None
    for event in events:
        if previous is not None and event.at < previous.at:
            raise ScriptError(f"timeline[{event.index}]: at {event.at:g} s comes before the event above it "
                              f"({previous.at:g} s): list events in time order")
        previous = event
    _check_pairs(events)
    return events


def _check_pairs(events):
    open_states = set()
    away = False  # the output sleep removed stays away after a wake with "output": "later"
    closers = {close: opener for opener, close in PAIRS.items()}
    for event in events:
        if event.name in PAIRS:
            if event.name in open_states:
                raise ScriptError(f"timeline[{event.index}]: {event.name} again before {PAIRS[event.name]}")
            open_states.add(event.name)
        elif event.name in closers:
            if closers[event.name] not in open_states:
                raise ScriptError(f"timeline[{event.index}]: {event.name} without {closers[event.name]} before it")
            open_states.discard(closers[event.name])
        if event.name == "output.switch" and "sleep" in open_states:
            raise ScriptError(f"timeline[{event.index}]: output.switch while asleep (after sleep, before wake)")
        if event.name in ("sleep", "output.switch") and away:
            raise ScriptError(f"timeline[{event.index}]: {event.name} while the output is away "
                              "(after a wake with \"output\": \"later\", before output.return)")
        if event.name == "output.return":
            if not away:
                raise ScriptError(f"timeline[{event.index}]: output.return with no output away (only a wake with "
                                  "\"output\": \"later\" leaves it away)")
            away = False
        if event.name == "wake" and event.fields["output"] == "later":
            away = True


def _expectations(entries, duration, ids):
    if not isinstance(entries, list) or not entries:
        raise ScriptError("expect: must be a list of at least one expectation")
    expectations = []
    for index, entry in enumerate(entries):
        where = f"expect[{index}]"
        kind = _entry_kind(entry, where, "expect", EXPECTATIONS, '{"expect": "heard", "from": 1, "to": 3}', "expectation")
        spec = EXPECTATIONS[kind]
        _unknown_keys(entry, {"expect", "name", *spec["required"], *spec["optional"]}, f"{where} ({kind})")
        for key in spec["required"]:
            if key not in entry:
                raise ScriptError(f"{where} ({kind}): \"{key}\" is missing")
        fields = {}
        for key in spec["required"]:
            fields[key] = _field(kind, key, entry[key], f"{where}.{key}", duration, ids)
        for key, default in spec["optional"].items():
            value = entry.get(key, default)
            fields[key] = None if value is None else _field(kind, key, value, f"{where}.{key}", duration, ids)
        if "from" in fields and fields["from"] >= fields["to"]:
            raise ScriptError(f"{where}: \"from\" ({fields['from']:g}) must come before \"to\" ({fields['to']:g})")
        if kind == "stream" and (fields["at"] is None) == (fields["event"] is None or fields["ms"] is None):
            raise ScriptError(f"{where} (stream): give \"at\", or \"event\" and \"ms\" (that long after the event)")
        if kind == "stream" and fields["sink"] is not None and not fields["present"]:
            raise ScriptError(f"{where} (stream): \"sink\" needs \"present\": true")
        if kind == "level" and (fields["change_db_at_most"] is None) == (fields["change_db_at_least"] is None):
            raise ScriptError(f"{where} (level): give one of \"change_db_at_most\" and \"change_db_at_least\"")
        name = entry.get("name")
        if name is not None and (not isinstance(name, str) or not name):
            raise ScriptError(f"{where}.name: must be a non-empty string")
        expectations.append(Expectation(index, kind, name, fields))
    return expectations


def _field(kind, key, value, where, duration, ids):
    if key in ("from", "to", "at"):
        return _number(value, where, 0, duration)
    if key == "reference":
        if not isinstance(value, list) or len(value) != 2:
            raise ScriptError(f"{where}: must be [from, to] in seconds")
        start, end = (_number(v, f"{where}[{i}]", 0, duration) for i, v in enumerate(value))
        if start >= end:
            raise ScriptError(f"{where}: {start:g} must come before {end:g}")
        return [start, end]
    if key == "event":
        if value not in ids:
            raise ScriptError(f"{where}: no event has the id {json.dumps(value)} (ids: {', '.join(sorted(ids)) or 'none'})")
        return value
    if key == "ms":
        return _number(value, where, 1, 60000)
    if key == "status":
        if value not in PLAYER_STATUSES:
            raise ScriptError(f"{where}: must be one of {', '.join(PLAYER_STATUSES)}, not {json.dumps(value)}")
        return value
    if key == "sink":
        if not isinstance(value, str) or not value:
            raise ScriptError(f"{where}: must be a sink's name, like \"testbed_speakers\"")
        return value
    if key == "present":
        if not isinstance(value, bool):
            raise ScriptError(f"{where}: must be true or false, not {json.dumps(value)}")
        return value
    if key.startswith("change_db"):
        return _number(value, where, -120, 120)
    return _number(value, where, 0, 1)  # peak and RMS bounds, as fractions of full scale
