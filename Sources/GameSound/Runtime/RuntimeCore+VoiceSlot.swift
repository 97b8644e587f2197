import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One voice of the pool as the runtime keeps it: what should sound. Its source, if it has one, is
/// the mirror's (``ALMirror/voices``).
extension RuntimeCore {
    struct VoiceSlot {
        var effect: String?
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
        /// Playing without a source (see RuntimeCore+Virtual), from `virtualOffset` (frames of its
        /// sound) at `virtualSince` (the ``RuntimeCore/playingClock``).
        var isVirtual = false
        /// Where a real voice is in its sound, by the model (``VoiceClock``).
        var clock = VoiceClock()
        /// Restored paused on a fresh context: its next play is a new source's first (see
        /// ``RuntimeCore/freshStarts``).
        var restoredPaused = false
        var virtualOffset = 0.0
        var virtualSince = 0
    }
}
