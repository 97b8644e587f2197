// SPDX-License-Identifier: Zlib
import OpenAL

/// A real output device with a context on it, and the stream files its players will need, opened
/// ahead of the step that needs them and off the runtime's lock: what a media-services reset
/// rebuilds on.
///
/// Creating a context on a real device starts OpenAL Soft's mixer thread, 1 to 9 ms on the null
/// device; opening a stream file where it stopped and decoding its first buffers takes a few more
/// per stream. Done inside the reset's step, every game call meanwhile waited for it. The thread that
/// delivers the reset opens it first (``CoreBox``), then hands it to the mirror, whose rebuild
/// takes it instead of opening one (``ALMirror/openDevice(_:_:)``); one left unused is retired
/// (``OutputRetirement``). Headless output opens nothing ahead: a loopback device has no mixer
/// thread to start.
struct PreparedOutput: @unchecked Sendable {
    // Safe: made on one thread and handed whole to the mirror, which takes the only reference;
    // nothing uses the device or the context until then.
    let device: ALDevice
    let context: ALContext
    /// The device name asked for (nil: the default output).
    let name: String?
    let spec: ALMirror.ContextSpec
    /// The stream files opened at the frames their players will start from, their first blocks
    /// decoded (a file that failed to open is left out: the rebuild opens it and reports it).
    let streams: [OpenedStreamFile]
    /// The threads before the device opened, and the main loop it started (``OutputThreads``).
    let threads: OutputThreads

    /// Opens the output `name` (nil: the default) with a context made to `spec`, not made current;
    /// nil when either fails, and nothing is kept then (the rebuild tries again itself and reports
    /// what fails).
    ///
    /// - Parameter streams: The streams to open, each at the frame its player will start from.
    static func open(name: String?, spec: ALMirror.ContextSpec, streams: [StreamStart]) -> PreparedOutput? {
        var threads = OutputThreads.noteBefore()
        guard let device = try? ALDevice.openOutput(named: name) else { return nil }
        threads.noteDeviceOpened()
        guard let context = try? ThreadRoster.startingThreads({ () throws(OpenALError) in try ALContext(device: device, attributes: spec.attributes) }) else {
            try? device.close()
            return nil
        }
        let files = streams.compactMap { start in
            try? OpenedStreamFile.open(path: start.path, loop: start.loop, startFrame: start.frame,
                                       framesPerBlock: AudioStream.framesPerBuffer)
        }
        for file in files { file.decoding.waitUntilFull() }
        return PreparedOutput(device: device, context: context, name: name, spec: spec, streams: files, threads: threads)
    }

    /// Where a stream's player will start: what to open ahead.
    struct StreamStart: Sendable {
        var path: String
        var loop: Bool
        var frame: Int
    }

    /// Whether it is what a rebuild of `output` with `spec` would open.
    func matches(_ output: GameSoundConfiguration.Output, _ spec: ALMirror.ContextSpec) -> Bool {
        guard case .realtime(let wanted) = output else { return false }
        return wanted == name && spec == self.spec
    }

    /// Hands it to the retirement queue unused, and stops decoding its stream files.
    func retire() {
        for file in streams { file.decoding.cancel() }
        OutputRetirement.retire(context: context, closing: device)
    }
}
