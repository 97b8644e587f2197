// SPDX-License-Identifier: Zlib
/// Which of the process's threads OpenAL Soft started for the device: the threads there just before
/// it opened or resumed (a real device starts a mixer thread then; a paused one ends it), so that
/// the runtime raises only new ones (``RealtimeThreads``), never a thread that was already there.
extension ALMirror {
    /// Notes the threads before a resume, unless an open already did and nobody has looked since.
    func noteThreadsBeforeOutput() {
        if outputThreads == nil { outputThreads = OutputThreads.noteBefore(mixerIsDeviceLoop: outputIsServerOutput) }
    }

    /// The threads noted as the device last opened or resumed, once: nil after.
    func takeOutputThreads() -> OutputThreads? {
        defer { outputThreads = nil }
        return outputThreads
    }
}
