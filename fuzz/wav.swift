// SPDX-License-Identifier: Zlib
// libFuzzer harness: the WAV decoder over arbitrary bytes, whole and as a stream (its smpl loop,
// seeking: fuzz/shared). It must answer with a decoded buffer or
// an AudioFileError, never crash, hang or read out of bounds (AddressSanitizer watches).
import AudioFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let buffer = try? WAVDecoder.decode(bytes: bytes, label: "fuzz") {
        precondition(buffer.samples.count == buffer.frameCount * buffer.format.channelCount, "samples and frames disagree")
    }
    exerciseStream(bytes)
    return 0
}
