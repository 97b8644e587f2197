// SPDX-License-Identifier: Zlib
import COpenAL

/// Movement and distance: what the Doppler effect and the distance model read from a source.
extension ALSource {
    /// Sets how fast the source moves, in world units per second (`AL_VELOCITY`). It is used only
    /// for the Doppler effect (see ``ALContext/setDopplerFactor(_:)``); it does not move the source.
    public func setVelocity(x: Float, y: Float, z: Float) throws(OpenALError) {
        try requireUsable("alSource3f")
        try ALCall.setSource(name, AL_VELOCITY, x: x, y: y, z: z)
    }

    /// The source's velocity (`AL_VELOCITY`, zero by default).
    public func velocity() throws(OpenALError) -> (x: Float, y: Float, z: Float) {
        try requireUsable("alGetSource3f")
        let (x, y, z) = try ALCall.sourceVector(name, AL_VELOCITY)
        return (x, y, z)
    }

    /// Sets the distance at which the source plays at its own gain (`AL_REFERENCE_DISTANCE`, 1 by
    /// default). Closer, the inverse and exponent models make it louder unless clamped; further,
    /// it fades as ``ALContext/DistanceModel`` describes. Use a large value for loud sounds heard
    /// from far away (an explosion), a small one for quiet ones (footsteps).
    ///
    /// - Throws: ``OpenALError`` with `invalidValue` for a negative distance.
    public func setReferenceDistance(_ distance: Float) throws(OpenALError) {
        try set(AL_REFERENCE_DISTANCE, distance, "alSourcef")
    }

    /// The reference distance (`AL_REFERENCE_DISTANCE`).
    public func referenceDistance() throws(OpenALError) -> Float { try float(AL_REFERENCE_DISTANCE) }

    /// Sets the distance beyond which the clamped distance models stop attenuating the source
    /// (`AL_MAX_DISTANCE`, effectively infinite by default). The linear models reach silence
    /// there at rolloff 1. It does not cull the source: it keeps playing, and costs mixing time.
    ///
    /// - Throws: ``OpenALError`` with `invalidValue` for a negative distance.
    public func setMaxDistance(_ distance: Float) throws(OpenALError) {
        try set(AL_MAX_DISTANCE, distance, "alSourcef")
    }

    /// The maximum distance (`AL_MAX_DISTANCE`).
    public func maxDistance() throws(OpenALError) -> Float { try float(AL_MAX_DISTANCE) }

    /// Sets how quickly the source fades with distance (`AL_ROLLOFF_FACTOR`, 1 by default):
    /// 0 does not fade at all, 2 fades twice as steeply.
    ///
    /// - Throws: ``OpenALError`` with `invalidValue` for a negative factor.
    public func setRolloffFactor(_ factor: Float) throws(OpenALError) {
        try set(AL_ROLLOFF_FACTOR, factor, "alSourcef")
    }

    /// The rolloff factor (`AL_ROLLOFF_FACTOR`).
    public func rolloffFactor() throws(OpenALError) -> Float { try float(AL_ROLLOFF_FACTOR) }
}
