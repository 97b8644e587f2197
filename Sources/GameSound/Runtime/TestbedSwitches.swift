// SPDX-License-Identifier: Zlib
import AudioSession
import Dispatch
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The testbed's hook for the simulated-only switches: a thread of its own reads newline-separated
/// action names from a FIFO (`GAMESOUND_TESTBED_SWITCHES`) and performs each on the runtime, in
/// order. Only `silentSwitch.on`/`.off` and `screen.lock`/`.unlock` are taken, and only where
/// ``GameSoundRuntime/perform(_:)`` takes them; anything else gets one `testbed.switch-refused`
/// line in the runtime's log.
///
/// The FIFO is opened read-write and non-blocking, so that the open never waits for a writer and a
/// writer closing it is no end of file; `poll` with a timeout lets ``stop()`` end the thread. No
/// game call and not the runtime's lock ever waits on the FIFO.
final class TestbedSwitches: Sendable {
    /// The environment variable that names the FIFO.
    static let environmentVariable = "GAMESOUND_TESTBED_SWITCHES"
    /// The actions the hook takes.
    static let switchNames: Set<String> = ["silentSwitch.on", "silentSwitch.off", "screen.lock", "screen.unlock"]

    private let descriptor: Int32
    private let worker = WorkerStop()

    /// Opens the FIFO at `path`, or logs one line and returns nil when there is none.
    ///
    /// - Parameters:
    ///   - path: The FIFO's path.
    ///   - logger: The runtime's logger.
    ///   - perform: Performs an action as ``GameSoundRuntime/perform(_:)`` does.
    init?(path: String, logger: Logger,
          perform: @escaping @Sendable (SystemAction) throws(SystemActionError) -> Void) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else {
            logger.warning("\(Self.environmentVariable) names \(path), which is not a FIFO: the testbed cannot flip the switches",
                           metadata: LogCode.testbedSwitchesUnavailable.metadata)
            return nil
        }
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            logger.warning("cannot open the testbed's FIFO \(path) (\(reason)): the testbed cannot flip the switches",
                           metadata: LogCode.testbedSwitchesUnavailable.metadata)
            return nil
        }
        self.descriptor = descriptor
        let queue = DispatchQueue(label: "GameSound testbed switches")
        queue.async { [self] in
            read(logger: logger, perform: perform)
            close(descriptor)
            worker.finish()
        }
    }

    /// Stops the reader and waits until its descriptor is closed.
    func stop() {
        worker.stop()
    }

    private func read(logger: Logger, perform: @Sendable (SystemAction) throws(SystemActionError) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while !worker.isStopped {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            pending += buffer[..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                Self.take(line.trimmedOfWhiteSpace, logger: logger, perform: perform)
            }
        }
    }

    private static func take(_ name: String, logger: Logger, perform: (SystemAction) throws(SystemActionError) -> Void) {
        guard !name.isEmpty else { return }
        guard switchNames.contains(name), let action = try? SystemAction(name: name) else {
            logger.warning("the testbed asked for '\(name)', which is not a simulated-only switch (silentSwitch.on, silentSwitch.off, screen.lock, screen.unlock): refused",
                           metadata: LogCode.testbedSwitchRefused.metadata)
            return
        }
        do throws(SystemActionError) {
            try perform(action)
        } catch {
            logger.warning("the testbed asked for '\(name)', which this runtime's system refuses (\(error.reason.rawValue)): refused",
                           metadata: LogCode.testbedSwitchRefused.metadata)
        }
    }
}
