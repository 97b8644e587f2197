import Foundation

/// Printing a storm as a scenario file that the scenario runner (and `shooter-soundboard render`) replays.
extension StormSequence {
    /// The storm as scenario JSON, with the storm's assets folder; steps the scenario format has no
    /// words for (stop, preload, unload, crossfade, volume, resume) are listed after it.
    var scenarioReport: String {
        var events: [String] = []
        var unexpressed: [String] = []
        var frame = 0
        for (index, step) in steps.enumerated() {
            let at = String(Double(frame) / Double(StormAssets.sampleRate))
            switch step.action {
            case .system(let action):
                var fields = ["\"at\": \(at)", "\"system\": \"\(action.name)\""]
                for (key, value) in action.parameters.sorted(by: { $0.key < $1.key }) {
                    fields.append("\"\(key)\": \(value.description)")
                }
                events.append("{ " + fields.joined(separator: ", ") + " }")
            case .fire(let name, let loop, let priority):
                events.append("{ \"at\": \(at), \"fire\": \"\(name)\", \"loop\": \(loop), \"priority\": \(priority) }")
            case .fireProbe:
                events.append("{ \"at\": \(at), \"fire\": \"\(StormAssets.probe)\", \"loop\": true, \"priority\": 100 }")
            case .playSoundtrack(let track):
                events.append("{ \"at\": \(at), \"soundtrack\": \"play\"" + (track.map { ", \"track\": \"\($0)\"" } ?? "") + " }")
            case .pauseSoundtrack:
                events.append("{ \"at\": \(at), \"soundtrack\": \"pause\" }")
            case .stopSoundtrack(fade: 0):
                events.append("{ \"at\": \(at), \"soundtrack\": \"stop\" }")
            default:
                unexpressed.append("step \(index) at \(at) s: \(step.action)")
            }
            frame += step.framesAfter
        }
        let duration = String(Double(frame + 1_024) / Double(StormAssets.sampleRate))
        let launch = musicAtLaunch ? "\n  \"launch\": { \"otherAudio\": \"music\" }," : ""
        let json = """
        {
          "name": "storm-\(seed)",
          "description": "A random storm, shrunk to the steps that still break an invariant.",
          "duration": \(duration),
          "policy": "\(policy.rawValue)",
          "interruptionStrategy": "\(strategy.rawValue)",
          "voices": \(voices),
          "soundtrack": \(soundtrack.map { "\"\($0)\"" } ?? "null"),\(launch)
          "events": [
            \(events.joined(separator: ",\n    "))
          ]
        }
        """
        var report = "Scenario (assets folder: \(StormAssets.root)):\n\(json)\n"
        if !unexpressed.isEmpty {
            report += "Steps the scenario format cannot express (replay the seed for them):\n  "
                + unexpressed.joined(separator: "\n  ") + "\n"
        }
        report += "All steps:\n" + steps.enumerated().map { "  \($0.offset): \($0.element.action), then \($0.element.framesAfter) frames" }
            .joined(separator: "\n")
        return report
    }
}
