// SPDX-License-Identifier: Zlib
import GameSound
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a render's three outputs as the render goes: the WAV file block by block, the event log
/// line by line, and the timeline picture at the end from a per-pixel summary of the audio. Its
/// memory does not grow with the render's length: what it keeps is one block's bytes, 8 numbers per
/// pixel column of the picture and, only when a timeline is asked for, the events (the picture
/// needs every one of them to lay its labels out).
///
/// Nothing is half-written: each output goes to a temporary file beside it (`.NAME.partial-PID`),
/// and ``finish()`` patches the WAV header with the final sizes, draws the timeline and only then
/// renames all of them into place. A writer that is let go of (or ``discard()``ed) before
/// ``finish()`` removes its temporary files, and files already at the output paths stay untouched.
///
/// The bytes are the ones ``ScenarioRender/write(wav:events:timeline:format:)`` writes for the
/// same render (that method is this writer fed with the whole render at once).
///
/// ```swift
/// let writer = try ScenarioFileWriter(scenario: scenario, wav: "out/long.wav", events: "out/long.jsonl")
/// var sink = writer
/// try ScenarioRunner().render(scenario, assets: .folder("assets"), into: &sink)
/// try writer.finish()
/// ```
public final class ScenarioFileWriter: ScenarioRenderSink {
    /// The scenario being rendered.
    public let scenario: Scenario
    /// The frames the render is announced to have; the WAV header is planned for it and the timeline
    /// spans it.
    public let frameCount: Int
    /// How the WAV file stores samples.
    public let format: ScenarioWAVFormat
    /// The frames written so far.
    public private(set) var framesWritten = 0
    /// The events received so far.
    public private(set) var eventCount = 0
    /// The temporary files being written, until ``finish()`` renames them or ``discard()`` removes
    /// them: for a program that wants to remove them itself if it is killed (on SIGINT, say).
    public var temporaryPaths: [String] { [wav, log, timeline].compactMap { $0?.temporary } }

    private struct Output {
        let path: String
        let temporary: String
        var file: UnsafeMutablePointer<FILE>?
    }

    private var wav: Output?
    private var log: Output?
    private var timeline: Output?
    /// Whether the WAV file has an RF64 header (decided from ``frameCount`` before the first byte).
    private let rf64: Bool
    private let timelineWidth: Int
    private var waveform: TimelineWaveform?
    private var events: [GameSoundEvent] = []
    private var bytes: [UInt8] = []
    private var finished = false

    /// Opens the temporary files of the outputs asked for; nothing is rendered yet.
    ///
    /// - Parameters:
    ///   - scenario: The scenario to be rendered: its name, rate and, unless `frameCount` says
    ///     otherwise, its length.
    ///   - frameCount: The frames the render will have; `scenario.frameCount` if nil.
    ///   - wav: Where to write the audio, or nil to skip it.
    ///   - events: Where to write the event log (JSON Lines), or nil to skip it.
    ///   - timeline: Where to write the timeline picture (SVG), or nil to skip it.
    ///   - format: How the WAV file stores samples. Past 4 GiB of samples its header is RF64's
    ///     (see ``ScenarioWAVFormat/header(sampleRate:frameCount:)``).
    ///   - timelineWidth: The picture's width in pixels, as for ``ScenarioRender/timelineSVG(width:)``.
    /// - Throws: ``ScenarioOutputError`` naming the first output whose temporary file cannot be
    ///   created (its folder must exist); then none is left behind.
    public init(scenario: Scenario, frameCount: Int? = nil, wav: String? = nil, events: String? = nil,
                timeline: String? = nil, format: ScenarioWAVFormat = .s16, timelineWidth: Int = 1600) throws(ScenarioOutputError) {
        self.scenario = scenario
        self.frameCount = max(frameCount ?? scenario.frameCount, 0)
        self.format = format
        self.timelineWidth = max(timelineWidth, 300)
        rf64 = format.needsRF64(frameCount: self.frameCount)
        do throws(ScenarioOutputError) {
            if let wav {
                self.wav = try Self.open(wav)
                try write(format.header(sampleRate: scenario.sampleRate, frameCount: self.frameCount, rf64: rf64), to: \.wav)
            }
            if let events { log = try Self.open(events) }
            if let timeline {
                self.timeline = try Self.open(timeline)
                waveform = TimelineWaveform(columns: TimelineDrawing.columns(width: self.timelineWidth), frameCount: self.frameCount)
            }
        } catch {
            discard()
            throw error
        }
    }

    deinit { discard() }

