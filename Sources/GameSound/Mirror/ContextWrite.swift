// SPDX-License-Identifier: Zlib
import OpenAL

/// A write to what the context holds for every source (the listener, the distance model, Doppler),
/// recorded as plain values as a voice's writes are (``VoiceWrite``): a game that moves its camera
/// at every frame records no closure, so its call allocates nothing for it.
struct ContextWrite {
    enum Change {
        case listenerPosition(SIMDPosition)
        case listenerVelocity(SIMDPosition)
        case listenerOrientation(at: SIMDPosition, up: SIMDPosition)
        case listenerGain(Float)
        case distanceModel(DistanceModel)
        case dopplerFactor(Float)
        case speedOfSound(Float)
    }

    let context: ALContext
    let change: Change

    /// Makes the OpenAL call (the context current on this thread).
    func make() throws(OpenALError) {
        switch change {
        case .listenerPosition(let p): try context.setListenerPosition(x: p.x, y: p.y, z: p.z)
        case .listenerVelocity(let v): try context.setListenerVelocity(x: v.x, y: v.y, z: v.z)
        case .listenerOrientation(let at, let up):
            try context.setListenerOrientation(at: SIMD3(at.x, at.y, at.z), up: SIMD3(up.x, up.y, up.z))
        case .listenerGain(let gain): try context.setListenerGain(gain)
        case .distanceModel(let model):
            let openAL: ALContext.DistanceModel = switch model {
            case .inverseClamped: .inverseClamped
            case .linearClamped: .linearClamped
            case .exponentClamped: .exponentClamped
            case .none: .none
            }
            try context.setDistanceModel(openAL)
        case .dopplerFactor(let factor): try context.setDopplerFactor(factor)
        case .speedOfSound(let speed): try context.setSpeedOfSound(speed)
        }
    }

    /// What a failure names.
    var affected: String {
        switch change {
        case .listenerPosition: "the listener's position"
        case .listenerVelocity: "the listener's velocity"
        case .listenerOrientation: "the listener's orientation"
        case .listenerGain: "the listener's gain"
        case .distanceModel: "the distance model"
        case .dopplerFactor: "the Doppler factor"
        case .speedOfSound: "the speed of sound"
        }
    }
}

/// What the context was last given of what is the same for every source: a complete shadow of it,
/// nil where it is not known (a context just made, a write that failed), so that a value is
/// written only when it differs, and every one on a new context.
struct ContextShadow {
    var position: SIMDPosition?
    var velocity: SIMDPosition?
    var at: SIMDPosition?
    var up: SIMDPosition?
    var gain: Float?
    var distanceModel: DistanceModel?
    var dopplerFactor: Float?
    var speedOfSound: Float?
}
