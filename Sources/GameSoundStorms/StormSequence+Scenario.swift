// SPDX-License-Identifier: Zlib
import Foundation
import GameSound

/// Printing a storm as a scenario file that the scenario runner (and `shooter-soundboard render`) replays.
extension StormSequence {
    /// The label a printed scenario gives the voice of the fire at `step`.
    static func voiceLabel(_ step: Int) -> String { "v\(step)" }

    /// A point or speed as the scenario format writes it, `[X, Y, Z]`, each number exact.
    static func json(_ vector: SIMDPosition) -> String { "[\(Double(vector.x)), \(Double(vector.y)), \(Double(vector.z))]" }

    /// The storm as scenario JSON: every step at the frame the storm took it, with the effects the
    /// storm loads at launch (the probe only), so that rendering it replays the storm frame for frame.
    ///
    /// A few steps depend on what the runtime answered during the run, which the trace recorded: a
    /// probe fire while the probe still plays is skipped, and "stop the last voice" stops the voice
    /// of the last fire that got one (its fire is labelled). A soundtrack `play` without a track or a
    /// `resume` before any track exists is left out: the runtime refuses it, the storm ignores that,
    /// and the scenario format rejects it.
    ///
    /// - Parameter trace: What the run of this very storm recorded (``StormRunner/traced(_:)``).
    /// - Returns: The JSON document.
    public func scenarioJSON(trace: StormTrace) -> String {
        var events: [String] = []
        var frame = 0
        var hasTrack = soundtrack != nil
        let labelled = Set(trace.stopped.values)
        // A fire's bus, written only when the storm did not use the effects bus.
        func bus(loop: Bool) -> [String] { loop || trace.oneShotBus == .effects ? [] : ["\"bus\": \"\(trace.oneShotBus)\""] }
        for (index, step) in steps.enumerated() {
            defer { frame += step.framesAfter }
            let at = "\"at\": \(Double(frame) / Double(StormAssets.sampleRate))"
            func add(_ fields: [String]) { events.append("{ " + ([at] + fields).joined(separator: ", ") + " }") }
            switch step.action {
            case .system(let action):
                add(["\"system\": \"\(action.name)\""]
                    + action.parameters.sorted(by: { $0.key < $1.key }).map { "\"\($0.key)\": \($0.value.description)" })
            case .fire(let name, let loop, let priority):
                var fields = ["\"fire\": \"\(name)\"", "\"loop\": \(loop)", "\"priority\": \(priority)"] + bus(loop: loop)
                if labelled.contains(index) { fields.append("\"voice\": \"\(Self.voiceLabel(index))\"") }
                add(fields)
            case .fireInSpace(let name, let loop, let priority, let placement):
                var fields = ["\"fire\": \"\(name)\"", "\"loop\": \(loop)", "\"priority\": \(priority)",
                              "\"position\": \(Self.json(placement.position))"] + bus(loop: loop)
                if let velocity = placement.velocity { fields.append("\"velocity\": \(Self.json(velocity))") }
                if let send = placement.reverbSend { fields.append("\"reverbSend\": \(Double(send))") }
                if let occlusion = placement.occlusion { fields.append("\"occlusion\": \(Double(occlusion))") }
                if labelled.contains(index) { fields.append("\"voice\": \"\(Self.voiceLabel(index))\"") }
                add(fields)
            case .moveLastVoice(let position, let velocity, let over):
                guard let fire = trace.stopped[index] else { continue }
                add(["\"move\": \"\(Self.voiceLabel(fire))\"", "\"position\": \(Self.json(position))"]
                    + (velocity.map { ["\"velocity\": \(Self.json($0))"] } ?? []) + ["\"over\": \(over)"])
            case .listener(let position, let orientation, let velocity, let over):
                let members = (position.map { ["\"position\": \(Self.json($0))"] } ?? [])
                    + (orientation.map { ["\"orientation\": { \"at\": \(Self.json($0.at)), \"up\": \(Self.json($0.up)) }"] } ?? [])
                    + (velocity.map { ["\"velocity\": \(Self.json($0))"] } ?? [])
                add(["\"listener\": { " + members.joined(separator: ", ") + " }", "\"over\": \(over)"])
            case .environment(let environment, let over):
                add(["\"environment\": \"\(environment.rawValue)\"", "\"over\": \(over)"])
            case .busMute(let bus, let muted):
                add(["\"bus\": \"\(bus)\"", "\"mute\": \(muted)"])
            case .busPause(let bus, let paused):
                add(["\"bus\": \"\(bus)\"", "\"paused\": \(paused)"])
            case .playStream(let track, let loop):
                guard !trace.skipped.contains(index) else { continue }
                add(["\"stream\": \"\(track)\"", "\"voice\": \"\(Self.voiceLabel(index))\"", "\"loop\": \(loop)", "\"gain\": 0.5"])
            case .fireDefined(let loop, let priority):
                var fields = ["\"fire\": \"\(StormAssets.definedSound)\"", "\"loop\": \(loop)", "\"priority\": \(priority)"] + bus(loop: loop)
                if labelled.contains(index) { fields.append("\"voice\": \"\(Self.voiceLabel(index))\"") }
                add(fields)
            case .fireProbe:
                guard !trace.skipped.contains(index) else { continue }
                add(["\"fire\": \"\(StormAssets.probe)\"", "\"loop\": true", "\"priority\": 100"])
            case .stopLastVoice:
                guard let fire = trace.stopped[index] else { continue }
                add(["\"stop\": \"\(Self.voiceLabel(fire))\""])
            case .stopAllEffects:
                add(["\"effects\": \"stopAll\""])
            case .effectsVolume(let volume):
                add(["\"effects\": \"volume\"", "\"value\": \(Double(volume))"])
            case .busVolume(let bus, let volume, let over):
                add(["\"bus\": \"\(bus)\"", "\"volume\": \(Double(volume))", "\"over\": \(over)"])
            case .setLastVoiceGain(let gain, let over):
                guard let fire = trace.stopped[index] else { continue }
                add(["\"set\": \"\(Self.voiceLabel(fire))\"", "\"gain\": \(Double(gain))", "\"over\": \(over)"])
            case .pauseLastVoice, .resumeLastVoice:
                guard let fire = trace.stopped[index] else { continue }
                add(["\"\(step.action == .pauseLastVoice ? "pause" : "resume")\": \"\(Self.voiceLabel(fire))\""])
            case .stopLastVoiceFade(let fade):
                guard let fire = trace.stopped[index] else { continue }
                add(["\"stop\": \"\(Self.voiceLabel(fire))\"", "\"fade\": \(fade)"])
            case .preload(let name):
                add(["\"preload\": \"\(name)\""])
            case .unload(let name):
                add(["\"unload\": \"\(name)\""])
            case .playSoundtrack(let track?):
                hasTrack = true
                add(["\"soundtrack\": \"play\"", "\"track\": \"\(track)\""])
            case .playSoundtrack(nil):
                guard hasTrack else { continue }
                add(["\"soundtrack\": \"play\""])
            case .pauseSoundtrack:
                add(["\"soundtrack\": \"pause\""])
            case .resumeSoundtrack:
                guard hasTrack else { continue }
                add(["\"soundtrack\": \"resume\""])
            case .stopSoundtrack(let fade):
                add(["\"soundtrack\": \"stop\""] + (fade > 0 ? ["\"fadeOut\": \(fade)"] : []))
            case .crossfade(let track, let duration):
                hasTrack = true
                add(["\"soundtrack\": \"crossfade\"", "\"track\": \"\(track)\"", "\"duration\": \(duration)"])
            }
        }
        let duration = Double(frame + Self.replayTail) / Double(StormAssets.sampleRate)
        let launch = musicAtLaunch ? "\n  \"launch\": { \"otherAudio\": \"music\" }," : ""
        let rules = trace.duckingRules.map {
            "{ \"bus\": \"\($0.bus)\", \"ducks\": \"\($0.ducked)\", \"db\": \(Double($0.decibels)), \"attack\": \($0.attack), \"release\": \($0.release) }"
        }
        let ducking = rules.isEmpty ? "" : "\n  \"ducking\": [\(rules.joined(separator: ", "))],"
        let definition = StormAssets.definition
        let variants = definition.variants.map { "\"\($0)\"" }.joined(separator: ", ")
        let sounds = "\"\(StormAssets.definedSound)\": { \"variants\": [\(variants)], "
            + "\"pitch\": [\(Double(definition.pitch.lowerBound)), \(Double(definition.pitch.upperBound))], "
            + "\"gain\": [\(Double(definition.gain.lowerBound)), \(Double(definition.gain.upperBound))] }"
        return """
        {
          "name": "storm-\(seed)",
          "description": "A random storm, shrunk to the steps that still break an invariant.",
          "duration": \(duration),
          "policy": "\(policy.rawValue)",
          "interruptionStrategy": "\(strategy.rawValue)",
          "voices": \(voices),
          "virtualVoices": \(virtualVoices),
          "sounds": { \(sounds) },
          "soundtrack": \(soundtrack.map { "\"\($0)\"" } ?? "null"),\(launch)\(ducking)
          "preload": [\(([StormAssets.probe] + definition.variants).map { "\"\($0)\"" }.joined(separator: ", "))],
          "events": [
            \(events.joined(separator: ",\n    "))
          ]
        }
        """
    }

    /// Frames a printed scenario renders after the storm's last step.
    public static let replayTail = 1_024

    /// The scenario, where its assets are, and every step in the storm's own words.
    ///
    /// - Parameter trace: What the run of this very storm recorded.
    /// - Returns: Text for a failure report.
    public func scenarioReport(trace: StormTrace) -> String {
        "Scenario (assets folder: \(StormAssets.root)):\n\(scenarioJSON(trace: trace))\n"
            + "All steps:\n" + steps.enumerated().map { "  \($0.offset): \($0.element.action), then \($0.element.framesAfter) frames" }
            .joined(separator: "\n")
    }
}
