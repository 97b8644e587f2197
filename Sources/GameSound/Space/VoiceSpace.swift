// SPDX-License-Identifier: Zlib
/// What a voice's source is given of the space parameters.
struct VoiceSpace: Equatable {
    var velocity = SIMDPosition.zero
    var referenceDistance: Float = 1
    var maxDistance: Float = .greatestFiniteMagnitude
    var rolloff: Float = 1
    var occlusion: Float = 0
}
