// SPDX-License-Identifier: Zlib
import GameSound

/// Takes a render as it goes, so that nothing needs the whole of it in memory: the mix block by
/// block, and the event log as it grows.
///
/// ``ScenarioRunner/render(_:assets:into:)`` calls the two methods in the order the render produces
/// them: frames in order, each block straight after the one before, and after each block (and after
/// each scenario event is applied) the events logged since the last call. Together the calls give
/// exactly the samples and events of ``ScenarioRunner/render(_:assets:)``. ``ScenarioFileWriter``
/// is the sink that writes the three outputs; a game's tests can write their own, to measure a long
/// render without keeping it.
///
/// Throwing from either method stops the render: ``ScenarioRunner/render(_:assets:into:)`` throws
/// ``ScenarioStreamError/output(_:)`` for a ``ScenarioOutputError`` and
/// ``ScenarioStreamError/sink(_:)`` for any other error.
public protocol ScenarioRenderSink {
    /// The next frames of the mix: interleaved stereo floats, left first, full scale 1.0.
    ///
    /// - Parameter frames: The samples; valid only during the call.
    mutating func receive(frames: UnsafeBufferPointer<Float>) throws

    /// The events logged since the last call, in the order they happened; never empty.
    ///
    /// - Parameter events: The new events.
    mutating func receive(events: [GameSoundEvent]) throws
}
