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

        /// The log without what the rebuilds logged themselves.
        func eventsLeavingOutRebuilds(_ events: [GameSoundEvent]) -> [GameSoundEvent] {
            guard !rebuildEvents.isEmpty else { return events }
            return events.enumerated().filter { entry in !rebuildEvents.contains { $0.contains(entry.offset) } }.map(\.element)
        }
    }
}
