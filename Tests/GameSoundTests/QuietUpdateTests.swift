import AudioAnalysis
import AudioSession
import GameSound
import Testing

/// A headless update with nothing in flight does only a glance at the system's status (issue 19:
/// the per-block cost). These tests hold that shortcut to the output and log of a runtime whose
/// every block does the whole update.
@Suite("Quiet updates")
struct QuietUpdateTests {
    /// What one run rendered and logged.
    private struct Run {
        var samples: [Float]
        var events: [String]
    }

    /// Renders 300 blocks of 256 frames while things happen at fixed blocks: a one-shot voice that
    /// ends on its own, another app ducking and letting go straight through the system (no call
    /// into the runtime, no notification: only the status changes), a bus ramp, a faded stop.
    ///
    /// - Parameter busy: Before every block, set the volume of a bus nothing plays on, so that a
    ///   ramp is always in flight and no update can be quiet.
    private func run(busy: Bool, strategy: GameSoundConfiguration.InterruptionStrategy) throws -> Run {
        let h = try Harness(policy: .effectsOnly, soundtrack: false, strategy: strategy)
        guard case .played(let loop, _) = try h.runtime.play("beep", options: .init(loop: true)) else {
            throw GameSoundError.invalidArgument("the looping beep did not play")
        }
        for block in 0..<300 {
            if busy { try h.runtime.setBusVolume(.ui, block % 2 == 0 ? 0.5 : 1, over: 0.01) }
            switch block {
            case 20: try h.runtime.play("beep", options: .init(gain: 0.5))  // 14 400 frames: ends near block 76
            case 100: try h.system.perform(SystemAction(name: "otherApp.activate", parameters: [
                "category": .string("playback"), "options": .strings(["duckOthers"])]))
            case 150: try h.system.perform(SystemAction(name: "otherApp.deactivate"))
            case 200: try h.runtime.setBusVolume(.effects, 0.5, over: 0.1)
            case 260: _ = try h.runtime.stop(loop, fade: 0.05)
            default: break
            }
            try h.render(seconds: 256.0 / 48_000)
        }
        let events = h.events.filter { $0.name != "busVolumeChanged" || $0.details.first?.value != .string("ui") }
        return Run(samples: h.samples, events: events.map { "\($0.frame) \($0.name)" })
    }

    @Test("quiet blocks sound and log exactly like blocks that run the whole update",
          arguments: GameSoundConfiguration.InterruptionStrategy.allCases)
    func quietMatchesBusy(strategy: GameSoundConfiguration.InterruptionStrategy) throws {
        let quiet = try run(busy: false, strategy: strategy)
        let busy = try run(busy: true, strategy: strategy)
        #expect(quiet.events == busy.events)
        #expect(quiet.samples.count == busy.samples.count)
        let firstDifference = zip(quiet.samples, busy.samples).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "sample for sample")
        // What the comparison covers really happened, at the blocks it was asked for.
        for name in ["voiceEnded", "duckBegan", "duckEnded"] {
            #expect(quiet.events.contains { $0.hasSuffix(" " + name) }, "\(name) is in the log")
        }
        let duckBegan = try #require(quiet.events.first { $0.hasSuffix(" duckBegan") })
        #expect(duckBegan.hasPrefix("\(100 * 256) "), "the duck is noticed at the block where it began")
        let level = { (range: Range<Int>) in Signal.rms(range.map { quiet.samples[$0 * 2] }) }
        #expect(level((120 * 256)..<(150 * 256)) < level((60 * 256)..<(100 * 256)) * 0.5, "the duck is heard")
        #expect(level((290 * 256)..<(300 * 256)) == 0, "the faded stop is heard to the end")
    }
}
