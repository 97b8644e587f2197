// SPDX-License-Identifier: Zlib
/// Reads the fields of one JSON object, producing errors that name the field and the event.
struct FieldReader {
    let fields: [String: JSONValue]
    let prefix: String
    let eventIndex: Int?
    let event: String?

    func failure(_ key: String, _ message: String) -> ScenarioError {
        ScenarioError(eventIndex: eventIndex, field: prefix + key, message: message, event: event)
    }

    func rejectUnknown(allowed: Set<String>, in place: String) throws(ScenarioError) {
        if let key = fields.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw failure(key, "unknown key \"\(key)\" in \(place)")
        }
    }

    func optional<Value>(_ key: String, as conversion: ScenarioParser.Conversion<Value>) throws(ScenarioError) -> Value? {
        guard let value = fields[key] else { return nil }
        guard let converted = conversion.convert(value) else {
            throw failure(key, "field \"\(prefix + key)\" (\(value.shortText)) must be \(conversion.expected)")
        }
        return converted
    }

    func required<Value>(_ key: String, as conversion: ScenarioParser.Conversion<Value>) throws(ScenarioError) -> Value {
        guard let value = try optional(key, as: conversion) else {
            throw failure(key, "the field \"\(prefix + key)\" is missing")
        }
        return value
    }
}
