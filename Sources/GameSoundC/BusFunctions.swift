// SPDX-License-Identifier: Zlib
import GameSound

/// `GS_KEEP` in `gamesound.h`: a `gs_bus_configure` argument that leaves the setting as it is.
private let keep: Int32 = -1

/// Creates a bus, or changes one that exists.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The bus.
///   - parent: The bus it feeds; NULL keeps an existing bus's parent, or puts a new one under `"master"`.
///   - volume: Its volume, 0 or more (1 unchanged), set at once; `GS_KEEP` (-1) keeps it (1 for a new bus).
///   - limit: At most this many voices play directly on it; `GS_BUS_NO_LIMIT` (0) removes a limit,
///     `GS_KEEP` keeps it (none for a new bus).
///   - reserve: This many voices of the pool are kept for it, 0 or more; `GS_KEEP` keeps it (0 for a new bus).
/// - Returns: `GS_OK`, or `GS_ERR_UNKNOWN_NAME` (no such parent), `GS_ERR_INVALID_ARGUMENT` (a loop in
///   the tree, a parent for the master, an empty name, a value out of range), `GS_ERR_NULL_POINTER`,
///   `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`. Nothing changes on failure.
@c public func gs_bus_configure(
    _ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ parent: UnsafePointer<CChar>?, _ volume: Float,
    _ limit: Int32, _ reserve: Int32
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_bus_configure"
        let name = BusName(try string(name, named: "name", in: function))
        let parent = try parent.map { (pointer) throws(CFailure) in BusName(try string(pointer, named: "parent", in: function)) }
        guard limit >= keep else {
            throw CFailure(.invalidArgument, "\(function): limit \(limit) is neither GS_KEEP, GS_BUS_NO_LIMIT nor a count of voices")
        }
        guard reserve >= keep else {
            throw CFailure(.invalidArgument, "\(function): reserve \(reserve) is neither GS_KEEP nor a count of voices")
        }
        let newLimit: Int?? = switch limit {
        case keep: nil
        case 0: .some(nil)
        default: .some(Int(limit))
        }
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            try runtime.configureBus(name, parent: parent, volume: volume == Float(keep) ? nil : volume, limit: newLimit,
                                     reserve: reserve == keep ? nil : Int(reserve))
        }
        return ResultCode.ok.rawValue
    }
}

/// Moves a bus's volume to `volume` over `seconds`, linearly and without zipper noise (0: at once).
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The bus.
///   - volume: 0 or more; 1 unchanged.
///   - seconds: How long the ramp takes, 0 or more.
/// - Returns: `GS_OK`, or `GS_ERR_UNKNOWN_NAME`, `GS_ERR_INVALID_ARGUMENT` (a negative or non-finite
///   volume or time), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_bus_set_volume(_ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ volume: Float, _ seconds: Double) -> Int32 {
    onBus(rt, name, in: "gs_bus_set_volume") { (runtime, bus) throws(GameSoundError) in
        try runtime.setBusVolume(bus, volume, over: seconds)
    }
}

/// Mutes (non-zero) or unmutes (0) a bus and every bus below it: exact silence for their sounds,
/// which play on unheard.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The bus.
///   - muted: Non-zero to mute.
/// - Returns: `GS_OK`, or `GS_ERR_UNKNOWN_NAME`, `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_bus_set_muted(_ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ muted: Int32) -> Int32 {
    onBus(rt, name, in: "gs_bus_set_muted") { (runtime, bus) throws(GameSoundError) in
        try runtime.setBusMuted(bus, muted != 0)
    }
}

/// Pauses (non-zero) or resumes (0) every voice on a bus and below it, the soundtrack too when it
/// plays under the bus; each keeps its place.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The bus.
///   - paused: Non-zero to pause.
/// - Returns: `GS_OK`, or `GS_ERR_UNKNOWN_NAME`, `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_bus_set_paused(_ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ paused: Int32) -> Int32 {
    onBus(rt, name, in: "gs_bus_set_paused") { (runtime, bus) throws(GameSoundError) in
        try runtime.setBusPaused(bus, paused != 0)
    }
}

/// A bus's volume as last asked for: the target of a ramp under way. Mutes and ducks are not in it.
///
/// - Parameters:
///   - rt: The runtime.
///   - name: The bus.
///   - volume: Where to write it; unchanged on failure.
/// - Returns: `GS_OK`, or `GS_ERR_UNKNOWN_NAME`, `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`.
@c public func gs_bus_volume(_ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ volume: UnsafeMutablePointer<Float>?) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_bus_volume"
        let name = try string(name, named: "name", in: function)
        guard let volume else { throw .null("volume", in: function) }
        let entry = try RuntimeRegistry.shared.entry(for: rt, in: function)
        guard let value = entry.runtime.busVolume(BusName(name)) else {
            throw CFailure(.unknownName, "\(function): no bus named '\(name)'")
        }
        volume.pointee = value
        return ResultCode.ok.rawValue
    }
}

/// Adds a rule that lowers `ducked` by `db` decibels while any voice plays on `bus` (or below it):
/// it goes down over `attack` seconds and comes back over `release` seconds after the last one ends.
/// When several rules lower the same bus, the deepest counts. Rules cannot be removed.
///
/// - Parameters:
///   - rt: The runtime.
///   - bus: The bus whose voices trigger the duck.
///   - ducked: The bus that is lowered.
///   - db: How far down, 0 or more: 9 means -9 dB.
///   - attack: Seconds to go down, 0 or more.
///   - release: Seconds to come back, 0 or more.
/// - Returns: `GS_OK`, or `GS_ERR_UNKNOWN_NAME`, `GS_ERR_INVALID_ARGUMENT` (one bus plays through the
///   other, a negative or non-finite value), `GS_ERR_NULL_POINTER`, `GS_ERR_INVALID_HANDLE`, `GS_ERR_STOPPED`.
@c public func gs_bus_add_ducking(
    _ rt: OpaquePointer?, _ bus: UnsafePointer<CChar>?, _ ducked: UnsafePointer<CChar>?, _ db: Float,
    _ attack: Double, _ release: Double
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let function = "gs_bus_add_ducking"
        let trigger = BusName(try string(bus, named: "bus", in: function))
        let ducked = BusName(try string(ducked, named: "ducked", in: function))
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in
            try runtime.addDuckingRule(DuckingRule(bus: trigger, ducks: ducked, by: db, attack: attack, release: release))
        }
        return ResultCode.ok.rawValue
    }
}

/// Runs a change on the bus named by a C string.
private func onBus(
    _ rt: OpaquePointer?, _ name: UnsafePointer<CChar>?, in function: String,
    _ change: (GameSoundRuntime, BusName) throws(GameSoundError) -> Void
) -> Int32 {
    cCall { () throws(CFailure) -> Int32 in
        let bus = BusName(try string(name, named: "name", in: function))
        try withRuntime(rt, in: function) { (runtime) throws(GameSoundError) in try change(runtime, bus) }
        return ResultCode.ok.rawValue
    }
}
