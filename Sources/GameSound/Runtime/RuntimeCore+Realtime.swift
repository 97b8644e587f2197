// SPDX-License-Identifier: Zlib
/// Real-time priority for the threads that feed the output (``RealtimeThreads``).
extension RuntimeCore {
    /// After a real device opened or resumed: asks, off the runtime's lock, for a real-time priority
    /// for the mixer thread it started.
    func raiseMixerThreads() {
        guard let before = mirror.takeThreadsBeforeOutput(), let realtimeThreads else { return }
        realtimeThreads.raiseMixerThreads(since: before)
    }
}
