// SPDX-License-Identifier: Zlib
/// Streamed renders: the mix and the log handed on as they are made, so that a render of any length
/// needs no more memory than a short one.
extension ScenarioRunner {
    /// Renders `scenario` straight into files: the WAV file block by block, the event log as events
    /// come, and the timeline from a per-pixel summary of the audio. Peak memory does not depend on
    /// the scenario's length (see ``ScenarioFileWriter``); the files are the bytes
    /// `render(scenario, assets: assets).write(wav:events:timeline:format:)` would write.
    ///
    /// The outputs' temporary files are created before anything renders, so a folder that does not
    /// exist fails at once. Nothing is half-written: on any failure no output is written and files
    /// already at those paths stay untouched.
    ///
    /// ```swift
    /// let written = try ScenarioRunner().renderToFiles(scenario, assets: .folder("assets"),
    ///                                                  wav: "out/hour.wav", events: "out/hour.jsonl")
    /// print(written.eventCount)
    /// ```
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - assets: Where its effects, soundtracks and streams are.
    ///   - wav: Where to write the audio, or nil to skip it.
    ///   - events: Where to write the event log (JSON Lines), or nil to skip it.
    ///   - timeline: Where to write the timeline picture (SVG) at its default width, or nil to skip it.
    ///   - format: How the WAV file stores samples.
    /// - Returns: The writer, finished: how many frames and events were written.
    /// - Throws: ``ScenarioStreamError``.
    @discardableResult
    public func renderToFiles(_ scenario: Scenario, assets: ScenarioAssets, wav: String? = nil, events: String? = nil,
                              timeline: String? = nil, format: ScenarioWAVFormat = .s16) throws(ScenarioStreamError) -> ScenarioFileWriter {
        var writer: ScenarioFileWriter
        do {
            writer = try ScenarioFileWriter(scenario: scenario, wav: wav, events: events, timeline: timeline, format: format)
        } catch {
            throw .output(error)
        }
        try render(scenario, assets: assets, into: &writer)
        do { try writer.finish() } catch { throw .output(error) }
        return writer
    }
}