    /// Writes the next frames to the WAV file and adds them to the timeline's summary.
    ///
    /// - Parameter frames: Interleaved stereo floats.
    /// - Throws: ``ScenarioOutputError`` when the WAV file cannot be written (a full disk), or with
    ///   `EFBIG` when more frames arrive than a classic header planned for ``frameCount`` can describe.
    public func receive(frames: UnsafeBufferPointer<Float>) throws(ScenarioOutputError) {
        precondition(!finished, "the outputs are already written")
        let count = frames.count / 2
        if wav != nil {
            if !rf64, (framesWritten + count) * format.bytesPerFrame > format.classicDataLimit {
                throw ScenarioOutputError(path: wav?.path ?? "", errno: EFBIG)
            }
            // A bounded buffer however many frames come at once.
            let step = 8_192
            var start = 0
            while start < count {
                let end = min(start + step, count)
                bytes.removeAll(keepingCapacity: true)
                format.appendSamples(UnsafeBufferPointer(rebasing: frames[(start * 2)..<(end * 2)]), to: &bytes)
                try write(bytes, to: \.wav)
                start = end
            }
        }
        waveform?.add(frames)
        framesWritten += count
    }

    /// Appends the events to the log, one JSON line each, and keeps them for the timeline if it is drawn.
    ///
    /// - Parameter events: The new events, in order.
    /// - Throws: ``ScenarioOutputError`` when the log cannot be written.
    public func receive(events: [GameSoundEvent]) throws(ScenarioOutputError) {
        precondition(!finished, "the outputs are already written")
        if log != nil {
            for event in events {
                bytes.removeAll(keepingCapacity: true)
                bytes += event.jsonLine.utf8
                bytes.append(UInt8(ascii: "\n"))
                try write(bytes, to: \.log)
            }
        }
        if timeline != nil { self.events += events }
        eventCount += events.count
    }

    /// Completes the outputs: patches the WAV header with the frames written, draws and writes the
    /// timeline, closes everything, and renames each temporary file into place.
    ///
    /// - Throws: ``ScenarioOutputError`` for the first output that cannot be completed; then no
    ///   output is written at all (as far as the renames allow: they come last, one after another).
    public func finish() throws(ScenarioOutputError) {
        precondition(!finished, "the outputs are already written")
        do throws(ScenarioOutputError) {
            if let output = wav, let file = output.file {
                guard fflush(file) == 0, fseeko(file, 0, SEEK_SET) == 0 else {
                    throw ScenarioOutputError(path: output.path, errno: errno)
                }
                try write(format.header(sampleRate: scenario.sampleRate, frameCount: framesWritten, rf64: rf64), to: \.wav)
            }
            if let waveform, timeline != nil {
                let svg = TimelineDrawing(scenario: scenario, frameCount: frameCount, events: events, waveform: waveform,
                                          width: timelineWidth).svg()
                events = []
                try write(Array(svg.utf8), to: \.timeline)
            }
            for output in [\ScenarioFileWriter.wav, \.log, \.timeline] { try close(output) }
            for output in [wav, log, timeline].compactMap({ $0 }) where rename(output.temporary, output.path) != 0 {
                throw ScenarioOutputError(path: output.path, errno: errno)
            }
            finished = true
            wav = nil
            log = nil
            timeline = nil
        } catch {
            discard()
            throw error
        }
    }

    /// Closes and removes the temporary files; the outputs' paths are left as they were. Called by
    /// itself when the writer is let go of before ``finish()``; nothing happens after it.
    public func discard() {
        guard !finished else { return }
        finished = true
        for output in [wav, log, timeline].compactMap({ $0 }) {
            if let file = output.file { fclose(file) }
            unlink(output.temporary)
        }
        wav = nil
        log = nil
        timeline = nil
        events = []
    }

    // MARK: - Files

    /// A name for a temporary file in the same folder as `path` (so the rename cannot cross file systems).
    static func temporaryPath(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + ".\(name).partial-\(getpid())"
    }

    private static func open(_ path: String) throws(ScenarioOutputError) -> Output {
        let temporary = temporaryPath(beside: path)
        guard let file = fopen(temporary, "wb") else { throw ScenarioOutputError(path: path, errno: errno) }
        return Output(path: path, temporary: temporary, file: file)
    }

    private func write(_ bytes: [UInt8], to output: ReferenceWritableKeyPath<ScenarioFileWriter, Output?>) throws(ScenarioOutputError) {
        guard let target = self[keyPath: output], let file = target.file else { return }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written != bytes.count { throw ScenarioOutputError(path: target.path, errno: errno != 0 ? errno : EIO) }
    }

    private func close(_ output: ReferenceWritableKeyPath<ScenarioFileWriter, Output?>) throws(ScenarioOutputError) {
        guard let target = self[keyPath: output], let file = target.file else { return }
        self[keyPath: output]?.file = nil
        if fclose(file) != 0 { throw ScenarioOutputError(path: target.path, errno: errno) }
    }
}
