// SPDX-License-Identifier: Zlib
import AudioFiles
import Foundation
import GameSoundTesting
import Testing

/// Inputs the fuzzers found (fuzz/regressions/<harness>/), and the kept corpus (fuzz/corpus/<harness>/),
/// replayed through the same decoders.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// The repository's fuzz folder.
    static let fuzz: String = {
        // Tests/ReliabilityTests/FuzzRegressionTests.swift -> the repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("fuzz").path
    }()
    static let regressions = fuzz + "/regressions"

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

    /// The files of `fuzz/<folder>/<harness>`, sorted; none when the folder is missing.
    static func inputs(_ folder: String, _ harness: String) -> [String] {
        let path = Self.fuzz + "/" + folder + "/" + harness
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }

    @Test("Every input of the kept fuzz corpus (fuzz/corpus) gets the answer its harness demands", arguments: ["wav", "vorbis", "scenario"])
    func keptCorpus(harness: String) throws {
        let sounds: Set<String> = ["laser", "step", "boom"]
        let files = Self.inputs("corpus", harness)
        #expect(!files.isEmpty, "fuzz/corpus/\(harness) is empty")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            switch harness {
            case "wav":
                if let buffer = try? WAVDecoder.decode(bytes: bytes, label: file) {
                    #expect(buffer.samples.count == buffer.frameCount * buffer.format.channelCount, "\(file)")
                }
            case "vorbis":
                if let buffer = try? VorbisDecoder.decode(bytes: bytes, label: file) {
                    #expect(buffer.samples.count == buffer.frameCount * buffer.format.channelCount, "\(file)")
                }
            default:
                if let scenario = try? Scenario.parse(json: bytes, sounds: sounds) {
                    #expect((try? scenario.validate(sounds: sounds)) != nil, "\(file)")
                }
            }
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
