// SPDX-License-Identifier: Zlib
/// The one object whose address a C decoder carries as its data-source pointer.
///
/// A protocol existential cannot travel through `Unmanaged`, so the callbacks receive this
/// box and reach the real source through it. The stream decoder keeps the box alive for as long
/// as its C library may call back.
final class ByteSourceBox {
    /// The bytes behind the stream.
    let source: any SeekableByteSource

    init(_ source: any SeekableByteSource) {
        self.source = source
    }

    /// The pointer handed to the C library (`ov_open_callbacks`, `op_open_callbacks`...); the box must outlive every use of it.
    var datasource: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// The source behind a `datasource` pointer that came from ``datasource``.
    static func source(from datasource: UnsafeMutableRawPointer?) -> (any SeekableByteSource)? {
        guard let datasource else { return nil }
        return Unmanaged<ByteSourceBox>.fromOpaque(datasource).takeUnretainedValue().source
    }
}
