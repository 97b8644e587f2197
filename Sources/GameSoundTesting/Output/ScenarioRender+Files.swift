import AudioFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// - Parameters:
    ///   - wav: Where to write the audio, or nil to skip it.
    ///   - events: Where to write ``eventLogJSONLines()``, or nil to skip it.
    ///   - timeline: Where to write ``timelineSVG(width:)`` at its default width, or nil to skip it.
    ///   - format: How the WAV file stores samples.
    /// - Throws: ``ScenarioOutputError`` for the first file that cannot be written (its folder must
    ///   exist); the files before it are written.
    public func write(wav: String? = nil, events: String? = nil, timeline: String? = nil,
                      format: ScenarioWAVFormat = .s16) throws(ScenarioOutputError) {
        if let wav { try Self.write(wavBytes(format: format), to: wav) }
        if let events { try Self.write(Array(eventLogJSONLines().utf8), to: events) }
        if let timeline { try Self.write(Array(timelineSVG().utf8), to: timeline) }
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(ScenarioOutputError) {
        guard let file = fopen(path, "wb") else { throw ScenarioOutputError(path: path, errno: errno) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeError: Int32? = written == bytes.count ? nil : (errno != 0 ? errno : EIO)
        let closed = fclose(file) == 0
        if let writeError { throw ScenarioOutputError(path: path, errno: writeError) }
        if !closed { throw ScenarioOutputError(path: path, errno: errno) }
    }
}
