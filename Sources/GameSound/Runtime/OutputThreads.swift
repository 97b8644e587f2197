// SPDX-License-Identifier: Zlib
/// What the runtime knows of the threads a real output started, to raise them (``RealtimeThreads``)
/// and nothing else: the process's threads just before the device opened or resumed, and the threads
/// that `alcOpenDevice` itself started.
struct OutputThreads: Sendable {
    /// The threads before the device opened or resumed: none of them is raised.
    var before: Set<Int32>
    /// libpulse's threaded main loop that OpenAL Soft's pulse backend started in `alcOpenDevice`
    /// (named `threaded-ml` by libpulse): it reads the server's requests, wakes the mixer and writes
    /// what the mixer queued to the server's socket, so the mixer at a real-time priority still waits
    /// for it. Empty on other backends, and after a resume (the loop lives as long as the device).
    var deviceLoops: [Int32] = []
    /// The output is GameSound's server output, whose libpulse main loop (in ``deviceLoops`` when it
    /// was just opened) mixes too: OpenAL Soft starts no mixer thread for it, and none is looked for.
    var mixerIsDeviceLoop = false

    /// libpulse's name for a threaded main loop's thread (`pa_threaded_mainloop_start`).
    static let pulseLoopName = "threaded-ml"

    /// Notes the threads now, before a device opens or resumes.
    static func noteBefore(mixerIsDeviceLoop: Bool = false) -> OutputThreads {
        OutputThreads(before: ThreadRoster.threadIDs(), mixerIsDeviceLoop: mixerIsDeviceLoop)
    }

    /// Notes the main loops started since ``before``: call it right after the device opened.
    mutating func noteDeviceOpened(mixerIsDeviceLoop: Bool) {
        self.mixerIsDeviceLoop = mixerIsDeviceLoop
        deviceLoops = ThreadRoster.threadIDs().subtracting(before)
            .filter { ThreadRoster.name(of: $0) == Self.pulseLoopName }.sorted()
    }
}
