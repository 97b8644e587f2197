// SPDX-License-Identifier: Zlib
import AudioFiles
import Dispatch
import Synchronization

/// Decoded effects kept in memory by name: the cache that buffers are uploaded from, again after
/// a media-services reset, without reading any file twice.
struct EffectBank {
    private(set) var sounds: [String: PCMBuffer<Float>] = [:]

    /// Decodes `files` (name → path) in parallel on every core, each file once.
    ///
    /// - Returns: The decoded sounds and the failures, by name.
    static func decodeInParallel(_ files: [(name: String, path: String)],
                                 progress: (@Sendable (Int, Int) -> Void)?) -> [String: Result<PCMBuffer<Float>, AudioFileError>] {
        let results = DecodeResults(count: files.count)
        let done = DecodeCounter()
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let result = Result { () throws(AudioFileError) in try AudioDecoder.decode(path: files[index].path) }
            results.store(result, at: index)
            let finished = done.increment()
            progress?(finished, files.count)
        }
        var byName: [String: Result<PCMBuffer<Float>, AudioFileError>] = [:]
        for (index, file) in files.enumerated() {
            if let result = results.result(at: index) { byName[file.name] = result }
        }
        return byName
    }

    mutating func insert(_ sound: PCMBuffer<Float>, named name: String) { sounds[name] = sound }
    mutating func remove(_ name: String) { sounds[name] = nil }
    subscript(name: String) -> PCMBuffer<Float>? { sounds[name] }
    var names: [String] { sounds.keys.sorted() }
}

/// Slots that parallel decoders write into, one each, behind a lock.
private final class DecodeResults: Sendable {
    private let slots: Mutex<[Result<PCMBuffer<Float>, AudioFileError>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func store(_ result: Result<PCMBuffer<Float>, AudioFileError>, at index: Int) {
        slots.withLock { $0[index] = result }
    }

    func result(at index: Int) -> Result<PCMBuffer<Float>, AudioFileError>? {
        slots.withLock { $0[index] }
    }
}

/// Counts finished decodes for progress reports.
private final class DecodeCounter: Sendable {
    private let value = Mutex(0)

    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}
