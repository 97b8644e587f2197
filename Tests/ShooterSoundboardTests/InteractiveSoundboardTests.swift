import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

    @Test("the panel shows an answered call: the app suspended during it, active again after hang-up with no interruption end")
    func answeredCallInThePanel() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"])
        #expect(session.waitFor("session       active"))
        session.send("p")
        #expect(session.waitFor("session       INTERRUPTED"))
        session.send("a")
        #expect(session.waitFor("app: suspended"))
        #expect(session.waitFor("inCall"))
        session.send("h")
        #expect(session.waitFor("app: foreground"))
        #expect(session.waitFor("session       active"))
        #expect(session.waitFor("contextRestored"))
        session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(!session.transcript.contains("interruptionEnded"))
    }

    @Test("the panel shows an ambient game ducked by a navigation prompt (key n), and back when it ends")
    func duckingInThePanel() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null", "--policy", "effectsOnly"])
        #expect(session.waitFor("session       active"))
        session.send("n")
        #expect(session.waitFor("DUCKED -12 dB"))
        #expect(session.waitFor("duckBegan"))
        session.send("n")
        #expect(session.waitFor("duckEnded"))
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("SIGINT (Ctrl-C) restores the terminal (cursor shown again) and exits with the signal's status")
    func controlC() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"])
        #expect(session.waitFor("session       active"))
        // The pseudo-terminal is not the child's controlling terminal, so typing Ctrl-C would not
        // raise the signal here; send the signal the terminal would send.
        session.interrupt()
        #expect(session.waitFor("\u{1B}[?25h"), "the cursor was not shown again")
        let status = session.waitForExit()
        #expect(status == Int32(128 + SIGINT))
    }

    @Test("--assets finds the sounds from any working directory, and a wrong folder is one clear sentence")
    func assetsFromElsewhere() throws {
        let good = try DemoProcess.run(["render", "alarm", "--out", NSTemporaryDirectory() + "alarm-\(UUID().uuidString).wav",
                                        "--assets", DemoProcess.repositoryRoot + "/assets"], directory: "/")
        #expect(good.status == 0, "\(good.error)")
        let bad = try DemoProcess.run(["render", "alarm", "--out", "/tmp/x.wav"], directory: "/")
        #expect(bad.status != 0)
        #expect(bad.error.contains("--assets"))
    }
}
