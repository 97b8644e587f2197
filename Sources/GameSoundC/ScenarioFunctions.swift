// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import GameSoundTesting

/// Renders a scenario file headlessly to a WAV file and a JSON Lines event log.
///
/// The scenario's sounds are looked up in the folder named by the environment variable
/// `GAMESOUND_ASSETS` when it is set, otherwise in the folder `assets` beside the folder holding
/// the scenario (`game/scenarios/call.json` uses `game/assets`); either laid out as `sfx/` and `music/`.
///
/// - Parameters:
///   - scenario_path: The scenario (JSON).
///   - wav_path: Where to write the audio (16-bit stereo at the scenario's rate).
///   - events_path: Where to write the event log, or NULL for none.
/// - Returns: `GS_OK`, or `GS_ERR_NULL_POINTER`, `GS_ERR_SCENARIO` (unreadable or malformed scenario,
///   a sound that does not load, an event that fails), `GS_ERR_IO` (an output that cannot be written).
@c public func gs_render_scenario(
    _ scenario_path: UnsafePointer<CChar>?, _ wav_path: UnsafePointer<CChar>?, _ events_path: UnsafePointer<CChar>?
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_render_scenario"
        let scenarioPath = try string(scenario_path, named: "scenario_path", in: function)
        let wavPath = try string(wav_path, named: "wav_path", in: function)
        let eventsPath = try events_path.map { (pointer) throws(CFailure) in
            try string(pointer, named: "events_path", in: function)
        }
        let assets = ScenarioAssets.folder(assetsRoot(forScenarioAt: scenarioPath))
        let scenario: Scenario
        do throws(ScenarioError) {
            scenario = try Scenario.load(path: scenarioPath, sounds: Set(assets.effects.keys))
        } catch {
            throw CFailure(.scenario, "\(function): \(scenarioPath): \(error.description)")
        }
        let render: ScenarioRender
        do throws(ScenarioRunError) {
            render = try ScenarioRunner(logger: CLog.logger(label: "gamesound")).render(scenario, assets: assets)
        } catch {
            throw CFailure(.scenario, "\(function): \(scenarioPath): \(error.description)")
        }
        do throws(ScenarioOutputError) {
            try render.write(wav: wavPath, events: eventsPath)
        } catch {
            throw CFailure(.io, "\(function): \(error.description)")
        }
        return ResultCode.ok.rawValue
    }
}

/// `GAMESOUND_ASSETS`, or `assets` beside the scenario's folder.
private func assetsRoot(forScenarioAt path: String) -> String {
    if let value = getenv("GAMESOUND_ASSETS"), case let root = String(cString: value), !root.isEmpty { return root }
    let scenarioFolder = folder(of: path)
    let parent = folder(of: scenarioFolder.isEmpty ? "." : scenarioFolder)
    return (parent.isEmpty ? "." : parent) + "/assets"
}

/// The folder part of a path, as `dirname` would give it but empty for a bare name: `"a/b.json"` → `"a"`,
/// `"b.json"` → `""`, `"/b.json"` → `"/"`.
private func folder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
}
