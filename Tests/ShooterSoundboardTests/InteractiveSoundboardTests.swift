// SPDX-License-Identifier: Zlib
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
        // The explosion sounds somewhere around the listener: on speakers, one on the right is not in the left channel.
        #expect(session.waitForFrame { $0.contains { $0.hasPrefix("fx          L") && $0.contains("█") } },
                "the effects meter did not move for an explosion")
        #expect(session.waitForFrame { $0.contains { $0.hasPrefix("out         L") && $0.contains("█") } },
                "the output meter did not move for an explosion")
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

    @Test("a fired weapon shows on the radar as its key, around the listener (▲), and leaves it when it ends")
    func radarShowsAWeapon() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"], columns: 80, rows: 24)
        #expect(session.waitFor(", active"))
        #expect(session.waitForFrame { Self.radar($0, columns: 80)?[2].contains("▲") == true }, "no radar with the listener in its middle")
        session.send("4")
        #expect(session.waitFor("fired explosion, "))
        #expect(session.waitFor(" units away, "))
        #expect(session.waitForFrame { Self.radar($0, columns: 80)?.joined().contains("4") == true }, "the explosion is not on the radar")
        // It lasts 1.5 s; then the radar holds only the listener again.
        #expect(session.waitForFrame { Self.radar($0, columns: 80)?.joined() == String(repeating: "·", count: 27) + "▲" + String(repeating: "·", count: 27) })
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("y sends a fly-by across the radar, left to right, then the other way; each is stopped once it has passed")
    func flyBy() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"], columns: 80, rows: 24)
        #expect(session.waitFor(", active"))
        session.send("y")
        #expect(session.waitFor("fly-by left to right, 40 units/s (Doppler)"))
        // It starts 60 units to the left: held on the radar's left edge, in the row ahead of the listener.
        #expect(session.waitForFrame { Self.radar($0, columns: 80)?[1].hasPrefix(">") == true }, "not on the left edge ahead")
        #expect(session.waitForFrame { Self.radar($0, columns: 80)?[1].hasSuffix(">") == true }, "never reached the right edge")
        #expect(session.waitForFrame(timeout: 15) { frame in
            Self.radar(frame, columns: 80)?.joined().contains(">") == false && frame.contains { $0.contains("voices 0/32") }
        }, "the fly-by was not stopped after it passed: \(session.frames.suffix(2).map { $0.joined(separator: "\n") })")
        session.send("y")
        #expect(session.waitFor("fly-by right to left"))
        #expect(session.waitForFrame { Self.radar($0, columns: 80)?[1].hasSuffix("<") == true })
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("v steps through the environments (none, room, hall, cave…) and the space line names each; e plugs headphones and HRTF comes on")
    func environmentAndHRTF() throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"])
        #expect(session.waitFor("space       HRTF off (stereo)  environment none"))
        session.send("v")
        #expect(session.waitFor("environment room"))
        #expect(session.waitFor("environmentChanged environment=room from=none over=0.5"))
        session.send("v")
        #expect(session.waitFor("environment hall"))
        session.send("v")
        #expect(session.waitFor("environment cave"))
        session.send("e")
        #expect(session.waitFor("space       HRTF on  environment cave"))
        #expect(session.waitFor("meters: HRTF left out"), "the meters say they leave HRTF out")
        #expect(session.waitFor("spatializationChanged mode=hrtf"))
        session.send("e")
        #expect(session.waitFor("space       HRTF off (stereo)"))
        #expect(session.waitFor("spatializationChanged mode=stereo"))
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("the panel fits the terminal on the alternate screen: no line wraps, no frame is taller than the terminal, and q gives the screen back",
          arguments: [(80, 24), (60, 15)])
    func fitsTheTerminal(columns: Int, rows: Int) throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"], columns: columns, rows: rows)
        #expect(session.waitFor(", active"))
        // Everything on the panel at once: sounds on the radar, HRTF, an environment.
        session.send("4")
        session.send("y")
        session.send("e")
        #expect(session.waitFor("HRTF on"))
        session.send("v")
        #expect(session.waitForFrame { Self.radar($0, columns: columns)?.joined().contains(">") == true }, "no radar at \(columns)×\(rows)")
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
        let frames = session.frames
        #expect(frames.count > 3)
        for lines in frames {
            #expect(lines.count <= rows, "a frame of \(lines.count) lines on a \(rows)-row terminal")
            for line in lines {
                #expect(line.count < columns, "a line of \(line.count) characters wraps at \(columns): \(line)")
            }
        }
    }

    @Test("below 60×15 the radar is left out, and still nothing wraps", arguments: [(59, 24), (80, 14)])
    func noRadarWhenSmall(columns: Int, rows: Int) throws {
        let session = try PseudoTerminalSession(arguments: ["--output", "null"], columns: columns, rows: rows)
        #expect(session.waitFor(", active"))
        session.send("y")
        #expect(session.waitFor("fly-by left to right"))
        _ = session.waitFor("\u{0}", timeout: 0.5)  // a few frames while it flies
        session.send("q")
        #expect(session.waitForExit() == 0)
        let frames = session.frames
        #expect(frames.count > 3)
        for frame in frames {
            #expect(!frame.joined().contains("▲"), "a radar at \(columns)×\(rows)")
            #expect(frame.count <= rows && frame.allSatisfy { $0.count < columns })
        }
    }

    /// The radar in a frame: the last 11 characters of the 5 lines under the title, when they are
    /// full-width lines (nil otherwise, say in a frame still being drawn).
    static func radar(_ frame: [String], columns: Int) -> [String]? {
        guard frame.count > 5 else { return nil }
        let rows = frame[1...5]
        guard rows.allSatisfy({ $0.count == columns - 1 }) else { return nil }
        return rows.map { String($0.suffix(11)) }
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
        #expect(good.status == 0, "\(good.errorOutput)")
        let bad = try DemoProcess.run(["render", "alarm", "--out", "/tmp/x.wav"], directory: "/")
        #expect(bad.status != 0)
        #expect(bad.errorOutput.contains("--assets"))
    }
}

extension PseudoTerminalSession {
    /// Every frame drawn so far (each starts with the cursor sent home), as the lines it shows.
    var frames: [[String]] {
        transcript.components(separatedBy: "\u{1B}[H").dropFirst().map { frame in
            // The terminal turns each newline into CR LF; carriage returns take no column.
            Self.visibleText(frame).replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n")
        }
    }

    /// Reads the screen until a frame drawn from now on (or the one being drawn) passes `test`
    /// (true), or `timeout` seconds pass (false).
    func waitForFrame(timeout: Double = 10, _ test: ([String]) -> Bool) -> Bool {
        let seen = max(0, frames.count - 1)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            _ = waitFor("\u{0}", timeout: 0.1)  // never on the screen: reads for 0.1 s
            if frames.dropFirst(seen).contains(where: test) { return true }
        }
        return false
    }
}
