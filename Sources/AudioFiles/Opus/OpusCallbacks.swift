// SPDX-License-Identifier: Zlib
import COpusFile

/// The `OpusFileCallbacks` table that lets libopusfile read through a ``SeekableByteSource``.
///
/// Each entry is a C function pointer with no captures; it finds its source through the stream
/// pointer (a ``ByteSourceBox``). libopusfile copies the table when a file is opened.
enum OpusCallbacks {
    /// The callbacks for `op_open_callbacks`, with the source closed through ``SeekableByteSource/close()``.
    static func make() -> OpusFileCallbacks {
        OpusFileCallbacks(
            read: { stream, destination, count in
                guard let destination, let source = ByteSourceBox.source(from: stream), count > 0 else { return 0 }
                return Int32(clamping: source.read(into: destination, count: Int(count)))
            },
            seek: { stream, offset, whence in
                ByteSourceBox.source(from: stream)?.seek(offset: offset, whence: whence) ?? -1
            },
            tell: { stream in
                Int64(ByteSourceBox.source(from: stream)?.tell() ?? -1)
            },
            close: { stream in
                ByteSourceBox.source(from: stream)?.close()
                return 0
            }
        )
    }
}
