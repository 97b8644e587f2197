// SPDX-License-Identifier: Zlib
import AudioFiles
import Testing

/// Helpers for the streaming tests: reading a stream to its end, comparing results, building
/// `smpl` chunks and Vorbis files with comments of our choosing.
enum StreamFixtures {
    typealias R = RIFFBytes

    /// Every sample left in `decoder`, read `blockSize` frames at a time. Records an issue if a
    /// block other than the last is short, or if ``StreamingDecoder/position`` disagrees.
    static func readAll(_ decoder: any StreamingDecoder, blockSize: Int,
                        sourceLocation: SourceLocation = #_sourceLocation) throws(AudioFileError) -> [Float] {
        var samples: [Float] = []
        let channels = decoder.format.channelCount
        while true {
            let before = decoder.position
            let block = try decoder.read(maxFrames: blockSize)
            if block.samples.isEmpty {
                #expect(before == decoder.frameCount, "empty before the end", sourceLocation: sourceLocation)
                break
            }
            #expect(block.format == decoder.format, sourceLocation: sourceLocation)
            #expect(block.frameCount == min(blockSize, decoder.frameCount - before), sourceLocation: sourceLocation)
            #expect(decoder.position == before + block.frameCount, sourceLocation: sourceLocation)
            samples += block.samples
        }
        #expect(samples.count == decoder.frameCount * channels, sourceLocation: sourceLocation)
        return samples
    }

    /// What decoding gave: the audio, or the reason it failed. Lets two decoders be compared on
    /// any input, good or bad, with a single `==`.
    enum Outcome: Equatable, CustomStringConvertible {
        case decoded(PCMBuffer<Float>)
        case failed(AudioFileError)

        init(_ body: () throws(AudioFileError) -> PCMBuffer<Float>) {
            do throws(AudioFileError) {
                self = .decoded(try body())
            } catch {
                self = .failed(error)
            }
        }

        var description: String {
            switch self {
            case .decoded(let buffer): "\(buffer.frameCount) frames, \(buffer.format)"
            case .failed(let error): "\(error)"
            }
        }
    }

    /// Opens `bytes` with ``WAVStreamDecoder`` and reads it all in blocks of `blockSize` frames.
    static func streamWAV(_ bytes: [UInt8], label: String = "<memory>", blockSize: Int = 4096) -> Outcome {
        Outcome { () throws(AudioFileError) in
            let decoder = try WAVStreamDecoder(bytes: bytes, label: label)
            var samples: [Float] = []
            while true {
                let block = try decoder.read(maxFrames: blockSize)
                if block.samples.isEmpty { break }
                samples += block.samples
            }
            return PCMBuffer(format: decoder.format, samples: samples)
        }
    }

    /// The body of a `smpl` chunk with one loop per entry of `loops` (start and last frame, inclusive).
    static func samplerBody(loops: [(start: UInt32, last: UInt32)]) -> [UInt8] {
        var body = [UInt8]()
        for _ in 0..<7 { body += R.le32(0) }   // manufacturer, product, period, MIDI note and fraction, SMPTE
        body += R.le32(UInt32(loops.count)) + R.le32(0)
        for (index, loop) in loops.enumerated() {
            body += R.le32(UInt32(index)) + R.le32(0) + R.le32(loop.start) + R.le32(loop.last) + R.le32(0) + R.le32(0)
        }
        return body
    }

    /// `bytes`, an Ogg Vorbis file made by `VorbisEncoder`, with its comment header replaced by
    /// one holding `comments` (each `NAME=value`).
    ///
    /// The encoder puts the identification header alone on the first page and the comment and
    /// setup headers together on the second, with the audio starting on a fresh page. So only
    /// the second page changes: its packets are split by their lacing values, the comment packet
    /// is rebuilt as the Vorbis I specification lays it out, and the page gets a new checksum.
    static func vorbis(_ bytes: [UInt8], withComments comments: [String]) throws -> [UInt8] {
        let pages = VorbisFixtures.pages(in: bytes)
        try #require(pages.count > 2)
        let page = pages[1]
        let segmentCount = Int(bytes[page.lowerBound + 26])
        var offset = page.lowerBound + 27 + segmentCount
        var packets: [[UInt8]] = [], current: [UInt8] = []
        for lacing in bytes[(page.lowerBound + 27)..<(page.lowerBound + 27 + segmentCount)] {
            current += bytes[offset..<(offset + Int(lacing))]
            offset += Int(lacing)
            if lacing < 255 {
                packets.append(current)
                current = []
            }
        }
        try #require(packets.count == 2 && current.isEmpty, "the second page holds the comment and setup headers")
        try #require(packets[0].starts(with: [3] + Array("vorbis".utf8)) && packets[1].first == 5)

        let vendor = Array("GameSound tests".utf8)
        var comment: [UInt8] = [3] + Array("vorbis".utf8) + R.le32(UInt32(vendor.count)) + vendor
        comment += R.le32(UInt32(comments.count))
        for text in comments.map({ Array($0.utf8) }) { comment += R.le32(UInt32(text.count)) + text }
        comment.append(1) // framing bit

        func lacingValues(_ size: Int) -> [UInt8] {
            Array(repeating: 255, count: size / 255) + [UInt8(size % 255)]
        }
        let lacing = lacingValues(comment.count) + lacingValues(packets[1].count)
        try #require(lacing.count <= 255)
        var newPage = Array(bytes[page.lowerBound..<(page.lowerBound + 26)]) + [UInt8(lacing.count)] + lacing
        newPage += comment + packets[1]
        VorbisFixtures.fixChecksum(of: 0..<newPage.count, in: &newPage)
        return Array(bytes[pages[0]]) + newPage + Array(bytes[pages[2].lowerBound...])
    }
}
