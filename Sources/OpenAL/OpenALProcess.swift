// SPDX-License-Identifier: Zlib
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Process-wide facts about OpenAL: who may touch the current context, and how OpenAL Soft
/// is configured before it starts.
///
/// OpenAL's current context belongs to the whole process, so two pieces of code that each make
/// their own context current would trample each other. Everything in GameSound that uses a
/// context does so inside ``withExclusiveAccess(_:)``; code of your own that calls OpenAL in
/// the same process should do the same.
public enum OpenALProcess {
    @usableFromInline static let lock = RecursiveLock()
    private static let started = Atomic<Bool>(false)

    /// Runs `body` while no other thread can use OpenAL through GameSound.
    ///
    /// The lock is recursive: `body` may call other code that takes it too.
    @inlinable
    public static func withExclusiveAccess<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock(body)
    }

    /// Chooses OpenAL Soft's backends (the `ALSOFT_DRIVERS` variable), which OpenAL Soft reads
    /// only once, when it first starts. `"null"` gives a device that runs in real time and
    /// outputs nothing, for machines without a sound card.
    ///
    /// - Parameters:
    ///   - drivers: A comma-separated backend list, for example `"null"` or `"pulse,alsa"`.
    ///   - overridingEnvironment: When false (the default), a value the user already set in the
    ///     environment is kept.
    /// - Returns: True when the setting will take effect; false when OpenAL has already started
    ///   in this process (through GameSound), so it is too late.
    @discardableResult
    public static func setDrivers(_ drivers: String, overridingEnvironment: Bool = false) -> Bool {
        withExclusiveAccess {
            guard !started.load(ordering: .acquiring) else { return false }
            setenv("ALSOFT_DRIVERS", drivers, overridingEnvironment ? 1 : 0)
            return true
        }
    }

    /// Whether OpenAL Soft's backends, as `ALSOFT_DRIVERS` chooses them, include `driver`: true when
    /// the variable is unset or empty (every backend), or lists it without a leading `-` (which
    /// excludes it); a list that ends with a comma keeps the others after those named.
    public static func driversInclude(_ driver: String) -> Bool {
        guard let value = getenv("ALSOFT_DRIVERS").map({ String(cString: $0) }), !value.isEmpty else { return true }
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
        if names.contains("-" + driver) { return false }
        return names.contains(driver) || names.last == ""
    }

    /// Whether OpenAL has started in this process (a device was opened or queried through GameSound).
    public static var hasStarted: Bool { started.load(ordering: .acquiring) }

    /// Records that OpenAL Soft is about to initialise; called by every wrapper that can start it.
    static func markStarted() {
        if !started.load(ordering: .relaxed) { started.store(true, ordering: .releasing) }
    }
}
