// SPDX-License-Identifier: Zlib
import GameSound

/// How a scenario sets up one mixing bus before its first event: the value of one member of the
/// top-level `buses` object, `{"parent"?: NAME, "volume"?: V, "reserve"?: N, "limit"?: N}`.
///
/// A name that is not one of `BusName.standard` makes a new bus; a standard name changes the bus
/// every runtime has (`"music": {"volume": 0.5}`). Omitted values keep what the runtime gives: a
/// new bus goes under the master at volume 1, with no limit and no reserve. The runner applies
/// them with `GameSoundRuntime.configureBus(_:parent:volume:limit:reserve:)`, parents first.
public struct ScenarioBus: Sendable, Hashable {
    /// The bus it feeds, nil for the master (or, for a standard bus, its place in the tree as it is).
    public var parent: BusName?
    /// Its volume, linear, ≥ 0.
    public var volume: Float?
    /// This many voices of the pool are kept for it, ≥ 0.
    public var reserve: Int?
    /// At most this many voices play directly on it, ≥ 1.
    public var limit: Int?

    /// Creates a bus's settings; nil leaves a value as the runtime has it.
    ///
    /// - Parameters:
    ///   - parent: The bus it feeds.
    ///   - volume: Its volume, linear.
    ///   - reserve: The voices kept for it.
    ///   - limit: The most voices that play directly on it.
    public init(parent: BusName? = nil, volume: Float? = nil, reserve: Int? = nil, limit: Int? = nil) {
        self.parent = parent
        self.volume = volume
        self.reserve = reserve
        self.limit = limit
    }
}
