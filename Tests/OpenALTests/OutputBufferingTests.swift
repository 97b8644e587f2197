// SPDX-License-Identifier: Zlib
import Foundation
@testable import OpenAL
import Testing

/// The buffering GameSound asks of OpenAL Soft, and how it reads the player's own configuration to
/// leave a player's choice alone. (Asking itself changes the process's environment before OpenAL
/// Soft starts, so it is tested in processes of its own: Tests/desktop/check-io-buffer.py.)
@Suite("OpenAL Soft output buffering")
struct OutputBufferingTests {
    @Test("A request is clamped to what OpenAL Soft 1.19.1 accepts")
    func clamping() {
        let small = OpenALProcess.OutputBuffering(sampleRate: 4_000, periodFrames: 10, periods: 1)
        #expect(small == OpenALProcess.OutputBuffering(sampleRate: 8_000, periodFrames: 64, periods: 2))
        #expect(small.sampleRate == 8_000 && small.periodFrames == 64 && small.periods == 2)
        let odd = OpenALProcess.OutputBuffering(sampleRate: 48_000, periodFrames: 250, periods: 40)
        #expect(odd.periodFrames == 252 && odd.periods == 16)
        let large = OpenALProcess.OutputBuffering(sampleRate: 48_000, periodFrames: 100_000, periods: 3)
        #expect(large.periodFrames == 8_192)
        #expect(odd.configurationText == "[general]\nfrequency = 48000\nperiod_size = 252\nperiods = 16\n")
    }

    @Test("A buffering key in the player's [general] section, or before any section, is found", arguments: [
        ("[general]\nperiod_size = 512\n", "period_size"),
        ("periods=4\n[pulse]\nallow-moves = true\n", "periods"),
        ("# a comment\n  [General]\n\tFrequency = 44100\n", "frequency"),
        ("[pulse]\nallow-moves = true\n[general]\nperiods = 2\n", "periods"),
    ])
    func playerKeyFound(text: String, key: String) throws {
        let path = try write(text)
        defer { unlink(path) }
        #expect(OpenALProcess.bufferingKey(inConfiguration: path) == key)
    }

    @Test("Other sections, comments and other keys are not the player's buffering", arguments: [
        "[pulse]\nperiod_size = 512\n",
        "[general]\n# period_size = 512\nhrtf = true\n",
        "[ALSA Default]\nperiods = 4\n",
        "",
    ])
    func playerKeyNotFound(text: String) throws {
        let path = try write(text)
        defer { unlink(path) }
        #expect(OpenALProcess.bufferingKey(inConfiguration: path) == nil)
    }

    @Test("A file that cannot be read sets nothing")
    func unreadable() {
        #expect(OpenALProcess.bufferingKey(inConfiguration: "/nonexistent/alsoft.conf") == nil)
    }

    @Test("The player's files are OpenAL Soft's, in its order, the ALSOFT_CONF file last")
    func fileOrder() {
        let files = OpenALProcess.playerConfigurationFiles(playerFile: "/tmp/mine.conf")
        #expect(files.first == "/etc/openal/alsoft.conf")
        #expect(files.last == "/tmp/mine.conf")
        #expect(files.contains { $0.hasSuffix("/.alsoftrc") })
        #expect(OpenALProcess.playerConfigurationFiles(playerFile: nil).last != "/tmp/mine.conf")
    }

    private func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "alsoft-\(UUID().uuidString).conf"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
