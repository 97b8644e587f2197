// SPDX-License-Identifier: Zlib
import COpenAL

/// The listener: the player's ears in the 3-D world, one per context.
///
/// Coordinates are right-handed: with the default orientation, x is to the listener's right,
/// y up, and the listener looks towards −z.
extension ALContext {
    /// Sets the master volume of everything this context plays (`AL_GAIN` on the listener).
    ///
    /// The corresponding C function is `alListenerf`.
    public func setListenerGain(_ gain: Float) throws(OpenALError) {
        try requireCurrent("alListenerf")
        try ALCall.setListener(AL_GAIN, float: gain)
    }

    /// The master volume (`AL_GAIN` on the listener, 1 by default).
    ///
    /// The corresponding C function is `alGetListenerf`.
    public func listenerGain() throws(OpenALError) -> Float {
        try requireCurrent("alGetListenerf")
        return try ALCall.listenerFloat(AL_GAIN)
    }

    /// Places the listener (`AL_POSITION`), usually at the camera or the player's head.
    ///
    /// The corresponding C function is `alListener3f`.
    public func setListenerPosition(x: Float, y: Float, z: Float) throws(OpenALError) {
        try requireCurrent("alListener3f")
        try ALCall.setListener(AL_POSITION, x: x, y: y, z: z)
    }

    /// The listener's position (`AL_POSITION`, the origin by default).
    ///
    /// The corresponding C function is `alGetListener3f`.
    public func listenerPosition() throws(OpenALError) -> (x: Float, y: Float, z: Float) {
        try requireCurrent("alGetListener3f")
        let (x, y, z) = try ALCall.listenerVector(AL_POSITION)
        return (x, y, z)
    }

    /// Sets how fast the listener moves, in world units per second (`AL_VELOCITY`). It is used
    /// only for the Doppler effect (see ``setDopplerFactor(_:)``); it does not move the listener.
    ///
    /// The corresponding C function is `alListener3f`.
    public func setListenerVelocity(x: Float, y: Float, z: Float) throws(OpenALError) {
        try requireCurrent("alListener3f")
        try ALCall.setListener(AL_VELOCITY, x: x, y: y, z: z)
    }

    /// The listener's velocity (`AL_VELOCITY`, zero by default).
    ///
    /// The corresponding C function is `alGetListener3f`.
    public func listenerVelocity() throws(OpenALError) -> (x: Float, y: Float, z: Float) {
        try requireCurrent("alGetListener3f")
        let (x, y, z) = try ALCall.listenerVector(AL_VELOCITY)
        return (x, y, z)
    }

    /// Turns the listener (`AL_ORIENTATION`): `at` is the direction the listener faces, `up` the
    /// direction of the top of their head. Neither needs to be normalised; they should not be
    /// parallel. The default is `at` (0, 0, −1), `up` (0, 1, 0). Turned around, with `at`
    /// (0, 0, 1), a sound at +x is heard on the left.
    ///
    /// The corresponding C function is `alListenerfv`.
    public func setListenerOrientation(at: SIMD3<Float>, up: SIMD3<Float>) throws(OpenALError) {
        try requireCurrent("alListenerfv")
        try ALCall.setListener(AL_ORIENTATION, floats: [at.x, at.y, at.z, up.x, up.y, up.z])
    }

    /// The listener's orientation (`AL_ORIENTATION`), as set.
    ///
    /// The corresponding C function is `alGetListenerfv`.
    public func listenerOrientation() throws(OpenALError) -> (at: SIMD3<Float>, up: SIMD3<Float>) {
        try requireCurrent("alGetListenerfv")
        let values = try ALCall.listenerFloats(AL_ORIENTATION, count: 6)
        return (SIMD3(values[0], values[1], values[2]), SIMD3(values[3], values[4], values[5]))
    }
}
