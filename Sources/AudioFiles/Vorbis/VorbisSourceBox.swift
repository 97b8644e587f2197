/// The one object whose address libvorbisfile carries as its `datasource` pointer.
///
/// A protocol existential cannot travel through `Unmanaged`, so the callbacks receive this
/// box and reach the real source through it. The ``VorbisStreamDecoder`` keeps the box alive
/// for as long as libvorbisfile may call back.
final class VorbisSourceBox {
    /// The bytes behind the stream.
    let source: any VorbisByteSource

    init(_ source: any VorbisByteSource) {
        self.source = source
    }

    /// The pointer handed to `ov_open_callbacks`; the box must outlive every use of it.
    var datasource: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// The source behind a `datasource` pointer that came from ``datasource``.
    static func source(from datasource: UnsafeMutableRawPointer?) -> (any VorbisByteSource)? {
        guard let datasource else { return nil }
        return Unmanaged<VorbisSourceBox>.fromOpaque(datasource).takeUnretainedValue().source
    }
}
