import AudioFiles
import Foundation
import GameSoundTesting
import Testing

/// Inputs the fuzzers found (fuzz/regressions/<harness>/), replayed through the same decoders.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let regressions: String = {
        // Tests/ReliabilityTests/FuzzRegressionTests.swift -> the repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("fuzz/regressions").path
    }()

    static func input(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: regressions + "/" + path)))
    }

    @Test("The Ogg file on which libvorbisfile leaks 8 bytes is refused with a typed error naming the file")
    func libvorbisfileHeaderLeak() throws {
        let bytes = try Self.input("vorbis/libvorbisfile-header-leak.ogg")
        #expect(bytes.count > 0)
        do {
            let buffer = try VorbisDecoder.decode(bytes: bytes, label: "leak.ogg")
            Issue.record("decoded \(buffer.frameCount) frames from a damaged header")
        } catch {
            #expect(error.file == "leak.ogg")
        }
    }

    @Test("Every saved fuzz input of every harness is answered without a crash")
    func everySavedInput() throws {
        for harness in ["wav", "vorbis", "scenario"] {
            let folder = Self.regressions + "/" + harness
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let bytes = try Self.input(harness + "/" + name)
                switch harness {
                case "wav": _ = try? WAVDecoder.decode(bytes: bytes, label: name)
                case "vorbis": _ = try? VorbisDecoder.decode(bytes: bytes, label: name)
                default: _ = try? Scenario.parse(json: bytes)
                }
            }
        }
    }
}
