// SPDX-License-Identifier: Zlib
import AudioAnalysis
import AudioSession
import Foundation
import GameSound
import OpenAL
import Synchronization

/// What a storm run keeps between its steps.
extension StormRunner {
    /// What the storm knows of its own doing: the probe's voice, the last voice played, and what
    /// the event log said so far.
    struct StormState {
        var probe: Voice?
        /// The storm's own stream (``StormAction/playStream(_:loop:)``), while it may play.
        var stream: Voice?
        var lastVoice: Voice?
        var eventsSeen = 0
        var interruptionOpen = false
        var interruptedByLog = false
        var lostByLog = false
        /// The step whose fire gave ``lastVoice``.
        var lastVoiceStep: Int?
        /// Whether rendered audio goes into the trace (during the steps, not the final checks).
        var recording = true
        var trace = StormTrace()
        /// In a rebuild comparison's second run: what draws the blocks that rebuild the output.
        var rebuilds: SplitMix64?
        /// The positions in the log of what the rebuilds logged themselves.
        var rebuildEvents: [Range<Int>] = []
        /// A rebuild asked for during an interruption, made when it ends (``noteDeferredRebuild``),
        /// with the reverb tail heard when the interruption began.
        var deferredRebuild: (asked: Bool, tail: Int) = (false, 0)

        /// The log without what the rebuilds logged about themselves: the context destroyed and
        /// rebuilt, and the soundtrack's restart where it was (a `soundtrackResumed` with its track).
        /// Anything else a rebuild logs (a voice found to have finished, say) is the game's and stays.
        func eventsLeavingOutRebuilds(_ events: [GameSoundEvent]) -> [GameSoundEvent] {
            guard !rebuildEvents.isEmpty else { return events }
            return events.enumerated().filter { entry in
                !(rebuildEvents.contains { $0.contains(entry.offset) } && Self.isRebuildsOwn(entry.element))
            }.map(\.element)
        }

        static func isRebuildsOwn(_ event: GameSoundEvent) -> Bool {
            switch event.name {
            case "contextDestroyed", "contextRebuilt": true
            case "soundtrackResumed": event["track"] != nil
            default: false
            }
        }
    }
}
