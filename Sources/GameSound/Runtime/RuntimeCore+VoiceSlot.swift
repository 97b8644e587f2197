import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import OpenAL
import Synchronization

/// One voice of the pool as the runtime keeps it.
extension RuntimeCore {
    struct VoiceSlot {
        var source: ALSource?
        var effect: String?
        /// The effect whose buffer is attached to the source. It outlives `effect`: a stopped or
        /// finished voice keeps its buffer, and OpenAL refuses to delete a buffer a source holds.
        var attached: String?
        /// What the game asked for last (the targets of any ramps).
        var options = PlayOptions()
        /// The bus it plays on, by number in the bus tree.
        var bus = 0
        var ramps = VoiceRamps()
        var pausedByGame = false
        /// A fade-out that stops the voice when it ends.
        var stopFade: Ramp<Float>?
        /// When to look whether the voice has finished (see ``RuntimeCore/scheduleEndCheck(_:at:)``).
        var endCheck = Int.max
        /// The defined sound it plays, if it plays one (``SoundDefinition``).
        var definition: String?
        /// What its source was last given of distance, velocity and occlusion (nil: a new source).
        var spaceApplied: VoiceSpace?
        /// The reverb send its source was last given (nil: none yet).
        var sendApplied: Float?
        /// Playing without a source (see RuntimeCore+Virtual), from `virtualOffset` (frames of its
        /// sound) at `virtualSince` (the ``RuntimeCore/playingClock``).
        var isVirtual = false
        var virtualOffset = 0.0
        var virtualSince = 0
    }
}
