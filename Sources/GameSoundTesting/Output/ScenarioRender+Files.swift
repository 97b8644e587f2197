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
        var outputs: [(path: String, bytes: () -> [UInt8])] = []
        if let wav { outputs.append((wav, { self.wavBytes(format: format) })) }
        if let events { outputs.append((events, { Array(self.eventLogJSONLines().utf8) })) }
        if let timeline { outputs.append((timeline, { Array(self.timelineSVG().utf8) })) }
        var written: [(temporary: String, path: String)] = []
        do throws(ScenarioOutputError) {
            for output in outputs {
                let temporary = Self.temporaryPath(beside: output.path)
                written.append((temporary, output.path))
                try Self.write(output.bytes(), to: temporary, reportedAs: output.path)
            }
            for file in written where rename(file.temporary, file.path) != 0 {
                throw ScenarioOutputError(path: file.path, errno: errno)
            }
        } catch {
            for file in written { unlink(file.temporary) }
            throw error
        }
    }

    /// A name for a temporary file in the same folder as `path` (so the rename cannot cross file systems).
    private static func temporaryPath(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + ".\(name).partial-\(getpid())"
    }

    private static func write(_ bytes: [UInt8], to path: String, reportedAs shownPath: String) throws(ScenarioOutputError) {
        guard let file = fopen(path, "wb") else { throw ScenarioOutputError(path: shownPath, errno: errno) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeError: Int32? = written == bytes.count ? nil : (errno != 0 ? errno : EIO)
        let closed = fclose(file) == 0
        if let writeError { throw ScenarioOutputError(path: shownPath, errno: writeError) }
        if !closed { throw ScenarioOutputError(path: shownPath, errno: errno) }
    }
}
