// SPDX-License-Identifier: Zlib
import OpenAL

/// A write to a voice's source that a game's call leaves to the audio thread, recorded as plain
/// values: the source, what changes and to what.
///
/// The other recorded writes are closures (``ALMirror/DeferredWork/write(affected:body:)``), and a
/// closure that captures its values is an allocation, two with the name of what it affects: a play
/// recorded five of them. These are the writes every play, stop and voice change makes, so they are
/// kept as values in the list of recorded work, whose storage is kept from batch to batch: recording
/// one allocates nothing. What a failure names (the voice, worked out from its slot) is worked out
/// only when one fails.
struct VoiceWrite {
    enum Change {
        /// Stopped, given the buffer and every property a voice starts with.
        case configure(buffer: ALBuffer, gain: Float, pitch: Float, loop: Bool, place: Placement)
        case play
        case pause
        case stop
        /// Stopped and emptied, as its source goes back to the spare ones.
        case release
        case gain(Float)
        case pitch(Float)
        case place(Placement)
    }

    /// The slot the voice plays in, for the name of what failed.
    let slot: Int
    let source: ALSource
    let change: Change

    /// Makes the OpenAL calls (the context current on this thread).
    func make() throws(OpenALError) {
        switch change {
        case .configure(let buffer, let gain, let pitch, let loop, let place):
            try source.stop()
            try source.setBuffer(buffer)
            try source.setGain(gain)
            try source.setPitch(pitch)
            try source.setLooping(loop)
            try Self.set(source, to: place)
        case .play: try source.play()
        case .pause: try source.pause()
        case .stop: try source.stop()
        case .release:
            try source.stop()
            try source.setBuffer(nil)
        case .gain(let gain): try source.setGain(gain)
        case .pitch(let pitch): try source.setPitch(pitch)
        case .place(let place): try Self.set(source, to: place)
        }
    }

    private static func set(_ source: ALSource, to place: Placement) throws(OpenALError) {
        try source.setRelativeToListener(place.relative)
        try source.setPosition(x: place.x, y: place.y, z: place.z)
    }

    /// What of the voice a failure names, after the voice's name.
    var aspect: String {
        switch change {
        case .configure, .play, .pause, .stop, .release: ""
        case .gain: "'s gain"
        case .pitch: "'s pitch"
        case .place: "'s place"
        }
    }
}
