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
        #expect(session.waitFor(", active"), "the panel never showed an active session")
        session.send("1")
        #expect(session.waitFor("fired laser"))
        session.send("p")
        #expect(session.waitFor(", INTERRUPTED"))
        session.send("1")
        #expect(session.waitFor("laser dropped: interrupted"))
        session.send("d")
        #expect(session.waitFor(", active"))
        #expect(session.waitFor("contextRestored"))
        session.send("s")
        #expect(session.waitFor("SILENCED (silentSwitch)"))
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("the panel shows an answered call: the app suspended during it, active again after hang-up with no interruption end")
    func answeredCallInThePanel() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"])
        #expect(session.waitFor(", active"))
        session.send("p")
        #expect(session.waitFor(", INTERRUPTED"))
        session.send("a")
        #expect(session.waitFor("app suspended"))
        #expect(session.waitFor("inCall"))
        session.send("h")
        #expect(session.waitFor("app foreground"))
        #expect(session.waitFor(", active"))
        #expect(session.waitFor("contextRestored"))
        session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(!session.transcript.contains("interruptionEnded"))
    }

    @Test("the panel shows an ambient game ducked by a navigation prompt (key n), and back when it ends; the meters move with an explosion")
    func duckingInThePanel() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null", "--policy", "effectsOnly"])
        #expect(session.waitFor(", active"))
        session.send("4")
        #expect(session.waitFor("fx          L █"), "the effects meter did not move for an explosion")
        #expect(session.waitFor("out         L █"), "the output meter did not move for an explosion")
        session.send("n")
        #expect(session.waitFor("ducked -12 dB"))
        #expect(session.waitFor("duckBegan"))
        session.send("n")
        #expect(session.waitFor("duckEnded"))
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("the mixer keys: - turns the selected bus (music) down, M mutes music, P pauses effects and music, tab selects the next bus")
    func mixerKeys() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null", "--policy", "effectsPlusSoundtrack"])
        #expect(session.waitFor("you hear    effects + soundtrack"))
        session.send("-")
        #expect(session.waitFor(">music 90%"))
        session.send("M")
        #expect(session.waitFor("music 90% muted"))
        #expect(session.waitFor("you hear    effects, soundtrack muted"))
        session.send("M")
        session.send("P")
        #expect(session.waitFor("effects 100% paused"))
        #expect(session.waitFor("you hear    effects paused, soundtrack paused"))
        session.send("\t")
        session.send("+")
        #expect(session.waitFor(">effects 100% paused"))
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("the panel fits the terminal on the alternate screen: no line wraps, no frame is taller than the terminal, and q gives the screen back",
          arguments: [(80, 24), (60, 15)])
    func fitsTheTerminal(columns: Int, rows: Int) throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"], columns: columns, rows: rows)
        #expect(session.waitFor(", active"))
        session.send("p")
        #expect(session.waitFor(", INTERRUPTED"))
        #expect(session.waitFor("you hear    silence - interrupted"))
        session.send("?")
        #expect(session.waitFor("all keys"))
        session.send("q")
        #expect(session.waitForExit() == 0)
        let transcript = session.transcript
        #expect(transcript.contains("\u{1B}[?1049h"), "the alternate screen was not used")
        #expect(transcript.hasSuffix("\u{1B}[?1049l") || transcript.contains("\u{1B}[?25h\u{1B}[?1049l"),
                "the normal screen was not given back")
        let frames = transcript.components(separatedBy: "\u{1B}[H").dropFirst()
        #expect(frames.count > 3)
        for frame in frames {
            // The terminal turns each newline into CR LF; carriage returns take no column.
            let lines = PseudoTerminalSession.visibleText(frame).replacingOccurrences(of: "\r", with: "")
                .components(separatedBy: "\n")
            #expect(lines.count <= rows, "a frame of \(lines.count) lines on a \(rows)-row terminal")
            for line in lines {
                #expect(line.count < columns, "a line of \(line.count) characters wraps at \(columns): \(line)")
            }
        }
    }

    @Test("below 50×12 the panel says the terminal is too small")
    func tooSmall() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"], columns: 45, rows: 10)
        #expect(session.waitFor("terminal too small"))
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("SIGINT (Ctrl-C) restores the terminal (cursor shown again) and exits with the signal's status")
    func controlC() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"])
        #expect(session.waitFor(", active"))
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
