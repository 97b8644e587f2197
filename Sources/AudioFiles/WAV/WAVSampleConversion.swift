// SPDX-License-Identifier: Zlib
/// Turns the stored samples of a WAV `data` chunk into scaled floats, in place.
///
/// Both decoders put the stored bytes at the end of the memory of the float array they return
/// and convert forwards from there, so no second buffer is ever needed: float `i` takes bytes
/// `4i..<4i+4`, and the stored samples not yet converted always lie after it. (Stored sample
/// `i` starts at byte `4n − wn + wi` for `n` samples of `w` bytes; writing float `i` ends at
/// byte `4i + 4`, which is at most where stored sample `i + 1` starts, since `w ≤ 4`.)
///
/// Integer samples are scaled so that full scale is 1.0: 8-bit `(x − 128) / 128`, 16-bit
/// `x / 32768`, 24-bit `x / 8 388 608`, 32-bit `x / 2 147 483 648`. Floats are kept as stored.
enum WAVSampleConversion {
    /// Converts the samples stored as `encoding` at the end of `memory` into floats filling it.
    ///
    /// - Parameters:
    ///   - memory: Room for `n` floats (`4n` bytes) whose last `n × bytesPerSample` bytes hold
    ///     the stored samples, as read from the file.
    ///   - encoding: How the samples are stored.
    static func convertInPlace(_ memory: UnsafeMutableRawBufferPointer, from encoding: WAVEncoding) {
        let width = encoding.bytesPerSample
        let count = memory.count / MemoryLayout<Float>.size
        guard count > 0, let base = memory.baseAddress else { return }
        let input = memory.count - count * width
        func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }
        func word32(_ offset: Int) -> UInt32 {
            UInt32(byte(offset)) | UInt32(byte(offset + 1)) << 8 | UInt32(byte(offset + 2)) << 16
                | UInt32(byte(offset + 3)) << 24
        }
        func store(_ value: Float, at index: Int) {
            base.storeBytes(of: value, toByteOffset: index * MemoryLayout<Float>.size, as: Float.self)
        }
        switch encoding {
        case .pcm8:
            for index in 0..<count { store((Float(byte(input + index)) - 128) / 128, at: index) }
        case .pcm16:
            for index in 0..<count {
                let at = input + 2 * index
                store(Float(Int16(bitPattern: UInt16(byte(at)) | UInt16(byte(at + 1)) << 8)) / 32768, at: index)
            }
        case .pcm24:
            for index in 0..<count {
                let at = input + 3 * index
                let word = UInt32(byte(at)) << 8 | UInt32(byte(at + 1)) << 16 | UInt32(byte(at + 2)) << 24
                store(Float(Int32(bitPattern: word) >> 8) / 8_388_608, at: index)
            }
        case .pcm32:
            for index in 0..<count {
                store(Float(Double(Int32(bitPattern: word32(input + 4 * index))) / 2_147_483_648), at: index)
            }
        case .float32:
            for index in 0..<count { store(Float(bitPattern: word32(input + 4 * index)), at: index) }
        }
    }

    /// The floats for the samples stored as `encoding` in `data`, a whole number of samples long.
    static func samples(in data: ArraySlice<UInt8>, encoding: WAVEncoding) -> [Float] {
        let count = data.count / encoding.bytesPerSample
        return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            let memory = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            data.withUnsafeBytes { stored in
                UnsafeMutableRawBufferPointer(rebasing: memory[(memory.count - stored.count)...]).copyMemory(from: stored)
            }
            convertInPlace(memory, from: encoding)
            initialized = count
        }
    }
}
