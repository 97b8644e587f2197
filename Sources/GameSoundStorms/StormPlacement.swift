// SPDX-License-Identifier: Zlib
import GameSound

/// Where a storm's placed fire puts its sound: a position, and optionally a velocity, a reverb send
/// and an occlusion (the `fire` event's `position`, `velocity`, `reverbSend` and `occlusion`).
public struct StormPlacement: Hashable, Sendable, CustomStringConvertible {
    /// Where the sound is.
    public var position: SIMDPosition
    /// How fast it moves (the Doppler shift), or nil.
    public var velocity: SIMDPosition?
    /// How much goes to the environment's reverb, 0...1, or nil for the runtime's default.
    public var reverbSend: Float?
    /// How much is in the way, 0...1, or nil for none.
    public var occlusion: Float?

    /// Creates a placement.
    public init(position: SIMDPosition, velocity: SIMDPosition? = nil, reverbSend: Float? = nil, occlusion: Float? = nil) {
        self.position = position
        self.velocity = velocity
        self.reverbSend = reverbSend
        self.occlusion = occlusion
    }

    /// The options a scenario's `fire` with these fields builds (`ScenarioEvent.playOptions`), so
    /// the storm and its printed scenario make the same call.
    func playOptions(loop: Bool, priority: Int) -> PlayOptions {
        PlayOptions(position: position, loop: loop, priority: priority, velocity: velocity, reverbSend: reverbSend,
                    occlusion: occlusion ?? PlayOptions().occlusion)
    }

    /// The placement in words, for a failure report.
    public var description: String {
        "at \(StormAction.words(position))" + (velocity.map { " velocity \(StormAction.words($0))" } ?? "")
            + (reverbSend.map { " reverbSend \($0)" } ?? "") + (occlusion.map { " occlusion \($0)" } ?? "")
    }
}
