// SPDX-License-Identifier: Zlib
/// Real-time priority for the threads that feed the output (``RealtimeThreads``).
extension RuntimeCore {
    /// After a real device opened or resumed: asks, off the runtime's lock, for a real-time priority
    /// for the mixer thread it started (and the server connection's main loop, after an open).
    func raiseOutputThreads() {
        guard let threads = mirror.takeOutputThreads(), let realtimeThreads else { return }
        realtimeThreads.raiseOutputThreads(threads, nullOutput: mirror.deviceIsNullOutput)
    }
}
