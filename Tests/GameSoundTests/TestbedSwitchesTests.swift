// SPDX-License-Identifier: Zlib
import AudioSession
import Foundation
@testable import GameSound
import Logging
import Testing

/// The testbed's hook: the runtime reads the simulated-only switches from a FIFO
/// (`GAMESOUND_TESTBED_SWITCHES`; here the configuration's package field, so tests need not share
/// the process's environment).
@Suite("Testbed switches through a FIFO")
struct TestbedSwitchesTests {
    /// A FIFO in a fresh temporary folder.
    private func makeFIFO() throws -> String {
        let folder = NSTemporaryDirectory() + "testbed-switches-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/switches"
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    /// Writes `text` to the FIFO without waiting for a reader (fails if none has it open).
    private func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        try #require(descriptor >= 0, "a reader has the FIFO open")
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// Waits up to 5 s of wall clock until `condition` holds.
    private func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            if Date() > deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// How many of this process's descriptors are open on `path`.
    private func descriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }

    private func logger(_ store: DiagnosticsTests.Capture.Store) -> Logger {
        Logger(label: "gamesound") { DiagnosticsTests.Capture(label: $0, store: store) }
    }

    @Test("a switch written to the FIFO silences the desktop game exactly, its opposite brings it back; a call is refused; no descriptor is left")
    func switchesThroughTheFIFO() throws {
        let path = try makeFIFO()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = DiagnosticsTests.Capture.Store()
        let h = try Harness(overlaid: true, testbedSwitches: path, logger: logger(store))
        #expect(descriptors(on: path) == 1)
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)

        try write("phone.ring\nsilentSwitch.on\n", to: path)
        #expect(wait { h.runtime.silenceCause == .silentSwitch })
        #expect(h.isSilent(try h.render(seconds: 0.5)))
        #expect(!h.runtime.session.isInterrupted, "the call was refused")
        let refused = store.entries.withLock { $0 }.filter { $0.code == "testbed.switch-refused" }
        #expect(refused.count == 1)
        #expect(refused.first?.message.contains("'phone.ring'") == true)
        #expect(refused.first?.level == .warning)

        // Written in two pieces: a line is taken only once it is whole.
        try write("silentSwitch.o", to: path)
        usleep(100_000)
        #expect(h.runtime.silenceCause == .silentSwitch)
        try write("ff\n", to: path)
        #expect(wait { h.runtime.silenceCause == nil })
        let back = try h.render(seconds: 0.25)
        #expect(h.trackPower(back) > 0.01)
        #expect(h.eventNames.filter { $0 == "silentSwitch.on" || $0 == "silentSwitch.off" } == ["silentSwitch.on", "silentSwitch.off"])

        h.runtime.shutdown()
        #expect(descriptors(on: path) == 0)
        #expect(store.entries.withLock { $0 }.filter { $0.code == "testbed.switch-refused" }.count == 1)
    }

    @Test("on the simulated system the hook still takes only the switches: screen.lock is obeyed, app.background refused")
    func simulatedSystemTakesOnlyTheSwitches() throws {
        let path = try makeFIFO()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = DiagnosticsTests.Capture.Store()
        let h = try Harness(policy: .effectsOnly, testbedSwitches: path, logger: logger(store))
        try write("app.background\n\nscreen.lock\n", to: path)
        #expect(wait { h.runtime.silenceCause == .screenLocked })
        #expect(h.system.appState == .foreground)
        #expect(store.entries.withLock { $0 }.filter { $0.code == "testbed.switch-refused" }.map(\.message).contains { $0.contains("'app.background'") })
        h.runtime.shutdown()
        #expect(descriptors(on: path) == 0)
    }

    @Test("a path that is no FIFO is one log line, and the runtime plays as before")
    func notAFIFO() throws {
        let path = NSTemporaryDirectory() + "testbed-switches-\(UUID().uuidString)"
        let store = DiagnosticsTests.Capture.Store()
        let h = try Harness(overlaid: true, testbedSwitches: path, logger: logger(store))
        #expect(h.trackPower(try h.render(seconds: 0.25)) > 0.01)
        let lines = store.entries.withLock { $0 }.filter { $0.code == "testbed.switches-unavailable" }
        #expect(lines.count == 1)
        #expect(lines.first?.message.contains(path) == true)
    }
}
