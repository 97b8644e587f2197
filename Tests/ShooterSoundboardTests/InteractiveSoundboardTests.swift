import Foundation
import Testing

/// The interactive soundboard in a pseudo-terminal, driven by keys like a player would.
@Suite("Interactive soundboard")
struct InteractiveSoundboardTests {
    @Test("phone ring shows interrupted, decline shows active again, q quits cleanly")
    func phoneCallInThePanel() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"])
        #expect(session.waitFor("session       active"), "the panel never showed an active session")
        session.send("1")
        #expect(session.waitFor("fired laser"))
        session.send("p")
        #expect(session.waitFor("session       INTERRUPTED"))
        session.send("1")
        #expect(session.waitFor("laser dropped: interrupted"))
        session.send("d")
        #expect(session.waitFor("session       active"))
        #expect(session.waitFor("contextRestored"))
        session.send("s")
        #expect(session.waitFor("SILENCED (silentSwitch)"))
        session.send("q")
        #expect(session.waitForExit() == 0)
    }
}
