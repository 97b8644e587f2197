// SPDX-License-Identifier: Zlib
import AudioFiles
import AudioSession
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Headless rendering: the mix rendered on request, for tests, tools and games' own CI.
extension GameSoundRuntime {

    /// Renders the next `frames` frames of the mix (headless output only), as interleaved stereo floats.
    ///
    /// Runs the update every ``GameSoundConfiguration/updateFrames`` frames at exact positions. The
    /// output is exact silence while the session is interrupted (sources do not advance), while media
    /// services are lost, and while the system silences the category (sources advance).
    ///
    /// OpenAL Soft is asked for whole groups of 4 frames (its reverb crashes otherwise). A render
    /// whose length is not a multiple of 4 mixes up to 3 frames ahead and starts the next render
    /// with them, so a call made between the two (a stop, a new sound) is heard up to 3 frames
    /// later (63 µs at 48 kHz); render in multiples of 4 for sample-exact timing. Silence is exact
    /// either way: frames mixed ahead are dropped if an interruption or a silencing began since.
    ///
    /// - Parameter frames: How many frames to render; 0 or less gives an empty array.
    /// - Returns: `frames × 2` floats, left then right.
    /// - Throws: ``GameSoundError/wrongOutputMode(_:)`` on a real-time runtime, ``GameSoundError/stopped``
    ///   after ``shutdown()``.
    public func render(frames: Int) throws(GameSoundError) -> [Float] {
        var output = [Float](repeating: 0, count: max(frames, 0) * 2)
        try output.withUnsafeMutableBufferPointer { (buffer) throws(GameSoundError) in try render(into: buffer) }
        return output
    }

    /// Renders `buffer.count / 2` stereo frames into `buffer` (headless output only).
    ///
    /// The same as ``render(frames:)`` without allocating: use it from an audio callback of your own.
    ///
    /// A block in which nothing is in flight (no ramp, fade, duck or stream, no voice due to end)
    /// costs little more than OpenAL Soft's own mixing: its update only checks that the system's
    /// status has not changed. Reading a property such as ``currentFrame``, ``isRunning`` or
    /// ``buses`` keeps it that way; any call that may change something (and ``voicesInUse``,
    /// ``levels``, ``snapshot`` and ``state(of:)``, which look at the sources) makes the next block
    /// run the whole update.
    ///
    /// - Parameter buffer: Room for interleaved left-right floats; an odd last element is left alone.
    /// - Throws: ``GameSoundError/wrongOutputMode(_:)`` on a real-time runtime, ``GameSoundError/stopped``
    ///   after ``shutdown()``, ``GameSoundError/openAL(_:)`` if the loopback device fails.
    public func render(into buffer: UnsafeMutableBufferPointer<Float>) throws(GameSoundError) {
        try core.render(into: buffer)
    }
}
