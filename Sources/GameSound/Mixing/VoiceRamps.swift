// SPDX-License-Identifier: Zlib
/// Values moving towards a target on a playing voice: gain, pitch, pan and position.
struct VoiceRamps: Equatable {
    var gain: Ramp<Float>?
    var pitch: Ramp<Float>?
    var pan: Ramp<Float>?
    var position: Ramp<SIMDPosition>?

    /// The frame by which every ramp has arrived.
    var settlesAt: Int {
        [gain?.endFrame, pitch?.endFrame, pan?.endFrame, position?.endFrame].compactMap { $0 }.max() ?? 0
    }
}
