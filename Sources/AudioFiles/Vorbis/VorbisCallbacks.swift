// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CVorbis

/// The `ov_callbacks` table that lets libvorbisfile read through a ``SeekableByteSource``.
///
/// Each entry is a C function pointer with no captures; it finds its source through the
/// `datasource` pointer (a ``ByteSourceBox``).
enum VorbisCallbacks {
    /// The callbacks for `ov_open_callbacks`, with the source closed through ``SeekableByteSource/close()``.
    static func make() -> ov_callbacks {
        ov_callbacks(
            read_func: { destination, size, count, datasource in
                guard let destination, let source = ByteSourceBox.source(from: datasource), size > 0 else {
                    return 0
                }
                let (bytes, overflow) = size.multipliedReportingOverflow(by: count)
                guard !overflow else { return 0 }
                return source.read(into: destination, count: bytes) / size
            },
            seek_func: { datasource, offset, whence in
                ByteSourceBox.source(from: datasource)?.seek(offset: offset, whence: whence) ?? -1
            },
            close_func: { datasource in
                ByteSourceBox.source(from: datasource)?.close()
                return 0
            },
            tell_func: { datasource in
                ByteSourceBox.source(from: datasource)?.tell() ?? -1
            }
        )
    }
}
