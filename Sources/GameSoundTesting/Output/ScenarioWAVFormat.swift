// SPDX-License-Identifier: Zlib
/// How ``ScenarioRender/wavBytes(format:)`` and ``ScenarioFileWriter`` store samples in a WAV file.
public enum ScenarioWAVFormat: String, Sendable, Hashable, CaseIterable {
    /// 16-bit integer PCM, what every tool plays; samples are rounded to the nearest step.
    case s16
    /// 32-bit float, the mix exactly as rendered.
    case f32

    /// The bytes one stereo frame takes: 4 for ``s16``, 8 for ``f32``.
    public var bytesPerFrame: Int { self == .s16 ? 4 : 8 }

    /// The most bytes of samples a classic RIFF WAV file of this format can hold: its sizes are
    /// unsigned 32-bit numbers counting the whole file after its first 8 bytes. Past this the header
    /// is RF64's (see ``header(sampleRate:frameCount:)``).
    public var classicDataLimit: Int { Int(UInt32.max) - (classicHeaderSize - 8) }

    /// The size of the classic header: 44 bytes for ``s16``, 58 for ``f32`` (its `fmt ` chunk has
    /// a `cbSize` and a `fact` chunk follows, as floating-point WAV files should).
    var classicHeaderSize: Int { self == .s16 ? 44 : 58 }

    /// Whether `frameCount` frames need an RF64 header.
    func needsRF64(frameCount: Int) -> Bool { frameCount * bytesPerFrame > classicDataLimit }

    /// The header of a stereo WAV file of `frameCount` frames at `sampleRate`: everything before
    /// the first sample.
    ///
    /// Up to ``classicDataLimit`` bytes of samples it is the classic RIFF header, byte for byte the
    /// one `AudioFiles`' `WAVEncoder` writes (the sizes are unsigned, so a file between 2 and 4 GiB
    /// is described correctly). Past that it is an RF64 header (EBU Tech 3306): `RF64` in place of
    /// `RIFF`, a `ds64` chunk straight after `WAVE` holding the 64-bit sizes and frame count, and
    /// 0xFFFFFFFF in the 32-bit fields they replace. ffmpeg and libsndfile (and what is built on
    /// it, such as Audacity) read RF64; Sony's Wave64 would need a different layout altogether, and
    /// fewer tools read it. A scenario lasts at most 3600 s at 96 kHz, at most
    /// 2.76 GB of 32-bit float, so today's scenarios never get there.
    ///
    /// - Parameters:
    ///   - sampleRate: Frames per second.
    ///   - frameCount: The number of stereo frames that follow.
    /// - Returns: 44 or 58 bytes (classic), or 36 more with the `ds64` chunk (RF64).
    public func header(sampleRate: Int, frameCount: Int) -> [UInt8] {
        header(sampleRate: sampleRate, frameCount: frameCount, rf64: needsRF64(frameCount: frameCount))
    }

    /// The header, classic or RF64 as asked (a writer keeps the layout it started with).
    func header(sampleRate: Int, frameCount: Int, rf64: Bool) -> [UInt8] {
        precondition(frameCount >= 0 && sampleRate > 0, "a WAV file has a positive rate and no negative frames")
        let isFloat = self == .f32
        let blockAlign = bytesPerFrame
        let dataSize = frameCount * blockAlign
        let formatSize = isFloat ? 18 : 16
        let factSize = isFloat ? 12 : 0
        let ds64Size = rf64 ? 36 : 0
        // The data size is a whole number of frames of 4 or 8 bytes: never odd, so never a pad byte.
        let riffSize = 4 + ds64Size + (8 + formatSize) + factSize + 8 + dataSize
        precondition(rf64 || riffSize <= Int(UInt32.max), "a classic WAV file holds at most 4 GiB")
        let unknown = UInt32.max

        var bytes: [UInt8] = []
        bytes.reserveCapacity(classicHeaderSize + ds64Size)
        bytes += Array((rf64 ? "RF64" : "RIFF").utf8)
        Self.append(rf64 ? unknown : UInt32(riffSize), to: &bytes)
        bytes += Array("WAVE".utf8)
        if rf64 {
            bytes += Array("ds64".utf8)
            Self.append(UInt32(28), to: &bytes)
            Self.append(UInt64(riffSize), to: &bytes)
            Self.append(UInt64(dataSize), to: &bytes)
            Self.append(UInt64(frameCount), to: &bytes)
            Self.append(UInt32(0), to: &bytes)  // no table of other chunks' sizes
        }
        bytes += Array("fmt ".utf8)
        Self.append(UInt32(formatSize), to: &bytes)
        Self.append(UInt16(isFloat ? 0x0003 : 0x0001), to: &bytes)
        Self.append(UInt16(2), to: &bytes)
        Self.append(UInt32(sampleRate), to: &bytes)
        Self.append(UInt32(sampleRate * blockAlign), to: &bytes)
        Self.append(UInt16(blockAlign), to: &bytes)
        Self.append(UInt16(isFloat ? 32 : 16), to: &bytes)
        if isFloat {
            Self.append(UInt16(0), to: &bytes)
            bytes += Array("fact".utf8)
            Self.append(UInt32(4), to: &bytes)
            Self.append(rf64 ? unknown : UInt32(truncatingIfNeeded: frameCount), to: &bytes)
        }
        bytes += Array("data".utf8)
        Self.append(rf64 ? unknown : UInt32(dataSize), to: &bytes)
        return bytes
    }

    /// Appends `samples` (interleaved stereo floats) as this format stores them: 16-bit scales 1.0
    /// to 32768, rounds to nearest (halves away from zero), clamps, and makes NaN silence, exactly as
    /// `WAVEncoder` does; float keeps the bits.
    func appendSamples(_ samples: UnsafeBufferPointer<Float>, to bytes: inout [UInt8]) {
        switch self {
        case .s16:
            for sample in samples {
                let value: Int16
                if sample.isNaN {
                    value = 0
                } else {
                    let scaled = (Double(sample) * 32_768).rounded(.toNearestOrAwayFromZero)
                    value = Int16(min(32_767, max(-32_768, scaled)))
                }
                Self.append(UInt16(bitPattern: value), to: &bytes)
            }
        case .f32:
            for sample in samples { Self.append(sample.bitPattern, to: &bytes) }
        }
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
