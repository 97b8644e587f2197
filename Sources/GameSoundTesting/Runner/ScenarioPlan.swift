// SPDX-License-Identifier: Zlib
import GameSound

/// A scenario checked against its assets, with every name resolved to a file: what the runner
/// needs before it creates a runtime, so that a bad scenario fails before anything is rendered.
struct ScenarioPlan {
    let scenario: Scenario
    /// The runtime's configuration: headless, at the scenario's rate, voices (virtual ones too),
    /// strategies, seed, spatialization and distance model.
    let configuration: GameSoundConfiguration
    /// The launch soundtrack's file, if any.
    let soundtrackPath: String?
    /// The effects loaded before the first event, in order, with their files.
    let effects: [(name: String, path: String)]
    /// The file of every effect the scenario names, for its `preload` events.
    let effectPaths: [String: String]
    /// The files of `soundtrack` `play` and `crossfade` events that name a track, by event index.
    let trackPaths: [Int: String]
    /// The files of `stream` events, by event index.
    let streamPaths: [Int: String]

    init(scenario: Scenario, assets: ScenarioAssets) throws(ScenarioError) {
        try scenario.validate(sounds: Set(assets.effects.keys))
        self.scenario = scenario
        var configuration = GameSoundConfiguration(policy: scenario.policy, output: .headless, sampleRate: scenario.sampleRate,
                                                   voices: scenario.voices, interruptionStrategy: scenario.interruptionStrategy,
                                                   seed: scenario.seed)
        configuration.virtualVoices = scenario.virtualVoices
        configuration.spatialization = scenario.spatialization
        configuration.distanceModel = scenario.distanceModel
        self.configuration = configuration
        if let soundtrack = scenario.soundtrack {
            guard let path = assets.soundtrackPath(for: soundtrack) else {
                throw ScenarioError(field: "soundtrack", message: Self.unknownTrack(soundtrack, assets: assets))
            }
            soundtrackPath = path
        } else {
            soundtrackPath = nil
        }
        effects = scenario.launchEffects.compactMap { name in assets.effects[name].map { (name, $0) } }
        effectPaths = assets.effects.filter { scenario.usedEffects.contains($0.key) }
        var trackPaths: [Int: String] = [:], streamPaths: [Int: String] = [:]
        for (index, event) in scenario.events.enumerated() {
            switch event.kind {
            case .soundtrack(let command):
                guard let track = command.track else { continue }
                guard let path = assets.soundtrackPath(for: track) else {
                    throw ScenarioError(eventIndex: index, field: "track", message: Self.unknownTrack(track, assets: assets),
                                        event: event.summary)
                }
                trackPaths[index] = path
            case .stream(let asset, _, _, _, _):
                guard let path = assets.streamPath(for: asset) else {
                    throw ScenarioError(eventIndex: index, field: "stream", message: Self.unknownStream(asset, assets: assets),
                                        event: event.summary)
                }
                streamPaths[index] = path
            default:
                continue
            }
        }
        self.trackPaths = trackPaths
        self.streamPaths = streamPaths
    }

    private static func unknownTrack(_ track: String, assets: ScenarioAssets) -> String {
        let known = assets.soundtracks.keys.sorted()
        let list = known.isEmpty ? "no soundtracks are available" : "available: " + known.joined(separator: ", ")
        return "unknown soundtrack '\(track)': neither a soundtrack name (\(list)) nor an existing file"
    }

    private static func unknownStream(_ asset: String, assets: ScenarioAssets) -> String {
        let known = Set(assets.streams.keys).union(assets.soundtracks.keys).sorted()
        let list = known.isEmpty ? "no streams are available" : "available: " + known.joined(separator: ", ")
        return "unknown stream '\(asset)': neither a stream or soundtrack name (\(list)) nor an existing file"
    }
}
