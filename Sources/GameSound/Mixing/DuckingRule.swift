// SPDX-License-Identifier: Zlib
/// A rule that lowers one bus while another has voices playing: dialogue over music, say.
///
/// While any voice plays on ``bus`` (or on a bus below it), ``ducked`` goes down by ``decibels``
/// over ``attack`` seconds; once the last of them ends it comes back over ``release`` seconds.
/// The log says `busDucked` and `busRestored`. When several rules lower the same bus, the deepest
/// one counts.
public struct DuckingRule: Sendable, Hashable {
    /// The bus whose voices trigger the duck.
    public var bus: BusName
    /// The bus that is lowered.
    public var ducked: BusName
    /// How far ``ducked`` goes down, in dB (a positive number: 9 means -9 dB).
    public var decibels: Float
    /// Seconds to go down.
    public var attack: Double
    /// Seconds to come back.
    public var release: Double

    /// Creates a rule; the defaults take 0.1 s down and 0.5 s back.
    public init(bus: BusName, ducks ducked: BusName, by decibels: Float, attack: Double = 0.1, release: Double = 0.5) {
        self.bus = bus
        self.ducked = ducked
        self.decibels = decibels
        self.attack = attack
        self.release = release
    }
}
