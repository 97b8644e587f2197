// SPDX-License-Identifier: Zlib
import Logging

/// What every watcher of a bus has: the model it reports to, the log, and its own connection,
/// whose thread runs everything the watcher does (``LogindWatcher``, ``MPRISWatcher``,
/// ``PortalLockWatcher``).
class BusWatcher: @unchecked Sendable {
    // @unchecked: `connection` is set once while the watcher starts, before any other thread sees it.
    let model: SignalsModel
    let logger: Logger
    var connection: DBusConnection?

    init(model: SignalsModel, logger: Logger) {
        self.model = model
        self.logger = logger
    }

    /// Waits until the jobs handed to the bus thread so far have run.
    func waitUntilIdle() {
        connection?.performAndWait(timeout: 5)
    }

    func close() {
        connection?.close()
    }
}
