// SPDX-License-Identifier: Zlib
// libFuzzer harness: the FLAC decoder over bytes in memory, whole and as a stream that seeks. It
// must answer with decoded samples or an AudioFileError, never crash, hang or read out of bounds.
import AudioFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFLAC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let buffer = try? FLACDecoder.decode(bytes: bytes, label: "fuzz") {
        precondition(buffer.samples.count == buffer.frameCount * buffer.format.channelCount, "samples and frames disagree")
    }
    // Seeking reads the file out of order (the seek table, a binary search over frames).
    exerciseStream(bytes)
    return 0
}
