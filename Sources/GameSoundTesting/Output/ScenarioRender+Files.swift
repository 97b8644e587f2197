// SPDX-License-Identifier: Zlib
import AudioFiles

/// The render's audio as a WAV file, and all three outputs written to disk.
extension ScenarioRender {
    /// The mix as a complete stereo WAV file at the scenario's rate.
    ///
    /// - Parameter format: ``ScenarioWAVFormat/s16`` (the default) or ``ScenarioWAVFormat/f32``.
    /// - Returns: The file's bytes.
    public func wavBytes(format: ScenarioWAVFormat = .s16) -> [UInt8] {
        let buffer = PCMBuffer<Float>(format: PCMFormat(sampleRate: sampleRate, channelCount: 2), samples: samples)
        return WAVEncoder.encode(buffer, as: format == .s16 ? .pcm16 : .float32)
    }

    /// Writes any of the three outputs: the WAV file, the JSON Lines event log and the SVG timeline.
    ///
    /// Nothing is half-written: each output goes to a temporary file in its own folder first, and
    /// only when all of them are complete are they renamed into place. On any failure the temporary
    /// files are removed and files already at those paths are left untouched.
    ///
    /// - Parameters:
    ///   - wav: Where to write the audio, or nil to skip it.
    ///   - events: Where to write ``eventLogJSONLines()``, or nil to skip it.
    ///   - timeline: Where to write ``timelineSVG(width:)`` at its default width, or nil to skip it.
    ///   - format: How the WAV file stores samples.
    /// - Throws: ``ScenarioOutputError`` for the first file that cannot be written (its folder must
    ///   exist); then no output is written at all.
    public func write(wav: String? = nil, events: String? = nil, timeline: String? = nil,
                      format: ScenarioWAVFormat = .s16) throws(ScenarioOutputError) {
        // The streamed writer, fed the whole render at once: one way to the bytes on disk.
        let writer = try ScenarioFileWriter(scenario: scenario, frameCount: frameCount, wav: wav, events: events,
                                            timeline: timeline, format: format)
        try samples.withUnsafeBufferPointer { (buffer) throws(ScenarioOutputError) in try writer.receive(frames: buffer) }
        if !self.events.isEmpty { try writer.receive(events: self.events) }
        try writer.finish()
    }
}
