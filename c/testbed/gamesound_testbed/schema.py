# SPDX-License-Identifier: Zlib
"""The JSON Schema (draft 2020-12) of a testbed script, built from script.py's tables, so that the
schema and the testbed's own checks describe one format: `gamesound-testbed schema` prints it, and
the SDK and the -dev package ship it as share/gamesound/testbed/script.schema.json.

The schema says the format: the fields, their types, ranges and defaults, the known events and
expectations. It cannot say script.RULES (times within the duration, time order, pairs, ids); a
script that breaks one passes the schema and is refused by the testbed (ScriptRuleError), as
Tests/testbed/check-testbed.py checks on every example and every good and bad script it has.
"""
import json

from . import script

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _number(low, high, default=None, description=None):
    out = {"type": "number", "minimum": low, "maximum": high}
    if default is not None:
        out["default"] = default
    if description:
        out["description"] = description
    return out


def _time(description):
    return _number(0, script.MAX_DURATION, description=f"{description}: seconds from time zero, at most \"duration\"")


TEXT = {"type": "string", "minLength": 1}


def _event(name):
    """One event's object: "at", "event", "id" and the event's own fields, nothing else."""
    properties = {"at": _time("when the event comes"), "event": {"const": name},
                  "id": dict(TEXT, description="a name for expectations (heard_within) and the reports; "
                                               "used by one event only")}
    for key, (default, low, high) in script.EVENTS[name].items():
        properties[key] = _number(low, high, default)
    required = ["at", "event"]
    text_field = script.TEXT_FIELDS.get(name)
    if text_field:
        key, allowed, default = text_field
        properties[key] = {"enum": list(allowed)}
        if default is None:
            required.append(key)
        else:
            properties[key]["default"] = default
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def _expectation_field(key, default):
    if key in script.TIMES:
        return _time(f"\"{key}\"")
    if key == "reference":
        return {"type": "array", "prefixItems": [_time("its start"), _time("its end")], "minItems": 2,
                "maxItems": 2, "description": "the window the level is compared with: [from, to]"}
    if key == "event":
        return dict(TEXT, description="the \"id\" of an event of the timeline")
    if key == "status":
        return {"enum": list(script.PLAYER_STATUSES)}
    if key == "present":
        return {"type": "boolean"}
    if key == "sink":
        return dict(TEXT, description="the sink the stream must be on, like \"testbed_speakers\"")
    low, high = script.BOUNDS[key]
    return _number(low, high, default)


def _expectation(kind):
    spec = script.EXPECTATIONS[kind]
    properties = {"expect": {"const": kind}, "name": dict(TEXT, description="its name in the reports")}
    for key in spec["required"]:
        properties[key] = _expectation_field(key, None)
    for key, default in spec["optional"].items():
        properties[key] = _expectation_field(key, default)
    out = {"type": "object", "properties": properties, "required": ["expect", *spec["required"]],
           "additionalProperties": False}
    if kind == "level":  # exactly one of the two bounds
        out["oneOf"] = [{"required": ["change_db_at_most"]}, {"required": ["change_db_at_least"]}]
    if kind == "stream":  # "at", or "event" and "ms"; a sink only for a stream that must be present
        out["oneOf"] = [{"required": ["at"]}, {"required": ["event", "ms"]}]
        out["if"] = {"required": ["sink"]}
        out["then"] = {"properties": {"present": {"const": True}}}
    return out


def _one_of_kinds(key, kinds, definition):
    """An entry whose `key` names one of `kinds`, checked against that kind's definition: each kind
    an if/then, so that a validator names the wrong field of the right kind."""
    return {"type": "object", "required": [key], "properties": {key: {"enum": list(kinds)}},
            "allOf": [{"if": {"properties": {key: {"const": kind}}, "required": [key]},
                       "then": {"$ref": f"#/$defs/{definition}.{kind}"}} for kind in kinds]}


def schema():
    """The schema, as a dict ready for json.dumps."""
    numbers = {}
    for key, (default, low, high) in script.TOP_NUMBERS.items():
        numbers[key] = _number(low, high, default)
    numbers["duration"]["description"] = "seconds from time zero (the game's first stream) to the end"
    numbers["time_limit"]["description"] = "seconds the whole run may take; at least \"duration\" + 10 " \
                                           "(default \"duration\" + 60)"
    numbers["stream_within"]["description"] = "seconds the game has to open its first stream"
    numbers["stop_within"]["description"] = "seconds the game has to exit after SIGTERM"
    defs = {f"event.{name}": _event(name) for name in script.EVENTS}
    defs.update({f"expectation.{kind}": _expectation(kind) for kind in script.EXPECTATIONS})
    defs["event"] = _one_of_kinds("event", script.EVENTS, "event")
    defs["expectation"] = _one_of_kinds("expect", script.EXPECTATIONS, "expectation")
    properties = {
        "$schema": {"type": "string", "description": "this schema's address, for editors; the testbed ignores it"},
        "testbed": {"const": 1, "description": "the script version"},
        "name": dict(TEXT, default="testbed", description="the run's name in the reports"),
        **numbers,
        "display": {"type": "boolean", "default": False, "description": "run the game under Xvfb"},
        "player": {"enum": list(script.PLAYERS), "default": "auto",
                   "description": "the music player: mpv with mpv-mpris, the testbed's own, or auto (mpv where "
                                  "installed, else the testbed's own)"},
        "timeline": {"type": "array", "items": {"$ref": "#/$defs/event"}, "description": "the events, in time order"},
        "expect": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/expectation"},
                   "description": "the expectations"},
    }
    return {
        "$schema": DRAFT,
        "title": "gamesound-testbed script, version 1",
        "description": "A script for gamesound-testbed (docs/testbed.md). Beyond this schema the testbed "
                       "checks: " + "; ".join(script.RULES) + ".",
        "type": "object",
        "required": ["testbed", "duration", "timeline", "expect"],
        "additionalProperties": False,
        "properties": {key: properties[key] for key in script.TOP},
        # An event that moves the game's window needs a display.
        "if": {"required": ["timeline"], "properties": {"timeline": {"contains": {
            "type": "object", "required": ["event"], "properties": {"event": {"enum": list(script.WINDOW_EVENTS)}}}}}},
        "then": {"required": ["display"], "properties": {"display": {"const": True}}},
        "$defs": defs,
    }


def text():
    """The schema as `gamesound-testbed schema` prints it (and the packages ship it)."""
    return json.dumps(schema(), indent=2) + "\n"
