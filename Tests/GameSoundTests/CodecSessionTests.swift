// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioEncoding
import AudioFiles
import Foundation
import GameSound
import Testing
import TestSupport

/// Opus and FLAC effects and streams in the running runtime, heard in the rendered audio through a
/// call and a media-services reset (issue 30 item 3's done-when).
@Suite("Opus and FLAC through the session")
struct CodecSessionTests {
    static let effectFrequency = 1_000.0
    static let streamFrequency = 330.0

    /// A mono 48 kHz tone of `seconds` at amplitude 0.5, written as WAV and encoded by the reference encoder.
    static func encodedTone(_ name: String, frequency: Double, seconds: Double, format: String, in folder: String) throws -> String {
        let tone = Signal.sine(frequency: frequency, amplitude: 0.5, frameCount: Int(seconds * 48_000), sampleRate: 48_000)
        let wav = folder + "/" + name + ".source.wav"
        _ = FileManager.default.createFile(atPath: wav, contents: Data(WAVEncoder.encode(
            PCMBuffer(format: PCMFormat(sampleRate: 48_000, channelCount: 1), samples: tone), as: .pcm16)))
        let path = folder + "/" + name + "." + format
        if format == "opus" { try ReferenceCodecs.opusenc(wav, to: path) } else { try ReferenceCodecs.flacEncode(wav, to: path) }
        try FileManager.default.removeItem(atPath: wav)
        return path
    }

    private func power(_ h: Harness, _ frequency: Double, _ frames: Range<Int>) -> Double {
        Signal.power(at: frequency, in: h.left(frames), sampleRate: 48_000)
    }

    /// Both the effect and the stream are heard in the last quarter second rendered.
    private func bothAudible(_ h: Harness, _ when: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let recent = (h.frame - 12_000)..<h.frame
        #expect(power(h, Self.effectFrequency, recent) > 0.005, "the effect is heard \(when)", sourceLocation: sourceLocation)
        #expect(power(h, Self.streamFrequency, recent) > 0.005, "the stream is heard \(when)", sourceLocation: sourceLocation)
    }

    @Test("an Opus and a FLAC effect and stream play, fall silent during a call, come back within one block, and the stream resumes in place after a media-services reset",
          arguments: ["opus", "flac"])
    func throughCallAndReset(_ format: String) throws {
        let folder = TestAssets.directory + "/codec-session-\(format)"
        try FileManager.default.createDirectory(atPath: folder + "/effects", withIntermediateDirectories: true)
        let effect = try Self.encodedTone("zap", frequency: Self.effectFrequency, seconds: 0.5, format: format, in: folder + "/effects")
        let stream = try Self.encodedTone("bed", frequency: Self.streamFrequency, seconds: 6, format: format, in: folder)
        let h = try Harness(soundtrack: false)
        // Loaded as gs_effect_load_folder and gs_effect_load load them.
        #expect(try h.runtime.preloadBank(folder: folder + "/effects").loaded == ["zap"])
        try h.runtime.preload("zap-by-path", path: effect)
        #expect(h.runtime.loadedEffects.contains("zap-by-path"))

        try h.runtime.play("zap", options: .init(loop: true))
        let voice = try h.runtime.playStream(stream, loop: false)
        try h.render(seconds: 1)
        bothAudible(h, "before the call")

        try h.perform("phone.ring")
        #expect(h.isSilent(try h.render(seconds: 0.5)), "silent during the call")
        try h.perform("phone.decline")
        let declined = h.frame
        try h.render(seconds: 0.5)
        #expect(try #require(h.firstAudibleFrame(from: declined)) - declined < 256, "back within one block of the call's end")
        bothAudible(h, "after the call")

        let before = try #require(try h.runtime.position(of: voice))
        try h.perform("mediaServices.lose")
        #expect(h.isSilent(try h.render(seconds: 0.5)), "silent while media services are lost")
        try h.perform("mediaServices.reset")
        let reset = h.frame
        try h.render(seconds: 0.5)
        #expect(try #require(h.firstAudibleFrame(from: reset)) - reset < 256, "back within one block of the reset")
        bothAudible(h, "after the reset")
        let after = try #require(try h.runtime.position(of: voice))
        #expect(abs(after - (before + 24_000)) <= 4_096 + 256, "the stream went on from where it was: \(before) then \(after)")
    }
}
