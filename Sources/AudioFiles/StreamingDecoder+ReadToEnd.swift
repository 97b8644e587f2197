// SPDX-License-Identifier: Zlib
extension StreamingDecoder {
    /// Every frame from ``position`` to the end of the stream, in one buffer: how the whole-file
    /// decoders (``VorbisDecoder``, ``OpusDecoder``, ``FLACDecoder``) decode, so a sound decodes
    /// the same whether it is loaded whole or streamed.
    func readToEnd() throws(AudioFileError) -> PCMBuffer<Float> {
        var samples: [Float] = []
        // The recorded length is only a hint (a damaged file yields fewer frames): reserve at most
        // a minute at 48 kHz up front, so a header claiming hours cannot allocate them.
        samples.reserveCapacity(min(frameCount, 48_000 * 60) * format.channelCount)
        while true {
            let block = try read(maxFrames: 16_384)
            if block.samples.isEmpty { break }
            samples.append(contentsOf: block.samples)
        }
        return PCMBuffer(format: format, samples: samples)
    }
}
