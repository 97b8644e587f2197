import AudioAnalysis
import AudioFiles
import AudioSession
import Logging
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What effect voices played when a context went, for the next one.
extension RuntimeCore {
    /// What was playing, saved before a context is destroyed and replayed into the new one.
    struct Snapshot {
        /// Where a voice was; everything else about it stays in its slot, the model.
        struct SavedVoice {
            var slot: Int
            var effect: String
            var offset: Int
        }

        var voices: [SavedVoice] = []
    }
}
