// SPDX-License-Identifier: Zlib
import COpenAL

/// The Doppler effect: a sound moving towards the listener is higher in pitch, one moving away
/// is lower. It follows the velocities of the sources and the listener
/// (``ALSource/setVelocity(x:y:z:)``, ``ALContext/setListenerVelocity(x:y:z:)``), which OpenAL
/// never derives from positions: set them every frame for anything that moves.
extension ALContext {
    /// Scales the Doppler effect for every source in this context: 0 turns it off, 1 (the
    /// default) is physically correct, larger values exaggerate it.
    ///
    /// - Throws: ``OpenALError`` with `invalidValue` for a negative factor.
    ///
    /// The corresponding C function is `alDopplerFactor`.
    public func setDopplerFactor(_ factor: Float) throws(OpenALError) {
        try requireCurrent("alDopplerFactor")
        try ALCall.setDopplerFactor(factor)
    }

    /// The Doppler factor (`AL_DOPPLER_FACTOR`, 1 by default).
    ///
    /// The corresponding C call is `alGetFloat(AL_DOPPLER_FACTOR)`.
    public func dopplerFactor() throws(OpenALError) -> Float {
        try requireCurrent("alGetFloat")
        return try ALCall.globalFloat(AL_DOPPLER_FACTOR)
    }

    /// Sets the speed of sound, in world units per second (343.3 by default: metres, in air).
    /// Velocities are compared with it, so use the units your positions and velocities use.
    ///
    /// - Throws: ``OpenALError`` with `invalidValue` for zero or a negative speed.
    ///
    /// The corresponding C function is `alSpeedOfSound`.
    public func setSpeedOfSound(_ speed: Float) throws(OpenALError) {
        try requireCurrent("alSpeedOfSound")
        try ALCall.setSpeedOfSound(speed)
    }

    /// The speed of sound in world units per second (`AL_SPEED_OF_SOUND`).
    ///
    /// The corresponding C call is `alGetFloat(AL_SPEED_OF_SOUND)`.
    public func speedOfSound() throws(OpenALError) -> Float {
        try requireCurrent("alGetFloat")
        return try ALCall.globalFloat(AL_SPEED_OF_SOUND)
    }
}
