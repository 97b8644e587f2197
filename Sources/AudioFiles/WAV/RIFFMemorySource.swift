// SPDX-License-Identifier: Zlib
/// A ``RIFFByteSource`` over a whole file already in memory.
struct RIFFMemorySource: RIFFByteSource {
    let bytes: [UInt8]

    var byteCount: Int { bytes.count }

    func read(at offset: Int, into destination: UnsafeMutableRawBufferPointer) -> Int {
        let count = max(0, min(destination.count, bytes.count - offset))
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { all in
            destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[offset..<(offset + count)]))
        }
        return count
    }
}
