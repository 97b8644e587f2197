// SPDX-License-Identifier: Zlib
import AudioAnalysis
import Foundation
import Testing
import TestSupport

/// What the default sink played, recorded from its monitor with `parec`.
enum MonitorRecording {
    /// A recording of a monitor source running in the background until ``stop()``.
    final class Running {
        let process: Process
        let path: String
        let file: FileHandle

        init(folder: String, device: String) throws {
            path = folder + "/monitor-\(UUID().uuidString).raw"
            try #require(FileManager.default.createFile(atPath: path, contents: nil), "cannot create \(path)")
            file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            process = try PulseTestEnvironment.start(["parec", "--device=\(device)", "--raw", "--format=float32le", "--channels=1",
                                                      "--rate=48000", "--latency-msec=\(PulseTestEnvironment.recordLatencyMilliseconds)"],
                                                     output: file)
        }

        private var reader: FileHandle?

        /// The samples recorded since the last call (whole samples only), while it runs.
        func newSamples() throws -> [Float] {
            if reader == nil { reader = FileHandle(forReadingAtPath: path) }
            guard let reader else { return [] }
            let available = try FileManager.default.attributesOfItem(atPath: path)[.size] as? UInt64 ?? 0
            let offset = try reader.offset()
            let whole = (available - min(available, offset)) / 4 * 4
            guard whole > 0, let data = try reader.read(upToCount: Int(whole)) else { return [] }
            return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }

        /// Stops the recording and returns what it holds; the last sample is from about now.
        func stop() throws -> [Float] {
            ChildProcess.stop(process)
            try file.close()
            try reader?.close()
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
    }

    /// Records `seconds` of a monitor source (the default sink's unless `device` names another)
    /// as mono floats at 48 kHz.
    static func record(seconds: Double, folder: String, device: String = PulseTestEnvironment.monitorSource) throws -> [Float] {
        let recording = try Running(folder: folder, device: device)
        Thread.sleep(forTimeInterval: seconds)
        // parec drains politely on SIGTERM and can take its time; the recording is already on disk.
        return try recording.stop()
    }

    /// Records half-second stretches until one is louder than `rms`, for up to `seconds`: the
    /// null sink holds up to ~0.75 s of audio, so what the game plays now is heard a little later.
    static func heard(louderThan rms: Float = 0.05, within seconds: Double = 5, folder: String,
                      device: String = PulseTestEnvironment.monitorSource) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if tailRMS(try record(seconds: 0.5, folder: folder, device: device)) > rms { return true }
        } while Date() < deadline
        return false
    }

    /// The loudness of the last half of a recording (the first half may hold what played before).
    static func tailRMS(_ samples: [Float]) -> Float {
        Signal.rms(samples.suffix(samples.count / 2))
    }
}
